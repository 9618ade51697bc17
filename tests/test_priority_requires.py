"""A priority list asks its `require`s lazily (runtime/priorities.py): only of the candidates an option's
cheap conditions let through, once per candidate and pick, when no condition of the list can be seen to
run (a pick, a die, a function that is not pure). The choices must be those of asking every candidate
first: whole solo games are played both ways and their traces compared event by event."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from twilight.compiler.api import compile_target
from twilight.runtime.backend.program import Program
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import IMPLEMENTATIONS

from tests.helpers import solo_against_random


@functools.cache
def solo_ir() -> dict[str, Any]:
    result = compile_target("solo-v2")
    assert result.ir is not None
    ir: dict[str, Any] = result.ir
    return ir


def _game(program: Program, seed: int) -> list[dict[str, Any]]:
    """The trace of one solo game, its AI against the random policy."""
    engine = solo_against_random(program, seed)
    engine.run()
    return engine.events


def _eager(program: Program, monkeypatch: pytest.MonkeyPatch) -> None:
    for plist in program.priorities.values():
        monkeypatch.setattr(plist, "lazy_requires", False)


def test_which_lists_ask_their_requires_lazily() -> None:
    program = Program(solo_ir(), IMPLEMENTATIONS)
    assert program.priorities["ai_influence_placement"].lazy_requires
    # its conditions pick from another list (traced): asked as written, of every candidate
    assert not program.priorities["ai_answer_place"].lazy_requires


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_the_same_games_as_asking_every_candidate_first(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    program = Program(solo_ir(), IMPLEMENTATIONS)
    lazy = _game(program, seed)
    _eager(program, monkeypatch)
    eager = _game(program, seed)
    assert [e for e in lazy if e["kind"] == "ai_choice" and e["priority"] == "ai_influence_placement"]
    assert lazy == eager


def test_the_costly_requires_are_asked_of_fewer_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """The placement list's `may_target` (the rules in force, asked of a country) is asked of the
    countries an option looks at, not of the whole map at every point."""
    asked: list[str] = []
    real = IMPLEMENTATIONS["may_target"]

    def counted(engine: Engine, action: str, side: str, c: str) -> bool:
        asked.append(c)
        return bool(real(engine, action, side, c))

    program = Program(solo_ir(), {**IMPLEMENTATIONS, "may_target": counted})
    lazy = _game(program, 2)
    lazily_asked = len(asked)
    asked.clear()
    _eager(program, monkeypatch)
    assert _game(program, 2) == lazy
    assert 0 < lazily_asked < len(asked)


def test_a_pick_that_reads_no_candidate_is_made_once_per_filter() -> None:
    """`c == ai_anywhere(ai, 1)` in a list's conditions: the same pick for every candidate, made when the
    first candidate needs it and traced once (as the pick's memory would give it to the others). A pick
    of each candidate's own region is made for each region."""
    from twilight.runtime.core.frames import Frame

    ir = solo_ir()
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    countries = list(ir["map"]["countries"])
    for c in ("france", "west_germany", "iran"):
        engine.state.influence[c]["ussr"] = 1
    engine.state.round_start_influence["ussr"] = ["france", "west_germany", "iran"]
    made: list[Any] = []
    real = program.codegen.namespace["_pick"]

    def counted(e: Engine, name: str, values: list[Any]) -> Any:
        made.append(values[1] if len(values) > 2 else name)
        return real(e, name, values)

    program.codegen.namespace["_pick"] = counted
    same = {"op": "==", "args": [{"var": "c"}, {"pick": "ai_anywhere", "args": [{"var": "ai"}, 1]}]}
    keep = program.codegen.candidates([same], "c")
    engine.memo = {}  # (a pick opens the memory around its conditions)
    chosen = keep(Frame(engine, {"ai": "ussr"}), countries)
    assert made == ["ai_anywhere"] and len(chosen) == 1
    assert sum(e["kind"] == "ai_choice" for e in engine.events) == 1
    made.clear()
    region = {"call": {"region_of": [{"var": "c"}]}}
    own = {"pick": "ai_influence_placement", "args": [{"var": "ai"}, region, False, 1, {"var": "all"}, True]}
    each = program.codegen.candidates([{"op": "==", "args": [{"var": "c"}, own]}], "c")
    engine.memo = {}
    each(Frame(engine, {"ai": "ussr", "all": countries}), countries)
    assert sorted(set(made)) == sorted({ir["map"]["countries"][c]["region"] for c in countries})
    engine.memo = None


def test_a_side_s_access_is_asked_before_the_other_cheap_conditions() -> None:
    """A look in the side's accessible countries (worked out once per filter) is the cheapest test, and
    the one that turns most of the map away: asked first among the cheap ones."""
    program = Program(solo_ir(), IMPLEMENTATIONS)
    placed = {
        "op": "<",
        "args": [{"call": {"placed_this_round": [{"var": "ai"}, {"var": "c"}]}}, 2],
    }
    access = {"call": {"accessible": [{"var": "ai"}, {"var": "c"}]}}
    assert program.codegen._cheap_first([placed, access]) == [access, placed]


def test_an_option_filters_its_candidates_in_one_pass_asking_each_require_once() -> None:
    """An option of a list whose conditions may be asked in any order goes through its candidates once
    (codegen.option_filter): its cheap conditions, then the list's `require`s (what they said of a
    candidate kept in the pick's `passed`, asked again by no other option), then its other conditions.
    A condition that reads no candidate is asked once, before any; when it fails, nothing else is."""
    from twilight.runtime.core.frames import Frame

    ir = solo_ir()
    asked: list[str] = []
    real = IMPLEMENTATIONS["may_target"]

    def counted(engine: Engine, action: str, side: str, c: str) -> bool:
        asked.append(c)
        return bool(real(engine, action, side, c))

    program = Program(ir, {**IMPLEMENTATIONS, "may_target": counted})
    engine = Engine(ir, {}, program=program)
    engine.state.influence["japan"]["us"] = 4  # (US control of Japan: its influence may go no further)
    countries = list(ir["map"]["countries"])
    in_asia = {"call": {"in_region": [{"var": "c"}, {"ref": "region", "id": "asia"}]}}
    require = {"call": {"may_target": [{"str": "influence"}, {"var": "ai"}, {"var": "c"}]}}
    uncontrolled = {"op": "not", "args": [{"call": {"controls": [{"var": "ai"}, {"var": "c"}]}}]}
    level = {"op": "==", "args": [{"var": "ai"}, {"var": "who"}]}  # (reads no candidate)
    keep = program.codegen.option_filter([in_asia], [require], [uncontrolled, level], "c")
    engine.memo = {}
    passed: dict[Any, bool] = {}
    kept = keep(Frame(engine, {"ai": "us", "who": "us"}), countries, passed)
    asia = [c for c in countries if ir["map"]["countries"][c]["region"] == "asia"]
    assert kept == [c for c in asia if c != "japan" and real(engine, "influence", "us", c)]
    assert asked == asia and set(passed) == set(asia)
    asked.clear()
    # the next option of the same pick: no `require` asked again
    assert keep(Frame(engine, {"ai": "us", "who": "us"}), countries, passed) == kept
    assert asked == []
    # a condition that reads no candidate fails: no candidate is looked at
    assert keep(Frame(engine, {"ai": "us", "who": "ussr"}), countries, {}) == []
    assert asked == []
    engine.memo = None


def test_the_requires_written_once_give_each_option_the_code_it_would_have(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A list writes its `require`s once for all its options' functions (the first lines of each): each
    function's code is the one the option would get with its `require`s written anew."""
    from twilight.runtime.backend import codegen

    def options_written() -> list[str]:
        written: list[str] = []
        real = codegen.ExprCompiler._define

        def define(self: codegen.ExprCompiler, source: str, what: str = "expression", **more: Any) -> Any:
            if what == "option":
                written.append(source)
            return real(self, source, what, **more)

        with monkeypatch.context() as patched:
            patched.setattr(codegen.ExprCompiler, "_define", define)
            Program(solo_ir(), IMPLEMENTATIONS)
        return written

    once = options_written()
    real_filter = codegen.ExprCompiler.option_filter

    def anew(self: codegen.ExprCompiler, *args: Any, written: Any = None) -> Any:
        return real_filter(self, *args[:4])

    monkeypatch.setattr(codegen.ExprCompiler, "option_filter", anew)
    assert len(once) > 10 and options_written() == once
