"""The status line says what a face-down China Card means in the game's terms: not playable until the turn
ends, when it turns face up (solo-v2-quickdeal starts with it so), in each language."""

from __future__ import annotations

import io

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.session.text import PlayText
from twilight.runtime.game import new_engine


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "face down (not playable until the turn ends)"),
        ("ru", "лицом вниз (до конца хода ее не разыграть)"),
    ],
)
def test_a_face_down_china_card_is_said_to_be_unplayable(lang: str, words: str) -> None:
    from twilight.cli.play.screen import Screen

    ir = compiled_ir("solo-v2-quickdeal")
    engine = new_engine(ir, {}, seed=1)
    out = io.StringIO()
    console = Console(file=out, width=200)
    screen = Screen(console, PlayText("solo-v2-quickdeal", lang, ir), engine, True)
    for face_up in (False, True):
        engine.state.china_face_up = face_up
        console.print(screen.status())
        assert (words in out.getvalue()) is not face_up
        out.truncate(0)
        out.seek(0)
