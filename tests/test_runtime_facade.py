"""The facade the commands make a game with (runtime/game.py): a program, an engine and the players, the
ruleset's AI among them, wired as each command used to wire them itself; and the core, which is given its
program and knows no solo appendix of its own (issue 48)."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from helpers import compiled_ir
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import GreedyPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives import card_play
from twilight.runtime.core.rule_errors import RuleError
from twilight.runtime.game import IMPLEMENTATIONS, build_program, new_engine, new_game
from twilight.runtime.solo.ai import RulesAIPlayer, players_with_ai

SOLO = "solo-v2"
SEED = 11


@functools.cache
def solo_program() -> Program:
    return build_program(compiled_ir(SOLO))


def _trace(engine: Engine) -> list[dict[str, Any]]:
    engine.run()
    return engine.events


def test_a_game_made_by_the_facade_seats_the_ai_bound_to_it() -> None:
    human = GreedyPlayer(SEED)
    engine = new_game(compiled_ir(SOLO), {"us": human}, seed=SEED, program=solo_program())
    ai = engine.players["ussr"]
    assert isinstance(ai, RulesAIPlayer) and ai.engine is engine
    assert engine.players["us"] is human


def test_a_game_made_by_the_facade_plays_as_one_wired_by_hand() -> None:
    """The same game, the AI's answers included, as a command wiring Program, Engine and the AI itself
    played it before the facade."""
    ir = compiled_ir(SOLO)
    human = GreedyPlayer(SEED)
    by_facade = new_game(ir, {"us": human}, seed=SEED, program=solo_program())
    human.engine = by_facade

    by_hand_human = GreedyPlayer(SEED)
    by_hand = Engine(ir, {}, seed=SEED, program=Program(ir, IMPLEMENTATIONS))
    players, ai = players_with_ai(ir, by_hand.state.settings, {"us": by_hand_human})
    assert ai is not None
    by_hand.players = players
    ai.engine = by_hand_human.engine = by_hand
    assert _trace(by_facade) == _trace(by_hand)
    assert by_facade.state.game_over and len(by_facade.events) > 500


def test_the_engine_is_given_its_program() -> None:
    """The core builds no program (it would have to import the back end): an engine needs one."""
    with pytest.raises(TypeError, match="program"):
        Engine(compiled_ir("standard"), {})  # type: ignore[call-arg]
    assert new_engine(compiled_ir("standard"), seed=1).program is not None


def test_every_primitive_of_the_registry_is_implemented_with_the_solo_ais() -> None:
    """The facade's registry of implementations holds the solo AI's primitives, registered from
    runtime/solo/ (the card appendix's and the look-ahead queries)."""
    for name in ("appendix_allows", "has_appendix_entry", "note_drawn", "event_vp_gain", "score_if_ops"):
        assert name in IMPLEMENTATIONS, name


def test_a_card_appendix_without_the_solo_ai_stops_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine whose card appendix nothing reads (the solo AI not loaded) stops at the first event with
    a contract error, rather than play the printed events in its place."""
    monkeypatch.setattr(card_play, "_event_replacement", None)
    engine = new_game(compiled_ir(SOLO), {"us": GreedyPlayer(SEED)}, seed=SEED, program=solo_program())
    with pytest.raises(RuleError, match="appendix") as raised:
        engine.run()
    assert raised.value.code == "contract"
