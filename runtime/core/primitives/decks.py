"""Cards and decks: dealing, drawing, discarding, removing, hands, the China card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twilight.runtime.core.primitives.cards import period_cards
from twilight.runtime.core.primitives.core import SIDES, _china, impl, other
from twilight.runtime.core.sides import US, USSR

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


def _remove(engine: Engine, card: str) -> None:
    state = engine.state
    zones = (state.discard, state.hands[US], state.hands[USSR])
    for zone in (*zones, *state.zones.values()):
        if card in zone:
            zone.remove(card)
    if card not in state.removed:
        state.removed.append(card)


def _draw(engine: Engine) -> str | None:
    state = engine.state
    if not state.draw_pile:
        if not state.discard:
            return None
        state.draw_pile = list(state.discard)
        state.discard.clear()
        engine.dice.shuffle(state.draw_pile)
        engine.trace("reshuffle", cards=len(state.draw_pile))
    return state.draw_pile.pop(0)


@impl()
def deal_up_to(engine: Engine, side: str, size: int) -> None:
    hand = engine.state.hands[side]
    while len(hand) < size:
        card = _draw(engine)
        if card is None:
            break
        hand.append(card)
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("dealt", side=side, hand=len(hand))


@impl()
def draw_to(engine: Engine, side: str, count: int) -> None:
    for _ in range(count):
        card = _draw(engine)
        if card is None:
            break
        engine.state.hands[side].append(card)


@impl()
def add_period_to_deck(engine: Engine, period: str) -> None:
    # Only cards not yet in the game: never one already removed, held, discarded or in the pile.
    placed = set(engine.state.card_locations())
    cards = [c for c in period_cards(engine, period) if c not in placed]
    engine.state.draw_pile.extend(cards)
    engine.dice.shuffle(engine.state.draw_pile)
    engine.trace("deck_added", period=period, cards=len(cards))


@impl()
def shuffle_hand(engine: Engine, side: str) -> None:
    engine.dice.shuffle(engine.state.hands[side])


@impl()
def arrange_hand(engine: Engine, side: str, cards: list[str]) -> None:
    rest = [c for c in engine.state.hands[side] if c not in cards]
    engine.state.hands[side] = [c for c in cards if c in engine.state.hands[side]] + rest


@impl()
def to_hand_bottom(engine: Engine, side: str, card: str) -> None:
    hand = engine.state.hands[side]
    if card in hand:
        hand.remove(card)
        hand.append(card)


@impl()
def discard(engine: Engine, side: str, card: str) -> None:
    if card in engine.state.hands[side] and engine.forbidden("discard", actor=side, card=card) is None:
        engine.state.hands[side].remove(card)
        engine.state.discard.append(card)
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("discard", side=side, card=card)


def _take_out(engine: Engine, card: str) -> None:
    state = engine.state
    for zone in (state.hands[US], state.hands[USSR], state.discard, state.draw_pile):
        if card in zone:
            zone.remove(card)


@impl()
def move_to_discard(engine: Engine, card: str) -> None:
    if card == _china(engine) or card in engine.state.removed:
        return
    _take_out(engine, card)
    engine.state.discard.append(card)
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("discard", card=card)


@impl()
def shuffle_draw_pile(engine: Engine) -> None:
    engine.dice.shuffle(engine.state.draw_pile)


@impl()
def remove_from_game(engine: Engine, card: str) -> None:
    _remove(engine, card)


@impl()
def give_card(engine: Engine, card: str, side: str) -> None:
    state = engine.state
    for zone in (state.hands[US], state.hands[USSR], state.discard, state.draw_pile, state.removed):
        if card in zone:
            zone.remove(card)
    state.hands[side].append(card)


@impl()
def cancel_event(engine: Engine, card: str) -> None:
    engine.cancel_card_effects(card)


@impl()
def cancel_headline(engine: Engine, side: str) -> None:
    card = engine.state.headline.get(side)
    engine.state.headline[side] = None
    if card is not None:
        engine.trace("headline_cancelled", side=side, card=card)
        if card not in engine.state.discard:
            engine.state.discard.append(card)


@impl()
def reveal_hand(engine: Engine, side: str, to: str) -> None:
    engine.trace("hand_revealed", side=side, to=to, cards=list(engine.state.hands[side]))


@impl()
def reveal_cards(engine: Engine, side: str, cards: list[str]) -> None:
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("cards_revealed", side=side, to=other(side), cards=list(cards))


@impl()
def pass_china_card(engine: Engine, to: str, face_up: bool) -> None:
    china = _china(engine)
    for side in SIDES:  # into the play area, out of a solo deck/hand
        if china in engine.state.hands[side]:
            engine.state.hands[side].remove(china)
    engine.state.china_holder = to
    engine.state.china_face_up = face_up
    engine.trace("china_card", holder=to, face_up=face_up)


@impl()
def move_china_card_to_hand(engine: Engine, side: str) -> None:
    """Solo: the card sits in the side's deck/hand like any other card (face down, so it is not offered
    a second time from the play area); playing it passes it on as usual."""
    china = _china(engine)
    state = engine.state
    for s in SIDES:
        if china in state.hands[s]:
            state.hands[s].remove(china)
    state.china_holder, state.china_face_up = side, False
    state.hands[side].append(china)
    engine.trace("china_card", holder=side, face_up=False, in_hand=True)


@impl()
def flip_china_card_face_up(engine: Engine) -> None:
    engine.state.china_face_up = True
