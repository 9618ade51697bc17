"""The AI's look-ahead copies the game state and keys its cache by a fingerprint: a copy must be equal
and independent, and the fingerprint must tell states apart."""

from __future__ import annotations

import copy

from twilight.runtime.program import ordinal
from twilight.runtime.state import GameState, LastingEffect


def a_state() -> GameState:
    state = GameState(ruleset="standard", settings={"optional_cards": False}, turn=3, action_round=2)
    state.influence = {"france": {"us": 2, "ussr": 0}, "poland": {"us": 0, "ussr": 3}}
    state.hands = {"us": ["nato", "marshall_plan"], "ussr": ["comecon"]}
    state.placed_this_round = {"us": {"france": 1}, "ussr": {}}
    state.in_effect = [LastingEffect("nato", "nato", "us", "cancelled", ["x"], {"region": "europe"}, 2, 1)]
    return state


def test_a_clone_is_equal_and_independent() -> None:
    state = a_state()
    twin = state.clone()
    assert twin.to_json() == state.to_json() == copy.deepcopy(state).to_json()
    assert twin.digest() == state.digest()
    # (a country's influence and a lasting effect are values, shared and replaced: GameState.clone)
    twin.influence["france"] = {"us": 3, "ussr": 0}
    twin.hands["us"].append("duck_and_cover")
    twin.placed_this_round["us"]["france"] = 2
    twin.in_effect[0] = LastingEffect("nato", "nato", "us", "end_of_turn", [], {"region": "asia"}, 3, 2)
    twin.in_effect.append(LastingEffect("containment", "containment", "us", "end_of_turn"))
    assert state.to_json() == a_state().to_json()


def test_a_value_marshal_cannot_copy_is_copied_all_the_same() -> None:
    state = a_state()
    state.settings["level"] = ordinal("mid")  # an enum value: a subclass of str
    twin = state.clone()
    assert twin.settings == state.settings and twin.settings is not state.settings
    assert twin.fingerprint() == state.fingerprint()


def test_the_fingerprint_tells_states_apart() -> None:
    state = a_state()
    assert state.clone().fingerprint() == state.fingerprint()
    changed = state.clone()
    changed.influence["poland"] = {"us": 0, "ussr": 4}
    assert changed.fingerprint() != state.fingerprint()
    moved = state.clone()
    moved.in_effect[0] = LastingEffect("nato", "nato", "us", "cancelled", ["x"], {"region": "europe"}, 2, 2)
    assert moved.fingerprint() != state.fingerprint()


def test_copies_sharing_values_print_as_states_that_do_not() -> None:
    """A copy shares each country's influence and the lasting effects with its state (values, never
    changed in place): sharing must not change the fingerprint, or the look-ahead's cache would miss."""
    state = a_state()
    alone = state.fingerprint()
    twins = [state.clone() for _ in range(3)]  # (each value now held in several places)
    assert state.fingerprint() == alone
    assert all(twin.fingerprint() == alone for twin in twins)
    rebuilt = a_state()  # equal, sharing nothing with it
    assert rebuilt.fingerprint() == alone
