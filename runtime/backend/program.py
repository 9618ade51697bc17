"""Compile the IR once into Python; the engine runs that, never the IR dicts.

An expression becomes `f(frame) -> value`, generated Python source compiled once (runtime/backend/codegen.py);
a rule function a Python function of the engine and its arguments; a statement a closure
`f(frame) -> None`. A Frame holds the engine and the local variables of the procedure, event or hook
being run.

Pure rule functions (no dice, no AI pick) remember their results for the length of one evaluation: the
state cannot change while an expression is evaluated (effects are statements), so repeats within it
cost a lookup (`Engine.memo`; opened by the outermost evaluation, dropped when it returns; a look at a
hypothetical board gets a memory of its own, primitives.map_queries.with_influence).
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twilight.runtime.backend import build_record, kept_functions, native
from twilight.runtime.backend.codegen import UNBOUND, ExprCompiler, ordered_comparisons, stored
from twilight.runtime.backend.generated_module import module_file_for, src_comment
from twilight.runtime.backend.locality import board_reads, reads_board_only_at
from twilight.runtime.backend.priorities import PriorityList
from twilight.runtime.core import registry
from twilight.runtime.core.board_reads import BoardReads
from twilight.runtime.core.frames import (
    ORDINALS,
    EffectItems,
    Expr,
    Frame,
    Function,
    Ordinal,
    Procedure,
    Stmt,
    too_deep,
)
from twilight.runtime.core.rule_errors import RuleError
from twilight.runtime.core.sides import SIDES

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


class StopLoop(Exception):
    """`stop`: leave the innermost loop."""


def counted(body: Stmt, src: str, what: str) -> Stmt:
    """The body as one step each time it runs (an event, a hook): what sets itself off without end stops
    at the step limit, or when calls nest too deep for Python's stack."""

    def run(f: Frame) -> None:
        engine = f.engine
        engine.steps_left -= 1
        if engine.steps_left < 0:
            engine.out_of_steps(src, what)
        try:
            body(f)
        except RecursionError:
            raise too_deep(src, what) from None

    return run


def _phase_block(
    body: list[dict[str, Any]], name: str, loop_var: str | None
) -> tuple[list[dict[str, Any]], str | None] | None:
    """The block of the sequence that holds the phase `name`, and the variable of the loop around it."""
    if any(s.get("phase") == name for s in body):
        return body, loop_var
    for stmt in body:
        inner_var = stmt.get("as") if "repeat" in stmt else loop_var
        for key in ("body", "then", "else", "otherwise"):
            inner = stmt.get(key)
            if isinstance(inner, list):
                found = _phase_block(inner, name, inner_var or loop_var)
                if found is not None:
                    return found
    return None


@dataclass
class Moment:
    """A scenario moment: a step kind or (`setup`) a scenario setup, with its one parameter if any."""

    setup: bool
    params: list[tuple[str, str]]  # (name, type): the step's value
    body: Stmt
    src: str = ""


@dataclass
class AppendixEvent:
    moments: list[tuple[str, str | None]]  # (moment, region or None)
    when: Expr | None
    resolve: Stmt | None  # what the AI does instead of the card's event, if the entry says


@dataclass
class AppendixEntry:
    """A card's entry in the solo card appendix, compiled."""

    events: list[AppendixEvent]
    reaction: Stmt | None
    against_human: Stmt | None


_TUPLE_OF = object()  # (`_call_pick`: a list argument's tuple, in the evaluation's memory)


