"""A search's copies of the game go as soon as they are scored (issue 43's playouts per CPU-second): no
copy is held by a cycle of references, which only the garbage collector frees, so the thousands of
objects of each playout's copy are freed at once instead of piling up and setting off collections that
walk them all. And a copy made without the game's dice (`Engine.clone(dice=False)`: a playout gives its
copy luck of its own) goes on as a copy made with them does, given the same dice."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.dice import Dice
from twilight.runtime.core.engine import Engine
from twilight.runtime.players.search import SearchPlayer
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import play_solo_until


def _at_first(name: str, act: Callable[[Engine, Decision], None], seed: int = 3) -> None:
    """The US greedy until the first decision named `name` that offers at least two answers, where `act`
    runs (with the engine and the decision) and the game stops."""
    play_solo_until(lambda d: d.name == name and len(d.options) >= 2, act, seed)


@pytest.fixture
def no_collector() -> Iterator[None]:
    """The garbage collector kept out of the way: what is freed is freed by its last reference going."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def test_a_search_decisions_copies_are_freed_once_scored(no_collector: None, monkeypatch: Any) -> None:
    """Every copy a searched decision makes (its playouts', and the look-ahead copies inside them) is gone
    when the decision is answered, with the collector off: none was held by a cycle (a playout's watched
    players hold its copy, and the copy of the game's place in the rules was made by a function that held
    itself and the copy)."""
    copies: list[weakref.ref[Engine]] = []
    clone = Engine.clone

    def recorded_clone(self: Engine, *args: Any, **kwargs: Any) -> Engine:
        twin = clone(self, *args, **kwargs)
        copies.append(weakref.ref(twin))
        return twin

    monkeypatch.setattr(Engine, "clone", recorded_clone)
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        player = SearchPlayer(7, playouts=2 * len(decision.options))
        player.engine = engine
        found["answer"] = player.decide(decision)
        found["playouts"] = player.playouts_run

    _at_first("action_card", act)
    assert found["playouts"] > 0 and len(copies) >= found["playouts"]
    alive = [ref() for ref in copies if ref() is not None]
    assert not alive, f"{len(alive)} of {len(copies)} copies still held after the decision"


def test_a_copy_without_the_games_dice_goes_on_as_a_copy_with_them(no_collector: None) -> None:
    """Two copies of the game at a decision, one with the game's dice copied and one without (the game's
    dice are then not copied at all), each given the same dice of its own and the same players: they
    trace the same game, and the game's own dice roll on as if neither copy was made."""
    traced: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        rolled_before = engine.dice.copy().rng.random()
        for name, with_dice in (("copied", True), ("fresh", False)):
            twin = engine.clone(events=False, dice=with_dice)
            if not with_dice:
                assert twin.dice is not engine.dice
            twin.dice = Dice(424242)
            twin.players = {"us": _greedy(twin, 9), "ussr": _ai(twin)}
            twin.resume(decision.options[1])
            traced[name] = (twin.events, twin.state.digest())
        assert engine.dice.copy().rng.random() == rolled_before

    _at_first("action_card", act)
    assert traced["copied"] == traced["fresh"]
    assert traced["copied"][0], "the copies rolled dice"


def _greedy(engine: Engine, seed: int) -> GreedyPlayer:
    player = GreedyPlayer(seed)
    player.engine = engine
    return player


def _ai(engine: Engine) -> RulesAIPlayer:
    ai = RulesAIPlayer()
    ai.engine = engine
    return ai
