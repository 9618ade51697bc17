"""The measurements `twilight bench` makes in a fresh Python process, one per run of this module:

    python -m twilight.cli.bench.probe KIND '{"ruleset": ..., ...}'

prints one JSON object on stdout (or `{"error": ...}` and exit status 1). A fresh process per figure keeps
each one honest: no parser tables, compiled IR or warmed-up caches left over from an earlier measurement.

Only the standard library is imported at the top, so that the import time a `compile` probe reports is
the compiler's alone.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from typing import Any

from twilight.cli.bench.probing import ProbeError, load_ir, take_rules_search, use_rules_search
from twilight.runtime.core import registry
from twilight.runtime.core.sides import SIDES, opponent


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: Linux's VmHWM, the high-water mark of the process's own
    address space. Not `ru_maxrss`: for a process started by fork and exec, that also counts the memory
    of its parent at the fork (the kernel keeps the larger of the two), so every child of a 50 MB parent
    would report at least 50 MB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux (bytes on macOS)


def probe_compile(args: dict[str, Any]) -> dict[str, Any]:
    """Import the compiler, then compile one ruleset (`ruleset`), or several one after the other in this
    one process (`rulesets`): `cold` without the IR cache (it is neither read nor written), else from the
    cache, which must already be filled."""
    started = time.perf_counter()
    cpu_started = time.process_time()
    from twilight.compiler import api

    if args["cold"]:  # the modules a compile from source imports on demand count as imports too
        import jsonschema  # noqa: F401
        from twilight.compiler import decls, parser  # noqa: F401
    imported, cpu_imported = time.perf_counter(), time.process_time()
    use_rules_search()
    names = args.get("rulesets") or [args["ruleset"]]
    for name in names:
        result = api.compile_target(name, use_cache=not args["cold"])
        if result.ir is None or not result.ok:
            raise ProbeError(f"{name} does not compile (twilight check {name} says why)")
        if not args["cold"] and not result.cached:
            raise ProbeError(f"{name}: the IR cache was not filled, so no warm load was measured")
    done, cpu_done = time.perf_counter(), time.process_time()
    return {
        "import_s": imported - started,
        "compile_s": done - imported,
        "import_cpu_s": cpu_imported - cpu_started,
        "compile_cpu_s": cpu_done - cpu_imported,
        "cached": not args["cold"],
    }


# ---------------------------------------------------------------------- games
def _jobs_list(games: int, seed: int) -> list[tuple[int, int]]:
    from twilight.cli.simulate_cmd import game_seed

    return [(i, game_seed(seed, i)) for i in range(games)]


def _failures(records: list[dict[str, Any]]) -> None:
    failed = [r for r in records if "error" in r]
    if failed:
        listed = "; ".join(f"game {r['game']} (seed {r['seed']}): {r['error']}" for r in failed[:5])
        more = f" and {len(failed) - 5} more" if len(failed) > 5 else ""
        raise ProbeError(f"{len(failed)} of {len(records)} games failed: {listed}{more}")


def probe_games(args: dict[str, Any]) -> dict[str, Any]:
    """Play the games exactly as `twilight simulate` does (its `_played`, with `--human-policy random` on
    a ruleset with an AI, random players on both sides otherwise), on `jobs` processes; timed like
    simulate's own games/s: from the start of `_played` (workers built) to the last record."""
    from twilight.cli.simulate_cmd import _played

    ir = load_ir(args["ruleset"])
    jobs_list = _jobs_list(args["games"], args["seed"])
    _native_built(ir)
    loaded_rss = peak_rss_mb()
    started, cpu_started = time.perf_counter(), time.process_time()
    children_started = _children_cpu()
    with _played(ir, jobs_list, args["jobs"], None, {}, "random") as played:
        records = sorted(played, key=lambda r: int(r["game"]))
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started  # this process only: with jobs > 1, not the workers'
    workers_cpu_seconds = _children_cpu() - children_started  # the pool's workers, once they have ended
    _failures(records)
    from twilight.runtime.solo.ai import ai_side_of

    return {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "workers_cpu_seconds": workers_cpu_seconds,
        "records": records,
        registry.AI_SIDE.name: ai_side_of(ir, {}),
        "after_load_rss_mb": loaded_rss,
        "peak_rss_mb": peak_rss_mb(),
    }


