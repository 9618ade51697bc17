"""A scenario's answer to a choice of "up to N" (harness/scenario.py): with one candidate left the rules ask
for a single pick, and the answer may still be written as a list of one (as the author writes it for "up
to N"), a `{country: 1}` map, or a single value; with more candidates a single value is a list of one."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from twilight.harness.scenario import run_file

# A variant of the two-player game with one scenario step: the US picks up to 2 countries among those
# `moment pick_up_to_two(region)` offers (every country of the region where the USSR has influence).
RULESET = """\
    ruleset "standard-pick-two" provisional "P10: a test variant" {
      version "1.0-pick.1"
      extends "standard"
      description "Two-player game, test variant: a choice of up to two countries"
    }
"""
MOMENT = """\
    moment pick_up_to_two(region: region) provisional "P10: a scenario step of a test variant" {
      choose c in countries(region) where influence(ussr, c) > 0 by us up to 2 distinct as pick_two {
        add_influence(us, c, 1)
      }
    }
"""


def _scenario(tmp_path: Path, ussr_in: list[str], answer: str, expected: dict[str, int]) -> Path:
    variant = tmp_path / "standard-pick-two"
    variant.mkdir(exist_ok=True)
    (variant / "ruleset.tsr").write_text(textwrap.dedent(RULESET), encoding="utf-8")
    (variant / "pick.tsr").write_text(textwrap.dedent(MOMENT), encoding="utf-8")
    influence = ", ".join(f"{c}: {{ussr: 1}}" for c in ussr_in)
    expect = ", ".join(f"{c}: {{us: {n}}}" for c, n in expected.items())
    path = tmp_path / "case.yaml"
    path.write_text(
        "name: a choice of up to two countries\n"
        "ruleset: standard-pick-two\n"
        "setup: empty\n"
        f"state: {{influence: {{{influence}}}}}\n"
        f"answers: [{answer}]\n"
        "steps:\n"
        "  - pick_up_to_two: central_america\n"
        f"expect: {{influence: {{{expect}}}}}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("answer", ["[mexico]", "{mexico: 1}", "mexico"])
def test_up_to_two_with_one_candidate_takes_a_list_of_one_a_map_or_a_value(
    tmp_path: Path, answer: str
) -> None:
    result = run_file(_scenario(tmp_path, ["mexico"], answer, {"mexico": 1}))
    assert result.passed, result.reason


@pytest.mark.parametrize(
    ("answer", "expected"),
    [("panama", {"panama": 1, "mexico": 0}), ("[mexico, panama]", {"mexico": 1, "panama": 1})],
)
def test_up_to_two_with_more_candidates_takes_a_value_or_a_list(
    tmp_path: Path, answer: str, expected: dict[str, int]
) -> None:
    result = run_file(_scenario(tmp_path, ["mexico", "panama", "cuba"], answer, expected))
    assert result.passed, result.reason


def test_a_list_of_two_for_the_one_candidate_is_still_refused(tmp_path: Path) -> None:
    result = run_file(_scenario(tmp_path, ["mexico"], "[mexico, panama]", {"mexico": 1}))
    assert not result.passed
    assert "does not fit pick_two" in result.reason
