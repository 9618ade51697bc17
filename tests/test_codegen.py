"""Generated code (runtime/codegen.py): rule expressions compiled to Python keep the IR's meaning.

Each function below is written in the rules language, compiled on top of the standard ruleset, and
evaluated on a board the test sets up; the expected values are worked out here from the map's facts,
independently of the interpreter. Also: pure functions remember results only within one evaluation
(and never across a hypothetical board), functions that roll dice are never remembered, and the
compiled code is kept on disk and survives a damaged cache file.
"""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any

import pytest
from twilight.compiler import api
from twilight.runtime import codegen
from twilight.runtime.engine import Engine
from twilight.runtime.primitives import IMPLEMENTATIONS
from twilight.runtime.program import Program, pure_functions

FUNCTIONS = """\
function t_count_bg(r: region): int source "test · 1" {
  count(c for c in countries(r) where battleground(c))
}

function t_aggregates(r: region): list[int] source "test · 1" {
  [sum(stability(c) for c in countries(r)), max(stability(c) for c in countries(r)),
   min(stability(c) for c in countries(r) where stability(c) > 99),
   (if any(stability(c) == 4 for c in countries(r)) then 1 else 0),
   (if all(stability(c) >= 1 for c in countries(r)) then 1 else 0)]
}

function t_ordered(r: region): list[country] source "test · 1" {
  [each c in countries(r) where not battleground(c) order by stability(c) desc]
}

function t_ordered_two_keys(r: region): list[country] source "test · 1" {
  [each c in countries(r) order by battleground(c) desc, stability(c) asc]
}

function t_shadow(r: region): int source "test · 1" {
  count(c for c in countries(r) where count(c for c in neighbours(c) where battleground(c)) > 0)
}

function t_nested(r: region): int source "test · 1" {
  sum(count(d for d in neighbours(c) where battleground(d)) for c in countries(r))
}

function t_ops(c: country): list[int] source "test · 1" {
  [-stability(c), stability(c) * 2 - 1, (if c in countries(europe) then 1 else 0),
   (if c not in countries(europe) then 1 else 0)]
}

function t_levels(): list[bool] source "test · 1" {
  [presence < control, domination >= control, no_presence <= presence, early < mid]
}

function t_levels_around(s: side, c: country, r: region): list[scoring_level] source "test · 1" {
  [scoring_level(s, r), level_if_controlled(s, c, r), scoring_level(s, r)]
}

function t_roll(): int source "test · 1" {
  d6()
}

function t_two_rolls(): list[int] source "test · 1" {
  [t_roll(), t_roll()]
}

function t_broken(c: country): int source "test · 1" {
  stability(c) + count(x for x in countries(europe) where stability(x) > t_boom(c))
}

function t_boom(c: country): int source "test · 1" {
  stability(c) + stability(first([each x in countries(europe) where stability(x) > 99]))
}
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    lone = tmp_path_factory.mktemp("codegen") / "functions.tsr"
    lone.write_text(FUNCTIONS, encoding="utf-8")
    result = api.compile_target(str(lone), use_cache=False)
    errors = [d.message for d in result.diagnostics if d.severity.name == "ERROR"]
    assert result.ir is not None, errors
    return result.ir


@pytest.fixture(scope="module")
def program(ir: dict[str, Any]) -> Program:
    return Program(ir, IMPLEMENTATIONS)


def call(program: Program, engine: Engine, name: str, *args: Any) -> Any:
    return program.functions[name].call(engine, *args)


def members(ir: dict[str, Any], region: str) -> list[str]:
    return [c for c, v in ir["map"]["countries"].items() if region in (v["region"], *v["subregions"])]


def facts(ir: dict[str, Any]) -> tuple[dict[str, int], dict[str, bool], dict[str, list[str]]]:
    countries = ir["map"]["countries"]
    superpowers = {s["superpower"] for s in ir["map"]["sides"].values()}
    stability = {c: v["stability"] for c, v in countries.items()}
    battleground = {c: v["battleground"] for c, v in countries.items()}
    neighbours = {c: [n for n in v["adjacent"] if n not in superpowers] for c, v in countries.items()}
    return stability, battleground, neighbours


@pytest.mark.parametrize("region", ["europe", "asia", "central_america", "africa"])
def test_aggregates_comprehensions_and_operators(ir: dict[str, Any], program: Program, region: str) -> None:
    engine = Engine(ir, {}, program=program)
    stability, battleground, neighbours = facts(ir)
    here = members(ir, region)
    assert call(program, engine, "t_count_bg", region) == sum(battleground[c] for c in here)
    any_four = any(stability[c] == 4 for c in here)
    assert call(program, engine, "t_aggregates", region) == [
        sum(stability[c] for c in here),
        max(stability[c] for c in here),
        0,  # min over nothing
        int(any_four),
        1,
    ]
    # stable sorts: among equals, the map's order
    plain = [c for c in here if not battleground[c]]
    assert call(program, engine, "t_ordered", region) == sorted(plain, key=lambda c: -stability[c])
    assert call(program, engine, "t_ordered_two_keys", region) == sorted(
        here, key=lambda c: (not battleground[c], stability[c])
    )
    # the inner `c` hides the outer one only inside the inner count
    assert call(program, engine, "t_shadow", region) == sum(
        1 for c in here if any(battleground[n] for n in neighbours[c])
    )
    assert call(program, engine, "t_nested", region) == sum(
        sum(1 for d in neighbours[c] if battleground[d]) for c in here
    )
    europe = set(members(ir, "europe"))
    for c in here[:3]:
        assert call(program, engine, "t_ops", c) == [
            -stability[c],
            stability[c] * 2 - 1,
            int(c in europe),
            int(c not in europe),
        ]
    assert engine.memo is None  # every evaluation closes the memory it opened


def test_enum_values_compare_by_rank(ir: dict[str, Any], program: Program) -> None:
    assert call(program, Engine(ir, {}, program=program), "t_levels") == [True, False, True, True]


def test_a_hypothetical_board_is_not_answered_from_the_real_one(ir: dict[str, Any], program: Program) -> None:
    engine = Engine(ir, {}, program=program)
    # The US has nothing in Europe; with France controlled it would have presence. The outer evaluation
    # remembers the real level, the hypothetical one must be worked out afresh, and the real one again
    # after it.
    levels = call(program, engine, "t_levels_around", "us", "france", "europe")
    assert levels == ["no_presence", "presence", "no_presence"]
    assert engine.state.influence["france"] == {"us": 0, "ussr": 0}


def test_the_memory_is_per_evaluation(ir: dict[str, Any], program: Program) -> None:
    engine = Engine(ir, {}, program=program)
    before = call(program, engine, "t_levels_around", "ussr", "poland", "europe")
    engine.state.influence["poland"]["ussr"] = 3  # control of Poland, stability 3
    after = call(program, engine, "t_levels_around", "ussr", "poland", "europe")
    assert before[0] == "no_presence" and after[0] == "presence"


def test_an_evaluation_that_fails_leaves_no_memory_open(ir: dict[str, Any], program: Program) -> None:
    engine = Engine(ir, {}, program=program)
    with pytest.raises(KeyError):  # the stability of the first of no countries, deep inside
        call(program, engine, "t_broken", "france")
    assert engine.memo is None


def test_functions_that_roll_dice_are_never_remembered(ir: dict[str, Any], program: Program) -> None:
    pure = pure_functions(ir["functions"])
    assert "t_roll" not in pure and "t_two_rolls" not in pure  # the caller of a roller rolls too
    assert "t_count_bg" in pure and "scoring_level" in pure
    engine = Engine(ir, {}, dice=[2, 5], program=program)
    assert call(program, engine, "t_two_rolls") == [2, 5]


def test_priority_list_picks_make_a_function_impure() -> None:
    functions = {
        "picks": {"body": {"pick": "somewhere", "args": []}},
        "calls_picker": {"body": {"op": "+", "args": [1, {"fn": "picks", "args": []}]}},
        "plain": {"body": {"call": {"turn": []}}},
    }
    assert pure_functions(functions) == {"plain"}


def test_compiled_code_is_kept_on_disk(
    ir: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(codegen, "_CODE", {})
    Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    (cached,) = tmp_path.glob("code-*.marshal")
    # A new process (no code in memory) that cannot compile at all still builds the program from disk.
    monkeypatch.setattr(codegen, "_CODE", {})

    def no_compiling(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("compiled although the disk cache has the code")

    monkeypatch.setattr(builtins, "compile", no_compiling)
    program = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    monkeypatch.undo()
    assert call(program, Engine(ir, {}, program=program), "t_count_bg", "europe") == sum(
        facts(ir)[1][c] for c in members(ir, "europe")
    )
    # A damaged cache file costs a recompile, nothing else, and is replaced by a good one.
    cached.write_bytes(b"\x00garbage")
    monkeypatch.setattr(codegen, "_CODE", {})
    program = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    assert call(program, Engine(ir, {}, program=program), "t_levels") == [True, False, True, True]
    assert codegen._load(cached)


def test_names_from_the_ir_are_checked_before_they_become_code(program: Program) -> None:
    for bad in ({"var": "x']; import os; V['"}, {"fn": "f(e) or exec", "args": []}):
        with pytest.raises(ValueError, match="not an IR name"):
            program.expr(bad)
