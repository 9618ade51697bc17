"""A priority list's condition that asks another list for each candidate (`ai_answer_place` of the test
variant tests/variants/solo-v2-by-region, solo-v2's form before its event points came to be judged all at
once: `c == ai_influence_placement(ai, region_of(c), ...)`) keeps, for one call of its filter, the pick made
for each value of the arguments that change with the candidate (codegen.ExprCompiler._pick_by_candidate),
and a pick whose arguments change with no candidate is made once for all of them, a comprehension among
its arguments or not. The filter must keep exactly the candidates that asking the list for each of them
keeps: checked at every such question of whole solo games, over the whole map (every region), and the
games' traces must be those of the code that asks the list for each candidate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from twilight.runtime.backend.codegen import ExprCompiler
from twilight.runtime.backend.program import Program
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.frames import Frame
from twilight.runtime.game import IMPLEMENTATIONS

from tests.helpers import compiled_ir, solo_against_random

BY_REGION_VARIANT = str(Path(__file__).parent / "variants" / "solo-v2-by-region")
ANSWER_LIST = "ai_answer_place"
ASKED_LIST = "ai_influence_placement"
BY_REGION = 3  # (its option "the_cards_region": the placement list asked in each candidate's region)


def _game(program: Program, seed: int, at_question: Any = None) -> list[dict[str, Any]]:
    """The trace of one solo game, its AI against the random policy; `at_question(frame, domain)` is
    called at each pick of the answer list (before it is made)."""
    engine = solo_against_random(program, seed)
    if at_question is not None:
        plist = program.priorities[ANSWER_LIST]
        real = plist._pick

        def pick(frame: Frame, domain: list[Any], domain_name: str | None) -> Any:
            at_question(frame, domain)
            return real(frame, domain, domain_name)

        plist._pick = pick  # type: ignore[method-assign]
    engine.run()
    return engine.events


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_filter_keeps_what_asking_each_candidate_keeps(seed: int) -> None:
    program = Program(compiled_ir(BY_REGION_VARIANT), IMPLEMENTATIONS)
    namespace = program.codegen.namespace
    real_pick = namespace["_pick"]
    calls: list[str] = []

    def counted_pick(engine: Engine, name: str, values: list[Any]) -> Any:
        calls.append(name)
        return real_pick(engine, name, values)

    region_of = IMPLEMENTATIONS["region_of"]
    every_map = list(program.domains["country"])
    checked: list[int] = []

    def check(frame: Frame, domain: list[Any]) -> None:
        engine = frame.engine
        assert engine.memo is not None  # (a pick's evaluation: its memory open)
        ai = frame.vars["ai"]
        whole = Frame(engine, {"ai": ai, "offered": every_map})
        calls.clear()
        namespace["_pick"] = counted_pick
        try:
            kept = program.priorities[ANSWER_LIST].options[BY_REGION].where(whole, every_map)
        finally:
            namespace["_pick"] = real_pick
        regions = {region_of(engine, c) for c in every_map}
        assert 0 < len(calls) <= len(regions) < len(every_map)  # (once per region, not per country)
        saved, engine.memo = engine.memo, {}  # (a memory of their own: every pick made afresh)
        try:
            asked = [
                c
                for c in every_map
                if c == real_pick(engine, ASKED_LIST, [ai, region_of(engine, c), False, 1, every_map, True])
            ]
        finally:
            engine.memo = saved
        assert kept == asked
        checked.append(len(kept))

    _game(program, seed, check)
    assert checked  # (the games ask the list)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_games_as_asking_the_list_for_each_candidate(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = _game(Program(compiled_ir(BY_REGION_VARIANT), IMPLEMENTATIONS), seed)
    monkeypatch.setattr(ExprCompiler, "picks_by_candidate", False)
    asked = _game(Program(compiled_ir(BY_REGION_VARIANT), IMPLEMENTATIONS), seed)
    assert [e for e in kept if e["kind"] == "ai_choice" and e["priority"] == ANSWER_LIST]
    assert kept == asked
