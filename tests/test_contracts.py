"""The runtime contract: what the runtime calls by name is in the registry, and the compiler checks it.

- A variant that drops, renames or retypes a declaration the runtime needs is refused by `twilight check`
  (E601 where the need arises, E602 at the declaration), with a caret and a hint.
- The schema's copy of the contract is the registry's; the reference lists it.
- The runtime fails loudly when a hand-made IR lacks a needed declaration (a RuleError naming it).
- Each rule name the runtime calls is written once in runtime/: in the registry.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import ROOT, compiled_ir, describe, run_cli
from twilight.compiler import api
from twilight.compiler.diagnostics import Diagnostic
from twilight.compiler.vocab import vocabulary
from twilight.runtime.core import registry

MANIFEST = 'ruleset "{name}" provisional "P1: a test variant" {{\n  version "1"\n  extends "{base}"\n}}\n'


def variant(tmp_path: Path, text: str, base: str = "solo-v2", name: str = "contract-variant") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(MANIFEST.format(name=name, base=base), encoding="utf-8")
    (folder / "changes.tsr").write_text(text, encoding="utf-8")
    return folder


def contract_errors(folder: Path) -> list[Diagnostic]:
    result = api.compile_target(str(folder), use_cache=False)
    assert not result.ok
    return [d for d in result.diagnostics if d.code in ("E601", "E602")]


def only(diags: list[Diagnostic], code: str, needle: str) -> Diagnostic:
    found = [d for d in diags if d.code == code and needle in d.message]
    assert len(found) == 1, describe(diags)
    return found[0]


def word_at(diag: Diagnostic) -> str:
    assert diag.pos is not None
    line = Path(diag.pos.file).read_text(encoding="utf-8").splitlines()[diag.pos.line - 1]
    match = re.match(r"[a-z_]+", line[diag.pos.col - 1 :])
    assert match, line
    return match.group(0)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """Two variants checked by one `twilight check`: one drops region_vp, one its AI's card answer list."""
    dropped = variant(tmp_path_factory.mktemp("dropped"), "remove function region_vp\n")
    no_list = variant(tmp_path_factory.mktemp("no-list"), "remove priority ai_answer_card\n")
    code, out = run_cli(["check", str(dropped), str(no_list)])
    assert code != 0, out
    return dropped, no_list, out


def rendered(out: str, diag: Diagnostic) -> str:
    assert diag.pos is not None
    head = f"{diag.pos.file}:{diag.pos.line}:{diag.pos.col}: error[{diag.code}]"
    return next(block for block in out.split("\n\n") if head in block)


def test_a_dropped_function_is_refused_at_the_call_that_needs_it(checked: tuple[Path, Path, str]) -> None:
    folder, _, out = checked
    diag = only(contract_errors(folder), "E601", "'region_vp'")
    # at the first call of a primitive that needs it
    needing = {p for p, needs in registry.PRIMITIVE_NEEDS.items() if registry.REGION_VP in needs}
    assert word_at(diag) in needing
    assert (
        diag.help is not None and "declare `function region_vp(side: side, region: region): int`" in diag.help
    )
    shown = rendered(out, diag)
    assert "^" in shown and "help: declare `function region_vp" in shown


def test_a_renamed_function_is_refused_with_the_closest_name(tmp_path: Path) -> None:
    folder = variant(
        tmp_path,
        "remove function region_vp\n"
        'function region_vps(side: side, region: region): int provisional "P1: renamed" {\n  0\n}\n',
    )
    diag = only(contract_errors(folder), "E601", "'region_vp'")
    assert diag.help is not None and diag.help.startswith("did you mean `region_vps`?")


def test_a_function_with_another_signature_is_refused_at_its_declaration(tmp_path: Path) -> None:
    text = (
        "override function region_vp(side: side, region: region): bool"
        ' provisional "P1: other type" {\n  true\n}\n'
    )
    folder = variant(tmp_path, text)
    diag = only(contract_errors(folder), "E602", "'region_vp'")
    assert diag.pos is not None
    assert (Path(diag.pos.file).name, diag.pos.line, diag.pos.col) == ("changes.tsr", 1, 19)
    assert "gives bool, not int" in diag.message
    assert diag.help == "the runtime needs `function region_vp(side: side, region: region): int`"


