"""The OpenSpiel game as an outside program meets it: an observer it cannot make honestly is refused,
never one that shows a player's hand as public information."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
observation = pytest.importorskip("open_spiel.python.observation")

import twilight.openspiel  # noqa: E402,F401 (registers the game)


def standard_at_first_decision() -> tuple[object, object]:
    game = pyspiel.load_game("twilight", {"ruleset": "standard"})
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize(
    ("public_info", "private_info"),
    [
        (True, "NONE"),  # public information alone: a player's hand is not public
        (True, "ALL_PLAYERS"),  # every player's private information: only one player's is kept
        (False, "SINGLE_PLAYER"),  # private information alone
    ],
)
def test_an_observation_type_the_game_does_not_provide_is_refused(
    public_info: bool, private_info: str
) -> None:
    game, _state = standard_at_first_decision()
    wanted = pyspiel.IIGObservationType(
        perfect_recall=False,
        public_info=public_info,
        private_info=getattr(pyspiel.PrivateInfoType, private_info),
    )
    with pytest.raises(ValueError, match="observation"):
        observation.make_observation(game, wanted)


def test_observer_parameters_are_refused() -> None:
    game, _state = standard_at_first_decision()
    with pytest.raises(ValueError, match="parameters"):
        observation.make_observation(game, None, {"bogus": 1})


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_a_players_own_observation_is_still_made(perfect_recall: bool) -> None:
    game, state = standard_at_first_decision()
    wanted = pyspiel.IIGObservationType(
        perfect_recall=perfect_recall, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    made = observation.make_observation(game, wanted)
    hand = state.inner.engine.state.hands["us"]
    text = made.string_from(state, 0)
    assert all(f'"{card}"' in text for card in hand)
    assert text == (state.information_state_string(0) if perfect_recall else state.observation_string(0))
    assert observation.make_observation(game).string_from(state, 0) == state.observation_string(0)


def test_a_game_of_a_ruleset_folder_unpickles_in_another_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Path(__file__).resolve().parent.parent / "rules"
    monkeypatch.chdir(rules.parent)
    game = pyspiel.load_game("twilight", {"ruleset": "rules/solo-v2"})
    text = pickle.dumps(game)
    monkeypatch.chdir(tmp_path)  # (where "rules/solo-v2" is no folder)
    again = pickle.loads(text)
    assert again.num_distinct_actions() == game.num_distinct_actions()
    assert again.get_parameters()["ruleset"] == str((rules / "solo-v2").resolve())


@pytest.mark.parametrize(
    "settings", [":x", " : hard", "x" * 5000, "level:hard;" + "y" * 5000 + ":1;" + "y" * 5000 + ":2"]
)
def test_a_settings_text_of_the_wrong_shape_is_refused_in_a_line(settings: str) -> None:
    with pytest.raises(ValueError, match=r"is not NAME:VALUE|is given twice") as refused:
        pyspiel.load_game("twilight", {"ruleset": "solo-v2", "settings": settings})
    assert len(str(refused.value)) < 200
