"""Every run is bounded (issue 10, item 1): a rule that never ends stops the game with a message naming its
rule file and line, quickly, never a hang or a traceback.

- a `while` loop that never ends, a huge `repeat`, a hook that sets itself off again: `simulate` lists the
  game as failed with the loop's or the hook's file:line; `play` says it and exits 1, its save kept;
- the limits are settings (`--step-limit`, `--game-step-limit`), and real games stay far below them;
- at check time: a procedure that runs itself (E511) with file:line:col, a `repeat` over 1000 (W501).

Each test ruleset is a folder in tmp_path that extends standard, as docs/new-ruleset.md makes one.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT, twilight_cmd
from twilight.cli import simulate_cmd
from twilight.compiler import api
from twilight.runtime.core.limits import GAME_STEP_LIMIT, STEP_LIMIT

HEADER = 'ruleset "{name}" {{\n  version "1"\n  extends "standard"\n  description "a test"\n}}\n'

# improve_defcon is run by the sequence at phase A of every turn, after the setup's decisions.
SPIN = """override procedure improve_defcon provisional "P1: a test" {
  while true {
  }
}
"""
HUGE_REPEAT = """override procedure improve_defcon provisional "P1: a test" {
  repeat 1000000000 {
    set_defcon(defcon())
  }
}
"""
# The first VP change sets off a change back, which sets off another…
ECHO = """rule echo provisional "P1: a test" {
  on vp_changed {
    if vp() > 0 {
      gain_vp(ussr, 1)
    } else {
      gain_vp(us, 1)
    }
  }
}
"""
RECURSIVE = """override procedure improve_defcon provisional "P1: a test" {
  again()
}
procedure again provisional "P1: a test" {
  improve_defcon()
}
procedure countdown(n: int) provisional "P1: a test" {
  if n > 0 {
    countdown(n - 1)
  }
}
"""


def ruleset(tmp_path: Path, name: str, body: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(HEADER.format(name=name) + body, encoding="utf-8")
    return folder


def twilight(args: list[str], cwd: Path, timeout: float = 60) -> tuple[int, str, float]:
    """Run `twilight ARGS` (a hang fails the test at `timeout`); exit status, output, seconds taken."""
    cmd = twilight_cmd() or [sys.executable, "-m", "twilight.cli.main"]
    started = time.perf_counter()
    proc = subprocess.run(
        [*cmd, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return proc.returncode, proc.stdout + proc.stderr, time.perf_counter() - started


def simulate_json(folder: Path, *extra: str) -> tuple[int, dict, float]:
    code, out, seconds = twilight(
        ["simulate", "--ruleset", str(folder), "--games", "1", "--json", *extra], folder.parent
    )
    return code, json.loads(out), seconds


def test_a_while_loop_that_never_ends_fails_the_game_naming_the_loop(tmp_path: Path) -> None:
    code, summary, _ = simulate_json(ruleset(tmp_path, "spin", SPIN))
    assert code == 1 and summary["errors"] == 1
    for record in summary["records"]:
        assert record["error"].startswith("spin/ruleset.tsr:7: the `while` loop was still running after "), (
            record
        )
        assert f"{STEP_LIMIT:,} steps since the last decision" in record["error"]
        assert "--step-limit" in record["error"] and "Traceback" not in record["error"]
    # (No bound on the seconds taken: on a loaded machine the compile alone took more than 10 s of wall
    # clock. A hang fails the test at the subprocess's timeout; the step limit is what stops the game.)


def test_a_huge_repeat_fails_the_game_naming_the_loop(tmp_path: Path) -> None:
    code, summary, _ = simulate_json(ruleset(tmp_path, "huge", HUGE_REPEAT))
    assert code == 1 and summary["errors"] == 1
    assert summary["records"][0]["error"].startswith(
        "huge/ruleset.tsr:7: the `repeat` loop was still running"
    )


def test_a_hook_that_sets_itself_off_fails_the_game_naming_the_hook(tmp_path: Path) -> None:
    folder = ruleset(tmp_path, "echo", ECHO)
    code, summary, _ = simulate_json(folder)
    assert code == 1 and summary["errors"] == 1
    for record in summary["records"]:
        # Python's stack runs out before the step limit: the same one line, never a RecursionError
        assert record["error"].startswith("echo/ruleset.tsr:7: the hook `on vp_changed` sets itself off"), (
            record
        )
        assert "RecursionError" not in record["error"]
    # with a lower limit the budget runs out first
    code, summary, _ = simulate_json(folder, "--step-limit", "50")
    assert summary["records"][0]["error"].startswith(
        "echo/ruleset.tsr:7: the hook `on vp_changed` was still running after 50 steps since the last "
    )


def test_the_limits_are_settings(tmp_path: Path) -> None:
    standard = str(ROOT / "rules" / "standard")
    code, summary, _ = simulate_json(Path(standard), "--game-step-limit", "40")
    assert code == 1 and summary["errors"] == 1
    assert (
        "after 40 steps in this game (the game's step limit, --game-step-limit)"
        in summary["records"][0]["error"]
    )
    code, summary, _ = simulate_json(ruleset(tmp_path, "spin", SPIN), "--step-limit", "20000")
    assert "after 20,000 steps since the last decision" in summary["records"][0]["error"]


@pytest.mark.parametrize(
    ("name", "settings"), [("solo-v2", {}), ("solo-v2", {"ai_side": "us"}), ("standard", {})]
)
def test_real_games_stay_far_below_the_limits(name: str, settings: dict[str, str]) -> None:
    ir = api.compile_target(name).ir
    policy = "random"
    simulate_cmd._init_worker(ir, None, False, settings, policy)
    engines = []

    class Watch:
        def players(self, chosen: dict) -> dict:
            return chosen

        def started(self, engine: object) -> None:
            engines.append(engine)

        def finished(self, engine: object) -> None:
            pass

    simulate_cmd._WORKER["observer"] = Watch()
    try:
        for index in range(4):
            record = simulate_cmd.play_game((index, simulate_cmd.game_seed(7, index)))
            assert "error" not in record, record
    finally:
        simulate_cmd._WORKER.pop("observer")
    for engine in engines:
        assert 0 < engine.most_steps_between_decisions * 50 < STEP_LIMIT
        assert 0 < engine.steps_taken * 50 < GAME_STEP_LIMIT


def test_play_says_so_and_exits_1_keeping_its_save(tmp_path: Path) -> None:
    # (from turn 2 on: the rounds of turn 1 are autosaved)
    folder = ruleset(tmp_path, "spin", SPIN.replace("while true", "while turn() >= 2"))
    save = tmp_path / "game.json"
    args = ["play", "--ruleset", str(folder), "--human-policy", "random", "--seed", "3", "--side", "us"]
    code, out, _ = twilight([*args, "--lang", "en", "--save", str(save), "--delay", "0"], tmp_path)
    assert code == 1, out
    flat = " ".join(out.split())
    assert "The game stopped: a rule does not end. spin/ruleset.tsr:7: the `while` loop" in flat, out
    assert f"The last autosave is {save}" in flat and "Traceback" not in out
    data = json.loads(save.read_text(encoding="utf-8"))  # the autosave of the last decision stands
    assert len(data["answers"]) > 10 and data["ruleset"] == "spin" and data["digest"]


def test_check_reports_procedures_that_run_themselves_and_huge_repeats(tmp_path: Path) -> None:
    folder = ruleset(
        tmp_path,
        "recur",
        RECURSIVE + HUGE_REPEAT.replace("override procedure improve_defcon", "procedure big"),
    )
    code, out, _ = twilight(["check", str(folder), "--format", "json"], tmp_path)
    assert code == 1, out
    found = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    at = {(d["code"], d["line"], d["col"]): d for d in found}
    assert (
        at[("E511", 7, 3)]["message"]
        == "procedure 'improve_defcon' runs itself: improve_defcon -> again -> improve_defcon"
    )
    assert at[("E511", 10, 3)]["message"] == "procedure 'again' runs itself: again -> improve_defcon -> again"
    assert at[("E511", 14, 5)]["message"] == "procedure 'countdown' runs itself: countdown -> countdown"
    assert "while" in at[("E511", 14, 5)]["help"]
    warning = at[("W501", 18, 10)]
    assert warning["severity"] == "warning" and "repeat 1000000000" in warning["message"] and warning["help"]
    assert {d["code"] for d in found} == {"E511", "W501"}
    # the text form has the caret under the call
    code, out, _ = twilight(["check", str(folder)], tmp_path)
    assert (
        "recur/ruleset.tsr:14:5: error[E511]" in out
        and "    countdown(n - 1)\n" in out
        and "^^^^^^^^^" in out
    )
