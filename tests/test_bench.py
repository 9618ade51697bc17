"""`twilight bench`: every figure measured and of the right kind, the targets judged from a file, clear
errors. No assertion here compares a timing with the real targets: the figures depend on the machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from twilight.cli.bench import cmd as bench_cmd
from twilight.cli.bench import probe as bench_probe
from twilight.cli.bench import report as bench_report
from twilight.cli.bench.measuring import ms_stats

ROOT = Path(__file__).resolve().parent.parent


def bench(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`twilight bench ARGS` as a user runs it (stdout and stderr apart)."""
    return subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", "bench", *args],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def write_targets(path: Path, targets: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(targets), encoding="utf-8")
    return path


class QuickRun:
    def __init__(self, proc: subprocess.CompletedProcess[str], home: Path, tmp: Path) -> None:
        self.proc = proc
        self.data: dict[str, Any] = json.loads(proc.stdout)
        self.home = home
        self.tmp = tmp


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[QuickRun]:
    """One `twilight bench --quick --json --check` against a targets file with one target no machine
    meets and one every machine meets; the user's save folder and the temporary folder are watched."""
    folder = tmp_path_factory.mktemp("bench")
    home, tmp = folder / "home", folder / "tmp"
    home.mkdir()
    tmp.mkdir()
    targets = write_targets(
        folder / "targets.yaml",
        {
            "impossible_speed": {"figure": "games.solo-v2.games_per_second", "at_least": 1e12},
            "easy_compile": {"figure": "compile.cold_all_s", "at_most": 1e6},
            "other_ruleset": {"figure": "games.nowhere.games_per_second", "at_least": 1},
        },
    )
    proc = bench(
        ["--quick", "--json", "--check", "--targets", str(targets)],
        env={"TWILIGHT_HOME": str(home), "TMPDIR": str(tmp)},
    )
    assert proc.stdout, proc.stderr
    yield QuickRun(proc, home, tmp)


def positive(value: Any, kind: type = float) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool) and value > 0


def test_compile_figures_for_every_ruleset(quick: QuickRun) -> None:
    from twilight.compiler.loader import known_rulesets

    comp = quick.data["compile"]
    assert list(comp["rulesets"]) == list(known_rulesets())
    assert comp["runs"] == 1
    for fig in comp["rulesets"].values():
        for key in ("cold_s", "warm_s"):
            assert positive(fig[key]), fig
        assert fig["cold_runs_s"] and min(fig["cold_runs_s"]) == fig["cold_s"]
        assert fig["warm_runs_s"] and min(fig["warm_runs_s"]) == fig["warm_s"]
    assert comp["cold_each_sum_s"] == pytest.approx(sum(f["cold_s"] for f in comp["rulesets"].values()))
    # all of them in one process pay for standard's files once: less than each in a process of its own
    assert positive(comp["cold_all_s"]) and comp["cold_all_s"] == min(comp["cold_all_runs_s"])
    assert positive(comp["warm_all_s"]) and positive(comp["import_s"])


def test_games_per_second_for_solo_and_standard(quick: QuickRun) -> None:
    games = quick.data["games"]
    assert set(games) == {"solo-v2", "standard"}
    assert games["solo-v2"]["ai_side"] in ("us", "ussr") and games["standard"]["ai_side"] is None
    for fig in games.values():
        assert fig["players"] == "random" and fig["seed"] == 0
        assert isinstance(fig["games"], int) and fig["games"] > 0
        assert positive(fig["seconds"]) and positive(fig["games_per_second"])
        assert fig["games_per_second"] == pytest.approx(fig["games"] / fig["seconds"], rel=0.01)
        assert positive(fig["cpu_seconds"]) and positive(fig["games_per_cpu_second"])


def test_ai_latency_counts_the_ai_decisions(quick: QuickRun) -> None:
    assert set(quick.data["ai_latency"]) == {"solo-v2"}
    fig = quick.data["ai_latency"]["solo-v2"]
    assert isinstance(fig["decisions"], int) and fig["decisions"] > fig["games"] > 0
    values = [fig[k] for k in ("median_ms", "p90_ms", "p99_ms", "max_ms")]
    assert all(positive(v) for v in values) and values == sorted(values)
    wait = fig["human_wait"]
    assert isinstance(wait["count"], int) and wait["count"] > 0
    assert wait["median_ms"] <= wait["p99_ms"] <= wait["max_ms"]


