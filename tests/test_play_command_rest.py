"""What follows a command word is read, never dropped without a word: `board Europe` shows that region in
full (as `region Europe`), and `log europe` says the log took nothing of "europe". Both were silently
read as the bare command."""

from __future__ import annotations

import io

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.cmd import build_session, run_game
from twilight.cli.play.input import LineReader
from twilight.cli.session.text import PlayText


class Typed(LineReader):
    def __init__(self, lines: list[str]) -> None:
        super().__init__(interactive=False)
        self.lines = lines

    def read(self, prompt: str, words: object) -> str:
        return self.lines.pop(0) if self.lines else "quit"


def typed_at_the_first_question(tmp_path: object, lines: list[str]) -> str:
    ir = compiled_ir("standard")
    out = io.StringIO()
    console = Console(file=out, width=110)
    meta = {"humans": ["us", "ussr"], "lang": "en", "policy": None, "ids": False}
    path = tmp_path / "game.json"  # type: ignore[operator]
    session = build_session(
        console, Typed(lines), ir, PlayText("standard", "en", ir), 3, {}, path, meta, None
    )
    assert run_game(session) == 0
    return out.getvalue()


@pytest.mark.parametrize("typed", ["board europe", "board Eur"])
def test_board_with_a_region_shows_that_region(tmp_path: object, typed: str) -> None:
    # (the same game at the same question: what the terminal shows is the same, line for line)
    assert typed_at_the_first_question(tmp_path, [typed]) == typed_at_the_first_question(
        tmp_path, ["region europe"]
    )


def test_board_with_no_such_region_says_which_there_are(tmp_path: object) -> None:
    shown = typed_at_the_first_question(tmp_path, ["board atlantis"])
    assert "atlantis" in shown and "Europe" in shown and "Asia" in shown


def test_log_says_what_it_did_not_read(tmp_path: object) -> None:
    shown = typed_at_the_first_question(tmp_path, ["log europe"])
    assert "The log takes nothing, or “all”: “europe” was not read." in " ".join(shown.split())
