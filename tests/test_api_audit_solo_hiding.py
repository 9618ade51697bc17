"""What the solo player may know of the AI's face-down deck: two solo-v2 games alike but for the order of
the AI's deck (one step of its shuffle given another outcome: two of its cards trade places) read the same
to the player, action by action, until a card of the two is shown (played, revealed, taken at random)."""

from __future__ import annotations

import json
import random

import pytest
from twilight.api import Game, State


@pytest.fixture(scope="module")
def solo() -> Game:
    return Game("solo-v2")


def hidden_lists(state: State) -> dict[str, list[str]]:
    s = state.engine.state
    return {"pile": s.draw_pile, **{f"hand:{k}": v for k, v in s.hands.items()}, **s.zones}


def twin_ai_decks(game: Game, seed: int) -> tuple[State, State, set[str]] | None:
    """Two games that differ only in the order of the AI's deck, and the two cards that trade places;
    None when the seed's game has no shuffle of it early on."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(200):
        if state.is_terminal():
            return None
        if state.is_chance_node() and len(state.legal_actions()) > 2:
            a, b = state.clone(), state.clone()
            first = rng.randrange(len(state.legal_actions()))
            a.apply_action(first)
            b.apply_action((first + 1) % len(state.legal_actions()))
            # (the chance that follows given alike: the rest of the shuffle, and any after it)
            while a.is_chance_node() and b.is_chance_node():
                if len(a.legal_actions()) != len(b.legal_actions()):
                    break
                outcome = rng.choice(a.legal_actions())
                a.apply_action(outcome)
                b.apply_action(outcome)
            lists_a, lists_b = hidden_lists(a), hidden_lists(b)
            differ = [name for name in lists_a if lists_a[name] != lists_b[name]]
            deck_a, deck_b = lists_a["hand:ussr"], lists_b["hand:ussr"]
            if differ == ["hand:ussr"] and sorted(deck_a) == sorted(deck_b) and a.current_player() == 0:
                swapped = {x for x, y in zip(deck_a, deck_b, strict=True) if x != y}
                return a, b, swapped
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def names_any(events: list[dict[str, object]], cards: set[str]) -> bool:
    """Whether an event the game may show names one of `cards` (the AI's own reasoning, `ai_*`, and its
    answers are never shown, so they are not counted)."""
    return any(
        not str(e["kind"]).startswith("ai_")
        and not (e["kind"] == "decision" and e["side"] == "ussr")
        and any(card in json.dumps(e) for card in cards)
        for e in events
    )


def test_the_player_cannot_tell_the_order_of_the_ai_deck(solo: Game) -> None:
    compared = games = 0
    for seed in range(40):
        found = twin_ai_decks(solo, seed)
        if found is None:
            continue
        a, b, swapped = found
        games += 1
        rng = random.Random(seed)
        while not a.is_terminal() and not b.is_terminal():
            if names_any(a.engine.events, swapped) or names_any(b.engine.events, swapped):
                break
            assert a.information_state_string(0) == b.information_state_string(0)
            assert a.observation_string(0) == b.observation_string(0)
            assert a.observation_tensor(0) == b.observation_tensor(0)
            assert str(a) == str(b)
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
            compared += 1
        if games == 6:
            break
    assert games == 6 and compared > 60  # (the games were compared some way, not stopped at once)