class Program:
    """The compiled ruleset."""

    # Every attribute, declared: as the engine's (engine.py), so that CPython 3.11 finds its methods, asked
    # at every prohibition and modifier, the quick way. (`__weakref__`: what the greedy heuristic keeps of
    # a program's games goes with the program, decisions._Gains.)
    __slots__ = (
        "__weakref__",
        "_asks_memo",
        "_board_only_at",
        "_board_reads",
        "_current_card",
        "_declared_by_kind",
        "_each_refusal",
        "_ir_exprs",
        "_lasting_prefix",
        "_modifiers_each",
        "_native_asked",
        "_native_folder",
        "_native_thread",
        "_order_ranks",
        "_permits",
        "_repeat_count",
        "_repeat_loops",
        "_standing_adds",
        "_standing_srcs",
        "appendix",
        "asking_procedures",
        "asking_standing",
        "asking_triggers",
        "china_card",
        "codegen",
        "counted",
        "domain_sets",
        "domains",
        "domains_by_length",
        "events",
        "functions",
        "ir",
        "lasting",
        "moments",
        "native_rules",
        "primitives",
        "priorities",
        "procedures",
        "pure",
        "rule_forbid_nodes",
        "rule_forbids",
        "rule_hooks",
        "rule_modifier_nodes",
        "rule_modifiers",
        "rule_statuses",
        "rules",
        "rules_allowing",
        "sequence",
    )

    def __init__(
        self,
        ir: dict[str, Any],
        primitives: dict[str, Callable[..., Any]],
        code_cache: Path | None = None,
        counted: frozenset[str] = frozenset(),
    ) -> None:
        """`code_cache`: a folder to keep the compiled expressions in between runs (see codegen), and the
        record of the build, replayed at the next start (build_record). `counted`: rule functions whose
        calls a game counts (runtime/core/firings.py): never written out in place of a call, and built afresh
        (the recorded build writes them in place)."""
        self.counted = counted
        # The build makes tens of thousands of objects and keeps them all: the collector, which would walk
        # the IR and all made so far over and over meanwhile, is kept out of it (callgrind, solo-v2's
        # build replayed: 13% of its instructions).
        collecting = gc.isenabled()
        gc.disable()
        try:
            # (a counting build is made afresh: see `counted`)
            record = build_record.opened(code_cache, ir, primitives) if code_cache and not counted else None
            try:
                self._build(ir, primitives, code_cache, record)
            except build_record.RecordMismatch:
                assert record is not None
                self._build(ir, primitives, code_cache, record.afresh())
        finally:
            if collecting:
                gc.enable()
        kept_functions.install(self)  # (the region scoring's results kept between evaluations)
        # The board's evaluation as native code (runtime/backend/native): asked for by what evaluates
        # the board most (the search, `use_native`), or at once with TWILIGHT_NATIVE=1; never with 0, in
        # a counting build (its code is not the ruleset's own) or without a folder to keep it in.
        self.native_rules: native.NativeRules | None = None
        self._native_folder = code_cache if not counted and native.allowed() else None
        self._native_asked = False
        self._native_thread: threading.Thread | None = None
        if native.wanted():
            self.use_native(wait=True)

    def _build(
        self,
        ir: dict[str, Any],
        primitives: dict[str, Callable[..., Any]],
        code_cache: Path | None,
        record: build_record.BuildRecord | None,
    ) -> None:
        self.ir = ir
        self.primitives = primitives
        namespace: dict[str, Any] = {
            "_MISSING": _MISSING,
            "_UNBOUND": UNBOUND,
            "_pick": self._call_pick,
            "_scope": _scope,
            "_order": _order,
            **ordered_comparisons(_sortable),
        }
        # (a counting build keeps no module: its code is not the ruleset's own)
        keep = code_cache is not None and not self.counted
        module_file = module_file_for(code_cache, ir["ruleset"]["name"]) if keep and code_cache else None
        self.codegen = ExprCompiler(self, namespace, module_file, record)
        declared = self.codegen.declared
        self._ir_exprs: dict[int, tuple[Any, Expr]] = {}  # (the node kept: its id stays its own)
        self._order_ranks: dict[str, dict[Any, int]] = {}  # (order_ranks)
        self.functions: dict[str, Function] = {}
        self.procedures: dict[str, Procedure] = {}
        self.events: dict[str, Stmt] = {}
        self.rules: list[EffectItems] = []
        self.lasting: dict[tuple[str, str], EffectItems] = {}  # (card, lasting name) -> items
        self._current_card = ""
        # The numbers of the `repeat` loops whose body is compiling, innermost last (see `_choose`).
        self._repeat_loops: list[int] = []
        self._repeat_count = 0
        # "appendix." while an appendix entry compiles: its lasting effects never clash with the card's.
        self._lasting_prefix = ""
        # Which procedures and triggers' hooks can lead to a decision: their constructs keep records of
        # where they are (runtime/core/resumable.py); every other statement runs as written.
        self._asks_memo: dict[int, bool] = {}
        self.asking_procedures, self.asking_triggers = _asking(ir, primitives)
        pure = self.pure = self.codegen.pure_functions(ir["functions"])
        for name, fn in ir["functions"].items():
            params = [p["name"] for p in fn["params"]]
            with declared(f"function_{name}", f"function {name}", fn.get("src", "")):
                call = self.codegen.function(name, params, fn["body"], name in pure)
            self.functions[name] = Function(params, call)
        for name, proc in ir["procedures"].items():
            with declared(f"procedure_{name}", f"procedure {name}", proc.get("src", "")):
                body = self.body(proc["body"])
            self.procedures[name] = Procedure([p["name"] for p in proc["params"]], body, proc.get("src", ""))
        for name, card in ir["cards"].items():
            if card["event"] is not None:
                self._current_card = name
                with declared(f"card_{name}", f"the event of card {name}", card.get("src", "")):
                    body = self.body(card["event"])
                self.events[name] = counted(body, card.get("src", ""), f"the event of card '{name}'")
        self._current_card = ""
        for name, rule in ir["rules"].items():
            src = rule.get("src", "")
            with declared(f"rule_{name}", f"rule {name}", src):
                self.rules.append(self.items(f"rule:{name}", rule["items"], standing=True, src=src))
        # The triggers a standing rule's hook may lead to a decision on (the lasting effects' are told by
        # their items, EffectItems.asking_on, and found in force by the engine's index).
        self.asking_standing = frozenset(t for items in self.rules for t in items.asking_on)
        # The standing rules that allow something (asked at every action round's start: most allow nothing).
        self.rules_allowing = [items for items in self.rules if items.allows]
        # The standing rules' items by the name the engine asks about, in the rules' order.
        rule_modifiers: dict[str, list[list[tuple[str, Any, Any]]]] = {}
        rule_forbids: dict[str, list[tuple[Any, str | None]]] = {}
        self.rule_hooks: dict[str, list[list[tuple[Expr | None, Stmt]]]] = {}
        self.rule_statuses: dict[str, list[list[Expr]]] = {}
        # ...and the rule files and lines they come from, for their generated code
        self._standing_srcs: dict[str, list[str]] = {}
        for rule_items, rule in zip(self.rules, ir["rules"].values(), strict=True):
            for quantity, nodes in rule_items.modifier_nodes_of.items():
                rule_modifiers.setdefault(quantity, []).append(nodes)
                self._standing_srcs.setdefault(f"modify {quantity}", []).append(rule.get("src", ""))
            for action, forbids in rule_items.forbid_nodes_of.items():
                rule_forbids.setdefault(action, []).extend(forbids)
                self._standing_srcs.setdefault(f"forbid {action}", []).append(rule.get("src", ""))
            for trigger, hooks in rule_items.hooks_of.items():
                self.rule_hooks.setdefault(trigger, []).append(hooks)
            for status, args in rule_items.statuses_of.items():
                self.rule_statuses.setdefault(status, []).extend(args)
        # The standing prohibitions of one action, and the standing modifiers of one quantity, each as one
        # generated function of (engine, variables): the code of the first that refuses the action, or
        # None; the quantity's value after the modifiers.
        self.rule_forbids: dict[str, Callable[[Engine, dict[str, Any]], Any]] = {}
        for action, forbids in rule_forbids.items():
            with self._standing("forbid", action):
                self.rule_forbids[action] = self.codegen.first_refusal(forbids)
        # The same prohibitions as one filter of many candidates (Engine.permitted), by action and the
        # variable that holds the candidate: compiled now for the variable the runtime asks about
        # (`_CANDIDATE_OF`: and so kept with the compiled code on disk), when first asked for any other.
        self._permits: dict[tuple[str, str], Callable[..., Any] | None] = {}
        for action, forbids in rule_forbids.items():
            key = _CANDIDATE_OF.get(action, "target")
            with self._standing("forbid", action):
                self._permits[(action, key)] = self.codegen.permits(forbids, key)
        self.rule_modifiers: dict[str, Callable[..., Any]] = {}
        for quantity, sources in rule_modifiers.items():
            with self._standing("modify", quantity):
                self.rule_modifiers[quantity] = self.codegen.modifier_chain(sources)
        # The same modifiers worked out for many candidates at once (Engine.modified_each), by quantity
        # and the variable holding the candidate: compiled now for what the runtime asks that way
        # (`_EACH_MODIFIED`), when first asked for any other.
        self.rule_modifier_nodes = rule_modifiers
        self._standing_adds: dict[str, Callable[..., Any] | None] = {}  # (standing_adds)
        self._modifiers_each: dict[tuple[str, str], Callable[..., Any] | None] = {}
        for quantity, key in _EACH_MODIFIED:
            if quantity in rule_modifiers:
                with self._standing("modify", quantity):
                    each = self.codegen.modifier_each(rule_modifiers[quantity], key)
                self._modifiers_each[(quantity, key)] = each
        # Each standing prohibition on its own (Engine.refusals: every reason, not the first), compiled
        # when first asked: only a player's "why not" needs them.
        self.rule_forbid_nodes = rule_forbids
        self._each_refusal: dict[str, list[Callable[[Engine, dict[str, Any]], Any]]] = {}
        self._board_only_at: dict[tuple[str, str | None, str], bool] = {}  # (reads_board_only_at)
        self._board_reads: dict[str, BoardReads | None] = {}  # (board_reads)
        with declared("sequence", "the sequence", ir["sequence"].get("src", "")):
            self.sequence = self.body(ir["sequence"]["body"])
        self.moments: dict[str, Moment] = {}
        for name, m in ir.get("moments", {}).items():
            with declared(f"moment_{name}", f"moment {name}", m.get("src", "")):
                body = self.body(m["body"])
            self.moments[name] = Moment(
                bool(m["setup"]), [(p["name"], p["type"]) for p in m["params"]], body, m.get("src", "")
            )
        self.appendix: dict[str, AppendixEntry] = {}
        self._lasting_prefix = "appendix."
        for name, entry in ir.get("appendix", {}).items():
            self._current_card = name
            src, what = entry.get("src", ""), f"the appendix entry of card '{name}'"
            with declared(f"appendix_{name}", f"the appendix entry of card {name}", src):
                self.appendix[name] = AppendixEntry(
                    events=[
                        AppendixEvent(
                            moments=[(m["moment"], m["region"]) for m in e["moments"]],
                            when=self.expr(e["when"]) if e["when"] is not None else None,
                            resolve=counted(self.body(e["resolve"]), src, what)
                            if e["resolve"] is not None
                            else None,
                        )
                        for e in entry["events"]
                    ],
                    reaction=counted(self.body(entry["reaction"]), src, what)
                    if entry["reaction"] is not None
                    else None,
                    against_human=counted(self.body(entry["against_human"]), src, what)
                    if entry["against_human"] is not None
                    else None,
                )
        self._current_card = ""
        self._lasting_prefix = ""
        self.priorities: dict[str, PriorityList] = {}
        for name, node in ir.get("priorities", {}).items():
            with declared(f"priority_{name}", f"priority list {name}", node.get("src", "")):
                self.priorities[name] = PriorityList(name, node, self.codegen)
        # What a priority list chooses among, by its target's type (map order: the last tie-break).
        self.domains: dict[str, list[Any]] = {
            "country": list(ir["map"]["countries"]),
            "region": list(ir["map"]["regions"]),
            "card": list(ir["cards"]),
            "side": list(SIDES),
        }
        # (the same, as sets: an AI answer tells a question's kind by whether every option is one)
        self.domain_sets = {kind: frozenset(items) for kind, items in self.domains.items()}
        # ...by their length, for a list that a rule asks `in` about to be told to be one of them and get
        # its set at once (`all_countries()`, a list made at each call, is the whole map: codegen._as_set)
        self.domains_by_length: dict[int, list[tuple[list[Any], frozenset[Any]]]] = {}
        for kind, items in self.domains.items():
            self.domains_by_length.setdefault(len(items), []).append((items, self.domain_sets[kind]))
        # The China Card: the card with no event (asked at every card play).
        self.china_card = registry.THE_CHINA_CARD.name  # (a role of the contract: every ruleset declares it)
        # The declarations of each kind a need may name (`needed` is on hot paths)
        self._declared_by_kind: dict[str, dict[str, Any]] = {
            "function": self.functions,
            "procedure": self.procedures,
            "priority": self.priorities,
            "table": self.ir["tables"],
        }
        self.codegen.save()  # (a counting build keeps no module of its own: `module_file`)

    # ------------------------------------------------------------------ the runtime contract

    def use_native(self, wait: bool = False) -> None:
        """Put the native evaluation in place (runtime/backend/native): at once when its module was built
        before, else once the C compiler has built it, in a thread of its own unless `wait`. Nothing
        changes in the games meanwhile or after: the native code answers as the Python code does."""
        if self._native_asked or self._native_folder is None:
            building = self._native_thread
            if wait and building is not None:
                building.join()  # (asked for before, being built: waited for now)
            return
        self._native_asked = True
        folder = self._native_folder
        prepared = native.prepare(self)

        def install() -> None:
            self.native_rules = native.install(self, folder, prepared)

        if wait or native.built_before(prepared, self, folder):
            install()
        else:
            building = self._native_thread = threading.Thread(
                target=install, name="twilight native rules", daemon=True
            )
            building.start()

    def needed(self, need: registry.Need) -> Any:
        """The ruleset's declaration that the runtime calls by name (registry.Need): a Function, a
        Procedure, a PriorityList, or a table's IR. `twilight check` refuses a ruleset without it; an IR
        made some other way that lacks it stops the game with a RuleError naming the contract."""
        found = self._declared_by_kind[need.kind].get(need.name)
        if found is None:
            raise RuleError(
                "contract",
                f"the ruleset has no {need.kind} '{need.name}', which the runtime needs: {need.doc} "
                '(`twilight check` refuses such a ruleset: see "What the runtime needs from a ruleset")',
            )
        return found

    def permits(self, action: str, key: str) -> Callable[..., Any] | None:
        """The standing prohibitions of one action as a filter `f(engine, variables, candidates)` of the
        candidates none refuses, each bound to `key` (codegen.permits); None when there is none."""
        found = self._permits.get((action, key), _MISSING)
        if found is _MISSING:
            nodes = self.rule_forbid_nodes.get(action)
            with self._standing("forbid", action):
                found = self._permits[(action, key)] = self.codegen.permits(nodes, key) if nodes else None
        return found  # type: ignore[return-value]

    def modifiers_each(self, quantity: str, key: str) -> Callable[..., Any] | None:
        """The standing modifiers of one quantity as a generator `f(engine, variables, candidates, base)`
        of each candidate with its value, each bound to `key` (codegen.modifier_each); None when there is
        none."""
        found = self._modifiers_each.get((quantity, key), _MISSING)
        if found is _MISSING:
            nodes = self.rule_modifier_nodes.get(quantity)
            with self._standing("modify", quantity):
                found = self._modifiers_each[(quantity, key)] = (
                    self.codegen.modifier_each(nodes, key) if nodes else None
                )
        return found  # type: ignore[return-value]

    def standing_adds(self, quantity: str) -> Callable[..., Any] | None:
        """The standing rules' `by` items of one quantity alone, as `f(engine, variables, value)`: what
        they add once a lasting effect's `to` has set the value (Engine.modified); None when there is
        none. Compiled when first asked: few games ever need it."""
        found = self._standing_adds.get(quantity, _MISSING)
        if found is _MISSING:
            sources = [
                adds
                for source in self.rule_modifier_nodes.get(quantity, [])
                if (adds := [step for step in source if step[0] == "by"])
            ]
            with self._standing("modify", quantity):
                chain = self.codegen.modifier_chain(sources) if sources else None
            found = self._standing_adds[quantity] = chain
        return found  # type: ignore[return-value]

    def reads_board_only_at(self, action: str, quantity: str | None, key: str) -> bool:
        """Whether the standing prohibitions of the action (and modifiers of the quantity) read the live
        board (influence, placements) only at the country the variable `key` holds (locality.py):
        worked out once."""
        found = self._board_only_at.get((action, quantity, key))
        if found is None:
            nodes = [when for when, _ in self.rule_forbid_nodes.get(action, [])]
            sources = self.rule_modifier_nodes.get(quantity, []) if quantity is not None else []
            nodes += [part for source in sources for step in source for part in step[1:]]
            found = reads_board_only_at(nodes, frozenset({key}), self.ir.get("functions", {}))
            self._board_only_at[(action, quantity, key)] = found
        return found

    def board_reads(self, function: str) -> BoardReads | None:
        """What the rule function reads of a game, when that is only the influence in some countries
        (core/board_reads.py; locality.board_reads): worked out once."""
        found = self._board_reads.get(function, _MISSING)
        if found is _MISSING:
            found = self._board_reads[function] = board_reads(self.ir, function)
        return found  # type: ignore[return-value]

    def each_refusal(self, action: str) -> list[Callable[[Engine, dict[str, Any]], Any]]:
        """The standing prohibitions of one action, each as its own function of (engine, variables): its
        code when it refuses, else None."""
        found = self._each_refusal.get(action)
        if found is None:
            nodes = self.rule_forbid_nodes.get(action, [])
            with self._standing("forbid", action):
                found = self._each_refusal[action] = [self.codegen.first_refusal([node]) for node in nodes]
        return found

    def _standing(self, kind: str, name: str) -> Any:
        """The declaration the generated code of the standing rules' prohibitions of an action (`forbid`)
        or modifiers of a quantity (`modify`) is written under: the rules' files and lines."""
        srcs = ", ".join(dict.fromkeys(src for src in self._standing_srcs.get(f"{kind} {name}", []) if src))
        words = "prohibitions of" if kind == "forbid" else "modifiers of"
        return self.codegen.declared(f"{kind}_{name}", f"the standing {words} {name}", srcs)

    # ------------------------------------------------------------------ expressions
    def expr(self, node: Any) -> Expr:
        """The expression as a Python function of a frame (generated code, runtime/backend/codegen.py)."""
        return self.codegen.compile(node)

    def order_ranks(self, order: str) -> dict[Any, int]:
        """Each item of a declared order by its rank (1 for the first; an item written twice keeps its
        first place): looked up, not searched for along the order, as the AI's last tie-break asks of
        every candidate."""
        found = self._order_ranks.get(order)
        if found is None:
            found = {}
            for rank, item in enumerate(self.ir["orders"][order]["items"], 1):
                found.setdefault(item, rank)
            self._order_ranks[order] = found
        return found

    def expr_of_ir(self, node: Any) -> Expr:
        """`expr` for the primitives and checks that come to an IR expression while the game runs (a
        table's roll, a victory condition): made once per node of this program's IR (the IR is never
        changed once loaded), not written out and hashed again at every call."""
        found = self._ir_exprs.get(id(node))
        if found is None or found[0] is not node:
            found = self._ir_exprs[id(node)] = (node, self.codegen.compile(node))
        return found[1]

    def _call_pick(self, engine: Engine, name: str, values: list[Any]) -> Any:
        """The target the list picks now. Inside another evaluation (a list asked from another list's
        conditions, once per candidate) the board cannot change, so the pick is made once and
        remembered there like a pure function's result (and traced once)."""
        memo = engine.memo
        key: Any = None
        plist = self.priorities[name]
        if memo is not None:
            # (a list argument, the countries offered, is part of the key as a tuple)
            key = ("pick", name, *values)
            if list in map(type, values):
                parts = []  # (a loop: in 3.11 a comprehension makes a function at each call)
                for v in values:
                    if type(v) is list:
                        # (a list asked about once per candidate, the countries offered: made a tuple
                        # once per evaluation, kept with the list itself, which the evaluation cannot
                        # change and which, held, keeps its id its own)
                        made = memo.get((_TUPLE_OF, id(v)))
                        if made is None or made[0] is not v:
                            made = memo[(_TUPLE_OF, id(v))] = (v, tuple(v))
                        v = made[1]
                    parts.append(v)
                key = ("pick", name, *parts)
            found = memo.get(key, _MISSING)  # (None is a pick's answer too)
            if found is not _MISSING:
                return found
        params = plist.params
        if len(params) != len(values):  # (zip's strict=True, which parses keywords at every pick: told here)
            raise ValueError(f"priority list {name} takes {len(params)} arguments, given {len(values)}")
        frame = Frame(engine, dict(zip(params, values)))  # noqa: B905
        # (the program's own domain, by its name: PriorityList.pick)
        domain = self.domains.get(plist.target_type)
        named = None if domain is None else plist.target_type
        if engine.ai_timings is None:  # (no decision is timed: no context to enter, Engine.ai_deciding)
            chosen = plist.pick(frame, [] if domain is None else domain, named)
        else:
            with engine.ai_deciding():
                chosen = plist.pick(frame, [] if domain is None else domain, named)
        if memo is not None:
            memo[key] = chosen
        return chosen

    # ------------------------------------------------------------------ statements
    def _phases(self, node: dict[str, Any], tracked: bool = False) -> Stmt:
        """A moment's `phases from P [until Q]`: the sequence's statements from P up to Q (or its block's
        end). In the turn loop, the loop's variable is the moment's variable of that name, else the turn
        marker; a `stop` among them ends them."""
        found = _phase_block(self.ir["sequence"]["body"], node["phases"], None)
        if found is None:  # the compiler refuses it (E450)
            raise ValueError(f"the sequence has no phase '{node['phases']}'")
        block, loop_var = found
        names = [s.get("phase") for s in block]
        start = names.index(node["phases"])
        end = names.index(node["until"]) if node.get("until") else len(block)
        part = self.body(block[start:end]) if end > start else None

        def phases(f: Frame) -> None:
            if part is None:
                return
            e = f.engine
            rec = e.enter("phases") if tracked and e.track else None
            frame = rec.frame if rec is not None else None
            if frame is None:
                variables = {} if loop_var is None else {loop_var: f.vars.get(loop_var, e.state.turn)}
                frame = Frame(e, variables)
                if rec is not None:
                    rec.frame = frame
            with contextlib.suppress(StopLoop):
                part(frame)
            if rec is not None:
                e.leave(rec)

        return phases

    def asks(self, node: Any) -> bool:
        """Whether the statement can lead to a decision (then it keeps a record of where it is)."""
        found = self._asks_memo.get(id(node))
        if found is None:
            found = self._asks_memo[id(node)] = _statement_asks(
                node, self.asking_procedures, self.asking_triggers, self.primitives, self.ir
            )
        return found

    def body(self, stmts: list[Any]) -> Stmt:
        """A block of statements. One that can lead to a decision keeps a record of the statement it is
        at (`_tracked_block`); the statements between those that can are run as one plain block each."""
        if not any(self.asks(s) for s in stmts):
            return self._plain_body(stmts)
        parts: list[Stmt] = []
        plain: list[Any] = []
        for s in stmts:
            if self.asks(s):
                if plain:
                    parts.append(self._plain_body(plain))
                    plain = []
                parts.append(self.stmt(s))
            else:
                plain.append(s)
        if plain:
            parts.append(self._plain_body(plain))
        if len(parts) == 1:
            return parts[0]  # (one statement: its own record says where it is)
        return _tracked_block(parts)

    def _plain_body(self, stmts: list[Any]) -> Stmt:
        if any(_written_out(s) for s in stmts):
            lines: list[str] = []
            self._block_lines(stmts, 1, lines)
            return self.codegen.block(lines)
        compiled = [self.stmt(s) for s in stmts]
        if len(compiled) == 1:
            return compiled[0]

        def run(f: Frame) -> None:
            for s in compiled:
                s(f)

        return run

    def _block_lines(self, stmts: list[Any], depth: int, lines: list[str]) -> None:
        """The lines of a block's function (codegen.block) that run the statements: an assignment and
        an `if` written out (their expressions too, mostly: codegen.block_value), an effect's call
        written out (codegen.block_effect), a procedure's call with its arguments written out
        (`_procedure_call`), any other statement a call of its function (`stmt`). Blocks nested deeper
        than Python allows in one function (an `else if` chain is a nesting) are functions of their
        own."""
        indent = "    " * depth
        for s in stmts:
            kind = _written_out(s)
            if kind == "assign":
                name = s.get("let") or s["set"]
                lines.append(f"{indent}V[{name!r}] = {self.codegen.block_value(stored(s['value']))}")
            elif kind == "if" and depth < _BLOCK_DEPTH:
                lines.append(f"{indent}if {self.codegen.block_value(s['if'])}:")
                if s["then"]:
                    self._block_lines(s["then"], depth + 1, lines)
                else:
                    lines.append(f"{indent}    pass")
                if s["else"]:
                    lines.append(f"{indent}else:")
                    self._block_lines(s["else"], depth + 1, lines)
            elif kind == "effect":
                code = self.codegen.block_effect({"call": _stored_arguments(s["do"])})
                if code is None:
                    lines.append(indent + self.codegen.block_statement(self.stmt(s)))
                else:
                    # (an effect inside an evaluation, a look-ahead's `happen`, runs with the memory
                    # closed and leaves it empty: as `stmt` runs it)
                    written = [
                        "if e.memo is None:",
                        f"    {code}",
                        "else:",
                        "    _memo = e.memo",
                        "    e.memo = None",
                        "    try:",
                        f"        {code}",
                        "    finally:",
                        "        _memo.clear()",
                        "        e.memo = _memo",
                    ]
                    lines += [indent + line for line in written]
            elif kind == "run" and self._arguments_fit(s):
                params = [p["name"] for p in self.ir["procedures"][s["run"]]["params"]]
                values = [
                    f"{p!r}: {self.codegen.block_value(stored(a))}"
                    for p, a in zip(params, s["args"], strict=True)
                ]
                call = self.codegen.block_statement(self._procedure_call(s), "{" + ", ".join(values) + "}")
                lines.append(indent + call + src_comment(s.get("src", "")))  # (its own rule line)
            else:
                lines.append(indent + self.codegen.block_statement(self.stmt(s)))

    def _arguments_fit(self, node: dict[str, Any]) -> bool:
        """Whether a `run` statement gives the procedure it names one argument per parameter (the
        compiler sees to it: an IR made some other way is told at the call, by `stmt`'s own)."""
        proc = self.ir["procedures"].get(node["run"])
        return proc is not None and len(proc["params"]) == len(node["args"])

    def _procedure_call(self, node: dict[str, Any]) -> Callable[[Frame, dict[str, Any]], None]:
        """A `run` statement of a block's function: the procedure run with the variables its arguments
        give (worked out in the block's function), as one step."""
        name, src, what = node["run"], node.get("src", ""), f"the call of procedure '{node['run']}'"

        def run_procedure(f: Frame, variables: dict[str, Any]) -> None:
            engine = f.engine
            engine.steps_left -= 1
            if engine.steps_left < 0:
                engine.out_of_steps(src, what)
            if engine.firings is not None:  # (a procedure called by another fires as one the engine calls)
                engine.firings["procedure", name] += 1
            try:
                # (the procedure may be compiled after this call of it)
                self.procedures[name].body(Frame(engine, variables))
            except RecursionError:
                raise too_deep(src, what) from None

        return run_procedure

    def stmt(self, node: dict[str, Any]) -> Stmt:
        if node.get("src"):  # (a statement with a rule line of its own: its code is written under it)
            with self.codegen.at(node["src"]):
                return self._tracked_stmt(node) if self.asks(node) else self._plain_stmt(node)
        if self.asks(node):
            return self._tracked_stmt(node)
        return self._plain_stmt(node)

    def _plain_stmt(self, node: dict[str, Any]) -> Stmt:
        if "do" in node:
            call = self.codegen.effect({"call": _stored_arguments(node["do"])})

            def effect(f: Frame) -> None:
                engine = f.engine
                if engine.memo is None:
                    call(f)
                    return
                # An effect inside an evaluation (a look-ahead's `happen` run on this very engine): the
                # results remembered so far may no longer hold once it has run.
                saved, engine.memo = engine.memo, None
                try:
                    call(f)
                finally:
                    saved.clear()
                    engine.memo = saved

            return effect
        if "run" in node:
            # (a block writes the call out when its arguments fit the procedure: `_block_lines`; this is
            # the call of one they may not fit, which the pairing refuses)
            name, args = node["run"], [self.expr(stored(a)) for a in node["args"]]
            run = self._procedure_call(node)

            def run_procedure(f: Frame) -> None:
                values = [a(f) for a in args]
                run(f, dict(zip(self.procedures[name].params, values, strict=True)))

            return run_procedure
        if "let" in node or "set" in node:
            name = node.get("let") or node["set"]
            value = self.expr(stored(node["value"]))

            def assign(f: Frame) -> None:
                f.vars[name] = value(f)

            return assign
        if "if" in node:
            cond, then, other = self.expr(node["if"]), self.body(node["then"]), self.body(node["else"])
            if not node["else"]:  # (most: nothing to do when the condition fails)

                def branch_without_else(f: Frame) -> None:
                    if cond(f):
                        then(f)

                return branch_without_else

            def branch(f: Frame) -> None:
                if cond(f):
                    then(f)
                else:
                    other(f)

            return branch
        if "for_each" in node:
            return self._for_each(node)
        if "repeat" in node:
            return self._repeat(node)
        if "while" in node:
            cond, body = self.expr(node["while"]), self.body(node["body"])
            src = node.get("src", "")

            def loop(f: Frame) -> None:
                engine = f.engine
                try:
                    while cond(f):
                        engine.steps_left -= 1
                        if engine.steps_left < 0:
                            engine.out_of_steps(src, "the `while` loop")
                        body(f)
                except StopLoop:
                    pass

            return loop
        if "choose" in node:
            return self._choose(node)
        if "decide" in node:
            return self._decide(node)
        if "lasting" in node:
            return self._lasting(node)
        if "phase" in node:
            name, label, body = node["phase"], node["label"], self.body(node["body"])

            def phase(f: Frame) -> None:
                if not f.engine.dice_only_trace:  # (a quiet engine keeps only the dice)
                    f.engine.trace("phase", phase=name, label=label)
                body(f)

            return phase
        if "phases" in node:
            return self._phases(node)
        if "stop" in node:

            def stop(f: Frame) -> None:
                raise StopLoop

            return stop
        raise ValueError(f"unknown IR statement {node!r}")

    def _tracked_stmt(self, node: dict[str, Any]) -> Stmt:
        """A statement that can lead to a decision: it keeps a record of where it is while it runs
        (runtime/core/resumable.py), from which a copy of the game takes it up again. In a game that keeps no
        records (a look-ahead) it runs as the plain statement does."""
        if "choose" in node:
            return self._choose(node, tracked=True)
        if "decide" in node:
            return self._decide(node, tracked=True)
        if "do" in node:
            return self._tracked_effect(node)
        if "run" in node:
            return self._tracked_call(node)
        if "if" in node:
            cond, then, other = self.expr(node["if"]), self.body(node["then"]), self.body(node["else"])

            def branch(f: Frame) -> None:
                e = f.engine
                if not e.track:
                    (then if cond(f) else other)(f)
                    return
                rec = e.enter("if")
                if rec.pc == 0:
                    rec.pc = 1 if cond(f) else 2
                (then if rec.pc == 1 else other)(f)
                e.leave(rec)

            return branch
        if "for_each" in node:
            return self._for_each(node, tracked=True)
        if "repeat" in node:
            return self._repeat(node, tracked=True)
        if "while" in node:
            cond, body = self.expr(node["while"]), self.body(node["body"])
            src = node.get("src", "")

            def loop(f: Frame) -> None:
                e = f.engine
                rec = e.enter("while") if e.track else None
                try:
                    if rec is not None and rec.pc == 1:
                        body(f)  # (taken up again inside its body)
                        rec.pc = 0
                    while cond(f):
                        e.steps_left -= 1
                        if e.steps_left < 0:
                            e.out_of_steps(src, "the `while` loop")
                        if rec is not None:
                            rec.pc = 1
                        body(f)
                        if rec is not None:
                            rec.pc = 0
                except StopLoop:
                    pass
                if rec is not None:
                    e.leave(rec)

            return loop
        if "phase" in node:
            name, label, body = node["phase"], node["label"], self.body(node["body"])

            def phase(f: Frame) -> None:
                e = f.engine
                if not e.track:
                    if not e.dice_only_trace:  # (a quiet engine keeps only the dice)
                        e.trace("phase", phase=name, label=label)
                    body(f)
                    return
                rec = e.enter("phase")
                if rec.pc == 0:
                    if not e.dice_only_trace:  # (a quiet engine keeps only the dice)
                        e.trace("phase", phase=name, label=label)
                    rec.pc = 1
                body(f)
                e.leave(rec)

            return phase
        if "phases" in node:
            return self._phases(node, tracked=True)
        raise ValueError(f"no statement of this kind leads to a decision: {node!r}")

    def _tracked_effect(self, node: dict[str, Any]) -> Stmt:
        """An effect that can lead to a decision: its arguments, worked out once, are kept in its record
        (taken up again, it is called with them, and takes up its own records)."""
        ((name, args),) = node["do"].items()
        implementation = self.primitives[name]
        arguments = [self.expr(stored(a)) for a in args]
        plain = self._plain_stmt(node)

        def effect(f: Frame) -> None:
            e = f.engine
            if not e.track:
                plain(f)
                return
            rec = e.enter("do")
            if rec.data is None:
                rec.data = [a(f) for a in arguments]
            implementation(e, *rec.data)
            e.leave(rec)

        return effect

    def _tracked_call(self, node: dict[str, Any]) -> Stmt:
        """A call of a procedure that can lead to a decision: the frame of its variables is kept in its
        record."""
        name, args = node["run"], [self.expr(stored(a)) for a in node["args"]]
        src, what = node.get("src", ""), f"the call of procedure '{node['run']}'"

        def call(f: Frame) -> None:
            e = f.engine
            rec = e.enter("call") if e.track else None
            frame = rec.frame if rec is not None else None
            if frame is None:
                values = [a(f) for a in args]
                e.steps_left -= 1
                if e.steps_left < 0:
                    e.out_of_steps(src, what)
                frame = Frame(e, dict(zip(self.procedures[name].params, values, strict=True)))
                if rec is not None:
                    rec.frame = frame
                if e.firings is not None:  # (counted once, when entered: not again when resumed)
                    e.firings["procedure", name] += 1
            try:
                # (the procedure may be compiled after this call of it)
                self.procedures[name].body(frame)
            except RecursionError:
                raise too_deep(src, what) from None
            if rec is not None:
                e.leave(rec)

        return call

    def _for_each(self, node: dict[str, Any], tracked: bool = False) -> Stmt:
        bind, source, body = node["for_each"], self.expr(node["in"]), self.body(node["body"])
        where = self.expr(node["where"]) if node["where"] is not None else None

        def loop(f: Frame) -> None:
            try:
                for x in list(source(f)):
                    f.vars[bind] = x
                    if where is None or where(f):
                        body(f)
            except StopLoop:
                pass

        if not tracked:
            return loop

        def loop_tracked(f: Frame) -> None:
            # The record's data: the items, the one at hand, whether its body runs (its `where` passed).
            e = f.engine
            if not e.track:
                loop(f)
                return
            rec = e.enter("for_each")
            d = rec.data
            if d is None:
                d = rec.data = [list(source(f)), 0, False]
            items = d[0]
            try:
                while d[1] < len(items):
                    f.vars[bind] = items[d[1]]
                    if d[2] or where is None or where(f):
                        d[2] = True
                        body(f)
                        d[2] = False
                    d[1] += 1
            except StopLoop:
                pass
            e.leave(rec)

        return loop_tracked

    def _repeat(self, node: dict[str, Any], tracked: bool = False) -> Stmt:
        count, bind = self.expr(node["repeat"]), node["as"]
        self._repeat_count += 1
        number = self._repeat_count
        self._repeat_loops.append(number)
        try:
            body = self.body(node["body"])
        finally:
            self._repeat_loops.pop()
        src = node.get("src", "")

        def loop(f: Frame) -> None:
            engine = f.engine
            if f.repeats is None:
                f.repeats = {}
            passes = count(f)
            try:
                for i in range(1, passes + 1):
                    engine.steps_left -= 1
                    if engine.steps_left < 0:
                        engine.out_of_steps(src, "the `repeat` loop")
                    if bind:
                        f.vars[bind] = i
                    f.repeats[number] = (i, passes)
                    body(f)
            except StopLoop:
                pass
            finally:
                f.repeats.pop(number, None)

        if not tracked:
            return loop

        def loop_tracked(f: Frame) -> None:
            # The record's data: the passes, the pass at hand.
            e = f.engine
            if not e.track:
                loop(f)
                return
            rec = e.enter("repeat")
            if f.repeats is None:
                f.repeats = {}
            d = rec.data
            taken_up = d is not None  # (its pass counted already)
            if d is None:
                d = rec.data = [count(f), 1]
            try:
                while d[1] <= d[0]:
                    if not taken_up:
                        e.steps_left -= 1
                        if e.steps_left < 0:
                            e.out_of_steps(src, "the `repeat` loop")
                    taken_up = False
                    if bind:
                        f.vars[bind] = d[1]
                    f.repeats[number] = (d[1], d[0])
                    body(f)
                    d[1] += 1
            except StopLoop:
                pass
            f.repeats.pop(number, None)
            e.leave(rec)

        return loop_tracked

    def _choose(self, node: dict[str, Any], tracked: bool = False) -> Stmt:
        bind, source = node["choose"], self.expr(node["in"])
        where = self.expr(node["where"]) if node["where"] is not None else None
        by = self.expr(node["by"])
        count = self.expr(node["count"]) if node["count"] is not None else None
        up_to = self.expr(node["up_to"]) if node["up_to"] is not None else None
        distinct, optional, decision = node["distinct"], node["optional"], node["decision"]
        body, otherwise = self.body(node["body"]), self.body(node["otherwise"])
        intent = choice_intent(bind, node["by"], node["body"])
        context: dict[str, Any] = {"intent": intent}
        # The innermost `repeat` around this choice (in this procedure's text): its pass is the pick's number.
        loop_number = self._repeat_loops[-1] if self._repeat_loops else None
        refusals = self._refusals(node["where"])
        # The `where` asked of every item with one memory of pure function results, when it calls any and
        # may be asked in any order (no pick, no die, no function that is not pure): nothing changes
        # from one item to the next (the draft's balance asks the operations of the cards offered and
        # kept for each card).
        remembering = where is not None and self.codegen.worth_remembering(node["where"])

        def kept_by_where(f: Frame, domain: list[Any]) -> list[Any]:
            assert where is not None
            kept = []
            for x in domain:
                f.vars[bind] = x
                if where(f):
                    kept.append(x)
            return kept

        def question(f: Frame) -> tuple[Any, list[Any], int, int, dict[str, Any]]:
            """Who chooses, among what, how many, told what."""
            domain = list(source(f))
            if where is None:
                if domain:
                    f.vars[bind] = domain[-1]  # (as asking each item in turn leaves it)
                options = _distinct(domain)
            elif remembering and f.engine.memo is None:
                f.engine.memo = {}
                try:
                    options = _distinct(kept_by_where(f, domain))
                finally:
                    f.engine.memo = None
            else:
                options = _distinct(kept_by_where(f, domain))
            context_now = context
            at = f.repeats.get(loop_number) if loop_number is not None and f.repeats else None
            if at is not None:
                progress = {"pick": at[0], "picks": at[1], "from": len(domain)}
                context_now = {**context_now, "progress": progress}
            if refusals and len(options) < len(domain):
                refused = self._refused_by(refusals, f, bind, domain, options)
                context_now = {**context_now, "refused": refused}
            chooser = by(f)
            if intent == "discard":
                options = [x for x in options if f.engine.forbidden("discard", actor=chooser, card=x) is None]
            elif intent == "place":
                # Rules may narrow where a side puts influence it places by an event (solo headline).
                # (every item asked at once, `forbidden` for many targets: the prohibitions read what no
                # target changes once, not once per country of the map)
                card = f.vars.get("this_card")
                options = list(
                    f.engine.permitted("event_influence", "target", options, actor=chooser, card=card)
                )
            if count is not None:
                wanted = count(f)
                low, high = wanted, wanted
            elif up_to is not None:
                low, high = 1, up_to(f)
            else:
                low, high = 1, 1
            if distinct:
                high = min(high, len(options))
                low = min(low, high)
            if optional:
                low = 0
            return chooser, options, low, high, context_now

        def choose(f: Frame) -> None:
            chooser, options, low, high, context_now = question(f)
            picks: list[Any] = []
            if options and high > 0:
                picks = f.engine.ask(decision, chooser, options, low, high, distinct, context_now)
            if not picks:
                otherwise(f)
                return
            for x in picks:
                f.vars[bind] = x
                body(f)

        if not tracked:
            return choose

        def choose_tracked(f: Frame) -> None:
            # The record: pc 0 starting, 1 asking (the decision in it), 2 the picks' bodies (data: the
            # picks, the one whose body runs), 3 `otherwise`.
            e = f.engine
            if not e.track:
                choose(f)
                return
            rec = e.enter("choose")
            if rec.pc == 0:
                chooser, options, low, high, context_now = question(f)
                picks: list[Any] = []
                if options and high > 0:
                    rec.pc = 1
                    picks = e.ask_at(rec, decision, chooser, options, low, high, distinct, context_now)
                rec.data = [picks, 0]
                rec.pc = 2 if picks else 3
            elif rec.pc == 1:
                picks = e.ask_at(rec, decision, "", [], 0, 0, distinct)  # (the decision kept in the record)
                rec.data = [picks, 0]
                rec.pc = 2 if picks else 3
            if rec.pc == 3:
                otherwise(f)
            else:
                d = rec.data
                picks = d[0]
                while d[1] < len(picks):
                    f.vars[bind] = picks[d[1]]
                    body(f)
                    d[1] += 1
            e.leave(rec)

        return choose_tracked

    def _refusals(self, where: dict[str, Any] | None) -> list[tuple[Expr, str | None]]:
        """The parts of a `choose`'s `where` joined by `and`, compiled one by one, each with the rule
        function it calls (None for a membership test such as `c not in kept`: a pick already made or a
        list the rule names, which needs no word, or for any other test, which has no name to give).
        Empty when no part is a function's call: nothing would be said."""
        if where is None:
            return []
        parts: list[dict[str, Any]] = []
        pending = [where]
        while pending:
            part = pending.pop(0)
            if isinstance(part, dict) and part.get("op") == "and":
                pending[0:0] = part["args"]
            else:
                parts.append(part)
        named = [part.get("fn") if isinstance(part, dict) and "fn" in part else None for part in parts]
        if not any(name in self.ir["functions"] for name in named):
            return []
        return [
            (self.expr(part), name if name in self.ir["functions"] else None)
            for part, name in zip(parts, named, strict=True)
        ]

    def _refused_by(
        self,
        refusals: list[tuple[Expr, str | None]],
        f: Frame,
        bind: str,
        domain: list[Any],
        options: list[Any],
    ) -> Callable[[], list[tuple[Any, str]]]:
        """What a player may ask of a choice: the candidates the `where` refused because a rule function
        said no, each with that function's name (the first part of the `where` that fails, evaluated by the
        engine as the `where` itself is). Computed only when asked (a screen asks; an AI does not)."""
        saved = dict(f.vars)
        engine = f.engine

        def refused() -> list[tuple[Any, str]]:
            frame = Frame(engine, dict(saved))
            out: list[tuple[Any, str]] = []
            for x in domain:
                if x in options or any(x == seen for seen, _ in out):
                    continue
                frame.vars[bind] = x
                for test, name in refusals:
                    if not test(frame):
                        if name is not None:
                            out.append((x, name))
                        break
            return out

        return refused

    def _decide(self, node: dict[str, Any], tracked: bool = False) -> Stmt:
        decision, by = node["decide"], self.expr(node["by"])
        options = [
            (o["name"], self.expr(o["when"]) if o["when"] is not None else None, self.body(o["body"]))
            for o in node["options"]
        ]
        body_of = {name: body for name, _, body in options}

        def question(f: Frame) -> tuple[Any, list[str], dict[str, Any]] | None:
            open_options = [(name, body) for name, when, body in options if when is None or when(f)]
            if not open_options:
                return None
            names = [name for name, _ in open_options]
            bodies = dict(open_options)
            saved = dict(f.vars)

            def tried(name: str) -> Callable[[Engine], None]:
                # A player that looks ahead (the solo AI) may play an option on a copy of the game.
                return lambda copy: bodies[name](Frame(copy, dict(saved)))

            # (`vars`: the rule's variables as it asks, for the question's words: a message may name
            # what the rule worked out, such as the countries a way out takes from; cli/session/question.py)
            return by(f), names, {"intent": "decide", "try": tried, "vars": saved}

        def decide(f: Frame) -> None:
            asked = question(f)
            if asked is None:
                return
            chooser, names, context = asked
            (answer,) = f.engine.ask(decision, chooser, names, 1, 1, True, context)
            body_of[answer](f)

        if not tracked:
            return decide

        def decide_tracked(f: Frame) -> None:
            # The record: pc 0 starting, 1 asking, 2 the chosen option's body (data: its name).
            e = f.engine
            if not e.track:
                decide(f)
                return
            rec = e.enter("decide")
            if rec.pc == 0:
                asked = question(f)
                if asked is None:
                    e.leave(rec)
                    return
                chooser, names, context = asked
                rec.pc = 1
                (rec.data,) = e.ask_at(rec, decision, chooser, names, 1, 1, True, context)
                rec.pc = 2
            elif rec.pc == 1:
                (rec.data,) = e.ask_at(rec, decision, "", [], 1, 1, True)  # (the decision kept in the record)
                rec.pc = 2
            body_of[rec.data](f)
            e.leave(rec)

        return decide_tracked

    def _lasting(self, node: dict[str, Any]) -> Stmt:
        name = node["lasting"]
        key = (self._current_card, self._lasting_prefix + name)
        card_src = self.ir["cards"].get(self._current_card, {}).get("src", "")
        self.lasting[key] = self.items(f"card:{key[0]}:{name}", node["items"], src=card_src)
        until, until_args = node["until"], [self.expr(a) for a in node["until_args"]]

        def start(f: Frame) -> None:
            f.engine.start_lasting(key, until, [a(f) for a in until_args], f.vars)

        return start

    # ------------------------------------------------------------------ rule items
    def items(
        self, source: str, items: list[dict[str, Any]], standing: bool = False, src: str = ""
    ) -> EffectItems:
        """A rule's or a lasting block's items, compiled. A standing rule's prohibitions and modifiers
        are kept as IR only (`forbid_nodes_of`, `modifier_nodes_of`): the Program compiles all the
        standing ones of an action or quantity into one function; a lasting block's are compiled here."""
        out = EffectItems(source)
        for item in items:
            when_node = item.get("when")
            if standing and ("modify" in item or "forbid" in item):
                if "modify" in item:
                    nodes = out.modifier_nodes_of.setdefault(item["modify"], [])
                    nodes.append((item["mode"], item["value"], when_node))
                else:
                    for action in item["forbid"]:
                        out.forbid_nodes_of.setdefault(action, []).append((when_node, item["code"]))
                continue
            when = self.expr(when_node) if when_node is not None else None
            if "modify" in item:
                out.modifiers.append((item["modify"], item["mode"], self.expr(item["value"]), when))
            elif "forbid" in item:
                out.forbids.append((tuple(item["forbid"]), when, item["code"]))
            elif "on" in item:
                hook_src, what = item.get("src", src), f"the hook `on {item['on']}`"
                with self.codegen.at(hook_src):
                    body = self.body(item["body"])
                out.hooks.append((item["on"], when, counted(body, hook_src, what)))
                if any(self.asks(s) for s in item["body"]):
                    out.asking_on = out.asking_on | {item["on"]}
            elif "allow" in item:
                out.allows.append((item["allow"], self.expr(item["by"]), when, self.body(item["body"])))
            elif "status" in item:
                out.statuses.append((item["status"], [self.expr(a) for a in item["args"]]))
            elif "ends_on" in item:
                out.ends.append((item["ends_on"], when))
        out.index()
        return out


