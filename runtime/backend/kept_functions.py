"""The region scoring's results kept between evaluations, by the board's stamps (core/board_stamps.py).

The ruleset's scoring functions (its `region_vp` and `scoring_level`, registry.REGION_VP and
registry.SCORING_LEVEL) are asked over and over on boards that have not changed: by the AI's priority
lists at every pick, by its rating of a decision's options on copies that differ from the game in a
region or two, by the search's rollout player and its scoring of a playout. Within one evaluation they
remember their results (`engine.memo`, codegen.ExprCompiler.function); these keep them across
evaluations and across the copies of a game, keyed by what they read: the stamps of the region they are
given and of the countries they name, and the cards whose effects are in force.

A function is kept only when the back end can tell all it reads (locality.board_reads: influence in a
region it is given and in named countries, the effects in force, the map and tables, and quantities no
standing rule modifies), and only in an engine that keeps stamps (a quiet copy), while no effect in force
modifies a quantity it reads, and never in a game counting the rules' firings (a kept result would not
count the calls under it). Its calls from the generated code and from the runtime (`Function.call`) both
go through the keeping."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.board_reads import BoardReads
from twilight.runtime.core.board_stamps import STAMPED_PARTS, StampedParts, named_part
from twilight.runtime.core.frames import Function
from twilight.runtime.core.primitives.map_queries import board_of_ir

if TYPE_CHECKING:
    from twilight.runtime.backend.program import Program

# The functions kept: the region scoring the runtime and the AI ask most
KEPT = (registry.REGION_VP, registry.SCORING_LEVEL)
# How many results a program keeps (a key is a few numbers and names): forgotten all at once past it
RESULTS_KEPT = 50_000

_MISSING: Any = object()


def install(program: Program) -> None:
    """Keep the results of the program's kept functions that can be (see the module)."""
    if program.counted:
        return
    regions = board_of_ir(program.ir).members
    top = {name for name, region in program.ir["map"]["regions"].items() if not region.get("parent")}
    parts: dict[Any, list[str]] = {r: list(countries) for r, countries in regions.items() if r in top}
    later = {r: list(countries) for r, countries in regions.items() if r not in top}
    kept: list[tuple[str, BoardReads]] = []
    for need in KEPT:
        name = need.name
        function = program.functions.get(name)
        reads = program.board_reads(name)
        if (
            function is None
            or name not in program.pure
            or reads is None
            or len(function.params) != 2  # (the side and the region: `_keeping`)
            or len(reads.region_params) != 1
            or any(q in program.rule_modifiers for q in reads.quantities)
        ):
            continue
        if reads.countries:
            parts[named_part(name)] = list(reads.countries)
        kept.append((name, reads))
    if not kept:
        return
    held = {c for countries in parts.values() for c in countries}
    rest = [c for c in program.ir["map"]["countries"] if c not in held]
    if rest:  # (countries of no region: a part of their own, so that the parts hold the whole board)
        parts[("rest",)] = rest
    stamped = StampedParts(parts, later)
    # The cards whose lasting effects modify a quantity a kept function reads: with one in force, none is
    # kept (`Engine.unmodified` would tell so for the effects of those cards)
    quantities = {q for _, reads in kept for q in reads.quantities}
    modifying = frozenset(
        card for (card, _), items in program.lasting.items() if not quantities.isdisjoint(items.modifiers_of)
    )
    for name, reads in kept:
        function = program.functions[name]
        keeping = _keeping(function.call, name, reads, modifying, stamped)
        program.functions[name] = Function(function.params, keeping)
        program.codegen.namespace[f"F_{name}"] = keeping
    STAMPED_PARTS[program] = stamped


def _keeping(
    work_out: Callable[..., Any],
    name: str,
    reads: BoardReads,
    modifying: frozenset[str],
    stamped: StampedParts,
) -> Callable[..., Any]:
    """The function `work_out` of two arguments, its results kept by the stamps (see the module): by the
    argument that is not the region, the stamps of the region (which tell the region: no two parts share
    a stamp) and of the countries it names, and the effects' cards."""
    (region_at,) = reads.region_params
    named: Any = named_part(name) if reads.countries else None
    effects_read = reads.effects
    results: dict[tuple[Any, ...], Any] = {}  # (its own: the key does not name the function)

    def kept(e: Any, a: Any, b: Any) -> Any:
        stamps = e.board_stamps
        if stamps is None or e.firings is not None:
            return work_out(e, a, b)
        of = stamps.of
        if region_at:
            region, other = b, a
        else:
            region, other = a, b
        try:
            region_stamp = of.get(region)
        except TypeError:  # (a region that is no name)
            region_stamp = None
        if region_stamp is None:
            # (a region not stamped yet, stamped in the copies made from now on; or none of the map:
            # worked out as written, failing as it would)
            if type(region) is str:
                stamped.want(region)
            return work_out(e, a, b)
        effects: Any = 0  # (the number of the cards in force, BoardStamps.effects_in_force: none, 0)
        in_effect = e.state.in_effect
        if in_effect:
            known = stamps.effects  # (the cards in force, read again only when the effects changed)
            if known[0] is not in_effect or known[1] != e._lasting_version:
                known = stamps.effects_in_force(e, modifying)
            effects = known[2]
            if effects is None:  # (an effect in force modifies what it reads)
                return work_out(e, a, b)
            if not effects_read:
                effects = 0
        key = (other, region_stamp, of[named] if named is not None else 0, effects)
        try:
            found = results.get(key, _MISSING)
        except TypeError:  # (an argument that cannot be part of a key)
            return work_out(e, a, b)
        if found is _MISSING:
            found = work_out(e, a, b)
            if len(results) >= RESULTS_KEPT:
                results.clear()
            results[key] = found
        return found

    kept.__name__ = kept.__qualname__ = f"F_{name}"
    return kept
