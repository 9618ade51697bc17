"""The AI's look-ahead keeps its copies of the game by state (runtime/lookahead.py `_cached`): a kept copy
must be the very copy a fresh look-ahead would make, and a state's copy must share nothing with it."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.core.state import GameState
from twilight.runtime.solo import ai as solo_ai
from twilight.runtime.solo import lookahead

from tests.test_solo_playouts import solo_game


def _outcome(twin: Any) -> tuple[Any, ...]:
    dice = twin.dice
    return twin.state.to_json(), twin.lookahead_depth, getattr(dice, "rolls", None), twin.events


@pytest.mark.parametrize(("seed", "ai_side"), [(3, "ussr"), (4, "us")])
def test_every_kept_copy_is_what_a_fresh_look_ahead_makes(
    monkeypatch: pytest.MonkeyPatch, seed: int, ai_side: str
) -> None:
    kept_answers = [0]
    fresh_lookahead = lookahead._cached

    def checked(engine: Any, what: tuple[Any, ...], happen: Any) -> Any:
        had = len(engine.lookahead_cache)
        twin = fresh_lookahead(engine, what, happen)
        if len(engine.lookahead_cache) == had:  # a copy kept from before, not made now
            kept_answers[0] += 1
            assert _outcome(twin) == _outcome(lookahead.what_if(engine, happen)), what
        return twin

    monkeypatch.setattr(lookahead, "_cached", checked)
    solo_game("solo-v2", seed, ai_side)
    assert kept_answers[0] > 0  # (the game did ask again of a state it had looked ahead from)


def _containers(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every dict and list in the value, by where it is."""
    if isinstance(value, GameState) or hasattr(value, "__dataclass_fields__"):
        value = vars(value)
    out: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        out.append((path, value))
        for k, v in value.items():
            out += _containers(v, f"{path}.{k}")
    elif isinstance(value, list):
        out.append((path, value))
        for i, v in enumerate(value):
            out += _containers(v, f"{path}[{i}]")
    return out


def test_a_copy_of_a_played_state_shares_no_dict_or_list_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """`GameState.clone` copies each field as deep as its shape goes: a field whose shape changes must
    change its copy too, or the look-ahead would play on the real game's lists. What copies share is
    values, replaced and never changed in place: a country's influence and a lasting effect (the next
    test)."""
    states: list[GameState] = []
    what_if = lookahead.what_if

    def seen(engine: Any, happen: Any) -> Any:
        states.append(engine.state)
        return what_if(engine, happen)

    monkeypatch.setattr(lookahead, "what_if", seen)
    monkeypatch.setattr(solo_ai, "what_if", seen)  # (the AI rating the options of a `decide`)
    engine, _ = solo_game("solo-v2", 5, "ussr")
    states.append(engine.state)
    assert any(s.in_effect for s in states)
    for state in states:
        twin = state.clone()
        assert twin.to_json() == state.to_json()
        originals = {id(c): p for p, c in _containers(state)}
        shared = [p for p, c in _containers(twin) if id(c) in originals]
        assert all(p.startswith((".influence.", ".in_effect[")) for p in shared), shared


