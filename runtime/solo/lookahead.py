"""Look-ahead for the solo AI's conditions: what would happen if… (an event were played, operations
spent), worked out on a copy of the game. The real game is never touched: the copy has its own state,
its own copy of the dice (the real ones do not move) and no trace file; any decision in it is answered by
the ruleset's AI lists for both sides, and a game end in it only ends the copy."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.board_stamps import board_key
from twilight.runtime.core.dice import AverageDice
from twilight.runtime.core.primitives import controls, headline_chosen, other, play_event, resolve_headline
from twilight.runtime.solo.ai import dealt_view, what_if

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.state import GameState


def after_event(engine: Engine, side: str, card: str) -> Engine:
    """The copy of the game after the side plays the card's event. An entry's condition often asks
    several things of the same event (influence gained or control gained…): the copy is made once per
    state of the game, side and card."""
    return _cached(engine, (side, card, "event"), play_event_as(side, card))


def after_headline(engine: Engine, side: str, card: str) -> Engine:
    """The copy of the game after the side headlines the card: the card is revealed (the rules that act
    at the reveal for this card do: Defectors cancels the USSR headline) and its event resolves. The other
    side's headline, if chosen, lies face down: it can be acted on (cancelled), but its own reveal rules
    and its event are not played (they are no effect of this card)."""
    # (the copy keeps the game's DEFCON actor: the copies differ by it)
    return _cached(engine, (side, card, "headline", engine.defcon_actor), headline_as(side, card))


def after_ops(engine: Engine, side: str, ops: int) -> Engine:
    """The copy of the game after the AI spends the operations (`spend_ops`), once per state, side and
    number of operations."""
    return _cached(engine, (side, ops, "ops"), spend_ops(side, ops))


# How many copies an engine keeps: the real game's AI comes back to a state it has looked ahead from
# (a condition that asks about a hypothetical board between two questions about the real one); a copy
# looked ahead in keeps fewer (its own copies are the second and last level).
CACHE_SIZE = 64
NESTED_CACHE_SIZE = 8


def _cached(engine: Engine, what: tuple[Any, ...], happen: Callable[[Engine], None]) -> Engine:
    """The copy `what_if(engine, happen)`, kept by what it depends on: the state of the game (its
    fingerprint) and what happens (`what`, which names all else the copy depends on). Once made, a copy
    is only read, never played on: an equal state gets the same copy."""
    cache: dict[tuple[Any, ...], Engine] = engine.lookahead_cache
    key = (_fingerprint(engine), *what)
    twin = cache.get(key)
    if twin is None:
        if len(cache) >= (CACHE_SIZE if engine.lookahead_depth == 0 else NESTED_CACHE_SIZE):
            del cache[next(iter(cache))]  # the oldest copy
        twin = cache[key] = what_if(engine, happen)
    return twin


def _fingerprint(engine: Engine) -> bytes:
    """The state's fingerprint, kept in the memory of the evaluation around the look-ahead (when one is
    open: the state cannot change while an expression is worked out, as for pure functions' results), so
    that a condition looking ahead at several cards from one state prints the state once."""
    memo = engine.memo
    if memo is None:
        return _state_key(engine)
    found: bytes | None = memo.get(_FINGERPRINT)
    if found is None:
        found = memo[_FINGERPRINT] = _state_key(engine)
    return found


def _state_key(engine: Engine) -> bytes:
    """The state's fingerprint; in a copy that keeps the board's stamps, with the stamps standing for the
    board's numbers (core/board_stamps.py: the same stamps, the same board), which cost far less to read
    than the influence in every country."""
    stamps = engine.board_stamps
    if stamps is None:
        return engine.state.fingerprint()
    return engine.state.fingerprint(board_key(stamps))


_FINGERPRINT = object()  # (its key in the memory: no rule function's or pick's key can equal it)


def changes_anything(engine: Engine, twin: Engine, card: str) -> bool:
    """Whether the copy differs from the game in anything a player would see, the card's own place apart
    (a played card goes to the discard pile or out of the game whatever its event does): influence, VP,
    DEFCON, the tracks, the cards in hands and piles, the events in effect, the end of the game. A copy
    that rolled a die counts as changed: another roll could change something even where the average
    one did not, and only an event that can change nothing whatever the roll counts as no effect."""
    if twin.lookahead_depth > 2:
        return True  # the copy was not played (too deep a look-ahead): nothing is known, assume it matters
    dice = twin.dice
    if isinstance(dice, AverageDice) and dice.rolls > 0:
        return True
    # (the copy began with the cards the AI cannot see dealt anew: it is compared with the game so dealt)
    before = engine.state if engine.lookahead_depth else dealt_view(engine.state, engine.ir)
    return _without_card(before, card) != _without_card(twin.state, card)


# Bookkeeping of the round in progress, which resolving a headline resets: no effect of the card.
_ROUND_BOOKKEEPING = ("phasing", "placed_this_round", "round_start_influence", "drawn_this_round")


def _without_card(state: GameState, card: str) -> dict[str, Any]:
    """The state's fields with the card taken out of every hand, pile and headline slot, less the round's
    bookkeeping."""
    # (only compared, never changed: the fields are the state's own, but for the hands, piles and zones,
    # which are copies without the card)
    fields = {name: value for name, value in state.fields().items() if name not in _ROUND_BOOKKEEPING}
    fields["headline"] = {s: (None if c == card else c) for s, c in state.headline.items()}
    fields["hands"] = {side: _without(cards, card) for side, cards in state.hands.items()}
    for pile in ("draw_pile", "discard", "removed"):
        fields[pile] = _without(fields[pile], card)
    fields["zones"] = {zone: _without(cards, card) for zone, cards in state.zones.items()}
    return fields


def _without(cards: list[str], card: str) -> list[str]:
    return [c for c in cards if c != card] if card in cards else cards


def total_influence(engine: Engine, side: str) -> int:
    return sum(map(itemgetter(side), engine.state.influence.values()))


def controlled(engine: Engine, side: str) -> set[str]:
    return {c for c in engine.state.influence if controls(engine, side, c)}


def play_event_as(side: str, card: str) -> Callable[[Engine], None]:
    def happen(twin: Engine) -> None:
        # The side playing the event answers for what it does to DEFCON (the AI's floor applies).
        twin.defcon_actor = side
        play_event(twin, side, card)

    return happen


def headline_as(side: str, card: str) -> Callable[[Engine], None]:
    def happen(twin: Engine) -> None:
        headline_chosen(twin, side, card)
        twin.fire("headline_revealed", **{f"{side}_card": card, f"{other(side)}_card": None})
        if twin.state.headline.get(side) == card:
            resolve_headline(twin, side)

    return happen


def spend_ops(side: str, ops: int) -> Callable[[Engine], Any]:
    """The AI's operations as its ruleset spends them (the procedure registry.AI_OPERATIONS, scoring
    round): no card is played for them, so none is announced."""

    def happen(twin: Engine) -> None:
        twin.defcon_actor = side
        twin.program.needed(registry.AI_OPERATIONS)  # (a RuleError naming the contract when it is missing)
        twin.call_procedure(
            registry.AI_OPERATIONS.name, ai=side, ops=ops, scoring=True, card=None, played=None
        )

    return happen
