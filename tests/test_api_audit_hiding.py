"""What a player may know, tested by what it must not be able to tell apart: two standard games dealt
alike but for one card swapped between the USSR's hand and the draw pile (or between two places in the
pile) read the same to the US, action by action, until the game itself shows the difference (the card
revealed, drawn, picked at random, or an event that works on the hand)."""

from __future__ import annotations

import random

import pytest
from twilight.api import Game, State

# Events after which the two games may rightly differ for the US.
SHOWING = ("random_card", "hand_revealed", "cards_revealed", "reshuffle")


def steps_to(start: list[str], order: list[str]) -> list[int]:
    """The chance outcomes of a Fisher and Yates shuffle of `start` (n, then n - 1 ... 2 outcomes: the
    place the card at the end of the unshuffled part swaps with) that leave it in `order`."""
    cards, outcomes = list(start), []
    for end in range(len(cards) - 1, 0, -1):
        place = cards.index(order[end], 0, end + 1)
        cards[end], cards[place] = cards[place], cards[end]
        outcomes.append(place)
    assert cards == order
    return outcomes


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


def dealt(game: Game, start: list[str], order: list[str]) -> State:
    state = game.new_initial_state()
    for outcome in steps_to(start, order):
        state.apply_action(outcome)
    return state


@pytest.mark.parametrize("swapped", [("ussr", "pile"), ("pile", "pile")])
def test_the_us_cannot_tell_the_ussr_hand_or_the_pile_order(standard: Game, swapped: tuple[str, str]) -> None:
    first = standard.new_initial_state()
    start = list(first.engine.state.draw_pile)  # (the deck the first shuffle shuffles)
    unshuffled = dealt(standard, start, start).engine.state
    where = [
        "ussr" if card in unshuffled.hands["ussr"] else "us" if card in unshuffled.hands["us"] else "pile"
        for card in start
    ]
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        order = rng.sample(start, len(start))
        one = rng.choice([i for i, w in enumerate(where) if w == swapped[0]])
        other = rng.choice([i for i, w in enumerate(where) if w == swapped[1] and i != one])
        twin = list(order)
        twin[one], twin[other] = twin[other], twin[one]
        a, b = dealt(standard, start, order), dealt(standard, start, twin)
        assert a.engine.state.hands["us"] == b.engine.state.hands["us"]
        while not a.is_terminal() and a.engine.state.turn == 1:
            recent = [e["kind"] for s in (a, b) for e in s.engine.events[-8:]]
            if any(kind in SHOWING for kind in recent):
                break
            assert a.information_state_string(0) == b.information_state_string(0)
            assert a.observation_tensor(0) == b.observation_tensor(0)
            common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
            if a.current_player() != b.current_player() or not common:
                break
            if a.current_player() == 0:
                assert a.legal_actions() == b.legal_actions()
            action = rng.choice(common)
            a.apply_action(action)
            b.apply_action(action)
            compared += 1
    assert compared > 100  # (the games were compared well into the turn, not stopped at once)
