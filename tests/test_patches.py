"""`patch KIND NAME { … }` (docs/language.md, "Patches"): one part of an inherited declaration changed in
place.

- A patch and the full `override` with the same result compile to the same IR for that declaration (but
  for `src`), for each kind a patch can change: priority options, table rows and cells, appendix lines,
  the phases and steps of a procedure, a setting's default; with the marks of the patch where an override
  would write them.
- A stale patch (its declaration, option, row, line, phase or column gone from the parent, or a part its
  kind does not have) is reported by `twilight check` with a code, the patch line and a caret, and a hint
  naming what the parent has now.
- `twilight diff` tells what a patch changed in rule terms; `twilight fmt` lays patches out.

Each test compiles a small family of rulesets in a temporary folder: `base` (extends solo-v2, adds a few
declarations of each kind) and one child of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import describe, errors, run_cli, write_variant
from twilight.cli.diff.cmd import diff_report, render_text
from twilight.compiler import api
from twilight.compiler.diagnostics import Diagnostic, render
from twilight.compiler.layout import layout

BASE = """\
priority test_list(ai: side) source "t · 1" {
  target c: country
  option 0 first {
    where battleground(c)
  }
  option 1 second {
    where stability(c) > 2
  }
  option 2 third {
    where stability(c) == 1
  }
}

table test_table source "t · 1" {
  keys level
  columns vp ops
  row normal: 0 1
  row hard:   4 2
}

procedure test_proc source "t · 1" {
  phase one {
    improve_defcon()
  }
  repeat 2 {
    step two {
      improve_defcon()
    }
  }
}

