"""Whether a card may be played for influence, a coup or a realignment asks if the operation has any
target now (primitives.operations, `_mode_possible`): first of the countries where one is likeliest (the
side's own as the round began, or its opponent's), then of the whole map. The answer must be that of
asking the whole map: whole games of both rulesets are played with every answer compared."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives import operations
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.test_permitted_filter import compiled


def _whole_map(engine: Engine, side: str, mode: str, card: str | None) -> bool:
    if mode == "influence":
        return any(True for _ in operations._influence_targets(engine, side, card, 99))
    action = "coup" if mode == "coup" else "realign"
    return any(True for _ in operations._attack_targets_of(engine, side, action, card))


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_the_modes_offered_are_those_of_the_whole_map(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = operations._mode_possible
    answers: dict[tuple[str, bool], int] = {}

    def compared(engine: Engine, side: str, mode: str, card: str | None) -> bool:
        found = real(engine, side, mode, card)
        assert found == _whole_map(engine, side, mode, card), (mode, side, card)
        answers[mode, found] = answers.get((mode, found), 0) + 1
        return found

    monkeypatch.setattr(operations, "_mode_possible", compared)
    ir, program = compiled(ruleset)
    for seed in range(3, 23):
        players: dict[str, Any] = {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 50)}
        if ruleset != "standard":
            players["ussr"] = RulesAIPlayer()
        engine = Engine(ir, players, seed=seed, program=program)
        if ruleset != "standard":
            players["ussr"].engine = engine
        engine.run()
    assert answers.get(("influence", True)) and answers.get(("coup", True)) and answers.get(("coup", False))
    assert sum(answers.values()) > 25, answers


def test_a_side_without_influence_is_asked_of_the_whole_map() -> None:
    """With no country of its own as the round began, the side's targets (the countries next to its
    superpower) are still found."""
    ir, program = compiled("standard")
    engine = Engine(ir, {}, program=program)
    for c in engine.state.influence:
        engine.state.influence[c] = {"us": 0, "ussr": 0}
    engine.state.round_start_influence = {"us": [], "ussr": []}
    assert operations._mode_possible(engine, "us", "influence", None)
    assert not operations._mode_possible(engine, "us", "coup", None)  # nobody to aim at


def test_a_target_the_round_s_start_did_not_know_is_found() -> None:
    """Influence the opponent gained during the round (not among its countries as the round began) is a
    coup's target all the same."""
    ir, program = compiled("standard")
    engine = Engine(ir, {}, program=program)
    for c in engine.state.influence:
        engine.state.influence[c] = {"us": 0, "ussr": 0}
    engine.state.influence["iran"] = {"us": 0, "ussr": 1}
    engine.state.round_start_influence = {"us": [], "ussr": []}
    assert operations._mode_possible(engine, "us", "coup", None)
