"""The engine of this tree against the engine of an earlier commit, on this machine, in turn.

    python benchmarks/same_machine.py [--base b4c91d2] [--pairs 5] [--decisions 200] [--json]

`twilight bench` reports figures in CPU time, and its targets are numbers: but a machine's speed at
Python code differs from another's by a third or more (the same commit measured 617 and 452 playouts
per CPU-second on two of the 2-core machines this project runs on, and every figure of the bench moved
by the same 1.36x). The targets of issue 43 are ratios to the engine as it stood before that issue:
the search "at least 5 times the playouts per CPU-second it makes today", the interpreter "within 10%
of today's CPU" per card. A ratio is only honest when both sides are measured on the same machine,
close together in time. This script does that:

- it checks the base commit out into a temporary git worktree (`--base`, default b4c91d2: the last
  commit before issue 43, whose search forks one process per playout);
- then, for each of `--pairs` rounds, one run of the base and one of this tree, each in a fresh
  process: the search's playouts per CPU-second (solo-v2 against the normal AI, the US played by the
  search at its default budget until `--decisions` searched decisions; the CPU of the process and of
  its reaped children, which the forking search's playouts are), and the interpreter's CPU per card
  (`twilight bench`'s `per_game` probe: solo-v2's AI against the random policy, and the standard game
  random against random, as the bench plays them);
- and prints each pair's figures and the median of the pair-by-pair ratios.

The base's search is driven by a script of this file (`BASE_SEARCH`), written for that commit's module
layout (runtime/search.py, runtime/engine.py...); the rest uses each tree's own bench probe. Nothing of
the base is kept: the worktree is removed at the end. Needs git and the base commit in the repository's
history (a shallow clone has not got it: `git fetch --unshallow`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BASE = "b4c91d2"  # the last commit before issue 43: the search forks a process per playout

# The search of the base measured as this tree's bench probe (cli/bench/copies.py, probe_search) measures
# its own: the same ruleset, side, budget and count of searched decisions; a decision counts when the
# search made playouts for it. The base's playouts run in forked children: their CPU is counted as they
# are reaped (RUSAGE_CHILDREN), and a child never counts a decision (it answers and plays on).
BASE_SEARCH = r"""
import json, os, resource, sys

def cpu():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

from twilight.common.cachedir import cache_dir
from twilight.compiler import api
from twilight.runtime.engine import Engine
from twilight.runtime.primitives import IMPLEMENTATIONS
from twilight.runtime.program import Program
from twilight.runtime.search import SearchPlayer
from twilight.runtime.solo_ai import RulesAIPlayer

wanted = int(sys.argv[1])
ir = api.compile_target("solo-v2").ir
program = Program(ir, IMPLEMENTATIONS, code_cache=cache_dir())
parent = os.getpid()
searched = 0
playouts = 0


class Enough(Exception):
    pass


class Counting:
    def __init__(self, player):
        self.player = player

    def decide(self, decision):
        global searched
        in_parent = os.getpid() == parent
        if in_parent and searched >= wanted:
            raise Enough
        before = self.player.playouts_run
        answer = self.player.decide(decision)
        if in_parent:
            searched += self.player.playouts_run > before
        return answer


started = cpu()
for seed in range(1, 1000):
    player = SearchPlayer(seed)
    ai = RulesAIPlayer()
    engine = Engine(ir, {"us": Counting(player), "ussr": ai}, seed=seed, program=program)
    player.engine = ai.engine = engine
    try:
        engine.run()
    except Enough:
        playouts += player.playouts_run
        break
    playouts += player.playouts_run
spent = cpu() - started
print(json.dumps({"decisions": searched, "playouts": playouts, "cpu_s": spent}))
"""

# The interpreter's games, as `twilight bench` plays them for its per-card figure (cli/bench/cmd.py), and
# as its --quick plays them.
PER_GAME = {"solo-v2": {"games": 60, "players": "random"}, "standard": {"games": 100, "players": "random"}}
PER_GAME_QUICK = {
    "solo-v2": {"games": 6, "players": "random"},
    "standard": {"games": 10, "players": "random"},
}


class Failed(Exception):
    pass


def _run(package_dir: Path, args: list[str], timeout: float) -> dict[str, Any]:
    """One fresh process importing twilight from `package_dir`; its last line of output, as JSON. Each
    tree has a cache folder of its own (`cache` beside its package): the two would otherwise rebuild
    each other's compiled rule code, which one cache file per ruleset holds."""
    env = dict(os.environ, PYTHONPATH=str(package_dir), TWILIGHT_CACHE=str(package_dir / "cache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (each tree's bytecode is written once, by the warm-up)
    done = subprocess.run(
        [sys.executable, *args],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or lines or ["no output"])[-1]
        raise Failed(f"{' '.join(args[:3])} failed: {tail}")
    answer: dict[str, Any] = json.loads(lines[-1])
    if "error" in answer:
        raise Failed(f"{' '.join(args[:3])}: {answer['error']}")
    return answer


class Tree:
    """One engine: a folder holding `twilight` (a link to a source tree), and how it runs its search."""

    def __init__(
        self, name: str, package_dir: Path, search_script: Path | None, sizes: dict[str, Any]
    ) -> None:
        self.name = name
        self.package_dir = package_dir
        self.search_script = search_script
        self.sizes = sizes  # the per-card games of each ruleset (PER_GAME or PER_GAME_QUICK)

    def search(self, decisions: int) -> dict[str, Any]:
        if self.search_script is not None:
            args = [str(self.search_script), str(decisions)]
        else:
            args = ["-m", "twilight.cli.bench.probe", "search", json.dumps({"decisions": decisions})]
        got = _run(self.package_dir, args, timeout=3600)
        return {
            "playouts": got["playouts"],
            "cpu_s": got["cpu_s"],
            "per_cpu_s": got["playouts"] / got["cpu_s"],
        }

    def per_card(self, ruleset: str) -> dict[str, Any]:
        size = self.sizes[ruleset]
        request = {"ruleset": ruleset, "seed": 0, **size}
        got = _run(self.package_dir, ["-m", "twilight.cli.bench.probe", "per_game", json.dumps(request)], 600)
        cpu = sum(game["cpu_s"] for game in got["games"])
        cards = sum(game["cards"] for game in got["games"])
        return {"cards": cards, "cpu_s": cpu, "cpu_us_per_card": cpu / cards * 1e6}


@contextmanager
def trees(base: str, scratch: Path, sizes: dict[str, Any]) -> Iterator[tuple[Tree, Tree]]:
    """The base commit in a temporary worktree, and this tree, each behind a folder of its own."""
    worktree = scratch / "base"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(worktree), base],
        check=True,
        capture_output=True,
        text=True,
    )
    try:
        packages = []
        for name, source in (("base", worktree), ("head", ROOT)):
            folder = scratch / f"pkg-{name}"
            (folder / "cache").mkdir(parents=True, mode=0o700)
            (folder / "twilight").symlink_to(source, target_is_directory=True)
            packages.append(folder)
        script = scratch / "base_search.py"
        script.write_text(BASE_SEARCH, encoding="utf-8")
        yield Tree(base, packages[0], script, sizes), Tree("head", packages[1], None, sizes)
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)], capture_output=True
        )
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)


