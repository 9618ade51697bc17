"""The game under OpenSpiel and PettingZoo (the extra `openspiel`, which .ci/run installs): OpenSpiel's
own `random_sim_test` and its MCTS bot over whole games, PettingZoo's own API test."""

from __future__ import annotations

import base64
import pickle
import warnings
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import twilight.openspiel  # noqa: E402,F401 (registers the game)

PARAMETERS = [
    {"ruleset": "solo-v2"},
    {"ruleset": "standard"},
    {"ruleset": "solo-v2", "settings": "ai_side:us;level:hard"},
]


@pytest.mark.parametrize("params", PARAMETERS, ids=["solo-v2", "standard", "solo-v2-as-ussr"])
def test_openspiels_random_simulation_test(params: dict[str, str]) -> None:
    game = pyspiel.load_game("twilight", params)
    assert game.num_players() == (2 if params["ruleset"] == "standard" else 1)
    assert pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset", ["solo-v2", "standard"])
def test_mcts_plays_a_whole_game(ruleset: str) -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("twilight", {"ruleset": ruleset})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
            moves += 1
    assert moves > 20
    assert sorted(state.returns()) in ([-1.0], [1.0], [0.0], [-1.0, 1.0], [0.0, 0.0])


def test_a_state_is_copied_pickled_and_read_back() -> None:
    game = pyspiel.load_game("twilight", {"ruleset": "standard", "lang": "ru"})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(150):
        state.apply_action(int(rng.choice(state.legal_actions())))
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    _, read = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert read.information_state_string(0) == state.information_state_string(0)
    assert state.observation_tensor(0) and len(state.observation_tensor(0)) == game.observation_tensor_size()
    if not state.is_chance_node():
        player = state.current_player()
        assert all(state.action_to_string(player, a) for a in state.legal_actions())


def test_bad_parameters_are_refused_with_a_reason() -> None:
    from twilight.api import GameError

    with pytest.raises(GameError, match="not a setting"):
        pyspiel.load_game("twilight", {"ruleset": "solo-v2", "settings": "colour:red"})
    with pytest.raises((GameError, ValueError), match="NAME:VALUE"):
        pyspiel.load_game("twilight", {"ruleset": "solo-v2", "settings": "hard"})
    with pytest.raises(ValueError, match="given twice"):
        pyspiel.load_game("twilight", {"ruleset": "solo-v2", "settings": "level:hard;level:expert"})


def test_a_states_text_is_read_by_its_actions_and_never_unpickled(tmp_path: Path) -> None:
    """`game.deserialize_state` reads OpenSpiel's text of a state by its history: the same state back,
    each action checked legal for the player it names; the `__dict__=` part, a pickle, is never loaded
    (a pickle runs what it names), and text of another shape is a ValueError."""
    game = pyspiel.load_game("twilight", {"ruleset": "standard"})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(120):
        state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    assert again.move_number() == state.move_number()
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[Any, ...]:
            return (marker.write_text, ("the pickle ran",))

    hostile = "history=\nmove_number=0\n__dict__=" + base64.b64encode(pickle.dumps({"x": Payload()})).decode()
    assert game.deserialize_state(hostile).history() == [] and not marker.exists()
    for wrong, message in (
        ("x", "not the text of an OpenSpiel state"),
        ("history=0:1\nmove_number=5\n", "holds 1 moves"),
        ("history=-1:999\nmove_number=1\n", "not legal"),
        ("history=3:1\nmove_number=1\n", "player -1 is to act"),
        ("history=a:b\nmove_number=1\n", "PLAYER:ACTION"),
    ):
        with pytest.raises(ValueError, match=message):
            game.deserialize_state(wrong)


def test_the_environment_takes_whole_numbers_only() -> None:
    """PettingZoo's environment refuses an action that is not a whole number (int() would take 33.9 and
    "33"), an unknown agent, a render mode it has not, and a step before `reset`: each with a message,
    nothing changed."""
    from twilight.api.aec import TwilightEnv

    with pytest.raises(ValueError, match="render_mode"):
        TwilightEnv("standard", render_mode="bogus")
    env = TwilightEnv("standard")
    for early in (lambda: env.step(1), env.last):
        with pytest.raises(RuntimeError, match="reset"):
            early()
    env.reset(seed=1)
    agent = env.agent_selection
    legal = int(np.flatnonzero(env.last()[0]["action_mask"])[0])
    history = env.state_now.history()
    for wrong in (legal + 0.9, str(legal), None, True):
        with pytest.raises(ValueError, match="whole number"):
            env.step(wrong)
        assert env.state_now.history() == history and env.agent_selection == agent
    with pytest.raises(ValueError, match="no agent"):
        env.action_space("nobody")
    env.step(np.int64(legal))
    assert env.state_now.history()[len(history)] == legal


@pytest.mark.parametrize("ruleset", ["solo-v2", "standard"])
def test_pettingzoos_api_test(ruleset: str) -> None:
    from pettingzoo.test import api_test
    from twilight.api.aec import TwilightEnv

    env = TwilightEnv(ruleset, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its advice on names and dict observations)
        api_test(env, num_cycles=400)
    env.reset(seed=3)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert reward in (-1.0, 0.0, 1.0)  # (the end's: won, drawn or lost)
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(observation["action_mask"]))
        steps += 1
    assert steps > 20 and not env.agents


def test_the_documented_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    from test_api import docs_examples

    openspiel_example, pettingzoo_example = docs_examples()[1:3]
    exec(compile(openspiel_example, "docs/api.md", "exec"), {})
    assert capsys.readouterr().out.strip() in ("[1.0, -1.0]", "[-1.0, 1.0]", "[0.0, 0.0]")
    exec(compile(pettingzoo_example, "docs/api.md", "exec"), {})