def test_a_procedure_the_runtime_calls_by_parameter_name_keeps_its_names(tmp_path: Path) -> None:
    source = (ROOT / "rules" / "solo-v2" / "ai" / "operations.tsr").read_text(encoding="utf-8")
    old = (
        "procedure ai_operations(ai: side, ops: int, scoring: bool, card: card or none, played: card or none)"
    )
    assert old in source
    start = source.index(old)
    end = source.index("\n}\n", start) + 3
    renamed = source[start:end].replace("played: card or none)", "with_card: card or none)")
    renamed = renamed.replace("played", "with_card")
    folder = variant(tmp_path, "override " + renamed)
    diag = only(contract_errors(folder), "E602", "'ai_operations'")
    assert "'with_card' where the runtime passes 'played'" in diag.message


def test_a_space_race_table_with_a_renamed_column_is_refused(tmp_path: Path) -> None:
    text = (
        'override table space_race provisional "P1: renamed column" {\n'
        "  keys int\n"
        "  columns ops highest vp_first vp_second\n"
        "  row 1: 2 3 2 1\n"
        "}\n"
    )
    diags = contract_errors(variant(tmp_path, text))
    diag = only(diags, "E602", "no column 'max_roll'")
    assert diag.pos is not None and (diag.pos.line, diag.pos.col) == (1, 16)
    assert diag.help is not None and "keys int columns ops max_roll vp_first vp_second" in diag.help


def test_a_space_race_table_with_other_keys_is_refused(tmp_path: Path) -> None:
    text = (
        'override table space_race provisional "P1: keyed by side" {\n'
        "  keys side\n"
        "  columns ops max_roll vp_first vp_second\n"
        "  row us: 2 3 2 1\n"
        "}\n"
    )
    diag = only(contract_errors(variant(tmp_path, text)), "E602", "has keys side, not int")
    assert diag.pos is not None and Path(diag.pos.file).name == "changes.tsr"


SHORT_SPACE = 'override track space from 0 to 6 per side provisional "P1: a shorter Space Race"\n'


def track_table_errors(folder: Path) -> list[Diagnostic]:
    result = api.compile_target(str(folder), use_cache=False)
    return [d for d in result.diagnostics if d.severity.value == "error"]


def test_a_shorter_space_track_is_refused_at_the_space_race_rows_off_it(tmp_path: Path) -> None:
    # The Space Race table keeps its boxes 7 and 8, which the shorter track no longer has: each row is an
    # error at the row, naming the track's declaration (games used to fail the invariants instead).
    folder = variant(tmp_path, SHORT_SPACE, base="standard")
    diags = track_table_errors(folder)
    assert [d.code for d in diags] == ["E603", "E603"], describe(diags)
    for diag, box in zip(diags, (7, 8), strict=True):
        assert f"row {box} of table 'space_race' lies off track 'space' (0 to 6, declared at " in diag.message
        assert str(folder / "changes.tsr") + ":1:" in diag.message, diag.message
        assert diag.pos is not None and diag.pos.file.endswith("standard/space.tsr")
        row = Path(diag.pos.file).read_text(encoding="utf-8").splitlines()[diag.pos.line - 1]
        assert row.strip().startswith(f"row {box}:"), row
        assert diag.help is not None and "at each box of track 'space'" in diag.help
    # the table changed with the track checks clean
    (folder / "changes.tsr").write_text(
        SHORT_SPACE
        + 'patch table space_race provisional "P1: 6 boxes" {\n  remove row 7\n  remove row 8\n}\n',
        encoding="utf-8",
    )
    assert track_table_errors(folder) == []


def test_a_longer_space_track_is_refused_when_its_top_boxes_have_no_row(tmp_path: Path) -> None:
    text = 'override track space from 0 to 10 per side provisional "P1: a longer Space Race"\n'
    diags = track_table_errors(variant(tmp_path, text, base="standard"))
    assert [d.code for d in diags] == ["E603"], describe(diags)
    assert (
        "table 'space_race' has no row for box 9, 10 (its top box) of track 'space' (0 to 10"
        in diags[0].message
    )
    assert diags[0].pos is not None and word_at(diags[0]) == "space_race"


