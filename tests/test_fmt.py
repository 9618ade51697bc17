"""`twilight fmt`: the canonical layout of rule files (compiler/layout.py, cli/fmt_cmd.py).

The layout must be idempotent, keep every comment, never change what a file means (the IR, `src`
positions aside), and bring any whitespace variant of a file back to the one canonical text.
"""

from __future__ import annotations

import functools
import random
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from helpers import RULES, RULESETS, describe, rule_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from twilight.cli.main import cli
from twilight.compiler import layout as layout_module
from twilight.compiler.api import compile_target
from twilight.compiler.layout import LayoutBug, layout
from twilight.compiler.parser import grammar_text, token_parser

FILES = rule_files()
IDS = [str(p.relative_to(RULES)) for p in FILES]


def canonical(text: str, path: str = "sample.tsr") -> str:
    result = layout(text, path)
    assert result.text is not None, describe(result.diagnostics)
    return result.text


_COMMENTS_SEEN: list[Token] = []


@functools.cache
def _comment_lexer() -> Lark:
    return Lark(grammar_text(), parser="lalr", lexer_callbacks={"COMMENT": _COMMENTS_SEEN.append})


def comments_of(text: str) -> list[str]:
    """Every comment of a file, read by the lexer itself (not by the formatter's own scan)."""
    _COMMENTS_SEEN.clear()
    _comment_lexer().parse(text)
    return [str(c).rstrip() for c in _COMMENTS_SEEN]


def without_src(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: without_src(v) for k, v in node.items() if k != "src"}
    if isinstance(node, list):
        return [without_src(v) for v in node]
    return node


def perturb(text: str, rng: random.Random) -> str:
    """The same tokens, line breaks and comments with other whitespace: indentation, gaps between tokens
    (added where there were none), trailing blanks and tabs, runs of blank lines where one was, blank
    lines at the start and end of blocks and of the file, and maybe no final newline."""
    tokens = list(token_parser().parse(text).scan_values(lambda v: isinstance(v, Token)))
    by_line: dict[int, list[Token]] = {}
    for tok in tokens:
        by_line.setdefault(tok.line or 0, []).append(tok)
    spaces = [" ", "  ", "\t", " \t ", "    "]
    out = [""] * rng.randint(0, 2)
    lines = text.split("\n")
    for number, line in enumerate(lines, 1):
        toks = by_line.get(number, [])
        rest = line[(toks[-1].end_column or 1) - 1 :] if toks else line
        comment = rest.strip()
        if not toks and not comment:
            out.extend([""] * (rng.randint(1, 3) if number < len(lines) else 1))
            continue
        if toks and toks[0] == "}" and rng.random() < 0.2:
            out.append(rng.choice(["", " "]))
        new = rng.choice(["", " ", "   ", "\t", "          "])
        for i, tok in enumerate(toks):
            if i:
                gap = line[(toks[i - 1].end_column or 1) - 1 : (tok.column or 1) - 1]
                new += rng.choice(["", "", " "]) if gap == "" else rng.choice(spaces)
            new += tok
        if comment:
            new += (rng.choice(spaces) if toks else "") + comment
        out.append(new + rng.choice(["", "", " ", "\t", "  \t"]))
        if toks and toks[-1] == "{" and rng.random() < 0.2:
            out.append(rng.choice(["", "\t"]))
    perturbed = "\n".join(out)
    return perturbed.rstrip("\n") if rng.random() < 0.3 else perturbed


