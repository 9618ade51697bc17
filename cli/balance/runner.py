"""Playing a balance run's games: every game of every cell (ruleset, level, AI side) with simulate's own
game runner (`simulate_cmd.play_game`), on local processes or as Ray tasks.

Game i of every cell has the seed `simulate_cmd.game_seed(run seed, i)`: a cell's results depend only on
its ruleset, settings, policy and the run's seed, never on the backend or the number of workers; the
records come back ordered by cell and game. (The cells share their seeds, so two rulesets, levels or sides
are compared on the same dice: common random numbers.)
"""

from __future__ import annotations

import gc
import logging
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from twilight.cli import simulate_cmd
from twilight.cli.balance.vp_sources import vp_sources

CHUNK = 2  # games per task: small, so that the progress bar moves and the workers stay busy to the end
RAY_INSTALL = "pip install -e '.[cluster]'  (or: pip install 'ray>=2.9')"


@dataclass(frozen=True)
class Cell:
    ruleset: str  # "a" or "b": which of the run's rulesets
    level: str
    ai_side: str

    @property
    def key(self) -> str:
        return f"{self.ruleset}/{self.level}/{self.ai_side}"


@dataclass
class Plan:
    """Everything a worker needs: the rulesets' IR, each cell's settings, the policy and its budget."""

    irs: dict[str, dict[str, Any]]
    cells: list[Cell]
    settings: dict[str, dict[str, Any]]  # by cell key: the ruleset's settings for the cell
    policy: str
    search: dict[str, Any] = field(default_factory=dict)
    limits: dict[str, int] = field(default_factory=dict)
    # Two rulesets compared: the games count how often each declaration fires (runtime/firings.py), and
    # these rule functions' calls, by ruleset key (the functions the comparison changed)
    count_firings: bool = False
    counted_functions: dict[str, frozenset[str]] = field(default_factory=dict)
    # Which run this is: a worker that served another run (a Ray worker lives on) compiles afresh.
    token: str = field(default_factory=lambda: uuid.uuid4().hex)

    def jobs(self, seed: int, games: int) -> list[tuple[str, int, int]]:
        """(cell key, game index, game seed) for every game, cell after cell."""
        seeds = [simulate_cmd.game_seed(seed, i) for i in range(games)]
        return [(cell.key, i, seeds[i]) for cell in self.cells for i in range(games)]


# ---------------------------------------------------------------------- in a worker
_PLAN: dict[str, Any] = {}


def _init(plan: Plan, ignore_sigint: bool) -> None:
    import signal

    if ignore_sigint:  # the parent handles Ctrl-C and ends the pool
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _PLAN.get("token") != plan.token:
        _PLAN["programs"] = {}
    _PLAN.update(plan=plan, token=plan.token, cell=None)


def play(job: tuple[str, int, int]) -> dict[str, Any]:
    """One game of a cell: simulate's `play_game` with the cell's ruleset and settings."""
    from twilight.common.cachedir import cache_dir
    from twilight.runtime.core.firings import count_functions
    from twilight.runtime.game import build_program

    key, index, seed = job
    plan: Plan = _PLAN["plan"]
    if _PLAN["cell"] != key:
        ruleset = key.split("/", 1)[0]
        ir = plan.irs[ruleset]
        programs: dict[str, Any] = _PLAN["programs"]
        if ruleset not in programs:
            counted = plan.counted_functions.get(ruleset, frozenset())
            program = build_program(ir, code_cache=cache_dir(), counted=counted)
            count_functions(program)
            programs[ruleset] = program
        # simulate's worker state for this cell; its compiled program is kept per ruleset
        simulate_cmd._WORKER.update(ir=ir, program=programs[ruleset])
        simulate_cmd._init_worker(
            ir,
            None,
            ignore_sigint=False,
            settings=plan.settings[key],
            players=plan.policy,
            limits=plan.limits,
            search=plan.search,
        )
        simulate_cmd._WORKER["count_firings"] = plan.count_firings
        _PLAN["cell"] = key
    sources = _SourcesKept()
    simulate_cmd._WORKER["observer"] = sources
    try:
        record = simulate_cmd.play_game((index, seed))
    finally:
        simulate_cmd._WORKER.pop("observer", None)
    record["cell"] = key
    if sources.kept is not None:
        record["vp_sources"] = sources.kept
    return record


