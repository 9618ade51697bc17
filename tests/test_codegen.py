"""Generated code (runtime/codegen.py): rule expressions compiled to Python keep the IR's meaning.

Each function below is written in the rules language, compiled on top of the standard ruleset, and
evaluated on a board the test sets up; the expected values are worked out here from the map's facts,
independently of the interpreter. Also: pure functions remember results only within one evaluation
(and never across a hypothetical board), functions that roll dice are never remembered, and the
compiled code is kept on disk and survives a damaged cache file.
"""

from __future__ import annotations

import builtins
import dis
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from twilight.compiler import api
from twilight.runtime.backend import codegen, generated_module
from twilight.runtime.backend.codegen import pure_functions
from twilight.runtime.backend.program import Program
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.frames import Frame
from twilight.runtime.game import IMPLEMENTATIONS

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

function t_bg_or_france(c: country): bool source "test · 1" {
  battleground(c) or c == france
}

function t_count_bg_or_france(r: region): int source "test · 1" {
  count(c for c in countries(r) where t_bg_or_france(c))
}

function t_control_picks_the_source(s: side, c: country): int source "test · 1" {
  count(x for x in (if controls(s, c) then countries(europe) else countries(asia)) where controls(s, x))
}

function t_controlled_in(s: side, r: region): list[int] source "test · 1" {
  [count(c for c in countries(r) where controls(s, c)),
   count(c for c in countries(r) where controls(ussr, c))]
}

function t_is_europe(r: region): bool source "test · 1" {
  r == europe
}

function t_ordered_ints(c: country, r: region): list[bool] source "test · 1" {
  [stability(c) > 2, t_count_bg(r) >= stability(c), stability(c) < t_count_bg(r) + 1]
}

function t_maybe_int(c: country): int source "test · 1" {
  if stability(c) > 2 then 1 else 0
}

function t_maybe_more(a: int, c: country): list[bool] source "test · 1" {
  [a > 1, t_maybe_int(c) > 0]
}

function t_roll(): int source "test · 1" {
  d6()
}

function t_two_rolls(): list[int] source "test · 1" {
  [t_roll(), t_roll()]
}

function t_repeats(c: country, r: region): list[int] source "test · 1" {
  [t_count_bg(r), t_count_bg(r) + stability(c),
   count(x for x in countries(europe) where stability(x) <= t_count_bg(r)),
   (if stability(c) > 99 then t_count_bg(asia) + t_count_bg(asia) else 0),
   (if stability(c) < 99 then t_count_bg(africa) + t_count_bg(africa) else 0)]
}

function t_broken(c: country): int source "test · 1" {
  stability(c) + count(x for x in countries(europe) where stability(x) > t_boom(c))
}

function t_boom(c: country): int source "test · 1" {
  stability(c) + table_value(region_scoring, europe, "no_such_column")
}
"""


@pytest.fixture(scope="module")
def ir(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    lone = tmp_path_factory.mktemp("codegen") / "functions.tsr"
    lone.write_text(FUNCTIONS, encoding="utf-8")
    result = api.compile_target(str(lone), use_cache=False)
    errors = [d.message for d in result.diagnostics if d.severity.name == "ERROR"]
    assert result.ir is not None, errors
    # An IR made some other way, where a function declared `int` may give none (the compiler refuses
    # such a function: `int or none`, and no ordering of it): the generated code must still hold.
    maybe = result.ir["functions"]["t_maybe_int"]["body"]
    assert maybe["op"] == "if" and maybe["args"][2] == 0
    maybe["args"][2] = None
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
    # one key certainly an int is sorted by as it is; two keys (a bool among them) go through ranks
    assert "_order" not in _names_read(program.functions["t_ordered"].call.__code__)
    assert "_order" in _names_read(program.functions["t_ordered_two_keys"].call.__code__)
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
    with pytest.raises(ValueError):  # a column the table does not have, deep inside
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


def test_a_pick_given_the_wrong_number_of_arguments_is_refused() -> None:
    """An IR made some other way that calls a priority list with too many or too few values: the pick
    says so, instead of binding some of them."""
    compiled = api.compile_target("solo-v2")
    assert compiled.ir is not None
    program = Program(compiled.ir, IMPLEMENTATIONS)
    engine = Engine(compiled.ir, {}, program=program)
    params = program.priorities["ai_answer_card"].params
    for values in ([], ["ussr", *params, "extra"]):
        with pytest.raises(ValueError, match=f"takes {len(params)} arguments, given {len(values)}"):
            program._call_pick(engine, "ai_answer_card", values)


def _new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """No generated code in this process's memory, as in a new one."""
    monkeypatch.setattr(generated_module, "_COMPILED", {})
    monkeypatch.setattr(generated_module, "_LOADED", {})


