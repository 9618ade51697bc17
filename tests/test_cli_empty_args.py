"""An empty FILE, SAVE, CARD or ruleset given to `explain`, `hint`, `board`, `scenario`, `dev code` and
`bench` (as an unset shell variable gives: `twilight hint "$SAVE"`) is a usage error (exit status 2) that
says what to write, as `play --ruleset ''` and `docs -o ''` already are (tests/test_hostile4_args_empty.py).

Before, pathlib made '' the current folder: `explain trace ''` said ". is a folder, not a trace file",
`hint ''`, `board ''` and `explain state ''` "The save file . cannot be read (a folder)", `bench --targets
''` ".: cannot read it", `scenario run ''` "FAIL : cannot read the file"; or '' was taken for "not given":
`explain state --ruleset ''` explained standard, `board --seed 1 --ruleset ''` drew solo-v2, `hint SAVE
--ruleset ''` used the save's own; `explain card ''` said "no card  in ruleset standard", `dev code ''`
and `scenario coverage --ruleset ''` named a ruleset called nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from twilight.cli.main import cli

SAVE = "{root}/missing-save.json"  # (the empty --ruleset is refused before any save is read)


def invoked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> Result:
    """`twilight ARGS` in an empty folder of its own, with its own TWILIGHT_HOME."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    args = [a.replace("{root}", str(tmp_path)) for a in args]
    return CliRunner().invoke(cli, args, input="", env={"TWILIGHT_HOME": str(tmp_path / "home")})


# The command, the argument or option named in the error, and what it says to write instead.
CASES: dict[str, tuple[list[str], str, str]] = {
    "explain trace FILE": (["explain", "trace", ""], "FILE", "write a game trace's file"),
    "explain state SAVE": (["explain", "state", ""], "SAVE", "write a save's file, or its name"),
    "hint SAVE": (["hint", ""], "SAVE", "write a save's file, or its name"),
    "board SAVE": (["board", "", "-o", "b.svg"], "SAVE", "write a save's file, or its name"),
    "explain card CARD": (["explain", "card", ""], "CARD", "write a card's number, id or name"),
    "explain card --ruleset": (["explain", "card", "21", "--ruleset", ""], "--ruleset", "a ruleset's name"),
    "explain state --ruleset": (["explain", "state", "--ruleset", " "], "--ruleset", "a ruleset's name"),
    "explain trace --ruleset": (["explain", "trace", "t.jsonl", "--ruleset", ""], "--ruleset", "or folder"),
    "hint --ruleset": (["hint", SAVE, "--ruleset", ""], "--ruleset", "or leave --ruleset out"),
    "board --ruleset": (["board", "--seed", "1", "--ruleset", "", "-o", "b.svg"], "--ruleset", "or folder"),
    "scenario run FILES": (["scenario", "run", ""], "FILES", "write a file's name"),
    "scenario coverage FILES": (["scenario", "coverage", ""], "FILES", "write a file's name"),
    "scenario coverage --ruleset": (
        ["scenario", "coverage", "x.yaml", "--ruleset", ""],
        "--ruleset",
        "write a ruleset's name or folder",
    ),
    "dev code RULESET": (["dev", "code", ""], "RULESET", "write a ruleset's name or folder"),
    "dev code -o": (["dev", "code", "standard", "-o", ""], "--output", "leave the option out to print"),
    "bench --targets": (["bench", "--quick", "--targets", ""], "--targets", "write a file's name"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_empty_value_is_a_usage_error_that_says_what_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    args, name, instead = CASES[case]
    result = invoked(tmp_path, monkeypatch, args)
    said = result.output
    assert result.exit_code == 2, said[-800:]
    assert "Traceback" not in said and "internal error" not in said, said
    errors = [line for line in said.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, said
    assert name in errors[0] and "empty" in errors[0] and instead in errors[0], errors[0]
    assert " . " not in errors[0] and "'.'" not in errors[0], errors[0]  # (never the current folder)
    assert list((tmp_path / "work").iterdir()) == []  # (nothing drawn, measured or written here)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["hint", "", "--lang", "ru"], "Error: SAVE: пустое значение; укажите файл сохранения"),
        (["explain", "trace", "", "--lang", "ru"], "Error: FILE: пустое значение; укажите файл трассы"),
        (
            ["board", "--seed", "1", "--ruleset", "", "--lang", "ru", "-o", "b.svg"],
            "Error: --ruleset: пустое значение; укажите имя набора правил",
        ),
    ],
)
def test_in_the_language_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], said: str
) -> None:
    result = invoked(tmp_path, monkeypatch, args)
    assert result.exit_code == 2 and said in result.output, result.output


def test_a_save_named_by_blanks_is_still_looked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only '' names no file: a name of blanks is a name (no save has it, and the command says so)."""
    result = invoked(tmp_path, monkeypatch, ["hint", " "])
    assert result.exit_code == 1 and 'There is no save called " "' in result.output, result.output
