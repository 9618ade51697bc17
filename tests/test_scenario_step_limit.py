"""`twilight scenario run --step-limit N` / `--game-step-limit N`: a scenario whose rules legitimately take
more steps than the defaults runs with higher limits, and the message of a rule stopped at the limit names
options the command has (it used to name `--step-limit`, which `scenario run` did not take)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers import ROOT

# A Nasser whose event counts to 15,000 first: more steps than the default limit (10,000) between two
# decisions, and it ends.
SLOW_NASSER = """\
override card 15 nasser provisional "P12: a slow Nasser" {
  ops 1 side ussr period early starred
  event {
    let i = 0
    while i < 15000 {
      set i = i + 1
    }
    add_influence(ussr, egypt, 2)
  }
}
"""
SCENARIO = """\
name: the slow Nasser places 2 in the end
ruleset: ../slow-nasser
setup: empty
state:
  hands: {ussr: [15]}
steps:
  - play: {side: ussr, card: 15, as: event}
expect:
  influence: {egypt: {ussr: 2}}
"""


def scenario(tmp_path: Path) -> Path:
    folder = tmp_path / "slow-nasser"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "slow-nasser" provisional "P12: slow" {\n  version "1.0-slow.1"\n  extends "standard"\n'
        '  description "A slow Nasser"\n}\n',
        encoding="utf-8",
    )
    (folder / "nasser.tsr").write_text(SLOW_NASSER, encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "slow.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from twilight.cli.main import main; main()", "scenario", "run", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


def test_the_step_limit_the_message_names_is_an_option_of_scenario_run(tmp_path: Path) -> None:
    path = scenario(tmp_path)
    done = run(str(path))
    assert done.returncode == 1
    assert "after 10,000 steps since the last decision (the step limit, --step-limit)" in done.stdout
    done = run("--step-limit", "20000", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [f"PASS {path}", "1 passed, 0 failed"]


def test_the_game_step_limit_too(tmp_path: Path) -> None:
    path = scenario(tmp_path)
    done = run("--step-limit", "20000", "--game-step-limit", "5000", str(path))
    assert done.returncode == 1
    assert "after 5,000 steps in this game (the game's step limit, --game-step-limit)" in done.stdout
    assert "No such option" not in done.stderr
