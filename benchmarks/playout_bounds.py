"""How much of the search's work could be saved by not doing it twice: the most each kind of sharing
between playouts could give, measured before anyone builds it (issue 43, docs/bench.md "What is left,
bounded").

    python benchmarks/playout_bounds.py [--decisions 100] [--json]

plays the bench's search probe (cli/bench/copies.py, `probe_search`: solo-v2 against the normal AI, the US
searched at the default budget, until `--decisions` searched decisions) four times in this process:

- **plain**, as the bench plays it: its playouts and CPU;
- **timed**: the CPU of the AI's priority lists (each outermost pick, the picks it asks inside it
  included) and of the AI's look-ahead copies (`what_if`), as shares of the run's CPU;
- **counted**: what would be found again if kept, by keys that hold all the answer could depend on:
  - each playout's final state, among the playouts of the same decision and playout number (the same
    luck: a playout that ends where another did could have been skipped, had that been known);
  - each pick of each priority list, by the whole state (less the draw pile and the discard pile: a
    key that holds less finds more, so the count stays a bound), the pick's variables and its
    candidates, against every pick before it in the run; and the CPU the picks found again took, each
    counted once (not again inside another found again), less the keys' own: what a cache of every pick
    would save, its keys free;
  - each look-ahead copy the AI asks for, by its own cache's key, found in the copy's own cache (as now)
    or only in one cache shared by every engine of the run, and the CPU of those found only there.

- **prefixed**: the CPU each playout spends, once it has taken up its answer (`Engine.resume` of the
  copy), before it first reads anything its sample decides: a die, a shuffle or a random pick of its
  dice, a card drawn from or a look at the draw pile, or a question the AI answers (from its hand, which
  the sample dealt). Up to there every sample of one answer plays the same: playing the answer once,
  before dealing, and copying it per sample could save that part, no more (less where the rules read a
  dealt hand outside the AI's questions, which is not watched: the figure is a bound). The copy's draw
  pile is watched through a list of its own kind put in its place, which the rules' frames at the
  decision could hold the old one of: the playouts' count, checked as for the others, says whether the
  search was changed.

The four runs must make the same number of playouts (the counting and timing change nothing the search
does): otherwise the script says so and exits 1. What the figures bound is said in docs/bench.md.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any
from unittest.mock import patch

from twilight.cli.bench import copies
from twilight.cli.bench.probing import cpu_seconds
from twilight.runtime.backend import priorities
from twilight.runtime.core.engine import Engine
from twilight.runtime.players import search
from twilight.runtime.solo import lookahead
from twilight.runtime.solo.ai import RulesAIPlayer

# A state's fields left out of a pick's key: with less in it, a key finds more, so the count is a bound
UNREAD_BY_PICKS = ("draw_pile", "discard")


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _state_key(state: Any, leave_out: tuple[str, ...] = ()) -> str:
    fields = asdict(state)
    for name in leave_out:
        fields.pop(name, None)
    return _digest(fields)


def plain(decisions: int) -> dict[str, Any]:
    started = cpu_seconds()
    got = copies.probe_search({"decisions": decisions})
    return {"playouts": got["playouts"], "cpu_s": cpu_seconds() - started}


def timed(decisions: int) -> dict[str, Any]:
    """The run with the CPU of the outermost picks and of the look-ahead copies added up."""
    spent = {"picks": 0.0, "lookahead": 0.0}
    depth = [0]
    pick = priorities.PriorityList.pick
    what_if = lookahead.what_if

    def timed_pick(self: Any, frame: Any, domain: Any, domain_name: Any = None) -> Any:
        if depth[0]:
            return pick(self, frame, domain, domain_name)
        depth[0] += 1
        started = time.process_time()
        try:
            return pick(self, frame, domain, domain_name)
        finally:
            spent["picks"] += time.process_time() - started
            depth[0] -= 1

    looking = [0]

    def timed_what_if(engine: Any, happen: Callable[[Any], None]) -> Any:
        if looking[0]:
            return what_if(engine, happen)
        looking[0] += 1
        started = time.process_time()
        try:
            return what_if(engine, happen)
        finally:
            spent["lookahead"] += time.process_time() - started
            looking[0] -= 1

    started = cpu_seconds()
    with (
        patch.object(priorities.PriorityList, "pick", timed_pick),
        patch.object(lookahead, "what_if", timed_what_if),
    ):
        got = copies.probe_search({"decisions": decisions})
    cpu = cpu_seconds() - started
    return {
        "playouts": got["playouts"],
        "cpu_s": cpu,
        "picks_cpu_share": spent["picks"] / cpu if cpu else None,
        "lookahead_cpu_share": spent["lookahead"] / cpu if cpu else None,
    }


def counted(decisions: int) -> dict[str, Any]:
    """The run with what could be found again counted (see the module)."""
    # (by the game's seed, the player's count of decisions, the question and the playout's number: an id
    # alone could be a question's of an earlier game, freed)
    endings: dict[tuple[Any, ...], list[str]] = collections.defaultdict(list)
    last_end: list[str | None] = [None]
    picks: collections.Counter[str] = collections.Counter()
    repeats: collections.Counter[str] = collections.Counter()
    picked: set[str] = set()
    asked = {"asked": 0, "own_cache": 0, "shared_cache_only": 0}
    shared: set[tuple[Any, ...]] = set()

    playout = search.SearchPlayer._playout
    value = search.playout_value
    pick = priorities.PriorityList.pick
    cached = lookahead._cached

    def counted_value(twin: Any, human: str) -> Any:
        last_end[0] = _state_key(twin.state)
        return value(twin, human)

    def counted_playout(
        self: Any, engine: Any, decision: Any, option: Any, known: Any, sample: int, *rest: Any, **named: Any
    ) -> Any:
        last_end[0] = None
        outcome = playout(self, engine, decision, option, known, sample, *rest, **named)
        # (a copy that failed is scored without its state: its own ending)
        end = last_end[0] if last_end[0] is not None else f"failed {id(outcome)}"
        endings[(self.seed, self.decisions, id(decision), sample)].append(end)
        return outcome

    # The CPU a pick found again took (less the keys worked out inside it), when no pick around it was
    # found again (it would have been saved with that one): what a cache of every pick would save
    keying = [0.0]  # (the CPU spent on keys so far)
    saving = [0]  # (how many picks found again are open around the one at hand)
    picks_saved = [0.0]

    def counted_pick(self: Any, frame: Any, domain: Any, domain_name: Any = None) -> Any:
        started = time.process_time()
        variables = dict(frame.vars)
        key = _digest([self.name, _state_key(frame.engine.state, UNREAD_BY_PICKS), variables, domain])
        picks[self.name] += 1
        again = key in picked
        picked.add(key)
        if again:
            repeats[self.name] += 1
        keyed = time.process_time()
        keying[0] += keyed - started
        if not again or saving[0]:
            return pick(self, frame, domain, domain_name)
        saving[0] += 1
        keyed_before = keying[0]
        try:
            return pick(self, frame, domain, domain_name)
        finally:
            saving[0] -= 1
            picks_saved[0] += time.process_time() - keyed - (keying[0] - keyed_before)

    lookahead_saved = [0.0]  # (the CPU of the copies a shared cache would have found)

    def counted_cached(engine: Any, what: tuple[Any, ...], happen: Callable[[Any], None]) -> Any:
        own_key = (lookahead._fingerprint(engine), *what)
        key = (*own_key, engine.lookahead_depth)
        asked["asked"] += 1
        found_shared = False
        if own_key in engine.lookahead_cache:
            asked["own_cache"] += 1
        elif key in shared:
            asked["shared_cache_only"] += 1
            found_shared = True
        shared.add(key)
        if not found_shared:
            return cached(engine, what, happen)
        started, keyed_before = time.process_time(), keying[0]
        try:
            return cached(engine, what, happen)
        finally:
            lookahead_saved[0] += time.process_time() - started - (keying[0] - keyed_before)

    with (
        patch.object(search.SearchPlayer, "_playout", counted_playout),
        patch.object(search, "playout_value", counted_value),
        patch.object(priorities.PriorityList, "pick", counted_pick),
        patch.object(lookahead, "_cached", counted_cached),
    ):
        started = cpu_seconds()
        got = copies.probe_search({"decisions": decisions})
        cpu = cpu_seconds() - started
    ended = sum(len(ends) for ends in endings.values())
    distinct = sum(len(set(ends)) for ends in endings.values())
    return {
        "playouts": got["playouts"],
        "final_states": {"playouts": ended, "distinct": distinct, "found_again": ended - distinct},
        "picks": {
            name: {"picks": count, "found_again": repeats[name]} for name, count in picks.most_common()
        },
        "lookahead": asked,
        # (the run's CPU less what its keys cost: the run as it would be without the counting)
        "cpu_s_less_keys": cpu - keying[0],
        "picks_found_again_cpu_s": picks_saved[0],
        "lookahead_found_shared_cpu_s": lookahead_saved[0],
    }


class _FirstLuck:
    """The CPU of the playout at hand from taking up its answer to its first read of luck (see the
    module), and what that read was."""

    def __init__(self) -> None:
        self.twin: Any = None
        self.started = 0.0
        self.first: float | None = None
        self.spent = {"before_luck_cpu_s": 0.0, "resumed_cpu_s": 0.0}
        self.first_reads: collections.Counter[str] = collections.Counter()

    def read(self, what: str) -> None:
        if self.twin is not None and self.first is None:
            self.first = time.process_time()
            self.first_reads[what] += 1


def prefixed(decisions: int) -> dict[str, Any]:
    """The run with the CPU of each playout before its first read of luck added up (see the module)."""
    watch = _FirstLuck()
    in_playout = [False]

    class WatchedDice(search.Dice):
        def d6(self) -> int:
            watch.read("die")
            return int(super().d6())

        def shuffle(self, items: list[Any]) -> None:
            watch.read("shuffle")
            super().shuffle(items)

        def pick(self, items: Any) -> Any:
            watch.read("random pick")
            return super().pick(items)

    class WatchedPile(list[Any]):
        def pop(self, *where: Any) -> Any:
            watch.read("card drawn")
            return super().pop(*where)

        def __iter__(self) -> Any:
            watch.read("draw pile looked at")
            return super().__iter__()

        def __getitem__(self, where: Any) -> Any:
            watch.read("draw pile looked at")
            return super().__getitem__(where)

    playout = search.SearchPlayer._playout
    resume = Engine.resume
    decide = RulesAIPlayer.decide

    def watched_playout(self: Any, *args: Any, **named: Any) -> Any:
        in_playout[0] = True
        try:
            return playout(self, *args, **named)
        finally:
            in_playout[0] = False

    def watched_resume(self: Any, answer: Any, track: bool | None = None) -> Any:
        if not in_playout[0] or watch.twin is not None or self.lookahead_depth:
            return resume(self, answer, track)
        self.state.draw_pile = WatchedPile(self.state.draw_pile)
        watch.twin, watch.first, watch.started = self, None, time.process_time()
        try:
            return resume(self, answer, track)
        finally:
            ended = time.process_time()
            watch.spent["resumed_cpu_s"] += ended - watch.started
            watch.spent["before_luck_cpu_s"] += (watch.first or ended) - watch.started
            if watch.first is None:
                watch.first_reads["none before the horizon"] += 1
            watch.twin = None

    def watched_decide(self: Any, decision: Any) -> Any:
        if self.engine is not None and self.engine is watch.twin:
            watch.read("the AI's question")
        return decide(self, decision)

    started = cpu_seconds()
    with (
        patch.object(search, "Dice", WatchedDice),
        patch.object(search.SearchPlayer, "_playout", watched_playout),
        patch.object(Engine, "resume", watched_resume),
        patch.object(RulesAIPlayer, "decide", watched_decide),
    ):
        got = copies.probe_search({"decisions": decisions})
    return {
        "playouts": got["playouts"],
        "cpu_s": cpu_seconds() - started,
        **watch.spent,
        "first_reads": dict(watch.first_reads.most_common()),
    }


def measure(decisions: int) -> dict[str, Any]:
    return {
        "decisions": decisions,
        "plain": plain(decisions),
        "timed": timed(decisions),
        "counted": counted(decisions),
        "prefixed": prefixed(decisions),
    }


def _share(part: int, whole: int) -> str:
    return f"{part} of {whole} ({100 * part / whole:.1f}%)" if whole else f"{part} of 0"


def report(result: dict[str, Any]) -> list[str]:
    plain_run, timed_run, counted_run = result["plain"], result["timed"], result["counted"]
    ends = counted_run["final_states"]
    looked = counted_run["lookahead"]
    lines = [
        f"the search probe, {result['decisions']} searched decisions of solo-v2:"
        f" {plain_run['playouts']} playouts in {plain_run['cpu_s']:.2f} CPU-s",
        "playouts ending in a state another of the same decision and luck reached: "
        + _share(ends["found_again"], ends["playouts"]),
        f"the AI's priority lists: {100 * (timed_run['picks_cpu_share'] or 0):.1f}% of the CPU;"
        " picks asked again on a state, variables and candidates seen before:",
    ]
    for name, count in counted_run["picks"].items():
        lines.append(f"  {name}: {_share(count['found_again'], count['picks'])}")
    whole = counted_run["cpu_s_less_keys"]
    lines += [
        "  a cache of every pick, its keys free, would save"
        f" {_percent(counted_run['picks_found_again_cpu_s'], whole)} of the CPU",
        f"the AI's look-ahead copies: {100 * (timed_run['lookahead_cpu_share'] or 0):.1f}% of the CPU;"
        f" {looked['asked']} asked, {looked['own_cache']} found in the copy's own cache,"
        f" {looked['shared_cache_only']} more a cache shared by the run would find, saving"
        f" {_percent(counted_run['lookahead_found_shared_cpu_s'], whole)} of the CPU",
    ]
    ahead = result["prefixed"]
    firsts = ", ".join(f"{what} {count}" for what, count in ahead["first_reads"].items())
    lines += [
        "what the playouts play before their first read of luck (a die, the draw pile, the AI's question):"
        f" {_percent(ahead['before_luck_cpu_s'], ahead['resumed_cpu_s'])} of their own CPU,"
        f" {_percent(ahead['before_luck_cpu_s'], ahead['cpu_s'])} of the run's; the first reads: {firsts}",
    ]
    return lines


def _percent(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole > 0 else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=100, help="searched decisions per run (default 100)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    if args.decisions < 1:
        parser.error("--decisions must be at least 1")
    result = measure(args.decisions)
    counts = {result[run]["playouts"] for run in ("plain", "timed", "counted", "prefixed")}
    result["same_search"] = len(counts) == 1
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("\n".join(report(result)))
    if not result["same_search"]:
        print(
            "the runs made different numbers of playouts: the counting changed the search, and the figures"
            " do not bound it",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
