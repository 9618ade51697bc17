"""A rules author's first variant, written from docs/new-ruleset.md alone, and the mistakes such an author
makes: each is told at its file, line and column with a fix, and a player's command says so in the
player's language after the place of the first error.

The variant (solo-v2 with four house rules: a card's operations, a new asked setting used by an overridden
setup, an AI priority option moved, a cell of the Space Race table) is written into a temporary folder,
checked, and pinned by scenarios that pass under it and fail under solo-v2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import run_cli, write_variant
from twilight.compiler.api import CompileResult, compile_target
from twilight.compiler.diagnostics import Diagnostic, Severity
from twilight.harness.scenario import run_file

HOUSE_RULES = """\
# 1. Captured Nazi Scientist is worth 2 operations (1 in the rule book).
override card 18 captured_nazi_scientist provisional "P11: house rule: 2 ops" {
  ops 2 side neutral period early starred
  event source "card text (deluxe) · 18" {
    space_advance(player, 1)
  }
}

# 2. A new setting: you may start with a head start of your own.
setting human_head_start: int from 0 to 3 = 0 asked provisional "P11: house rule: a head start for you"

override procedure solo_setup provisional "P11: house rule: your head start after the AI's" {
  add_period_to_deck(early)
  pass_china_card(ussr, true)
  solo_scoring_setup()
  fixed_setup_influence()
  apply_table(variable_setup, roll_table(variable_setup))
  gain_vp(ai_side, table_value(ai_head_start, level, "vp"))
  gain_vp(opponent(ai_side), human_head_start)
}

# 3. The AI opens new Key countries before it adds to those it holds.
patch priority ai_influence_placement {
  move option key_new before key_spread provisional "P11: house rule: new Key countries first"
}

# 4. Earth Satellite is worth 3 VP to the first side to reach it (2 in the rule book).
patch table space_race provisional "P11: house rule: Earth Satellite 3 VP" {
  cell 1 column vp_first: 3
}
"""

# name -> the scenario's body below `ruleset:`; each pins one house rule.
SCENARIOS = {
    "card_18_two_ops": """\
options: {ai_side: ussr}
setup: empty
state: {phasing: us, primary_region: asia, secondary_region: europe, scoring_round: false, hands: {us: [18]}}
steps:
  - play: {side: us, card: 18, as: influence, targets: {japan: 2}}
expect:
  influence: {japan: {us: 2}}
""",
    "earth_satellite_3_vp": """\
options: {ai_side: ussr}
setup: empty
state: {phasing: us, primary_region: asia, secondary_region: europe, scoring_round: false, hands: {us: [18]}}
steps:
  - play: {side: us, card: 18, as: event}
expect:
  vp: 3
""",
    "human_head_start": """\
options: {ai_side: ussr, level: normal, human_head_start: 2}
setup: standard
dice: [6]
steps: []
expect:
  vp: 2
""",
    "ai_new_key_first": """\
options: {ai_side: ussr}
setup: empty
state:
  primary_region: middle_east
  secondary_region: africa
  scoring_round: false
  influence: {iraq: {ussr: 1, us: 1}, jordan: {ussr: 1, us: 1}, israel: {us: 5}, lebanon: {us: 1}}
  hands: {ussr: [19]}
steps:
  - ai_action_round: true
expect:
  influence: {iran: {ussr: 1}, iraq: {ussr: 1, us: 1}}
  ai_choices:
    - {priority: ai_influence_placement, option: 6, option_name: key_new, target: iran}
