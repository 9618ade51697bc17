"""Turn markers and the headline phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twilight.runtime.core.primitives.card_play import play_event
from twilight.runtime.core.primitives.core import continues, impl, leads_on, then_fire
from twilight.runtime.core.primitives.map_queries import influence_as_round_begins
from twilight.runtime.core.sides import US, USSR

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


@impl()
@continues(fires=("turn_start",))
def begin_turn(engine: Engine, number: int) -> None:
    def begun() -> None:
        engine.state.turn = number
        engine.state.action_round = 0
        engine.state.space_attempts = {US: 0, USSR: 0}
        engine.trace("turn", number=number)

    then_fire(engine, "begin_turn", "turn_start", begun, turn_number=number)


@impl()
@continues(fires=("turn_end",))
def end_turn(engine: Engine, number: int) -> None:
    then_fire(engine, "end_turn", "turn_end", None, turn_number=number)
    engine.expire("end_of_turn")
    engine.trace("turn_end", number=number)


@impl()
def set_in_headline(engine: Engine, on: bool) -> None:
    engine.state.in_headline = on
    if not on:
        engine.state.headline = {US: None, USSR: None}


@impl()
def headline_chosen(engine: Engine, side: str, card: str) -> None:
    if card in engine.state.hands[side]:
        engine.state.hands[side].remove(card)
    engine.state.headline[side] = card


@impl()
@continues(fires=("headline_revealed",))
def reveal_headlines(engine: Engine) -> None:
    rec = engine.enter("reveal_headlines") if leads_on(engine, "headline_revealed") else None
    us_card, ussr_card = engine.state.headline[US], engine.state.headline[USSR]
    if rec is None or rec.pc == 0:
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("headlines", us=us_card, ussr=ussr_card)
        if rec is not None:
            rec.data, rec.pc = [us_card, ussr_card], 1
    else:
        us_card, ussr_card = rec.data  # (as they were revealed: a hook may have cancelled one since)
    engine.fire("headline_revealed", us_card=us_card, ussr_card=ussr_card)
    if rec is not None:
        engine.leave(rec)


@impl()
@continues(asks=True)
def resolve_headline(engine: Engine, side: str) -> None:
    rec = engine.enter("resolve_headline") if engine.track else None
    if rec is not None and rec.pc == 1:
        play_event(engine, side, rec.data)  # (taken up again inside the event)
        engine.leave(rec)
        return
    card = engine.state.headline.get(side)
    if card is None:
        if rec is not None:
            engine.leave(rec)
        return
    if rec is not None:
        rec.data, rec.pc = card, 1
    state = engine.state
    state.phasing = side
    engine.defcon_actor = side  # 4.5 C: whoever headlined the card answers for DEFCON
    # Operations an event grants in the headline (CIA Created) place influence by 6.1.1 as the board
    # stands when the event begins, not as it stood at some earlier action round.
    state.placed_this_round = {US: {}, USSR: {}}
    state.round_start_influence = influence_as_round_begins(engine)
    play_event(engine, side, card)
    if rec is not None:
        engine.leave(rec)
