"""A rule file's lines as the compiler counts them (only LF ends a line, once a lone CR is made one) are the
lines a report shows: a comment holding a character Python's `str.splitlines` also breaks at (U+2028 LINE
SEPARATOR, U+2029, NEL, a form feed, a vertical tab, FS/GS/RS) once shifted every later line a report
showed by one, so the caret sat under a line that was not the one the error named. And a line
`twilight fmt --check` quotes is shown, never acted on by the terminal (as `twilight check` shows one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.fmt_cmd import fmt
from twilight.compiler.diagnostics import Diagnostic, Pos, render

BREAKERS = ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"]


@pytest.mark.parametrize("odd", BREAKERS, ids=[f"U+{ord(c):04X}" for c in BREAKERS])
def test_a_diagnostic_shows_the_line_it_names(odd: str) -> None:
    text = f"# a comment {odd} still the comment\nrule one {{\n  oops here\n}}\n"
    diag = Diagnostic("E101", "unexpected 'oops'", Pos("f.tsr", 3, 3, 3, 7))
    shown = render(diag, {"f.tsr": text}).split("\n")
    assert shown[1] == "   3 |   oops here", shown
    assert shown[2] == " " * 9 + "^^^^", shown


def test_a_crlf_line_is_shown_without_its_cr() -> None:
    text = "rule one {\r\n  oops here\r\n}\r\n"
    diag = Diagnostic("E101", "unexpected 'oops'", Pos("f.tsr", 2, 3, 2, 7))
    assert render(diag, {"f.tsr": text}).split("\n")[1] == "   2 |   oops here"


def test_fmt_check_shows_a_comments_escape_sequences_not_acting_on_them(tmp_path: Path) -> None:
    """An indented comment holding ESC ] (the window's title), BEL, ESC [ (colours, erasing) and a mark
    reversing the text's direction: `fmt --check` quotes the line twice (under the place, in the diff)."""
    rule_file = tmp_path / "odd.tsr"
    rule_file.write_text("   # \x1b]0;pwned\x07\x1b[2J\u202eevil \x9b1m\nrule x {\n}\n", encoding="utf-8")
    result = CliRunner().invoke(fmt, ["--check", str(rule_file)])
    assert result.exit_code == 1, result.output
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in result.output, result.output
    assert "3 spaces of indentation" in result.output
    assert "pwned" in result.output and "evil" in result.output
    assert rule_file.read_text(encoding="utf-8").startswith("   # \x1b]0;pwned")  # (--check writes nothing)


def test_fmt_check_cuts_a_huge_line_it_quotes(tmp_path: Path) -> None:
    rule_file = tmp_path / "long.tsr"
    rule_file.write_text("   # " + "x" * 50_000 + "\nrule x {\n}\n", encoding="utf-8")
    result = CliRunner().invoke(fmt, ["--check", str(rule_file)])
    assert result.exit_code == 1, result.output
    assert max(len(line) for line in result.output.split("\n")) < 400, len(result.output)
