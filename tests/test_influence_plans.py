"""The search's whole plans for a card's influence points (runtime/players/influence_plans.py): what is
offered, and that the game follows the plan the search chose to the card's last point."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.engine import Engine, QuietEngine
from twilight.runtime.game import new_engine
from twilight.runtime.players.influence_plans import (
    HOLD,
    TAKE,
    TOWARDS,
    InfluencePlan,
    first_point,
    influence_plans,
)
from twilight.runtime.players.rollout import RolloutPlayer
from twilight.runtime.players.search import SearchPlayer
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import StopHere, compiled_ir, play_solo_until


def _rollout(twin: Engine) -> RolloutPlayer:
    player = RolloutPlayer(11)
    player.engine = twin
    return player


def _plans_at_first_points(seed: int, wanted: int) -> list[tuple[Engine, Decision, list[InfluencePlan]]]:
    """The plans offered at the first point of the US's first card placements with a plan to choose."""
    found: list[tuple[Engine, Decision, list[InfluencePlan]]] = []
    greedy: Any = None

    class Recording:
        def __init__(self) -> None:
            self.engine: Any = None

        def decide(self, decision: Decision) -> Any:
            nonlocal greedy
            if greedy is None:
                greedy = RolloutPlayer(5)
            greedy.engine = self.engine
            if len(found) >= wanted:
                raise StopHere
            if first_point(decision):
                weighed = greedy.weighed_regions(self.engine)
                plans = influence_plans(self.engine, decision, weighed, _rollout, 8)
                if plans:
                    found.append((self.engine, decision, plans))
                    before = {c: dict(self.engine.state.influence[c]) for c in decision.options}
                    # Offering plans leaves the game as it was.
                    assert before == {c: self.engine.state.influence[c] for c in decision.options}
            return greedy.decide(decision)

    ir = compiled_ir("solo-v2")
    human = Recording()
    ai = RulesAIPlayer()
    engine = new_engine(ir, {"us": human, "ussr": ai}, seed=seed)
    engine.track = engine.track_after = True
    human.engine = ai.engine = engine
    with pytest.raises(StopHere):
        engine.run()
    return found


def test_plans_start_with_the_rollout_players_and_end_on_boards_of_their_own() -> None:
    found = _plans_at_first_points(seed=3, wanted=8)
    assert len(found) >= 3, "a solo-v2 game offers plans at several of the US's placements"
    kinds = {goal.kind for _, _, plans in found for plan in plans for goal in plan.goals}
    assert {TAKE, HOLD, TOWARDS} <= kinds, "controls taken, battlegrounds guarded and built towards"
    for _engine, decision, plans in found:
        assert plans[0].goals == (), "the rollout player's own placement is always a plan"
        assert len(plans) >= 2
        boards = [p.board for p in plans]
        assert len(set(boards)) == len(boards), "plans that end on the same board are one"
        points = decision.context["points_left"]
        for plan in plans:
            assert sum(n for _, n in plan.board) >= 1
            for goal in plan.goals:
                assert goal.country in decision.options
            placed = dict(plan.board)
            for goal in plan.goals:
                # The plan was played to its end: each goal's country got its points.
                assert placed.get(goal.country, -1) >= goal.influence
        assert len(plans) <= 8 and points >= 1


def test_the_game_follows_the_chosen_plan_to_the_cards_last_point() -> None:
    """A searched placement: the plan the search chose has every goal reached when the card's points are
    placed, in the real game (the follower answered the later points, not the rollout player)."""
    ir = compiled_ir("solo-v2")
    search = SearchPlayer(seed=4, playouts=6, horizon=1)
    checked: list[bool] = []
    pending: list[Any] = []

    class Watching:
        def __init__(self) -> None:
            self.engine: Any = None

        def decide(self, decision: Decision) -> Any:
            if self.engine.state.turn > 2:
                raise StopHere
            if decision.name != "influence_target" and pending:
                follower = pending.pop()
                checked.append(all(g.reached(self.engine, "us") for g in follower.goals))
            answer = search.decide(decision)
            if first_point(decision) and search._following is not None:
                pending[:] = [search._following]
            return answer

    human = Watching()
    ai = RulesAIPlayer()
    engine = new_engine(ir, {"us": human, "ussr": ai}, seed=21)
    engine.track = engine.track_after = True
    human.engine = ai.engine = search.engine = engine
    with pytest.raises(StopHere):
        engine.run()
    assert checked, "some placement of the first two turns was planned"
    assert all(checked)


def test_the_search_without_plans_places_point_by_point() -> None:
    seen: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        search = SearchPlayer(seed=1, playouts=4, horizon=1, plans=False)
        search.engine = engine
        search.decide(decision)
        seen["following"] = search._following
        seen["playouts"] = search.playouts_run

    play_solo_until(first_point, act, seed=3, track=True)
    assert seen["following"] is None and seen["playouts"] == 0


def test_a_plans_copy_stops_as_its_last_point_is_placed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each plan is read on the board its own points leave: its copy stops as the placement's last point
    is placed, in the same action round, before the AI moves. (It used to play on to the next question a
    player was asked: through the round's end and the AI's next round, whose moves were read as the
    plan's.)"""
    copies: list[Engine] = []
    resume = QuietEngine.resume

    def recorded(self: QuietEngine, answer: Any, track: bool | None = None) -> Any:
        copies.append(self)
        return resume(self, answer, track)

    looked: list[tuple[int, int, str, dict[str, int]]] = []
    greedy = RolloutPlayer(5)

    class Human:
        engine: Any = None

        def decide(self, decision: Decision) -> Any:
            greedy.engine = self.engine
            if len(looked) >= 6:
                raise StopHere
            if first_point(decision):
                state = self.engine.state
                copies.clear()
                with monkeypatch.context() as patched:
                    patched.setattr(QuietEngine, "resume", recorded)
                    plans = influence_plans(
                        self.engine, decision, greedy.weighed_regions(self.engine), _rollout, 8
                    )
                if plans:
                    ai_influence = {c: i["ussr"] for c, i in state.influence.items()}
                    for copy in copies:
                        end = copy.state
                        assert (end.turn, end.action_round, end.phasing) == (
                            state.turn,
                            state.action_round,
                            "us",
                        )
                        assert {c: i["ussr"] for c, i in end.influence.items()} == ai_influence
                    looked.append((state.turn, state.action_round, decision.name, ai_influence))
            return greedy.decide(decision)

    ir = compiled_ir("solo-v2")
    human = Human()
    ai = RulesAIPlayer()
    engine = new_engine(ir, {"us": human, "ussr": ai}, seed=3)
    engine.track = engine.track_after = True
    human.engine = ai.engine = engine
    with pytest.raises(StopHere):
        engine.run()
    assert len(looked) == 6
