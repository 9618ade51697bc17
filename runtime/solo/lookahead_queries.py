"""Look-ahead queries: what an event or an operation would bring, measured on a copy of the game
(`runtime/solo/lookahead.py`); nothing here changes the game. The solo AI's primitives: importing this
module registers them (`impl`), as the facade (runtime/game.py) does for every game it makes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import twilight.runtime.solo.lookahead as lookahead
from twilight.runtime.core.primitives.card_play import _event_possible
from twilight.runtime.core.primitives.core import SIDES, card_info, impl, other
from twilight.runtime.core.primitives.scoring import net_region_score
from twilight.runtime.core.sides import US

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


@impl()
def event_influence_gain(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return lookahead.total_influence(twin, side) - lookahead.total_influence(engine, side)


@impl()
def event_control_gain(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return len(lookahead.controlled(twin, side) - lookahead.controlled(engine, side))


@impl()
def event_vp_gain(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    sign = 1 if side == US else -1
    return sign * (twin.state.vp - engine.state.vp)


@impl()
def event_wins_game(engine: Engine, side: str, card: str) -> bool:
    twin = lookahead.after_event(engine, side, card)
    return twin.state.game_over and twin.state.winner == side


@impl()
def event_influence_removed(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return lookahead.total_influence(engine, other(side)) - lookahead.total_influence(twin, other(side))


@impl()
def event_has_effect(engine: Engine, side: str, card: str) -> bool:
    """The card's event, played now by the side on a copy of the game, changes something besides moving
    the card itself (lookahead.changes_anything). In the headline the copy headlines the card (its reveal
    rules act too: lookahead.after_headline). An event a rule prevents changes nothing."""
    owner = card_info(engine, card)["side"]
    if not _event_possible(engine, owner if owner in SIDES else side, card):
        return False  # what play_event would find too: the event does not happen
    if engine.state.in_headline:
        twin = lookahead.after_headline(engine, side, card)
    else:
        twin = lookahead.after_event(engine, side, card)
    return lookahead.changes_anything(engine, twin, card)


@impl()
def score_if_event(engine: Engine, side: str, card: str, region: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return net_region_score(twin, side, region)


@impl()
def score_if_ops(engine: Engine, side: str, ops: int, region: str) -> int:
    twin = lookahead.after_ops(engine, side, ops)
    return net_region_score(twin, side, region)