class _SourcesKept:
    """Keeps where a finished game's VP came from (cli/balance/vp_sources.py), read from its events: the
    game's record carries it to the cell's figures."""

    def __init__(self) -> None:
        self.kept: dict[str, int] | None = None

    def players(self, chosen: dict[str, Any]) -> dict[str, Any]:
        return chosen

    def started(self, engine: Any) -> None:
        self.kept = None

    def finished(self, engine: Any) -> None:
        self.kept = vp_sources(engine.events)


def play_chunk(plan: Plan, jobs: list[tuple[str, int, int]]) -> list[dict[str, Any]]:
    """Several games in one task (a Ray task's body)."""
    if _PLAN.get("token") != plan.token:
        _init(plan, ignore_sigint=False)
    _PLAN["plan"] = plan
    return [play(job) for job in jobs]


def _chunks(jobs: list[tuple[str, int, int]], size: int) -> list[list[tuple[str, int, int]]]:
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


# ---------------------------------------------------------------------- the backends
def run_local(plan: Plan, jobs: list[tuple[str, int, int]], workers: int) -> Iterator[dict[str, Any]]:
    """The games on `workers` processes of this machine (forked before any other thread starts: call
    this generator's first `next` before starting the progress bar's thread)."""
    if workers <= 1 or len(jobs) <= 1:
        _init(plan, ignore_sigint=False)
        for job in jobs:
            yield play(job)
        return
    _init(plan, ignore_sigint=False)
    gc.freeze()  # the parent's objects stay shared with the workers (copy-on-write), as simulate does
    try:
        with simulate_cmd.pool_context().Pool(workers, initializer=_init, initargs=(plan, True)) as pool:
            yield from pool.imap_unordered(play, jobs, chunksize=CHUNK)
    finally:
        gc.unfreeze()


class RayMissing(Exception):
    """The Ray backend was asked for and Ray is not installed."""


class RayUnreachable(Exception):
    """The Ray cluster asked for cannot be joined; the message says why, in one line."""


# How long `check_address` waits for the cluster's port to answer.
CONNECT_SECONDS = 5.0


def check_address(address: str) -> None:
    """Before any game: the cluster's address is one Ray reads (`auto`, `HOST:PORT`, `ray://HOST:PORT`)
    and something answers at its port; else RayUnreachable (Ray itself would retry for a minute or more,
    or fail with an internal error)."""
    import socket

    if address == "auto":
        return
    where = address.removeprefix("ray://")
    host, colon, port_text = where.rpartition(":")
    if not colon or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536 or ":" in host:
        raise RayUnreachable(f"--address {address!r}: not a Ray address (auto, HOST:PORT or ray://HOST:PORT)")
    try:
        with socket.create_connection((host, int(port_text)), timeout=CONNECT_SECONDS):
            pass
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise RayUnreachable(f"--address {address}: nothing answers there ({reason})") from None


def run_ray(
    plan: Plan, jobs: list[tuple[str, int, int]], address: str | None, workers: int | None
) -> Iterator[dict[str, Any]]:
    """The games as Ray tasks, on the cluster at `address` or on a Ray started here (with `workers` CPUs,
    default all). Each task plays a few games; the records come as tasks finish."""
    try:
        import ray
    except ImportError:
        raise RayMissing(f"the ray backend needs Ray: {RAY_INSTALL}") from None
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
        }
        try:
            if address:
                ray.init(address=address, **options)
            else:
                ray.init(num_cpus=workers, **options)
        except Exception as err:  # (Ray's own errors are of many kinds; each is a failed start here)
            first = str(err).splitlines()[0] if str(err) else type(err).__name__
            where = f"join the Ray cluster at {address}" if address else "start Ray here"
            raise RayUnreachable(f"cannot {where}: {first}") from None
    try:
        remote = ray.remote(play_chunk)
        plan_ref = ray.put(plan)
        pending = [remote.remote(plan_ref, chunk) for chunk in _chunks(jobs, CHUNK)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
