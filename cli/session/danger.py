"""The answers of a question that lose the game on the spot, for a player about to give one: at DEFCON 2 a
coup in a battleground brings DEFCON to 1, and the side whose coup set off the nuclear war loses; so does
a way of playing a card after which every answer does (a coup whose every target is a battleground, the
only one taken for you) or whose event brings DEFCON to 1 (an opponent's Duck and Cover played for its
operations), or after which the opponent can answer so that it does (Olympic Games hosted at DEFCON 2: a
boycott; only where the opponent is a player, not a ruleset's AI, which answers by its own rules). The
answer is legal (it is offered, and taken when confirmed); the screen marks it, asks before taking it,
and the hint says so.

They are found as the search finds the answers it never gambles on (runtime/players/search.py
`answer_loses_at_once`): each tried in a copy of the game up to its next question (and through the same
side's next questions of a few answers in the same action round, every one of which must lose), with
dice of its own (the game's are not looked at), under every rule in force. Only two questions are
tried: a coup's target (where a player weighs a dozen countries and the list says nothing of DEFCON)
and how a card is played; the search's own questions are its business."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.players.rollout import COUP_INTENT, DEFCON_DANGER, PLAY_MODE

# The seed of the copies' dice: a coup's DEFCON drop does not depend on its roll.
SAFETY_SEED = 1


def loses_at_once(engine: Any, decision: Decision) -> list[Any]:
    """The coup targets, or the ways to play a card, of `decision` that lose the game at once (none above
    DEFCON 2, nor at another question)."""
    if (
        engine is None
        or not is_war_checked(decision)
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
    search.at_once_within = (engine.state.turn, engine.state.action_round)
    return [o for k, o in enumerate(decision.options) if search.answer_loses_at_once(engine, decision, k, o)]


def left_to_the_opponent(engine: Any, decision: Decision, losing: list[Any]) -> list[Any]:
    """Of `losing` (`loses_at_once`'s), the answers that lose only by the opponent's answer to them (Olympic
    Games hosted at DEFCON 2: the guest may boycott, which brings DEFCON to 1 in the host's round), not
    whatever the player chooses after them: they are said in other words."""
    if not losing:
        return []
    from twilight.runtime.players.search import SearchPlayer

    search = SearchPlayer(SAFETY_SEED)
    search.engine = engine
    search.at_once_within = (engine.state.turn, engine.state.action_round)
    search.opponent_replies = False
    index = {str(o): k for k, o in enumerate(decision.options)}
    return [o for o in losing if not search.answer_loses_at_once(engine, decision, index[str(o)], o)]


def is_war_checked(decision: Decision) -> bool:
    """Whether `loses_at_once` tries the question's answers: a coup's target, or how a card is played."""
    return decision.context.get("intent") == COUP_INTENT or is_play_mode(decision)


def is_play_mode(decision: Decision) -> bool:
    """The question of how a card is played (its answers are ways, not countries, in the words said)."""
    return decision.name == PLAY_MODE


class LosingAnswers:
    """`loses_at_once` of the question being asked, worked out once for it (the screen is drawn again at
    each command, the answer confirmed after)."""

    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.found: list[Any] = []
        self.by_opponent: list[Any] = []  # of those, the ones lost by the opponent's answer

    def of(self, engine: Any, decision: Decision) -> list[Any]:
        if decision is not self.decision:
            self.decision, self.found = decision, loses_at_once(engine, decision)
            self.by_opponent = left_to_the_opponent(engine, decision, self.found)
        return self.found

    def left_to_the_opponent(self, engine: Any, decision: Decision) -> list[Any]:
        """`left_to_the_opponent` of the question being asked."""
        self.of(engine, decision)
        return self.by_opponent
