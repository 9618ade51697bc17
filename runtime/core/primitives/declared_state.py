"""The state a ruleset declares: its variables, zones and tracks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from twilight.runtime.core.primitives.core import impl, inlined
from twilight.runtime.core.primitives.decks import _take_out

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


impl("zone")(lambda e, z: list(e.state.zones[z]))


def _track_bound(bound: str) -> Callable[[Any], dict[str, Any]]:
    """The constants of the written-out `track_min` or `track_max`: each declared track's bound."""
    return lambda ir: {f"_TRACK_{bound.upper()}": {n: int(t[bound]) for n, t in ir.get("tracks", {}).items()}}


@impl()
@inlined("_TRACK_MIN[{0}]", _track_bound("min"))
def track_min(engine: Engine, track: str) -> int:
    return int(engine.ir["tracks"][track]["min"])


@impl()
@inlined("_TRACK_MAX[{0}]", _track_bound("max"))
def track_max(engine: Engine, track: str) -> int:
    return int(engine.ir["tracks"][track]["max"])


def track_bounds(engine: Engine, track: str) -> tuple[float, float]:
    """The bounds of a track the ruleset declares; a track it does not declare has none."""
    declared = engine.ir.get("tracks", {}).get(track)
    if declared is None:
        return float("-inf"), float("inf")
    return int(declared["min"]), int(declared["max"])


@impl()
def set_variable(engine: Engine, name: str, value: Any) -> None:
    engine.state.vars[name] = list(value) if isinstance(value, list) else value
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("variable", name=name, value=engine.state.vars[name])


def _take_out_anywhere(engine: Engine, card: str) -> None:
    """A card leaves whatever hand, pile or declared zone holds it."""
    state = engine.state
    _take_out(engine, card)
    for zone in (state.removed, *state.zones.values()):
        if card in zone:
            zone.remove(card)


@impl()
def move_to_zone(engine: Engine, card: str, z: str, on_top: bool) -> None:
    _take_out_anywhere(engine, card)
    pile = engine.state.zones[z]
    if on_top:
        pile.insert(0, card)
    else:
        pile.append(card)
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("zone", card=card, zone=z, top=bool(on_top))


@impl()
def shuffle_zone(engine: Engine, z: str) -> None:
    engine.dice.shuffle(engine.state.zones[z])