_MISSING = object()

# The variable holding the candidate when the runtime asks which of many an action is permitted for
# (`Engine.permitted`): the cards a side may play or keep; for any other action, the country aimed at.
_CANDIDATE_OF = {"play": "card", "hold": "card"}
# The quantities the runtime works out for many candidates at once, with the variable holding each: the
# cost of a point of influence in each country an operation may reach.
_EACH_MODIFIED = [("influence_cost", "target")]


def _tracked_block(parts: list[Stmt]) -> Stmt:
    """A block that can lead to a decision: its parts (a statement that can, or a run of statements that
    cannot, as one plain block) in order, the one at hand kept in its record."""
    count = len(parts)

    def run(f: Frame) -> None:
        e = f.engine
        if not e.track:
            for part in parts:
                part(f)
            return
        rec = e.enter("block")
        i = rec.pc
        while i < count:
            rec.pc = i
            parts[i](f)
            i += 1
        e.leave(rec)

    return run


def _scope(engine: Engine, evaluate: Callable[[], Any]) -> Any:
    """Evaluate with a memory for pure function calls (codegen.ExprCompiler.function), unless one is open
    already."""
    if engine.memo is not None:
        return evaluate()
    engine.memo = {}
    try:
        return evaluate()
    finally:
        engine.memo = None


