"""What happened since the player's last answer (cli/session/happened.py): an event's own result (a card it
makes a side discard, a hand it reveals) is among the moves, not left to `log` as bookkeeping, while the
cards the deal reveals stay bookkeeping; and a VP line is the side's that gains them (a VP event of the US
with a negative change is the USSR gaining), for its colour."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.session.happened import what_happened
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText

from tests.helpers import compiled_ir


@pytest.fixture(scope="module")
def narrator_text() -> PlayText:
    return PlayText("solo-v2", "en", compiled_ir("solo-v2"))


def _ev(kind: str, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "turn": 2, "round": 3, **fields}


def test_an_events_discard_and_revealed_hand_are_moves(narrator_text: PlayText) -> None:
    events = [
        _ev("action_round", side="ussr"),
        _ev("play", side="ussr", card="blockade"),
        _ev("event", side="ussr", card="blockade"),
        _ev("discard", side="us", card="duck_and_cover"),
        _ev("action_round", side="us"),
        _ev("play", side="us", card="cia_created"),
        _ev("event", side="us", card="cia_created"),
        _ev("hand_revealed", side="ussr", to="us", cards=["nasser", "fidel"]),
    ]
    moves, kept = what_happened(Narrator(narrator_text), events)
    said = [m.line for m in moves]
    assert any("Duck and Cover" in line for line in said), said
    assert any("Nasser" in line and "Fidel" in line for line in said), said
    assert not any("Duck and Cover" in line or "Nasser" in line for line in kept), kept


def test_the_china_card_an_event_hands_over_is_a_move(narrator_text: PlayText) -> None:
    """The AI plays Nixon Plays the China Card (the US's event goes first): the card passing to the US is
    what the event did, said among the moves (it was left to `log`, so the screen showed the event and no
    result)."""
    events = [
        _ev("action_round", side="ussr"),
        _ev("play", side="ussr", card="nixon_plays_the_china_card"),
        _ev("event", side="us", card="nixon_plays_the_china_card"),
        _ev("china_card", holder="us", face_up=False),
    ]
    moves, kept = what_happened(Narrator(narrator_text), events)
    assert "The China Card goes to US, face down." in [m.line for m in moves], [m.line for m in moves]
    assert not any("China Card goes" in line for line in kept), kept


def test_cards_the_deal_shows_and_a_discard_after_the_event_stay_bookkeeping(narrator_text: PlayText) -> None:
    events = [
        _ev("event", side="us", card="cia_created"),
        _ev("phase", phase="discard_held_cards", label=None),
        _ev("discard", side="us", card="duck_and_cover"),
        _ev("action_round", side="ussr"),
        _ev("cards_revealed", side="ussr", to="us", cards=["nasser"]),
    ]
    moves, kept = what_happened(Narrator(narrator_text), events)
    assert not any("Duck and Cover" in m.line or "Nasser" in m.line for m in moves), [m.line for m in moves]
    assert any("Duck and Cover" in line for line in kept) and any("Nasser" in line for line in kept), kept


def test_a_vp_line_is_the_gaining_sides(narrator_text: PlayText) -> None:
    events = [_ev("vp", side="us", change=-7, now=-9), _ev("vp", side="us", change=2, now=-7)]
    moves, _ = what_happened(Narrator(narrator_text), events)
    assert [(m.line.split(" gains")[0], m.side) for m in moves] == [("USSR", "ussr"), ("US", "us")]
