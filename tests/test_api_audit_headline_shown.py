"""A headline the rules show a side before it chooses its own (standard 6.4.4: the side that reached
Space Race box 4 first sees the other's headline first) is in that side's view; one they do not show
stays face down until both are turned over."""

from __future__ import annotations

import json
import random

import pytest
from twilight.api import Game, State
from twilight.runtime.core.primitives.decks import reveal_cards


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


def at_second_headline(game: Game) -> State:
    """A standard game at the US's choice of headline, the USSR's chosen (face down)."""
    rng = random.Random(2)
    state = game.new_initial_state()
    while state.is_chance_node() or state.decision().name != "headline_card" or state.decision().side != "us":
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.engine.state.headline["ussr"] is not None
    return state


def shown_to_us(state: State) -> object:
    return json.loads(state.observation_string(0))["headline"]["ussr"]


def test_a_headline_revealed_to_a_side_is_in_its_view(standard: Game) -> None:
    state = at_second_headline(standard)
    assert shown_to_us(state) is None  # (face down: nothing showed it)
    card = state.engine.state.headline["ussr"]
    engine = state.engine.clone()
    reveal_cards(engine, "ussr", [card])  # (what the rules would do for a US at box 4 first)
    revealed = state.clone()
    revealed._now = engine  # (the state read as it would stand after the reveal)
    assert shown_to_us(revealed) == card
    assert '"kind":"cards_revealed"' in revealed.information_state_string(0).splitlines()[-2]


def test_a_card_revealed_that_is_not_the_headline_leaves_it_face_down(standard: Game) -> None:
    state = at_second_headline(standard)
    engine = state.engine.clone()
    other_card = next(c for c in engine.state.hands["ussr"])
    reveal_cards(engine, "ussr", [other_card])
    revealed = state.clone()
    revealed._now = engine
    assert shown_to_us(revealed) is None