# ---------------------------------------------------------------------------- every rule file


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_rule_file_is_canonical_and_formatting_is_idempotent(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    once = canonical(text, str(path))
    assert canonical(once, str(path)) == once
    assert once == text, f"{path} is not formatted: run `twilight fmt {path}`"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_comments_survive_every_rule_file(path: Path) -> None:
    text = perturb(path.read_text(encoding="utf-8"), random.Random(str(path)))
    before = comments_of(text)
    after = comments_of(canonical(text, str(path)))
    assert len(after) == len(before)
    assert after == before


def test_ir_of_disturbed_then_formatted_rules_equals_the_original(tmp_path: Path) -> None:
    """Every rule file disturbed (blank lines added, so `src` lines move) and formatted back: each
    ruleset compiles to the same IR, `src` aside, and the files are the originals again."""
    copy = tmp_path / "rules"
    shutil.copytree(RULES, copy, ignore=shutil.ignore_patterns("__pycache__"))
    moved = 0
    for path in sorted(copy.rglob("*.tsr")):
        text = path.read_text(encoding="utf-8")
        disturbed = perturb(text, random.Random(path.name))
        moved += disturbed.count("\n") != text.count("\n")
        path.write_text(disturbed, encoding="utf-8")
    assert moved > 50  # many files have lines in other places, so their `src` positions would differ
    result = CliRunner().invoke(cli, ["fmt", str(copy)])
    assert result.exit_code == 0, result.output
    for name in RULESETS:
        original = compile_target(name, use_cache=False)
        formatted = compile_target(name, root=copy, use_cache=False)
        assert original.ir is not None and formatted.ir is not None, describe(formatted.diagnostics)
        assert without_src(formatted.ir) == without_src(original.ir)
    for path in FILES:
        assert (copy / path.relative_to(RULES)).read_text(encoding="utf-8") == path.read_text(
            encoding="utf-8"
        )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(FILES), rng=st.randoms(use_true_random=False))
def test_whitespace_variants_format_back_to_the_canonical_text(path: Path, rng: random.Random) -> None:
    text = path.read_text(encoding="utf-8")
    assert canonical(perturb(text, rng), str(path)) == canonical(text, str(path))


# ---------------------------------------------------------------------------- the layout itself

BADLY_LAID_OUT = (
    "\n\n# A sample with every kind of bad whitespace.   \n"
    'card 99 sample   source "x"{\n'
    "      ops  3\n"
    "\tside us  period   early\n"
    "\n\n\n"
    "  event {\n"
    "\n"
    "    let n = count( c for c in countries( europe )  where controls ( us , c ) )\n"
    "        let x=if n>2 then 3\n"
    "      else if n > 0 then - 1\n"
    "             else 0\n"
    "  choose c in countries(europe) where not controls(ussr, c)\n"
    "       and stability(c) <= 2   # cheap ones\n"
    "        by us up to 2 {\n"
    "   add_influence( us,c,1 )\n"
    "     # the last item\n"
    "\n"
    "      }\n"
    "    }\n"
    "}\n"
    "function sample_cost(c: country, l: list [ country ]): int\n"
    'source "y" {\n'
    "    stability(c)\n"
    "      + size(l)  \n"
    "}\n"
    'table sample_table source "z" {\n'
    "  keys side, country\n"
    "  columns a b\n"
    "  row us france: 1 10   # one\n"
    "  row ussr east_germany: 12 -\n"
    "}"
)

CANONICAL = (
    "# A sample with every kind of bad whitespace.\n"
    'card 99 sample source "x" {\n'
    "  ops 3\n"
    "  side us period early\n"
    "\n"
    "  event {\n"
    "    let n = count(c for c in countries(europe) where controls(us, c))\n"
    "    let x = if n > 2 then 3\n"
    "            else if n > 0 then -1\n"
    "            else 0\n"
    "    choose c in countries(europe) where not controls(ussr, c)\n"
    "                                        and stability(c) <= 2  # cheap ones\n"
    "      by us up to 2 {\n"
    "      add_influence(us, c, 1)\n"
    "      # the last item\n"
    "    }\n"
    "  }\n"
    "}\n"
    "function sample_cost(c: country, l: list[country]): int\n"
    '  source "y" {\n'
    "  stability(c)\n"
    "  + size(l)\n"
    "}\n"
    'table sample_table source "z" {\n'
    "  keys side, country\n"
    "  columns a b\n"
    "  row us france:          1 10  # one\n"
    "  row ussr east_germany: 12  -\n"
    "}\n"
)


def test_badly_laid_out_sample_becomes_the_canonical_text() -> None:
    assert canonical(BADLY_LAID_OUT) == CANONICAL
    assert canonical(CANONICAL) == CANONICAL


def test_windows_line_endings_become_newlines() -> None:
    assert canonical(CANONICAL.replace("\n", "\r\n")) == CANONICAL