""",
}


def _house(tmp_path: Path, rules: str = HOUSE_RULES) -> Path:
    return write_variant(tmp_path / "solo-v2-house", rules, rules="house.tsr")


def _compiled(folder: Path) -> CompileResult:
    return compile_target(str(folder), use_cache=False)


def _only(result: CompileResult, code: str) -> Diagnostic:
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, [d.to_json() for d in result.diagnostics]
    return found[0]


def _errors(result: CompileResult) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.severity is Severity.ERROR]


# ------------------------------------------------------------------------------- the variant itself


def test_the_house_variant_checks_clean_and_each_scenario_pins_its_rule(tmp_path: Path) -> None:
    folder = _house(tmp_path)
    result = _compiled(folder)
    assert result.ok and not result.diagnostics, [d.to_json() for d in result.diagnostics]
    for name, body in SCENARIOS.items():
        under_variant = tmp_path / f"{name}.yaml"
        under_variant.write_text(f"name: {name}\nruleset: solo-v2-house\n{body}", encoding="utf-8")
        under_parent = tmp_path / f"{name}-solo-v2.yaml"
        under_parent.write_text(f"name: {name}\nruleset: solo-v2\n{body}", encoding="utf-8")
        assert run_file(under_variant).passed, run_file(under_variant).line()
        assert not run_file(under_parent).passed, f"{name} passes under solo-v2 too: it pins nothing"


# ------------------------------------------------------------------ the compiler's places and fixes


def test_a_declaration_written_twice_in_the_variant_says_what_to_do(tmp_path: Path) -> None:
    first = 'setting human_head_start: bool = false provisional "P11: x"\n'
    twice = HOUSE_RULES.replace("# 2. A new setting", first + "# 2. A new setting")
    result = _compiled(_house(tmp_path, twice))
    dup = _only(result, "E201")
    assert dup.pos is not None and (dup.pos.line, dup.pos.col) == (11, 9)
    assert dup.help is not None and "keep one of the two" in dup.help
    assert dup.notes == [f"first declared at {dup.pos.file}:9:9"]


def test_an_override_in_a_ruleset_that_extends_nothing_says_to_write_extends(tmp_path: Path) -> None:
    folder = _house(tmp_path)
    manifest = folder / "ruleset.tsr"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('  extends "solo-v2"\n', ""), "utf-8")
    result = _compiled(folder)
    overrides = [d for d in result.diagnostics if d.code == "E202"]
    patches = [d for d in result.diagnostics if d.code == "E221"]
    assert len(overrides) == 2 and len(patches) == 2, [d.to_json() for d in result.diagnostics]
    by_name = {d.message.split("'")[1]: d for d in overrides + patches}
    # each names the ruleset that declares what it changes, and where to write it
    assert by_name["solo_setup"].help is not None and '`extends "solo-v2"`' in by_name["solo_setup"].help
    assert by_name["ai_influence_placement"].help is not None
    assert '`extends "solo-v2"`' in by_name["ai_influence_placement"].help
    assert by_name["captured_nazi_scientist"].help is not None
    assert '`extends "standard"`' in by_name["captured_nazi_scientist"].help
    assert all(str(manifest) in (d.help or "") for d in overrides + patches)


def test_an_argument_of_the_wrong_type_shows_the_signature(tmp_path: Path) -> None:
    wrong = HOUSE_RULES.replace(
        "gain_vp(opponent(ai_side), human_head_start)", "gain_vp(human_head_start, 1)"
    )
    result = _compiled(_house(tmp_path, wrong))
    mismatch = _only(result, "E503")
    assert mismatch.pos is not None and (mismatch.pos.line, mismatch.pos.col) == (19, 11)
    assert mismatch.help == "signature: gain_vp(side: side, amount: int)"


@pytest.mark.parametrize(
    ("setting", "message", "fix"),
    [
        (
            "setting a: int from 0 to 3 = yes",
            "default 'yes' of setting 'a' is not int",
            "from 0 to 3 (`= 0`)",
        ),
        ("setting a: int = false", "default false of setting 'a' is not int", "write a whole number (`= 0`)"),
        ("setting a: bool = 3", "default 3 of setting 'a' is not bool", "write `= true` or `= false`"),
        (
            "setting a: one | two = twoo",
            "default 'twoo' of setting 'a' is not one | two",
            "did you mean 'two'?",
        ),
    ],
)
def test_a_setting_default_of_the_wrong_type_says_what_to_write(
    tmp_path: Path, setting: str, message: str, fix: str
) -> None:
    result = _compiled(_house(tmp_path, HOUSE_RULES + f'{setting} provisional "P11: x"\n'))
    wrong = _only(result, "E508")
    assert wrong.message == message
    assert wrong.help is not None and fix in wrong.help


@pytest.mark.parametrize(("written", "meant"), [("integer from 0 to 3", "int"), ("boolean", "bool")])
def test_a_setting_type_misspelt_is_told_as_a_type(tmp_path: Path, written: str, meant: str) -> None:
    rules = HOUSE_RULES + f'setting extra: {written} = 0 provisional "P11: x"\n'
    result = _compiled(_house(tmp_path, rules))
    [error] = _errors(result)
    assert error.code == "E101" and error.pos is not None
    # at the word, not at the token after it (which the parser took for the second value of a list)
    assert (error.pos.line, error.pos.col) == (rules.count("\n"), len("setting extra: ") + 1)
    assert error.help is not None and error.help.startswith(f"did you mean `{meant}`?")


def test_a_new_card_without_an_appendix_entry_is_told_to_get_one_in_the_variant(tmp_path: Path) -> None:
    # (a misspelt override declares a new card: the entry it lacks belongs to the variant, whose author
    # cannot write into the parent's folder)
    misspelt = HOUSE_RULES.replace("card 18 captured_nazi_scientist", "card 18 captured_nazi_scientst")
    folder = _house(tmp_path, misspelt)
    result = _compiled(folder)
    missing = _only(result, "W402")
    assert missing.help is not None and missing.help.endswith(f" in {folder}"), missing.help
    assert "rules/solo-v2" not in missing.help


# ------------------------------------------------------------ the player's commands, in two languages


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "error: cannot compile ruleset"),
        ("ru", "ошибка: не удается скомпилировать набор правил"),
    ],
)
def test_explain_of_a_broken_variant_names_the_first_error_and_its_fix(
    tmp_path: Path, lang: str, words: str
) -> None:
    broken = HOUSE_RULES.replace("gain_vp(opponent(ai_side), human_head_start)", "gain_vp(ussr, west_germny)")
    folder = _house(tmp_path, broken)
    code, out = run_cli(["explain", "card", "18", "--ruleset", str(folder), "--lang", lang])
    assert code == 1 and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1, out
    assert out.startswith(words), out
    assert f"{folder / 'house.tsr'}:19:17: unknown name 'west_germny' (did you mean 'west_germany'?)" in out
    assert f"twilight check {folder}`" in out


def test_rulesets_changes_of_a_broken_variant_shows_the_error_then_says_so_in_russian(tmp_path: Path) -> None:
    broken = HOUSE_RULES.replace("gain_vp(opponent(ai_side), human_head_start)", "gain_vp(ussr, west_germny)")
    folder = _house(tmp_path, broken)
    code, out = run_cli(["rulesets", "--changes", str(folder), "--lang", "ru"])
    assert code == 1 and "Traceback" not in out
    lines = out.strip().splitlines()
    assert lines[0] == f"{folder / 'house.tsr'}:19:17: error[E104]: unknown name 'west_germny'", out
    assert lines[2].strip() == "^" * len("west_germny")
    assert lines[3] == "  help: did you mean 'west_germany'?"
    assert lines[-1].startswith("ошибка: не удается скомпилировать набор правил"), out
    assert "error: cannot compile" not in out


def test_fmt_check_names_the_first_line_laid_out_wrongly_with_a_caret(tmp_path: Path) -> None:
    folder = _house(tmp_path, HOUSE_RULES.replace("  ops 2 side neutral", "      ops 2 side neutral"))
    rules = folder / "house.tsr"
    code, out = run_cli(["fmt", "--check", str(rules)])
    assert code == 1, out
    lines = out.splitlines()
    at = lines.index(f"{rules}:3:1: 6 spaces of indentation where the layout has 2")
    assert lines[at + 1] == "   3 |       ops 2 side neutral period early starred"
    assert lines[at + 2] == "       ^^^^^^"
    assert (
        lines[at + 3] == f"  help: `twilight fmt {rules}` lays the file out (the start of the diff follows)"
    )


def test_a_patch_without_a_mark_is_told_where_to_write_one(tmp_path: Path) -> None:
    unmarked = HOUSE_RULES.replace(' provisional "P11: house rule: new Key countries first"', "")
    result = _compiled(_house(tmp_path, unmarked))
    warning = _only(result, "W201")
    assert warning.pos is not None and (warning.pos.line, warning.pos.col) == (23, 16)
    assert warning.help is not None
    assert "after `patch priority ai_influence_placement`, before its `{`" in warning.help


def test_a_yaml_truth_value_in_a_rule_file_is_told_as_the_rules_write_it(tmp_path: Path) -> None:
    rules = HOUSE_RULES + 'rule long_turns provisional "P11: x" {\n  modify action_rounds by 1 when yes\n}\n'
    result = _compiled(_house(tmp_path, rules))
    [error] = _errors(result)
    assert error.code == "E104" and error.message == "unknown name 'yes'"
    assert error.help == "write `true`"
