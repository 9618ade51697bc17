"""What each player may know of a state, as text (OpenSpiel's observation and information state) and as
numbers (an observation tensor for learning).

Public: the board, the tracks, the discards, the removed cards, the lasting effects, The China Card, the
declared variables, the dice, and every event of the trace, as the play log tells them. Private to a
side: its own answers (and what each question offered it) and, where hands are not secret (the two-player
game), its own hand, and the other side's whole hand while a rule keeps it face up to the side (status
`hand_revealed`: Aldrich Ames Remix, for the rest of the turn). Never shown: the order of the draw pile,
the other side's hand (but as just said), the cards of a
face-down zone, a headline before both are turned over, the cards a side was shown alone, another side's
answers (what they do is in the events), and the solo AI's own reasoning (`ai_*` events).

Nor the order cards came off the shuffled pile: a hand of the two-player game (and a hand, or some
cards, revealed from it) and the answers a question offers are listed in the game's order of actions, so
that two deals that differ only in that order read the same. (Cards revealed from a solo deck keep their
order: there it is the order the AI draws in.)"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from twilight.api.errors import whole_number
from twilight.runtime.core.shown import cards_revealed_to, cards_shown_this_turn, hand_revealed_to
from twilight.runtime.core.state import SIDES

if TYPE_CHECKING:
    from twilight.api.state import State

# Where a card can be, as the tensor tells it: one of these for each card. `other_hand`: in the other
# side's hand while a rule keeps that hand face up to the player (status `hand_revealed`: Aldrich Ames
# Remix), as the observation's `other_hand` lists it; otherwise a card there is `unseen`.
CARD_PLACES = ("own_hand", "other_hand", "discard", "removed", "in_effect", "unseen")


def _side(state: State, player: int) -> str:
    sides = state.game.sides
    player = whole_number(player, "a player")
    if not 0 <= player < len(sides):
        raise ValueError(f"player {player}: this game has players 0 to {len(sides) - 1}")
    return sides[player]


def _face_down(state: State, zone: str) -> bool:
    return bool(((state.game.ir.get("zones") or {}).get(zone) or {}).get("face_down"))


def _hands_secret(state: State) -> bool:
    """In a game against the AI a side's hand is its face-down deck (as `twilight play` shows it)."""
    return state.game.ai_side is not None


def _in_action_order(state: State, answers: Any) -> list[Any]:
    """`answers` (cards, countries, words: each one of the game's actions) in the order of their
    actions, which does not follow the order they were dealt or drawn in."""
    return sorted(answers, key=state.game.vocabulary.action)


def _headlines_shown(events: list[dict[str, Any]]) -> bool:
    """Whether this turn's headlines were turned over."""
    for event in reversed(events):
        if event["kind"] == "headlines":
            return True
        if event["kind"] == "turn":
            return False
    return False


def _shown_this_turn(events: list[dict[str, Any]], card: Any, side: str) -> bool:
    """Whether the rules showed `card` to `side` this turn (a headline a side sees before choosing its
    own: standard 6.4.4, for the side that reached Space Race box 4 first)."""
    return card is not None and card in cards_shown_this_turn(events, side)


def _other_hand(state: State, side: str, other: str) -> Any:
    """The other side's hand as `side` sees it: its size, or its cards while a rule keeps it face up to
    `side` (status `hand_revealed`), those it gained since it was shown too. (A solo deck/hand keeps its
    order, as a hand revealed from it does in the trace.)"""
    hand = state.engine.state.hands[other]
    if other not in hand_revealed_to(state.engine, side):
        return len(hand)
    return list(hand) if _hands_secret(state) else _in_action_order(state, hand)


def view(state: State, player: int) -> dict[str, Any]:
    """The player's side's view of the state now, as plain data."""
    side = _side(state, player)
    engine = state.engine
    s = engine.state
    other = "ussr" if side == "us" else "us"
    hand: Any = len(s.hands[side]) if _hands_secret(state) else _in_action_order(state, s.hands[side])
    shown_headlines = _headlines_shown(engine.events)
    out: dict[str, Any] = {
        "side": side,
        "turn": s.turn,
        "action_round": s.action_round,
        "phasing": s.phasing,
        "defcon": s.defcon,
        "vp": s.vp,
        "milops": dict(s.milops),
        "space": dict(s.space),
        "influence": {c: [i["us"], i["ussr"]] for c, i in s.influence.items() if i["us"] or i["ussr"]},
        "hand": hand,
        "other_hand": _other_hand(state, side, other),
        "draw_pile": len(s.draw_pile),
        "discard": list(s.discard),
        "removed": list(s.removed),
        "zones": {
            name: len(cards) if _face_down(state, name) else list(cards) for name, cards in s.zones.items()
        },
        "china": [s.china_holder, s.china_face_up],
        "in_effect": [[e.card, e.name, e.owner] for e in s.in_effect],
        "headline": {
            side: s.headline[side],
            other: s.headline[other]
            if shown_headlines or _shown_this_turn(engine.events, s.headline[other], side)
            else None,
        },
        "variables": s.vars,
    }
    decision = state._decision  # (the engine's: `decision()` copies it for callers)
    if state.is_chance_node():
        out["to_act"] = "chance"
    elif decision is None:
        out["to_act"] = "end"
        out["winner"], out["reason"] = s.winner, s.end_reason
    else:
        out["to_act"] = decision.side
        if decision.side == side:
            out["asked"] = {
                "question": decision.name,
                "options": _in_action_order(state, decision.options),
                "picks": [decision.min_count, decision.max_count],
                "picked": state.picks(),
            }
    return out


