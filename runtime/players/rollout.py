"""The search's own player for the human side, in its playouts and for the questions it does not search
(a point of influence among many countries): the greedy heuristic, weighing both regions a solo round
names. The Secondary region becomes the Primary next round, so the influence placed there is scored
the sooner; in a scoring round the Primary is scored at its end and weighs the most.

It never picks a coup target whose coup would bring DEFCON to 1 (by the ruleset's `defcon_drop_on_coup`)
while another is open: the player whose coup does that loses the game."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.primitives.core import card_info
from twilight.runtime.core.primitives.operations import coup_defcon_drop
from twilight.runtime.core.sides import opponent
from twilight.runtime.core.state import (
    PRIMARY_REGION_VARIABLE,
    SCORING_ROUND_VARIABLE,
    SECONDARY_REGION_VARIABLE,
)

# The weights of the Primary and the Secondary region's score, in a scoring round and in another.
SCORING_ROUND_WEIGHTS = (2, 1)
OTHER_ROUND_WEIGHTS = (1, 2)


# The intent of the questions that choose where a coup is made (the runtime's `ask_one(..., "coup")`).
COUP_INTENT = "coup"
# The runtime's question of how a card is played (card_play.py's `play_mode`), and its Space Race answer.
PLAY_MODE = "play_mode"
SPACE_MODE = "space"
# The DEFCON at which one more step down ends the game.
DEFCON_DANGER = 2


class RolloutPlayer(GreedyPlayer):
    """Greedy, for the Primary and the Secondary region (see the module)."""

    def decide(self, decision: Decision) -> Any:
        if self.engine is not None and decision.single and decision.context.get("intent") == COUP_INTENT:
            safe = safe_coup_targets(self.engine, decision)
            if len(safe) < len(decision.options):
                return self.rng.choice(safe)
        engine = self.engine
        if decision.name == PLAY_MODE and engine is not None and _opponents_event_to_space(engine, decision):
            return SPACE_MODE
        return super().decide(decision)

    def weighed_regions(self, engine: Any) -> list[tuple[str, Any]]:
        found = engine.state.vars
        primary, secondary = found.get(PRIMARY_REGION_VARIABLE), found.get(SECONDARY_REGION_VARIABLE)
        weights = SCORING_ROUND_WEIGHTS if found.get(SCORING_ROUND_VARIABLE) else OTHER_ROUND_WEIGHTS
        out = []
        if primary:
            out.append((primary, weights[0]))
        if secondary and secondary != primary:
            out.append((secondary, weights[1]))
        return out


def _opponents_event_to_space(engine: Any, decision: Decision) -> bool:
    """At DEFCON 2, a card carrying the opponent's event goes to the Space Race when it may: played for
    operations its event would happen, and an event that lowers DEFCON then loses the game for the side
    playing it (the search's playouts cannot try the event first, as the real game's questions are tried).
    """
    card = decision.context.get("card")
    if engine.state.defcon > DEFCON_DANGER or card is None or SPACE_MODE not in decision.options:
        return False
    return bool(card_info(engine, card)["side"] == opponent(decision.side))


def safe_coup_targets(engine: Any, decision: Decision) -> list[Any]:
    """The coup targets whose coup leaves DEFCON above 1 (all of them when none does)."""
    defcon = engine.state.defcon
    safe = [c for c in decision.options if defcon - coup_defcon_drop(engine, decision.side, c) > 1]
    return safe or list(decision.options)