def test_cpu_time_beside_wall_time(quick: QuickRun) -> None:
    """Compile, games, cards, long games and AI decisions are each measured in CPU time too."""
    comp = quick.data["compile"]
    assert positive(comp["cold_all_cpu_s"])
    assert all(positive(fig["cold_cpu_s"]) for fig in comp["rulesets"].values())
    measured = [quick.data["games"][name]["per_game"] for name in ("solo-v2", "standard")]
    measured.append(quick.data["cautious"]["solo-v2"])
    assert [fig["players"] for fig in measured] == ["random", "random", "cautious"]
    for fig in measured:
        assert fig["cards_played"] > fig["games"] > 0 and positive(fig["cpu_seconds"])
        assert fig["cpu_us_per_card"] == pytest.approx(
            fig["cpu_seconds"] / fig["cards_played"] * 1e6, rel=0.01
        )
        assert 0 <= fig["ten_turn_games"] <= fig["games"]
        assert (fig["cpu_ms_per_ten_turn_game"] is None) == (fig["ten_turn_games"] == 0)
    assert set(quick.data["cautious"]) == {"solo-v2"}  # the policy plays against an AI only
    lat = quick.data["ai_latency"]["solo-v2"]
    values = [lat[f"cpu_{k}_ms"] for k in ("median", "p90", "p99", "max")]
    assert all(positive(v) for v in values) and values == sorted(values)


def test_memory_of_the_games(quick: QuickRun) -> None:
    mem = quick.data["memory"]
    assert positive(mem["parent_baseline_rss_mb"])
    assert set(mem["rulesets"]) == {"solo-v2", "standard"}
    for fig in mem["rulesets"].values():
        assert positive(fig["after_load_rss_mb"]) and fig["peak_rss_mb"] >= fig["after_load_rss_mb"]


def test_jobs_2_plays_the_same_games(quick: QuickRun) -> None:
    fig = quick.data["jobs"]["solo-v2"]
    assert fig["records_identical"] is True
    assert fig["games"] == 8  # a batch of its own (--quick), played with --jobs 1 and with --jobs 2
    assert positive(fig["jobs1_games_per_second"]) and positive(fig["jobs2_games_per_second"])
    ratio = fig["jobs2_games_per_second"] / fig["jobs1_games_per_second"]
    assert fig["speedup"] == pytest.approx(ratio, 0.01)


def test_play_first_prompt_leaves_no_save(quick: QuickRun) -> None:
    play = quick.data["play"]
    assert play["ruleset"] == "solo-v2" and play["level"]
    assert "--level" in play["command"] and play["runs"] == 1
    assert positive(play["best_s"]) and play["best_s"] <= play["median_s"]
    assert list(quick.home.iterdir()) == []  # the user's save folder (TWILIGHT_HOME) untouched
    assert list(quick.tmp.iterdir()) == []  # the game's own folder removed


def test_web_click_to_page(quick: QuickRun) -> None:
    web = quick.data["web"]
    assert web["count"] == 5  # clicks of `twilight serve`, each timed to the next page
    assert positive(web["median_ms"]) and web["median_ms"] <= web["p99_ms"] <= web["max_ms"]


def test_hint_latency(quick: QuickRun) -> None:
    hint = quick.data["hint"]
    assert hint["count"] == 3  # hints of `twilight play`, each timed from asking to its lines
    assert (
        positive(hint["wall_median_ms"])
        and hint["wall_median_ms"] <= hint["wall_p99_ms"] <= hint["wall_max_ms"]
    )
    # The playouts run on copies of the game in the process: a hint's CPU is about its wall time.
    assert positive(hint["cpu_median_ms"]) and hint["cpu_median_ms"] <= hint["cpu_p99_ms"]


def test_copies_and_search(quick: QuickRun) -> None:
    copies = quick.data["copies"]["engine"]
    assert copies["count"] > 0  # copies of a game at the person's decisions, Mid War on
    assert positive(copies["cpu_us_median"]) and copies["cpu_us_median"] <= copies["cpu_us_p90"]
    search = quick.data["search"]
    assert search["decisions"] == 10 and search["playouts"] >= 10 * 2  # (each searched: 2+ answers)
    assert search["playouts_per_cpu_second"] == pytest.approx(search["playouts"] / search["cpu_s"], rel=0.05)


def test_machine_and_commit(quick: QuickRun) -> None:
    machine = quick.data["machine"]
    assert isinstance(machine["cpu_count"], int) and machine["cpu_count"] > 0
    assert machine["python"].count(".") == 2
    for key in ("load_average_start", "load_average_end"):
        assert machine[key] is None or (isinstance(machine[key], float | int) and machine[key] >= 0)
    commit = quick.data["commit"]
    assert commit is None or (len(commit) == 40 and int(commit, 16) >= 0)
    assert quick.data["quick"] is True


def test_check_fails_on_a_missed_target(quick: QuickRun) -> None:
    assert quick.proc.returncode == 1, quick.proc.stderr
    judged = {t["name"]: t for t in quick.data["targets"]}
    assert judged["impossible_speed"]["met"] is False
    assert judged["impossible_speed"]["value"] == quick.data["games"]["solo-v2"]["games_per_second"]
    assert judged["easy_compile"]["met"] is True
    assert judged["other_ruleset"]["met"] is None and judged["other_ruleset"]["value"] is None
    assert quick.data["targets_met"] is False
    assert "Traceback" not in quick.proc.stderr