def measure(base: str, pairs: int, decisions: int, sizes: dict[str, Any], say: Any) -> dict[str, Any]:
    with (
        tempfile.TemporaryDirectory(prefix="twilight-same-machine-") as scratch,
        trees(base, Path(scratch), sizes) as (old, new),
    ):
        say("warm-up (bytecode, IR and code caches of both trees; not counted)")
        for tree in (old, new):
            tree.search(2)
            for ruleset in PER_GAME:
                tree.per_card(ruleset)
        rounds = []
        for number in range(1, pairs + 1):
            load = os.getloadavg()[0]
            row: dict[str, Any] = {"load_average": round(load, 2)}
            for figure, run in (
                ("search", lambda tree: tree.search(decisions)),
                *((f"per_card.{r}", lambda tree, r=r: tree.per_card(r)) for r in PER_GAME),
            ):
                row[figure] = {"base": run(old), "head": run(new)}
            rounds.append(row)
            say(f"pair {number}/{pairs}: {_pair_line(row)}")
    return {
        "base": base,
        "pairs": rounds,
        "ratios": _ratios(rounds),
        "decisions": decisions,
        "per_card_games": sizes,
    }


def _ratios(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of the pair-by-pair ratios: the search's playouts per CPU-second, head over base (more is
    faster), and the CPU per card, head over base (less is faster)."""
    out: dict[str, Any] = {}
    search = [r["search"]["head"]["per_cpu_s"] / r["search"]["base"]["per_cpu_s"] for r in rounds]
    out["search_playouts_per_cpu_second"] = {"median": statistics.median(search), "each": search}
    for ruleset in PER_GAME:
        key = f"per_card.{ruleset}"
        each = [r[key]["head"]["cpu_us_per_card"] / r[key]["base"]["cpu_us_per_card"] for r in rounds]
        out[f"cpu_per_card.{ruleset}"] = {"median": statistics.median(each), "each": each}
    return out


def _pair_line(row: dict[str, Any]) -> str:
    search = row["search"]
    parts = [
        f"search {search['base']['per_cpu_s']:.1f} -> {search['head']['per_cpu_s']:.1f} playouts/CPU-s",
        *(
            f"{r} {row[f'per_card.{r}']['base']['cpu_us_per_card']:.1f} -> "
            f"{row[f'per_card.{r}']['head']['cpu_us_per_card']:.1f} us/card"
            for r in PER_GAME
        ),
        f"load {row['load_average']}",
    ]
    return "; ".join(parts)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default=DEFAULT_BASE, help="the earlier commit (default %(default)s)")
    parser.add_argument("--pairs", type=int, default=5, help="rounds of one run each (default %(default)s)")
    parser.add_argument(
        "--decisions", type=int, default=200, help="searched decisions a run (default %(default)s)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="6 and 10 games for the per-card figures: a smoke test"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.pairs < 1 or args.decisions < 1:
        parser.error("--pairs and --decisions must be at least 1")

    def say(line: str) -> None:
        print(line, file=sys.stderr)

    try:
        result = measure(
            args.base, args.pairs, args.decisions, PER_GAME_QUICK if args.quick else PER_GAME, say
        )
    except (Failed, subprocess.SubprocessError, OSError) as err:
        detail = getattr(err, "stderr", None) or err
        print(f"same_machine: {str(detail).strip()}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    ratios = result["ratios"]
    search = ratios["search_playouts_per_cpu_second"]
    print(
        f"base {result['base']} against this tree, {_count(len(result['pairs']), 'pair')},",
        "medians of the paired ratios:",
    )
    print(f"  search playouts per CPU-second, head / base: {search['median']:.2f}x  (each: {_each(search)})")
    for ruleset in PER_GAME:
        got = ratios[f"cpu_per_card.{ruleset}"]
        print(f"  {ruleset} CPU per card, head / base: {got['median']:.3f}  (each: {_each(got)})")
    return 0


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _each(figure: dict[str, Any]) -> str:
    return ", ".join(f"{x:.3f}" for x in figure["each"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