def _children_cpu() -> float:
    """User and system CPU seconds of this process's children that have ended and been waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class _GameMeter:
    """Measures each game `play_game` plays: its CPU time (the engine, both players and the invariant
    checks, as in `twilight simulate`), the cards played in it (action rounds and headlines) and the turn
    it reached."""

    def __init__(self) -> None:
        self.games: list[dict[str, Any]] = []
        self._cpu_started = 0.0

    def players(self, chosen: dict[str, Any]) -> dict[str, Any]:
        return chosen

    def started(self, engine: Any) -> None:
        self._cpu_started = time.process_time()

    def finished(self, engine: Any) -> None:
        cpu = time.process_time() - self._cpu_started
        cards = 0
        for event in engine.events:
            if event["kind"] == "play":
                cards += 1
            elif event["kind"] == "headlines":
                cards += sum(1 for side in SIDES if event.get(side) is not None)
        self.games.append({"cpu_s": cpu, "cards": cards, "turn": engine.state.turn})


def probe_per_game(args: dict[str, Any]) -> dict[str, Any]:
    """The games of `probe_games` (or against another policy, `players`), one after the other through
    simulate's own `play_game`: each game's CPU time, cards played and the turn it reached."""
    from twilight.cli import simulate_cmd as sim

    ir = load_ir(args["ruleset"])
    sim._init_worker(ir, None, ignore_sigint=False, settings={}, players=args.get("players", "random"))
    _native_in_place(sim._WORKER["program"])
    meter = _GameMeter()
    sim._WORKER["observer"] = meter
    try:
        records = [sim.play_game(job) for job in _jobs_list(args["games"], args["seed"])]
    finally:
        sim._WORKER.pop("observer", None)
    _failures(records)
    return {"games": meter.games, "digests": [r["digest"] for r in records]}


def _native_built(ir: dict[str, Any]) -> None:
    """The ruleset's native module built (kept in the cache folder) before the clock starts: simulate's
    games then load it, as they do once the AI has asked for it the first time (runtime/backend/native)."""
    from twilight.common.cachedir import cache_dir
    from twilight.runtime.game import build_program

    build_program(ir, code_cache=cache_dir()).use_native(wait=True)


def _native_in_place(program: Any) -> None:
    """The program's native evaluation in place before the clock starts, as it is in a game once the AI
    or the search has asked for it and it is built (runtime/backend/native; none without a C compiler or
    with TWILIGHT_NATIVE=0)."""
    program.use_native(wait=True)


class _HumanClock:
    """Wraps the human side's player: how long the game (the engine and the AI) kept the human waiting
    before each of its decisions, counted from the start of the game or from its previous answer."""

    def __init__(self, inner: Any, started: list[float]) -> None:
        self.inner = inner
        self.since = started  # shared with the loop, which sets it when the game starts
        self.waits: list[float] = []

    def decide(self, decision: Any) -> Any:
        self.waits.append(time.perf_counter() - self.since[0])
        answer = self.inner.decide(decision)
        self.since[0] = time.perf_counter()
        return answer


class _LatencyObserver:
    """Turns on the engine's `ai_timings` hook and times the human side in the games `play_game` plays."""

    def __init__(self, human: str) -> None:
        self.human = human
        self.since = [0.0]
        self.clock: _HumanClock | None = None
        self.ai_timings: list[float] = []
        self.ai_cpu_timings: list[float] = []
        self.waits: list[float] = []

    def players(self, chosen: dict[str, Any]) -> dict[str, Any]:
        self.clock = _HumanClock(chosen[self.human], self.since)
        return {**chosen, self.human: self.clock}

    def started(self, engine: Any) -> None:
        engine.ai_timings = []
        engine.ai_cpu_timings = []
        self.since[0] = time.perf_counter()

    def finished(self, engine: Any) -> None:
        self.ai_timings.extend(engine.ai_timings)
        self.ai_cpu_timings.extend(engine.ai_cpu_timings)
        if self.clock is not None:
            self.waits.extend(self.clock.waits)


def probe_latency(args: dict[str, Any]) -> dict[str, Any]:
    """The games of `probe_games` once more, played by simulate's own `play_game` with an observer that
    turns the engine's `ai_timings` hook on and times the human side; the digests let the caller check
    that the games are the same ones."""
    from twilight.cli import simulate_cmd as sim

    ir = load_ir(args["ruleset"])
    sim._init_worker(ir, None, ignore_sigint=False, settings={}, players="random")
    _native_in_place(sim._WORKER["program"])
    ai_side = sim._WORKER[registry.AI_SIDE.name]
    if ai_side is None:
        raise ProbeError(f"{args['ruleset']} has no AI: no AI decision to time")
    observer = _LatencyObserver(opponent(ai_side))
    sim._WORKER["observer"] = observer
    try:
        records = [sim.play_game(job) for job in _jobs_list(args["games"], args["seed"])]
    finally:
        sim._WORKER.pop("observer", None)
    _failures(records)
    return {
        "ai_timings_s": observer.ai_timings,
        "ai_cpu_timings_s": observer.ai_cpu_timings,
        "human_waits_s": observer.waits,
        "digests": [r["digest"] for r in records],
    }


def probe_copies(args: dict[str, Any]) -> dict[str, Any]:
    from twilight.cli.bench.copies import probe_copies as probe

    return probe(args)


def probe_search(args: dict[str, Any]) -> dict[str, Any]:
    from twilight.cli.bench.copies import probe_search as probe

    return probe(args)


PROBES = {
    "compile": probe_compile,
    "games": probe_games,
    "per_game": probe_per_game,
    "latency": probe_latency,
    "copies": probe_copies,
    "search": probe_search,
}


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in PROBES:
        print(json.dumps({"error": f"usage: bench_probe {{{','.join(PROBES)}}} JSON"}))
        return 1
    try:
        args = json.loads(argv[1])
        take_rules_search(args)
        out = PROBES[argv[0]](args)
    except ProbeError as err:
        print(json.dumps({"error": str(err)}))
        return 1
    except Exception as err:  # reported by the bench as a failed measurement, never as a traceback
        print(json.dumps({"error": f"internal error: {err.__class__.__name__}: {err}"}))
        return 1
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
