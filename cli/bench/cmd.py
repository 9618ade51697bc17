"""`twilight bench`: how fast twilight compiles, loads and plays, against the targets in
benchmarks/targets.yaml. docs/bench.md says what each figure means and how it is measured.

Every figure comes from a fresh Python process (`bench_probe`, or `twilight play` itself), so that
nothing one measurement warmed up helps the next.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
from twilight.cli.bench.measuring import BenchError, ms_stats, run_probe
from twilight.cli.output_file import NamedPath
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.runtime.core import registry
from twilight.runtime.core.sides import US

GAME_RULESETS = ("solo-v2", "standard")  # measured by default: the solitaire game and the two-player one
# "jobs": the games of the --jobs comparison: enough that starting the pool is a small part of the run, as
# it is when an author simulates thousands of games.
FULL = {"solo": 60, "standard": 100, "jobs": 240, "jobs_runs": 2, "runs": 3, "play_runs": 5}
QUICK = {"solo": 6, "standard": 10, "jobs": 8, "jobs_runs": 1, "runs": 1, "play_runs": 1}
# Clicks of the `twilight serve` figure (cli/bench/web.py), full and quick.
WEB_CLICKS = {False: 100, True: 5}
# Hints of `twilight play` timed (cli/bench/hint.py), full and quick: each takes most of a second.
HINTS = {False: 30, True: 3}
# Copies of a game at its decisions (cli/bench/copies.py): games, every how many decisions, copies each.
COPIES = {False: {"games": 40, "every": 2, "repeats": 20}, True: {"games": 6, "every": 3, "repeats": 5}}
# Decisions the search policy weighs (cli/bench/copies.py), full and quick: 16 playouts each.
SEARCHED = {False: 200, True: 10}
SEED = 0  # the seed of `twilight simulate`'s default run: the bench plays the same games
TEN_TURNS = 10  # a game that reached this turn was played to the end of the game's turns (or nearly)


def measure_compile(names: list[str], runs: int, say: Any) -> dict[str, Any]:
    from twilight.compiler import api

    figures: dict[str, Any] = {}
    imports: list[float] = []
    for name in names:
        cold, warm, cold_cpu = [], [], []
        for i in range(runs):
            say(f"cold compile of {name} ({i + 1}/{runs})")
            answer = run_probe("compile", {"ruleset": name, "cold": True})
            cold.append(answer["compile_s"])
            cold_cpu.append(answer["compile_cpu_s"])
            imports.append(answer["import_s"])
        api.compile_target(name)  # fills the IR cache (a warm probe refuses to run without it)
        for i in range(runs):
            say(f"warm load of {name} ({i + 1}/{runs})")
            answer = run_probe("compile", {"ruleset": name, "cold": False})
            warm.append(answer["compile_s"])
            imports.append(answer["import_s"])
        figures[name] = {
            "cold_s": round(min(cold), 4),
            "cold_runs_s": [round(s, 4) for s in cold],
            "cold_cpu_s": round(min(cold_cpu), 4),
            "warm_s": round(min(warm), 4),
            "warm_runs_s": [round(s, 4) for s in warm],
        }
    together, together_cpu = [], []
    for i in range(runs):
        say(f"cold compile of {', '.join(names)} in one process ({i + 1}/{runs})")
        answer = run_probe("compile", {"rulesets": names, "cold": True})
        together.append(answer["compile_s"])
        together_cpu.append(answer["compile_cpu_s"])
    return {
        "runs": runs,
        "rulesets": figures,
        # all of them, one after the other in one fresh process (as `twilight check` of them all): what
        # standard's files cost is paid once
        "cold_all_s": round(min(together), 4),
        "cold_all_runs_s": [round(s, 4) for s in together],
        "cold_all_cpu_s": round(min(together_cpu), 4),
        # each in a process of its own, added up: every extending ruleset pays for its base again
        "cold_each_sum_s": round(sum(f["cold_s"] for f in figures.values()), 4),
        "warm_all_s": round(sum(f["warm_s"] for f in figures.values()), 4),
        "import_s": round(statistics.median(imports), 4),
    }


def _digests(records: list[dict[str, Any]]) -> list[str]:
    return [r["digest"] for r in records]


def measure_games(
    name: str, games: int, runs: int, say: Any
) -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    """games/s on one core (the best of `runs` runs, each in a fresh process: a shared or virtual
    machine's speed varies from one second to the next, and the best run is the one least disturbed),
    and the memory of the process that played them; with the records, which every run must repeat."""
    answers = []
    for i in range(runs):
        say(f"{games} games of {name} on one core ({i + 1}/{runs})")
        answers.append(run_probe("games", {"ruleset": name, "games": games, "seed": SEED, "jobs": 1}))
        if answers[-1]["records"] != answers[0]["records"]:
            raise BenchError(f"{name}: the same games ended differently in two runs")
    answer = min(answers, key=lambda a: float(a["seconds"]))
    seconds = answer["seconds"]
    speed = {
        registry.AI_SIDE.name: answer[registry.AI_SIDE.name],
        "players": "random",
        "games": games,
        "seed": SEED,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3),
        "runs_games_per_second": [round(games / a["seconds"], 3) for a in answers],
        # CPU time is less sensitive than wall time to other processes sharing the machine
        "cpu_seconds": round(answer["cpu_seconds"], 3),
        "games_per_cpu_second": round(games / answer["cpu_seconds"], 3),
    }
    memory = {
        "games": games,
        "after_load_rss_mb": round(answer["after_load_rss_mb"], 1),
        "peak_rss_mb": round(answer["peak_rss_mb"], 1),
    }
    return speed, memory, answer["records"]


def measure_latency(name: str, games: int, expected: list[str], say: Any) -> dict[str, Any]:
    say(f"{games} games of {name}, timing each AI decision")
    answer = run_probe("latency", {"ruleset": name, "games": games, "seed": SEED})
    if answer["digests"] != expected:
        raise BenchError(
            f"latency {name}: its games ended differently from simulate's (the bench's game loop no longer "
            "builds the game as simulate_cmd.play_game does)"
        )
    timings = answer["ai_timings_s"]
    if not timings:
        raise BenchError(f"latency {name}: no AI decision was timed (is engine.ai_timings still filled?)")
    ai = ms_stats(timings, ("median", "p90", "p99", "max"))
    # the same decisions in CPU time: what the AI itself costs, whatever else the machine is doing
    cpu = ms_stats(answer["ai_cpu_timings_s"], ("median", "p90", "p99", "max"))
    ai.update({f"cpu_{key}": value for key, value in cpu.items() if key != "count"})
    wait = ms_stats(answer["human_waits_s"], ("median", "p99", "max"))
    return {"games": games, "decisions": ai.pop("count"), **ai, "human_wait": wait}


def measure_per_game(
    name: str, games: int, players: str, expected: list[str] | None, say: Any
) -> dict[str, Any]:
    """The games once more, each timed in CPU time on its own (`probe_per_game`): CPU per card played,
    and per game among those that reached turn 10 (the game's last turn)."""
    say(f"{games} games of {name} against the {players} policy, timing each game's CPU")
    answer = run_probe("per_game", {"ruleset": name, "games": games, "seed": SEED, "players": players})
    if expected is not None and answer["digests"] != expected:
        raise BenchError(f"per-game CPU {name}: its games ended differently from simulate's")
    measured = answer["games"]
    cpu = sum(g["cpu_s"] for g in measured)
    cards = sum(g["cards"] for g in measured)
    long_games = [g["cpu_s"] for g in measured if g["turn"] >= TEN_TURNS]
    return {
        "players": players,
        "games": len(measured),
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_second": round(len(measured) / cpu, 3) if cpu else None,
        "cards_played": cards,
        "cpu_us_per_card": round(cpu / cards * 1e6, 1) if cards else None,
        "ten_turn_games": len(long_games),
        "cpu_ms_per_ten_turn_game": round(statistics.mean(long_games) * 1000, 1) if long_games else None,
    }


def measure_jobs(name: str, games: int, runs: int, say: Any) -> dict[str, Any]:
    """`--jobs 2` against `--jobs 1` on the same games: `runs` rounds of one run of each, one right after
    the other, each in a fresh process; the best run of each."""
    seconds1, seconds2 = [], []
    for i in range(runs):
        say(f"{games} games of {name} with --jobs 1 ({i + 1}/{runs})")
        answer1 = run_probe("games", {"ruleset": name, "games": games, "seed": SEED, "jobs": 1})
        seconds1.append(answer1["seconds"])
        say(f"{games} games of {name} with --jobs 2 ({i + 1}/{runs})")
        answer = run_probe("games", {"ruleset": name, "games": games, "seed": SEED, "jobs": 2})
        seconds2.append(answer["seconds"])
    records1 = answer1["records"]
    speed1 = games / min(seconds1)
    records2 = answer["records"]
    if records2 != records1:
        differ = next((a["game"] for a, b in zip(records1, records2, strict=False) if a != b), len(records1))
        raise BenchError(
            f"--jobs 2 {name}: game {differ} differs from --jobs 1 (results must not depend on it)"
        )
    speed2 = games / min(seconds2)
    return {
        "games": games,
        "runs": runs,
        "jobs1_games_per_second": round(speed1, 3),
        "jobs2_games_per_second": round(speed2, 3),
        "speedup": round(speed2 / speed1, 3),
        "records_identical": True,
    }


def measure_play(ruleset: str, runs: int, say: Any) -> dict[str, Any]:
    from twilight.cli.bench.play import PlayProbeError, first_prompt_seconds
    from twilight.compiler import api

    result = api.compile_target(ruleset)  # the warm cache the figure is about
    assert result.ir is not None
    level_setting = result.ir["settings"].get(registry.LEVEL.name)
    args = ["--lang", "en", "--side", US, "--seed", "1"]
    level = None
    if level_setting is not None:
        level = str(level_setting["default"])
        args += ["--level", level]
    # The rules' setup questions answered by flags too: the figure is the time to the game's first question.
    for name, setting in result.ir["settings"].items():
        if setting.get("asked"):
            args += ["--set", f"{name}={str(setting['default']).lower()}"]
    times = []
    with tempfile.TemporaryDirectory(prefix="twilight-bench-pycache-") as pycache:
        # A first start, not counted, fills the bytecode cache (and the cache of compiled rule code), as
        # any start after the first has them.
        for i in range(runs + 1):
            say(f"twilight play to its first prompt ({i}/{runs})")
            try:
                seconds = first_prompt_seconds(args, pycache=pycache)
            except PlayProbeError as err:
                raise BenchError(str(err)) from None
            if i > 0:
                times.append(seconds)
    return {
        "ruleset": ruleset,
        "command": ["twilight", "play", *args],
        registry.LEVEL.name: level,
        "runs": runs,
        "runs_s": [round(s, 4) for s in times],
        "best_s": round(min(times), 4),
        "median_s": round(statistics.median(times), 4),
    }


# ---------------------------------------------------------------------- where and what
def _load_average() -> float | None:
    """The one-minute load average: how many processes wanted a CPU, the bench's own included."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _machine(load_at_start: float | None) -> dict[str, Any]:
    return {
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "load_average_start": load_at_start,
        "load_average_end": _load_average(),
    }


def _commit() -> tuple[str | None, bool | None]:
    """The git commit of the source tree twilight runs from, and whether it has uncommitted changes."""
    tree = Path(__file__).resolve().parent.parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=tree, capture_output=True, text=True, timeout=10
        )
        if head.returncode != 0:
            return None, None
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=tree,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None, None
    return head.stdout.strip(), bool(status.stdout.strip()) if status.returncode == 0 else None


@contextmanager
def _progress(show: bool) -> Iterator[Any]:
    """A one-line status on stderr when it is a terminal; silent otherwise."""
    if not show:
        yield lambda _text: None
        return
    from rich.console import Console

    console = Console(stderr=True)
    with console.status("bench") as status:
        yield lambda text: status.update(f"bench: {text}")


def _selection(chosen: tuple[str, ...], rules_paths: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """The rulesets to compile and those to play: every installed ruleset and solo-v2 + standard by
    default, or the ones named (each once, in order), found as `twilight play --ruleset` finds them
    (`NAME@VERSION`, a folder, a name in `$TWILIGHT_HOME/rules/` or `rules_paths`): an installed one by
    its name, any other by its folder."""
    from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target
    from twilight.common.input_bounds import ECHO_CHARS, clip, printable
    from twilight.compiler.loader import known_rulesets

    picked = []
    for name in chosen:
        try:
            picked.append(ruleset_target(name, rules_paths))
        except RulesetNotFound as err:
            shown = printable(clip(name, ECHO_CHARS))  # (what was typed is shown, never acted on)
            raise click.BadParameter(
                f"{shown!r} is not a ruleset; {err.help}", param_hint="--ruleset"
            ) from None
    if chosen:
        picked = list(dict.fromkeys(picked))
        return picked, picked
    known = list(known_rulesets())
    return known, [name for name in GAME_RULESETS if name in known]


def _check_compiles(names: list[str]) -> dict[str, str | None]:
    """Each ruleset's AI side (None: no AI); a ruleset that does not compile stops the bench."""
    import shlex

    from twilight.cli.versions import PATH_WORDS
    from twilight.compiler import api
    from twilight.compiler.loader import rules_search
    from twilight.runtime.solo.ai import ai_side_of

    # (the check is told the folders the bench looked in, to find what the bench found)
    paths = "".join(
        f"--rules-path {shlex.quote(str(root))} " for root, words in rules_search() if words == PATH_WORDS
    )
    sides = {}
    for name in names:
        result = api.compile_target(name)
        if result.ir is None or not result.ok:
            raise BenchError(
                f"{name} does not compile (`twilight check {paths}{shlex.quote(name)}` says why)"
            )
        sides[name] = ai_side_of(result.ir, {})
    return sides


# twilight's folders of Python modules (the others hold rule files and the grammar)
CODE_PACKAGES = ("common", "compiler", "runtime", "harness", "cli")


@contextmanager
def bytecode_as_installed(say: Any) -> Iterator[None]:
    """The measuring processes import twilight from bytecode, as an installed package does (pip compiles
    it on install). Some environments set PYTHONDONTWRITEBYTECODE: each fresh process would then compile
    from source every module of twilight it imports, the engine's in its first game among them (in 60
    solo-v2 games, about 1% of their instructions). It is lifted for the bench's processes, and twilight's
    modules are compiled here first, so that no measurement pays for it."""
    import compileall
    import importlib

    saved = os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        say("compiling twilight's modules to bytecode")
        for package in CODE_PACKAGES:
            for folder in importlib.import_module(f"twilight.{package}").__path__:
                compileall.compile_dir(folder, quiet=2)  # (where the folder can be written: else as before)
        yield
    finally:
        if saved is not None:
            os.environ["PYTHONDONTWRITEBYTECODE"] = saved


def run_bench(
    compile_names: list[str], game_names: list[str], games: int | None, quick: bool, say: Any
) -> dict[str, Any]:
    with bytecode_as_installed(say):
        return _measured(compile_names, game_names, games, quick, say)


def _measured(
    compile_names: list[str], game_names: list[str], games: int | None, quick: bool, say: Any
) -> dict[str, Any]:
    from twilight.cli.bench.probe import peak_rss_mb
    from twilight.cli.session.rules import DEFAULT_RULESET

    sizes = QUICK if quick else FULL
    baseline = peak_rss_mb()
    sides = _check_compiles(list(dict.fromkeys(compile_names + game_names)))
    result: dict[str, Any] = {"compile": measure_compile(compile_names, sizes["runs"], say)}
    result["games"], result["ai_latency"], result["jobs"], result["cautious"] = {}, {}, {}, {}
    memory: dict[str, Any] = {"parent_baseline_rss_mb": round(baseline, 1), "rulesets": {}}
    for name in game_names:
        count = games or (sizes["solo"] if sides[name] else sizes["standard"])
        speed, mem, records = measure_games(name, count, sizes["runs"], say)
        speed["per_game"] = measure_per_game(name, count, "random", _digests(records), say)
        result["games"][name] = speed
        memory["rulesets"][name] = mem
        if sides[name]:  # the figures about the AI
            result["jobs"][name] = measure_jobs(name, games or sizes["jobs"], sizes["jobs_runs"], say)
            result["ai_latency"][name] = measure_latency(name, count, _digests(records), say)
            # the AI against a policy that keeps the game going: the long games an author balances
            result["cautious"][name] = measure_per_game(name, count, "cautious", None, say)
    result["memory"] = memory
    if DEFAULT_RULESET in game_names:
        result["play"] = measure_play(DEFAULT_RULESET, sizes["play_runs"], say)
        from twilight.cli.bench.web import measure_web

        result["web"] = measure_web(WEB_CLICKS[quick], say)
        from twilight.cli.bench.hint import measure_hint

        result["hint"] = measure_hint(HINTS[quick], say)
        from twilight.cli.bench.copies import measure_copies, measure_search

        result["copies"] = measure_copies(COPIES[quick], say)
        result["search"] = measure_search(SEARCHED[quick], say)
    return result


# ---------------------------------------------------------------------- the command
@click.command()
@click.option(
    "--ruleset",
    "rulesets",
    multiple=True,
    metavar="R",
    help="Measure only this ruleset (repeatable): a name, NAME@VERSION or a folder, found as `twilight play` "
    "finds it. Default: compile every installed ruleset; play solo-v2 and standard.",
)
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=None,
    help="Games per measurement (default 60 with an AI, 100 without; 6 and 10 with --quick).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: every figure and the targets.")
@click.option("--quick", is_flag=True, help="Fewer games and runs: a smoke test of the bench, not figures.")
@click.option("--check", is_flag=True, help="Exit 1 when a measured figure misses its target.")
@rules_path_option(FOUND_TOO.replace("a name", "the name --ruleset gives"))
@click.option(
    "--targets",
    "targets_file",
    type=NamedPath(dir_okay=False, path_type=Path, left_out="to use benchmarks/targets.yaml"),
    default=None,
    help="The targets file (default: benchmarks/targets.yaml of the source tree).",
)
def bench(
    rulesets: tuple[str, ...],
    games: int | None,
    as_json: bool,
    quick: bool,
    check: bool,
    targets_file: Path | None,
    rules_paths: tuple[str, ...],
) -> None:
    """Measure compile time, load time, games per second, AI decision latency, memory, the --jobs 2
    speed-up and the time `twilight play` takes to its first prompt, against their targets.

    Exit status: 0; 1 when --check is given and a target is missed; 2 when a measurement failed (a game
    error, a ruleset that does not compile) or the options or targets file are wrong.
    """
    from twilight.cli.bench.report import TargetsError, default_targets_path, judge, load_targets, print_table
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    compile_names, game_names = _selection(rulesets, rules_paths)
    path = targets_file or default_targets_path()
    targets: list[dict[str, Any]] = []
    try:
        if targets_file is not None or path.is_file():
            targets = load_targets(path)
    except TargetsError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(2)
    if check and not targets:
        click.echo(f"error: --check needs targets, and {path} has none (--targets FILE)", err=True)
        sys.exit(2)
    started, load_at_start = time.perf_counter(), _load_average()
    try:
        with _progress(sys.stderr.isatty()) as say:
            figures = run_bench(compile_names, game_names, games, quick, say)
    except BenchError as err:
        click.echo(f"bench failed: {err}", err=True)
        sys.exit(2)
    commit, dirty = _commit()
    result = {
        "machine": _machine(load_at_start),
        "commit": commit,
        "dirty": dirty,
        "quick": quick,
        **figures,
        "bench_seconds": round(time.perf_counter() - started, 1),
        "targets_file": str(path) if targets else None,
    }
    result["targets"] = judge(targets, result)
    measured = [t for t in result["targets"] if t["met"] is not None]
    result["targets_met"] = all(t["met"] for t in measured) if measured else None
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
    else:
        print_table(result)
    if check and result["targets_met"] is False:
        sys.exit(1)