def observation(state: State, player: int) -> str:
    return json.dumps(view(state, player), sort_keys=True, separators=(",", ":"), default=str)


def information_state(state: State, player: int) -> str:
    """Everything the player has seen, in order: each event as the player may know it (one line each),
    then the state now as the player sees it."""
    side = _side(state, player)
    offered = {index: options for index, asker, _, options in state._asked if asker == side}
    lines = []
    answers = 0
    for event in state.engine.events:
        kind = event["kind"]
        if kind.startswith("ai_"):
            continue
        shown = {k: v for k, v in event.items() if k != "n"}
        if kind == "decision":
            if event["side"] == side:
                shown["offered"] = _in_action_order(state, offered.get(answers, ()))
            else:
                del shown["answer"]
            answers += 1
        elif kind == "zone" and _face_down(state, str(event.get("zone"))):
            del shown["card"]
        elif "to" in event and event["to"] in SIDES and event["to"] != side:
            shown.pop("cards", None)
        elif kind in ("hand_revealed", "cards_revealed") and not _hands_secret(state):
            # (cards of a hand, in the order it was dealt in)
            shown["cards"] = _in_action_order(state, event["cards"])
        lines.append(json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str))
    lines.append(observation(state, player))
    return "\n".join(lines)


def tensor_size(game: Any) -> int:
    ir = game.ir
    return 2 * len(ir["map"]["countries"]) + 13 + len(CARD_PLACES) * len(ir["cards"]) + 1


def observation_tensor(state: State, player: int) -> list[float]:
    """The view as numbers: each country's influence (US, USSR), the tracks (turn, action round, DEFCON,
    VP, military operations and space race of each side, who is phasing, who holds The China Card and
    whether it is face up), where each card is as far as the player can see (one of CARD_PLACES: a card
    of the other side's hand is `other_hand` only while that hand is face up to the player, as in
    `view`), and whether the player is to act."""
    side = _side(state, player)
    engine = state.engine
    s = engine.state
    ir = state.game.ir
    out: list[float] = []
    for country in ir["map"]["countries"]:
        influence = s.influence.get(country) or {"us": 0, "ussr": 0}
        out += [float(influence["us"]), float(influence["ussr"])]
    out += [float(s.turn), float(s.action_round), float(s.defcon), float(s.vp)]
    out += [float(s.milops["us"]), float(s.milops["ussr"]), float(s.space["us"]), float(s.space["ussr"])]
    out += [float(s.phasing == "us"), float(s.phasing == "ussr")]
    out += [float(s.china_holder == "us"), float(s.china_holder == "ussr"), float(s.china_face_up)]
    own = set() if _hands_secret(state) else set(s.hands[side])
    # (the whole hand, as `_other_hand` shows it, a solo deck/hand too: cards gained since it was shown)
    revealed = cards_revealed_to(engine, side)
    discard, removed = set(s.discard), set(s.removed)
    in_effect = {e.card for e in s.in_effect}
    for card in ir["cards"]:
        place = (
            "own_hand"
            if card in own
            else "other_hand"
            if card in revealed
            else "discard"
            if card in discard
            else "removed"
            if card in removed
            else "in_effect"
            if card in in_effect
            else "unseen"
        )
        out += [float(place == p) for p in CARD_PLACES]
    decision = state._decision  # (the engine's: `decision()` copies it for callers)
    out.append(float(decision is not None and decision.side == side and not state.is_chance_node()))
    return out


def summary(state: State) -> str:
    """One line for a person debugging: where the game is and what is asked."""
    s = state.engine.state
    where = f"turn {s.turn} round {s.action_round} DEFCON {s.defcon} VP {s.vp:+d}"
    if state.is_chance_node():
        return f"{where}: chance ({state._chance_kind}, {state._chance[0]} outcomes)"
    decision = state._decision  # (the engine's: `decision()` copies it for callers)
    if decision is None:
        return f"{where}: over, {s.winner} won ({s.end_reason})"
    return f"{where}: {decision.side} answers {decision.name} ({len(decision.options)} options)"
