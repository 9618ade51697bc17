"""The observation tensor shows a hand a rule keeps face up (status `hand_revealed`: card 98 Aldrich Ames
Remix, "The US reveals their hand of cards for the remainder of the turn"), as the observation string's
`other_hand` does: each card of the US hand is `other_hand` in the USSR's tensor while the status lasts,
never in the US's, and `unseen` again once the turn ends."""

from __future__ import annotations

import random

import pytest
from helpers import play_aldrich_ames, ussr_first_card_with
from twilight.api import Game, State
from twilight.api.views import CARD_PLACES, tensor_size

CARD = "aldrich_ames_remix"


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


def before_and_after_aldrich_ames(game: Game) -> tuple[State, State, random.Random]:
    """A standard game of turn 1: the USSR about to play Aldrich Ames Remix (put in its hand before the
    headlines), and the same game just after its event, the US to act."""
    state, rng = ussr_first_card_with(game, CARD, seed=2)
    before = state.clone()
    play_aldrich_ames(state, rng)
    return before, state, rng


def places(state: State, player: int) -> dict[str, str]:
    """Where each card is in the player's tensor (its one place of CARD_PLACES)."""
    tensor = state.observation_tensor(player)
    assert len(tensor) == tensor_size(state.game)
    cards = state.game.ir["cards"]
    start = len(tensor) - 1 - len(CARD_PLACES) * len(cards)
    out = {}
    for i, card in enumerate(cards):
        flags = tensor[start + i * len(CARD_PLACES) : start + (i + 1) * len(CARD_PLACES)]
        assert sorted(flags) == [0.0] * (len(CARD_PLACES) - 1) + [1.0]
        out[card] = CARD_PLACES[flags.index(1.0)]
    return out


def shown(state: State, player: int) -> set[str]:
    return {card for card, place in places(state, player).items() if place == "other_hand"}


def test_the_revealed_us_hand_is_in_the_ussr_tensor_only_while_the_status_lasts(standard: Game) -> None:
    before, state, rng = before_and_after_aldrich_ames(standard)
    assert shown(before, 0) == shown(before, 1) == set()  # (nothing face up before the event)
    us_hand = set(state.engine.state.hands["us"])
    assert us_hand and shown(state, 1) == us_hand
    assert shown(state, 0) == set()  # the US does not see the USSR hand
    assert all(places(state, 1)[c] == "own_hand" for c in state.engine.state.hands["ussr"])
    # a card the US gains after the event is face up too (the observation string's `other_hand`)
    gained = state.clone()
    late = gained.engine.state.draw_pile[0]
    engine = gained.engine.clone()
    engine.state.hands["us"].append(late)
    gained._now = engine
    assert late in shown(gained, 1) and late not in shown(state, 1)
    # the US plays on: each card still in its hand stays face up until the turn ends
    while state.is_chance_node() or (state.engine.state.turn == 1 and state.decision().side == "us"):
        state.apply_action(rng.choice(state.legal_actions()))
    if state.engine.state.turn == 1:
        assert shown(state, 1) == set(state.engine.state.hands["us"])
    while not state.is_terminal() and state.engine.state.turn == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    assert shown(state, 1) == shown(state, 0) == set()
    assert all(places(state, 1)[c] == "unseen" for c in state.engine.state.hands["us"])


def test_the_tensor_size_counts_the_new_place(standard: Game) -> None:
    ir = standard.ir
    assert tensor_size(standard) == 2 * len(ir["map"]["countries"]) + 13 + 6 * len(ir["cards"]) + 1
    state = standard.new_initial_state()
    assert len(state.observation_tensor(0)) == len(state.observation_tensor(1)) == tensor_size(standard)
