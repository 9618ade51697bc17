"""`hint` in `twilight play`: what the search policy (runtime/search.py) would answer to the question on
the screen, and why: its best answers (up to three) with their scores and playouts, within a second.

The search sees what the player sees: the cards the player cannot see are dealt anew in each playout, as
the search policy deals them, never the AI's real hand or the draw pile's order. Nothing of the game
changes: the playouts run on copies of the game made at the question (`Engine.clone`: no die of the real
game is rolled, no answer is taken, the save is not written). A question the search does not weigh (a
choice among more than `MAX_CANDIDATES` answers, a pick of several) gets the quick heuristic's answer
where the heuristic weighs it, said as such, or a line saying there is no hint. A point of influence is
rated as the search plays it: whole plans for the card's points left, each shown as the points it puts in
each country, with the country its first point goes to (the answer to type now).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from twilight.cli.session.danger import (
    is_play_mode,
    is_war_checked,
    is_war_only,
    left_to_the_opponent,
    losing_reasons,
)
from twilight.cli.session.game import AutosavingPlayer, GameSession
from twilight.cli.session.question import answer_words
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.players.influence_plans import InfluencePlan

# The wall-clock time the playouts may take: with the start of the search and the lines printed, a hint
# answers within a second (`twilight bench` measures it: hint.wall_p99_ms).
BUDGET_MS = 750.0
SHOWN = 3  # the best answers shown
# The most answers the hint weighs: each gets a share of the budget, and below a few playouts each the
# scores say little. (A hand of cards is within it.)
MAX_CANDIDATES = 10


def hint_seed(engine: Any) -> int:
    """The same question of the same game gets the same dealings (the number of playouts may differ)."""
    return int(engine.seed) * 1_000_003 + len(engine.answers)


def opponents_of(engine: Any, side: str) -> dict[str, Any]:
    """The other sides' players in the playouts: the AI itself (without the session's autosave around
    it), or, for anyone else (a person at the same terminal, a policy watched), the greedy heuristic."""
    from twilight.runtime.solo.ai import RulesAIPlayer

    out: dict[str, Any] = {}
    for other, player in engine.players.items():
        if other == side:
            continue
        seated = player.inner if isinstance(player, AutosavingPlayer) else player
        if isinstance(seated, RulesAIPlayer):
            out[other] = seated
        else:
            greedy = GreedyPlayer(hint_seed(engine) + len(out) + 1)
            greedy.engine = engine
            out[other] = greedy
    return out


@dataclasses.dataclass
class Hint:
    """What the hint says (its lines, in the player's language) and the answers it recommends: the
    search's best (for a plan of a card's points, the country its first point goes to), else the quick
    heuristic's, else the one answer that does not lose at once; none when it has no hint."""

    lines: list[str]
    picks: list[Any]


def hint_lines(session: GameSession, decision: Decision) -> list[str]:
    """The hint's lines (`hint`)."""
    return hint(session, decision).lines


def hint(session: GameSession, decision: Decision) -> Hint:
    """The hint on the question, in the player's language. The search plays its playouts on copies of the
    game made at this decision (`Engine.clone`): the game itself is not changed."""
    from twilight.runtime.players.search import SearchPlayer

    started = time.perf_counter()  # (the budget counts from here: the words looked up count too)
    t, engine = session.text, session.engine
    war, decision = war_lines(session, decision)
    if war and len(decision.options) < 2:  # (every answer, or all but one, loses at once: said)
        return Hint(war, list(decision.options))
    search = SearchPlayer(hint_seed(engine), max_candidates=MAX_CANDIDATES, most_plans=MAX_CANDIDATES)
    search.engine = engine
    search.opponents = opponents_of(engine, decision.side)
    try:
        advice = search.advise(decision, BUDGET_MS - (time.perf_counter() - started) * 1000)
    except KeyboardInterrupt:  # Ctrl-C during the hint stops the hint, not the game
        return Hint([*war, t.t("play-advice-stopped")], [])
    if advice is None:
        lines, picks = heuristic_hint(session, decision, bool(war))
        return Hint([*war, *lines], picks)
    lines = [*war, *advice_lines(t, advice, search.horizon)]
    greedy = any(isinstance(p, GreedyPlayer) for p in search.opponents.values())
    lines.extend(opponent_lines(t, greedy))
    best = advice.ranked[0].option if advice.ranked else None
    if isinstance(best, InfluencePlan):
        best = best.first
    return Hint(lines, [] if best is None else [best])


