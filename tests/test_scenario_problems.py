"""A scenario file's problems as its author reads them (harness/scenario_problems.py): every problem of
its keys, types and names in one run, before any step runs, in the file's order, each at its
`file:line:col` with a fix (the nearest name, where a misplaced key belongs); values as YAML writes them
(`null`, not Python's `None`); still one FAIL line per file (shared/spec/scenario-format.md)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from helpers import ROOT
from twilight.harness.scenario import run_file

# The audit's variant: a setting nasser_bonus, and an AI coup list with a new option 0 no_own_influence.
CAUTIOUS_RULESET = """\
ruleset "solo-v2-cautious" provisional "P11: audit variant" {
  version "2.0-cautious.1"
  extends "solo-v2"
  description "Solitaire v2, audit variant"
}
"""
CAUTIOUS_RULES = """\
setting nasser_bonus: int from 0 to 3 = 1 provisional "P11: house rule: Nasser bonus"

patch priority ai_coup_target provisional "P11: cautious coups" {
  move option non_key_country before key_country
  insert option 0 no_own_influence before non_key_country {
    where influence(ai, c) == 0 and stability(c) == 1
  }
}
"""
# Three typos, in options, state and expect (expect's written last: reported last).
TYPOS = """\
name: typos
ruleset: ../solo-v2-cautious
options: {ai_side: us, nasser_bonsu: 2}
setup: empty
state:
  influence: {egpyt: {us: 3}}
  hands: {ussr: [15]}
steps:
  - play: {side: ussr, card: 15, as: event}
expect:
  influense: {egypt: {us: 1, ussr: 3}}
"""
# The AI coups Colombia by option 0; the third choice's option_name misspelt.
COLOMBIA = """\
name: the cautious AI coups Colombia first
ruleset: ../solo-v2-cautious
options: {ai_side: ussr}
setup: empty
state:
  primary_region: south_america
  secondary_region: africa
  scoring_round: false
  influence: {colombia: {us: 1}, argentina: {us: 2}}
  hands: {ussr: [13]}
dice: [5]
steps:
  - ai_action_round: true
expect:
  ai_choices:
    - {priority: ai_influence_placement, option: null, target: null}
    - {priority: ai_influence_placement, option: null, target: null}
    - {priority: ai_coup_target, option: 0, option_name: no_own_influence, target: colombia}
