"""`undo`: take back the player's own last answer. The game is a seed and a list of answers, so taking
one back is replaying the game from its seed with the answers before it, which asks that question
again. Never past a die rolled or a hidden card shown since the answer: the player would then know
what the dice or the cards hold, and could answer again knowing it. What counts is read from the
engine's trace."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from twilight.cli.declared_state import face_down
from twilight.runtime.core.sides import SIDES

# A die rolled: `d6` traces each one, whatever rolls it (a coup, a war, the setup).
DIE = "die"
# What a roll was for: the event that follows its dice and tells the outcome, and how it is said.
ROLL_OUTCOMES = {
    "coup": "play-undo-what-coup",
    "realign": "play-undo-what-realign",
    "space": "play-undo-what-space",
}
# Cards that come out of hiding for everyone: drawn, shuffled, shown, the headlines turned over.
CARDS_SHOWN = {
    "dealt": "play-undo-what-dealt",
    "reshuffle": "play-undo-what-reshuffle",
    "cards_revealed": "play-undo-what-cards_revealed",
    "hand_revealed": "play-undo-what-hand_revealed",
    "headlines": "play-undo-what-headlines",
}
# A card out of the other side's hidden hand: played or discarded by it.
OTHER_SIDE_CARD = {"play": "play-undo-what-play", "discard": "play-undo-what-discard"}


class UndoTo(Exception):
    """Raised through the engine from a player's `undo`: rebuild the game with the first `keep`
    answers (the answer at index `keep` is asked again)."""

    def __init__(self, keep: int) -> None:
        super().__init__(keep)
        self.keep = keep


@dataclass
class Refusal:
    """Why nothing can be taken back: a message id of cli/locales and its variables (names as ids)."""

    msg: str
    args: dict[str, Any] = field(default_factory=dict)


def decision_positions(events: Sequence[dict[str, Any]]) -> list[int]:
    """Where each answer is in the trace: the i-th `decision` event records `answers[i]`."""
    return [i for i, e in enumerate(events) if e["kind"] == "decision"]


def undo_point(
    events: Sequence[dict[str, Any]],
    answers: Sequence[Sequence[Any]],
    side: str,
    hot_seat: bool,
    forced: set[int],
    ir: dict[str, Any],
) -> int | Refusal:
    """The index of the answer `undo` takes back for `side` (asked a question now), or why none is.

    The last answer `side` gave, other than one the session took for it (a forced single choice: asked
    again, it would be taken again at once; it goes back with the answer before it). The other side's
    answers after it go back with it in a game against the AI; in a hot-seat game they belong to the
    other person, and undo never goes back across a hand-over."""
    positions = decision_positions(events)
    if len(positions) != len(answers):  # (never: each answer is traced once)
        return Refusal("play-undo-nothing")
    index = len(answers) - 1
    while index >= 0:
        who = str(answers[index][0])
        if who != side:
            if hot_seat:
                return Refusal("play-undo-hand-over", {"side": who})
        elif index not in forced:
            break
        index -= 1
    if index < 0:
        return Refusal("play-undo-nothing")
    blocker = first_blocker(events, positions[index] + 1, side, ir)
    return blocker if blocker is not None else index


def first_blocker(
    events: Sequence[dict[str, Any]], start: int, side: str, ir: dict[str, Any]
) -> Refusal | None:
    """The first die rolled or hidden card shown from `events[start]` on, as a refusal that says what
    it was; None when there is none. (The trace before `start` is read for where each card lies and
    which card's event is happening.)"""
    zone_of: dict[str, str] = {}
    event_card: str | None = None
    for position, e in enumerate(events):
        kind = e["kind"]
        if kind == "event":
            event_card = e.get("card")
        elif kind in ("play", "action_round", "turn", "headlines"):
            event_card = None
        if kind == "zone" and isinstance(e.get("card"), str):
            was = zone_of.get(e["card"])
            zone_of[e["card"]] = str(e["zone"])
            turned_up = was is not None and face_down(ir, was) and not face_down(ir, str(e["zone"]))
            if position >= start and turned_up:
                return hidden("play-undo-what-turned-up", card=e["card"])
        if position < start:
            continue
        if kind == DIE:
            return Refusal("play-undo-dice", {"what": roll_for(events, position, event_card)})
        if kind in CARDS_SHOWN:
            args = {"side": e["side"]} if e.get("side") in SIDES else {}
            return hidden(CARDS_SHOWN[kind], **args)
        if kind in OTHER_SIDE_CARD and e.get("side") in SIDES and e["side"] != side:
            return hidden(OTHER_SIDE_CARD[kind], side=e["side"], card=e.get("card"))
    return None


def hidden(what: str, **args: Any) -> Refusal:
    return Refusal("play-undo-hidden", {"what": (what, args)})


def roll_for(events: Sequence[dict[str, Any]], position: int, event_card: str | None) -> tuple[str, Any]:
    """What the die at `position` was rolled for: the coup, realignment or Space Race attempt its
    outcome names, else the event being resolved; a bare die otherwise (the setup's)."""
    for e in events[position + 1 : position + 8]:
        if e["kind"] == "decision":
            break
        if e["kind"] in ROLL_OUTCOMES:
            return (ROLL_OUTCOMES[e["kind"]], {"country": e.get("country")})
    if event_card is not None:
        return ("play-undo-what-event", {"card": event_card})
    return ("play-undo-what-die", {})