def war_lines(session: GameSession, decision: Decision) -> tuple[list[str], Decision]:
    """The answers that lose the game at once (a coup that sets off nuclear war), said first, and the
    question the hint weighs without them: ([], the question) when none does. When one answer is left it
    is named; when none is, that every one loses."""
    # Every answer that loses, marked on the screen or not (at a question of plain answers every one of
    # which loses, none is marked; the search would call them a tie at 0%: the hint says they all lose).
    if isinstance(session, GameSession):
        by_opponent = session.losing_by_opponent(decision)
        losing, reasons = session.losing.every, dict(session.losing.reasons)
    else:  # (a session of a test's making: nothing kept of the question)
        losing, by_opponent, reasons = losing_found(session.engine, decision)
    return losing_lines(session.text, decision, losing, by_opponent=by_opponent, reasons=reasons)


def losing_found(engine: Any, decision: Decision) -> tuple[list[Any], list[Any], dict[str, frozenset[str]]]:
    """What a hint says first of a question, found once for both hints (the game's `hint` through its
    session's `LosingAnswers`, the same finding; `twilight hint SAVE`): the answers that lose the game at
    once, those of them lost by the opponent's answer, and the end reasons each loses by (by `str` of the
    answer), so that `losing_lines` says a loss by its reasons (a coup under the Cuban Missile Crisis) and
    not as a nuclear war."""
    found = losing_reasons(engine, decision)
    losing = [o for o, _ in found]
    return losing, left_to_the_opponent(engine, decision, losing), {str(o): why for o, why in found}


# The line when every answer loses at once by a reason other than nuclear war alone (the game's says undo
# takes the last answer back; `twilight hint SAVE` has its own: there is no undo there).
LOSE_ALL = "play-advice-lose-all"
# The lines that name the answers that lose at once: (those answers, the one left, every one), for a
# question of coup targets and for the question of how a card is played (ways, not targets).
WAR_LINES = {
    False: ("play-advice-war", "play-advice-war-one-safe", "play-advice-war-all"),
    True: ("play-advice-war-mode", "play-advice-war-one-safe-mode", "play-advice-war-all-mode"),
}


def losing_lines(
    t: Any,
    decision: Decision,
    losing: list[Any],
    every_one: dict[bool, str] | None = None,
    by_opponent: list[Any] | None = None,
    reasons: dict[str, frozenset[str]] | None = None,
    lose_all: str = LOSE_ALL,
) -> tuple[list[str], Decision]:
    """`war_lines` for answers already found to lose at once (`every_one`: the line when all do, by
    whether the question is how a card is played; `by_opponent`: those of them lost by the opponent's
    answer, named on a line of their own; `reasons`: the end reasons each loses by, when known: a loss
    not by nuclear war alone is said by its reasons, `reason_lines`, with `lose_all` when all do)."""
    if not losing:
        return [], decision
    why = reasons or {}
    if not all(is_war_only(why.get(str(o))) for o in losing):
        return reason_lines(t, decision, losing, why, lose_all)
    ways = is_play_mode(decision)
    named_id, one_safe_id, all_id = WAR_LINES[ways]
    theirs = {str(o) for o in by_opponent or ()}
    lines = []
    for by, answers in (
        ("you", [o for o in losing if str(o) not in theirs]),
        ("opponent", [o for o in losing if str(o) in theirs]),
    ):
        if answers:
            named = ", ".join(t.option(o) for o in answers)
            lines.append(t.t(named_id, answers=named, count=len(answers), by=by))
    safe = [o for o in decision.options if o not in losing]
    if not safe:
        return [t.t(every_one[ways] if every_one else all_id)], dataclasses.replace(decision, options=[])
    if len(safe) == 1:
        lines.append(t.t(one_safe_id, answer=t.option(safe[0])))
    return lines, dataclasses.replace(decision, options=safe)


def reason_lines(
    t: Any,
    decision: Decision,
    losing: list[Any],
    reasons: dict[str, frozenset[str]],
    lose_all: str = LOSE_ALL,
) -> tuple[list[str], Decision]:
    """`losing_lines` for answers of which some lose otherwise than by nuclear war alone (a coup under the
    Cuban Missile Crisis: the crisis ends the game, or its way out taken, the coup brings DEFCON to 1):
    each named with the reasons it loses by; when none is left, that every answer loses, and why."""
    lines = []
    by_reasons: dict[frozenset[str], list[Any]] = {}
    for o in losing:
        by_reasons.setdefault(reasons.get(str(o), frozenset()), []).append(o)
    safe = [o for o in decision.options if o not in losing]
    if not safe:
        every = frozenset().union(*by_reasons)
        return [t.t(lose_all, reasons=reasons_text(t, every))], dataclasses.replace(decision, options=[])
    for why, answers in by_reasons.items():
        named = ", ".join(t.option(o) for o in answers)
        lines.append(t.t("play-advice-lose", answers=named, count=len(answers), reasons=reasons_text(t, why)))
    if len(safe) == 1:
        one_safe = (
            WAR_LINES[is_play_mode(decision)][1] if is_war_checked(decision) else "play-advice-lose-one-safe"
        )
        lines.append(t.t(one_safe, answer=t.option(safe[0])))
    return lines, dataclasses.replace(decision, options=safe)


