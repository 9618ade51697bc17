"""The answers of a question that lose the game on the spot, for a player about to give one: at DEFCON 2 a
coup in a battleground brings DEFCON to 1, and the side whose coup set off the nuclear war loses. The coup
is legal (it is offered, and taken when confirmed); the screen marks those targets, asks before taking
one, and the hint says so.

They are found as the search finds the answers it never gambles on (runtime/players/search.py
`answer_loses_at_once`): each tried in a copy of the game up to its next question, with dice of its own (the
game's are not looked at), under every rule in force. Only the coup's target question is tried (the one
where a player weighs a dozen countries and the list says nothing of DEFCON); the search's own questions
are its business."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.players.rollout import COUP_INTENT, DEFCON_DANGER

# The seed of the copies' dice: a coup's DEFCON drop does not depend on its roll.
SAFETY_SEED = 1


def loses_at_once(engine: Any, decision: Decision) -> list[Any]:
    """The coup targets of `decision` whose coup loses the game before the next question (none above
    DEFCON 2, nor at a question that is no coup's target)."""
    if (
        engine is None
        or decision.context.get("intent") != COUP_INTENT
        or engine.state.defcon > DEFCON_DANGER
        or not engine.track
        or engine.lookahead_depth
        or decision.min_count > 1
        or not decision.options
    ):
        return []
    from twilight.runtime.players.search import SearchPlayer

    search = SearchPlayer(SAFETY_SEED)
    search.engine = engine
    return [o for k, o in enumerate(decision.options) if search.answer_loses_at_once(engine, decision, k, o)]


class LosingAnswers:
    """`loses_at_once` of the question being asked, worked out once for it (the screen is drawn again at
    each command, the answer confirmed after)."""

    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.found: list[Any] = []

    def of(self, engine: Any, decision: Decision) -> list[Any]:
        if decision is not self.decision:
            self.decision, self.found = decision, loses_at_once(engine, decision)
        return self.found