"""


def variant_and_scenario(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "solo-v2-cautious"
    if not folder.exists():
        folder.mkdir()
        (folder / "ruleset.tsr").write_text(CAUTIOUS_RULESET, encoding="utf-8")
        (folder / "variant.tsr").write_text(CAUTIOUS_RULES, encoding="utf-8")
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir(exist_ok=True)
    path = scenarios / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_every_typo_in_one_run_in_file_order_with_line_and_column(tmp_path: Path) -> None:
    path = variant_and_scenario(tmp_path, "typos.yaml", TYPOS)
    result = run_file(path)
    assert not result.passed
    assert [(p.line, p.column, p.key) for p in result.problems] == [
        (3, 24, "options.nasser_bonsu"),
        (6, 15, "state.influence.egpyt"),
        (11, 3, "expect.influense"),
    ]
    assert result.reason == (
        f"3 problems: {path}:3:24: options.nasser_bonsu: unknown key (did you mean 'nasser_bonus'?); "
        f"{path}:6:15: state.influence.egpyt: unknown country 'egpyt' (did you mean 'egypt'?); "
        f"{path}:11:3: expect.influense: unknown key (did you mean 'influence'?)"
    )
    # one line per file, as the format's contract says
    assert result.line() == f"FAIL {path}: {result.reason}" and "\n" not in result.line()


def test_a_key_at_the_wrong_level_says_where_it_belongs(tmp_path: Path) -> None:
    text = TYPOS.replace("nasser_bonsu", "nasser_bonus").replace("egpyt", "egypt")
    text = text.replace("influense", "influence").replace("  hands: {ussr: [15]}", "hands: {ussr: [15]}")
    result = run_file(variant_and_scenario(tmp_path, "indent.yaml", text))
    assert [p.text("f") for p in result.problems] == [
        "f:7:1: hands: unknown key (hands belongs under state:, indented)"
    ]
    text = "ruleset: standard\nsetup: empty\nstart_turn: true\nstate: {hand_size: {us: 3}}\n"
    reason = run_file(variant_and_scenario(tmp_path, "steps.yaml", text)).reason
    assert "start_turn: unknown key (start_turn is a step: an item of the list under steps:" in reason
    assert "state.hand_size: unknown key (hand_size belongs under expect:)" in reason


def test_a_misspelt_option_name_is_found_before_any_step_runs(tmp_path: Path) -> None:
    assert run_file(variant_and_scenario(tmp_path, "colombia.yaml", COLOMBIA)).passed
    # a step that would be refused after it: the file is not played at all
    text = COLOMBIA.replace("option_name: no_own_influence", "option_name: no_own_influense")
    text = text.replace(
        "  - ai_action_round: true\n",
        "  - ai_action_round: true\n  - play: {side: us, card: 13, as: space}\n",
    )
    result = run_file(variant_and_scenario(tmp_path, "misspelt.yaml", text))
    assert [(p.line, p.key, p.problem) for p in result.problems] == [
        (
            19,
            "expect.ai_choices[2].option_name",
            "ai_coup_target has no option 'no_own_influense' (did you mean 'no_own_influence'?)",
        )
    ]
    assert result.events == [] and "refused" not in result.reason


def test_names_in_steps_are_checked_before_any_step_runs(tmp_path: Path) -> None:
    text = (
        "ruleset: standard\nsetup: empty\nstate: {influence: {mexico: {ussr: 2}}, hands: {us: [4]}}\n"
        "steps:\n  - play: {side: us, card: 999, as: coup, target: mexco}\n"
        "  - play: {side: us, card: 4, as: coup, target: mexico}\n"
    )
    result = run_file(variant_and_scenario(tmp_path, "names.yaml", text))
    assert [(p.line, p.column, p.key) for p in result.problems] == [
        (5, 22, "steps[0].play.card"),
        (5, 43, "steps[0].play.target"),
    ]
    assert "unknown country 'mexco' (did you mean 'mexico'?)" in result.reason
    # the last step's unknown country is still the refusal a file may expect (`unknown_country`)
    text = (
        "ruleset: standard\nsetup: empty\nstate: {hands: {us: [4]}}\n"
        "steps:\n  - play: {side: us, card: 4, as: coup, target: atlantis}\n"
        "expect: {error: unknown_country}\n"
    )
    assert run_file(variant_and_scenario(tmp_path, "refused.yaml", text)).passed


def test_values_are_written_as_yaml_writes_them(tmp_path: Path) -> None:
    text = COLOMBIA.replace(
        "option_name: no_own_influence, target: colombia}", "target: colombia, decided_by: 'prefer[0]'}"
    )
    result = run_file(variant_and_scenario(tmp_path, "decided.yaml", text))
    assert not result.passed
    assert "expect.ai_choices[2].decided_by: expected 'prefer[0]', got null (traced {" in result.reason
    assert "decided_by: null}" in result.reason and "None" not in result.reason
    text = COLOMBIA.replace("option: 0, option_name: no_own_influence", "option: null")
    result = run_file(variant_and_scenario(tmp_path, "no_option.yaml", text))
    assert [p.text("f") for p in result.problems] == [
        "f:18:34: expect.ai_choices[2].option: expected null, got 0 (traced {priority: ai_coup_target, "
        "option: 0, option_name: no_own_influence, target: colombia, decided_by: null})"
    ]


def test_a_yaml_error_is_at_its_line_and_column(tmp_path: Path) -> None:
    text = TYPOS + "expect:\n  vp: 1\n"
    path = variant_and_scenario(tmp_path, "twice.yaml", text)
    assert run_file(path).reason == f'{path}:12:1: the key "expect" is given twice in one map'


def test_json_lists_each_problem_with_its_place(tmp_path: Path) -> None:
    path = variant_and_scenario(tmp_path, "typos.yaml", TYPOS)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from twilight.cli.main import main; main()",
            "scenario",
            "run",
            "--json",
            str(path),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 1
    row = json.loads(done.stdout)
    assert row["name"] == "typos"
    assert row["problems"][1] == {
        "line": 6,
        "column": 15,
        "key": "state.influence.egpyt",
        "problem": "unknown country 'egpyt' (did you mean 'egypt'?)",
    }
