"""An expression a statement evaluates on its own (a `let`, an `if`, an effect's arguments) asks the rule
functions it calls with one memory of their results when it asks two or more (runtime/codegen.py,
`ExprCompiler._sharing`): a region's scoring, told part by part, works the level out once, not once
per part. The effect itself runs outside that memory (it changes the game). Picks (traced each time they
are made) and dice keep an expression as it was: every part worked out on its own."""

from __future__ import annotations

from functools import cache
from typing import Any

from twilight.compiler.api import compile_target
from twilight.runtime.backend.program import Program
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.frames import Frame
from twilight.runtime.game import IMPLEMENTATIONS


@cache
def _ir(ruleset: str) -> dict[str, Any]:
    result = compile_target(ruleset)
    assert result.ir is not None and result.ok
    ir: dict[str, Any] = result.ir
    return ir


def _side(name: str) -> dict[str, Any]:
    return {"ref": "side", "id": name}


def _region_vp(side: str) -> dict[str, Any]:
    return {"fn": "region_vp", "args": [_side(side), {"ref": "region", "id": "europe"}]}


def _counting_program(ruleset: str, counted: list[str], **more: Any) -> tuple[Program, Engine]:
    """A program whose `battlegrounds_counted` (asked each time a side's battlegrounds in a region are
    worked out) counts its calls."""
    real = IMPLEMENTATIONS["battlegrounds_counted"]

    def battlegrounds_counted(engine: Engine, *args: Any) -> int:
        counted.append("battlegrounds")
        return int(real(engine, *args))

    ir = _ir(ruleset)
    program = Program(ir, {**IMPLEMENTATIONS, "battlegrounds_counted": battlegrounds_counted, **more})
    engine = Engine(ir, {}, program=program)
    for c, amount in (("west_germany", 4), ("france", 3), ("italy", 2)):
        engine.state.influence[c] = {"us": amount, "ussr": 0}
    return program, engine


def test_an_expression_asks_each_function_once() -> None:
    counted: list[str] = []
    program, engine = _counting_program("standard", counted)
    once = program.expr(_region_vp("us"))(Frame(engine, {}))
    alone = len(counted)
    counted.clear()
    twice = program.expr({"op": "+", "args": [_region_vp("us"), _region_vp("us")]})(Frame(engine, {}))
    assert twice == 2 * once > 0
    assert alone > 0 and len(counted) == alone  # the second asked nothing again
    assert engine.memo is None  # (closed again)


def test_an_effect_s_arguments_share_a_memory_and_the_effect_runs_outside_it() -> None:
    counted: list[str] = []
    seen: list[Any] = []
    real_gain = IMPLEMENTATIONS["gain_vp"]

    def gain_vp(engine: Engine, side: str, amount: int) -> None:
        seen.append((engine.memo, amount))
        real_gain(engine, side, amount)

    program, engine = _counting_program("standard", counted, gain_vp=gain_vp)
    difference = {"op": "-", "args": [_region_vp("us"), _region_vp("ussr")]}
    program.stmt({"do": {"gain_vp": [_side("us"), difference]}})(Frame(engine, {}))
    shared = len(counted)
    assert seen and seen[0][0] is None and seen[0][1] > 0
    # the same two functions, each asked in an evaluation of its own: more work
    counted.clear()
    program.expr(_region_vp("us"))(Frame(engine, {}))
    program.expr(_region_vp("ussr"))(Frame(engine, {}))
    assert len(counted) >= shared


def test_a_region_s_scoring_works_each_side_s_count_out_once_per_statement(monkeypatch: Any) -> None:
    """Told part by part (level, its VP, battlegrounds, adjacent countries, total), then netted: each
    side's battlegrounds are counted once for each of the three statements, not once per part (and once
    more by each rule that hears the region scored and asks a level)."""
    counted: list[str] = []
    program, engine = _counting_program("standard", counted)
    program.procedures["score_region"].body(Frame(engine, {"region": "europe"}))
    from twilight.runtime.backend.codegen import ExprCompiler

    monkeypatch.setattr(
        ExprCompiler, "_sharing", lambda self, nodes: ([self._emit_open(n, False) for n in nodes], False)
    )
    alone: list[str] = []
    program, engine = _counting_program("standard", alone)
    program.procedures["score_region"].body(Frame(engine, {"region": "europe"}))
    assert len(alone) > 2 * len(counted)