# The reasons said in the player's own words, not the ruleset's account of how the game ended.
OWN_REASONS = {"defcon_1": "play-lose-reason-defcon_1"}


def reasons_text(t: Any, reasons: frozenset[str]) -> str:
    """The reasons a game is lost, in words: the player's own for a nuclear war, else the ruleset's words
    for how the game ended (end-<reason>), joined by "or"."""
    said: list[str] = []
    for reason in sorted(reasons):
        said.append(str(t.t(OWN_REASONS[reason]) if reason in OWN_REASONS else t.t(f"end-{reason}")))
    if not said:
        return ""
    text = said[0]
    for more in said[1:]:
        text = str(t.t("play-lose-reason-or", first=text, second=more))
    return text


def advice_lines(t: Any, advice: Any, horizon: int) -> list[str]:
    """The search's advice in the player's words: the best answers with their scores, intervals and
    playouts (a tie with the best said so), one line of why, and how to read the scores."""
    lines = [
        t.t(
            "play-advice-title",
            playouts=advice.playouts,
            ms=round(advice.seconds * 1000),
            horizon=horizon,
        )
    ]
    best = advice.ranked[0].option if advice.ranked else None
    if isinstance(best, InfluencePlan) and best.first is not None:
        lines.append(t.t("play-advice-plans", country=t.country(best.first)))
    for rank, answer in enumerate(advice.ranked[:SHOWN], start=1):
        line = t.t(
            "play-advice-move",
            rank=rank,
            answer=answer_words(t, answer.option),
            score=round(answer.mean * 100),
            low=round(answer.low * 100),
            high=round(answer.high * 100),
            count=answer.playouts,
        )
        if rank > 1 and answer.tied_with_best:
            line += t.t("play-advice-tie")
        lines.append(line)
    why = why_line(t, advice)
    if why:
        lines.append(why)
    ir = getattr(t, "ir", None)
    regions = ir is None or names_regions(ir)
    lines.append(t.t("play-advice-scale" if regions else "play-advice-scale-no-regions"))
    return lines


def opponent_lines(t: Any, greedy: bool) -> list[str]:
    """After the advice, both hints' (the game's, `twilight hint SAVE`): that the playouts play the other
    side by the quick heuristic, when they do (`greedy`: no rules' AI plays it: a person, the computer)."""
    return [str(t.t("play-advice-greedy-opponent"))] if greedy else []


def heuristic_opponent(engine: Any, side: str) -> bool:
    """Whether a search with no model of the other side (`twilight hint SAVE`'s) plays it by the quick
    heuristic in its playouts: no rules' AI plays it (runtime/players/search.py `_opponent`)."""
    from twilight.runtime.core.sides import opponent
    from twilight.runtime.solo.ai import ai_side_of

    return ai_side_of(engine.ir, engine.state.settings) != opponent(side)


def names_regions(ir: dict[str, Any]) -> bool:
    """Whether the rules name a Primary region (solo-v2), whose score the playouts' value counts."""
    from twilight.runtime.core.state import PRIMARY_REGION_VARIABLE

    return PRIMARY_REGION_VARIABLE in (ir.get("variables") or {})


# What one unit of each fact is worth in a playout's value (runtime/search.py playout_value): a game lost
# instead of level costs 0.5, a VP of lead 0.45 / 20, a VP of a region's score 0.01.
FACT_WEIGHTS = {"lost": -0.5, "won": 0.5, "vp_gain": 0.0225, "region_gain": 0.01}


def why_cause(advice: Any) -> tuple[str, Any, Any] | None:
    """Why the best answer beats the next: (the fact that weighs most in its favour, the best, the next);
    ("tie", …) when their intervals overlap; None with a single answer."""
    if len(advice.ranked) < 2:
        return None
    best, other = advice.ranked[0], advice.ranked[1]
    if other.tied_with_best:
        return "tie", best, other
    gains = {name: (getattr(best, name) - getattr(other, name)) * w for name, w in FACT_WEIGHTS.items()}
    if advice.region is None:
        gains.pop("region_gain")
    # (only a fact whose difference the line would say: "0 VP better off" says nothing)
    said = {name: gain for name, gain in gains.items() if gain > 0 and _said(name, best, other)}
    if not said:
        return "score", best, other
    return max(said, key=lambda name: said[name]), best, other


