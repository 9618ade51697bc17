"""How long `hint` in `twilight play` takes (cli/session/hint.py): solo-v2 games against the normal AI, the
person's side played by the greedy heuristic, and at each of its questions the search weighs (one answer
among 2 to the hint's most), the hint's lines worked out as the play session does it, until `hints` are
timed. A hint's wall time is from asking to having its lines; its CPU time is this process's (the
playouts run in it, on copies of the game), with any child process's counted too, should one be reaped."""

from __future__ import annotations

import time
from typing import Any

from twilight.cli.bench.levels import default_level
from twilight.cli.bench.probing import cpu_seconds
from twilight.runtime.core import registry
from twilight.runtime.core.sides import US

SEEDS = range(1, 1000)  # games one after the other until the hints are counted


class _Enough(Exception):
    """Every hint has been timed: the game stops."""


class _HintingPlayer:
    """The person's side: a hint at each question the search weighs, then the greedy answer."""

    def __init__(self, session: Any, hints: int, seed: int, wall: list[float], cpu: list[float]) -> None:
        from twilight.runtime.core.decisions import GreedyPlayer

        self.session = session
        self.hints = hints
        self.greedy = GreedyPlayer(seed)
        self.wall, self.cpu = wall, cpu
        self.playouts: list[int] = []

    def decide(self, decision: Any) -> Any:
        from twilight.cli.session.hint import MAX_CANDIDATES, hint_lines

        self.greedy.engine = self.session.engine
        if decision.single and 2 <= len(decision.options) <= MAX_CANDIDATES:
            if len(self.wall) >= self.hints:
                raise _Enough
            cpu, wall = cpu_seconds(), time.perf_counter()
            lines = hint_lines(self.session, decision)
            self.wall.append(time.perf_counter() - wall)
            self.cpu.append(cpu_seconds() - cpu)
            if not lines:
                raise RuntimeError("the hint said nothing")
        return self.greedy.decide(decision)


def hint_seconds(hints: int) -> tuple[list[float], list[float]]:
    """The wall and CPU seconds of `hints` hints, in order."""
    from twilight.cli.session.game import GameSession
    from twilight.cli.session.text import PlayText
    from twilight.compiler import api
    from twilight.runtime.game import new_engine, seat_players

    ir = api.compile_target("solo-v2").ir
    assert ir is not None
    text = PlayText("solo-v2", "en", ir)
    wall: list[float] = []
    cpu: list[float] = []
    for seed in SEEDS:
        engine = new_engine(ir, seed=seed)
        session = GameSession(engine, text, {"humans": [US]})
        person = _HintingPlayer(session, hints, seed, wall, cpu)
        seat_players(engine, {US: person})
        try:
            engine.run()
        except _Enough:
            break
    return wall, cpu


def measure_hint(hints: int, say: Any) -> dict[str, Any]:
    """The `hint` figures of `twilight bench`: a hint's wall and CPU time, median and p99."""
    from twilight.cli.bench.measuring import ms_stats

    say(f"twilight play's hint: {hints} hints")
    wall, cpu = hint_seconds(hints)
    walls = ms_stats(wall, ("median", "p99", "max"))
    cpus = ms_stats(cpu, ("median", "p99"))
    return {
        "ruleset": "solo-v2",
        registry.LEVEL.name: default_level(),
        "count": walls["count"],
        **{f"wall_{k}": v for k, v in walls.items() if k != "count"},
        **{f"cpu_{k}": v for k, v in cpus.items() if k != "count"},
    }
