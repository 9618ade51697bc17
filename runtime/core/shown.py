"""The cards the rules have shown a side this turn (a hand or some cards revealed to it: the headline the
side with Space Race box 4 sees before choosing its own, standard 6.4.4), read from the game's trace. Who
thinks for a side (the search's dealing of what it cannot see, a public view of the game) may count them
as known; nothing else is."""

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