def _distinct(items: list[Any]) -> list[Any]:
    """The items without repeats, each where it first comes (a search of the list for each when an item
    is no name: a list)."""
    try:
        return list(dict.fromkeys(items))
    except TypeError:
        out: list[Any] = []
        for x in items:
            if x not in out:
                out.append(x)
        return out


def _written_out(node: dict[str, Any]) -> str | None:
    """The kind of a statement a block's function writes out, wholly or in part (`Program._block_lines`):
    "effect" (`do`), "run", "assign" (`let`, `set`) or "if"; None for any other (as `Program.stmt` tells
    them apart)."""
    if "do" in node:
        return "effect"
    if "run" in node:
        return "run"
    if "let" in node or "set" in node:
        return "assign"
    return "if" if "if" in node else None


# How deep `if`s nest in one block's function: Python refuses a function indented 100 levels deep.
_BLOCK_DEPTH = 40


def _order(kept: list[Any], keys: tuple[tuple[Callable[[Any], Any], bool], ...]) -> list[Any]:
    """A comprehension's `order by` keys: stable sorts, the last key first."""
    for key, descending in reversed(keys):
        kept = sorted(kept, key=lambda x: _sortable(key(x)), reverse=descending)
    return kept


def _sortable(value: Any) -> Any:
    """Ordered enums compare by rank; booleans and numbers as themselves."""
    if type(value) is int:  # (the usual key, operations or a count, first)
        return value
    if isinstance(value, Ordinal):
        return value.rank
    if isinstance(value, str) and value in ORDINALS:
        return ORDINALS[value]
    if value is None:
        return -1
    return value


