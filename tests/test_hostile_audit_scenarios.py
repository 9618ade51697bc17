"""Scenario files that an audit of hostile input found still ending in an internal error or an unclear
line: a YAML directive (`%YAML 1.1`, `%TAG`), a ruleset named by a path longer than a file system takes,
a character YAML refuses (NUL), and a ruleset file that does not compile. Each is one line that says
where and what, never `internal error`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from twilight.common.input_bounds import InputRefused, parse_yaml, printable
from twilight.harness.scenario import run_file

BODY = "ruleset: standard\nsetup: empty\nsteps: []\n"


def scenario(tmp_path: Path, text: str) -> str:
    """The verdict's reason for a scenario file of `text` ("" when it passes), from the file's name on."""
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_file(path)
    assert "internal error" not in result.reason, result.reason
    assert "\n" not in result.reason
    return "" if result.passed else result.reason.removeprefix(f"{tmp_path}{os.sep}")


@pytest.mark.parametrize(
    "head",
    ["%YAML 1.1\n---\n", "%TAG !t! tag:example.com,2026:\n---\n", "%YAML 1.2\n---\n"],
    ids=["yaml-1.1", "tag", "yaml-1.2"],
)
def test_a_directive_before_the_document_is_read_as_yaml(tmp_path: Path, head: str) -> None:
    """A directive once failed inside the YAML scanner with IndexError (an internal error)."""
    assert scenario(tmp_path, head + BODY) == ""


def test_a_directive_of_an_unknown_yaml_version_is_one_line(tmp_path: Path) -> None:
    reason = scenario(tmp_path, "%YAML 9.9\n---\n" + BODY)
    assert reason.startswith("case.yaml:1:1: not valid YAML: found incompatible YAML document"), reason


def test_parse_yaml_reads_a_directive() -> None:
    assert parse_yaml("%YAML 1.1\n---\na: yes\n") == {"a": True}


@pytest.mark.parametrize(
    "target", ["r" * 5000, "r/" * 3000, "x" * 300 + "/ruleset"], ids=["long-name", "long-path", "long-part"]
)
def test_a_ruleset_path_too_long_for_the_file_system_is_an_unknown_ruleset(
    tmp_path: Path, target: str
) -> None:
    """Once `internal error: OSError: [Errno 36] File name too long`."""
    reason = scenario(tmp_path, f"ruleset: {target}\nsetup: empty\n")
    assert reason.startswith("case.yaml:1:1: ruleset: '"), reason
    assert reason.endswith("is neither a known ruleset nor a file or folder"), reason
    assert len(reason) < 300  # the name echoed cut short, so that what is wrong is still read


def test_a_nul_character_is_told_at_its_line_and_column(tmp_path: Path) -> None:
    """Once: `not valid YAML: unacceptable character #x0000: special characters are not allowed in
    "<unicode string>", position 38`, with no line."""
    reason = scenario(tmp_path, "ruleset: standard\nsetup: empty\nname: a\x00b\n")
    assert reason == "case.yaml:3:8: not valid YAML: the character U+0000 is not allowed in a YAML file"


def test_parse_yaml_names_a_refused_character_on_a_later_line() -> None:
    with pytest.raises(InputRefused) as caught:
        parse_yaml("a: 1\nbb: 2\n  \x07\n")
    assert (
        str(caught.value)
        == "line 3, column 3: not valid YAML: the character U+0007 is not allowed in a YAML file"
    )


def test_a_ruleset_that_does_not_compile_is_told_at_its_file_and_line(tmp_path: Path) -> None:
    """The first error of the rules with where it is, not its words alone."""
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "broken" {\n  extends "standard"\n}\nrule }\n', encoding="utf-8"
    )
    reason = scenario(tmp_path, "ruleset: broken\nsetup: empty\n")
    assert reason.startswith("case.yaml:1:1: ruleset: 'broken': "), reason
    assert "ruleset.tsr:4:" in reason, reason


def test_a_key_holding_escape_sequences_is_shown_not_acted_on(tmp_path: Path) -> None:
    """A scenario someone sent once had its FAIL line carry the file's escape sequences to the terminal
    as they were: ESC [1A ESC [2K moved up and erased the line before, and the rest could read PASS."""
    path = tmp_path / "spoof.yaml"
    path.write_text(
        'ruleset: standard\nsetup: empty\nstate: {"\\e[1A\\e[2KPASS x.yaml": 1}\n', encoding="utf-8"
    )
    line = run_file(path).line()
    assert "\x1b" not in line
    assert line.endswith(r"spoof.yaml:3:1: state.\x1b[1A\x1b[2KPASS x.yaml: unknown key"), line


def test_printable_escapes_what_a_terminal_acts_on_and_keeps_the_rest() -> None:
    assert printable("a\x1b]0;title\x07b\u202ec\x7f\x9b") == r"a\x1b]0;title\x07b\u202ec\x7f\x9b"
    assert printable("Ход 3 · solo-v2 — é") == "Ход 3 · solo-v2 — é"


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("name: 2001-02-30\n", "line 1, column 7"),
        ("a: 1\nsteps:\n  - {x: [1, 2020-13-01]}\n", "line 3, column 13"),
    ],
)
def test_a_date_that_is_no_date_is_told_at_its_place(text: str, at: str) -> None:
    """YAML 1.1 reads `2001-02-30` as a date, which cannot be built: the refusal said only "not valid YAML:
    day is out of range for month", with no line or column."""
    with pytest.raises(InputRefused) as refused:
        parse_yaml(text)
    assert str(refused.value).startswith(f"{at}: not valid YAML: "), refused.value
