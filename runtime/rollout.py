"""The search's own player for the human side, in its playouts and for the questions it does not search
(a point of influence among many countries): the greedy heuristic, weighing both regions a solo round
names. The Secondary region becomes the Primary next round, so the influence placed there is scored
the sooner; in a scoring round the Primary is scored at its end and weighs the most."""

from __future__ import annotations

from typing import Any

from twilight.runtime.decisions import GreedyPlayer

# The weights of the Primary and the Secondary region's score, in a scoring round and in another.
SCORING_ROUND_WEIGHTS = (2, 1)
OTHER_ROUND_WEIGHTS = (1, 2)


class RolloutPlayer(GreedyPlayer):
    """Greedy, for the Primary and the Secondary region (see the module)."""

    def weighed_regions(self, engine: Any) -> list[tuple[str, Any]]:
        from twilight.runtime.state import (
            PRIMARY_REGION_VARIABLE,
            SCORING_ROUND_VARIABLE,
            SECONDARY_REGION_VARIABLE,
        )

        found = engine.state.vars
        primary, secondary = found.get(PRIMARY_REGION_VARIABLE), found.get(SECONDARY_REGION_VARIABLE)
        weights = SCORING_ROUND_WEIGHTS if found.get(SCORING_ROUND_VARIABLE) else OTHER_ROUND_WEIGHTS
        out = []
        if primary:
            out.append((primary, weights[0]))
        if secondary and secondary != primary:
            out.append((secondary, weights[1]))
        return out