def test_empty_and_comment_only_files() -> None:
    assert canonical("") == ""
    assert canonical(" \n\n\t\n") == ""
    assert canonical("\n   # only a note   \n\n\n  # and another\n") == "# only a note\n\n# and another\n"


def test_layout_refuses_a_result_that_changes_the_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net: a formatter that dropped a token would raise, not return the text."""
    monkeypatch.setattr(layout_module._Formatter, "render", lambda self: "card 1 x {\n}\n")
    with pytest.raises(LayoutBug):
        layout("card 1 x {\n  ops 3\n}\n", "sample.tsr")


# ---------------------------------------------------------------------------- the command


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def test_check_exit_codes_and_rewrite(tmp_path: Path) -> None:
    bad = _write(tmp_path / "rules" / "a" / "bad.tsr", BADLY_LAID_OUT)
    good = _write(tmp_path / "rules" / "good.tsr", CANONICAL)
    other = _write(tmp_path / "rules" / "notes.txt", "  not a rule file  \n")
    bad.chmod(0o640)
    runner = CliRunner()

    checked = runner.invoke(cli, ["fmt", "--check", str(tmp_path / "rules")])
    assert checked.exit_code == 1, checked.output
    assert "bad.tsr: not formatted" in checked.output and "good.tsr" not in checked.output
    assert "+  ops 3" in checked.output  # the diff excerpt
    assert "2 files checked: 1 need formatting" in checked.output
    assert bad.read_text(encoding="utf-8") == BADLY_LAID_OUT  # --check changes nothing

    assert runner.invoke(cli, ["fmt", "--check", str(good)]).exit_code == 0

    written = runner.invoke(cli, ["fmt", str(tmp_path / "rules")])
    assert written.exit_code == 0, written.output
    assert "formatted " in written.output and "bad.tsr" in written.output
    assert "1 reformatted, 1 unchanged" in written.output
    assert bad.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(bad.stat().st_mode) == 0o640  # the rename kept the file's mode
    assert other.read_text(encoding="utf-8") == "  not a rule file  \n"
    assert sorted(p.name for p in bad.parent.iterdir()) == ["bad.tsr"]  # no temporary file left

    again = runner.invoke(cli, ["fmt", "--check", str(tmp_path / "rules")])
    assert again.exit_code == 0, again.output
    assert "all formatted" in again.output


def test_file_with_syntax_error_is_refused_untouched(tmp_path: Path) -> None:
    text = "card 1 x {\n    ops 3\n  event { foo(\n}\n"
    broken = _write(tmp_path / "broken.tsr", text)
    good = _write(tmp_path / "good.tsr", BADLY_LAID_OUT)
    for args in (["fmt", str(tmp_path)], ["fmt", "--check", str(broken)]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1, result.output
        assert "broken.tsr:4:1: error[E101]" in result.output
        assert "does not parse; left unchanged" in result.output
        assert broken.read_bytes() == text.encode("utf-8")
    assert good.read_text(encoding="utf-8") == CANONICAL  # the other files are still formatted


def test_bad_paths_and_files_get_one_line_messages(tmp_path: Path) -> None:
    missing = CliRunner().invoke(cli, ["fmt", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    assert CliRunner().invoke(cli, ["fmt"]).exit_code == 2
    binary = tmp_path / "binary.tsr"
    binary.write_bytes(b"\xff\xfe card")
    result = CliRunner().invoke(cli, ["fmt", str(binary)])
    assert result.exit_code == 1
    assert "cannot read" in result.output and "not UTF-8" in result.output
    assert "Traceback" not in result.output


def test_a_tracks_negative_bound_keeps_its_minus_on_the_number() -> None:
    assert canonical("track vp from - 20 to 20\n") == "track vp from -20 to 20\n"


def test_an_int_settings_bounds_are_laid_out_like_a_tracks() -> None:
    loose = 'setting  swing :int   from - 3 to  10=0 asked\n  source "t · 1"\n'
    laid_out = 'setting swing: int from -3 to 10 = 0 asked\n  source "t · 1"\n'
    assert canonical(loose) == laid_out
    assert canonical(laid_out) == laid_out