setting test_level: int = 1 source "t · 1"
"""

KOREAN_WAR = (
    '"000 · Приложение «Карточки» · 11"',
    """ai_event headline, non_scoring_round
    when (influence(human, south_korea) >= 1 and war_hindrance(ai, south_korea) == 0)
         or (influence(human, south_korea) >= {n} and war_hindrance(ai, south_korea) == 1)""",
)


def write_ruleset(folder: Path, parent: str, text: str) -> Path:
    return write_variant(folder, text, parent, rules="rules.tsr")


@pytest.fixture
def family(tmp_path: Path) -> Path:
    write_ruleset(tmp_path / "base", "solo-v2", BASE)
    return tmp_path


def compile_child(family: Path, name: str, text: str) -> api.CompileResult:
    return api.compile_target(str(write_ruleset(family / name, "base", text)))


def without_src(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: without_src(v) for k, v in node.items() if k != "src"}
    if isinstance(node, list):
        return [without_src(v) for v in node]
    return node


def declaration(result: api.CompileResult, section: str, decl_id: str) -> Any:
    assert result.ir is not None and not errors(result.diagnostics), describe(result.diagnostics)
    return without_src(result.ir[section][decl_id])


# ---------------------------------------------------------------- a patch is the override it stands for
EQUIVALENT: dict[str, tuple[str, str, str, str]] = {
    # case: (section, id, patch, the full override with the same result)
    "priority: move keeps the numbers in place, the move's mark goes on the option": (
        "priorities",
        "test_list",
        'patch priority test_list {\n  move option third before second provisional "P10: moved"\n}\n',
        'override priority test_list(ai: side) source "t · 1" {\n  target c: country\n'
        "  option 0 first {\n    where battleground(c)\n  }\n"
        '  option 1 third provisional "P10: moved" {\n    where stability(c) == 1\n  }\n'
        "  option 2 second {\n    where stability(c) > 2\n  }\n}\n",
    ),
    "priority: replace and insert": (
        "priorities",
        "test_list",
        "patch priority test_list {\n  option 1 second {\n    where stability(c) > 3\n  }\n"
        "  insert option 3 fourth after third {\n    where stability(c) == 2\n  }\n}\n",
        'override priority test_list(ai: side) source "t · 1" {\n  target c: country\n'
        "  option 0 first {\n    where battleground(c)\n  }\n"
        "  option 1 second {\n    where stability(c) > 3\n  }\n"
        "  option 2 third {\n    where stability(c) == 1\n  }\n"
        "  option 3 fourth {\n    where stability(c) == 2\n  }\n}\n",
    ),
    "table: cell, row inserted, row removed, marks": (
        "tables",
        "test_table",
        'patch table test_table provisional "P10: harder" {\n'
        '  cell hard column ops: 3 provisional "P10: was 2"\n'
        "  insert row expert: 7 3\n  remove row normal\n}\n",
        'override table test_table source "t · 1" provisional "P10: harder" {\n'
        "  keys level\n  columns vp ops\n"
        '  row hard: 4 3 provisional "P10: was 2"\n  row expert: 7 3\n}\n',
    ),
    "table: a whole row": (
        "tables",
        "test_table",
        "patch table test_table {\n  row normal: 1 1\n}\n",
        'override table test_table source "t · 1" {\n  keys level\n  columns vp ops\n'
        "  row normal: 1 1\n  row hard: 4 2\n}\n",
    ),
    "appendix: one line's condition": (
        "appendix",
        "korean_war",
        f'patch appendix korean_war provisional "P10: 2" {{\n  {KOREAN_WAR[1].format(n=2)}\n}}\n',
        f'override appendix 11 korean_war source {KOREAN_WAR[0]} provisional "P10: 2" {{\n'
        f"  {KOREAN_WAR[1].format(n=2)}\n}}\n",
    ),
    "procedure: a step inserted, a nested step replaced": (
        "procedures",
        "test_proc",
        "patch procedure test_proc {\n  insert step zero before one {\n    improve_defcon()\n  }\n"
        "  step two {\n    improve_defcon()\n    improve_defcon()\n  }\n}\n",
        'override procedure test_proc source "t · 1" {\n  step zero {\n    improve_defcon()\n  }\n'
        "  phase one {\n    improve_defcon()\n  }\n"
        "  repeat 2 {\n    step two {\n      improve_defcon()\n      improve_defcon()\n    }\n  }\n}\n",
    ),
    "procedure: a phase removed": (
        "procedures",
        "test_proc",
        "patch procedure test_proc {\n  remove phase one\n}\n",
        'override procedure test_proc source "t · 1" {\n'
        "  repeat 2 {\n    step two {\n      improve_defcon()\n    }\n  }\n}\n",
    ),
    "setting: the default, its mark on the setting": (
        "settings",
        "test_level",
        'patch setting test_level {\n  default 2 provisional "P10: 2"\n}\n',
        'override setting test_level: int = 2 source "t · 1" provisional "P10: 2"\n',
    ),
}


# cases that can share one child (no two change the same declaration)
GROUPS = [
    [
        "priority: move keeps the numbers in place, the move's mark goes on the option",
        "table: cell, row inserted, row removed, marks",
        "appendix: one line's condition",
        "procedure: a step inserted, a nested step replaced",
        "setting: the default, its mark on the setting",
    ],
    ["priority: replace and insert", "table: a whole row", "procedure: a phase removed"],
]


def test_the_groups_hold_every_case() -> None:
    assert sorted(c for g in GROUPS for c in g) == sorted(EQUIVALENT)


@pytest.mark.parametrize("group", [0, 1])
def test_a_patch_compiles_to_the_ir_of_the_equivalent_override(family: Path, group: int) -> None:
    cases = [EQUIVALENT[c] for c in GROUPS[group]]
    patched = compile_child(family, "patched", "\n".join(c[2] for c in cases))
    full = compile_child(family, "full", "\n".join(c[3] for c in cases))
    base = api.compile_target(str(family / "base"))
    for name, (section, decl_id, _, _) in zip(GROUPS[group], cases, strict=True):
        after = declaration(patched, section, decl_id)
        assert after == declaration(full, section, decl_id), name
        assert after != declaration(base, section, decl_id), name  # the patch did change something


def test_patches_apply_in_file_order_and_leave_the_parent_unchanged(family: Path) -> None:
    text = (
        "patch priority test_list {\n  move option third before first\n}\n"
        "patch priority test_list {\n  move option first before third\n}\n"
    )
    patched = declaration(compile_child(family, "patched", text), "priorities", "test_list")
    assert [(o["number"], o["name"]) for o in patched["options"]] == [
        (0, "first"),
        (1, "third"),
        (2, "second"),
    ]
    # the parent's parsed declaration (cached and shared) is not changed by its children's patches
    base = declaration(api.compile_target(str(family / "base")), "priorities", "test_list")
    assert [o["name"] for o in base["options"]] == ["first", "second", "third"]


def test_a_patch_without_a_mark_is_warned_about(family: Path) -> None:
    unmarked = compile_child(family, "unmarked", "patch setting test_level {\n  default 2\n}\n")
    assert [(d.code, d.pos.line if d.pos else 0) for d in unmarked.diagnostics] == [("W201", 1)]
    marked = compile_child(
        family, "marked", 'patch setting test_level {\n  default 2 provisional "P10: 2"\n}\n'
    )
    assert marked.diagnostics == []


def test_a_patched_declaration_is_checked_like_any_other(family: Path) -> None:
    result = compile_child(family, "patched", "patch table test_table {\n  row hard: 4\n}\n")
    assert [d.code for d in errors(result.diagnostics)] == ["E403"]


# ---------------------------------------------------------------- stale patches
def check(family: Path, text: str, base_text: str | None = None) -> tuple[list[Diagnostic], str]:
    """The errors of a child with `text` (over a base changed to `base_text`), rendered as `twilight
    check` prints them."""
    if base_text is not None:
        (family / "base" / "rules.tsr").write_text(base_text, encoding="utf-8")
    result = compile_child(family, "child", text)
    found = sorted(errors(result.diagnostics), key=lambda d: (d.pos.line, d.pos.col) if d.pos else (0, 0))
    return found, "\n".join(render(d, result.sources) for d in found)


def test_twilight_check_reports_a_stale_patch(family: Path) -> None:
    (family / "base" / "rules.tsr").write_text(
        BASE.replace("option 2 third", "option 2 last"), encoding="utf-8"
    )
    write_ruleset(
        family / "child", "base", "patch priority test_list {\n  move option third before second\n}\n"
    )
    code, out = run_cli(["check", str(family / "child")], cwd=family)
    assert code == 1, out
    assert "child/rules.tsr:2:15: error[E222]: stale patch: the parent no longer has option 'third'" in out
    assert "move option third before second" in out and "^^^^^" in out
    assert "help: its options are: first, second, last" in out


STALE: dict[str, tuple[str, str | None, str, str, str]] = {
    # case: (child, base or None, code, what the patch line shows, hint)
    "an option renamed in the parent": (
        "patch priority test_list {\n  move option third before second\n}\n",
        None,
        "E222",
        "move option third before second",
        "its options are: first, second, last",
    ),
    "an option misspelt": (
        "patch priority test_list {\n  remove option secnd\n}\n",
        None,
        "E222",
        "remove option secnd",
        "did you mean 'second'?",
    ),
    "a declaration gone": (
        "patch table test_tabel {\n  cell hard column vp: 5\n}\n",
        None,
        "E221",
        "patch table test_tabel",
        "did you mean 'test_table'?",
    ),
    "a column gone": (
        "patch table test_table {\n  cell hard column vpp: 5\n}\n",
        None,
        "E223",
        "cell hard column vpp: 5",
        "did you mean 'vp'?",
    ),
    "a row gone": (
        "patch table test_table {\n  row expert: 7 3\n}\n",
        None,
        "E222",
        "row expert: 7 3",
        "its rows are: normal, hard",
    ),
    "a phase gone": (
        "patch procedure test_proc {\n  insert step zero after three {\n    improve_defcon()\n  }\n}\n",
        None,
        "E222",
        "insert step zero after three",
        "its phases and steps are: one, two",
    ),
    "an appendix line split in the parent": (
        "patch appendix korean_war {\n  ai_event headline, non_scoring_round when true\n}\n",
        None,
        "E222",
        "ai_event headline, non_scoring_round when true",
        "its ai_event lines are: headline; non_scoring_round",
    ),
    "a part the kind does not have": (
        "patch priority test_list {\n  row hard: 1\n}\n",
        None,
        "E224",
        "row hard: 1",
        "a priority patch changes: option",
    ),
    "a kind that cannot be patched": (
        "patch card duck_and_cover {\n  default 1\n}\n",
        None,
        "E227",
        "patch card duck_and_cover",
        "write `override card 4 duck_and_cover { … }` with the whole card",
    ),
    "an insert of a name already there": (
        "patch priority test_list {\n  insert option 3 first after third {\n    where true\n  }\n}\n",
        None,
        "E225",
        "insert option 3 first after third",
        "replace it (write the option without `insert`)",
    ),
}


def test_stale_patches_are_reported_at_their_lines(family: Path) -> None:
    # the parent changed under its child: an option renamed, Korean War's line split in two
    base_text = BASE.replace("option 2 third", "option 2 last") + (
        f"\noverride appendix 11 korean_war source {KOREAN_WAR[0]} {{\n"
        "  ai_event headline when true\n  ai_event non_scoring_round when true\n}\n"
    )
    text = "".join(case[0] for case in STALE.values())
    found, _ = check(family, text, base_text)
    assert len(found) == len(STALE), describe(found)
    lines = text.splitlines()
    for diag, (name, (_, _, code, line, hint)) in zip(found, STALE.items(), strict=True):
        assert diag.code == code, (name, describe([diag]))
        assert diag.pos is not None and diag.pos.file.endswith("child/rules.tsr")
        assert lines[diag.pos.line - 1].strip().startswith(line), (name, diag.pos)
        shown = render(diag, {diag.pos.file: text})
        assert line in shown and "^" in shown, shown
        assert hint in (diag.help or ""), (name, diag.help)


# ---------------------------------------------------------------- a patch that would drop a block
INDEPENDENT_REDS_HEADLINE = """ai_event headline
    when size([each c in [yugoslavia, romania, bulgaria, hungary, czechoslovakia]
               where influence(human, c) - influence(ai, c) >= 3]) > 0"""
INDEPENDENT_REDS_RESOLVE = """
    resolve {
      choose c in [yugoslavia, romania, bulgaria, hungary, czechoslovakia]
        where influence(human, c) - influence(ai, c) >= 3
        by ai as independent_reds_solo_headline {
        add_influence(ai, c, influence(human, c) - influence(ai, c))
      }
    }"""


def test_a_patched_line_without_the_parents_resolve_block_is_an_error(family: Path) -> None:
    # Independent Reds' headline line has a `resolve { … }` in solo-v2; a patch line that changes only its
    # condition would replace the whole line and, without the block, play the card's own event instead.
    text = f'patch appendix independent_reds provisional "P10: 3" {{\n  {INDEPENDENT_REDS_HEADLINE}\n}}\n'
    found, shown = check(family, text)
    assert [d.code for d in found] == ["E226"], describe(found)
    assert found[0].pos is not None and found[0].pos.line == 2, found[0].pos
    assert "drops the `resolve { … }` block of appendix line 'headline'" in found[0].message
    assert "ai_event headline" in shown and "^" in shown, shown
    assert "copy its `resolve { … }`" in (found[0].help or "") and "`override`" in (found[0].help or "")
    # keeping the block (written in the patch) is clean, and so is dropping it with an override
    kept = text.replace(INDEPENDENT_REDS_HEADLINE, INDEPENDENT_REDS_HEADLINE + INDEPENDENT_REDS_RESOLVE)
    assert check(family, kept)[0] == []
    base = api.compile_target(str(family / "base"))
    assert base.ir is not None
    entry = base.ir["appendix"]["independent_reds"]
    dropped = (
        f'override appendix {entry["number"]} independent_reds provisional "P10: the card\'s event" {{\n'
        f"  {INDEPENDENT_REDS_HEADLINE}\n}}\n"
    )
    assert check(family, dropped)[0] == []


# ---------------------------------------------------------------- diff and fmt
def test_diff_tells_what_the_patches_changed(family: Path) -> None:
    text = (
        "patch priority test_list {\n  move option third before second\n}\n"
        "patch table test_table {\n  cell hard column vp: 5\n}\n"
        "patch procedure test_proc {\n  insert step zero after one {\n    improve_defcon()\n  }\n}\n"
        "patch setting test_level {\n  default 2\n}\n"
        "patch sequence game {\n  insert step extra_defcon after action_rounds {\n"
        "    improve_defcon()\n  }\n}\n"
    )
    write_ruleset(family / "child", "base", text)
    report = diff_report(str(family / "base"), str(family / "child"), "en")
    shown = "\n".join(render_text(report))
    assert "options: 1 and 2 swapped (second is now 2, third is now 1)" in shown
    assert "row Hard; vp: 4 -> 5" in shown  # (the family names no column: its id)
    assert "step zero: inserted after phase one" in shown
    assert "step extra_defcon: inserted after phase action_rounds" in shown
    assert "default: 1 -> 2" in shown
    assert "5 declarations differ" in shown


def test_fmt_lays_out_patches() -> None:
    messy = (
        'patch table t   provisional "P10: x" {\n'
        'cell us france column "3" : 2\n      insert row us x: - 1\n}\n'
        "patch priority p {\nmove option a before b\n    insert option 3 foo after bar {\n  where x\n  }\n}\n"
        "patch sequence game {\ninsert step extra after action_rounds {\nfoo()\n}\nremove phase x\n}\n"
    )
    tidy = (
        'patch table t provisional "P10: x" {\n  cell us france column "3": 2\n  insert row us x: - 1\n}\n'
        "patch priority p {\n  move option a before b\n"
        "  insert option 3 foo after bar {\n    where x\n  }\n}\n"
        "patch sequence game {\n  insert step extra after action_rounds {\n"
        "    foo()\n  }\n  remove phase x\n}\n"
    )
    assert layout(messy, "p.tsr").text == tidy
    assert layout(tidy, "p.tsr").text == tidy