def test_check_passes_when_every_target_is_met(tmp_path: Path) -> None:
    targets = write_targets(
        tmp_path / "t.yaml", {"easy": {"figure": "games.standard.games_per_second", "at_least": 1e-6}}
    )
    proc = bench(["--ruleset", "standard", "--quick", "--games", "2", "--check", "--targets", str(targets)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # the text report: every figure of the run, the target, met
    labels = ("standard: cold compile", "random vs random", ">= 1e-06 games/s", "met", "targets met: 1 of 1")
    for label in labels:
        assert label in proc.stdout, proc.stdout
    assert "AI decision" not in proc.stdout  # standard has no AI: no latency, no --jobs 2, no play
    assert proc.stderr == ""  # no progress outside a terminal


def test_unknown_ruleset_is_a_usage_error() -> None:
    proc = bench(["--ruleset", "nope", "--quick"])
    assert proc.returncode == 2
    assert "'nope' is not a ruleset" in proc.stderr and "solo-v2" in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("- a list\n", "expected a mapping"),
        ("t:\n  at_least: 1\n", "wants `figure:`"),
        ("t:\n  figure: a.b\n", "exactly one of at_least, at_most"),
        ("t:\n  figure: a.b\n  at_least: 1\n  at_most: 2\n", "exactly one of at_least, at_most"),
        ("t:\n  figure: a.b\n  at_most: fast\n", "at_most must be a number"),
        ("t:\n  figure: a.b\n  at_most: 1\n  unit: s\n", "unknown key 'unit'"),
        ("t: [\n", "not YAML"),
    ],
)
def test_a_bad_targets_file_is_refused_before_measuring(tmp_path: Path, content: str, says: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(bench_report.TargetsError, match=says):
        bench_report.load_targets(path)


def test_a_bad_targets_file_stops_the_command(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("t:\n  figure: a.b\n", encoding="utf-8")
    proc = bench(["--quick", "--targets", str(path)])
    assert proc.returncode == 2 and "exactly one of at_least, at_most" in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    missing = bench(["--quick", "--targets", str(tmp_path / "none.yaml")])
    assert missing.returncode == 2 and "cannot read it" in missing.stderr


def test_the_project_targets_name_figures_the_bench_reports(quick: QuickRun) -> None:
    """Each target of benchmarks/targets.yaml points at a figure a default run measures."""
    targets = bench_report.load_targets(bench_report.default_targets_path())
    assert {t["name"] for t in targets} >= {
        "solo_v2_games_per_cpu_second",
        "standard_cpu_us_per_card",
        "ai_decision_cpu_p99_ms",
        "cold_compile_all_cpu_s",
        "solo_v2_games_per_second_per_core",
        "play_first_prompt_s",
        "jobs2_speedup",
    }
    for target in targets:
        assert positive(bench_report.figure_at(quick.data, target["figure"])), target


def test_percentiles_are_nearest_rank() -> None:
    samples = [i / 1000 for i in range(1, 101)]  # 1 ms .. 100 ms
    stats = ms_stats(samples, ("median", "p90", "p99", "max"))
    assert stats == {"count": 100, "median_ms": 50.5, "p90_ms": 90.0, "p99_ms": 99.0, "max_ms": 100.0}
    one = ms_stats([0.004], ("p99", "max"))
    assert one == {"count": 1, "p99_ms": 4.0, "max_ms": 4.0}
    assert ms_stats([], ("median",)) == {"count": 0, "median_ms": None}


def test_a_game_error_fails_the_measurement() -> None:
    records = [{"game": 0, "seed": 7, "digest": "x"}, {"game": 1, "seed": 9, "error": "KeyError: 'x'"}]
    with pytest.raises(bench_probe.ProbeError, match=r"1 of 2 games failed: game 1 \(seed 9\): KeyError"):
        bench_probe._failures(records)
    bench_probe._failures(records[:1])


def test_a_failed_probe_is_a_bench_error() -> None:
    with pytest.raises(bench_cmd.BenchError, match="standard-nope does not compile"):
        bench_cmd.run_probe("games", {"ruleset": "standard-nope", "games": 1, "seed": 0, "jobs": 1})


def test_the_measuring_processes_import_twilight_from_bytecode(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from twilight.runtime.core import engine

    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    bytecode = Path(importlib.util.cache_from_source(engine.__file__))
    bytecode.unlink(missing_ok=True)
    said: list[str] = []
    asks = [sys.executable, "-c", "import sys; print(sys.dont_write_bytecode)"]
    with bench_cmd.bytecode_as_installed(said.append):
        assert bytecode.is_file()  # compiled before any measurement
        assert subprocess.run(asks, capture_output=True, text=True).stdout.strip() == "False"
    assert said == ["compiling twilight's modules to bytecode"]
    assert os.environ["PYTHONDONTWRITEBYTECODE"] == "1"  # the environment as it was
