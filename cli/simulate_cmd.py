"""`twilight simulate`: headless games between two random players, for robustness and statistics.

Game i of a run with seed S has its own seed, derived from S and i alone (`game_seed`), so a run's
results do not depend on how many processes play it: the dice use the game seed g, the US player
`RandomPlayer(2g + 1)` and the USSR player `RandomPlayer(2g + 2)` (`game_players`).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import itertools
import json
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

import click
from twilight.cli.number_arg import whole_number_option
from twilight.cli.output_file import NamedPath
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.ruleset_target import compile_ruleset
from twilight.cli.session.saves import TraceFile
from twilight.cli.settings_arg import read_settings
from twilight.cli.step_limits import step_limit_options, step_limits
from twilight.compiler.diagnostics import Severity, render
from twilight.runtime.core import registry
from twilight.runtime.core.sides import SIDES, US, USSR, opponent

MAX_DECISIONS = 50_000  # a game that asks more than this is reported as not ending
WINNERS = (US, USSR, "draw")


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with `seed`: a 48-bit hash of both (exact in JSON)."""
    digest = hashlib.sha256(f"twilight simulate {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


PLAYER_KINDS = ("random", "cautious")
HUMAN_POLICIES = ("random", "greedy", "cautious")
# The policies simulate (and balance) can put on the human side: the demo's, and the search
# (runtime/search.py), too slow to watch.
SIMULATE_POLICIES = (*HUMAN_POLICIES, "search")


def side_policies(players: str) -> dict[str, str]:
    """`--players`: one kind for both sides (`greedy`), or each side's own (`us=search,ussr=greedy`)."""
    if "=" not in players:
        return {US: players, USSR: players}
    kinds = {US: "random", USSR: "random"}
    for part in players.split(","):
        side, _, kind = part.partition("=")
        kinds[side.strip()] = kind.strip()
    return kinds


def _player(kind: str, seed: int) -> Any:
    from twilight.runtime.core.decisions import CautiousPlayer, GreedyPlayer, RandomPlayer

    if kind == "search":
        from twilight.runtime.players.search import SearchPlayer

        budget = dict(_WORKER.get("search") or {})  # the --playouts / --budget-ms ... of the run
        return SearchPlayer(seed, **budget)
    return {"cautious": CautiousPlayer, "greedy": GreedyPlayer}.get(kind, RandomPlayer)(seed)


def game_players(seed: int, kind: str = "random", ai_side: str | None = None) -> dict[str, Any]:
    """Both players of game `seed`: `kind` players (or each side's own kind, `us=search,ussr=greedy`),
    except the ruleset's AI side (if it has one), which the ruleset's own AI plays (`RulesAIPlayer`)."""
    from twilight.runtime.core.decisions import GreedyPlayer
    from twilight.runtime.solo.ai import RulesAIPlayer

    kinds = side_policies(kind)
    players: dict[str, Any] = {
        US: _player(kinds[US], seed * 2 + 1),
        USSR: _player(kinds[USSR], seed * 2 + 2),
    }
    if ai_side is not None:
        players[ai_side] = RulesAIPlayer()
    for side, player in players.items():
        other = opponent(side)
        if hasattr(player, "opponents") and other != ai_side:
            # A search's playouts play an opponent other than the AI (whose rules are public) by the
            # greedy heuristic: never the real opponent's own policy or its random state.
            player.opponents[other] = GreedyPlayer(seed * 2 + 3)
    return players


class _Counted:
    """Passes decisions to a player; stops a game that never ends."""

    def __init__(self, inner: Any, count: list[int]) -> None:
        self.inner = inner
        self.count = count

    def decide(self, decision: Any) -> Any:
        self.count[0] += 1
        if self.count[0] > MAX_DECISIONS:
            raise RuntimeError(f"the game did not end after {MAX_DECISIONS} decisions")
        return self.inner.decide(decision)


# ---------------------------------------------------------------------- one game (in a worker)
_WORKER: dict[str, Any] = {}


class GameObserver(Protocol):
    """What `twilight bench` (to time the games `play_game` plays) and the balance lab (to keep where a
    game's VP came from) put in `_WORKER["observer"]`."""

    def players(self, chosen: dict[str, Any]) -> dict[str, Any]:
        """The players that answer the engine (the chosen ones, or wrappers around them)."""
        ...

    def started(self, engine: Any) -> None:
        """Called once the engine is built, before the game runs."""
        ...

    def finished(self, engine: Any) -> None:
        """Called after a game that ended without error."""
        ...


def _init_worker(
    ir: dict[str, Any],
    trace_dir: str | None,
    ignore_sigint: bool,
    settings: dict[str, Any] | None = None,
    players: str = "random",
    limits: dict[str, int] | None = None,
    search: dict[str, Any] | None = None,
) -> None:
    from twilight.runtime.game import build_program

    if ignore_sigint:  # the parent handles Ctrl-C and ends the pool; no traceback from each worker
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _WORKER.get("ir") is not ir or "program" not in _WORKER:
        # (A worker forked from a parent that prepared the same IR inherits its compiled program.)
        from twilight.common.cachedir import cache_dir

        _WORKER["program"] = build_program(ir, code_cache=cache_dir())
    _WORKER["ir"] = ir
    _WORKER["trace_dir"] = trace_dir
    _WORKER["settings"] = dict(settings or {})
    _WORKER["players"] = players
    _WORKER["limits"] = dict(limits or {})  # the step limits (Engine's step_limit, game_step_limit)
    _WORKER["search"] = dict(search or {})  # the search policy's budget (SearchPlayer's keywords)
    from twilight.runtime.solo.ai import ai_side_of

    _WORKER[registry.AI_SIDE.name] = ai_side_of(ir, settings)
    # What the worker keeps for all its games (the ruleset and its compiled program, tens of thousands of
    # objects) is frozen out of the garbage collector's way (gc.freeze, once the garbage of the start is
    # collected): its full collections then walk only what the games make. Callgrind, 10 solo-v2 games:
    # 3.6% fewer instructions. The young generations only: the collections made while the ruleset loaded
    # or compiled have found its cycles (a full collection here found none, with the IR cached or
    # compiled in this process, and took 5 ms, or 45 ms after a compile, walking all of it).
    gc.collect(1)
    gc.freeze()


def play_game(job: tuple[int, int]) -> dict[str, Any]:
    """Play game `index` with `seed`; a record of how it ended, or of the error that stopped it."""
    from twilight.runtime.core.engine import Engine, StepLimitExceeded
    from twilight.runtime.core.firings import as_record
    from twilight.runtime.core.invariants import CheckedEngine, InvariantViolation, check_finished

    index, seed = job
    record: dict[str, Any] = {"game": index, "seed": seed}
    count = [0]
    chosen = game_players(seed, _WORKER["players"], _WORKER[registry.AI_SIDE.name])
    observer: GameObserver | None = _WORKER.get("observer")
    playing = observer.players(chosen) if observer is not None else chosen
    players = {side: _Counted(p, count) for side, p in playing.items()}
    trace_dir: str | None = _WORKER["trace_dir"]
    trace: TraceFile | None = None
    engine: Engine | None = None
    try:
        if trace_dir is not None:
            # never through a symbolic link, whole lines per write (as `play` writes its trace)
            trace = TraceFile(Path(trace_dir) / f"game-{index:05d}.jsonl")
        engine = CheckedEngine(
            _WORKER["ir"],
            players,
            seed=seed,
            settings=_WORKER["settings"],
            trace_to=trace,
            program=_WORKER["program"],
            every_event=False,
            **_WORKER.get("limits", {}),
        )
        # Only a player that looks ahead in copies of the game (the search) needs it to keep its place in
        # the rules as records (Engine.track): the others play a tenth faster without.
        engine.track = engine.track_after = any(getattr(p, "copies_game", False) for p in chosen.values())
        for player in chosen.values():
            if hasattr(player, "engine"):
                player.engine = engine  # the AI, cautious and greedy players read the game state
        if _WORKER.get("count_firings"):  # (the balance lab comparing two rulesets: runtime/firings.py)
            engine.firings = Counter()
        if observer is not None:
            observer.started(engine)
        state = engine.run()
        check_finished(engine)
        if observer is not None:
            observer.finished(engine)
        record.update(_outcome(engine, state))
        if engine.firings is not None:
            record["firings"] = as_record(engine.firings)
        searched = sum(getattr(p, "playouts_run", 0) for p in chosen.values())
        if searched:
            record["playouts"] = searched  # the search policy's cost
    except InvariantViolation as err:
        record.update(
            error=f"invariant violated: {err}"[:500], invariant=True, **_stopped_at(engine, count[0])
        )
    except StepLimitExceeded as err:  # a rule that never ends: its file, line and loop or call
        record.update(error=str(err)[:500], **_stopped_at(engine, count[0]))
    except Exception as err:  # a crash is a result: reported with its seed, never as a traceback
        message = str(err).splitlines()[0] if str(err) else ""
        record.update(error=f"{err.__class__.__name__}: {message}"[:500], **_stopped_at(engine, count[0]))
    finally:
        if trace is not None:
            trace.close()
        if engine is not None:
            # The engine lets go of its players, who hold it (the AI reads the game through it): the
            # game, its look-ahead copies with it, is freed as it ends, not by the garbage collector's
            # next full pass (callgrind, 10 solo-v2 games: 0.5% fewer instructions; memory flat at any
            # number of games, even with the collector off).
            engine.players = {}
    return record


def _outcome(engine: Any, state: Any) -> dict[str, Any]:
    """How a finished game ended: who won, how, when, the VP, its size and digest, the victory rating."""
    out: dict[str, Any] = {
        "winner": state.winner,
        "reason": state.end_reason,
        "turn": state.turn,
        "vp": state.vp,
        "decisions": len(engine.answers),
        "events": len(engine.events),
        "digest": state.digest(),
    }
    if engine.rating is not None:
        out["rating"] = engine.rating
    return out


def _stopped_at(engine: Any, decisions: int) -> dict[str, Any]:
    """Where a game that failed stopped (nothing when it failed before it began)."""
    if engine is None:
        return {}
    return {"turn": engine.state.turn, "round": engine.state.action_round, "decisions": decisions}


@contextlib.contextmanager
def _played(
    ir: dict[str, Any],
    jobs_list: list[tuple[int, int]],
    jobs: int,
    trace_dir: str | None,
    settings: dict[str, Any] | None = None,
    players: str = "random",
    limits: dict[str, int] | None = None,
    search: dict[str, Any] | None = None,
) -> Iterator[Iterator[dict[str, Any]]]:
    """The records, in the order games finish. The worker processes start here, before the progress
    bar's thread does (no fork while another thread runs)."""
    if jobs == 1 or len(jobs_list) <= 1:
        _init_worker(
            ir,
            trace_dir,
            ignore_sigint=False,
            settings=settings,
            players=players,
            limits=limits,
            search=search,
        )
        yield (play_game(job) for job in jobs_list)
        return
    # Small chunks keep both workers busy to the end (a game costs far more than handing it over).
    chunk = max(1, min(8, len(jobs_list) // (jobs * 64)))
    # Compile the program once here: workers forked from this process start with it. Frozen out of the
    # collector, its objects are neither walked by each worker's collections nor copied into the worker
    # by them (copy-on-write).
    _init_worker(ir, trace_dir, False, settings, players, limits, search)
    gc.freeze()
    try:
        with pool_context().Pool(
            jobs, initializer=_init_worker, initargs=(ir, trace_dir, True, settings, players, limits, search)
        ) as pool:
            yield pool.imap_unordered(play_game, jobs_list, chunksize=chunk)
    finally:
        gc.unfreeze()  # this process goes on (a test, say): what it frees from now on is collected


def pool_context() -> Any:
    """Where the workers of a local pool start: forked from this process, they share what it has built
    (the program compiled once). (A search plays its playouts on copies of the game in the worker itself,
    `Engine.clone`: nothing is forked for them.)"""
    return multiprocessing.get_context("fork")


# ---------------------------------------------------------------------- the summary
def _stats(values: list[int]) -> dict[str, Any]:
    if not values:
        return {"mean": None, "min": None, "max": None}
    return {"mean": round(sum(values) / len(values), 3), "min": min(values), "max": max(values)}


def summarize(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything about a run that depends only on its games (no timings)."""
    done = [r for r in records if "error" not in r]
    winners = Counter(r["winner"] for r in done)
    reasons = Counter(r["reason"] for r in done)
    turns = Counter(r["turn"] for r in done)
    return {
        "games": len(records),
        "completed": len(done),
        "errors": len(records) - len(done),
        "invariant_violations": sum(1 for r in records if r.get("invariant")),
        "winners": {w: winners.get(w, 0) for w in WINNERS},
        "end_reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], str(kv[0])))),
        "turns_reached": {str(t): turns[t] for t in sorted(turns)},
        "final_vp": _stats([r["vp"] for r in done]),
        "ratings": dict(sorted(Counter(r["rating"] for r in done if "rating" in r).items())),
        "decisions_per_game": _stats([r["decisions"] for r in done]),
    }


def _share(n: int, total: int) -> str:
    return f"{n} ({100 * n / total:.1f}%)" if total else str(n)


def _print_text(summary: dict[str, Any], records: list[dict[str, Any]]) -> None:
    done = summary["completed"]
    games = f"{summary['games']} game{'s' * (summary['games'] != 1)}"
    click.echo(
        f"{summary['ruleset']}: {games} (seed {summary['seed']}, "
        f"{summary['jobs']} job{'s' * (summary['jobs'] != 1)}) in {summary['seconds']:.1f} s, "
        f"{summary['games_per_second']:.2f} games/s"
    )
    click.echo(
        "winners:        " + "  ".join(f"{w} {_share(n, done)}" for w, n in summary["winners"].items())
    )
    reasons = ", ".join(f"{r} {_share(n, done)}" for r, n in summary["end_reasons"].items())
    click.echo(f"end reasons:    {reasons or '-'}")
    turns = "  ".join(f"{t}: {n}" for t, n in summary["turns_reached"].items())
    click.echo(f"turns reached:  {turns or '-'}")
    for label, key in (("final VP", "final_vp"), ("decisions/game", "decisions_per_game")):
        s = summary[key]
        if s["mean"] is not None:
            click.echo(f"{label + ':':<16}mean {s['mean']:.2f}, min {s['min']}, max {s['max']}")
    click.echo(
        f"errors:         {summary['errors']} (invariant violations: {summary['invariant_violations']})"
    )
    kinds = side_policies(summary["players"])
    if summary.get(registry.AI_SIDE.name):
        ai = summary[registry.AI_SIDE.name]
        human = kinds[opponent(ai)]
        click.echo(f"AI ({ai}) against the {human} policy: wins {_share(summary['winners'][ai], done)}")
    elif kinds[US] != kinds[USSR]:
        click.echo("players:        " + ", ".join(f"{side} {kinds[side]}" for side in SIDES))
    if summary.get("ratings"):
        click.echo("ratings:        " + "  ".join(f"{k} {n}" for k, n in summary["ratings"].items()))
    failed = [r for r in records if "error" in r]
    for r in failed[:20]:
        where = f", turn {r['turn']} round {r['round']}" if "turn" in r else ""
        click.echo(f"  game {r['game']} (seed {r['seed']}{where}): {r['error']}")
    if len(failed) > 20:
        click.echo(f"  ... and {len(failed) - 20} more (--json lists them all)")


def progress(records: Iterable[dict[str, Any]], total: int, show: bool) -> Iterator[dict[str, Any]]:
    """The game records as they come; on a terminal, a bar with the games done, games/s and the time left.
    The first record is taken before the bar starts (the local workers fork before its thread runs)."""
    records = iter(records)
    first = next(records, None)
    if first is None:
        return
    if not show:
        yield first
        yield from records
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[errors]} errors"),
    )
    started = time.perf_counter()
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total, errors=0, rate="-")
        errors = 0
        for done, record in enumerate(itertools.chain((first,), records), start=1):
            errors += "error" in record
            rate = done / max(1e-9, time.perf_counter() - started)
            bar.update(task, advance=1, errors=errors, rate=f"{rate:.2f}")
            yield record


# ---------------------------------------------------------------------- the command
# A run's size, bounded: a million games is weeks of CPU; more processes than this many per core only
# share the cores (a thousand of them would each hold a copy of the ruleset).
GAMES_LIMIT = 1_000_000
JOBS_LIMIT = 8 * (os.cpu_count() or 1)

# The search's budget per decision, bounded: past these a single decision would take hours (a playout
# costs about 2 ms; a game has a few hundred decisions).
PLAYOUTS_LIMIT = 100_000
BUDGET_MS_LIMIT = 600_000.0  # ten minutes
HORIZON_LIMIT = 100  # action rounds: more than any game has
MAX_CANDIDATES_LIMIT = 1_000


def _finite(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """A number of milliseconds, not `nan` (which every range lets through)."""
    if value is not None and value != value:
        raise click.BadParameter("not a number", ctx=ctx, param=param)
    return value


def search_budget_options(command: Any) -> Any:
    """`--playouts`, `--budget-ms`, `--horizon` and `--max-candidates`: the search policy's budget per
    decision (simulate, balance)."""
    command = click.option(
        "--max-candidates",
        type=click.IntRange(min=2, max=MAX_CANDIDATES_LIMIT),
        default=None,
        help="Search policy: the most answers a question may have to be searched; one with more is "
        "answered by the greedy heuristic (default 16).",
    )(command)
    command = click.option(
        "--horizon",
        type=click.IntRange(min=1, max=HORIZON_LIMIT),
        default=None,
        help="Search policy: action rounds each playout plays before its position is scored (default 3).",
    )(command)
    command = click.option(
        "--budget-ms",
        type=click.FloatRange(min=1, max=BUDGET_MS_LIMIT),
        callback=_finite,
        default=None,
        help="Search policy: milliseconds per decision instead of a number of playouts (NOT "
        "reproducible: how many playouts fit depends on the machine's load).",
    )(command)
    return click.option(
        "--playouts",
        type=click.IntRange(min=1, max=PLAYOUTS_LIMIT),
        default=None,
        help="Search policy: playouts per decision, shared among its answers (default 16; reproducible).",
    )(command)


def search_budget(
    playouts: int | None,
    budget_ms: float | None,
    horizon: int | None = None,
    max_candidates: int | None = None,
) -> dict[str, Any]:
    """SearchPlayer's keywords for the options given."""
    if playouts is not None and budget_ms is not None:
        raise click.UsageError("give --playouts or --budget-ms, not both")
    budget: dict[str, Any] = {}
    if playouts is not None:
        budget["playouts"] = playouts
    if budget_ms is not None:
        budget["budget_ms"] = budget_ms
    if horizon is not None:
        budget["horizon"] = horizon
    if max_candidates is not None:
        budget["max_candidates"] = max_candidates
    return budget


def refuse_idle_budget(search: dict[str, Any], searching: bool, who: str) -> None:
    """A search budget given where no side plays by search would change nothing: said, not ignored."""
    if search and not searching:
        given = ", ".join(f"--{key.replace('_', '-')}" for key in search)
        raise click.UsageError(f"{given}: the search policy's budget, but no side plays by search ({who})")


def _check_players(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """`--players KIND` or `--players us=KIND,ussr=KIND`, each KIND one of SIMULATE_POLICIES; the
    per-side form comes back with the US first."""
    if "=" in value:
        given: set[str] = set()
        for part in value.split(","):
            side, eq, _ = part.partition("=")
            if not eq or side.strip() not in SIDES:
                raise click.BadParameter(
                    f"{part.strip()!r}: write SIDE=KIND with SIDE us or ussr (us=search,ussr=greedy)"
                )
            if side.strip() in given:  # (once the last won without a word)
                raise click.BadParameter(
                    f"{side.strip()} is given twice: write each side once (us=search,ussr=greedy)"
                )
            given.add(side.strip())
    kinds = side_policies(value)
    for kind in kinds.values():
        if kind not in SIMULATE_POLICIES:
            raise click.BadParameter(f"{kind!r} is not a policy (choose from {', '.join(SIMULATE_POLICIES)})")
    return ",".join(f"{side}={kind}" for side, kind in kinds.items()) if "=" in value else value


@click.command()
@click.option("--ruleset", default="standard", show_default=True, help="Ruleset name or folder.")
@rules_path_option(FOUND_TOO)
@click.option(
    "--games",
    type=click.IntRange(min=1, max=GAMES_LIMIT),
    default=100,
    show_default=True,
    help="How many games.",
)
@click.option(
    "--seed",
    default="0",
    callback=whole_number_option(2**64),
    show_default=True,
    help="Seed of the run; game i's seed derives from it.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1, max=JOBS_LIMIT),
    default=1,
    show_default=True,
    help="Processes to play the games in.",
)
@click.option(
    "--players",
    default="random",
    show_default=True,
    metavar="KIND | us=KIND,ussr=KIND",
    callback=_check_players,
    help="Who plays both sides, or each side: random: uniform over legal answers; greedy: the card with "
    "most operations, influence where it scores most; cautious: random, but no coup at DEFCON 2 when "
    "anything else is open (games last longer and reach the Late War); search: see --human-policy. "
    "E.g. us=search,ussr=greedy.",
)
@click.option(
    "--human-policy",
    type=click.Choice(SIMULATE_POLICIES),
    default=None,
    help="Solo rulesets: who plays the human side against the AI. random: uniform; greedy: its card "
    "with most operations, influence where the Primary region's score gains most; cautious: see "
    "--players; search: tries each answer in playouts of the game with the hidden cards dealt anew "
    "(--playouts, --budget-ms).",
)
@search_budget_options
@click.option(
    "--set",
    "assignments",
    multiple=True,
    metavar="NAME=VALUE",
    help="Choose a setting of the ruleset for every game (repeatable), e.g. --set optional_cards=true.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the summary and every game.")
@click.option(
    "--trace-dir",
    type=NamedPath(file_okay=False, writable=True, left_out="to write no traces"),
    default=None,
    help="Write each game's trace (JSON lines) to DIR/game-NNNNN.jsonl.",
)
@step_limit_options
def simulate(
    ruleset: str,
    rules_paths: tuple[str, ...],
    games: int,
    seed: int,
    jobs: int,
    players: str,
    human_policy: str | None,
    assignments: tuple[str, ...],
    as_json: bool,
    trace_dir: str | None,
    step_limit: int | None,
    game_step_limit: int | None,
    playouts: int | None,
    budget_ms: float | None,
    horizon: int | None,
    max_candidates: int | None,
) -> None:
    """Play headless games with random players on both sides, and summarize them.

    The game's invariants (influence, DEFCON, VP, cards each in one place...) are checked at every action
    round and turn boundary; a violation counts as an error.

    Results depend only on the ruleset, --seed and --games, not on --jobs. A game that fails is reported
    with its seed and error, and makes the exit status 1.
    """
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    result = compile_ruleset(ruleset, rules_paths)
    if result.ir is None or not result.ok:
        for d in result.diagnostics:
            if d.severity is Severity.ERROR:
                click.echo(render(d, result.sources), err=True)
        click.echo(f"{ruleset}: does not compile; no games played", err=True)
        sys.exit(1)
    settings = read_settings(result.ir, assignments)
    from twilight.runtime.solo.ai import ai_side_of

    ai_side = ai_side_of(result.ir, settings)
    if human_policy is not None:
        if ai_side is None:
            raise click.BadParameter(
                f"{ruleset} has no AI opponent; use --players", param_hint="--human-policy"
            )
        players = human_policy
    search = search_budget(playouts, budget_ms, horizon, max_candidates)
    searching = "search" in side_policies(players).values()
    refuse_idle_budget(search, searching, "--players search, or --human-policy search against an AI")
    if trace_dir is not None:
        try:
            Path(trace_dir).mkdir(parents=True, exist_ok=True)
            # (a folder the permission bits call writable may take no file: /proc; told once, here, not
            # as every game's error)
            with tempfile.TemporaryFile(dir=trace_dir):
                pass
        except OSError as err:
            click.echo(f"error: cannot write traces in {trace_dir}: {err.strerror or err}", err=True)
            sys.exit(1)
    jobs_list = [(i, game_seed(seed, i)) for i in range(games)]
    show_bar = not as_json and sys.stderr.isatty()
    started = time.perf_counter()
    limits = step_limits(step_limit, game_step_limit)
    with _played(result.ir, jobs_list, jobs, trace_dir, settings, players, limits, search) as played:
        records = sorted(progress(played, games, show_bar), key=lambda r: int(r["game"]))
    seconds = time.perf_counter() - started
    summary = {
        "ruleset": result.ir["ruleset"]["name"],
        "seed": seed,
        "jobs": jobs,
        "settings": settings,
        "players": players,
        registry.AI_SIDE.name: ai_side,
        **summarize(records),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
    }
    if as_json:
        click.echo(json.dumps({**summary, "records": records}, ensure_ascii=False))
    else:
        _print_text(summary, records)
    sys.exit(1 if summary["errors"] else 0)
