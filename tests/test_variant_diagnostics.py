"""What a rules author sees when a variant goes wrong (an audit of the author's experience found each of
these, docs/language.md "Rulesets and `extends`"):

- a `}` missing before a `patch` or `layout` is told where the block opens (E108), as before a `rule`,
  and each broken declaration of a file gets its own error: the parser's list of the words a declaration
  starts with is the grammar's;
- a mistake a variant's `remove`, `override` or `patch` causes in its parent's files carries a note
  naming the change (file:line:col); one that is the change's alone is told at the change;
- an override that renames what it replaces is told at the override ("did you mean 'nasser'?"), not in
  the parent's appendix with the typo as the fix; E202 underlines the name and suggests the near one;
- E203 says what the name already is, in an author's words; may-be-none has a code of its own (E512);
  a ruleset named otherwise than its folder is W001;
- smaller: W201's help per kind of declaration, whole names underlined, a folder without a manifest told
  without a line, a lone file's patch of what another ruleset declares names the `--base` to use.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import ROOT, col_of, describe, errors, line_of, read_rule, run_cli, shown, write_variant
from lark import Lark
from twilight.compiler import api
from twilight.compiler.diagnostics import CODES, Diagnostic, Severity, render
from twilight.compiler.parser import _DECL_KEYWORDS
from twilight.compiler.texts import grammar_text


def check(folder: Path) -> api.CompileResult:
    return api.compile_target(str(folder), use_cache=False)


def only(diags: list[Diagnostic], code: str) -> Diagnostic:
    found = [d for d in diags if d.code == code]
    assert len(found) == 1, describe(diags)
    return found[0]


def at(diag: Diagnostic) -> tuple[str, int, int]:
    assert diag.pos is not None, diag
    return diag.pos.file, diag.pos.line, diag.pos.col


def underlined(diag: Diagnostic) -> int:
    """How many characters the caret covers."""
    assert diag.pos is not None and diag.pos.end_line == diag.pos.line and diag.pos.end_col is not None, diag
    return diag.pos.end_col - diag.pos.col


# ---------------------------------------------------------------------------------------------------
# 1. The words a declaration starts with: a missing `}` before any of them, one error per declaration


def _first_terminals(parser: Lark, rule: str) -> set[str]:
    """The terminals a `rule` of the grammar can start with (its FIRST set)."""
    expansions: dict[str, list[list[object]]] = {}
    for r in parser.rules:
        expansions.setdefault(r.origin.name, []).append(list(r.expansion))
    nullable: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, options in expansions.items():
            if name not in nullable and any(
                all(getattr(s, "name", "") in nullable for s in e) for e in options
            ):
                nullable.add(name)
                changed = True
    first: dict[str, set[str]] = {name: set() for name in expansions}
    changed = True
    while changed:
        changed = False
        for name, options in expansions.items():
            for expansion in options:
                for symbol in expansion:
                    got = {symbol.name} if symbol.is_term else first[symbol.name]  # type: ignore[attr-defined]
                    if not got <= first[name]:
                        first[name] |= got
                        changed = True
                    if symbol.is_term or symbol.name not in nullable:  # type: ignore[attr-defined]
                        break
    return first[rule]


def test_the_declaration_keywords_are_the_grammars() -> None:
    """Every word a declaration of the grammar can start with, and no other (the list once lacked
    `patch` and `layout`, and a `}` missing before them was told as a misplaced keyword)."""
    parser = Lark(grammar_text(), parser="lalr")
    words = {t.name: t.pattern.value for t in parser.terminals}
    starts = {words[name] for name in _first_terminals(parser, "start")}
    assert {"patch", "layout", "override", "remove", "rule"} <= starts
    assert set(_DECL_KEYWORDS) == starts


UNCLOSED = """\
setting nasser_bonus: int from 0 to 3 = 1 provisional "P11: a bonus"

