"""The figures of the game as a value (issue 18): what copying a game at a decision costs, and how many
playouts the search policy makes per CPU-second now that they run on copies (runtime/search.py).

Both are measured in a fresh process (`probe.py`'s kinds `copies` and `search`), in CPU time.

- copies: solo-v2 games against the normal AI, the person's side played by the cautious policy, the game
  keeping its records; at every `every`-th of the person's decisions from the Mid War on (turn 4: a
  mid-game state, larger than the start's) the engine is copied `repeats` times (`Engine.clone`: its
  state, its place in the rules' procedures, its dice and its trace) and the CPU time of one copy is the
  mean of those; the figure is the median (and p90) over the decisions.
- search: solo-v2 games against the normal AI, the person's side played by the search policy at its
  default budget (`SearchPlayer(seed)`: 16 playouts per decision, horizon 3), until `decisions` searched
  decisions; the playouts made over the CPU time of the whole process (the games included, and any child
  process reaped: there is none now) are `playouts_per_cpu_second`.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from twilight.cli.bench.levels import default_level
from twilight.cli.bench.probing import cpu_seconds
from twilight.runtime.core import registry
from twilight.runtime.core.sides import US

# The copies timed are of the game from its Mid War on (turn 4): the middle of the game, where its state
# and trace are larger than at the start.
MID_WAR = 4


def _percentile(values: list[float], p: int) -> float:
    ordered = sorted(values)
    rank = max(1, -(-p * len(ordered) // 100))
    return ordered[rank - 1]


class _Copying:
    """The person's side: the cautious policy, and at every `every`-th decision, copies timed."""

    def __init__(self, inner: Any, every: int, repeats: int, timings: list[float]) -> None:
        self.inner = inner
        self.every = every
        self.repeats = repeats
        self.timings = timings
        self.asked = 0
        self.engine: Any = None

    def decide(self, decision: Any) -> Any:
        self.asked += 1
        engine = self.engine
        if self.asked % self.every == 0 and engine.state.turn >= MID_WAR:
            started = time.process_time()
            for _ in range(self.repeats):
                engine.clone()
            self.timings.append((time.process_time() - started) / self.repeats)
        return self.inner.decide(decision)


def probe_copies(args: dict[str, Any]) -> dict[str, Any]:
    from twilight.cli.bench.probing import load_ir
    from twilight.common.cachedir import cache_dir
    from twilight.runtime.core.decisions import CautiousPlayer
    from twilight.runtime.game import build_program, new_game

    ir = load_ir("solo-v2")
    program = build_program(ir, code_cache=cache_dir())
    timings: list[float] = []
    turns: list[int] = []
    for seed in range(1, args["games"] + 1):
        policy = CautiousPlayer(seed)
        person = _Copying(policy, args["every"], args["repeats"], timings)
        engine = new_game(ir, {US: person}, seed=seed, program=program)
        policy.engine = person.engine = engine
        engine.run()
        turns.append(engine.state.turn)
    return {"engine_s": timings, "turns": turns}


def probe_search(args: dict[str, Any]) -> dict[str, Any]:
    from twilight.cli.bench.probing import load_ir
    from twilight.common.cachedir import cache_dir
    from twilight.runtime.game import build_program, new_game
    from twilight.runtime.players.search import DEFAULT_HORIZON, DEFAULT_PLAYOUTS, SearchPlayer

    ir = load_ir("solo-v2")
    program = build_program(ir, code_cache=cache_dir())  # (as `twilight play` builds it)
    # (its native evaluation in place before the clock starts, as it is after a game's first decisions:
    # the search asks for it, runtime/backend/native)
    program.use_native(wait=True)
    wanted = args["decisions"]

    class Enough(Exception):
        pass

    searched = 0
    playouts = 0
    started = cpu_seconds()

    class Counting:
        """The search's answers, counting the decisions it searched (made playouts for)."""

        def __init__(self, player: SearchPlayer) -> None:
            self.player = player

        def decide(self, decision: Any) -> Any:
            nonlocal searched
            if searched >= wanted:
                raise Enough
            before = self.player.playouts_run
            answer = self.player.decide(decision)
            searched += self.player.playouts_run > before
            return answer

    for seed in range(1, 1000):
        player = SearchPlayer(seed)
        engine = new_game(ir, {US: Counting(player)}, seed=seed, program=program)
        player.engine = engine
        try:
            engine.run()
        except Enough:
            playouts += player.playouts_run
            break
        playouts += player.playouts_run
    cpu = cpu_seconds() - started
    return {
        "decisions": searched,
        "playouts": playouts,
        "cpu_s": cpu,
        "playouts_per_decision": DEFAULT_PLAYOUTS,
        "horizon": DEFAULT_HORIZON,
    }


def measure_copies(sizes: dict[str, int], say: Any) -> dict[str, Any]:
    from twilight.cli.bench.measuring import run_probe

    say(f"copies of a game at a decision: {sizes['games']} solo-v2 games")
    got = run_probe("copies", sizes)
    out: dict[str, Any] = {"ruleset": "solo-v2", "turn_reached_median": statistics.median(got["turns"])}
    micro = [t * 1e6 for t in got["engine_s"]]
    out["engine"] = {
        "count": len(micro),
        "cpu_us_median": round(statistics.median(micro), 1) if micro else None,
        "cpu_us_p90": round(_percentile(micro, 90), 1) if micro else None,
    }
    return out


def measure_search(decisions: int, say: Any) -> dict[str, Any]:
    from twilight.cli.bench.measuring import run_probe

    say(f"the search policy's playouts: {decisions} searched decisions of solo-v2")
    got = run_probe("search", {"decisions": decisions})
    return {
        "ruleset": "solo-v2",
        registry.LEVEL.name: default_level(),
        "decisions": got["decisions"],
        "playouts": got["playouts"],
        "cpu_s": round(got["cpu_s"], 2),
        "playouts_per_cpu_second": round(got["playouts"] / got["cpu_s"], 1) if got["cpu_s"] else None,
        "playouts_per_decision": got["playouts_per_decision"],
        "horizon": got["horizon"],
    }
