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
dice of its own (the game's are not looked at), under every rule in force. At DEFCON 2 or lower, or
while an opponent's event in force hears coups (the Cuban Missile Crisis after SALT Negotiations raised
DEFCON), a coup's target (where a player weighs a dozen countries and the list says nothing of DEFCON) and
how a card is played are tried; at any DEFCON, a short question of plain answers (How I Learned to Stop
Worrying's DEFCON 1, the Cuban Missile Crisis's way out as a coup sets it off). Other questions (cards,
many countries) are not: each answer costs a few copies of the game."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.players.rollout import COUP_INTENT, DEFCON_DANGER, PLAY_MODE
from twilight.runtime.players.search import coups_heard_against

# The seed of the copies' dice: a coup's DEFCON drop does not depend on its roll.
SAFETY_SEED = 1


def loses_at_once(engine: Any, decision: Decision) -> list[Any]:
    """The answers of `decision` that lose the game at once (`losing_reasons`, without the reasons)."""
    return [o for o, _ in losing_reasons(engine, decision)]


def losing_reasons(engine: Any, decision: Decision) -> list[tuple[Any, frozenset[str]]]:
    """The answers of `decision` that lose the game at once, each with the end reasons of the games it
    loses (the ruleset's ids: "defcon_1", "cuban_missile_crisis"...), in the question's order: a coup's
    targets and the ways to play a card at DEFCON 2 or lower or under an opponent's event that hears coups
    (`coups_heard_against`), and a short question of plain answers at any DEFCON (`is_plain_question`)."""
    if (
        engine is None
        or not engine.track
        or engine.lookahead_depth
        or decision.min_count > 1
        or not decision.options
    ):
        return []
    if is_war_checked(decision):
        if engine.state.defcon > DEFCON_DANGER and not coups_heard_against(engine, decision.side):
            return []
    elif not is_plain_question(engine, decision):
        return []
    from twilight.runtime.players.search import SearchPlayer

    search = SearchPlayer(SAFETY_SEED)
    search.engine = engine
    search.at_once_within = (engine.state.turn, engine.state.action_round)
    found: list[tuple[Any, frozenset[str]]] = []
    for k, o in enumerate(decision.options):
        search.reasons_of_losses = set()
        if search.answer_loses_at_once(engine, decision, k, o):
            found.append((o, frozenset(search.reasons_of_losses)))
    return found


def is_plain_question(engine: Any, decision: Decision) -> bool:
    """A question of one answer among a few plain ones (words or numbers: no country, no card), which a
    DEFCON above 2 does not make safe: How I Learned to Stop Worrying's DEFCON 1, chosen at DEFCON 5; the
    way out of the Cuban Missile Crisis asked as a coup sets it off. A question of many answers, or of
    countries or cards, is not tried (each answer costs a few copies of the game)."""
    from twilight.runtime.players.search import AT_ONCE_ANSWERS

    if not decision.single or not 1 < len(decision.options) <= AT_ONCE_ANSWERS:
        return False
    cards, countries = engine.ir["cards"], engine.ir["map"]["countries"]
    return not any(str(o) in cards or str(o) in countries for o in decision.options)


def marked(engine: Any, decision: Decision, losing: list[Any]) -> list[Any]:
    """Of `losing`, the answers a player is warned of and asked to confirm: all of them, but at a plain
    question none when every answer loses (no answer avoids it, and a confirmation on each would only be
    in the way: the US at 18 VP, asked whether its event on the USSR's card comes first, scores 2 either
    way). The hint still says that every answer loses."""
    if len(losing) == len(decision.options) and not is_war_checked(decision):
        return []
    return losing


def is_war_only(reasons: frozenset[str] | set[str] | None) -> bool:
    """Whether the losses are all by nuclear war (DEFCON 1), said in the words of a coup's DEFCON drop; or
    unknown (the words of old)."""
    from twilight.runtime.players.search import DEFCON_WAR_END

    return not reasons or set(reasons) <= {DEFCON_WAR_END}


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
    """Whether the question is a coup's target or how a card is played, whose answers `loses_at_once` tries
    at DEFCON 2 or lower (or under an opponent's event that hears coups: `coups_heard_against`)."""
    return decision.context.get("intent") == COUP_INTENT or is_play_mode(decision)


def is_play_mode(decision: Decision) -> bool:
    """The question of how a card is played (its answers are ways, not countries, in the words said)."""
    return decision.name == PLAY_MODE


class LosingAnswers:
    """`loses_at_once` of the question being asked, worked out once for it (the screen is drawn again at
    each command, the answer confirmed after)."""

    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.found: list[Any] = []  # the answers marked (`marked`)
        self.every: list[Any] = []  # every answer that loses at once, marked or not (the hint's)
        self.by_opponent: list[Any] = []  # of those, the ones lost by the opponent's answer
        self.reasons: dict[str, frozenset[str]] = {}  # the end reasons each of them loses by (by str)

    def of(self, engine: Any, decision: Decision) -> list[Any]:
        if decision is not self.decision:
            found = losing_reasons(engine, decision)
            self.reasons = {str(o): why for o, why in found}
            self.every = [o for o, _ in found]
            self.decision, self.found = decision, marked(engine, decision, self.every)
            self.by_opponent = left_to_the_opponent(engine, decision, self.every)
        return self.found

    def left_to_the_opponent(self, engine: Any, decision: Decision) -> list[Any]:
        """`left_to_the_opponent` of the question being asked."""
        self.of(engine, decision)
        return self.by_opponent
