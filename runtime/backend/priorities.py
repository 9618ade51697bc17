"""AI priority lists, compiled once from the IR and evaluated for one choice at a time.

A list picks one target (a country, usually): every `require` must hold for a candidate; the options are
tried in order, an option's `when` conditions about the situation and its `where` conditions about the
candidate; among the candidates of the first option that has any, its `prefer` keys and then the list's
`then by` keys decide, one key after another (each keeps only the candidates that are best on it). Each
choice is written to the trace as `ai_choice`: the list, the option that fired, how many candidates it
had, and which key settled the tie — the "why" behind every AI move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twilight.runtime.backend.locality import reads_no_state, variables_read

if TYPE_CHECKING:
    from twilight.runtime.backend.codegen import ExprCompiler
    from twilight.runtime.core.frames import Expr, Frame


@dataclass(frozen=True)
class SortKey:
    value: Callable[[Frame, Any], Any]  # (frame, candidate) -> the candidate's value
    descending: bool
    stage: str  # "prefer" (the option's own keys) or "then_by" (the list's final tie-break)
    index: int


@dataclass(frozen=True)
class Option:
    number: int
    name: str
    when: Expr | None  # all its `when` conditions (None: it has none, and is always tried)
    where: Callable[[Frame, list[Any]], list[Any]]  # the candidates its `where` conditions keep
    keys: tuple[SortKey, ...]
    # The candidates its `where` conditions that read nothing of the game keep (the region's countries,
    # its battlegrounds…), with the variables they read: the same in every state for the same values and
    # domain, so kept from one pick to the next (`PriorityList._pick`); None when it has none
    fixed: Callable[[Frame, list[Any]], list[Any]] | None = None
    fixed_reads: tuple[str, ...] = ()
    index: int = 0  # its place among the list's options
    # (a list with `lazy_requires`) The candidates of those that its other `where` conditions and the
    # list's `require`s keep, in one pass (codegen.option_filter): its cheap conditions first, then the
    # `require`s (asked once per candidate and pick, kept in the pick's `passed`), then the rest
    kept_by: Callable[[Frame, list[Any], dict[Any, bool]], list[Any]] | None = None


class PriorityList:
    def __init__(self, name: str, node: dict[str, Any], codegen: ExprCompiler) -> None:
        self.name = name
        self.params = [p["name"] for p in node["params"]]
        self.target = target = str(node["target"]["name"])
        self.target_type = str(node["target"]["type"])
        self.requires = codegen.candidates([r["expr"] for r in node["requires"]], target)

        def keys(nodes: list[dict[str, Any]], stage: str) -> tuple[SortKey, ...]:
            return tuple(
                SortKey(codegen.key(k["key"], target), bool(k["desc"]), stage, i) for i, k in enumerate(nodes)
            )

        final = keys(node["final"], "then_by")
        # When no condition of the list picks, rolls or calls a function that is not pure, a candidate
        # passes the same conditions whatever is asked first and of whichever candidates: the `require`s
        # are then asked only of the candidates an option's cheap conditions let through, once each per
        # pick (most of the map never reaches them: an option looks at one region).
        requires = [r["expr"] for r in node["requires"]]
        conditions = [*requires, *(c for o in node["options"] for c in (*o["when"], *o["where"]))]
        self.lazy_requires = lazy = bool(requires) and codegen.movable(conditions)

        written: dict[str, Any] = {}  # (the code of the requires, written once for every option)

        def option(index: int, o: dict[str, Any]) -> Option:
            where = codegen.conjuncts(o["where"])
            fixed = [part for part in where if reads_no_state(part)] if lazy else []
            cheap = [part for part in codegen.cheap_parts(o["where"]) if part not in fixed] if lazy else []
            rest = [p for p in where if p not in fixed and p not in cheap]
            return Option(
                number=int(o["number"]),
                name=str(o["name"]),
                when=codegen.all_of(o["when"]) if o["when"] else None,
                where=codegen.candidates(o["where"], target),
                keys=keys(o["prefer"], "prefer") + final,
                fixed=codegen.candidates(fixed, target) if fixed else None,
                fixed_reads=tuple(sorted(variables_read(fixed) - {target})),
                index=index,
                kept_by=codegen.option_filter(cheap, requires, rest, target, written) if lazy else None,
            )

        self.options = tuple(option(i, o) for i, o in enumerate(node["options"]))
        # The list's pick written natively (runtime/backend/native), for a game that traces no choice: it
        # gives `DEFERRED` when it cannot be sure, and this code picks. None: there is none.
        self.native: Callable[[Frame, list[Any]], Any] | None = None
        # The variables the options' fixed conditions read, all of them
        self.fixed_reads = tuple(sorted({name for o in self.options for name in o.fixed_reads}))
        # What the options' fixed conditions kept, by domain, then by the values of `fixed_reads`, then by
        # option (a program's lists serve every game of its ruleset: bounded, see `_fixed_lists`)
        self._fixed_kept: dict[tuple[Any, ...], dict[tuple[Any, ...], list[list[Any] | None]]] = {}

    def pick(self, frame: Frame, domain: list[Any], domain_name: str | None = None) -> Any:
        """The target the list picks now, or None when no option offers one; the choice is traced.
        `domain_name`: the domain is the program's own for its target's type, the same list, never changed
        (what the options' fixed conditions kept of it is then found by that name)."""
        engine = frame.engine
        if engine.memo is not None:
            return self._pick(frame, domain, domain_name)
        # One pick is one evaluation: its conditions share the results of pure functions (program.py).
        engine.memo = {}
        try:
            return self._pick(frame, domain, domain_name)
        finally:
            engine.memo = None

    def _pick(self, frame: Frame, domain: list[Any], domain_name: str | None) -> Any:
        native = self.native
        engine = frame.engine
        if native is not None and engine.dice_only_trace and engine.firings is None:
            chosen = native(frame, domain)
            if chosen is not DEFERRED:
                return chosen
        vars_ = frame.vars
        firings = engine.firings
        if firings is not None:  # (the balance lab counting what its variant changed: the list is asked)
            firings["priority", self.name] += 1
        # The arguments as traced: a list argument (the countries an event offers…) is left out, it would
        # repeat the map in every choice. (Not made in an engine that keeps only dice: it traces no choice.)
        traced = not frame.engine.dice_only_trace
        args = {}
        # (a loop, not a comprehension: in 3.11 that makes a function at every call)
        for p in self.params if traced else ():
            v = vars_.get(p)
            if type(v) is not list:
                args[p] = v
        lazy = self.lazy_requires
        allowed = domain if lazy else self.requires(frame, domain)
        passed: dict[Any, bool] = {}  # (lazy) what the `require`s said of each candidate asked so far
        fixed_lists: Any = _NOT_YET  # (lazy) what the options' fixed conditions kept (`_fixed_lists`)
        for option in self.options:
            if option.when is not None and not option.when(frame):
                continue
            kept_by = option.kept_by if lazy else None
            if kept_by is not None:
                fixed = option.fixed
                if fixed is None:
                    looked_at = domain
                else:
                    if fixed_lists is _NOT_YET:
                        fixed_lists = self._fixed_lists(frame, domain, domain_name)
                    if fixed_lists is None:
                        looked_at = fixed(frame, domain)
                    else:
                        looked_at = fixed_lists[option.index]
                        if looked_at is None:
                            looked_at = fixed_lists[option.index] = fixed(frame, domain)
                    if not looked_at:
                        # (no candidate to look at: the option's filter would give none, asking nothing,
                        # since what it works out before its loop cannot fail, codegen.option_filter)
                        continue
                try:
                    candidates = kept_by(frame, looked_at, passed)
                except TypeError:
                    if not _unhashable(looked_at):
                        raise
                    # (a candidate that is no name, a list: the option's conditions as written)
                    candidates = option.where(frame, self.requires(frame, looked_at))
            else:
                candidates = option.where(frame, allowed)
            if not candidates:
                continue
            chosen, decided_by = self._best(frame, option.keys, candidates)
            if firings is not None:
                firings["priority", self.name, str(option.name or option.number)] += 1
            if not traced:
                return chosen
            frame.engine.trace(
                "ai_choice",
                priority=self.name,
                args=args,
                option=option.number,
                option_name=option.name,
                target=chosen,
                candidates=len(candidates),
                decided_by=decided_by,
            )
            return chosen
        if not traced:
            return None
        frame.engine.trace(
            "ai_choice",
            priority=self.name,
            args=args,
            option=None,
            target=None,
            candidates=0,
        )
        return None

    def _fixed_lists(
        self, frame: Frame, domain: list[Any], domain_name: str | None
    ) -> list[list[Any] | None] | None:
        """What the options' fixed conditions kept of this domain, for the values they read now, by
        option (None: not worked out yet), in earlier picks of any game; None when a candidate or a value
        cannot be part of a key (a list): each is then worked out afresh."""
        try:
            key = (_NAMED_DOMAIN, domain_name) if domain_name is not None else tuple(domain)
            by_values = self._fixed_kept.get(key)
            if by_values is None:
                if len(self._fixed_kept) >= _DOMAINS_KEPT:
                    self._fixed_kept.clear()
                by_values = self._fixed_kept[key] = {}
            values = tuple(map(frame.vars.get, self.fixed_reads))
            found = by_values.get(values)
        except TypeError:
            return None
        if found is None:
            if len(by_values) >= _VALUES_KEPT:
                by_values.clear()
            found = by_values[values] = [None] * len(self.options)
        return found

    def _best(self, frame: Frame, keys: tuple[SortKey, ...], candidates: list[Any]) -> tuple[Any, str | None]:
        """Keep the candidates best on each key in turn; the key that left one candidate decided."""
        if len(candidates) == 1:
            return candidates[0], None
        for key in keys:
            value = key.value
            # (loops, not comprehensions: in 3.11 each makes a function at every call)
            scored = []
            present = []
            for c in candidates:
                v = value(frame, c)
                if type(v) is bool:  # (a truth as a number, for each candidate and key: no call)
                    v = 1 if v else 0
                scored.append((v, c))
                if v is not None:
                    present.append(v)
            if not present:
                continue
            best = max(present) if key.descending else min(present)
            candidates = []
            for v, c in scored:
                if v == best:
                    candidates.append(c)
            if len(candidates) == 1:
                return candidates[0], f"{key.stage}[{key.index}]"
        # Still tied after every key: the first in the domain's order (the map's order) - a rules author
        # sees this in the trace and can add a key.
        return candidates[0], "domain_order"


class _Deferred:
    """What a native pick gives when it leaves the pick to this code (runtime/backend/native)."""

    def __repr__(self) -> str:
        return "DEFERRED"


DEFERRED = _Deferred()

# How many domains, and values of the fixed conditions per domain, a list keeps the results for: a list's
# domain is the map or the few choices an event offers; the values, the region and the side.
_DOMAINS_KEPT = 256
_NAMED_DOMAIN = object()  # (a program's domain, by its name: no tuple of candidates equals this key)
_NOT_YET = object()  # (a pick's `_fixed_lists`, before an option needs them)
_VALUES_KEPT = 1024


def _unhashable(items: list[Any]) -> bool:
    """Whether any of the items cannot be a dict's key (a list)."""
    try:
        set(items)
    except TypeError:
        return True
    return False