# What a `choose` does with the item picked, read from its body: the first influence, coup or realignment
# primitive that takes the item, and whose influence it is (the chooser's own or the opponent's). A player
# that answers by priorities (the solo AI) picks the list that fits; "other" when the body says nothing
# of the kind.
_INTENT_OF_CALL = {
    ("add_influence", True): "place",
    ("place_influence_point", True): "place",
    ("add_influence", False): "place_opponent",
    ("remove_influence", False): "remove",
    ("remove_influence", True): "remove_own",
}
_INTENT_ANY_SIDE = {
    "coup": "coup",
    "free_coup": "coup",
    "realign": "realign",
    "discard": "discard",
    "play_event": "play_event",
    "give_card": "give_card",
}


def choice_intent(bind: str, by: Any, body: list[Any]) -> str:
    item = {"var": bind}
    opponent_of_by = {"call": {"opponent": [by]}}

    def own(side_node: Any) -> bool | None:
        if side_node == by:
            return True
        if side_node == opponent_of_by:
            return False
        named = isinstance(by, dict) and by.get("ref") == "side" and isinstance(side_node, dict)
        if named and side_node.get("ref") == "side":  # two named sides: the same one or not
            return bool(side_node.get("id") == by.get("id"))
        if isinstance(side_node, dict) and side_node.get("call") == {"opponent": [opponent_of_by]}:
            return True
        return None

    def walk(node: Any) -> str | None:
        if isinstance(node, list):
            for n in node:
                found = walk(n)
                if found:
                    return found
            return None
        if not isinstance(node, dict):
            return None
        if "do" in node:
            ((name, args),) = node["do"].items()
            if item in args:
                if name in _INTENT_ANY_SIDE:
                    return _INTENT_ANY_SIDE[name]
                mine = own(args[0]) if args else None
                if mine is not None and (name, mine) in _INTENT_OF_CALL:
                    return _INTENT_OF_CALL[(name, mine)]
            return None
        for key in ("body", "then", "else", "otherwise", "options"):
            if key in node:
                found = walk(node[key])
                if found:
                    return found
        return None

    return walk(body) or "other"


