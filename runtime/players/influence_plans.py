"""Whole plans for a card's influence points, for the search to choose among (issue 44: "search influence
placement by whole plans or groups, not point by point").

Placed point by point, the rollout player takes the point that changes a region's score now, else a
battleground closest to control: a country that needs three points to take brings nothing on the first,
and the points of a card were spread where no single one paid. A plan names what the card's points are
for: the countries whose control they take or whose control by the opponent they break (a *goal*). The
plans offered are the goals each alone and two or three together whose points fit the card, ranked by
what the Primary and the Secondary region would score once they are reached (weighed as the rollout player
weighs them), best first; the empty plan (every point the rollout player's) is always among them; and
two that no score now can rank: two points to guard the battleground of those regions held by the
smallest margin (the AI moves before a region scores, and coups where a level can change), and two
towards the battleground whose control the card cannot take that needs the fewest points more. Each is
then played to its end in a copy of the game, so that what the rules really allow (costs as they change,
a cap on the points in one country) decides its board: a plan whose goals the rules do not let it reach
is not offered, and plans that end on the same board are one. The search tries the plans left in its
playouts, and the game follows the one it chose point by point (`PlanFollower`): each point to the first
goal not reached whose country is still offered, the rest to the rollout player.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.dice import AverageDice
from twilight.runtime.core.engine import QuietEngine
from twilight.runtime.core.primitives.map_queries import board, supposing_influence
from twilight.runtime.core.primitives.scoring import net_region_score
from twilight.runtime.core.sides import SIDES, opponent

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine

# The runtime's question of where an operations point of influence goes (operations.py's
# `place_influence_with_ops`), and what it shows: the points left of the card's.
INFLUENCE_TARGET = "influence_target"
POINTS_LEFT = "points_left"
COSTS = "costs"
TAKE, BREAK, HOLD, TOWARDS = "take", "break", "hold", "towards"  # the kinds of a goal (`Goal`)
GOALS_COMBINED = 8  # the goals (best alone first) that go into plans of two and three
PLANS_TRIED = 12  # the plans, best first by their goals' score, played to their end in a copy
GUARDING_PLANS = 2  # the places kept among the plans for a battleground guarded or built towards
GUARDING_POINTS = 2  # the points such a plan puts in its country


@dataclass(frozen=True)
class Goal:
    """The side's influence in a country to reach by the card's points: enough to take its control
    (TAKE), to end the opponent's (BREAK), or, in a country the side holds or cannot take with this card,
    more (HOLD: against the opponent's coups and realignments before the region scores; TOWARDS: the
    next card's control)."""

    country: str
    kind: str
    influence: int  # the side's influence there once the goal is reached

    def reached(self, engine: Engine, side: str) -> bool:
        return bool(engine.state.influence[self.country][side] >= self.influence)


@dataclass(frozen=True)
class InfluencePlan:
    """A card's points by their goals, in order (none: every point the rollout player's), and what it did
    when played in a copy: the board it ended on (the countries it changed, with the side's influence
    there), the points it added to each of them (in the order they were first placed in), and the country
    of its first point (what a player following it answers now)."""

    goals: tuple[Goal, ...]
    board: tuple[tuple[str, int], ...] = ()
    placed: tuple[tuple[str, int], ...] = ()
    first: str | None = None

    def __str__(self) -> str:  # (the search's `last_values` and traces name the answers by str)
        return "+".join(f"{g.kind} {g.country} {g.influence}" for g in self.goals) or "rollout"


class PlanFollower:
    """A player for the side placing a card's points by a plan: each point to the first goal not yet
    reached whose country is offered, any other question (and the points no goal takes) to `inner`. It
    follows the plan for one placement: from the first question of another kind on, it only passes
    questions on."""

    def __init__(self, plan: InfluencePlan, inner: Any, engine: Engine) -> None:
        self.goals = plan.goals
        self.inner = inner
        self.engine = engine
        self.active = True

    def decide(self, decision: Decision) -> Any:
        if decision.name != INFLUENCE_TARGET:
            self.active = False
        if self.active:
            for goal in self.goals:
                if goal.country in decision.options and not goal.reached(self.engine, decision.side):
                    return goal.country
        return self.inner.decide(decision)


def first_point(decision: Decision) -> bool:
    """Whether the question is the first point of a card's placement (a plan is made there)."""
    shown = decision.context
    return decision.name == INFLUENCE_TARGET and shown.get(POINTS_LEFT) == shown.get("points")


def influence_plans(
    engine: Engine,
    decision: Decision,
    weighed: list[tuple[str, Any]],
    rollout: Callable[[Engine], Any],
    most: int,
    deal: Callable[[Engine], None] | None = None,
) -> list[InfluencePlan]:
    """At most `most` plans for the card's points (the empty plan first), each with a board of its own.
    `weighed`: the regions the points are for, with their weights; `rollout(copy)`: a rollout player bound
    to a copy of the game, for the points no goal takes; `deal(copy)`: what makes each copy of the game
    the side's view of it (the search deals there the cards its side cannot see)."""
    side = decision.side
    left = int(decision.context.get(POINTS_LEFT, 0))
    costs: dict[str, int] = dict(decision.context.get(COSTS, {}))
    if not costs or not weighed or left <= 0:
        return []
    score = _Score(engine, side, weighed)
    goals = _control_goals(engine, side, costs, left)
    alone = sorted(goals, key=lambda g: -score.of([g[0]]))[:GOALS_COMBINED]
    groups: list[tuple[float, tuple[Goal, ...]]] = []
    for size in (1, 2, 3):
        for combo in itertools.combinations(alone, size):
            if len({g.country for g, _ in combo}) < size or sum(c for _, c in combo) > left:
                continue
            groups.append((score.of([g for g, _ in combo]), tuple(g for g, _ in combo)))
    groups.sort(key=lambda found: -found[0])
    ranked = [g for _, g in groups[:PLANS_TRIED]]
    # The guarding plans get places of their own: the regions' score now cannot rank them.
    placed = max(0, most - 1 - GUARDING_PLANS)
    guarding = [(g,) for g in _guarding_goals(engine, side, costs, left, weighed)]
    plans: list[InfluencePlan] = []
    boards: set[tuple[tuple[str, int], ...]] = set()
    for goals_of_plan in [(), *ranked[:placed], *guarding, *ranked[placed:]]:
        played = _played(engine, decision, InfluencePlan(goals_of_plan), rollout, deal)
        if played is None or played.board in boards:
            continue
        boards.add(played.board)
        plans.append(played)
        if len(plans) >= most:
            break
    return plans if len(plans) > 1 else []


def _control_goals(engine: Engine, side: str, costs: dict[str, int], left: int) -> list[tuple[Goal, int]]:
    """Each control the card's points may take or break, with the operations it costs (a point costs what
    the rules ask now, 1 once the opponent's control is broken): at most `left`."""
    stability = board(engine).stability
    other = opponent(side)
    found = []
    for country, cost in costs.items():
        influence = engine.state.influence[country]
        own, theirs, needed = influence[side], influence[other], stability[country]
        held = theirs > 0 and theirs - own >= needed
        broken = theirs - needed + 1 - own if held else 0  # (the points that end their control)
        if held and broken * cost <= left:
            found.append((Goal(country, BREAK, own + broken), broken * cost))
        if not (own > 0 and own - theirs >= needed):
            to_take = max(1, needed + theirs - own)
            spent = broken * cost + (to_take - broken)
            if spent <= left:
                found.append((Goal(country, TAKE, own + to_take), spent))
    return found


def _guarding_goals(
    engine: Engine, side: str, costs: dict[str, int], left: int, weighed: list[tuple[str, Any]]
) -> list[Goal]:
    """A battleground of the weighed regions to guard (the side's control there with the smallest margin,
    the region weighed most first), and one to build towards (the one whose control the card cannot
    take that needs the fewest points more): `GUARDING_POINTS` points in each."""
    b = board(engine)
    other = opponent(side)
    weight_of: dict[str, Any] = {}
    for region, weight in weighed:
        for country in b.member_set.get(region, ()):
            weight_of[country] = max(weight, weight_of.get(country, 0))
    points = min(left, GUARDING_POINTS)
    held: list[tuple[Any, ...]] = []
    towards: list[tuple[Any, ...]] = []
    for country, cost in costs.items():
        if country not in weight_of or not b.battleground[country] or cost > 1:
            continue
        influence = engine.state.influence[country]
        own, theirs, needed = influence[side], influence[other], b.stability[country]
        margin = own - theirs - needed
        if own > 0 and margin >= 0:
            held.append((margin, -weight_of[country], country, own))
        elif needed + theirs - own > left:
            towards.append((needed + theirs - own, -weight_of[country], country, own))
    goals = [Goal(min(held)[2], HOLD, min(held)[3] + points)] if held else []
    if towards:
        goals.append(Goal(min(towards)[2], TOWARDS, min(towards)[3] + points))
    return goals


class _Score:
    """What the weighed regions would score for the side with some goals reached (the board supposed so
    for the count, then put back: map_queries.supposing_influence)."""

    def __init__(self, engine: Engine, side: str, weighed: list[tuple[str, Any]]) -> None:
        self.engine, self.side, self.weighed = engine, side, weighed

    def of(self, goals: list[Goal]) -> float:
        engine, side = self.engine, self.side
        return float(
            supposing_influence(
                engine,
                side,
                {g.country: g.influence for g in goals},
                lambda: sum(w * net_region_score(engine, side, r) for r, w in self.weighed),
            )
        )


class _PlacementOver(Exception):
    """Raised in a copy when the card's placement is over (its first question of another kind)."""


class _UntilPlaced:
    def __init__(self, inner: PlanFollower, order: list[str]) -> None:
        self.inner = inner
        self.order = order

    def decide(self, decision: Decision) -> Any:
        if decision.name != INFLUENCE_TARGET:
            raise _PlacementOver
        answer = self.inner.decide(decision)
        self.order.append(answer)
        return answer


class _Stopped:
    def decide(self, decision: Decision) -> Any:
        raise _PlacementOver


def _placement_over() -> None:
    raise _PlacementOver


def _played(
    engine: Engine,
    decision: Decision,
    plan: InfluencePlan,
    rollout: Callable[[Engine], Any],
    deal: Callable[[Engine], None] | None = None,
) -> InfluencePlan | None:
    """The plan played in a copy of the game to the end of the card's placement, with what it did there
    (None when a goal was not reached there, or the copy failed). The copy stops as the placement's last
    point is placed (`Engine.placement_over`), not at the next question some player is asked: the rules
    would play on through the round's end and the opponent's next round, and the plan would be read on
    the board the opponent's answer left. A placement reads the board alone, but the copy is the side's
    view all the same (`deal`), and tests/test_no_peeking.py checks that the plans never depend on the
    hidden cards or the dice."""
    side = decision.side
    # (not the game's dice, nor dice from its seed: a placement rolls none, and no copy the search makes
    # may foresee a roll or replay the setup's shuffles; average rolls, as in the AI's look-ahead)
    twin = engine.clone(events=False, cls=QuietEngine, dice=False)
    twin.dice = AverageDice()
    if deal is not None:
        deal(twin)
    follower = PlanFollower(plan, rollout(twin), twin)
    before = {c: twin.state.influence[c][side] for c in decision.options}
    order: list[str] = []  # (the countries in the order the points went to them)
    players: dict[str, Any] = {s: _Stopped() for s in SIDES}
    players[side] = _UntilPlaced(follower, order)
    twin.players = players
    twin.placement_over = _placement_over
    try:
        first = follower.decide(decision)
        order.append(first)
        twin.resume(first, track=False)
    except _PlacementOver:
        pass
    except Exception:  # (an error in the copy: the plan is not offered)
        return None
    finally:
        twin.players = {}
    if not all(goal.reached(twin, side) for goal in plan.goals):
        return None
    after = twin.state.influence
    board_after = tuple(sorted((c, after[c][side]) for c in before if after[c][side] != before[c]))
    placed = tuple(
        (c, after[c][side] - before[c]) for c in dict.fromkeys(order) if after[c][side] != before[c]
    )
    return InfluencePlan(plan.goals, board_after, placed, first)
