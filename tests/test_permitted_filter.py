"""`Engine.permitted` runs the standing prohibitions of an action as one generated filter over all the
candidates (codegen.permits), working out once what reads the same for every candidate (a side's
accessible countries): it must let through exactly what `forbidden` lets through one candidate at a
time, at every decision of whole solo games (a value kept from an earlier board would show here)."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from twilight.compiler.api import compile_target
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives import map_queries
from twilight.runtime.game import IMPLEMENTATIONS
from twilight.runtime.solo.ai import RulesAIPlayer

ACTIONS = ("influence", "coup", "realign")


@functools.cache
def compiled(ruleset: str) -> tuple[dict[str, Any], Program]:
    result = compile_target(ruleset)
    assert result.ir is not None and result.ok, ruleset
    return result.ir, Program(result.ir, IMPLEMENTATIONS)


class ComparingEngine(Engine):
    """Before each decision: for both sides and every operation, the filter's targets against a
    prohibition-by-prohibition check of every country."""

    compared = 0

    def ask(self, name: str, side: str, options: list[Any], *rest: Any, **kw: Any) -> list[Any]:
        countries = list(self.ir["map"]["countries"])
        for actor in ("us", "ussr"):
            for action in ACTIONS:
                for card in (None, "the_china_card"):
                    filtered = list(self.permitted(action, "target", countries, actor=actor, card=card))
                    one_by_one = [
                        c
                        for c in countries
                        if self.forbidden(action, actor=actor, card=card, target=c) is None
                    ]
                    assert filtered == one_by_one, (self.state.turn, self.state.action_round, actor, action)
                    ComparingEngine.compared += 1
        return super().ask(name, side, options, *rest, **kw)


@pytest.mark.parametrize("ai_side", ["ussr", "us"])
def test_the_filter_lets_through_what_each_prohibition_allows(ai_side: str) -> None:
    ir, program = compiled("solo-v2")
    for seed in range(2):
        human = "us" if ai_side == "ussr" else "ussr"
        you, ai = RandomPlayer(seed), RulesAIPlayer()
        engine = ComparingEngine(
            ir,
            {human: you, ai_side: ai},
            seed=seed,
            settings={"ai_side": ai_side},
            program=program,
            track=False,
        )
        ai.engine = engine
        engine.run()
    assert ComparingEngine.compared > 1000


def test_the_filter_works_out_the_accessible_countries_once(monkeypatch: pytest.MonkeyPatch) -> None:
    ir, _ = compiled("solo-v2")
    worked_out: list[str] = []
    real = map_queries._accessible_now

    def counted(engine: Engine, side: str) -> frozenset[str]:
        worked_out.append(side)
        return real(engine, side)

    monkeypatch.setattr(map_queries, "_accessible_now", counted)
    program = Program(ir, IMPLEMENTATIONS)  # (its code reads the counting function)
    engine = Engine(ir, {}, program=program, settings={"ai_side": "ussr"})
    countries = list(ir["map"]["countries"])
    engine.state.round_start_influence["ussr"] = countries[::9]
    allowed = list(engine.permitted("influence", "target", countries, actor="ussr", card=None))
    assert allowed and worked_out == ["ussr"]
