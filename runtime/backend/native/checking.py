"""Every native answer compared with the Python one while a game plays: the test of the native back end
(tests/test_native_eval.py), the way the checking engine checks the rules' invariants. `check(program)`
wraps what `install` put in place so that each call asks both and gives the Python answer; a difference
raises `NativeMismatch` naming the list, the option and both answers."""

from __future__ import annotations

import collections
import dataclasses
from typing import TYPE_CHECKING, Any

from twilight.runtime.backend.priorities import DEFERRED

if TYPE_CHECKING:
    from twilight.runtime.backend.program import Program


class NativeMismatch(AssertionError):
    """A native answer that is not the Python one."""


def check(program: Program) -> collections.Counter[str]:
    """Wrap the program's native filters, picks and greedy heuristic; the counter counts the calls
    compared (`filter`, `pick`, `greedy`) and those the native code left to Python (`… deferred`)."""
    rules = program.native_rules
    counts: collections.Counter[str] = collections.Counter()
    if rules is None:
        return counts
    for (name, index, attr), _ in rules.filters.items():
        plist = program.priorities[name]
        if attr == "pick":
            plist.native = _checked_pick(plist, plist.native, counts)
            continue
        options = list(plist.options)
        native = getattr(options[index], attr)
        python = rules.fallbacks[(name, index, attr)]
        options[index] = dataclasses.replace(
            options[index], **{attr: _checked_filter(native, python, (name, index, attr), counts)}
        )
        plist.options = tuple(options)
    if rules.greedy_points is not None:
        rules.greedy_points = _checked_greedy(rules.greedy_points, counts)
    return counts


def _checked_filter(
    native: Any, python: Any, where: tuple[str, int, str], counts: collections.Counter[str]
) -> Any:
    def both(*args: Any) -> Any:
        mine = native(*args)
        theirs = python(*args)
        counts["filter"] += 1
        if mine != theirs:
            raise NativeMismatch(f"filter {where}: native {mine!r}, Python {theirs!r}")
        return theirs

    return both


def _checked_pick(plist: Any, native: Any, counts: collections.Counter[str]) -> Any:
    def both(frame: Any, domain: list[Any]) -> Any:
        mine = native(frame, domain)
        wrapper = plist.native
        plist.native = None
        try:
            theirs = plist._pick(frame, domain, None)
        finally:
            plist.native = wrapper
        counts["pick"] += 1
        if mine is DEFERRED:
            counts["pick deferred"] += 1
        elif mine != theirs:
            raise NativeMismatch(f"pick {plist.name}: native {mine!r}, Python {theirs!r}")
        return theirs

    return both


@dataclasses.dataclass
class _Question:
    side: str
    options: list[Any]


def _checked_greedy(native: Any, counts: collections.Counter[str]) -> Any:
    from twilight.runtime.core.decisions import GreedyPlayer

    def both(engine: Any, side: str, options: list[Any], weighed: list[tuple[str, Any]]) -> Any:
        mine = native(engine, side, options, weighed)
        player = GreedyPlayer(0)
        player.engine = engine
        player.weighed_regions = lambda engine: weighed  # type: ignore[method-assign]
        theirs = player._best_countries_here(_Question(side, options))  # type: ignore[arg-type]
        counts["greedy"] += 1
        if mine is None:
            counts["greedy deferred"] += 1
        elif mine != theirs:
            raise NativeMismatch(f"greedy points for {side}: native {mine!r}, Python {theirs!r}")
        return theirs

    return both
