"""The cards a side cannot play without risking the war: the opponent's cards whose event lowers DEFCON
whatever happens. Played for operations, for a coup or a realignment, such a card's event happens too
(standard 5.2: the opponent's event on a card you play), so at DEFCON 2 it ends the game against the
side that plays it, unless the Space Race takes it (once a turn) or the turn ends with it still held. A
side that keeps one in its hand while DEFCON falls may find it is the last card it has to play (the
human's deck/hand of solo-v2 brings it back from under the deck: docs/balance.md, "DEFCON").

Read from the rules, not from a list of names: an event whose statements, at the top of its body, include
a change of DEFCON by a negative constant (Duck and Cover, We Will Bury You…)."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.sides import opponent

_CHANGE_DEFCON = "change_defcon"  # the statement of the IR that moves DEFCON by its argument
_FOUND: dict[int, tuple[dict[str, Any], frozenset[str]]] = {}  # id(ir) -> (the IR, its cards found)
_KEPT = 8  # (the IRs a process plays: a ruleset or two, their variants in the balance lab)


def lowers_defcon(event: Any) -> bool:
    """Whether an event's body lowers DEFCON whatever happens: a `change_defcon` by a negative constant
    among its statements (not inside a condition or a choice: those may not lower it)."""
    if not isinstance(event, list):
        return False
    for statement in event:
        done = statement.get("do") if isinstance(statement, dict) else None
        if isinstance(done, dict) and _CHANGE_DEFCON in done:
            args = done[_CHANGE_DEFCON]
            if len(args) == 1 and _constant(args[0]) < 0:
                return True
    return False


def _constant(value: Any) -> int:
    """A constant number of the IR (a literal, or the negation of one); 0 for anything else."""
    if type(value) is int:
        return value
    if isinstance(value, dict) and value.get("op") == "neg":
        args = value.get("args") or []
        if len(args) == 1 and type(args[0]) is int:
            return -args[0]
    return 0


def defcon_lowering_cards(ir: dict[str, Any]) -> frozenset[str]:
    """The ruleset's cards whose event lowers DEFCON whatever happens (found once per IR)."""
    found = _FOUND.get(id(ir))
    if found is not None and found[0] is ir:
        return found[1]
    cards = frozenset(name for name, card in ir.get("cards", {}).items() if lowers_defcon(card.get("event")))
    if len(_FOUND) >= _KEPT:
        _FOUND.clear()
    _FOUND[id(ir)] = (ir, cards)
    return cards


def traps_held(ir: dict[str, Any], hand: Any, side: str) -> int:
    """How many of the cards in `hand` carry the opponent's event that lowers DEFCON: each is a card the
    side can play only at a cost in DEFCON, and at DEFCON 2 not at all without losing."""
    lowering = defcon_lowering_cards(ir)
    if not lowering:
        return 0
    cards = ir["cards"]
    other = opponent(side)
    held = 0
    for card in hand:
        if card in lowering and cards[card].get("side") == other:
            held += 1
    return held
