"""The solo AI's priority lists used as values: the compiler types them like functions, and the runtime
records why each choice was made (`ai_choice` in the trace: the list, the option, the tie-break)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import describe, edit, errors
from twilight.compiler.api import compile_target
from twilight.harness.scenario import Scenario

SOLO_SCENARIOS = Path(__file__).parent / "scenarios" / "solo-v2"


def _choices(name: str) -> list[dict[str, object]]:
    scenario = Scenario(SOLO_SCENARIOS / name)
    scenario.load()
    scenario.build()
    assert scenario.run_steps() is None
    assert scenario.check(None) == []
    assert scenario.engine is not None
    return [e for e in scenario.engine.events[scenario.steps_begin :] if e["kind"] == "ai_choice"]


def test_each_point_records_the_option_and_the_tie_break() -> None:
    choices = [
        c
        for c in _choices("ai_influence_priority_restarts_after_each_point.yaml")
        if c["priority"] == "ai_influence_placement"
    ]
    got = [(c["priority"], c["option"], c["target"], c["decided_by"]) for c in choices]
    assert got == [
        # option 0 had Haiti and Nicaragua; the Region/Country table (the list's first `then by`) chose
        ("ai_influence_placement", 0, "haiti", "then_by[0]"),
        ("ai_influence_placement", 2, "cuba", None),
        ("ai_influence_placement", 9, "nicaragua", None),
    ]
    assert choices[0]["candidates"] == 2


def test_a_coup_is_chosen_only_after_every_placement_option_failed() -> None:
    choices = _choices("ai_coup_when_no_influence_option.yaml")
    assert [(c["priority"], c["option"]) for c in choices] == [
        ("ai_influence_placement", None),  # nothing in the Primary region
        ("ai_influence_placement", None),  # nor in the Secondary
        ("ai_coup_target", 1),  # a Key country
    ]
    assert choices[-1]["target"] == "argentina"


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        # too few arguments for the list's parameters
        ("coup(ai, coup_target, ops)", "coup(ai, ai_coup_target(ai, ops), ops)", "E502"),
        # its value is a country: not an int
        ("let rolls = 0", "let rolls = 0 + ai_coup_target(ai, ops, region)", "E503"),
        # a value left unused
        ("realign(ai, c)\n", "ai_realign_target(ai, ops, region)\n    realign(ai, c)\n", "E505"),
    ],
)
def test_priority_calls_are_type_checked(old: str, new: str, code: str) -> None:
    overrides, _ = edit("solo-v2/ai/operations.tsr", old, new)
    result = compile_target("solo-v2", overrides=overrides, use_cache=False)
    assert code in {d.code for d in errors(result.diagnostics)}, describe(result.diagnostics)


def test_a_priority_and_a_procedure_may_not_share_a_name() -> None:
    overrides, _ = edit(
        "solo-v2/ai/operations.tsr", "procedure ai_fallback_influence(", "procedure ai_anywhere("
    )
    result = compile_target("solo-v2", overrides=overrides, use_cache=False)
    assert any(d.code == "E203" and "ai_anywhere" in d.message for d in errors(result.diagnostics)), describe(
        result.diagnostics
    )
