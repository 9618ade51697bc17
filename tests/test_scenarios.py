"""Scenario files (shared/spec/scenario-format.md): every file under tests/scenarios passes, and a broken
scenario is a FAIL that names the file, the key and the problem, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from twilight.harness.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 50


@pytest.mark.parametrize(
    "path", SCENARIOS, ids=[p.relative_to(ROOT / "tests" / "scenarios").as_posix() for p in SCENARIOS]
)
def test_scenario_passes(path: Path) -> None:
    result = run_file(path)
    assert result.passed, result.reason
    assert result.name, "every scenario names the rule it checks"
    known = path.relative_to(ROOT / "tests" / "scenarios").as_posix() in NEGATIVE_RULINGS
    assert bool(result.warnings) == known, (
        "a file whose expectations all held before its steps pins nothing down: expect what the steps "
        f"change, or list it among NEGATIVE_RULINGS with its reason ({result.warnings})"
    )


# Files whose every expectation held before their steps, kept as they are: each pins a rule that changes
# nothing here, on a board where the wrong rule would change what it expects, and the steps change nothing
# else a file can expect.
NEGATIVE_RULINGS = {
    "solo-v2/end_europe_your_control_vp_behind_play_goes_on.yaml": "no end of game: VP and rating stay",
    "solo-v2/end_europe_your_control_vp_zero_play_goes_on.yaml": "no end of game: VP and rating stay",
    "standard/10_1_scoring_domination_needs_more_battlegrounds.yaml": "domination's VP would move it",
    "standard/card_035_formosan_resolution_not_in_effect.yaml": "Taiwan as a battleground would move VP",
    "standard/card_035_formosan_resolution_taiwan_not_us_controlled.yaml": "as the file above",
}


def test_a_file_whose_expectations_held_before_its_steps_passes_with_a_warning(tmp_path: Path) -> None:
    """The project's rule for scenarios (expect what the steps change) told to any author: the file passes,
    and its PASS line, its JSON and `twilight scenario run` say that it would have passed had the steps
    done nothing; an expectation the steps change, or answers the steps must ask for, end the warning."""
    held = """\
        name: a realignment that ties changes nothing
        ruleset: standard
        setup: empty
        state:
          influence: {guatemala: {ussr: 2}, el_salvador: {us: 1}, honduras: {us: 2}}
          hands: {us: [26]}
        dice: [2, 3]
        steps:
          - play: {side: us, card: 26, as: realign, targets: [guatemala]}
        expect:
          influence: {guatemala: {us: 0, ussr: 2}}
        """
    result = run_file(_write(tmp_path, held))
    assert result.passed and len(result.warnings) == 1
    assert "already held before the steps ran" in result.warnings[0]
    assert result.line().splitlines()[1].startswith("  warning: every expectation already held")
    assert result.to_json()["warnings"] == result.warnings
    cli = subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", "scenario", "run", str(tmp_path / "case.yaml")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 0 and "warning: every expectation already held" in cli.stdout, cli.stdout
    changed = run_file(_write(tmp_path, held + "  dice_unused: 0\n", "changed.yaml"))
    assert changed.passed and changed.warnings == []
    # a file whose expectation is wrong fails as before: the warning is only ever a PASS's
    wrong = run_file(_write(tmp_path, held.replace("us: 0, ussr: 2", "us: 0, ussr: 0"), "wrong.yaml"))
    assert not wrong.passed and wrong.warnings == []


def _write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


COUP = """\
    ruleset: standard
    setup: empty
    state:
      influence: {mexico: {ussr: 2}}
      hands: {us: [4]}
    dice: [4]
    steps:
      - play: {side: us, card: 4, as: coup, target: mexico}
    expect:
      influence: {mexico: {us: 1, ussr: 0}}
    """


def test_a_good_scenario_passes(tmp_path: Path) -> None:
    result = run_file(_write(tmp_path, COUP))
    assert result.passed, result.reason
    assert result.line() == f"PASS {tmp_path / 'case.yaml'}"


# (scenario text, words the FAIL reason must contain)
BROKEN = {
    "unknown top key": (
        "ruleset: standard\nsetup: empty\nstat: {}\n",
        ["stat", "unknown key", "state"],
    ),
    "unknown state key": (
        "ruleset: standard\nsetup: empty\nstate: {defcom: 3}\n",
        ["state.defcom", "unknown key", "defcon"],
    ),
    "unknown expect key": (
        "ruleset: standard\nsetup: empty\nexpect: {vp_total: 3}\n",
        ["expect.vp_total", "unknown key"],
    ),
    "unknown country in state": (
        "ruleset: standard\nsetup: empty\nstate: {influence: {mexco: {ussr: 2}}}\n",
        ["state.influence.mexco", "unknown country", "mexico"],
    ),
    "unknown country in expect": (
        "ruleset: standard\nsetup: empty\nexpect: {controlled_by: {atlantis: us}}\n",
        ["expect.controlled_by.atlantis", "unknown country"],
    ),
    "unknown card in state": (
        "ruleset: standard\nsetup: empty\nstate: {hands: {us: [999]}}\n",
        ["state.hands.us[0]", "unknown card 999"],
    ),
    "bad type": (
        "ruleset: standard\nsetup: empty\nstate: {defcon: three}\n",
        ["state.defcon", "whole number", "three"],
    ),
    "bad type of a top key": (
        "ruleset: standard\nsetup: empty\nsteps: {play: 1}\n",
        ["steps", "a list is expected"],
    ),
    "out of range": (
        "ruleset: standard\nsetup: empty\nstate: {defcon: 7}\n",
        ["state.defcon", "out of range"],
    ),
    "bad side": (
        "ruleset: standard\nsetup: empty\nstate: {hands: {usa: [4]}}\n",
        ["state.hands.usa", "unknown key"],
    ),
    "unknown setup": (
        "ruleset: standard\nsetup: blank\n",
        ["setup", "empty", "standard"],
    ),
    "missing ruleset": (
        "setup: empty\n",
        ["ruleset", "missing"],
    ),
    "unknown ruleset": (
        "ruleset: standrad\nsetup: empty\n",
        ["ruleset", "standrad"],
    ),
    "unknown step": (
        "ruleset: standard\nsetup: empty\nsteps:\n  - plya: {side: us}\n",
        ["steps[0].plya", "unknown step", "play"],
    ),
    "play without card": (
        "ruleset: standard\nsetup: empty\nsteps:\n  - play: {side: us, as: space}\n",
        ["steps[0].play.card", "missing"],
    ),
    "play mode unknown": (
        "ruleset: standard\nsetup: empty\nsteps:\n  - play: {side: us, card: 4, as: ops}\n",
        ["steps[0].play.as", "influence"],
    ),
    "not yaml": (
        "ruleset: standard\nsetup: [empty\n",
        ["not valid YAML"],
    ),
    "not a map": (
        "- ruleset\n",
        ["a YAML map"],
    ),
    "refused without expect.error": (
        COUP.replace("mexico: {ussr: 2}", "cuba: {ussr: 2}"),
        ["steps[0].play", "no_opponent_influence"],
    ),
    "refused step that is not the last": (
        "ruleset: standard\nsetup: empty\nstate: {hands: {us: [4, 5]}}\n"
        "steps:\n  - play: {side: us, card: 5, as: coup, target: mexico}\n"
        "  - play: {side: us, card: 4, as: space}\n"
        "expect: {error: no_opponent_influence}\n",
        ["steps[0].play", "no_opponent_influence"],
    ),
    "wrong error expected": (
        COUP.replace("mexico: {ussr: 2}", "cuba: {ussr: 2}").replace(
            "expect:\n      influence: {mexico: {us: 1, ussr: 0}}", "expect:\n      error: not_adjacent"
        ),
        ["expect.error", "not_adjacent", "no_opponent_influence"],
    ),
    "error expected but not refused": (
        COUP.replace(
            "expect:\n      influence: {mexico: {us: 1, ussr: 0}}", "expect:\n      error: not_adjacent"
        ),
        ["expect.error", "it was not"],
    ),
    "leftover answers": (
        COUP.replace("dice: [4]", "dice: [4]\n    answers: [poland, 7]"),
        ["answers left over", "answers[0]", "poland"],
    ),
    "answer that does not fit": (
        "ruleset: standard\nsetup: standard\nanswers:\n  - {poland: 4, west_germany: 2}\n",
        ["ussr_setup_influence", "west_germany", "it offers", "poland"],
    ),
    "no answer left": (
        "ruleset: standard\nsetup: standard\nanswers:\n  - {poland: 6}\n",
        ["us_setup_influence", "needs an answer"],
    ),
    "unknown country in a step": (
        COUP.replace("target: mexico", "target: mexco"),
        ["steps[0].play.target", "unknown country", "mexico"],
    ),
    "unknown card in a step": (
        COUP.replace("card: 4, as: coup", "card: 250, as: coup"),
        ["steps[0].play.card", "unknown card"],
    ),
    "expectation differs": (
        COUP.replace("{us: 1, ussr: 0}", "{us: 2, ussr: 0}"),
        ["expect.influence.mexico.us", "expected 2, got 1"],
    ),
    "solo step on the standard ruleset": (
        "ruleset: standard\nsetup: empty\nsteps:\n  - ai_action_round: true\n",
        ["steps[0].ai_action_round", "unknown step", "the ruleset 'standard' has the steps"],
    ),
    "deal step on the standard ruleset": (
        "ruleset: standard\nsetup: empty\nsteps:\n  - deal: true\n",
        ["steps[0].deal", "unknown step", "the ruleset 'standard' has the steps"],
    ),
    "solo option on the standard ruleset": (
        "ruleset: standard\nsetup: empty\noptions: {ai_side: ussr}\n",
        ["options.ai_side", "needs a solo ruleset"],
    ),
    "solo step on a two-player ruleset": (
        "ruleset: standard\nsetup: empty\nsteps:\n  - ai_headline: true\n",
        ["steps[0].ai_headline", "unknown step", "the ruleset 'standard' has the steps"],
    ),
    "step after the game ended": (
        "ruleset: standard\nsetup: empty\nstate: {vp: 19, hands: {us: [103, 67]}}\ndice: [1]\n"
        "steps:\n  - play: {side: us, card: 103, as: space}\n  - play: {side: us, card: 67, as: space}\n",
        ["steps[1].play", "already over"],
    ),
    "card placed twice": (
        "ruleset: standard\nsetup: empty\nstate: {hands: {us: [4]}, discard: [4]}\n",
        ["state.discard[0]", "already placed", "state.hands.us[0]"],
    ),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_scenario_fails_with_file_and_key(tmp_path: Path, case: str) -> None:
    text, words = BROKEN[case]
    path = _write(tmp_path, text)
    result = run_file(path)
    assert not result.passed, f"{case}: passed"
    assert "Traceback" not in result.reason and "internal error" not in result.reason, result.reason
    for word in words:
        assert word in result.reason, f"{case}: {word!r} not in {result.reason!r}"
    assert result.line().startswith(f"FAIL {path}: ")


def test_refused_step_leaves_the_game_unchanged(tmp_path: Path) -> None:
    """A refused last step with expect.error passes only if the game is as before the step."""
    text = """\
        ruleset: standard
        setup: empty
        state:
          influence: {turkey: {us: 2}, bulgaria: {ussr: 1}}
          hands: {ussr: [31]}
        steps:
          - play: {side: ussr, card: 31, as: influence, targets: {turkey: 4}}
        expect:
          error: insufficient_ops
          influence: {turkey: {us: 2, ussr: 0}}
          hand_contains: {ussr: [31]}
          discard_size: 0
        """
    result = run_file(_write(tmp_path, text))
    assert result.passed, result.reason


@pytest.mark.parametrize(
    ("step", "code"),
    [
        ("play: {side: us, card: 4, as: coup, target: mexco}", "unknown_country"),
        ("play: {side: us, card: 777, as: space}", "unknown_card"),
        ("play: {side: us, card: 5, as: space}", "card_not_in_hand"),
    ],
)
def test_refusal_codes_for_names(tmp_path: Path, step: str, code: str) -> None:
    text = (
        "ruleset: standard\nsetup: empty\nstate: {hands: {us: [4]}}\n"
        f"steps:\n  - {step}\nexpect: {{error: {code}}}\n"
    )
    result = run_file(_write(tmp_path, text))
    assert result.passed, result.reason


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from twilight.cli.main import main; main()", "scenario", "run", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_cli_reports_each_file_and_the_count(tmp_path: Path) -> None:
    good = _write(tmp_path, COUP, "good.yaml")
    bad = _write(tmp_path, "ruleset: standard\nsetup: empty\nstat: {}\n", "bad.yaml")
    done = _cli(str(good), str(bad))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines == [
        f"PASS {good}",
        f"FAIL {bad}: {bad}:3:1: stat: unknown key (did you mean 'state'?)",
        "1 passed, 1 failed",
    ]
    assert done.stderr == ""
    assert _cli(str(good)).returncode == 0


def test_cli_json(tmp_path: Path) -> None:
    good = _write(tmp_path, COUP, "good.yaml")
    bad = _write(tmp_path, "ruleset: standard\nsetup: empty\nstate: {defcon: x}\n", "bad.yaml")
    done = _cli("--json", str(good), str(bad))
    assert done.returncode == 1
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["passed"] for r in rows] == [True, False]
    assert rows[1]["path"] == str(bad)
    assert "state.defcon" in rows[1]["reason"]
