"""benchmarks/same_machine.py: the engine of this tree against an earlier commit's, on one machine, in
turn. Checked here: both engines really run (their playouts and cards counted, the ratios worked out from
them), the temporary worktree goes away, and a wrong base is one clear line. No timing is compared with
a target: the figures depend on the machine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "same_machine.py"
sys.path.insert(0, str(SCRIPT.parent))
import same_machine  # noqa: E402  (a script of benchmarks/, not a package)


def _has_commit(rev: str) -> bool:
    found = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True, check=False
    )
    return found.returncode == 0


def _worktrees() -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True, check=True
    ).stdout


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=900, check=False
    )


@pytest.mark.skipif(
    not _has_commit(same_machine.DEFAULT_BASE), reason="the base commit is not in this clone (a shallow one)"
)
def test_both_engines_play_and_the_ratios_come_from_their_figures() -> None:
    before = _worktrees()
    done = run(["--pairs", "1", "--decisions", "3", "--quick", "--json"])
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["base"] == same_machine.DEFAULT_BASE
    (pair,) = result["pairs"]
    search = pair["search"]
    for tree in ("base", "head"):
        # 3 searched decisions, each with playouts (a decision counts only when it made some)
        assert search[tree]["playouts"] >= 3
        assert search[tree]["cpu_s"] > 0
        for ruleset in same_machine.PER_GAME_QUICK:
            assert pair[f"per_card.{ruleset}"][tree]["cards"] > 0
    ratio = result["ratios"]["search_playouts_per_cpu_second"]
    assert ratio["each"] == [pytest.approx(search["head"]["per_cpu_s"] / search["base"]["per_cpu_s"])]
    per_card = result["ratios"]["cpu_per_card.solo-v2"]["median"]
    solo = pair["per_card.solo-v2"]
    assert per_card == pytest.approx(solo["head"]["cpu_us_per_card"] / solo["base"]["cpu_us_per_card"])
    assert _worktrees() == before  # the base's worktree is removed


def test_a_base_that_is_no_commit_is_one_clear_line() -> None:
    before = _worktrees()
    done = run(["--base", "no-such-commit-here", "--pairs", "1", "--decisions", "1", "--quick"])
    assert done.returncode == 2
    assert done.stderr.startswith("same_machine: ")
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert _worktrees() == before


def test_counts_below_one_are_refused() -> None:
    done = run(["--pairs", "0"])
    assert done.returncode == 2
    assert "--pairs and --decisions must be at least 1" in done.stderr
