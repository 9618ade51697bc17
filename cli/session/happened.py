"""What just happened, first: the moves since the person last answered (their own roll and its
arithmetic, the AI's card and what it did, VP and DEFCON), each with its dice, apart from the bookkeeping
(the scoring deck, cards dealt, phases), which goes to the history (`log`); and the countries changed, to
be marked on the map. The terminal's summary of the last moves and the browser's top panel both say it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from twilight.cli.session.log import ANSWERED, NARRATED, Narrator, narrated_runs
from twilight.runtime.core.sides import SIDES, opponent

# The narrated events that are bookkeeping (the turn's and round's marks, the state's variables and
# zones, cards dealt, revealed or shuffled, effects ending…): every other one is a move a player wants
# first (a card played and what it did, rolls, influence, coups, VP, DEFCON, scoring, the end).
BOOKKEEPING = frozenset(
    {
        "turn",
        "turn_end",
        "phase",
        "action_round",
        "variable",
        "zone",
        "ops_bonus_unspendable",
        "region_score_counted",
        "china_card",
        "discard",
        "effect_start",
        "effect_end",
        "cards_revealed",
        "hand_revealed",
        "deck_added",
        "reshuffle",
        "dealt",
        "log",
    }
)
# (a question's answer is one where the ruleset words it: a pass, a card handed over)
MOVES = (frozenset(NARRATED) - BOOKKEEPING) | {ANSWERED}
# Bookkeeping but when an event causes it: its result, a move (Blockade's discard, CIA Created's hand shown,
# the China Card that Nixon Plays the China Card hands over).
EVENT_RESULTS = frozenset({"discard", "cards_revealed", "hand_revealed", "china_card"})
# The events that start a card's part of a phase (a round, a card played, the headlines, an event): the
# moves after them are the card's, told by its own line, not the phase's.
CARD_PLAYED = frozenset({"action_round", "play", "headlines", "event"})


@dataclass
class Moment:
    """One line of what happened: its words, the dice rolled (1 to 6 each), whose it was."""

    line: str
    dice: list[int] = field(default_factory=list)
    side: str | None = None
    kind: str = ""


def dice_of(event: dict[str, Any]) -> list[int]:
    """The dice an event rolled, as they fell (not their totals)."""
    kind = event["kind"]
    if kind == "coup":
        found = [event.get("roll")]
    elif kind == "realign":
        found = [event.get("die", event.get("roll")), event.get("against_die", event.get("against"))]
    elif kind in ("space", "roll"):
        found = [event.get("die", event.get("roll"))]
    elif kind == "roll_off":
        found = [event.get("first_die"), event.get("second_die")]
    elif kind == "table_roll":
        found = list(event.get("dice") or [event.get("roll")])
    else:
        found = []
    return [d for d in found if isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6]


def what_happened(narrator: Narrator, events: list[dict[str, Any]]) -> tuple[list[Moment], list[str]]:
    """The moves among `events` (in order, with their dice) and the bookkeeping lines. A move the turn's
    sequence itself makes, no card's (the VP a side short of military operations gives away, DEFCON's
    improvement at a turn's start, the final scoring), is said after its phase's line ("E. Military
    operations check"): without it, it read as the last card's doing."""
    moves: list[Moment] = []
    kept: list[str] = []
    phase: str | None = None  # the line of the phase under way, until a card is played in it
    for event in narrated_runs(narrator.text.ir, events, narrator.tells):
        line = narrator.line(event)  # (every event goes through: the narrator follows the card in play)
        kind = event["kind"]
        if kind in CARD_PLAYED:
            phase = None
        if not line:
            continue
        if kind == "phase":
            phase = line
        if kind in MOVES or (kind in EVENT_RESULTS and narrator.in_event):
            if phase is not None:
                moves.append(Moment(phase, kind="phase"))
                phase = None
            moves.append(Moment(line, dice_of(event), side_of(event), kind))
        else:
            kept.append(line)
    return moves, kept


def side_of(event: dict[str, Any]) -> str | None:
    """Whose move an event is, to colour it: its side, but for VP the side that gains them (the rules'
    `gain_vp(side, -n)` is the opponent gaining n, told so)."""
    side = event.get("side")
    if side not in SIDES:
        return None
    if event["kind"] == "vp" and isinstance(event.get("change"), int) and event["change"] < 0:
        return opponent(side)
    return str(side)


def changed_countries(events: Iterable[dict[str, Any]]) -> list[str]:
    """The countries whose influence changed, or where a coup or a realignment was rolled, among
    `events`: since the person last answered (their move's results and the AI's moves), marked on the
    map until their next answer."""
    found: dict[str, None] = {}
    for event in events:
        country = event.get("country")
        if not isinstance(country, str):
            continue
        if (event["kind"] == "influence" and event.get("change")) or event["kind"] in ("coup", "realign"):
            found[country] = None
    return list(found)
