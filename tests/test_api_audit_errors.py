"""The game API met as an outside program meets it: words for every action, and a clear, documented
error for input of the wrong kind (never a TypeError or an IndexError from deep inside)."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest
from twilight.api import Game, GameError
from twilight.api.vocabulary import VocabularyError


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


@pytest.mark.parametrize(
    ("lang", "words"), [("en", {"us": "US", "ussr": "USSR"}), ("ru", {"us": "США", "ussr": "СССР"})]
)
def test_a_side_as_an_action_reads_as_the_sides_name(
    standard: Game, lang: str, words: dict[str, str]
) -> None:
    state = standard.new_initial_state()
    for side, name in words.items():
        assert state.action_to_string(0, standard.vocabulary.action(side), lang=lang) == name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_action_reads_as_an_identifier(standard: Game, lang: str) -> None:
    state = standard.new_initial_state()
    for action in range(standard.num_distinct_actions()):
        text = state.action_to_string(0, action, lang=lang)
        word = standard.vocabulary.words[action]
        assert not re.search(r"[a-z]+_[a-z]+", text), (action, text)
        if isinstance(word, str) and lang == "ru":
            assert re.search("[а-яё]", text, re.IGNORECASE), (word, text)  # (Russian words, not English)
        if lang == "en":
            assert not re.search("[а-яё]", text, re.IGNORECASE), (word, text)


@pytest.mark.parametrize("answer", [["poland"], {"a": 1}, {"poland"}, None, 1.5, "no such word"])
def test_an_answer_the_game_does_not_number_is_a_vocabulary_error(standard: Game, answer: object) -> None:
    with pytest.raises(VocabularyError, match="not one of the game's actions"):
        standard.vocabulary.action(answer)


@pytest.mark.parametrize("action", [0, -1, 10_000, "3", 1.5, None, True])
def test_a_number_that_is_no_answer_is_a_vocabulary_error(standard: Game, action: object) -> None:
    with pytest.raises(VocabularyError, match=r"no answer of this game|whole number"):
        standard.vocabulary.answer(action)  # type: ignore[arg-type]


def test_a_vocabulary_error_is_a_value_error() -> None:
    # (what a caller that takes bad input as a ValueError, as apply_action raises it, expects)
    assert issubclass(VocabularyError, ValueError)


def test_an_action_at_the_end_of_the_game_says_the_game_is_over() -> None:
    game = Game("solo-v2")
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    history = state.history()
    for action in (0, 1):
        with pytest.raises(ValueError, match="the game is over"):
            state.apply_action(action)
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_answer("us")
    assert state.history() == history and state.is_terminal()


@pytest.mark.parametrize("player", ["0", 0.5, True])  # (None is the player to act)
def test_legal_actions_of_a_player_that_is_no_number_is_a_value_error(standard: Game, player: object) -> None:
    state = standard.new_initial_state()
    with pytest.raises(ValueError, match="a player is a whole number"):
        state.legal_actions(player)  # type: ignore[arg-type]


def test_a_state_of_another_game_is_refused_by_name(standard: Game) -> None:
    solo = Game("solo-v2")
    text = solo.new_initial_state().serialize()
    with pytest.raises(GameError, match="ruleset 'solo-v2' is not this game's"):
        standard.deserialize_state(text)


def test_a_long_ruleset_name_is_not_echoed_whole() -> None:
    with pytest.raises(GameError, match="cannot be played") as refused:
        Game("x" * 5000)
    assert len(str(refused.value)) < 400


def test_a_state_of_a_ruleset_folder_reads_back_from_another_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Path(__file__).resolve().parent.parent / "rules"
    monkeypatch.chdir(rules.parent)
    game = Game("rules/standard")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    text = pickle.dumps(state)
    monkeypatch.chdir(tmp_path)  # (where "rules/standard" is no folder)
    again = pickle.loads(text)
    assert again.history() == state.history() and str(again) == str(state)
