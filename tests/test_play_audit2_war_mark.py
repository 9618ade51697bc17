"""The mark on a way to play a card that can end in nuclear war says whose choice that is. A way after which
every answer of the player's brings DEFCON to 1 is marked "you lose at once"; one after which only the
opponent's answer does (Olympic Games hosted at DEFCON 2: the guest may boycott) is not a certain loss, and
its mark says the opponent can bring DEFCON to 1, as the confirmation asked after it does
(cli/play/session.py `confirmed`)."""

from __future__ import annotations

import io

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.screen import Screen
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision
from twilight.runtime.game import new_engine

SURE = {"en": "(DEFCON 1: you lose at once)", "ru": "(DEFCON 1: вы сразу проигрываете)"}
BY_OPPONENT = {
    "en": "(your opponent can answer with DEFCON 1)",
    "ru": "(соперник может ответить, доведя DEFCON до 1)",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_way_lost_only_by_the_opponent_s_answer_is_marked_as_such(lang: str) -> None:
    ir = compiled_ir("standard")
    engine = new_engine(ir, {}, seed=1)
    out = io.StringIO()
    console = Console(file=out, width=200)
    screen = Screen(console, PlayText("standard", lang, ir), engine, False)
    decision = Decision(
        "play_mode", "us", ["event", "influence", "coup"], 1, 1, True, {"card": "olympic_games"}
    )
    screen.losing = lambda d: ["event", "coup"]
    screen.losing_by_opponent = lambda d: ["event"]
    console.print(screen.question(decision, "?"))
    lines = out.getvalue().replace("\n", " ")
    event, coup = lines.index("1. "), lines.index("3. ")
    assert BY_OPPONENT[lang] in lines[event:coup]
    assert SURE[lang] not in lines[event:coup]
    assert SURE[lang] in lines[coup:]
