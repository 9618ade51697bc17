"""Issue 10, the last of its inputs: whole-number options read bounded (`simulate --seed`, `explain trace
--move`, `play --seed`), `simulate --trace-dir` never writes through a symbolic link, and a scenario whose
rules never end FAILs with the rule's file and line, not as an internal error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import twilight_cmd
from twilight.harness.scenario import run_file

HUGE = "9" * 4400


def twilight(args: list[str], cwd: Path) -> tuple[int, str]:
    cmd = twilight_cmd() or [sys.executable, "-m", "twilight.cli.main"]
    proc = subprocess.run(
        [*cmd, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return proc.returncode, proc.stdout + proc.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "1", "--seed", HUGE],
        ["simulate", "--games", "1", "--seed", "-" + HUGE],
        ["simulate", "--games", "1", "--seed", str(2**64)],
        ["explain", "trace", "missing.jsonl", "--move", HUGE],
        ["explain", "trace", "missing.jsonl", "--move", "-1"],
        ["play", "--seed", HUGE, "--lang", "en"],
    ],
)
def test_a_huge_or_negative_number_is_a_short_usage_error(tmp_path: Path, args: list[str]) -> None:
    code, out = twilight(args, tmp_path)
    assert code == 2, out
    assert "is expected, got" in out and "internal error" not in out and "Traceback" not in out
    assert max(len(line) for line in out.splitlines()) < 200  # the value is echoed cut short


def test_simulate_takes_a_seed_of_64_bits(tmp_path: Path) -> None:
    code, out = twilight(["simulate", "--games", "1", "--seed", str(2**64 - 1), "--json"], tmp_path)
    assert code == 0, out
    assert json.loads(out)["seed"] == 2**64 - 1


def test_simulate_never_writes_a_trace_through_a_symbolic_link(tmp_path: Path) -> None:
    traces = tmp_path / "traces"
    traces.mkdir()
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n", encoding="utf-8")
    (traces / "game-00000.jsonl").symlink_to(target)
    code, out = twilight(["simulate", "--games", "1", "--trace-dir", str(traces), "--json"], tmp_path)
    assert code == 1, out
    record = json.loads(out)["records"][0]
    assert "symbolic link" in record["error"] and "game-00000.jsonl" in record["error"]
    assert target.read_text(encoding="utf-8") == "keep me\n"


# A hook that sets itself off: the first change of VP sets off another, for ever.
ECHO = """ruleset "echo" {
  version "1"
  extends "standard"
  description "a test"
}
rule echo provisional "P1: a test" {
  on vp_changed {
    if vp() > 0 {
      gain_vp(ussr, 1)
    } else {
      gain_vp(us, 1)
    }
  }
}
"""


def test_a_scenario_whose_rules_never_end_fails_naming_the_rule(tmp_path: Path) -> None:
    folder = tmp_path / "echo"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(ECHO, encoding="utf-8")
    scenario = tmp_path / "never_ends.yaml"
    scenario.write_text(
        "name: Europe scores, and the echo rule answers every change of VP with another\n"
        "ruleset: echo\n"
        "setup: empty\n"
        "state:\n"
        "  influence: {poland: {ussr: 4}}\n"
        "steps:\n"
        "  - score: europe\n"
        "expect:\n"
        "  vp: -3\n",
        encoding="utf-8",
    )
    result = run_file(scenario)
    assert not result.passed
    assert "internal error" not in result.reason, result.reason
    assert "echo/ruleset.tsr:" in result.reason and "vp_changed" in result.reason, result.reason
