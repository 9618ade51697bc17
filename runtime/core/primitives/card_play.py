"""Action rounds and card play: the cards a side may play, the ways to play one, its event and where
the card goes afterwards."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.frames import Frame, Stmt
from twilight.runtime.core.primitives.basics import action_rounds_this_turn
from twilight.runtime.core.primitives.cards import in_effect, ops_for
from twilight.runtime.core.primitives.core import SIDES, _china, card_info, continues, impl, other, then_fire
from twilight.runtime.core.primitives.decks import _remove, _take_out
from twilight.runtime.core.primitives.map_queries import influence_as_round_begins
from twilight.runtime.core.primitives.operations import (
    MODES,
    _mode_possible,
    _operations,
    _ops_with_region_bonus,
    _region_bonus_offers,
    _region_bonus_taken,
    conduct_operations,
    space_attempt,
)
from twilight.runtime.core.rule_errors import RuleError
from twilight.runtime.core.sides import US, USSR

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine

# What may run in place of a card's printed event: (engine, the event's owner, card) -> (what the block
# is, for the trace; the block; its variables), or None for the printed event. The solo AI's card
# appendix is one (runtime/solo/appendix.py registers it when imported, as the facade runtime/game.py
# does): the core knows no appendix.
EventReplacement = Callable[["Engine", str, str], "tuple[str, Stmt, dict[str, Any]] | None"]
_event_replacement: EventReplacement | None = None


def replace_events_with(replacement: EventReplacement) -> None:
    """Run `replacement` before every event: the block it gives runs in place of the printed one."""
    global _event_replacement
    _event_replacement = replacement


@impl()
def set_action_round(engine: Engine, number: int) -> None:
    engine.state.action_round = number


def remaining_rounds(engine: Engine, side: str) -> int:
    """The action rounds `side` has left this turn, the one under way counted (at least that one)."""
    return max(1, action_rounds_this_turn(engine, side) - engine.state.action_round + 1)


# The statuses that make a card the one a side must play this round (as operations, or at all).
_FORCING_STATUSES = ("must_play_for_ops", "must_play")


def _playable(engine: Engine, side: str) -> list[str]:
    state = engine.state
    cards = list(state.hands[side])
    if state.china_holder == side and state.china_face_up and _china(engine) not in cards:
        cards.append(_china(engine))
    cards = list(engine.permitted("play", "card", cards, actor=side))
    # Cards that may not be held (scoring cards) come first when the rounds left are only enough for
    # them: the rules' own precedence over any card's demand (002 · 5.5, "except as 10.1.5 says").
    hand = state.hands[side]
    may_hold = set(engine.permitted("hold", "card", hand, actor=side))
    must: list[str] = []  # (a loop: in 3.11 a comprehension makes a function at each call)
    for c in hand:
        if c not in may_hold:
            must.append(c)
    if must and len(must) >= remaining_rounds(engine, side):
        return [c for c in cards if c in must]
    # (each card is asked only about the statuses some rule in force gives: most rounds, none)
    forcing = []  # (a loop: in 3.11 a comprehension makes a function, and cells, at each call)
    for status in _FORCING_STATUSES:
        if engine.status_given(status):
            forcing.append(status)
    for card in cards if forcing else ():
        if any(engine.has_status(status, side, card) for status in forcing):
            return [card]
    return cards


@impl()
def playable_cards(engine: Engine, side: str) -> list[str]:
    return _playable(engine, side)


@impl()
@continues(asks=True)
def take_action_round(engine: Engine, side: str) -> None:
    # The record: step 0 the round begins, 1 the card asked (data: the card), 2 played, 3 the round ends.
    rec = engine.enter("action_round") if engine.track else None
    if rec is None:
        begin_action_round(engine, side)
        cards = _playable(engine, side)
        if cards:
            play_card(engine, side, engine.ask_one(registry.ACTION_CARD.name, side, cards))
        end_action_round(engine, side)
        return
    if rec.pc == 0:
        begin_action_round(engine, side)
        rec.pc = 1
    if rec.pc == 1:
        cards = _playable(engine, side) if rec.decision is None else []
        if rec.decision is None and not cards:
            rec.pc = 3
        else:
            rec.data = engine.ask_one_at(rec, registry.ACTION_CARD.name, side, cards)
            rec.pc = 2
    if rec.pc == 2:
        play_card(engine, side, rec.data)
        rec.pc = 3
    end_action_round(engine, side)
    engine.leave(rec)


@impl()
@continues(asks=True)
def begin_action_round(engine: Engine, side: str) -> None:
    """The side becomes the phasing player; adjacency is fixed as of now (6.1.1); the round's hooks run
    and the side may use what it is allowed at this moment (Cuban Missile Crisis's way out)."""
    # The record: step 0 the round set up, 1 its hooks, 2 what it is allowed (data: each allowed action
    # with its body and frame, the one at hand, whether its body runs).
    rec = engine.enter("begin_action_round") if engine.track else None
    if rec is None or rec.pc == 0:
        state = engine.state
        state.phasing = side
        engine.defcon_actor = side
        state.placed_this_round = {US: {}, USSR: {}}
        state.drawn_this_round = {US: [], USSR: []}
        state.round_start_influence = influence_as_round_begins(engine)
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("action_round", side=side)
        if rec is not None:
            rec.pc = 1
    if rec is None:
        if engine.heard("action_round_start"):  # (no one hears it: nothing to set off)
            engine.fire("action_round_start", actor=side)
        for name, body, frame in engine.allowed_actions(side):
            if engine.ask_one(name, side, ["yes", "no"]) == "yes":
                body(frame)
        return
    if rec.pc == 1:
        if engine.heard("action_round_start"):  # (no one hears it: nothing to set off)
            engine.fire("action_round_start", actor=side)
        rec.pc = 2
        rec.data = [[list(a) for a in engine.allowed_actions(side)], 0, False]
    d = rec.data
    allowed = d[0]
    while d[1] < len(allowed):
        name, body, frame = allowed[d[1]]
        if not d[2]:
            if engine.ask_one_at(rec, name, side, ["yes", "no"]) != "yes":
                d[1] += 1
                continue
            d[2] = True
        body(frame)
        d[2] = False
        d[1] += 1
    engine.leave(rec)


@impl()
@continues(fires=("action_round_end",))
def end_action_round(engine: Engine, side: str) -> None:
    then_fire(engine, "end_action_round", "action_round_end", None, actor=side)
    engine.expire("end_of_action_round")
    engine.expire("end_of_next_action_round", side)


def _event_possible(engine: Engine, side: str, card: str) -> bool:
    info = card_info(engine, card)
    if card not in engine.program.events:
        return False
    if info["prevented_by"] and any(in_effect(engine, c) for c in info["prevented_by"]):
        return False
    if info["requires_any"] and not any(in_effect(engine, c) for c in info["requires_any"]):
        return False
    return engine.forbidden("event", actor=side, card=card) is None


def _modes(engine: Engine, side: str, card: str) -> list[str]:
    info = card_info(engine, card)
    if info["scoring"]:
        return ["event"]
    forced_ops = engine.has_status("must_play_for_ops", side, card)
    modes = []
    if info["side"] in (side, "neutral") and not forced_ops and _event_possible(engine, side, card):
        modes.append("event")
    for mode in MODES:  # (a loop: in 3.11 a comprehension makes a function, and cells, at each call)
        if _mode_possible(engine, side, mode, card):
            modes.append(mode)
    if not forced_ops and engine.forbidden("space", actor=side, card=card) is None:
        modes.append("space")
    return modes


@impl()
@continues(asks=True)
def play_card(engine: Engine, side: str, card: str) -> None:
    """One card played in an action round: as its event, for operations, or on the Space Race."""
    state = engine.state
    rec = engine.enter("play_card") if engine.track else None
    if rec is None:
        from_hand = card in state.hands[side]
        if from_hand:
            state.hands[side].remove(card)
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("play", side=side, card=card)
        if engine.firings is not None:
            engine.firings["card", card] += 1
        modes = _modes(engine, side, card)
        if not modes:
            engine.trace("no_legal_play", side=side, card=card)
            _dispose(engine, card, from_hand, as_event=False)
            if engine.heard("card_played"):  # (no one hears it: nothing to set off)
                engine.fire("card_played", actor=side, card=card)
            return
        mode = engine.ask_one("play_mode", side, modes, shown={"card": card})
        if engine.heard("card_play_chosen"):  # (no one hears it: nothing to set off)
            engine.fire("card_play_chosen", actor=side, card=card, mode=mode)
        info = card_info(engine, card)
        if mode == "event":
            play_event(engine, side, card, from_hand, side)
        elif mode == "space":
            space_attempt(engine, side, card)
            _dispose(engine, card, from_hand, as_event=False)
        else:
            opponent_event = info["side"] == other(side) and card in engine.program.events
            event_first = opponent_event and engine.ask_one("event_first", side, ["event", "ops"]) == "event"
            if event_first:
                _opponent_event(engine, side, card)
            ops = _ops_with_region_bonus(engine, side, card, ops_for(engine, side, card), mode)
            _operations(engine, side, mode, ops, card)
            if opponent_event and not event_first:
                _opponent_event(engine, side, card)
            _disposed_after_ops(engine, side, card, from_hand, opponent_event)
        if engine.heard("card_played"):  # (no one hears it: nothing to set off)
            engine.fire("card_played", actor=side, card=card)
        return
    _play_card_steps(engine, rec, side, card)
    engine.leave(rec)


def _play_card_steps(engine: Engine, rec: Any, side: str, card: str) -> None:
    """`play_card` in a game that keeps records, step by step (`rec.pc`), each either done at once or one
    call that can lead to a decision; `rec.data`: from the hand, the modes, the mode, an opponent's event,
    it first, the region bonus offered, the ops."""
    d = rec.data
    while True:
        pc = rec.pc
        if pc == 0:  # the card leaves the hand; its modes
            state = engine.state
            from_hand = card in state.hands[side]
            if from_hand:
                state.hands[side].remove(card)
            if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
                engine.trace("play", side=side, card=card)
            modes = _modes(engine, side, card)
            d = rec.data = {"from_hand": from_hand, "modes": modes}
            if not modes:
                engine.trace("no_legal_play", side=side, card=card)
                _dispose(engine, card, from_hand, as_event=False)
                rec.pc = 9
            else:
                rec.pc = 1
        elif pc == 1:  # how it is played
            d["mode"] = engine.ask_one_at(rec, "play_mode", side, d["modes"], shown={"card": card})
            rec.pc = 2
        elif pc == 2:
            if engine.heard("card_play_chosen"):  # (no one hears it: nothing to set off)
                engine.fire("card_play_chosen", actor=side, card=card, mode=d["mode"])
            mode = d["mode"]
            if mode == "event":
                rec.pc = 3
            elif mode == "space":
                rec.pc = 4
            else:
                d["opponent"] = (
                    card_info(engine, card)["side"] == other(side) and card in engine.program.events
                )
                d["first"] = False
                rec.pc = 5 if d["opponent"] else 7
        elif pc == 3:
            play_event(engine, side, card, d["from_hand"], side)
            rec.pc = 9
        elif pc == 4:
            space_attempt(engine, side, card)
            _dispose(engine, card, d["from_hand"], as_event=False)
            rec.pc = 9
        elif pc == 5:  # an opponent's event: before or after the operations
            d["first"] = engine.ask_one_at(rec, "event_first", side, ["event", "ops"]) == "event"
            rec.pc = 6 if d["first"] else 7
        elif pc == 6:
            _opponent_event(engine, side, card)
            rec.pc = 7
        elif pc == 7:  # the operations, and their region bonus
            if "bonus" not in d:
                d["ops"] = ops_for(engine, side, card)
                d["bonus"] = _region_bonus_offers(engine, side, card, d["mode"])
            if d["bonus"]:
                answer = engine.ask_one_at(rec, "ops_in_one_region", side, [*d["bonus"], "no"])
                d["ops"] = _region_bonus_taken(engine, d["bonus"], answer, d["ops"])
            rec.pc = 8
        elif pc == 8:
            _operations(engine, side, d["mode"], d["ops"], card)
            rec.pc = 81 if d["opponent"] and not d["first"] else 82
        elif pc == 81:
            _opponent_event(engine, side, card)
            rec.pc = 82
        elif pc == 82:
            _disposed_after_ops(engine, side, card, d["from_hand"], d["opponent"])
            rec.pc = 9
        else:
            if engine.heard("card_played"):  # (no one hears it: nothing to set off)
                engine.fire("card_played", actor=side, card=card)
            return


def _disposed_after_ops(engine: Engine, side: str, card: str, from_hand: bool, opponent_event: bool) -> None:
    """A card played for operations goes to the discard pile, unless its starred opponent's event
    happened and took it out of the game."""
    if not (
        opponent_event and card_info(engine, card)["starred"] and _event_possible(engine, other(side), card)
    ):
        _dispose(engine, card, from_hand, as_event=False)


# How a card is played, in the words of play_card's `play_mode` decision (and the card_play_chosen hooks').
PLAY_MODES = ("event", *MODES, "space")


@impl()
def begin_play(engine: Engine, side: str, card: str) -> None:
    if card in engine.state.hands[side]:
        engine.state.hands[side].remove(card)
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("play", side=side, card=card)


@impl()
@continues(fires=("card_play_chosen",))
def announce_play(engine: Engine, side: str, card: str, mode: str) -> None:
    """The card_play_chosen hooks hear a procedure's play in the words a player's play_card uses, so that
    a rule listening for how a card is played (Flower Power's war cards for operations) hears both."""
    if mode not in PLAY_MODES:
        raise RuleError(
            "unknown_play_mode", f"{card} played as {mode!r}: a play is one of {', '.join(PLAY_MODES)}"
        )
    if engine.heard("card_play_chosen"):  # (no one hears it: nothing to set off)
        engine.fire("card_play_chosen", actor=side, card=card, mode=mode)


@impl()
def commit_ops_to(engine: Engine, region: str) -> None:
    engine.ops_region = region
    engine.trace("ops_committed", region=region)


@impl()
@continues(fires=("card_played",))
def finish_play(engine: Engine, side: str, card: str) -> None:
    def done() -> None:
        engine.ops_region = None
        _dispose(engine, card, True, as_event=False)

    then_fire(engine, "finish_play", "card_played", done, actor=side, card=card)


def _opponent_event(engine: Engine, side: str, card: str) -> None:
    """5.2: the opponent's event happens as if the opponent played it; a prevented one does not."""
    owner = other(side)
    rec = engine.enter("opponent_event") if engine.track else None
    if rec is None or rec.pc == 0:
        if not _event_possible(engine, owner, card):
            engine.trace("event_prevented", card=card)
            if rec is not None:
                engine.leave(rec)
            return
        if rec is not None:
            rec.pc = 1
    _run_event(engine, owner, card, side)
    if card_info(engine, card)["starred"]:
        _remove(engine, card)
    if rec is not None:
        engine.leave(rec)


def _run_event(engine: Engine, owner: str, card: str, played_by: str) -> None:
    """The card's event, or the solo appendix's block in its place, for its owner; `played_by` is the side
    that played the card (the event's `card_player`). With a record: step 0 the block chosen (data) and
    begun, 1 its body in its frame (`rec.frame`), 2 the hooks after it."""
    rec = engine.enter("event") if engine.track else None
    if rec is None or rec.pc == 0:
        replacing = _event_replacement
        if replacing is not None:
            block = replacing(engine, owner, card)
        elif engine.program.appendix:
            raise RuleError(
                "contract",
                "the ruleset has a card appendix but no solo AI is loaded to read it (build the game "
                "with twilight.runtime.game)",
            )
        else:
            block = None
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("event", side=owner, card=card, **({"appendix": block[0]} if block else {}))
        info = card_info(engine, card)
        if info["permanent"]:
            # In effect from now on, whatever carries the event out (what it prevents stays prevented).
            engine.start_lasting((card, "event"), "cancelled", [], {"player": owner})
        if block is not None:
            # Something runs in place of the card's event in this situation (the solo card appendix).
            run, frame = block[1], Frame(engine, {**block[2], "player": owner})
        else:
            run = engine.program.events[card]
            frame = Frame(engine, {"player": owner, "card_player": played_by, "this_card": card})
        if rec is None:
            run(frame)
            if engine.heard("event_played"):  # (no one hears it: nothing to set off)
                engine.fire("event_played", actor=owner, card=card)
            return
        rec.data, rec.frame, rec.pc = run, frame, 1
    if rec.pc == 1:
        rec.data(rec.frame)
        rec.pc = 2
    if engine.heard("event_played"):  # (no one hears it: nothing to set off)
        engine.fire("event_played", actor=owner, card=card)
    engine.leave(rec)


@impl()
def event_possible(engine: Engine, side: str, card: str) -> bool:
    return _event_possible(engine, side, card)


@impl()
@continues(asks=True)
def play_event(
    engine: Engine, side: str, card: str, from_hand: bool = True, played_by: str | None = None
) -> None:
    """The card's event happens for its owner (or for the side, if neutral); then the card goes away.
    `played_by`: the side playing the card (play_card's); an event a rule makes happen (Star Wars, Five
    Year Plan, the solo AI playing your card for its operations) is played in the phasing side's turn,
    by that side as far as the event can tell (a headline's phasing side is the side that headlined it)."""
    rec = engine.enter("play_event") if engine.track else None
    info = card_info(engine, card)
    owner = info["side"] if info["side"] in SIDES else side
    if rec is None or rec.pc == 0:
        _take_out(engine, card)  # from any hand, the discard or the draw pile (Five Year Plan, Star Wars)
        if card not in engine.program.events or not _event_possible(engine, owner, card):
            _dispose(engine, card, True, as_event=False)  # first, so the card is never out of every zone
            engine.trace("event_prevented", card=card)
            if rec is not None:
                engine.leave(rec)
            return
        if rec is not None:
            rec.pc = 1
    try:
        _run_event(engine, owner, card, engine.state.phasing if played_by is None else played_by)
    except Exception:
        # An event that ends the game still leaves its card where it belongs. Anything else that stops
        # the event half-way (a player interrupted for a save) must leave the state as it is: a replay
        # reaches that same point with the card still in play. (A game stopped at a decision is not
        # stopped by an error: `Suspended` passes.)
        if engine.state.game_over:
            _dispose(engine, card, True, as_event=True)
        raise
    _dispose(engine, card, True, as_event=True)
    if rec is not None:
        engine.leave(rec)


def _dispose(engine: Engine, card: str, from_hand: bool, as_event: bool) -> None:
    state = engine.state
    if card == _china(engine) or card in state.removed or card in state.discard:
        return
    for side in SIDES:  # (a loop: in 3.11 a generator expression makes a function, and cells)
        if card in state.hands[side]:
            return  # the event moved it (Missile Envy)
    if as_event and card_info(engine, card)["starred"]:
        state.removed.append(card)
    else:
        state.discard.append(card)


@impl()
@continues(asks=True)
def play_card_for_ops(engine: Engine, side: str, card: str) -> None:
    conduct_operations(engine, side, ops_for(engine, side, card), card)
