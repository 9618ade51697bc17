"""A copy goes on by itself: whatever a caller does to a copy through the API (plays it on, changes the
lists and the question it is handed) leaves the original as it was, at random points of several games,
chance nodes and questions with several picks among them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from twilight.api import Game, State


def looks(state: State) -> tuple[Any, ...]:
    decision = state.decision()
    return (
        state.history(),
        str(state),
        state.legal_actions(),
        state.picks(),
        state.chance_outcomes(),
        None if decision is None else (decision.name, list(decision.options), dict(decision.context)),
        [state.information_state_string(p) for p in range(state.game.num_players())],
    )


def meddle(copy: State, rng: random.Random) -> None:
    """Everything a caller may lay hands on, changed, then the copy played on to the end."""
    decision = copy.decision()
    if decision is not None:
        decision.options.clear()
        decision.context["meddled"] = True
        decision.min_count = decision.max_count = 99
    for handed in (copy.history(), copy.picks(), copy.legal_actions(), copy.chance_outcomes()):
        handed.clear()
    while not copy.is_terminal():
        copy.apply_action(rng.choice(copy.legal_actions()))


@pytest.mark.parametrize(
    ("ruleset", "settings"), [("standard", {}), ("solo-v2", {}), ("solo-v2", {"ai_side": "us"})]
)
def test_a_meddled_copy_leaves_the_original_alone(ruleset: str, settings: dict[str, str]) -> None:
    game = Game(ruleset, settings)
    rng = random.Random(11)
    checked = 0
    for _game in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.04:
                before = looks(state)
                meddle(state.clone(), rng)
                assert looks(state) == before, str(state)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 5


def test_the_question_handed_out_is_the_callers_own() -> None:
    game = Game("standard")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    legal, seen = state.legal_actions(), state.observation_string(1)
    handed = state.decision()
    assert handed is not None
    handed.options.clear()
    copy = state.clone().decision()
    assert state.legal_actions() == legal and state.observation_string(1) == seen
    assert copy is not None and copy.options and copy is not handed
