"""An action the API offers but the rules then refuse (a defect of the ruleset: an error raised inside the
engine) is a GameError that leaves the state as it was: the caller may take another action, or copy or
serialize the state, and lose nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from twilight.api import Game, GameError, State
from twilight.runtime.core.engine import Engine


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


def looks(state: State) -> tuple[Any, ...]:
    return (
        state.history(),
        str(state),
        state.legal_actions(),
        state.current_player(),
        state.picks(),
        state.chance_outcomes(),
        state.information_state_string(0),
    )


def broken_resume(engine: Engine, answer: Any, track: bool | None = None) -> Any:
    raise RuntimeError("a rule failed")


def at_first_decision(game: Game) -> State:
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_refused_answer_changes_nothing(standard: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_first_decision(standard)
    picks = state.legal_actions()[:1] * 6  # (the USSR's six setup influence, all in one country)
    for pick in picks[:-1]:
        state.apply_action(pick)
    before = looks(state)
    with monkeypatch.context() as patched:
        patched.setattr(Engine, "resume", broken_resume)
        with pytest.raises(GameError, match="the rules stopped the game: RuntimeError: a rule failed"):
            state.apply_action(picks[-1])
        assert looks(state) == before
    state.apply_action(picks[-1])  # (the engine mended, the same action goes on)
    assert state.history()[-6:] == picks and state.current_player() == 0


def test_a_refused_chance_outcome_changes_nothing(standard: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_first_decision(standard)
    rng = random.Random(7)
    while not (state.is_chance_node() and state.action_to_string(-1, 0).startswith("Die")):
        state.apply_action(rng.choice(state.legal_actions()))
    before, before_engine = looks(state), state.engine
    with monkeypatch.context() as patched:
        patched.setattr(Engine, "resume", broken_resume)
        with pytest.raises(GameError, match="a rule failed"):
            state.apply_action(3)
        assert looks(state) == before
    state.apply_action(3)  # (a die is the whole of its chance event: the game goes on from it)
    assert state.history()[-1] == 3 and state.engine is not before_engine


def test_a_step_the_rules_fail_on_leaves_the_environment_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """PettingZoo's step takes the agent's action and then draws the chance after it: the rules failing
    on either leaves the environment where it was, the same agent to act with the same mask."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from twilight.api.aec import TwilightEnv

    resume = Engine.resume

    def fails_after_chance(engine: Engine, answer: Any, track: bool | None = None) -> Any:
        if engine.dice.given:  # (played again with a chance outcome: the stretch after the action)
            raise RuntimeError("a rule failed")
        return resume(engine, answer, track)

    env = TwilightEnv("standard")
    env.reset(seed=2)
    failed = 0
    for _step in range(60):
        agent = env.agent_selection
        observation = env.last()[0]
        action = int(np.flatnonzero(observation["action_mask"])[0])
        history = env.state_now.history()
        with monkeypatch.context() as patched:
            patched.setattr(Engine, "resume", fails_after_chance)
            try:
                env.step(action)
            except GameError:
                failed += 1
                assert env.state_now.history() == history and env.agent_selection == agent
                assert (env.last()[0]["action_mask"] == observation["action_mask"]).all()
            else:
                continue
        env.step(action)  # (the rules mended, the same step is taken)
    assert failed > 0
