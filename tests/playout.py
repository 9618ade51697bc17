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
from twilight.runtime.decisions import Decision, Player, RandomPlayer, ScriptedPlayer
from twilight.runtime.engine import Engine
from twilight.runtime.program import Program
from twilight.runtime.state import SIDES


@functools.cache
def standard_ir() -> dict[str, Any]:
    result = compile_target("standard")
    assert result.ir is not None, "the standard ruleset does not compile"
    ir: dict[str, Any] = result.ir
    return ir


@functools.cache
def standard_program() -> Program:
    from twilight.runtime.primitives import IMPLEMENTATIONS

    return Program(standard_ir(), IMPLEMENTATIONS)


def random_players(seed: int) -> dict[str, Player]:
    """The two random players of game `seed` (their generators differ from the dice's)."""
    return {"us": RandomPlayer(seed * 2 + 1), "ussr": RandomPlayer(seed * 2 + 2)}


def scripted_players(answers: list[list[Any]]) -> dict[str, Player]:
    """Players that give back a recorded game's answers, side by side."""
    return {side: ScriptedPlayer([a for s, a in answers if s == side]) for side in SIDES}


class CautiousPlayer(RandomPlayer):
    """Uniform like `RandomPlayer`, except that at DEFCON 2 or 1 it never picks a coup when something
    else is open: uniform players start a nuclear war within a few turns, and these reach the Mid and
    Late War (and final scoring) in most games."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.engine: Engine | None = None

    def decide(self, decision: Decision) -> Any:
        if decision.single and self.engine is not None and self.engine.state.defcon <= 2:
            safe = [o for o in decision.options if o != "coup"]
            if safe:
                return self.rng.choice(safe)
        return super().decide(decision)


def cautious_players(seed: int) -> dict[str, Player]:
    return {"us": CautiousPlayer(seed * 2 + 1), "ussr": CautiousPlayer(seed * 2 + 2)}


class InvariantViolation(AssertionError):
    pass


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


class CheckingPlayer:
    """Checks the engine's invariants before each answer (the state a decision is made in)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.engine: CheckedEngine | None = None

    def decide(self, decision: Decision) -> Any:
        assert self.engine is not None
        self.engine.check(f"decision {decision.name} of {decision.side}")
        if not decision.options:
            raise InvariantViolation(f"seed {self.engine.seed}: {decision.name} offers no options")
        return self.inner.decide(decision)


class CheckedEngine(Engine):
    """An engine that checks every invariant after each trace event and before each decision."""

    def __init__(self, ir: dict[str, Any], players: Mapping[str, Player], seed: int, **kw: Any) -> None:
        checking = {side: CheckingPlayer(p) for side, p in players.items()}
        super().__init__(ir, checking, seed=seed, **kw)
        for p in checking.values():
            p.engine = self
        self.periods: list[str] = []  # periods added to the deck so far
        self.in_play: set[str] = set()  # cards played or headlined since the last round / turn began
        self.checks = 0
        self._expected: dict[tuple[str, ...], set[str]] = {}
        self._china = [n for n, c in ir["cards"].items() if c["no_event"]]

    # every step the engine reports
    def trace(self, kind: str, **data: Any) -> None:
        super().trace(kind, **data)
        if kind == "deck_added":
            self.periods.append(str(data["period"]))
        if kind in ("action_round", "turn"):
            self.check(f"{kind} boundary", strict_cards=True)
            self.in_play.clear()
        if kind == "play":
            self.in_play.add(str(data["card"]))
        if kind in ("event", "event_prevented"):
            # an event played from another card's event (Five Year Plan, Missile Envy) leaves its zone too
            self.in_play.add(str(data["card"]))
        if kind == "headlines":
            self.in_play.update(str(c) for c in (data["us"], data["ussr"]) if c is not None)
        if kind == "headline_cancelled":
            self.in_play.add(str(data["card"]))
        self.check(f"after trace event {kind}")

    def expected_cards(self) -> set[str]:
        """The cards of every period added to the deck so far (The China Card is never among them)."""
        key = tuple(self.periods)
        if key not in self._expected:
            optional = bool(self.state.settings.get("optional_cards", False))
            self._expected[key] = {
                name
                for name, info in self.ir["cards"].items()
                if info["period"] in key and (optional or not info["optional"]) and not info["no_event"]
            }
        return self._expected[key]

    def fail(self, where: str, what: str) -> None:
        s = self.state
        raise InvariantViolation(
            f"seed {self.seed}, turn {s.turn}, round {s.action_round}, event #{len(self.events)} "
            f"({where}): {what}"
        )

    def check(self, where: str, strict_cards: bool = False) -> None:
        self.checks += 1
        s = self.state
        for country, inf in s.influence.items():
            for side in SIDES:
                if not isinstance(inf[side], int) or inf[side] < 0:
                    self.fail(where, f"influence {side} in {country} is {inf[side]!r}")
        if not (isinstance(s.defcon, int) and 1 <= s.defcon <= 5):
            self.fail(where, f"DEFCON is {s.defcon!r}")
        if not isinstance(s.vp, int) or isinstance(s.vp, bool):
            self.fail(where, f"VP is {s.vp!r}")
        if abs(s.vp) >= 20 and not s.in_final_scoring and not s.game_over and self.events[-1]["kind"] != "vp":
            self.fail(where, f"VP is {s.vp} and the game goes on")
        for side in SIDES:
            if not 0 <= s.milops[side] <= 5:
                self.fail(where, f"military operations of {side}: {s.milops[side]}")
            if not 0 <= s.space[side] <= 8:
                self.fail(where, f"space race box of {side}: {s.space[side]}")
        if not 1 <= s.turn <= 10:
            self.fail(where, f"turn {s.turn}")
        if s.china_holder not in SIDES:
            self.fail(where, f"The China Card is held by {s.china_holder!r}")
        places = s.card_locations()
        for card in self._china:
            if card in places:
                self.fail(where, f"{card} is in {places[card]}; it is only ever china_holder's")
        for card, where_ in places.items():
            if len(where_) != 1:
                self.fail(where, f"{card} is in {len(where_)} places: {where_}")
            if card not in self.ir["cards"]:
                self.fail(where, f"unknown card {card!r} in {where_}")
        expected = self.expected_cards()
        extra = set(places) - expected
        if extra:
            self.fail(where, f"cards that never joined the deck: {sorted(extra)}")
        # a headline card is out of every pile from its choice until it is resolved
        headlines = {c for c in s.headline.values() if c is not None}
        missing = expected - set(places) - headlines
        if not strict_cards:
            missing -= self.in_play
        if missing:
            self.fail(where, f"cards nowhere: {sorted(missing)}")


