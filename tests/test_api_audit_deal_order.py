"""What a player may know does not include the order the cards were dealt in: a hand of the two-player
game is a set of cards, and the order its cards came off the shuffled pile is the pile's (hidden) order.
Two games dealt alike but for two cards of one hand trading places in the pile must read the same to
every player, and what lists a hand, or the cards a question offers, lists them in one order whatever
the deal (the game's order of actions)."""

from __future__ import annotations

import json
import random

import pytest
from twilight.api import Game, State

# After these the two games may rightly differ: a card picked at random from a hand is picked by its
# place in the hand, so the two games pick different cards.
DIVERGING = ("random_card",)


def shuffle_outcomes(start: list[str], order: list[str]) -> list[int]:
    """The chance outcomes of the Fisher and Yates shuffle of `start` (n, then n - 1 ... 2 outcomes: the
    place the last card of the part not yet shuffled trades with) that leave the cards in `order`."""
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
    for outcome in shuffle_outcomes(start, order):
        state.apply_action(outcome)
    return state


def twin_deals(game: Game, seed: int, side: str) -> tuple[State, State]:
    """Two games whose first shuffles differ only in two cards that both end in `side`'s hand, which
    therefore holds the same cards in another order."""
    start = list(game.new_initial_state().engine.state.draw_pile)
    # (which place of the shuffled pile goes to which hand: deal the pile unshuffled and look)
    unshuffled = dealt(game, start, start).engine.state.hands[side]
    places = [i for i, card in enumerate(start) if card in unshuffled]
    rng = random.Random(seed)
    order = rng.sample(start, len(start))
    one, other = rng.sample(places, 2)
    twin = list(order)
    twin[one], twin[other] = twin[other], twin[one]
    a, b = dealt(game, start, order), dealt(game, start, twin)
    hand_a, hand_b = a.engine.state.hands[side], b.engine.state.hands[side]
    assert sorted(hand_a) == sorted(hand_b) and hand_a != hand_b  # (the same cards, dealt in another order)
    return a, b


@pytest.mark.parametrize("side", ["us", "ussr"])
def test_the_order_a_hand_was_dealt_in_is_not_seen(standard: Game, side: str) -> None:
    compared = 0
    for seed in range(6):
        a, b = twin_deals(standard, seed, side)
        rng = random.Random(seed)
        while not a.is_terminal() and a.engine.state.turn == 1:
            if any(e["kind"] in DIVERGING for s in (a, b) for e in s.engine.events[-8:]):
                break
            for player in range(standard.num_players()):
                assert a.information_state_string(player) == b.information_state_string(player)
                assert a.observation_string(player) == b.observation_string(player)
                assert a.observation_tensor(player) == b.observation_tensor(player)
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
            compared += 1
    assert compared > 100  # (well into the turn: the headline and action rounds choose from the hand)


def test_a_hand_and_the_cards_offered_read_in_the_order_of_the_games_actions(standard: Game) -> None:
    rng = random.Random(1)
    state = standard.new_initial_state()
    number = standard.vocabulary.action
    seen_revealed = seen_offered = False
    while not state.is_terminal() and not (seen_revealed and seen_offered):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_chance_node() or state.is_terminal():
            continue
        player = state.current_player()
        view = json.loads(state.observation_string(player))
        assert view["hand"] == sorted(view["hand"], key=number)
        options = view["asked"]["options"]
        assert options == sorted(options, key=number)
        seen_offered = seen_offered or (len(options) > 1 and view["asked"]["question"] == "action_card")
        for line in state.information_state_string(player).splitlines()[:-1]:
            event = json.loads(line)
            if event["kind"] == "hand_revealed" and "cards" in event:
                assert event["cards"] == sorted(event["cards"], key=number)
                seen_revealed = True
            if event["kind"] == "decision" and "offered" in event:
                assert event["offered"] == sorted(event["offered"], key=number)
    assert seen_revealed and seen_offered  # (seed 1 reveals the USSR's hand to the US on turn 3)


def test_cards_revealed_from_a_hand_read_the_same_in_any_order(standard: Game) -> None:
    """The Cambridge Five shows the USSR the US's scoring cards in the order they lie in the US's hand:
    the USSR reads them in one order whatever it was (made here by the rules' own `reveal_cards`, on a
    copy of a game's engine: random games seldom reach the Late War)."""
    from twilight.runtime.core.primitives.decks import reveal_cards

    state = standard.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    shown = state.engine.state.hands["us"][:3]
    read = []
    for order in (shown, shown[::-1]):
        twin = state.clone()
        engine = twin.engine.clone()
        reveal_cards(engine, "us", order)
        twin._now = engine  # (the state read as it would stand after the event)
        read.append(twin.information_state_string(1))
        last_event = json.loads(read[-1].splitlines()[-2])
        assert last_event["kind"] == "cards_revealed"
        assert last_event["cards"] == sorted(shown, key=standard.vocabulary.action)
    assert read[0] == read[1]