# ---------------------------------------------------------------------- what can lead to a decision
def _primitive_leads_on(primitive: Callable[..., Any] | None, triggers: set[str]) -> bool:
    """Whether an effect can lead to a decision: it asks one or runs rule code that may (`continues`
    marks it so: runtime/primitives/core.py), or it sets off a trigger some hook of which may."""
    marked = getattr(primitive, "continues", None)
    if marked is None:
        return False
    asks, fires = marked
    return bool(asks) or any(t in triggers for t in fires)


def _statement_asks(
    node: Any, procedures: set[str], triggers: set[str], prims: dict[str, Any], ir: Any
) -> bool:
    if not isinstance(node, dict):
        return False
    if "choose" in node or "decide" in node:
        return True
    if "do" in node:
        ((name, _),) = node["do"].items()
        return _primitive_leads_on(prims.get(name), triggers)
    if "run" in node:
        return node["run"] in procedures
    if "phases" in node:
        found = _phase_block(ir["sequence"]["body"], node["phases"], None)
        return found is not None and _block_asks(found[0], procedures, triggers, prims, ir)
    for key in ("then", "else", "body"):
        inner = node.get(key)
        if isinstance(inner, list) and _block_asks(inner, procedures, triggers, prims, ir):
            return True
    return False


def _block_asks(stmts: Any, procedures: set[str], triggers: set[str], prims: dict[str, Any], ir: Any) -> bool:
    return isinstance(stmts, list) and any(_statement_asks(s, procedures, triggers, prims, ir) for s in stmts)


