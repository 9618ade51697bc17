"""The AI's look-ahead copies the game state and keys its cache by a fingerprint: a copy must be equal
and independent, and the fingerprint must tell states apart."""

from __future__ import annotations

import copy
import gc
import sys

import pytest
from twilight.runtime.core.frames import ordinal
from twilight.runtime.core.state import GameState, LastingEffect


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


def _has_own_dictionary(thing: object) -> bool:
    """Whether CPython keeps the object's attributes in a dictionary of its own (which the garbage
    collector then finds among what the object refers to), not in the object itself."""
    return any(type(r) is dict and ("card" in r or "turn" in r) for r in gc.get_referents(thing))


@pytest.mark.skipif(
    sys.implementation.name != "cpython" or sys.version_info[:2] not in ((3, 11), (3, 12)),
    reason="how CPython 3.11 and 3.12 keep an object's attributes",
)
def test_copying_fingerprinting_and_digesting_keep_the_attributes_in_the_objects() -> None:
    """The look-ahead's copy, fingerprint and digest read a state's fields (and its effects') by name: asking
    for `__dict__` would make CPython keep them in a dictionary, and the code reading states of both kinds
    would slow down (runtime/state.py, _FIELD_NAMES)."""
    state = a_state()
    assert not _has_own_dictionary(state) and not _has_own_dictionary(state.in_effect[0])
    twin = state.clone()
    for asked in (state, twin):
        asked.fingerprint()
        asked.digest()
    for thing in (state, twin, state.in_effect[0], twin.in_effect[0]):
        assert not _has_own_dictionary(thing)
    vars(state)  # (what the code must not do: the test tells it)
    assert _has_own_dictionary(state)