override card 15 nasser provisional "P11: a stronger Nasser" {
  ops 1 side ussr period early starred
  event provisional "P11: a stronger Nasser" {
    add_influence(ussr, egypt, 2 + nasser_bonus)
    let half = 0
    while 2 * half < influence(us, egypt) {
      set half = half + 1
    remove_influence(us, egypt, half)
  }
}

"""

NEXT = {
    "patch": 'patch priority ai_coup_target provisional "P11: x" {\n  remove option key_country\n}\n',
    "layout": 'layout another_map provisional "P11: x" {\n  place egypt at 1, 1\n}\n',
    "rule": 'rule extra provisional "P11: x" {\n  modify action_rounds by 1\n}\n',
}


@pytest.mark.parametrize("following", list(NEXT))
def test_a_brace_missing_before_any_declaration_is_told_at_its_block(tmp_path: Path, following: str) -> None:
    folder = write_variant(tmp_path / "unclosed", UNCLOSED + NEXT[following])
    (diag,) = errors(check(folder).diagnostics)
    assert diag.code == "E108", describe([diag])
    assert at(diag) == (shown_path(folder / "variant.tsr"), 8, col_of(UNCLOSED, "{\n      set half"))
    assert diag.message == "the block of `while 2 * half < influence(us, egypt)` is never closed"
    assert diag.help == (
        "close the block of `while 2 * half < influence(us, egypt)` opened at line 8: add `}` before line 10"
    )


def test_each_broken_declaration_is_told(tmp_path: Path) -> None:
    """Three broken declarations (a patch, a patch, a rule): three errors (the middle one was not told)."""
    text = (
        'setting nasser_bonus: int from 0 to 3 = 1 provisional "P11: x"\n'
        "\n"
        'patch table ai_head_start provisional "P11: x" {\n'
        "  cell hard column vp 5\n"
        "}\n"
        "\n"
        'patch priority ai_coup_target provisional "P11: x" {\n'
        "  move option non_key_country before key_country;\n"
        "}\n"
        "\n"
        'rule extra provisional "P11: x" {\n'
        "  modify action_rounds by +\n"
        "}\n"
    )
    folder = write_variant(tmp_path / "broken", text)
    found = [(d.code, d.pos.line if d.pos else 0) for d in errors(check(folder).diagnostics)]
    assert found == [("E101", 4), ("E102", 8), ("E101", 12)]


def shown_path(path: Path) -> str:
    from twilight.compiler.loader import display_path

    return display_path(path)


# ---------------------------------------------------------------------------------------------------
# 2. A variant's change that breaks its parent points back at itself

BREAKS = """\
patch priority ai_realign_target provisional "P11: x" {
  remove option key_country
  remove option non_key_country
}
remove function points_allowed_this_round
remove card nasser
"""


@pytest.fixture
def broken_parent(tmp_path: Path) -> tuple[api.CompileResult, str]:
    folder = write_variant(tmp_path / "breaks", BREAKS)
    return check(folder), shown_path(folder / "variant.tsr")


def test_a_patch_that_empties_a_priority_is_told_at_the_patch(
    broken_parent: tuple[api.CompileResult, str],
) -> None:
    result, variant = broken_parent
    diag = only(result.diagnostics, "E204")
    assert at(diag) == (variant, 1, len("patch priority ") + 1)
    assert underlined(diag) == len("ai_realign_target")
    assert diag.message == "priority 'ai_realign_target' has no options after the patch"
    assert diag.help == "keep one option at least: remove fewer of them"
    parent = read_rule("solo-v2/ai/operations.tsr")
    declared = (
        f"{shown('solo-v2/ai/operations.tsr')}:{line_of(parent, 'priority ai_realign_target(')}:"
        f"{len('priority ') + 1}"
    )
    assert diag.notes == [f"priority 'ai_realign_target' is declared at {declared}"]


def test_a_removed_card_points_its_appendix_entry_at_the_remove(
    broken_parent: tuple[api.CompileResult, str],
) -> None:
    result, variant = broken_parent
    diag = only(result.diagnostics, "E402")
    entry = read_rule("solo-v2/appendix/015_nasser.tsr")
    assert at(diag) == (
        shown("solo-v2/appendix/015_nasser.tsr"),
        line_of(entry, "appendix 15 nasser"),
        len("appendix 15 ") + 1,
    )
    assert underlined(diag) == len("nasser")  # (it was one character)
    assert diag.message == "appendix 15 'nasser': there is no card 15"
    assert diag.help == "remove the entry with its card: `remove appendix nasser`"
    assert diag.notes == [f"card 'nasser' is removed at {variant}:6:1, by `remove card nasser`"]


def test_a_removed_function_points_its_callers_at_the_remove(
    broken_parent: tuple[api.CompileResult, str],
) -> None:
    result, variant = broken_parent
    calls = [d for d in result.diagnostics if d.code == "E501"]
    assert calls and all(d.pos and d.pos.file == shown("solo-v2/ai/influence_priority.tsr") for d in calls)
    for diag in calls:
        assert diag.notes == [
            f"function 'points_allowed_this_round' is removed at {variant}:5:1, by "
            "`remove function points_allowed_this_round`"
        ], describe(calls)
    text = render(calls[0], result.sources)
    assert f"note: function 'points_allowed_this_round' is removed at {variant}:5:1" in text


def test_overrides_that_break_the_parent_are_named_in_its_errors(tmp_path: Path) -> None:
    folder = write_variant(
        tmp_path / "overrides",
        'override setting level: normal | hard = normal provisional "P11: x"\n'
        'override card 16 nasser provisional "P11: x" { ops 1 side ussr period early no_event }\n',
    )
    result = check(folder)
    variant = shown_path(folder / "variant.tsr")
    values = [d for d in result.diagnostics if d.code == "E508"]
    assert {d.pos.file for d in values if d.pos} == {shown("solo-v2/setup_tables.tsr")}, describe(values)
    for diag in values:
        assert diag.notes == [f"setting 'level' is replaced at {variant}:1:1, by `override setting level`"]
    # the card that took another's number: told at the override (it was told at the parent's card)
    number = only(result.diagnostics, "E401")
    assert at(number) == (variant, 2, 1)
    assert underlined(number) == len("override card 16 nasser")
    assert number.message == "card number 16 is used by 'warsaw_pact_formed' too"
    assert number.help == "the override gives 'nasser' number 16: keep its number 15"
    warsaw = read_rule("standard/cards/016_warsaw_pact_formed.tsr")
    line = line_of(warsaw, "card 16 warsaw_pact_formed")
    assert number.notes == [
        f"'warsaw_pact_formed' is declared at {shown('standard/cards/016_warsaw_pact_formed.tsr')}:{line}:1"
    ]
    entry = only(result.diagnostics, "E402")
    assert entry.message == "appendix 15 'nasser': card 'nasser' is number 16"
    assert entry.help == f"keep card 'nasser' at number 15 where it is declared ({variant}:2:1)"
    assert entry.notes == [f"card 'nasser' is replaced at {variant}:2:1, by `override card nasser`"]


def test_a_mistake_in_the_variants_own_file_gets_no_note(tmp_path: Path) -> None:
    """The notes are for the parent's files, which never show the change: the variant's own calls of
    what it removed are told as they always were."""
    folder = write_variant(
        tmp_path / "own",
        "remove function points_allowed_this_round\n"
        'function extra_points(ai: side, c: country): int provisional "P11: x" {\n'
        "  points_allowed_this_round(ai, c)\n}\n",
    )
    result = check(folder)
    own = [d for d in result.diagnostics if d.code == "E501" and d.pos and d.pos.file.endswith("variant.tsr")]
    assert len(own) == 1 and own[0].notes == [], describe(result.diagnostics)


# ---------------------------------------------------------------------------------------------------
# 3. An override that renames what it replaces; E202's hint and caret

RENAMING = (
    'override procedure solo_dael provisional "P11: x" { }\n'
    'override card 15 naser provisional "P11: x" { ops 1 side ussr period early no_event }\n'
)


def test_a_renaming_override_is_told_at_the_override(tmp_path: Path) -> None:
    lone = tmp_path / "ov.tsr"
    lone.write_text(RENAMING, encoding="utf-8")
    result = api.compile_target(str(lone), use_cache=False, base="solo-v2")
    found = errors(result.diagnostics)
    where = shown_path(lone)
    # nothing in the parent's appendix (it said: write `appendix 15 naser`, the typo)
    assert all(d.pos is not None and d.pos.file == where for d in found), describe(found)
    assert [d.code for d in found] == ["E202", "E202", "E401"], describe(found)
    procedure, card, number = found
    assert at(procedure) == (where, 1, len("override procedure ") + 1)
    assert underlined(procedure) == len("solo_dael")  # (the whole declaration was underlined)
    assert procedure.help == "did you mean 'solo_deal'?"
    assert at(card) == (where, 2, len("override card 15 ") + 1)
    assert card.help == "did you mean 'nasser'? card 15 of the extended rulesets is 'nasser'"
    assert number.message == "card number 15 is used by 'nasser' too"
    assert number.help == (
        "did you mean `override card 15 nasser`? an override keeps the name of the card it replaces"
    )


def test_override_of_nothing_in_a_ruleset_suggests_the_inherited_name(tmp_path: Path) -> None:
    folder = write_variant(
        tmp_path / "typo", 'override setting levle: normal | hard = normal provisional "P11: x"\n'
    )
    diag = only(check(folder).diagnostics, "E202")
    assert at(diag) == (shown_path(folder / "variant.tsr"), 1, len("override setting ") + 1)
    assert diag.help == "did you mean 'level'?"


# ---------------------------------------------------------------------------------------------------
# 4. E203 in an author's words


def test_a_setting_value_already_taken_says_by_what(tmp_path: Path) -> None:
    lone = tmp_path / "settings.tsr"
    lone.write_text(
        'setting difficulty: easy | hard = easy provisional "P11: x"\n'
        'setting where_to: egypt | nowhere = nowhere provisional "P11: x"\n',
        encoding="utf-8",
    )
    result = api.compile_target(str(lone), use_cache=False, base="solo-v2")
    hard, egypt = [d for d in result.diagnostics if d.code == "E203"]
    settings = read_rule("solo-v2/settings.tsr")
    level = (
        f"{shown('solo-v2/settings.tsr')}:{line_of(settings, 'setting level:')}:{col_of(settings, 'hard |')}"
    )
    assert hard.message == f"'hard' is already a value of setting 'level' ({level})"
    assert at(hard) == (shown_path(lone), 1, col_of("setting difficulty: easy | hard", "hard"))
    assert hard.help == (
        "the values of settings share one namespace with the other names (countries, cards, the values of "
        "other settings): rename this one"
    )
    assert egypt.message.startswith("'egypt' is already a country (")
    assert " a enum" not in hard.message + egypt.message


# ---------------------------------------------------------------------------------------------------
# 5. E512: a value that may be none; E508 stays the unknown setting value


def test_may_be_none_has_its_own_code(tmp_path: Path) -> None:
    lone = tmp_path / "none.tsr"
    lone.write_text(
        'procedure drop_first(s: side) provisional "P11: x" {\n  discard(s, first(hand(s)))\n}\n',
        encoding="utf-8",
    )
    result = api.compile_target(str(lone), use_cache=False)
    diag = only(result.diagnostics, "E512")
    assert "may be none here" in diag.message and diag.help and "!= none" in diag.help
    assert not [d for d in result.diagnostics if d.code == "E508"]
    assert CODES["E508"][1] == "unknown setting value"
    assert CODES["E512"][:2] == (Severity.ERROR, "value may be none here")


def test_the_codes_page_is_the_codes_table() -> None:
    status, out = run_cli(["codes", "--markdown"])
    assert status == 0, out
    assert (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8") == out
    assert "| E512 | error | value may be none here |" in out and "| W001 | warning |" in out


# ---------------------------------------------------------------------------------------------------
# 6. A ruleset named otherwise than its folder


def test_a_manifest_named_otherwise_than_its_folder_is_w001(tmp_path: Path) -> None:
    folder = write_variant(tmp_path / "mismatch", "", name="solo-v2-cautious")
    result = check(folder)
    assert result.ok, describe(result.diagnostics)
    diag = only(result.diagnostics, "W001")
    assert at(diag) == (shown_path(folder / "ruleset.tsr"), 1, len("ruleset ") + 1)
    assert underlined(diag) == len('"solo-v2-cautious"')
    assert (
        diag.message
        == "ruleset \"solo-v2-cautious\" is in folder 'mismatch': it is known by the folder's name"
    )
    assert diag.help == "rename the folder to 'solo-v2-cautious', or write `ruleset \"mismatch\"`"
    named = write_variant(tmp_path / "agrees", "")
    assert not [d for d in check(named).diagnostics if d.code == "W001"]


# ---------------------------------------------------------------------------------------------------
# 7. Smaller things


def test_w201_says_where_the_mark_goes_for_each_kind(tmp_path: Path) -> None:
    lone = tmp_path / "marks.tsr"
    lone.write_text(
        "setting extra_rounds: int = 0\ncard 300 extra_card { ops 1 side us period early no_event }\n",
        encoding="utf-8",
    )
    found = {
        d.message.split("'")[0].strip(): d for d in api.compile_target(str(lone), use_cache=False).diagnostics
    }
    setting, card = found["setting"], found["card"]
    assert setting.help and "at the end of the declaration" in setting.help and "{" not in setting.help
    assert card.help and "before its `{`" in card.help


def test_stale_anchors_of_several_words_are_underlined_whole(tmp_path: Path) -> None:
    folder = write_variant(
        tmp_path / "stale",
        'patch table ai_head_start provisional "P11: x" {\n  cell nothing here column vp: 5\n}\n'
        'patch appendix nasser provisional "P11: x" {\n  remove ai_event headline, nomoment\n}\n',
    )
    row, line = [d for d in check(folder).diagnostics if d.code == "E222"]
    assert at(row)[1:] == (2, len("  cell ") + 1) and underlined(row) == len("nothing here")
    assert at(line)[1:] == (5, len("  remove ai_event ") + 1) and underlined(line) == len(
        "headline, nomoment"
    )


def test_options_out_of_order_underline_the_option(tmp_path: Path) -> None:
    folder = write_variant(
        tmp_path / "order",
        'patch priority ai_coup_target provisional "P11: x" {\n'
        "  insert option 0 newcomer after key_country {\n    where true\n  }\n}\n",
    )
    diag = only(check(folder).diagnostics, "E406")
    assert at(diag)[1:] == (2, 3) and underlined(diag) == len("insert option 0 newcomer")


def test_a_folder_without_a_manifest_has_no_line(tmp_path: Path) -> None:
    (tmp_path / "noman").mkdir()
    (tmp_path / "noman" / "a.tsr").write_text("", encoding="utf-8")
    diag = only(api.compile_target(str(tmp_path / "noman"), use_cache=False).diagnostics, "E003")
    assert diag.pos is None and "noman is a folder without ruleset.tsr" in diag.message
    assert ":1:1" not in render(diag, {})


def test_a_lone_patch_of_what_another_ruleset_declares_names_the_base(tmp_path: Path) -> None:
    lone = tmp_path / "lone.tsr"
    lone.write_text(
        'patch priority ai_coup_target provisional "P11: x" {\n  remove option key_country\n}\n'
        'patch priority no_such_list provisional "P11: x" {\n  remove option key_country\n}\n',
        encoding="utf-8",
    )
    known, unknown = [
        d for d in api.compile_target(str(lone), use_cache=False).diagnostics if d.code == "E221"
    ]
    assert known.help == (
        "ruleset 'solo-v2' declares priority 'ai_coup_target': check this file on it, with `--base solo-v2`"
    )
    assert unknown.help == (
        "the file is checked on ruleset 'standard', which has no priority 'no_such_list': name the ruleset "
        "that declares it with `--base RULESET`"
    )
