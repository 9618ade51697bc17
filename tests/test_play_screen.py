"""The board of `twilight play` sets each column's width itself (cli/play_screen.py, Screen.board) rather
than have rich measure every cell: the screen must come out exactly as rich's own measuring lays it out,
in both languages, at several terminal widths and game states."""

from __future__ import annotations

import contextlib
import copy
import io
from typing import Any

import pytest
from helpers import compiled_ir
from rich.console import Console
from rich.table import Table
from twilight.cli.play_screen import Screen
from twilight.cli.play_text import PlayText
from twilight.runtime.decisions import Decision, RandomPlayer
from twilight.runtime.engine import Engine
from twilight.runtime.solo_ai import players_with_ai


class Enough(Exception):
    pass


class Stopping(RandomPlayer):
    """A random player that stops the game at its `stop`-th decision (never, for 0)."""

    def __init__(self, seed: int, stop: int, count: list[int]) -> None:
        super().__init__(seed)
        self.stop = stop
        self.count = count

    def decide(self, decision: Decision) -> Any:
        self.count[0] += 1
        if self.count[0] == self.stop:
            raise Enough
        return super().decide(decision)


def engine_at(ruleset: str, seed: int, stop: int) -> Engine:
    ir = compiled_ir(ruleset)
    count = [0]
    people = {"us": Stopping(seed, stop, count), "ussr": Stopping(seed + 1, stop, count)}
    players, ai = players_with_ai(ir, None, people)
    engine = Engine(ir, players, seed=seed)
    if ai is not None:
        ai.engine = engine
    with contextlib.suppress(Enough):
        engine.run()
    return engine


def render(renderable: Any, width: int) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=True, color_system="truecolor", highlight=False)
    console.print(renderable)
    return out.getvalue()


@pytest.mark.parametrize(
    ("ruleset", "seed", "stop"), [("solo-v2", 5, 1), ("solo-v2", 5, 120), ("standard", 2, 0)]
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_board_is_laid_out_as_rich_measures_it(ruleset: str, seed: int, stop: int, lang: str) -> None:
    engine = engine_at(ruleset, seed, stop)
    text = PlayText(ruleset, lang, engine.ir)
    screen = Screen(Console(file=io.StringIO()), text, engine, secret_hands=True)
    board = screen.board()
    measured = copy.deepcopy(board)
    for table in measured.renderables:
        assert isinstance(table, Table)
        for column in table.columns:
            assert column.width is not None  # the widths are set, and rich measures nothing
            column.width = None
    for width in (60, 100, 160, 220):
        fixed = render(board, width)
        assert fixed == render(measured, width)
        assert "★" in fixed and text.t("play-board-country") in fixed
