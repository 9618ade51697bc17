"""What a region's scoring would give now, by the ruleset's own scoring function (`registry.REGION_VP`):
the measure the AI's look-ahead queries (runtime/solo/), the greedy heuristic and the search's rollouts
weigh a board by."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twilight.runtime.core import registry
from twilight.runtime.core.primitives.core import other

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


def net_region_score(engine: Engine, side: str, region: str) -> int:
    """The side's VP at the region's scoring now, less the opponent's (the ruleset's REGION_VP)."""
    vp = engine.program.needed(registry.REGION_VP).call
    if engine.memo is not None or engine.firings is not None:
        return int(vp(engine, side, region)) - int(vp(engine, other(side), region))
    # The two sides' scores in one memory of the rules' pure functions: each side's level asks how many
    # countries both sides control, which the second score would otherwise work out again. (Not in a
    # game counting the rules' firings: a result remembered makes fewer calls of the functions under it.)
    engine.memo = {}
    try:
        return int(vp(engine, side, region)) - int(vp(engine, other(side), region))
    finally:
        engine.memo = None