def _hooks(ir: dict[str, Any]) -> list[tuple[str, list[Any]]]:
    """Every hook of the ruleset, standing or lasting (in a card's event, an appendix block, a
    procedure, the sequence, a moment), with its trigger and body."""
    found: list[tuple[str, list[Any]]] = []

    def items(its: Any) -> None:
        for item in its or ():
            if isinstance(item, dict) and "on" in item:
                found.append((item["on"], item["body"]))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "lasting" in node and isinstance(node.get("items"), list):
                items(node["items"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for rule in ir.get("rules", {}).values():
        items(rule.get("items"))
    for part in ("cards", "appendix", "procedures", "moments"):
        walk(ir.get(part, {}))
    walk(ir.get("sequence", {}))
    return found


def _asking(ir: dict[str, Any], prims: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The procedures and the triggers (through their hooks) that can lead to a decision: a `choose` or
    `decide`, an effect that asks or runs rule code that may, a call of such a procedure, a trigger
    such a hook listens to. Worked out to a fixed point (they call and set off each other)."""
    procedures: set[str] = set()
    triggers: set[str] = set()
    hooks = _hooks(ir)
    changed = True
    while changed:
        changed = False
        for name, proc in ir.get("procedures", {}).items():
            if name not in procedures and _block_asks(proc["body"], procedures, triggers, prims, ir):
                procedures.add(name)
                changed = True
        for trigger, body in hooks:
            if trigger not in triggers and _block_asks(body, procedures, triggers, prims, ir):
                triggers.add(trigger)
                changed = True
    return procedures, triggers


def _stored_arguments(call: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """An effect's call with its arguments as values it hands on (`codegen.stored`)."""
    ((name, args),) = call.items()
    return {name: [stored(a) for a in args]}
