"""The registry of primitive implementations (`impl`) and the helpers every primitive module shares:
the sides, a card's facts, a ruleset table, the China card's name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from twilight.runtime.core.sides import SIDES as SIDES
from twilight.runtime.core.sides import opponent

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


IMPLEMENTATIONS: dict[str, Callable[..., Any]] = {}


F = TypeVar("F", bound=Callable[..., Any])


def impl(name: str | None = None) -> Callable[[F], F]:
    def register(fn: F) -> F:
        IMPLEMENTATIONS[name or fn.__name__.rstrip("_")] = fn
        return fn

    return register


def continues(asks: bool = False, fires: tuple[str, ...] = ()) -> Callable[[F], F]:
    """Marks a primitive that can lead to a decision, and so keeps a record of where it is while it runs
    (runtime/core/resumable.py): one that asks a decision or runs rule code that may (`asks`), or one that
    sets off triggers (`fires`), which lead to a decision where a hook listening to one of them may
    (`Program.asking_triggers`). A statement calling it is then one that can lead to a decision."""

    def mark(fn: F) -> F:
        fn.continues = (asks, fires)  # type: ignore[attr-defined]
        return fn

    return mark


def then_fire(
    engine: Engine, kind: str, trigger: str, act: Callable[[], bool | None] | None, /, **bound: Any
) -> None:
    """`act()` (once), then the trigger set off with `bound`; `act` returning False sets nothing off.
    Where a hook of the trigger may lead to a decision the step keeps a record (of this `kind`), so that
    a copy of the game taken up inside the hook does not act again."""
    rec = engine.enter(kind) if leads_on(engine, trigger) else None
    if rec is None or rec.pc == 0:
        if act is not None and act() is False:
            if rec is not None:
                engine.leave(rec)
            return
        if rec is not None:
            rec.pc = 1
    if engine.heard(trigger):
        engine.fire(trigger, **bound)
    if rec is not None:
        engine.leave(rec)


def leads_on(engine: Engine, trigger: str) -> bool:
    """Whether setting off the trigger now can lead to a decision in this game (it keeps records, and a
    hook listening to the trigger, standing or of an effect in force, may ask: Engine.leads_on): a
    primitive that sets it off then keeps a record of its own."""
    return engine.track and engine.leads_on(trigger)


def inlined(
    template: str,
    constants: Callable[[Any], dict[str, Any]] | None = None,
    iterated: str | None = None,
    once: str | None = None,
) -> Callable[[F], F]:
    """Marks a primitive the generated code (backend/codegen.py) may write out in place of its call when
    every argument is a plain name or constant (each may then be read more than once): `template` is its
    code with `{0}`, `{1}`… for the arguments after the engine, `e` is the engine; `constants(ir)`
    gives the names the template reads (the ruleset's precomputed map, map_queries.board_of_ir). It must
    mean exactly what the function does: the function stays for every other call. `iterated`: the code
    for the same items where they are only gone through once, by a comprehension or an aggregate (a
    primitive that returns a new list each time, so that no rule shares it, need not copy it there).
    `once`: the template with a part it reads more than once kept in the locals `_ri` and `_ro` (`:=`),
    where the code may assign (not in a comprehension's source); each use follows its assignment at
    once, the arguments being plain names, so one written-out call cannot disturb another's. `{o0}` in a
    template stands for the opponent of the first argument, a side: the generated code writes it as a
    constant for a constant side, or as a local worked out before a loop that does not change the side."""

    def mark(fn: F) -> F:
        fn.inline = (template, constants)  # type: ignore[attr-defined]
        fn.inline_iterated = iterated  # type: ignore[attr-defined]
        fn.inline_once = once  # type: ignore[attr-defined]
        return fn

    return mark


def invariant_part(
    outer: str, part: str, uses: tuple[int, ...], cannot_fail: bool = False
) -> Callable[[F], F]:
    """Marks an inlined primitive whose template has a part that depends only on the arguments `uses`
    (a side's accessible countries): in a filter whose candidates do not change those arguments the
    generated code works `part` out once and writes `outer` with `{h}` for it. Both are templates like
    `inlined`'s; `part` must read the state only (no die, no decision), so one value serves every
    candidate of one evaluation. `cannot_fail`: `part` cannot fail and costs about a lookup (a side's
    placements this round), so it is worked out before any candidate rather than when the first needs
    it."""

    def mark(fn: F) -> F:
        fn.invariant_part = (outer, part, uses, cannot_fail)  # type: ignore[attr-defined]
        return fn

    return mark


def cannot_fail(fn: F) -> F:
    """Marks an inlined primitive whose template cannot fail and reads no state (a side's opponent): in
    a function that goes through candidates, one of arguments no candidate changes is worked out once,
    before the loop."""
    fn.cannot_fail = True  # type: ignore[attr-defined]
    return fn


def other(side: str) -> str:
    return opponent(side)


def card_info(engine: Engine, card: str) -> dict[str, Any]:
    info: dict[str, Any] = engine.ir["cards"][card]
    return info


def _table(engine: Engine, name: str) -> dict[str, Any]:
    table: dict[str, Any] = engine.ir["tables"][name]
    firings = engine.firings
    if firings is not None:
        firings["table", name] += 1
    return table


def _china(engine: Engine) -> str:
    return engine.program.china_card