def test_no_change_of_the_game_reaches_a_copy_made_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The copies share each country's influence and the lasting effects with the game (and with each
    other): whatever changes them (a look-ahead playing an event, the real game going on, a hypothetical
    board of the AI's conditions, an effect starting or ending) must replace them. Every state a
    look-ahead copies is copied once more and compared, after the look-ahead and once the game is over,
    with what it held; and the game's own state with what it held before the look-ahead."""
    kept: list[tuple[GameState, dict[str, Any]]] = []
    what_if = lookahead.what_if

    def seen(engine: Any, happen: Any) -> Any:
        before = engine.state.to_json()
        copy = engine.state.clone()
        kept.append((copy, copy.to_json()))
        twin = what_if(engine, happen)
        assert engine.state.to_json() == before  # (the look-ahead played on its own copy)
        return twin

    monkeypatch.setattr(lookahead, "what_if", seen)
    monkeypatch.setattr(solo_ai, "what_if", seen)  # (the AI rating the options of a `decide`)
    for seed, ai_side in ((5, "ussr"), (6, "us"), (7, "ussr")):
        solo_game("solo-v2", seed, ai_side)
    assert len(kept) > 20 and any(copy.in_effect for copy, _ in kept)
    changed = [i for i, (copy, made) in enumerate(kept) if copy.to_json() != made]
    assert not changed, changed


def test_a_checked_game_looks_ahead_in_copies_of_its_class_that_check_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The copies are of the checking engine's class (one class at every attribute read the game and its
    copies share), built as plain engines: a hypothetical game is neither checked nor noted."""
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.invariants import CheckedEngine

    copies: list[Any] = []
    made = Engine.look_ahead_copy

    def kept(engine: Any, players: Any) -> Any:
        copies.append((engine, made(engine, players)))
        return copies[-1][1]

    monkeypatch.setattr(Engine, "look_ahead_copy", kept)
    game, _ = solo_game("solo-v2", 3, "ussr")
    assert copies
    for engine, twin in copies:
        assert type(twin) is CheckedEngine
        assert bool(engine.trace_notes) == (engine.lookahead_depth == 0)  # (a copy may look ahead again)
        assert not twin.trace_notes and twin.after_each_event is None
        assert not hasattr(twin, "checks")  # (none of the checking engine's own state)
        assert twin.state is not engine.state and twin.program is engine.program
        assert twin.events == [] or twin.events[0]["n"] == 0  # (its own trace, from the copy on)
    assert game.checks > 0


def test_a_plain_engine_looks_ahead_in_quiet_engines() -> None:
    """A plain game's look-ahead copies keep of their trace only the dice (no one reads their story),
    and keep no records of their place in the rules (they are never copied at a decision)."""
    from twilight.runtime.core.engine import Engine, QuietEngine

    from tests.test_solo_playouts import compiled

    ir, program = compiled("solo-v2")
    engine = Engine(ir, {}, program=program)
    twin = engine.look_ahead_copy({})
    assert type(twin) is QuietEngine and twin.state == engine.state and twin.state is not engine.state
    assert not twin.track
    twin.trace("vp", side="us", change=1, now=1)
    twin.trace("die", value=4)
    assert [e["kind"] for e in twin.events] == ["die"]


def test_a_copy_shares_the_games_index_of_its_effects_until_its_own_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A copy holds the game's lasting effects in a list of its own: the game's index of them (their
    prohibitions, modifiers, hooks) is its index too, as made, until the copy's effects change; then
    the copy indexes its own, and the game's stays as it was."""
    from twilight.runtime.core.engine import Engine

    copies: list[tuple[Any, list[Any]]] = []
    made = Engine.look_ahead_copy

    def kept(engine: Any, players: Any) -> Any:
        twin = made(engine, players)
        pairs = list(engine._lasting_index().pairs)
        assert twin._lasting_index().pairs == pairs == twin._pair_lasting_items()  # (as the copy starts)
        copies.append((engine, pairs))
        return twin

    monkeypatch.setattr(Engine, "look_ahead_copy", kept)
    solo_game("solo-v2", 5, "ussr")
    with_effects = [(e, pairs) for e, pairs in copies if pairs and e.lookahead_depth == 0]
    assert with_effects
    engine, pairs = with_effects[-1]
    engine.state.in_effect = [effect for _, effect in pairs]  # (the game's effects as that copy began)
    engine._lasting_version += 1
    game_index = engine._lasting_index()
    shared = made(engine, {})
    assert shared._lasting_index().forbids is game_index.forbids  # (shared, not made again)
    ended = pairs[0][1].card
    shared.cancel_card_effects(ended)
    assert all(effect.card != ended for _, effect in shared._lasting_index().pairs)
    assert engine._lasting_index() is game_index and game_index.pairs == pairs
