"""`expect.ai_choices` and `expect.ai_decisions`: the AI's traced choices are matched item by item, and a
wrong or malformed item is a FAIL that names it (never a traceback)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from twilight.harness.scenario import run_file

# The AI (USSR) controls Zaire and plays Captured Nazi Scientist for 1 op in Africa (its appendix entry
# plays the event only when the AI is behind in the Space Race): option 0, Cameroon (the
# Region/Country table before Zimbabwe).
BASE = """\
    name: ai trace
    ruleset: solo-v2
    options: {ai_side: ussr}
    setup: empty
    state:
      primary_region: africa
      secondary_region: europe
      scoring_round: false
      influence: {zaire: {ussr: 1}}
      hands: {ussr: [18]}
    steps:
      - ai_action_round: true
    expect:
    """


def _run(tmp_path: Path, expect: str) -> tuple[bool, str]:
    path = tmp_path / "case.yaml"
    path.write_text(textwrap.dedent(BASE) + textwrap.indent(textwrap.dedent(expect), "  "), encoding="utf-8")
    result = run_file(path)
    return result.passed, result.reason


def test_matching_choices_and_decisions_pass(tmp_path: Path) -> None:
    passed, reason = _run(
        tmp_path,
        """\
        ai_decisions:
          - {what: action, card: 18, rule: appendix_says_ops}
        ai_choices:
          - {priority: ai_influence_placement, option: 0, option_name: non_key_control_for_level,
             target: cameroon, decided_by: 'then_by[0]'}
        """,
    )
    assert passed, reason


def test_a_subset_of_keys_is_enough(tmp_path: Path) -> None:
    passed, reason = _run(tmp_path, "ai_choices:\n  - {target: cameroon}\n")
    assert passed, reason


# (expect text, words the FAIL reason must contain)
WRONG = {
    "wrong target": (
        "ai_choices:\n  - {priority: ai_influence_placement, option: 0, target: zimbabwe}\n",
        ["expect.ai_choices[0].target", "expected zimbabwe", "got cameroon"],
    ),
    "wrong option": (
        "ai_choices:\n  - {option: 4}\n",
        ["expect.ai_choices[0].option", "expected 4", "got 0"],
    ),
    "null option where one fired": (
        "ai_choices:\n  - {option: null}\n",
        ["expect.ai_choices[0].option", "expected null", "got 0"],
    ),
    "wrong tie-break": (
        "ai_choices:\n  - {decided_by: 'prefer[0]'}\n",
        # (as YAML writes it in a flow map: quoted)
        ["expect.ai_choices[0].decided_by", "expected 'prefer[0]', got 'then_by[0]'"],
    ),
    "a choice more than traced": (
        "ai_choices:\n  - {target: cameroon}\n  - {target: angola}\n",
        ["expect.ai_choices[1]", "traced only 1"],
    ),
    "a traced choice left out": (
        "ai_choices: []\n",
        ["expect.ai_choices", "0 listed", "traced 1", "cameroon"],
    ),
    "wrong decision rule": (
        "ai_decisions:\n  - {rule: human_event_then_ops}\n",
        ["expect.ai_decisions[0].rule", "expected human_event_then_ops", "got appendix_says_ops"],
    ),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_item_fails_naming_it(tmp_path: Path, case: str) -> None:
    expect, words = WRONG[case]
    passed, reason = _run(tmp_path, expect)
    assert not passed
    for word in words:
        assert word in reason, reason


BROKEN = {
    "not a list": ("ai_choices: {target: cameroon}\n", ["expect.ai_choices", "a list is expected"]),
    "item not a map": ("ai_choices: [cameroon]\n", ["expect.ai_choices[0]", "a map with some of the keys"]),
    "unknown item key": (
        "ai_choices:\n  - {tagret: cameroon}\n",
        ["expect.ai_choices[0].tagret", "unknown key"],
    ),
    "unknown priority list": (
        "ai_choices:\n  - {priority: ai_influence}\n",
        ["expect.ai_choices[0].priority", "unknown priority list", "ai_influence_placement"],
    ),
    "option not a number": (
        "ai_choices:\n  - {option: first}\n",
        ["expect.ai_choices[0].option", "an option number or null"],
    ),
    "unknown target": (
        "ai_choices:\n  - {target: cameron}\n",
        ["expect.ai_choices[0].target", "unknown country or card", "cameroon"],
    ),
    "unknown decision card": (
        "ai_decisions:\n  - {card: 999}\n",
        ["expect.ai_decisions[0].card", "unknown card 999"],
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_malformed_item_fails_naming_the_key(tmp_path: Path, case: str) -> None:
    expect, words = BROKEN[case]
    passed, reason = _run(tmp_path, expect)
    assert not passed
    assert "internal error" not in reason and "Traceback" not in reason
    for word in words:
        assert word in reason, reason


def test_needs_a_solo_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "std.yaml"
    path.write_text("ruleset: standard\nsetup: empty\nexpect: {ai_choices: []}\n", encoding="utf-8")
    result = run_file(path)
    assert not result.passed
    assert "expect.ai_choices" in result.reason and "solo ruleset" in result.reason
