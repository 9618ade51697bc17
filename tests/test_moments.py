"""Scenario moments: the ruleset declares what each scenario setup and step runs (`moment NAME`,
`moment setup NAME`, `phases from P until Q`); the compiler checks them (E450-E452, file:line, a hint) and
the scenario runner drives a game through them, so a ruleset adds a step kind with rule files alone."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from helpers import describe, edit, shown
from twilight.compiler.api import compile_target
from twilight.compiler.diagnostics import render
from twilight.harness.scenario import run_file

SCENARIO = "standard/scenario.tsr"

# (id, text to replace in standard/scenario.tsr, replacement, code, words of the message or hint)
CASES = [
    (
        "misspelt phase",
        "phases from military_operations",
        "phases from military_operatons",
        "E450",
        ["military_operatons", "did you mean 'military_operations'?"],
    ),
    (
        "until before from",
        "phases from improve_defcon until headline",
        "phases from headline until improve_defcon",
        "E450",
        ["'improve_defcon' is not a phase or step after 'headline'", "action_rounds"],
    ),
    (
        "two parameters",
        "moment score(region: region)",
        "moment score(region: region, again: bool)",
        "E452",
        ["2 parameters"],
    ),
    (
        "parameter named as the context",
        "moment score(region: region)",
        "moment score(ai: region)",
        "E452",
        ["'ai'", "context"],
    ),
    (
        "setup with a parameter",
        "moment setup standard source",
        "moment setup standard(region: region) source",
        "E452",
        ["takes no parameter"],
    ),
]


@pytest.mark.parametrize(("old", "new", "code", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_moment_errors(old: str, new: str, code: str, words: list[str]) -> None:
    overrides, line = edit(SCENARIO, old, new)
    result = compile_target("standard", overrides=overrides, use_cache=False)
    hits = [d for d in result.diagnostics if d.code == code]
    assert hits and not result.ok, f"no {code}; got:\n{describe(result.diagnostics)}"
    assert any(d.pos is not None and d.pos.file == shown(SCENARIO) and d.pos.line == line for d in hits)
    text = "\n".join(render(d, result.sources) for d in hits)
    for word in words:
        assert word in text, f"{word!r} not in {text}"


def test_phases_outside_a_moment_is_refused() -> None:
    rel = "standard/sequence.tsr"
    overrides, line = edit(rel, "    improve_defcon()\n", "    improve_defcon()\n    phases from headline\n")
    result = compile_target("standard", overrides=overrides, use_cache=False)
    hits = [d for d in result.diagnostics if d.code == "E451"]
    assert hits and hits[0].pos is not None and hits[0].pos.line == line + 1, describe(result.diagnostics)


def test_the_rulesets_declare_every_step_of_the_spec() -> None:
    """Every step key of shared/spec/scenario-format.md and docs/scenarios.md is a declared moment (or
    the runner's `play`), so the scenario files keep working."""
    standard = compile_target("standard").ir
    solo = compile_target("solo-v2").ir
    assert standard is not None and solo is not None
    steps = {"headline", "score", "end_turn", "final_scoring", "start_turn", "action_rounds"}
    solo_steps = {
        *("ai_headline", "ai_action_round", "begin_action_round", "region_phase", "score_primary", "deal"),
        *("solo_headline", "human_action_round", "europe_control_check"),
    }
    for ir, wanted in ((standard, steps), (solo, steps | solo_steps)):
        moments = ir["moments"]
        assert {n for n, m in moments.items() if not m["setup"]} == wanted
        assert {n for n, m in moments.items() if m["setup"]} == {"empty", "standard"}


def _variant(tmp_path: Path) -> Path:
    """A ruleset of rule files only that adds two step kinds of its own."""
    folder = tmp_path / "moments-variant"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "moments-variant" source "test · variant" {\n  extends "standard"\n}\n', encoding="utf-8"
    )
    (folder / "steps.tsr").write_text(
        textwrap.dedent(
            """\
            moment us_gains(points: int) source "test · variant" {
              gain_vp(us, points)
            }

            moment improve_twice source "test · variant" {
              phases from improve_defcon until deal_cards
              phases from improve_defcon until deal_cards
            }
            """
        ),
        encoding="utf-8",
    )
    return folder


def _scenario(tmp_path: Path, ruleset: Path, steps: str, expect: str = "{}") -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(
        f"ruleset: {ruleset}\nsetup: empty\nstate: {{defcon: 2}}\nsteps:\n{steps}\nexpect: {expect}\n",
        encoding="utf-8",
    )
    return path


def test_a_ruleset_adds_its_own_step_kinds(tmp_path: Path) -> None:
    variant = _variant(tmp_path)
    steps = "  - us_gains: 3\n  - improve_twice: true\n"
    result = run_file(_scenario(tmp_path, variant, steps, "{vp: 3, defcon: 4}"))
    assert result.passed, result.reason
    wrong = run_file(_scenario(tmp_path, variant, steps, "{vp: 2}"))
    assert not wrong.passed and "expect.vp" in wrong.reason


def test_a_step_value_is_read_by_the_moments_parameter_type(tmp_path: Path) -> None:
    result = run_file(_scenario(tmp_path, _variant(tmp_path), "  - us_gains: lots\n"))
    assert not result.passed
    assert "steps[0].us_gains" in result.reason and "a whole number is expected" in result.reason


def test_an_unknown_step_lists_the_declared_moments(tmp_path: Path) -> None:
    result = run_file(_scenario(tmp_path, _variant(tmp_path), "  - us_gain: 3\n"))
    assert not result.passed
    assert "unknown step (did you mean 'us_gains'?)" in result.reason, result.reason
    for step in ("play", "headline", "score", "end_turn", "us_gains", "improve_twice"):
        assert step in result.reason


def test_an_unknown_setup_lists_the_declared_setups(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text("ruleset: standard\nsetup: standrad\n", encoding="utf-8")
    result = run_file(path)
    assert not result.passed
    assert "did you mean 'standard'?" in result.reason and "empty" in result.reason, result.reason