def test_a_space_race_row_added_off_the_track_is_refused(tmp_path: Path) -> None:
    text = 'patch table space_race provisional "P1: a ninth box" {\n  insert row 9: 4 2 2 -\n}\n'
    diags = track_table_errors(variant(tmp_path, text, base="standard"))
    assert [d.code for d in diags] == ["E603"], describe(diags)
    assert diags[0].pos is not None and (Path(diags[0].pos.file).name, diags[0].pos.line) == (
        "changes.tsr",
        2,
    )


def test_a_solo_ruleset_without_its_card_answer_list_is_refused_at_its_ai_side_setting(
    checked: tuple[Path, Path, str],
) -> None:
    _, folder, out = checked
    diag = only(contract_errors(folder), "E601", "'ai_answer_card'")
    assert "^" in rendered(out, diag)
    assert diag.pos is not None
    assert diag.pos.file.endswith("solo-v2/settings.tsr") and word_at(diag) == "ai_side"
    assert (
        diag.help is not None
        and "declare `priority ai_answer_card(ai: side) { target x: card … }`" in diag.help
    )


def test_a_solo_ruleset_without_its_level_setting_is_refused(tmp_path: Path) -> None:
    diag = only(contract_errors(variant(tmp_path, "remove setting level\n")), "E601", "setting 'level'")
    assert word_at(diag) == "ai_side"
    assert diag.help is not None and "setting level:" in diag.help


def test_a_level_setting_of_another_type_is_refused(tmp_path: Path) -> None:
    folder = variant(tmp_path, 'override setting level: bool = false provisional "P1: yes or no"\n')
    diag = only(contract_errors(folder), "E602", "setting 'level'")
    assert "is bool, not enum" in diag.message


def test_a_name_of_the_answer_pattern_that_the_runtime_never_asks_for_is_refused(tmp_path: Path) -> None:
    text = (
        'priority ai_answer_cards(ai: side) provisional "P1: a typo" {\n'
        "  target c: card\n  option 1 any {\n    where true\n  }\n}\n"
    )
    diag = only(contract_errors(variant(tmp_path, text)), "E602", "'ai_answer_cards'")
    assert diag.help is not None and diag.help.startswith("did you mean `ai_answer_card`?")


def test_an_optional_need_is_typed_when_declared(tmp_path: Path) -> None:
    text = 'override function victory_rating(): int provisional "P1: a number" {\n  1\n}\n'
    diag = only(contract_errors(variant(tmp_path, text)), "E602", "'victory_rating'")
    assert "gives int, not text" in diag.message


def test_declared_state_the_runtime_reads_is_typed(tmp_path: Path) -> None:
    text = (
        'override variable primary_region: int = 0 provisional "P1: a number"\n'
        'override track military_operations from 0 to 5 provisional "P1: one for both"\n'
    )
    diags = contract_errors(variant(tmp_path, text))
    assert "is a int, not a region" in only(diags, "E602", "'primary_region'").message
    assert "is not kept per side" in only(diags, "E602", "'military_operations'").message


def test_a_ruleset_without_an_ai_needs_nothing_of_the_ai() -> None:
    result = api.compile_target("standard")
    assert result.ok, describe(result.diagnostics)
    assert "ai_side" not in (result.ir or {})["settings"]


# ---------------------------------------------------------------------------------- the contract's copies
def test_the_schema_holds_the_registrys_contract() -> None:
    contract = vocabulary().contract
    needs = registry.all_needs()
    assert set(contract.needs) == set(needs)
    for name, need in needs.items():
        seen = contract.needs[name]
        assert seen.kind == need.kind and seen.kind in registry.NEED_KINDS
        assert seen.params == tuple((p.name, p.type) for p in need.params)
        assert seen.returns == need.returns
        assert seen.columns == tuple((c.name, c.type) for c in need.columns)
        assert (seen.keys, seen.optional, seen.least_params, seen.values) == (
            need.keys,
            need.optional,
            need.least_params,
            need.values,
        )
    assert contract.primitives == {p: tuple(n.name for n in ns) for p, ns in registry.PRIMITIVE_NEEDS.items()}
    assert contract.engine == {w: tuple(n.name for n in ns) for w, ns in registry.ENGINE_NEEDS.items()}
    assert set(contract.primitives) <= set(vocabulary().primitives)
    assert contract.solo_setting == registry.SOLO_SETTING.name


