"""A priority list keeps, from one pick to the next, which candidates an option's `where` conditions that
read nothing of the game let through (`in_region(c, region) and battleground(c)`: the region's
battlegrounds, whatever the board): runtime/priorities.py, `PriorityList._fixed`. Which conditions those
are is read from the IR (runtime/locality.py, `reads_no_state`). The choices must be those of working every
condition out at every pick: whole solo games are played both ways and their traces compared."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.backend.locality import reads_no_state, variables_read
from twilight.runtime.backend.priorities import PriorityList
from twilight.runtime.backend.program import Program
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import IMPLEMENTATIONS

from tests.test_priority_requires import _game, solo_ir

C = {"var": "c"}
REGION = {"var": "region"}


def _call(name: str, *args: Any) -> dict[str, Any]:
    return {"call": {name: list(args)}}


@pytest.mark.parametrize(
    "node",
    [
        _call("in_region", C, REGION),
        {"op": "not", "args": [_call("battleground", C)]},
        {"op": "or", "args": [_call("in_region", C, REGION), _call("adjacent_to_region", C, REGION)]},
        {"op": "==", "args": [_call("region_of", C), {"ref": "region", "id": "europe"}]},
        {"op": ">=", "args": [_call("stability", C), 3]},
        {"op": "in", "args": [C, {"list": [{"ref": "country", "id": "france"}]}]},
    ],
)
def test_conditions_that_read_nothing_of_the_game(node: Any) -> None:
    assert reads_no_state(node)


@pytest.mark.parametrize(
    "node",
    [
        {"op": ">", "args": [_call("influence", {"var": "ai"}, C), 0]},  # the board
        {"op": "and", "args": [_call("in_region", C, REGION), _call("controls", {"var": "ai"}, C)]},
        _call("accessible", {"var": "ai"}, C),  # the board as the round began
        # a variable of the state; a setting (each game's own)
        {"op": "==", "args": [{"ref": "variable", "id": "primary_region"}, REGION]},
        {"op": "==", "args": [{"ref": "setting", "id": "ai_side"}, {"var": "ai"}]},
        {"fn": "scoring_battleground", "args": [C]},  # a rule function (Taiwan's, with Formosan Resolution)
        {"op": "==", "args": [C, {"pick": "ai_anywhere", "args": [{"var": "ai"}, 1]}]},  # a pick (traced)
        {"each": "n", "in": _call("neighbours", C), "where": None},  # a comprehension: when in doubt, more
        _call("d6"),
    ],
)
def test_conditions_that_read_the_game(node: Any) -> None:
    assert not reads_no_state(node)


def test_the_variables_a_fixed_condition_reads() -> None:
    node = {"op": "or", "args": [_call("in_region", C, REGION), _call("adjacent_to_region", C, REGION)]}
    assert variables_read(node) == {"c", "region"}


def test_the_placement_list_s_fixed_conditions() -> None:
    program = Program(solo_ir(), IMPLEMENTATIONS)
    plist = program.priorities["ai_influence_placement"]
    fixed = {o.name: o.fixed_reads for o in plist.options if o.fixed is not None}
    # every option looks at the region's countries, or those next to it, or the map's battlegrounds
    assert set(fixed) == {o.name for o in plist.options}
    assert fixed["key_control_or_break"] == ("region",)
    assert fixed["non_key_control_for_level"] == ("region",)
    # a list whose conditions pick from another list asks them as written: nothing kept
    assert all(o.fixed is None for o in program.priorities["ai_answer_place"].options)


def _working_out_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    def afresh(self: PriorityList, frame: Any, domain: list[Any], domain_name: str | None) -> list[Any]:
        return [None] * len(self.options)  # (nothing kept from earlier picks)

    monkeypatch.setattr(PriorityList, "_fixed_lists", afresh)


@pytest.mark.parametrize("seed", [4, 6, 8])
def test_the_same_games_as_working_the_fixed_conditions_out_at_every_pick(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = Program(solo_ir(), IMPLEMENTATIONS)
    kept = _game(program, seed)
    assert program.priorities["ai_influence_placement"]._fixed_kept  # (kept: the games used them)
    _working_out_afresh(monkeypatch)
    afresh = _game(Program(solo_ir(), IMPLEMENTATIONS), seed)
    assert [e for e in kept if e["kind"] == "ai_choice" and e["priority"] == "ai_influence_placement"]
    assert kept == afresh


def test_the_fixed_conditions_are_worked_out_once_per_region(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a whole game, an option's fixed conditions are worked out once for each region (and domain)
    they are asked about, not at each pick."""
    program = Program(solo_ir(), IMPLEMENTATIONS)
    plist = program.priorities["ai_influence_placement"]
    option = next(o for o in plist.options if o.name == "key_control_or_break")
    asked: list[str] = []
    assert option.fixed is not None
    real = option.fixed

    def counted(frame: Any, domain: list[Any]) -> list[Any]:
        asked.append(frame.vars["region"])
        return real(frame, domain)

    object.__setattr__(option, "fixed", counted)
    picks = [e for e in _game(program, 2) if e["kind"] == "ai_choice" and e.get("priority") == plist.name]
    assert len(picks) > len(asked) > 0
    assert sorted(asked, key=str) == sorted(set(asked), key=str)  # once each (region none too: own regions)


def test_a_changed_board_does_not_change_what_is_kept() -> None:
    """What the fixed conditions keep follows from the region alone: asked on another board, the same."""
    ir = solo_ir()
    program = Program(ir, IMPLEMENTATIONS)
    plist = program.priorities["ai_influence_placement"]
    option = next(o for o in plist.options if o.name == "key_control_or_break")
    assert option.fixed is not None
    from twilight.runtime.core.frames import Frame

    countries = list(ir["map"]["countries"])
    engine = Engine(ir, {}, program=program)
    frame = Frame(engine, {"region": "europe", "ai": "ussr"})
    before = option.fixed(frame, countries)
    for c in countries:
        engine.state.influence[c] = {"us": 5, "ussr": 0}
    assert option.fixed(frame, countries) == before
    assert before and all(ir["map"]["countries"][c]["battleground"] for c in before)