def play(
    seed: int,
    players: Mapping[str, Player] | None = None,
    checked: bool = True,
    trace: bool = False,
    save: dict[str, Any] | None = None,
    program: Program | None = None,
) -> tuple[Engine, str]:
    """One game of the standard rules: the finished engine and its trace text (empty unless `trace`)."""
    out = io.StringIO() if trace else None
    cls = CheckedEngine if checked else Engine
    engine = cls(
        standard_ir(),
        players if players is not None else random_players(seed),
        seed=seed,
        trace_to=out,
        program=program or standard_program(),
    )
    for p in engine.players.values():
        while not isinstance(p, CautiousPlayer) and hasattr(p, "inner"):
            p = p.inner  # through the checking and stopping wrappers
        if isinstance(p, CautiousPlayer):
            p.engine = engine
    if save is not None:
        engine.resume_from(save)
    engine.run()
    return engine, out.getvalue() if out is not None else ""


def check_finished(engine: Engine) -> None:
    """What must hold once `run()` returns."""
    s = engine.state
    where = f"seed {engine.seed}"
    assert s.game_over, f"{where}: run() returned but the game is not over (turn {s.turn})"
    assert s.winner in ("us", "ussr", "draw"), f"{where}: winner {s.winner!r}"
    assert s.end_reason, f"{where}: no end reason"
    assert 1 <= s.turn <= 10, f"{where}: ended on turn {s.turn}"
    assert engine.events[-1]["kind"] == "game_end", f"{where}: the trace does not end with game_end"
    if s.end_reason == "vp_20":
        assert abs(s.vp) >= 20, f"{where}: vp_20 with VP {s.vp}"
        assert s.winner == ("us" if s.vp > 0 else "ussr"), f"{where}: {s.winner} wins with VP {s.vp}"
    if s.end_reason == "final_scoring":
        assert s.turn == 10, f"{where}: final scoring on turn {s.turn}"
        want = "us" if s.vp > 0 else "ussr" if s.vp < 0 else "draw"
        assert s.winner == want, f"{where}: final scoring with VP {s.vp} gives {s.winner}"


def checked_playout(job: tuple[str, int]) -> dict[str, Any]:
    """One checked game (`kind` "random" or "cautious"): how it ended, or what went wrong. Runs in a
    worker process, so it returns plain data and never raises."""
    kind, seed = job
    players = cautious_players(seed) if kind == "cautious" else random_players(seed)
    out: dict[str, Any] = {"kind": kind, "seed": seed, "error": None}
    try:
        engine, _ = play(seed, players)
        check_finished(engine)
        assert isinstance(engine, CheckedEngine)
        s = engine.state
        out.update(turn=s.turn, winner=s.winner, reason=s.end_reason, checks=engine.checks)
    except Exception as err:
        out["error"] = f"{err.__class__.__name__}: {err}"
        out["traceback"] = traceback.format_exc(limit=-6)
    return out