def test_every_kind_of_need_has_a_finder_in_the_compiler() -> None:
    from twilight.compiler.contract import FINDERS

    assert set(registry.NEED_KINDS) == set(FINDERS)


def test_the_answer_intents_are_those_the_runtime_reads() -> None:
    from twilight.runtime.backend import program

    read = set(program._INTENT_OF_CALL.values()) | set(program._INTENT_ANY_SIDE.values()) | {"other"}
    assert set(registry.CHOICE_INTENTS) == read


def test_the_reference_lists_the_contract() -> None:
    text = (ROOT / "docs" / "reference.md").read_text(encoding="utf-8")
    section = text.split("## What the runtime needs from a ruleset", 1)[1].split("\n## ", 1)[0]
    for name in registry.all_needs():
        assert name in section, name


def test_each_rule_name_the_runtime_calls_is_written_once_in_runtime() -> None:
    # runtime/scenario.py, the scenario runner, leaves runtime/ (issue 18, item 6) and names its options
    sources = {
        p.name: p.read_text(encoding="utf-8")
        for p in (ROOT / "runtime").rglob("*.py")
        if p.name not in ("scenario.py",)
    }
    for name in registry.all_needs():
        if name in registry.ENUMS:  # also the name of a type (scoring_level), written where types are
            continue
        if registry.all_needs()[name].kind == "side":
            continue  # also the side enumeration's values (the registry's types): checked below, sides.py
        if registry.all_needs()[name].kind in ("variable", "track"):
            continue  # also primitives, trace kinds and moments (defcon, vp, scoring_round): checked below

        where = {file: text.count(f'"{name}"') for file, text in sources.items() if f'"{name}"' in text}
        assert where == {"registry.py": 1}, (name, where)


def test_the_runtime_reads_declared_state_only_through_the_contract() -> None:
    # a variable or a track is read by the contract's name: never `vars.get("…")` or `track_bounds(e, "…")`
    literal = re.compile(r"""(state\.vars(\.get\(|\[)|track_bounds\(\w+, )["']""")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for folder in ("runtime", "cli", "harness")
        for p in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if literal.search(line)
    ]
    assert found == []


# ---------------------------------------------------------------------------------- the runtime fails loudly
@pytest.fixture(scope="module")
def solo_engine() -> object:
    from twilight.runtime.backend.program import Program
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.game import IMPLEMENTATIONS

    ir = compiled_ir("solo-v2")
    return Engine(ir, {}, seed=1, program=Program(ir, IMPLEMENTATIONS))


def test_score_if_ops_without_the_ai_operations_procedure_is_a_rule_error(solo_engine: object) -> None:
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.rule_errors import RuleError
    from twilight.runtime.solo.lookahead_queries import score_if_ops

    assert isinstance(solo_engine, Engine)
    saved = solo_engine.program.procedures.pop(registry.AI_OPERATIONS.name)
    try:
        with pytest.raises(RuleError, match="procedure 'ai_operations'") as caught:
            score_if_ops(solo_engine, "ussr", 3, "europe")
        assert caught.value.code == "contract"
    finally:
        solo_engine.program.procedures[registry.AI_OPERATIONS.name] = saved


def test_the_space_race_without_its_table_is_a_rule_error(solo_engine: object) -> None:
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.primitives import space_ops_needed
    from twilight.runtime.core.rule_errors import RuleError

    assert isinstance(solo_engine, Engine)
    tables = solo_engine.program.ir["tables"]
    saved = tables.pop(registry.SPACE_RACE.name)
    try:
        with pytest.raises(RuleError, match="table 'space_race'"):
            space_ops_needed(solo_engine, "us")
    finally:
        tables[registry.SPACE_RACE.name] = saved
    assert space_ops_needed(solo_engine, "us") == 2