def test_compiled_code_is_kept_on_disk(
    ir: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _new_process(monkeypatch)
    Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    (module,) = tmp_path.glob("rules-*.py")
    assert "def F_t_count_bg(" in module.read_text(encoding="utf-8")
    (compiled,) = (tmp_path / "__pycache__").glob("rules-*.pyc")
    # A new process (no code in memory) that cannot compile at all still builds the program from disk.
    _new_process(monkeypatch)

    def no_compiling(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("compiled although the disk cache has the code")

    monkeypatch.setattr(builtins, "compile", no_compiling)
    program = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
    monkeypatch.undo()
    assert program.functions["t_count_bg"].call.__code__.co_filename == str(module)
    assert call(program, Engine(ir, {}, program=program), "t_count_bg", "europe") == sum(
        facts(ir)[1][c] for c in members(ir, "europe")
    )
    # A damaged `.pyc` costs a compile of the module, nothing else; a damaged module a build afresh,
    # which writes it again.
    for damaged in (compiled, module):
        good = damaged.read_bytes()
        damaged.write_bytes(b"\x00garbage")
        _new_process(monkeypatch)
        program = Program(ir, IMPLEMENTATIONS, code_cache=tmp_path)
        assert call(program, Engine(ir, {}, program=program), "t_levels") == [True, False, True, True]
        if damaged is module:
            assert module.read_bytes() == good


def test_names_from_the_ir_are_checked_before_they_become_code(program: Program) -> None:
    for bad in ({"var": "x']; import os; V['"}, {"fn": "f(e) or exec", "args": []}):
        with pytest.raises(ValueError, match="not an IR name"):
            program.expr(bad)


# ---------------------------------------------------------------------- primitives written out in place
def _inlined() -> list[str]:
    return sorted(name for name, fn in IMPLEMENTATIONS.items() if hasattr(fn, "inline"))


def test_the_hot_map_primitives_are_written_out() -> None:
    """The queries the AI's and the rules' conditions ask thousands of times a game."""
    hot = {"accessible", "battleground", "control_margin", "controls", "in_region", "influence", "opponent"}
    assert hot | {"placed_this_round", "stability"} <= set(_inlined())


@pytest.mark.parametrize("name", _inlined())
def test_a_primitive_written_out_means_what_its_function_does(
    ir: dict[str, Any], program: Program, name: str
) -> None:
    """Every inlined primitive (core.inlined) is written out without a call of its function, and gives
    its function's value for every country and side, on a board with influence, a round's placements
    and the opponent of a side worked out in place (a call of an inlined primitive inside another)."""
    from twilight.runtime.core import registry

    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    for i, c in enumerate(countries):
        engine.state.influence[c] = {"us": i % 4, "ussr": (i * 7) % 5}
    engine.state.placed_this_round["us"] = {countries[3]: 1, countries[9]: 2}
    engine.state.round_start_influence["ussr"] = countries[::5]
    engine.state.defcon = 3
    params = [p.type for p in registry.by_name()[name].params]
    values = {
        "side": ["us", "ussr"],
        "country": countries,
        "region": ["europe", "asia", "central_america"],
        "card": list(ir["cards"]),
        "track": list(ir["tracks"]),
    }
    argument_sets: list[list[Any]] = [[]]
    for kind in params:  # (a parameter that takes none, `region?`: none too)
        taken = values[kind.removesuffix("?")] + ([None] if kind.endswith("?") else [])
        argument_sets = [[*done, value] for done in argument_sets for value in taken]
    for args in argument_sets:
        nodes: list[Any] = [None if a is None else {"str": a} for a in args]
        # the first side argument, if any, also as the opponent's opponent: written out within a template
        if "side" in params:
            at = params.index("side")
            other = {"call": {"opponent": [{"str": "us" if args[at] == "ussr" else "ussr"}]}}
            nodes[at] = other
        fn = program.expr({"call": {name: nodes}})
        assert f"P_{name}" not in fn.__code__.co_names
        assert fn(Frame(engine, {})) == IMPLEMENTATIONS[name](engine, *args), (name, args)


@pytest.mark.parametrize("op", ["==", "!="])
def test_none_is_equal_to_none_alone(ir: dict[str, Any], program: Program, op: str) -> None:
    """`x == none` (or `none == x`) is told by identity: true of none alone, whatever else x holds."""
    engine = Engine(ir, {}, program=program)
    for args in ([{"var": "x"}, None], [None, {"var": "x"}]):
        fn = program.expr({"op": op, "args": args})
        for value, is_none in (
            (None, True),
            ("", False),
            (0, False),
            (False, False),
            ([], False),
            ("us", False),
        ):
            assert fn(Frame(engine, {"x": value})) is (is_none if op == "==" else not is_none), (op, value)


def test_a_filter_tests_its_cheap_conditions_first(ir: dict[str, Any]) -> None:
    """A costly condition written first is asked only of the items the cheap one lets through; with a
    pick among the conditions (traced: the order is seen) they stay as written."""
    asked: list[str] = []

    def costly(engine: Engine, c: str) -> bool:
        asked.append(c)
        return True

    program = Program(ir, {**IMPLEMENTATIONS, "battleground": costly})
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    costly_first = [
        {"call": {"battleground": [{"var": "c"}]}},
        {"op": "==", "args": [{"var": "c"}, {"str": "france"}]},
    ]
    keep = program.codegen.candidates(costly_first, "c")
    assert keep(Frame(engine, {}), countries) == ["france"]
    assert asked == ["france"]
    assert program.codegen._cheap_first([*costly_first, {"pick": "x", "args": []}]) == [
        *costly_first,
        {"pick": "x", "args": []},
    ]


def _battleground_counted(ir: dict[str, Any]) -> tuple[Program, Engine, list[str]]:
    """A program whose `battleground` (no longer written out in place) notes each country it is asked
    about, an engine on it, and the list of those countries."""
    asked: list[str] = []

    def counted(engine: Engine, c: str) -> bool:
        asked.append(c)
        return bool(IMPLEMENTATIONS["battleground"](engine, c))

    program = Program(ir, {**IMPLEMENTATIONS, "battleground": counted})
    return program, Engine(ir, {}, program=program), asked


def test_a_filter_asks_what_does_not_read_the_candidate_before_any_candidate(ir: dict[str, Any]) -> None:
    """A condition that reads no candidate (the region asked about) is asked once, before the others:
    when it fails, no candidate is looked at; when it holds, the others are asked as before."""
    program, engine, asked = _battleground_counted(ir)
    countries = list(ir["map"]["countries"])
    # (as costly as the other by the filter's reckoning, and written second: without the look before any
    # candidate, each would be asked the other first)
    conditions = [{"call": {"battleground": [{"var": "c"}]}}, {"fn": "t_is_europe", "args": [{"var": "r"}]}]
    keep = program.codegen.candidates(conditions, "c")
    assert keep(Frame(engine, {"r": "asia"}), countries) == [] and asked == []
    battlegrounds = [c for c in countries if ir["map"]["countries"][c]["battleground"]]
    assert keep(Frame(engine, {"r": "europe"}), countries) == battlegrounds
    assert asked == countries


@pytest.mark.parametrize("side", ["us", "ussr"])
def test_a_comprehension_source_may_ask_control(ir: dict[str, Any], program: Program, side: str) -> None:
    """`controls` is written out keeping the country's influence in a local (`:=`), which Python refuses
    in a comprehension's source: there it is written out without one, with the same meaning."""
    engine = Engine(ir, {}, program=program)
    stability, _, _ = facts(ir)
    for i, c in enumerate(ir["map"]["countries"]):
        engine.state.influence[c] = {side: stability[c] * (i % 2), "us" if side == "ussr" else "ussr": 0}
    for c in ("france", "japan"):
        region = "europe" if engine.state.influence[c][side] >= stability[c] else "asia"
        expected = sum(1 for x in members(ir, region) if engine.state.influence[x][side] >= stability[x] > 0)
        assert call(program, engine, "t_control_picks_the_source", side, c) == expected


def test_a_filter_works_out_once_what_reads_the_same_for_every_candidate(
    ir: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A side's accessible countries and a list named in `c in list` read the same for every candidate:
    worked out once per evaluation (when the first candidate needs them), with the same result as
    asking for each candidate; where a comprehension's source or an ordering key needs the same, the
    code still compiles and means the same."""
    from twilight.runtime.core.primitives import map_queries

    worked_out: list[str] = []
    real = map_queries._accessible_now

    def counted(engine: Engine, side: str) -> frozenset[str]:
        worked_out.append(side)
        return real(engine, side)

    monkeypatch.setattr(map_queries, "_accessible_now", counted)
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    engine.state.round_start_influence["us"] = countries[::7]
    offered = countries[::2]
    nested = {
        "agg": "count",
        "bind": "d",
        "in": {"call": {"countries": [{"str": "europe"}]}},
        "item": {"var": "d"},
    }
    nested["where"] = {"call": {"accessible": [{"var": "s"}, {"var": "d"}]}}
    ordered = {
        "each": "d",
        "in": {"var": "offered"},
        "where": None,
        "order": [{"key": nested, "desc": False}],
    }
    simple = [
        {"op": "in", "args": [{"var": "c"}, {"var": "offered"}]},
        {"call": {"accessible": [{"var": "s"}, {"var": "c"}]}},
    ]
    keep = program.codegen.candidates(simple, "c")
    frame = Frame(engine, {"s": "us", "offered": offered})
    assert keep(frame, []) == [] and worked_out == []  # nothing asked: nothing worked out
    accessible = real(engine, "us")
    expected = [c for c in countries if c in offered and c in accessible]
    assert keep(frame, countries) == expected
    assert worked_out == ["us"]
    # beside a comprehension whose source, and an ordering key, read the same for every candidate
    both = program.codegen.candidates(
        [*simple, {"op": ">", "args": [nested, 0]}, {"op": "in", "args": [{"var": "c"}, ordered]}], "c"
    )
    assert both(frame, countries) == expected


def test_a_filter_asks_a_pure_function_of_what_does_not_change_once(ir: dict[str, Any]) -> None:
    """`stability(c) <= t_count_bg(r)`: the function's value is the same for every candidate (its memory
    would give it), so the filter asks it once; one of the candidate, or one that rolls a die, is asked
    for each candidate."""
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    asked: list[str] = []
    for name in ("t_count_bg", "t_roll"):
        real = program.codegen.namespace[f"F_{name}"]

        def counting(e: Engine, *args: Any, _real: Any = real, _name: str = name) -> Any:
            asked.append(_name)
            return _real(e, *args)

        program.codegen.namespace[f"F_{name}"] = counting
    stability = {"call": {"stability": [{"var": "c"}]}}
    invariant = {"op": "<=", "args": [stability, {"fn": "t_count_bg", "args": [{"var": "r"}]}]}
    keep = program.codegen.candidates([invariant], "c")
    count_bg = program.functions["t_count_bg"].call(engine, "europe")
    engine.memo = {}  # (a pick opens the memory around its conditions)
    assert keep(Frame(engine, {"r": "europe"}), countries) == [
        c for c in countries if ir["map"]["countries"][c]["stability"] <= count_bg
    ]
    assert asked == ["t_count_bg"]
    asked.clear()
    rolled = {"op": "<=", "args": [stability, {"fn": "t_roll", "args": []}]}
    program.codegen.candidates([rolled], "c")(Frame(engine, {}), countries)
    assert asked == ["t_roll"] * len(countries)


def test_a_pure_function_makes_a_call_it_repeats_once(ir: dict[str, Any]) -> None:
    """`t_repeats` asks `t_count_bg` of the same region three times (once in a comprehension's filter):
    the call is made once and its value used at each place; a call in a branch not taken is never made,
    one in a branch taken is made once."""
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    asked: list[tuple[Any, ...]] = []
    real = program.codegen.namespace["F_t_count_bg"]

    def counting(e: Engine, *args: Any) -> Any:
        asked.append(args)
        return real(e, *args)

    program.codegen.namespace["F_t_count_bg"] = counting
    stability, battleground, _ = facts(ir)
    in_europe = members(ir, "europe")
    bg = {r: sum(battleground[c] for c in members(ir, r)) for r in ("europe", "africa")}
    assert call(program, engine, "t_repeats", "france", "europe") == [
        bg["europe"],
        bg["europe"] + stability["france"],
        sum(1 for c in in_europe if stability[c] <= bg["europe"]),
        0,
        2 * bg["africa"],
    ]
    assert asked == [("europe",), ("africa",)]


def test_a_list_asked_about_in_one_evaluation_is_made_a_set_once(
    ir: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`c in offered`, asked by a filter called again and again within one evaluation (a priority list's
    `require`, asked for each option): the list is made a set once; another list gets a set of its own,
    and outside an evaluation each call makes its own."""
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    made: list[list[Any]] = []
    real = codegen._set_of

    def counting(value: list[Any]) -> Any:
        made.append(value)
        return real(value)

    monkeypatch.setattr(codegen, "_set_of", counting)
    countries = list(ir["map"]["countries"])
    keep = program.codegen.candidates([{"op": "in", "args": [{"var": "c"}, {"var": "offered"}]}], "c")
    offered, other = ["france", "italy"], ["poland"]
    engine.memo = {}
    for _ in range(3):
        assert keep(Frame(engine, {"offered": offered}), countries) == [c for c in countries if c in offered]
    assert made == [offered]
    assert keep(Frame(engine, {"offered": other}), countries) == ["poland"]
    assert made == [offered, other]
    engine.memo = None
    keep(Frame(engine, {"offered": offered}), countries)
    keep(Frame(engine, {"offered": offered}), countries)
    assert made == [offered, other, offered, offered]
    # the whole map (`all_countries()`, a new list at each call) is the program's domain: its set
    engine.memo = {}
    whole = list(countries)
    assert keep(Frame(engine, {"offered": whole}), countries) == countries
    assert made == [offered, other, offered, offered]
    almost = [*countries[:-1], "france"]  # (as long as the map, and not the map)
    assert keep(Frame(engine, {"offered": almost}), countries) == countries[:-1]
    assert made[-1] is almost
    engine.memo = None


def test_a_filter_goes_through_a_comprehension_of_what_does_not_change_once(ir: dict[str, Any]) -> None:
    """`stability(c) <= count(x for x in countries(europe) where battleground(x))`: the count reads no
    candidate, so the filter works it out once (its own variable does not make it vary)."""
    program, engine, asked = _battleground_counted(ir)
    countries = list(ir["map"]["countries"])
    europe = members(ir, "europe")
    counted = {
        "agg": "count",
        "bind": "x",
        "in": {"call": {"countries": [{"str": "europe"}]}},
        "item": {"var": "x"},
        "where": {"call": {"battleground": [{"var": "x"}]}},
    }
    stability = {"call": {"stability": [{"var": "c"}]}}
    keep = program.codegen.candidates([{"op": "<=", "args": [stability, counted]}], "c")
    engine.memo = {}
    bound = sum(1 for x in europe if ir["map"]["countries"][x]["battleground"])
    assert keep(Frame(engine, {}), countries) == [
        c for c in countries if ir["map"]["countries"][c]["stability"] <= bound
    ]
    assert asked == europe


def test_an_ir_expression_met_while_the_game_runs_is_written_out_once(
    ir: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's roll (roll_table) and a victory condition (the invariant checks) come to the program as
    IR while the game runs: written out, hashed and made into a function once per node, not per call."""
    program = Program(ir, IMPLEMENTATIONS)
    written: list[Any] = []
    real = program.codegen.compile

    def compile_counted(node: Any) -> Any:
        written.append(node)
        return real(node)

    monkeypatch.setattr(program.codegen, "compile", compile_counted)
    node = {"op": "+", "args": [{"call": {"stability": [{"str": "france"}]}}, 1]}
    first = program.expr_of_ir(node)
    assert program.expr_of_ir(node) is first and written == [node]
    twin = {"op": "+", "args": [{"call": {"stability": [{"str": "france"}]}}, 1]}  # equal, not the same
    assert program.expr_of_ir(twin)(Frame(Engine(ir, {}, program=program), {})) == first(
        Frame(Engine(ir, {}, program=program), {})
    )
    assert written == [node, twin]


@pytest.mark.parametrize("region", ["europe", "asia", "africa"])
def test_a_cheap_function_is_written_out_where_it_is_called(
    ir: dict[str, Any], program: Program, region: str
) -> None:
    """A pure function that calls nothing and reads only plain values (not remembered: working it out
    costs less) is written out in place of its call when the arguments are simple: no call, the same
    value."""
    _, battleground, _ = facts(ir)
    engine = Engine(ir, {}, program=program)
    expected = sum(1 for c in members(ir, region) if battleground[c] or c == "france")
    assert call(program, engine, "t_count_bg_or_france", region) == expected
    read = _names_read(program.functions["t_count_bg_or_france"].call.__code__, program.codegen.namespace)
    assert "F_t_bg_or_france" not in read
    assert (
        call(program, engine, "t_bg_or_france", "france") is True
    )  # (called by itself, it is still a function)


def _names_read(code: Any, namespace: dict[str, Any] | None = None) -> set[str]:
    """The global names a code object reads, its comprehensions' included (and, given the program's
    namespace, those of the functions its aggregates became)."""
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_read(const, namespace)
    for name in list(names):
        if namespace is not None and name.startswith("A_"):
            names |= _names_read(namespace[name].__code__, namespace)
    return names


@pytest.mark.parametrize("region", ["europe", "asia", "africa"])
def test_an_aggregate_of_a_remembering_function_is_a_function_made_once(
    ir: dict[str, Any], program: Program, region: str
) -> None:
    """A count in a function that remembers its results is a loop in a function of its own, made with the
    program, given the locals it reads: a call of the rule function makes no function and no cell (a
    comprehension would make both at every call, in 3.11), and counts the same."""
    code = program.functions["t_count_bg_or_france"].call.__code__
    assert not code.co_cellvars and not any(hasattr(const, "co_code") for const in code.co_consts)
    (aggregate,) = [name for name in code.co_names if name.startswith("A_")]
    assert "FOR_ITER" in {i.opname for i in dis.get_instructions(program.codegen.namespace[aggregate])}
    _, battleground, _ = facts(ir)
    expected = sum(1 for c in members(ir, region) if battleground[c] or c == "france")
    assert call(program, Engine(ir, {}, program=program), "t_count_bg_or_france", region) == expected


def test_ordered_comparisons_of_whole_numbers_are_python_s_own(ir: dict[str, Any], program: Program) -> None:
    """`<` between two values certain to be ints (a primitive the runtime declares to give one, a rule
    function whose body is a count, arithmetic of them) is Python's own: no call ranking enum values. A
    parameter or a function only declared `int` may hold `none` (it fits every type): those keep the
    ranks, where `none` is below every number."""
    engine = Engine(ir, {}, program=program)
    stability, battleground, _ = facts(ir)
    bg = sum(1 for c in members(ir, "asia") if battleground[c])
    for c in ("japan", "burma", "north_korea"):
        assert call(program, engine, "t_ordered_ints", c, "asia") == [
            stability[c] > 2,
            bg >= stability[c],
            stability[c] < bg + 1,
        ]
    assert not {"_lt", "_le", "_gt", "_ge"} & _names_read(program.functions["t_ordered_ints"].call.__code__)
    low = next(c for c in ir["map"]["countries"] if stability[c] <= 2)
    assert call(program, engine, "t_maybe_more", None, low) == [False, False]
    assert call(program, engine, "t_maybe_more", 2, "japan") == [True, stability["japan"] > 2]
    assert "_gt" in _names_read(program.functions["t_maybe_more"].call.__code__)


def test_primitives_and_functions_declared_to_give_an_int_give_one() -> None:
    """Whole games (standard and solo-v2) with every primitive the runtime's contract declares `int`,
    and every rule function declared `int`, checked at each call: each value is an int (not a bool,
    None or an enum value). The written-out comparisons rely on it for the primitives (and for the
    functions whose body is certain to give an int); that no function of these rulesets gives `none`
    where it declares an `int` is a check of the rulesets."""
    from twilight.runtime.core import registry
    from twilight.runtime.core.decisions import RandomPlayer
    from twilight.runtime.core.invariants import CheckedEngine
    from twilight.runtime.solo.ai import RulesAIPlayer

    wrong: list[tuple[str, Any]] = []
    seen: set[str] = set()

    def checked(name: str, fn: Any) -> Any:
        def call(*args: Any) -> Any:
            value = fn(*args)
            seen.add(name)
            if type(value) is not int:
                wrong.append((name, value))
            return value

        return call

    declared = {p.name for p in registry.PRIMITIVES if p.returns == "int"}
    # (a primitive without its template: the generated code calls the function)
    primitives = {n: checked(n, f) if n in declared else f for n, f in IMPLEMENTATIONS.items()}
    for ruleset, seeds in (("standard", (1, 2, 3)), ("solo-v2", (4, 5))):
        compiled = api.compile_target(ruleset)
        assert compiled.ir is not None
        program = Program(compiled.ir, primitives)
        namespace = program.codegen.namespace
        for name, fn in compiled.ir["functions"].items():
            if fn["returns"] == "int":
                namespace[f"F_{name}"] = checked(name, namespace[f"F_{name}"])
        for seed in seeds:
            players: dict[str, Any] = {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 100)}
            settings = {}
            if ruleset == "solo-v2":
                players["ussr"] = RulesAIPlayer()
                settings = {"ai_side": "ussr"}
            engine = CheckedEngine(compiled.ir, players, seed=seed, program=program, settings=settings)
            for player in players.values():
                if isinstance(player, RulesAIPlayer):
                    player.engine = engine
            engine.run()
    assert wrong == []
    assert {"influence", "stability", "ops_for", "controlled_count", "region_vp"} <= seen


class _CountedReads(dict):  # type: ignore[type-arg]
    """A frame's variables that count how often each is read."""

    def __init__(self, values: dict[str, Any]) -> None:
        super().__init__(values)
        self.reads: dict[str, int] = {}

    def __getitem__(self, name: str) -> Any:
        self.reads[name] = self.reads.get(name, 0) + 1
        return super().__getitem__(name)

    def get(self, name: str, default: Any = None) -> Any:
        self.reads[name] = self.reads.get(name, 0) + 1
        return super().get(name, default)


def test_a_filter_reads_the_frame_and_the_state_once_before_its_candidates(ir: dict[str, Any]) -> None:
    """A filter reads each variable of its frame once, before any candidate, and works out there what
    cannot fail and no candidate changes (a side's opponent, its placements this round); a variable
    the frame does not hold fails only where a candidate's test reads it, as before."""
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    stability, _, _ = facts(ir)
    engine.state.placed_this_round["us"] = {countries[0]: 2}
    for i, c in enumerate(countries):
        engine.state.influence[c] = {"us": i % 3, "ussr": i % 2}
    side = {"var": "s"}
    conditions = [
        {"op": "<", "args": [{"call": {"placed_this_round": [side, {"var": "c"}]}}, 2]},
        {"op": ">", "args": [{"call": {"influence": [{"call": {"opponent": [side]}}, {"var": "c"}]}}, 0]},
        {"op": "<=", "args": [{"call": {"stability": [{"var": "c"}]}}, {"var": "most"}]},
    ]
    keep = program.codegen.candidates(conditions, "c")
    frame = Frame(engine, {})
    frame.vars = variables = _CountedReads({"s": "us", "most": 3})
    expected = [c for c in countries[1:] if engine.state.influence[c]["ussr"] > 0 and stability[c] <= 3]
    assert keep(frame, countries) == expected and len(expected) > 1
    assert variables.reads == {"s": 1, "most": 1}
    code = list(dis.get_instructions(keep))
    loop = next(i for i, instruction in enumerate(code) if instruction.opname == "FOR_ITER")
    reads = [i for i, instruction in enumerate(code) if instruction.argval in ("placed_this_round", "state")]
    assert reads and max(reads) < loop  # (read once, before the loop over the candidates)
    # a variable the frame does not hold, read only by the test of one country
    only_france = [
        {"op": "==", "args": [{"var": "c"}, {"str": "france"}]},
        {"op": "<=", "args": [{"call": {"stability": [{"var": "c"}]}}, {"var": "most"}]},
    ]
    keep_france = program.codegen.candidates(only_france, "c")
    assert keep_france(Frame(engine, {}), [c for c in countries if c != "france"]) == []
    with pytest.raises(KeyError):
        keep_france(Frame(engine, {}), countries)


def test_a_filter_without_conditions_keeps_a_copy_of_every_item(ir: dict[str, Any]) -> None:
    program = Program(ir, IMPLEMENTATIONS)
    keep_all = program.codegen.candidates([], "c")
    countries = list(ir["map"]["countries"])
    kept = keep_all(Frame(Engine(ir, {}, program=program), {}), countries)
    assert kept == countries and kept is not countries
    assert "FOR_ITER" not in {instruction.opname for instruction in dis.get_instructions(keep_all)}


def test_a_block_is_one_function_that_writes_out_its_assignments_and_ifs(
    ir: dict[str, Any], program: Program
) -> None:
    """A block of statements with an assignment or an `if` is one generated function: those are
    written out in it, any other statement (an effect here) is a call of its own function."""
    engine = Engine(ir, {}, program=program)
    x = {"var": "x"}
    stmts = [
        {"let": "x", "value": 2},
        {
            "if": {"op": "==", "args": [x, 2]},
            "then": [{"set": "x", "value": {"op": "+", "args": [x, 1]}}],
            "else": [{"set": "x", "value": 0}],
        },
        {"do": {"gain_vp": [{"ref": "side", "id": "us"}, x]}},
    ]
    block = program.body(stmts)
    assert program.codegen.module.owns(
        block.__code__.co_filename
    )  # (made after the build: a text of its own)
    assert block.__code__.co_name.startswith("ruleset__block_")
    frame = Frame(engine, {})
    vp = engine.state.vp
    block(frame)
    assert frame.vars["x"] == 3
    assert engine.state.vp == vp + 3


def test_a_block_s_effect_inside_an_evaluation_runs_with_the_memory_closed_and_empties_it(
    ir: dict[str, Any], program: Program
) -> None:
    """A look-ahead may play an effect on the engine while an evaluation is open: the effect runs with
    no memory (what it changes would be answered from the old results), and what was remembered is
    forgotten (the board changed); the evaluation keeps its memory, emptied."""
    engine = Engine(ir, {}, program=program)
    seen: list[Any] = []
    real = program.primitives["gain_vp"]

    def gain(e: Engine, side: str, amount: int) -> None:
        seen.append(e.memo)
        real(e, side, amount)

    block = Program(ir, {**IMPLEMENTATIONS, "gain_vp": gain}).body(
        [{"let": "x", "value": 2}, {"do": {"gain_vp": [{"ref": "side", "id": "us"}, {"var": "x"}]}}]
    )
    memory: dict[Any, Any] = {"remembered": 1}
    engine.memo = memory
    vp = engine.state.vp
    block(Frame(engine, {}))
    assert seen == [None] and engine.state.vp == vp + 2
    assert engine.memo is memory and memory == {}
    engine.memo = None
    block(Frame(engine, {}))
    assert seen == [None, None] and engine.state.vp == vp + 4


@pytest.mark.parametrize(("x", "found"), [(0, 0), (55, 55), (149, 149), (150, -1)])
def test_an_else_if_chain_deeper_than_python_nests_runs_as_written(
    ir: dict[str, Any], program: Program, x: int, found: int
) -> None:
    """150 `else if`s are 150 nested blocks, more than Python allows in one function: past that depth
    the rest of the chain is a function of its own."""
    chain: list[dict[str, Any]] = [{"set": "y", "value": -1}]
    for i in reversed(range(150)):
        condition = {"op": "==", "args": [{"var": "x"}, i]}
        chain = [{"if": condition, "then": [{"set": "y", "value": i}], "else": chain}]
    frame = Frame(Engine(ir, {}, program=program), {"x": x})
    program.body(chain)(frame)
    assert frame.vars["y"] == found


@pytest.mark.parametrize("primitive", ["in_region", "adjacent_to_region"])
def test_a_filter_looks_a_region_s_countries_up_once_before_its_candidates(
    ir: dict[str, Any], primitive: str
) -> None:
    """`in_region(c, region)`, `adjacent_to_region(c, region)` in a filter whose candidates do not change
    the region: its countries are looked up once, before the loop (a DEFCON rule asks of every
    candidate whether it is in Europe); the answers are the primitive's own."""
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    keep = program.codegen.candidates([{"call": {primitive: [{"var": "c"}, {"var": "region"}]}}], "c")
    for region in ("europe", "asia"):
        expected = [c for c in countries if IMPLEMENTATIONS[primitive](engine, c, region)]
        assert keep(Frame(engine, {"region": region}), countries) == expected and expected
    code = list(dis.get_instructions(keep))
    loop = next(i for i, instruction in enumerate(code) if instruction.opname == "FOR_ITER")
    lookups = [i for i, instruction in enumerate(code) if instruction.argval == "_MS"]
    assert lookups and max(lookups) < loop


def test_a_side_s_opponent_in_a_written_out_control_test_is_worked_out_once_or_is_a_constant(
    ir: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`controls(side, c)` written out in a loop over a region's countries (region scoring asks it of
    every country): the opponent of a side no item changes is worked out before the loop, the opponent
    of a constant side is a constant; the counts are the primitive's own for both sides."""
    sources: list[str] = []
    define = codegen.ExprCompiler._define

    def kept(self: codegen.ExprCompiler, source: str, *args: Any, **kwargs: Any) -> Any:
        sources.append(source)
        return define(self, source, *args, **kwargs)

    monkeypatch.setattr(codegen.ExprCompiler, "_define", kept)
    _new_process(monkeypatch)
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    for i, c in enumerate(countries):
        engine.state.influence[c] = {"us": (i * 3) % 5, "ussr": (i * 7) % 4}
    (function,) = [s for s in sources if "'t_controlled_in'" in s]
    lifted = {f"A_{hashlib.blake2b(s.encode(), digest_size=6).hexdigest()}": s for s in sources}
    loops = [lifted[name].split("for _x_c in", 1)[1] for name in set(re.findall(r"A_[0-9a-f]{12}", function))]
    assert len(loops) == 2
    assert all('== "us"' not in loop for loop in loops)  # (neither side's opponent asked per country)
    assert any("['ussr']" in loop and "['us']" in loop for loop in loops)  # (the constant side's)
    for region in ("europe", "asia"):
        for side in ("us", "ussr"):
            expected = [
                sum(1 for c in members(ir, region) if IMPLEMENTATIONS["controls"](engine, s, c))
                for s in (side, "ussr")
            ]
            assert call(program, engine, "t_controlled_in", side, region) == expected
    assert call(program, engine, "t_controlled_in", "us", "europe") != [0, 0]