def test_picks_keep_an_expression_as_written() -> None:
    """Two picks of the same list in one expression are two picks, each traced (as before): no memory
    is shared there."""
    ir = _ir("solo-v2")
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    for c in ("france", "west_germany", "iran"):
        engine.state.influence[c] = {"us": 0, "ussr": 1}
    engine.state.round_start_influence["ussr"] = ["france", "west_germany", "iran"]
    pick = {"pick": "ai_anywhere", "args": [_side("ussr"), 1]}
    expression = {"op": "==", "args": [pick, pick]}
    assert not program.codegen._sharing([expression])[1]
    assert program.expr(expression)(Frame(engine, {})) is True
    assert sum(e["kind"] == "ai_choice" for e in engine.events) == 2


def test_what_shares_a_memory() -> None:
    codegen = Program(_ir("standard"), IMPLEMENTATIONS).codegen
    difference = {"op": "-", "args": [_region_vp("us"), _region_vp("ussr")]}
    assert codegen._sharing([difference])[1]
    assert not codegen._sharing([_region_vp("us")])[1]  # one function: its own memory is enough
    die = {"call": {"d6": []}}
    assert not codegen._sharing([{"op": "+", "args": [difference, die]}])[1]
    # (an effect is never evaluated inside one: its arguments may be, see `effect`)
    assert not codegen._sharing([{"call": {"gain_vp": [_side("us"), difference]}}])[1]
    assert codegen._sharing([_side("us"), difference])[1]


def test_a_function_of_a_list_remembers_its_result() -> None:
    """A list argument (some cards) is part of the key as a tuple of its items: the draft's balance asks
    the operations of the same cards again and again."""
    ir = _ir("solo-v2")
    program = Program(ir, IMPLEMENTATIONS)
    engine = Engine(ir, {}, program=program)
    total_ops = program.codegen.namespace["F_total_ops"]
    cards = ["duck_and_cover", "fidel"]
    expected = sum(ir["cards"][c]["ops"] for c in cards)
    engine.memo = {}
    assert total_ops(engine, cards) == expected
    assert engine.memo == {("total_ops", tuple(cards)): expected}
    assert total_ops(engine, list(cards)) == expected  # (an equal list: the same result, remembered)
    assert total_ops(engine, [*cards, "nasser"]) == expected + ir["cards"]["nasser"]["ops"]
    assert len(engine.memo) == 2
    engine.memo = None
    assert total_ops(engine, cards) == expected  # (no memory open: worked out, nothing kept)


def _choose_in_europe(where: Any) -> dict[str, Any]:
    countries = {"call": {"countries": [{"ref": "region", "id": "europe"}]}}
    return {
        "choose": "c",
        "in": countries,
        "where": where,
        "by": _side("us"),
        "count": None,
        "up_to": None,
        "distinct": True,
        "optional": False,
        "decision": "test_choice",
        "body": [],
        "otherwise": [],
    }


def test_a_choice_asks_its_condition_of_every_item_with_one_memory() -> None:
    """A `where` that asks a function of what is the same for every item (the region's VP) works it out
    once per choice, not once per item; one with a pick in it would be asked as written."""
    from twilight.runtime.core.decisions import RandomPlayer

    counted: list[str] = []
    program, engine = _counting_program("standard", counted)
    engine.players = {"us": RandomPlayer(1), "ussr": RandomPlayer(2)}
    vp_known = {"op": ">=", "args": [_region_vp("us"), 0]}
    program.stmt(_choose_in_europe(vp_known))(Frame(engine, {}))
    assert engine.events[-1]["kind"] == "decision"
    assert len(counted) == 2  # (the level asks each side's battlegrounds once)
    assert engine.memo is None
