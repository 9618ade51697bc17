"""The cards the rules have shown a side this turn (a hand or some cards revealed to it: the headline the
side with Space Race box 4 sees before choosing its own, standard 6.4.4), read from the game's trace. What a
side's view of the game shows (api/views.py), and the headline the search keeps in place when it deals
anew what its side cannot see (players/search.py): a card shown is known by name, and where it lies after
is another matter (a shuffle may come between)."""

from __future__ import annotations

from typing import Any

# The trace's events that show cards to one side (`to`), and the turn's first event.
SHOWN_KINDS = frozenset({"cards_revealed", "hand_revealed"})
TURN_KIND = "turn"


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
