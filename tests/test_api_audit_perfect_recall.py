"""Perfect recall, as OpenSpiel's algorithms (CFR, information-set search) need it: a player's information
state changes with each of its own actions (a pick of several too) and with each event the game shows,
and never comes back to one it was at along a game."""

from __future__ import annotations

import random

import pytest
from twilight.api import Game, State


def shown_events(state: State) -> int:
    """How many events of the trace the players are shown (the solo AI's reasoning is not)."""
    return sum(not e["kind"].startswith("ai_") for e in state.engine.events)


@pytest.mark.parametrize("ruleset", ["solo-v2", "standard"])
def test_the_information_state_remembers_every_action_and_event(ruleset: str) -> None:
    game = Game(ruleset)
    players = range(game.num_players())
    own_actions = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        met: list[set[str]] = [set() for _ in players]
        while not state.is_terminal():
            before = [state.information_state_string(p) for p in players]
            actor = state.current_player()
            if actor >= 0:
                assert before[actor] not in met[actor], "a player came back to where it was"
                met[actor].add(before[actor])
                own_actions += 1
            events = shown_events(state)
            state.apply_action(rng.choice(state.legal_actions()))
            for p in players:
                if p == actor or shown_events(state) != events:
                    assert state.information_state_string(p) != before[p]
    assert own_actions > 150  # (two whole games: the solo player alone answers about a hundred each)
