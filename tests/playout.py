"""Shared by the playout and save tests: seeded random games, an engine that checks the game's
invariants after every step (every trace event and every decision), and players that stop a game.

An invariant that does not hold raises `InvariantViolation` with the game's seed, the step and what is
wrong, so a failing test names the game that reproduces it.
"""

from __future__ import annotations

import functools
import io
import traceback
from collections.abc import Mapping
from typing import Any

from twilight.compiler.api import compile_target
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import CautiousPlayer, Decision, Player, RandomPlayer, ScriptedPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.invariants import CheckedEngine, check_finished
from twilight.runtime.core.invariants import InvariantViolation as InvariantViolation  # re-exported for tests
from twilight.runtime.core.state import SIDES
from twilight.runtime.game import new_engine


@functools.cache
def standard_ir() -> dict[str, Any]:
    result = compile_target("standard")
    assert result.ir is not None, "the standard ruleset does not compile"
    ir: dict[str, Any] = result.ir
    return ir


@functools.cache
def standard_program() -> Program:
    from twilight.runtime.game import IMPLEMENTATIONS

    return Program(standard_ir(), IMPLEMENTATIONS)


def random_players(seed: int) -> dict[str, Player]:
    """The two random players of game `seed` (their generators differ from the dice's)."""
    return {"us": RandomPlayer(seed * 2 + 1), "ussr": RandomPlayer(seed * 2 + 2)}


def scripted_players(answers: list[list[Any]]) -> dict[str, Player]:
    """Players that give back a recorded game's answers, side by side."""
    return {side: ScriptedPlayer([a for s, a in answers if s == side]) for side in SIDES}


def cautious_players(seed: int) -> dict[str, Player]:
    return {"us": CautiousPlayer(seed * 2 + 1), "ussr": CautiousPlayer(seed * 2 + 2)}


class Stop(Exception):
    """Raised by `StoppingPlayer` to interrupt a game at a decision point."""


class StoppingPlayer:
    """Wraps a player; raises `Stop` instead of answering once the game has seen `stop_after`
    decisions (counted over both sides, through the shared `count`)."""

    def __init__(self, inner: Player, count: list[int], stop_after: int) -> None:
        self.inner = inner
        self.count = count
        self.stop_after = stop_after

    def decide(self, decision: Decision) -> Any:
        if self.count[0] >= self.stop_after:
            raise Stop
        self.count[0] += 1
        return self.inner.decide(decision)


def stopping_players(players: Mapping[str, Player], stop_after: int) -> dict[str, Player]:
    count = [0]
    return {side: StoppingPlayer(p, count, stop_after) for side, p in players.items()}


def play(
    seed: int,
    players: Mapping[str, Player] | None = None,
    checked: bool = True,
    trace: bool = False,
    save: dict[str, Any] | None = None,
    program: Program | None = None,
    settings: Mapping[str, Any] | None = None,
    every_event: bool = True,
) -> tuple[Engine, str]:
    """One game of the standard rules: the finished engine and its trace text (empty unless `trace`).
    `every_event`: checked after each event (else at the boundaries, as `twilight simulate` checks)."""
    out = io.StringIO() if trace else None
    common: dict[str, Any] = dict(trace_to=out, program=program or standard_program(), settings=settings)
    chosen = players if players is not None else random_players(seed)
    engine: Engine
    if checked:
        engine = new_engine(
            standard_ir(), chosen, seed=seed, every_event=every_event, **common, engine_class=CheckedEngine
        )
    else:
        engine = new_engine(standard_ir(), chosen, seed=seed, **common)
    for p in engine.players.values():
        while not isinstance(p, CautiousPlayer) and hasattr(p, "inner"):
            p = p.inner  # through the checking and stopping wrappers
        if isinstance(p, CautiousPlayer):
            p.engine = engine
    if save is not None:
        engine.resume_from(save)
    engine.run()
    return engine, out.getvalue() if out is not None else ""


def checked_playout(job: tuple[str, int]) -> dict[str, Any]:
    """One checked game (`kind` "random", "cautious", or "optional": random players with the optional
    cards 104-110 in the deck): how it ended, or what went wrong. Runs in a worker process, so it
    returns plain data and never raises."""
    kind, seed = job
    players = cautious_players(seed) if kind == "cautious" else random_players(seed)
    settings = {"optional_cards": True} if kind == "optional" else None
    out: dict[str, Any] = {"kind": kind, "seed": seed, "error": None}
    try:
        engine, _ = play(seed, players, settings=settings)
        check_finished(engine)
        assert isinstance(engine, CheckedEngine)
        s = engine.state
        optional = {n for n, c in engine.ir["cards"].items() if c["optional"]}
        played = [e for e in engine.events if e["kind"] in ("play", "event") and e.get("card") in optional]
        out.update(
            turn=s.turn,
            winner=s.winner,
            reason=s.end_reason,
            checks=engine.checks,
            optional_played=len(played),
        )
    except Exception as err:
        out["error"] = f"{err.__class__.__name__}: {err}"
        out["traceback"] = traceback.format_exc(limit=-6)
    return out
