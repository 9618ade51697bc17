"""The cards the rules have shown a side this turn (a hand or some cards revealed to it: the headline the
side with Space Race box 4 sees before choosing its own, standard 6.4.4), read from the game's trace. What a
side's view of the game shows (api/views.py), and the headline the search keeps in place when it deals
anew what its side cannot see (players/search.py): a card shown is known by name, and where it lies after
is another matter (a shuffle may come between).

A whole hand may also stay face up for a while (Aldrich Ames Remix: for the rest of the turn): the status
`hand_revealed(side, to)` of a rule in force. Then every card the side holds, those it gains later too, is
shown to `to` where it lies (`hand_revealed_to`, `cards_revealed_to`), in the same views."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from twilight.runtime.core.sides import SIDES

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine

# The trace's events that show cards to one side (`to`), and the turn's first event.
SHOWN_KINDS = frozenset({"cards_revealed", "hand_revealed"})
TURN_KIND = "turn"
# The status (side, to) that keeps the side's whole hand face up to `to` while a rule gives it.
REVEALED_STATUS = "hand_revealed"


def cards_shown_this_turn(events: list[dict[str, Any]], side: str) -> set[str]:
    """The cards shown to `side` since this turn's start."""
    shown: set[str] = set()
    for event in reversed(events):
        kind = event["kind"]
        if kind in SHOWN_KINDS and event.get("to") == side:
            shown.update(event.get("cards", ()))
        elif kind == TURN_KIND:
            break
    return shown


def hand_revealed_to(engine: Engine, side: str) -> list[str]:
    """The sides whose whole hand a rule in force keeps face up to `side` now (status `hand_revealed`)."""
    if not engine.status_given(REVEALED_STATUS):
        return []
    return [other for other in SIDES if other != side and engine.has_status(REVEALED_STATUS, other, side)]


def cards_revealed_to(engine: Engine, side: str) -> set[str]:
    """The cards of the hands kept face up to `side` now (`hand_revealed_to`): known where they lie."""
    return {card for other in hand_revealed_to(engine, side) for card in engine.state.hands[other]}