def _said(fact: str, best: Any, other: Any) -> bool:
    """Whether the difference of `fact` between the two answers is something once rounded as the line
    says it (whole percents of games lost or won, tenths of VP)."""
    mine, theirs = float(getattr(best, fact)), float(getattr(other, fact))
    if fact in ("lost", "won"):
        return round(mine * 100) != round(theirs * 100)
    return round(mine - theirs, 1) > 0


def why_line(t: Any, advice: Any) -> str | None:
    """One line of why the best answer is best, in the player's language."""
    found = why_cause(advice)
    if found is None:
        return None
    cause, best, other = found
    names = {"answer": answer_words(t, best.option), "other": answer_words(t, other.option)}
    if cause == "tie":
        return str(t.t("play-advice-why-tie", **names))
    if cause == "lost":
        return str(
            t.t(
                "play-advice-why-loss",
                lost=round(best.lost * 100),
                other_lost=round(other.lost * 100),
                **names,
            )
        )
    if cause == "won":
        return str(
            t.t("play-advice-why-win", won=round(best.won * 100), other_won=round(other.won * 100), **names)
        )
    if cause == "vp_gain":
        return str(t.t("play-advice-why-vp", vp=round(best.vp_gain - other.vp_gain, 1), **names))
    if cause == "region_gain":
        gain = round(best.region_gain - other.region_gain, 1)
        return str(t.t("play-advice-why-region", gain=gain, **t.region_args(advice.region), **names))
    return str(t.t("play-advice-why-score", **names))


def advice_json(t: Any, decision: Decision, advice: Any, horizon: int) -> dict[str, Any]:
    """The advice as data (`twilight hint --json`): each answer's id and words, score and interval (0 to
    100), playouts, and what its lines of play did; the why, as a cause and a line."""
    found = why_cause(advice)
    return {
        "question": decision.name,
        "side": decision.side,
        "playouts": advice.playouts,
        "ms": round(advice.seconds * 1000),
        "horizon": horizon,
        "region": advice.region,
        "answers": [
            {
                **_answer_data(a.option),
                "words": answer_words(t, a.option),
                "score": round(a.mean * 100, 1),
                "interval": [round(a.low * 100, 1), round(a.high * 100, 1)],
                "playouts": a.playouts,
                "tied_with_best": a.tied_with_best,
                "vp_gain": round(a.vp_gain, 2),
                "lost": round(a.lost, 3),
                "won": round(a.won, 3),
                "region_gain": round(a.region_gain, 2),
            }
            for a in advice.ranked
        ],
        "why": None if found is None else {"cause": found[0], "line": why_line(t, advice)},
    }


def _answer_data(option: Any) -> dict[str, Any]:
    """An answer as data: the option itself; for a plan of the card's points, the country its first point
    goes to (the answer to give now) and the influence it adds in each country."""
    if isinstance(option, InfluencePlan):
        return {
            "answer": option.first,
            "plan": [{"country": c, "influence": n} for c, n in option.placed],
        }
    return {"answer": option}


def heuristic_hint(
    session: GameSession, decision: Decision, war: bool = False
) -> tuple[list[str], list[Any]]:
    """The quick heuristic's answer (its line, and the answer), where it weighs the question; else a line
    saying there is none (or, `war`: after the answers that lose at once were named, that the others are
    safe), and no answer."""
    weighed, answer = heuristic_answer(session.engine, decision)
    return heuristic_lines(session.text, decision, weighed, answer, war)


def heuristic_answer(engine: Any, decision: Decision) -> tuple[bool, Any]:
    """Whether the quick heuristic weighs the question, and its answer when it does (worked out at the
    question: `twilight hint SAVE` says it after the save's replay, as the game's hint does)."""
    greedy = GreedyPlayer(hint_seed(engine))
    greedy.engine = engine
    if not greedy.weighs(decision):
        return False, None
    # (the heuristic tries a point in each country on the real board and takes it back at once)
    return True, greedy.decide(decision)


def heuristic_lines(
    t: Any, decision: Decision, weighed: bool, answer: Any, war: bool = False
) -> tuple[list[str], list[Any]]:
    """`heuristic_hint`'s lines and answers for `heuristic_answer`'s finding: the heuristic's answer said as
    such; else that there is no hint (or, `war`: after the answers that lose at once were named, that the
    others are safe)."""
    if not weighed:
        if war:
            return [t.t("play-advice-war-others", count=len(decision.options))], []
        return [t.t("play-advice-none", max=MAX_CANDIDATES)], []
    said = t.t("play-advice-heuristic", answer=t.option(answer), max=MAX_CANDIDATES)
    return [said], list(answer) if isinstance(answer, list) else [answer]
