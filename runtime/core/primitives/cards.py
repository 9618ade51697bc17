"""What the cards say: printed facts, ops with modifiers, events in effect, periods, the Space Race track."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.frames import ordinal
from twilight.runtime.core.primitives.core import card_info, impl, inlined
from twilight.runtime.core.primitives.map_queries import board

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


def _cards(ir: dict[str, Any]) -> dict[str, Any]:
    """The constants of an inlined card fact (core.inlined): the ruleset's cards, as `_CARDS`."""
    return {"_CARDS": ir["cards"]}


# (written out in place: the AI's conditions add up the operations of a hand thousands of times a game)
impl("ops")(inlined('_CARDS[{0}]["ops"]', _cards)(lambda e, card: card_info(e, card)["ops"]))


impl("event_side")(inlined('_CARDS[{0}]["side"]', _cards)(lambda e, card: card_info(e, card)["side"]))


impl("period_of")(lambda e, card: ordinal(card_info(e, card)["period"]))


impl("is_scoring")(inlined('_CARDS[{0}]["scoring"]', _cards)(lambda e, card: card_info(e, card)["scoring"]))


impl("is_starred")(lambda e, card: card_info(e, card)["starred"])


impl("hand")(lambda e, side: list(e.state.hands[side]))


impl("draw_pile")(lambda e: list(e.state.draw_pile))


impl("discard_pile")(lambda e: list(reversed(e.state.discard)))


impl("removed_cards")(lambda e: list(e.state.removed))


impl("china_card_holder")(lambda e: e.state.china_holder)


impl("china_card_face_up")(lambda e: e.state.china_face_up)


impl("headline_of")(lambda e, side: e.state.headline.get(side))


@impl()
def ops_for(engine: Engine, side: str, card: str) -> int:
    """7.4: printed ops with every modifier in force for that side; never below 1 for a non-scoring card."""
    info = card_info(engine, card)
    if info["scoring"]:
        return 0
    ops = engine.modified("ops", info["ops"], actor=side, card=card)
    return ops if ops > 1 else 1  # (max(1, ops), without the keyword parsing of a call of max)


@impl()
def in_effect(engine: Engine, card: str) -> bool:
    # (not any() of a generator, which in 3.11 makes a function at each call: asked every round)
    return card in map(_CARD_OF, engine.state.in_effect)


_CARD_OF = attrgetter("card")


@impl()
def played_by(engine: Engine, card: str) -> str:
    for effect in engine.state.in_effect:
        if effect.card == card:
            return effect.owner
    return "neutral"


@impl()
def period_cards(engine: Engine, period: str) -> list[str]:
    # An optional need: a ruleset without the setting has no optional cards in the game.
    optional = bool(engine.state.settings.get(registry.OPTIONAL_CARDS.name, False))
    return [
        name
        for name, info in engine.ir["cards"].items()
        if info["period"] == period and (optional or not info["optional"]) and not info["no_event"]
    ]


@impl()
def random_card(engine: Engine, cards: list[str]) -> str | None:
    if not cards:
        return None
    card = engine.dice.pick(cards)
    engine.trace("random_card", card=card, among=len(cards))
    return card


@impl()
def ops_spent_only_in(engine: Engine, region: str) -> bool:
    """The operations are committed to the region, or to a subregion of it (2.1.2: Southeast Asia is
    Asia)."""
    committed = engine.ops_region
    if committed is None:
        return False
    return region in board(engine).within.get(committed, {committed})


@impl()
def space_ops_needed(engine: Engine, side: str) -> int:
    box = engine.state.space[side] + 1
    rows = _space_race(engine)
    return rows[box]["ops"] if box in rows else 0


def _space_race(engine: Engine) -> dict[int, dict[str, int]]:
    """The ruleset's Space Race track (registry.SPACE_RACE) by box, each row's cells by column label."""
    table = engine.program.needed(registry.SPACE_RACE)
    known = _SPACE_ROWS.get(id(table))
    if known is not None and known[0] is table:  # (the table is read-only IR: its rows are made once)
        return known[1]
    labels = [c["label"] for c in table["columns"]]
    rows = {int(r["keys"][0]): dict(zip(labels, r["cells"], strict=True)) for r in table["rows"]}
    if len(_SPACE_ROWS) > 16:
        _SPACE_ROWS.clear()
    _SPACE_ROWS[id(table)] = (table, rows)
    return rows


# The Space Race track's rows by box, per table of the IR (keyed by its id, kept with the table so the
# id cannot be reused while the entry stands).
_SPACE_ROWS: dict[int, tuple[Any, dict[int, dict[str, int]]]] = {}


@impl("may")
def may(engine: Engine, action: str, side: str, card: str) -> bool:
    return engine.forbidden(action, actor=side, card=card) is None
