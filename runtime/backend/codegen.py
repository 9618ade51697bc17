"""IR expressions compiled to Python functions: each expression becomes the source of one small Python
function, compiled once (and kept on disk between runs), so evaluating it costs one call rather than a
call per IR node.

The generated code has exactly the meaning of the IR node by node:
- a variable bound by an aggregate or a comprehension is a Python local of a comprehension, any other
  variable is read from the frame (`V[...]`), so a missing one fails as it would;
- `and`/`or` give booleans, ordered comparisons rank enum values (`_sortable`), aggregates build the full
  list of items before counting or testing them (so an AI pick inside one is always traced);
- a rule function is a Python function of its own (`F_<name>`, see `function`): pure ones remember their
  results within one evaluation; aggregates and comprehensions open that memory when they are the
  outermost evaluation (`_scope`); priority lists are called through the program (`_pick`: timed, traced).

Every function made is written into one Python module of the ruleset (generated_module.py), under a
name taken from the declaration it was made for and with that declaration's rule file and line, and
compiled at its line of that module: a traceback points at the module's file, kept in the cache folder
when the caller gives one (a start loads it by importlib, and the build's record names its functions),
and `twilight dev code` prints it.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FunctionType, TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from twilight.common.input_bounds import MAX_RULE_INT
from twilight.runtime.backend.build_record import BuildRecord, RecordMismatch, recorded
from twilight.runtime.backend.generated_module import GeneratedModule, ModuleNotLoaded, load
from twilight.runtime.core import registry
from twilight.runtime.core.frames import ordinal

if TYPE_CHECKING:
    from twilight.runtime.backend.program import Program
    from twilight.runtime.core.frames import Expr

_T = TypeVar("_T")


class ExprCompiler:
    # Whether a pick asked for each candidate of a filter is kept by the arguments that change with the
    # candidate (`_pick_by_candidate`); off, each candidate asks it (tests compare the two)
    picks_by_candidate = True

    def __init__(
        self,
        program: Program,
        namespace: dict[str, Any],
        module_file: Path | None = None,
        record: BuildRecord | None = None,
    ) -> None:
        """`module_file`: where the ruleset's generated module is kept (generated_module.py), None for a
        program that keeps none (its text is then only in memory). A build replayed from its `record`
        loads the module kept there, and its namespace is the module's (RecordMismatch when it cannot be
        loaded: the program is then built afresh)."""
        self.program = program
        ruleset = str(program.ir.get("ruleset", {}).get("name", "ruleset"))
        self.module = GeneratedModule(ruleset, module_file, record.key if record is not None else None)
        if record is not None and record.replaying:
            if module_file is None:
                raise RecordMismatch("no module to replay the record with")
            try:
                namespace = load(module_file, record.key, namespace)
            except ModuleNotLoaded as why:
                raise RecordMismatch(str(why)) from None
            # (what is made later is named past the module's own functions)
            self.module.taken.update(name for name, value in namespace.items() if type(value) is FunctionType)
        self.namespace = namespace
        # The record of the build (build_record.py): its calls are answered from it, or written down in
        # it; None once the build has ended, and for a program without a cache folder. `record_depth`:
        # how many recorded calls are running (only the outermost is recorded).
        self.record = record
        self.record_depth = 0
        # The declaration the code being made is for (`declared`): a label its functions' names start
        # with, the declaration in words, and its rule file and line.
        self.declaration: tuple[str, str, str] = ("ruleset", "the ruleset", "")
        self.made: dict[str, Any] = {}  # the functions made, by their names in the module
        # True while emitting code that only ever runs with the memory open (the body of a pure function
        # that opens it, a priority list's conditions): its aggregates need not open it again.
        self.memo_open = False
        # While a filter's conditions are emitted (`candidates`): the code of each part that reads the
        # same for every candidate, by the local that keeps its value (`_hoist`); None elsewhere.
        self.hoisted: dict[str, str] | None = None
        # While the body of a rule function is written out in place of a call (`_in_place`): the code
        # of each argument, by its parameter's name.
        self.arguments: dict[str, str] | None = None
        # While a comprehension's source is emitted: Python allows no `:=` there, at any depth.
        self.in_source = 0
        # The rule functions certain to give an int (`int_functions`): worked out when first asked
        # (a build replayed from its record asks nothing).
        self._int_functions: frozenset[str] | None = None
        # While a function that goes through candidates is emitted (`_with_locals`): the code of each
        # value it reads that no candidate changes and that cannot fail, by the local that holds it,
        # worked out once before the loop (a frame's variable, the state, a side's opponent); None
        # elsewhere.
        self.eager: dict[str, str] | None = None
        # While the `require`s of a priority list's options are emitted (`option_filter`): code asked
        # once per candidate and pick, which makes what it needs when first asked, not before the loop.
        self.asked_once = False
        # ...and the variables whose value changes from one pass of its loops to the next: the
        # candidate, a comprehension's own variable.
        self.loop_names: frozenset[str] = frozenset()
        # How many calls of rule functions, and of primitives not written out, the code written so far
        # makes, and how many of its parts must not be moved (a pick, a die, a function that is not pure:
        # what `_cost` refuses): `_sharing` counts those of one expression as it is written
        self.calls_written = self.unmovable_written = 0
        # While the body of a pure rule function is written (`function`): the calls of rule functions
        # it makes more than once with the same arguments, each by the local that keeps its value (a
        # region's scoring level asks how many countries each side controls four times over: one call,
        # not four lookups in the memory); None elsewhere. `calls_counted`: the first writing of the
        # body, which finds them.
        self.repeated_calls: dict[str, str] | None = None
        self.calls_counted: Counter[str] | None = None
        # How many parts of blocks (`block_value`, `block_statement`) have a name in the namespace.
        self.block_parts = 0

    def declared(self, label: str, described: str, src: str | None = None) -> _Declared:
        """While the code of a declaration is made: its functions are named after `label`, and written
        under `described` (the declaration in words) and `src` (its rule file and line; by default the
        declaration around it's, for a statement inside one)."""
        return _Declared(self, (label, described, self.declaration[2] if src is None else src))

    def at(self, src: str) -> _Declared:
        """While the code of a statement with a rule line of its own is made (a loop, a call, a hook):
        the declaration at hand, at that line."""
        label, described, _ = self.declaration
        return _Declared(self, (label, described, src))

    @recorded
    def compile(self, node: Any) -> Expr:
        (body,), shared = self._sharing([node])
        return self._expression(body, shared)

    def _expression(self, body: str, shared: bool, what: str = "expression", then: str | None = None) -> Expr:
        """The function of a frame that returns the code's value (with the memory of pure function
        results open, when `shared`); with `then`, the value is `_a` and `then` is returned, worked out
        after the memory is closed."""
        lines = ["def _e(f):", "    e = f.engine"]
        # The frame's variables: read, or passed to an aggregate's function (`_lifted`). (A text constant
        # holding "V[" only costs a needless line.)
        if "V[" in body or ("A_" in body and "V" in _local_names(body)):
            lines.append("    V = f.vars")
        if not shared:
            lines.append(f"    return {body}")
        elif then is None:
            lines += _IN_MEMORY.format(body=body, result="return ").splitlines()
        else:
            lines += [*_IN_MEMORY.format(body=body, result="_a = ").splitlines(), f"    return {then}"]
        fn: Expr = self._define("\n".join(lines) + "\n", what)
        return fn

    @recorded
    def effect(self, node: dict[str, Any]) -> Expr:
        """A statement's call of an effect: its arguments are worked out with one memory of pure function
        results when it pays (as `compile` does for an expression), the effect itself outside it (it
        changes the game: what was remembered would no longer hold)."""
        call = self.block_effect(node)
        if call is not None:
            return self._expression(call, False)
        # (its arguments share one memory: written again, as they are in that case)
        ((name, args),) = node["call"].items()
        implementation = self.program.primitives[name]
        if getattr(implementation, "inline", None) is not None:
            return self.compile(node)
        codes, _ = self._sharing(args)
        prim = self._constant(implementation, f"P_{_name(name)}")
        values = f"({''.join(code + ', ' for code in codes)})"
        return self._expression(values, True, "effect", then=f"{prim}(e, *_a)")

    @recorded
    def block_value(self, node: Any) -> str:
        """Code for an expression that a statement of a block reads (`block`): written out in the
        block's function, or, when its parts share one memory of pure function results (`_sharing`), a
        call of a function of its own, which opens it."""
        (body,), shared = self._sharing([node])
        if not shared:
            return f"({body})"
        return f"{self._block_part(self._expression(body, True))}(f)"

    @recorded
    def block_effect(self, node: dict[str, Any]) -> str | None:
        """Code for a statement's call of an effect, run with the memory of pure function results closed
        (in a block's function, or in its own: `effect`); None when its arguments would share one
        memory: `effect` then makes its function."""
        ((name, args),) = node["call"].items()
        implementation = self.program.primitives[name]
        if getattr(implementation, "inline", None) is not None:
            (code,), shared = self._sharing([node])
            return None if shared else code
        codes, shared = self._sharing(args)
        if shared:
            return None
        prim = self._constant(implementation, f"P_{_name(name)}")
        return f"{prim}({', '.join(['e', *codes])})"  # (as `emit` writes it)

    def block_statement(self, statement: Callable[..., None], *arguments: str) -> str:
        """Code for a statement of a block that is run by its own function (program.py), of the frame
        and the code of any other arguments it takes."""
        return f"{self._block_part(statement)}({', '.join(['f', *arguments])})"

    def _block_part(self, part: Callable[..., Any]) -> str:
        self.block_parts += 1
        return self._constant(part, f"B_{self.block_parts}")

    @recorded
    def block(self, lines: list[str]) -> Callable[[Any], None]:
        """A block of statements as one function of a frame: its lines (`block_value`,
        `block_statement`), each indented, read the frame's variables as `V` and the engine as `e`."""
        source = "def _e(f):\n    e = f.engine\n    V = f.vars\n" + "".join(line + "\n" for line in lines)
        fn: Callable[[Any], None] = self._define(source, "block")
        return fn

    def _sharing(self, nodes: list[Any]) -> tuple[list[str], bool]:
        """The code of expressions evaluated together on their own (a statement's), and whether they run
        with one memory of pure function results for all of them: when they ask two or more rule
        functions, or primitives that may (a region's scoring told part by part asks the level, the VP
        and the battlegrounds, each of which asks the countries controlled). Only expressions whose parts
        may be asked in any order (no pick, which is traced each time it is made, no die, no function
        that is not pure), and never an effect (it changes the game: only a statement calls one, as the
        whole of what it does)."""
        calls, unmovable = self.calls_written, self.unmovable_written
        codes = [self._emit_open(node, False) for node in nodes]
        if self.calls_written - calls < 2 or self.unmovable_written > unmovable:
            return codes, False
        if any(isinstance(n, dict) and "call" in n and next(iter(n["call"])) in _EFFECTS for n in nodes):
            return codes, False
        # (written again for the open memory only where that changes the code: a comprehension, which
        # otherwise opens a memory of its own around its items)
        return [
            self._emit_open(n, True) if "_scope(" in c else c for n, c in zip(nodes, codes, strict=True)
        ], True

    def _emit_open(self, node: Any, memo_open: bool) -> str:
        """Code for an expression, written for the memory of pure function results open or not."""
        saved = self.memo_open
        self.memo_open = memo_open
        try:
            return self.emit(node, frozenset())
        finally:
            self.memo_open = saved

    @recorded
    def function(self, name: str, params: list[str], node: Any, pure: bool) -> Callable[..., Any]:
        """A rule function as a Python function `F_<name>(e, *arguments)`: its parameters are Python
        locals. A pure one remembers its results within one evaluation (`e.memo`, opened by the
        outermost evaluation and dropped when it returns): rule functions call each other freely (a
        region's scoring level asks for the countries each side controls many times over), and this
        makes the repeats cost a lookup. A leaf (it calls no function) opens no memory of its own, and one
        that only reads plain values and cheap primitives (`_cheap`) is worked out again each time."""
        leaf = calls_nothing(node)
        self.memo_open = pure and not leaf
        try:
            body, before, repeated = self._function_body(node, frozenset(_name(p) for p in params), pure)
        finally:
            self.memo_open = False
        # (the locals its loops read, worked out where the body is: not when the memory has the result;
        # and those of the calls it repeats, none worked out yet)
        work = "".join(f"{line}\n" for line in before.splitlines())
        if repeated:
            work += f"{' = '.join(repeated)} = _MISSING\n"
        args = "".join(f", _x_{p}" for p in params)
        _name(name)
        # (a list argument, some cards, is part of the key as a tuple of its items)
        declared = self.program.ir.get("functions", {}).get(name, {}).get("params", [])
        lists = {p["name"] for p in declared if str(p.get("type", "")).startswith("list")}
        key = f"({name!r}{''.join(f', tuple(_x_{p})' if p in lists else f', _x_{p}' for p in params)},)"
        lines = [f"def _e(e{args}):"]

        def worked_out(indent: str) -> list[str]:
            return [f"{indent}{line.strip()}" for line in work.splitlines()]

        if not pure or (leaf and self._cheap(node)):  # (remembering would cost more than working out)
            lines += [*worked_out("    "), f"    return {body}"]
        else:
            lines.append("    m = e.memo")
            lines.append("    if m is None:")
            if leaf:
                lines += [*worked_out("        "), f"        return {body}"]
            else:
                lines += ["        e.memo = {}", "        try:", *worked_out("            ")]
                lines += [f"            return {body}", "        finally:", "            e.memo = None"]
            # (the key made once, not again where a miss stores the result: callgrind, 10 solo-v2 games,
            # 0.5% fewer instructions)
            lines += [
                f"    _k = {key}",
                "    try:",
                "        r = m.get(_k, _MISSING)",
                "    except TypeError:",
            ]
            lines += [
                *worked_out("        "),
                f"        return {body}  # an argument that cannot be part of a key",
            ]
            lines += [
                "    if r is _MISSING:",
                *worked_out("        "),
                f"        r = m[_k] = {body}",
                "    return r",
            ]
        fn: Callable[..., Any] = self._define("\n".join(lines) + "\n", "its body", name=f"F_{name}")
        self.namespace[f"F_{name}"] = fn
        return fn

    def _function_body(self, node: Any, bound: frozenset[str], pure: bool) -> tuple[str, str, list[str]]:
        """A rule function's body (`_emit_with_loops`), and the locals of the calls of rule functions it
        repeats with the same arguments (only in a pure function: nothing it calls changes the game, so
        a call gives the same wherever it stands in the body; each is made where the body first needs
        it, so it fails or costs only where it would as written). Written twice: once to count the
        calls, and again with the repeated ones kept in locals when there are any."""
        if not pure:
            body, before = self._emit_with_loops(node, bound)
            return body, before, []
        written = self.calls_written, self.unmovable_written
        counted: Counter[str] = Counter()
        self.calls_counted = counted
        try:
            body, before = self._emit_with_loops(node, bound)
        finally:
            self.calls_counted = None
        repeated = [code for code, n in counted.items() if n > 1]
        if not repeated:  # (most functions: as written once)
            return body, before, []
        self.calls_written, self.unmovable_written = written
        self.repeated_calls = {code: f"_c{i}" for i, code in enumerate(repeated)}
        try:
            body, before = self._emit_with_loops(node, bound)
            return body, before, list(self.repeated_calls.values())
        finally:
            self.repeated_calls = None

    def _in_place(self, node: dict[str, Any], bound: frozenset[str]) -> str | None:
        """The body of the called rule function written out in place of the call, its parameters read
        as the arguments' code; None when it cannot be. Only a function that would not remember its
        results anyway (pure, calling no function, reading only plain values and cheap primitives: see
        `function`), called with simple arguments (each may be read more than once): the same work, done
        without a call, which costs more than such a body (a region's scoring asks whether each of its
        countries is a battleground)."""
        name, args = node["fn"], node["args"]
        fn = self.program.ir.get("functions", {}).get(name)
        if fn is None or name not in self.program.pure or not calls_nothing(fn["body"]):
            return None
        if name in self.program.counted:  # (its calls are counted: runtime/core/firings.py)
            return None
        if not self._cheap(fn["body"]) or not all(self._simple(a) for a in args):
            return None
        codes = {p["name"]: f"({self.emit(a, bound)})" for p, a in zip(fn["params"], args, strict=True)}
        saved = self.arguments
        self.arguments = codes
        try:
            return f"({self.emit(fn['body'], frozenset())})"
        finally:
            self.arguments = saved

    def _whole_number(self, node: Any) -> bool:
        """The node's value is certainly an int: a number, a count, a primitive the runtime declares to
        give one, a rule function whose body is such a value, or arithmetic of these. (Not a bool; not a
        variable or a function only declared `int`: `none` fits every type.)"""
        if isinstance(node, bool):
            return False
        if isinstance(node, int):
            return True
        if not isinstance(node, dict):
            return False
        if "call" in node:
            ((name, args),) = node["call"].items()
            if name in _OF_ITS_ARGUMENTS:  # (`max(x)` of one `none` is `none`)
                return all(self._whole_number(a) for a in args)
            return name in INT_PRIMITIVES
        if "fn" in node:
            return node["fn"] in self.int_functions
        if "agg" in node:
            return bool(node["agg"] == "count")
        if "op" in node:
            if node["op"] == "neg":
                return self._whole_number(node["args"][0])
            if node["op"] == "if":
                return self._whole_number(node["args"][1]) and self._whole_number(node["args"][2])
            if node["op"] in ("+", "-", "*"):
                return all(self._whole_number(a) for a in node["args"])
        return False

    def whole_number(self, node: Any) -> bool:
        """`_whole_number`, for the native back end: where the Python code compares numbers without ranks
        (a `none` there is an error, not the lowest rank)."""
        return self._whole_number(node)

    @property
    def int_functions(self) -> frozenset[str]:
        """The rule functions whose body is certainly a whole number (`_whole_number`), calls of one
        another included: grown until no other qualifies."""
        if self._int_functions is None:
            self._int_functions = frozenset()
            functions = self.program.ir.get("functions", {})
            while True:
                more = {name for name, fn in functions.items() if self._whole_number(fn["body"])}
                if more <= self._int_functions:
                    break
                self._int_functions = self._int_functions | more
        return self._int_functions

    def _cheap(self, node: Any) -> bool:
        """Whether the code of a node (of a function that calls no function) reads only plain values and
        primitives written out in place or listed as cheap: looking its value up costs more."""
        if isinstance(node, list):
            return all(self._cheap(n) for n in node)
        if not isinstance(node, dict):
            return True
        if "call" in node:
            ((name, args),) = node["call"].items()
            written_out = hasattr(self.program.primitives[name], "inline") and all(
                self._simple(a) for a in args
            )
            if (not written_out or name in _LIST_MAKING_PRIMITIVES) and name not in _CHEAP_PRIMITIVES:
                return False
        return all(self._cheap(v) for v in node.values())

    def _simple(self, node: Any) -> bool:
        """A constant, a name, or a primitive written out in place of simple arguments: code that reads
        the same each time and costs about a lookup, so a template may repeat it."""
        if _plain(node):
            return True
        if not isinstance(node, dict) or set(node) != {"call"}:
            return False
        ((name, args),) = node["call"].items()
        return hasattr(self.program.primitives[name], "inline") and all(self._simple(a) for a in args)

    @recorded
    def all_of(self, nodes: list[Any]) -> Expr:
        """Whether every one of the conditions holds (tested in order, stopping at the first that fails)."""
        return self.compile(_conjunction(nodes))

    @recorded
    def candidates(self, nodes: list[Any], target: str) -> Callable[[Any, list[Any]], list[Any]]:
        """`f(frame, domain)`: the items of the domain for which every condition holds, in order; the
        conditions read the item as the variable `target`. Conditions that may be asked in any order
        and do not read the item (the region's level, for every candidate the same) are asked once,
        before any item, when there is one: when one fails no item is looked at."""
        parts = self._cheap_first(nodes)
        outside = [p for p in parts if not _mentions(p, target)] if self.movable(nodes) else []
        conditions = _conjunction([p for p in parts if not any(p is o for o in outside)])

        def emit() -> tuple[str, str]:
            test = self._emit_in_memo(conditions, frozenset({_name(target)}), truth=True)
            if not outside:
                return test, ""
            # (asked once: nothing in it to keep for the candidates)
            once = self._without_hoisting(
                lambda: self._emit_in_memo(_conjunction(outside), frozenset(), truth=True)
            )
            return test, f"    if not domain or not ({once}):\n        return []\n"

        (test, first), before, kept = self._through_candidates(frozenset({target}), emit)
        # A loop, not a comprehension: in 3.11 a comprehension is a function made at every call, and the
        # variables it shares with `_e` (the walrus's too) are cells made at every call.
        item = f"_x_{target}"
        choose = (
            "    return list(domain)\n"
            if test == "True"
            else f"    _kept = []\n    for {item} in domain:\n        if {test}:\n"
            f"            _kept.append({item})\n    return _kept\n"
        )
        source = "def _e(f, domain):\n    e = f.engine\n    V = f.vars\n" + before + first + kept + choose
        fn: Callable[[Any, list[Any]], list[Any]] = self._define(source, "conditions")
        return fn

    @recorded
    def option_filter(
        self,
        sieve: list[Any],
        requires: list[Any],
        rest: list[Any],
        target: str,
        written: dict[str, Any] | None = None,
    ) -> Callable[[Any, list[Any], dict[Any, bool]], list[Any]]:
        """`f(frame, domain, passed)`: for a priority list whose conditions may be asked in any order
        (`movable`), the items of the domain that an option's cheap conditions (`sieve`), the list's
        `require`s and the option's other conditions (`rest`) all keep, in order, in one pass. What the
        `require`s say of an item is kept in `passed` (item -> bool) and asked once per pick, whichever
        option asks first; conditions that do not read the item are asked once, before any item.
        `written`: a dict the list gives each of its options' calls, where the code of its `require`s
        (the same in each option's function: written first) is kept once written."""
        if written is None or "requires" not in written:
            parts = self._cheap_first(requires)
            outside_requires = [p for p in parts if not _mentions(p, target)]
            required = [p for p in parts if _mentions(p, target)]
        else:
            outside_requires, required = written["requires"][:2]
        groups = [self._cheap_first(nodes) for nodes in (sieve, rest)]
        outside = outside_requires + [p for parts in groups for p in parts if not _mentions(p, target)]
        inside = [[p for p in parts if _mentions(p, target)] for parts in groups]

        def emit() -> tuple[list[str], str]:
            assert self.eager is not None and self.hoisted is not None
            bound = frozenset({_name(target)})
            # (the requires first: their code, and the locals it reads, are those of every option)
            if written is not None and "requires" in written:
                requires_test, eager, hoisted = written["requires"][2:]
                self.eager.update(eager)
                self.hoisted.update(hoisted)
            else:
                self.asked_once = True
                try:
                    requires_test = self._emit_in_memo(_conjunction(required), bound, truth=True)
                finally:
                    self.asked_once = False
                if written is not None:
                    snapshot = (requires_test, dict(self.eager), dict(self.hoisted))
                    written["requires"] = (outside_requires, required, *snapshot)
            sieve_test, rest_test = [self._emit_in_memo(_conjunction(p), bound, truth=True) for p in inside]
            tests = [sieve_test, requires_test, rest_test]
            if not outside:
                return tests, ""
            # (asked once: nothing in it to keep for the items)
            once = self._without_hoisting(
                lambda: self._emit_in_memo(_conjunction(outside), frozenset(), truth=True)
            )
            return tests, f"    if not domain or not ({once}):\n        return []\n"

        ((sieve_test, requires_test, rest_test), first), before, kept = self._through_candidates(
            frozenset({target}), emit
        )
        item = f"_x_{target}"
        lines = ["def _e(f, domain, passed):", "    e = f.engine", "    V = f.vars"]
        lines += [*before.splitlines(), *first.splitlines(), *kept.splitlines()]
        lines += ["    _kept = []", f"    for {item} in domain:"]
        if sieve_test != "True":
            lines += [f"        if not ({sieve_test}):", "            continue"]
        lines += [
            f"        _p = passed.get({item})",
            "        if _p is None:",
            f"            _p = passed[{item}] = True if {requires_test} else False",
        ]
        lines += [f"        if _p and {rest_test}:" if rest_test != "True" else "        if _p:"]
        lines += [f"            _kept.append({item})", "    return _kept"]
        fn: Callable[[Any, list[Any], dict[Any, bool]], list[Any]] = self._define(
            "\n".join(lines) + "\n", "option"
        )
        return fn

    @recorded
    def pure_functions(self, functions: dict[str, Any]) -> frozenset[str]:
        """The rule functions that are pure (program.pure_functions): a fact of the IR the build needs,
        worked out once, and taken from the record when the build is replayed."""
        return frozenset(pure_functions(functions))

    @recorded
    def worth_remembering(self, node: Any) -> bool:
        """Whether a condition asked of many items in turn is worth one memory of pure function results for
        all of them: it calls a function, and may be asked in any order (`movable`)."""
        return not calls_nothing(node) and self.movable([node])

    @recorded
    def movable(self, nodes: list[Any]) -> bool:
        """Whether the conditions may be tested in any order, and on any candidates, with the same
        outcome: none picks (traced), rolls a die or calls a function that is not pure."""
        return self._cost(nodes) is not None

    def cheap_parts(self, nodes: list[Any]) -> list[Any]:
        """The conjuncts of the conditions that only read the candidate's facts written out in place (a
        primitive's template, a name, a constant): a first sieve before costlier conditions."""
        return [
            part
            for part in self.conjuncts(nodes)
            if (cost := self._cost(part)) is not None and cost < _CALL_COST
        ]

    @staticmethod
    def conjuncts(nodes: list[Any]) -> list[Any]:
        """The conditions as the list of their conjuncts (`a and b` as a, b)."""
        return [part for node in nodes for part in _conjuncts(node)]

    def _cheap_first(self, nodes: list[Any]) -> list[Any]:
        """A filter's conditions, the cheap ones first (a country the AI already controls is let go before
        the rules in force are asked about it): the same items pass whatever the order, since no
        condition can change anything or be seen to run. Left as written when one could: a pick (traced),
        a function that is not pure, a die."""
        parts = self.conjuncts(nodes)
        costs = [self._cost(part) for part in parts]
        known = [cost for cost in costs if cost is not None]
        if len(known) != len(parts):
            return nodes
        order = sorted(range(len(parts)), key=lambda i: known[i])  # (stable: ties keep their order)
        return [parts[i] for i in order]

    def _cost(self, node: Any) -> int | None:
        """About what evaluating the node costs, in calls; None when it must not be moved."""
        if isinstance(node, list):
            total = 0
            for item in node:
                cost = self._cost(item)
                if cost is None:
                    return None
                total += cost
            return total
        if not isinstance(node, dict):
            return 0
        if "pick" in node:
            return None
        own = 0
        if "call" in node:
            ((name, args),) = node["call"].items()
            if name in registry.NONDETERMINISTIC_QUERIES:
                return None
            primitive = self.program.primitives[name]
            inline = hasattr(primitive, "inline") and all(self._simple(a) for a in args)
            # any other primitive may be as costly as a rule function (a look at a hypothetical board
            # works out the scoring again): they keep their written order among themselves. One with a
            # costly part worked out once per filter (a side's accessible countries) costs a look in a
            # set per candidate: the cheapest test there is, and the most telling on the map. (A part
            # that costs about a lookup itself, `cannot_fail`, leaves its primitive as cheap as any.)
            invariant = getattr(primitive, "invariant_part", None)
            own = (0 if invariant is not None and not invariant[3] else 1) if inline else _CALL_COST
        elif "fn" in node:
            if node["fn"] not in self.program.pure:
                return None
            own = _CALL_COST
        elif "agg" in node or "each" in node:
            own = 50
        rest = self._cost(list(node.values()))
        return None if rest is None else own + rest

    def _invariant(self, code: str) -> bool:
        """Whether code reads nothing that changes from candidate to candidate (while hoisting)."""
        return self.hoisted is not None and "_x_" not in code  # (the candidate, a comprehension's variable)

    def _invariant_node(self, node: Any, bound: frozenset[str]) -> bool:
        """Whether the node reads nothing that changes from candidate to candidate (while hoisting), and
        may be worked out once for all of them: no die, no pick, no function that is not pure."""
        return (
            self.hoisted is not None
            and not any(_mentions(node, name) for name in bound)
            and self._cost(node) is not None
        )

    def _eager_local(self, code: str, local: str | None = None) -> str:
        """The local that holds the value of `code` in a function that goes through candidates, worked
        out once before the loop (`eager`): code that reads no candidate and cannot fail."""
        assert self.eager is not None
        found = self.eager.get(code)
        if found is None:
            found = self.eager[code] = local or f"_l{len(self.eager)}"
        return found

    def _emit_with_loops(self, node: Any, bound: frozenset[str], memo: bool = False) -> tuple[str, str]:
        """The node's code and, when it goes through items (a comprehension, an aggregate), the lines
        of the locals its loops read (`eager`); else no lines. (`memo`: as `_emit_in_memo`.)"""

        def emit() -> str:
            return self._emit_in_memo(node, bound) if memo else self.emit(node, bound)

        if self.eager is not None or not _loops(node):
            return emit(), ""
        return self._with_locals(frozenset(), emit)

    def _varies(self, code: str) -> bool:
        """Whether the code may read a loop's variable (or a local a template assigns)."""
        return ":=" in code or any(f"_x_{name}" in code for name in self.loop_names)

    def _through_candidates(self, loop_names: frozenset[str], emit: Callable[[], _T]) -> tuple[_T, str, str]:
        """Code of a function that goes through candidates (a filter, the prohibitions or modifiers of
        many): what `emit` gives, the lines that work out the locals its loop reads (`eager`), and the
        line that starts the values it works out once when first needed (`hoisted`), or none."""
        self.hoisted, self.eager, self.loop_names = {}, {}, loop_names
        try:
            code = emit()
            kept = "".join(f"{local} = " for local in self.hoisted.values())
            return code, self._eager_lines(), f"    {kept}_MISSING\n" if kept else ""
        finally:
            self.hoisted, self.eager, self.loop_names = None, None, frozenset()

    def _with_locals(self, loop_names: frozenset[str], emit: Callable[[], _T]) -> tuple[_T, str]:
        """Code of a function with loops (`eager`): what `emit` gives, and the lines that work out the
        locals it reads (to stand before the code, once per call)."""
        saved = self.eager, self.loop_names
        self.eager, self.loop_names = {}, loop_names
        try:
            return emit(), self._eager_lines()
        finally:
            self.eager, self.loop_names = saved

    def _eager_lines(self) -> str:
        """The lines that work out the `eager` locals, in the order they were met (each reads only
        those before it)."""
        assert self.eager is not None
        return "".join(f"    {local} = {code}\n" for code, local in self.eager.items())

    def _state_read(self, template: str) -> str:
        """A template's reads of the state, in a function that goes through candidates, from locals
        (the engine's state and its board never change while a filter runs)."""
        if self.eager is None or "e.state." not in template:
            return template
        if "e.state.influence" in template:
            template = template.replace("e.state.influence", self._eager_local("e.state.influence", "_inf"))
        if "e.state." in template:
            template = template.replace("e.state.", f"{self._eager_local('e.state', '_s')}.")
        return template

    def _filled(self, template: str, codes: list[str], **named: str) -> str:
        """A written-out primitive's template with its arguments' code (core.inlined). `{o0}`, the
        opponent of the first argument: a constant for a constant side, else, where a loop goes through
        items that do not change the side, a local worked out before it (the country loops of region
        scoring ask it of every country a side has influence in; callgrind, 10 solo-v2 games: 0.08% fewer
        instructions, Formosan Resolution's test of Taiwan folded with it)."""
        if "{o0}" in template:
            side = codes[0]
            opponent = self.program.primitives["opponent"]  # (its function and its own template)
            if _STRING_CONSTANT.fullmatch(side):
                named["o0"] = repr(opponent(None, side[1:-1]))
            else:
                code = str(opponent.inline[0].format(side))  # type: ignore[attr-defined]
                fixed = self.eager is not None and not self._varies(side)
                named["o0"] = self._eager_local(code) if fixed else code
        return template.format(*codes, **named)

    def _hoist(self, code: str) -> str:
        """Code that reads the same for every candidate of a filter, worked out once: when a candidate
        first needs it (as the conditions are written, so it fails or costs only where they would), then
        kept in a local of the filter's function (`:=` in a comprehension binds in the function)."""
        assert self.hoisted is not None
        local = self.hoisted.setdefault(code, f"_h{len(self.hoisted)}")
        return f"({local} if {local} is not _MISSING else ({local} := {code}))"

    def _without_hoisting(self, emit: Callable[[], _T]) -> _T:
        """Code where `:=` may not stand (a comprehension's source, a lambda's body)."""
        saved = self.hoisted, self.repeated_calls, self.calls_counted
        self.hoisted = self.repeated_calls = self.calls_counted = None
        try:
            return emit()
        finally:
            self.hoisted, self.repeated_calls, self.calls_counted = saved

    @recorded
    def key(self, node: Any, target: str) -> Callable[[Any, Any], Any]:
        """`f(frame, item)`: the expression's value for the item (the variable `target`)."""
        body, before = self._emit_with_loops(node, frozenset({_name(target)}), memo=True)
        fn: Callable[[Any, Any], Any] = self._define(
            f"def _e(f, _x_{target}):\n    e = f.engine\n    V = f.vars\n{before}    return {body}\n",
            "sort key",
        )
        return fn

    @recorded
    def first_refusal(self, forbids: list[tuple[Any, str | None]]) -> Callable[[Any, dict[str, Any]], Any]:
        """`f(engine, variables)`: the code of the first prohibition whose condition holds ("forbidden"
        when it has none), or None. (The engine asks this tens of thousands of times a game: no frame is
        built for it.)"""
        lines = ["def _e(e, V):"]
        for when, code in forbids:
            test = self.test(when, frozenset()) if when is not None else "True"
            lines += [f"    if {test}:", f"        return {(code or 'forbidden')!r}"]
        lines.append("    return None")
        fn: Callable[[Any, dict[str, Any]], Any] = self._define("\n".join(lines) + "\n", "prohibitions")
        return fn

    @recorded
    def permits(self, forbids: list[tuple[Any, str | None]], key: str) -> Callable[..., Iterator[Any]]:
        """`f(engine, variables, candidates)`: lazily, the candidates no prohibition refuses, each bound
        to the variable `key` as it is yielded: `first_refusal` for many candidates at once, with what
        reads the same for all of them worked out once (the caller must not change the state while it
        consumes them)."""
        # (the conditions read the candidate from the loop's local, as every call they make is given
        # it; it is in `V` for whoever reads it there after: the lasting effects' prohibitions, a
        # statement's frame)
        bound = frozenset({key})
        tests, before, kept = self._through_candidates(
            bound, lambda: [self.test(when, bound) if when is not None else "True" for when, _ in forbids]
        )
        lines = ["def _e(e, V, candidates):", *before.splitlines(), *kept.splitlines()]
        lines.append(f"    for _x_{key} in candidates:")
        lines += [f"        if {test}:\n            continue" for test in tests]
        lines += [f"        V[{key!r}] = _x_{key}", f"        yield _x_{key}"]
        fn: Callable[..., Iterator[Any]] = self._define("\n".join(lines) + "\n", "permits")
        return fn

    @recorded
    def modifier_chain(self, sources: list[list[tuple[str, Any, Any]]]) -> Callable[..., Any]:
        """`f(engine, variables, value)`: the value after the modifiers of one quantity (every source's `to`
        items first, in order, then every `by` item), each applied when its condition holds."""
        lines = ["def _e(e, V, value):", *self._modifier_steps(sources, frozenset(), "    ")]
        lines.append("    return value")
        fn: Callable[..., Any] = self._define("\n".join(lines) + "\n", "modifiers")
        return fn

    @recorded
    def modifier_each(
        self, sources: list[list[tuple[str, Any, Any]]], key: str
    ) -> Callable[..., Iterator[Any]]:
        """`f(engine, variables, candidates, base)`: lazily, each candidate with the value after the
        modifiers (`modifier_chain`), the candidate bound to the variable `key` as its value is worked
        out (and left bound when it is yielded): one generator for many candidates, with what reads the
        same for all of them worked out once (the caller must not change the state while it consumes
        them)."""
        steps, before, kept = self._through_candidates(
            frozenset({key}), lambda: self._modifier_steps(sources, frozenset({key}), "        ")
        )
        lines = ["def _e(e, V, candidates, base):", *before.splitlines(), *kept.splitlines()]
        lines += [f"    for _x_{key} in candidates:", f"        V[{key!r}] = _x_{key}"]
        lines += ["        value = base", *steps, f"        yield _x_{key}, value"]
        fn: Callable[..., Iterator[Any]] = self._define("\n".join(lines) + "\n", "modifiers of each")
        return fn

    def _modifier_steps(
        self, sources: list[list[tuple[str, Any, Any]]], bound: frozenset[str], indent: str
    ) -> list[str]:
        """The lines that change `value` by the modifiers (every source's `to` items first, in order, then
        every source's `by` items), each when its condition holds."""
        lines = []
        # Every `to` of every source first (the last that holds wins), then every `by` is added: the one
        # order of docs/reference.md, so a later `to` never cancels an earlier rule's `by`.
        for wanted in ("to", "by"):
            for steps in sources:
                for mode, amount, when in steps:
                    if mode != wanted:
                        continue
                    code = self.emit(amount, bound)
                    change = f"value = {code}" if mode == "to" else f"value = value + ({code})"
                    if when is None:
                        lines.append(f"{indent}{change}")
                    else:
                        lines += [f"{indent}if {self.test(when, bound)}:", f"{indent}    {change}"]
        return lines

    def _emit_in_memo(self, node: Any, bound: frozenset[str], truth: bool = False) -> str:
        """Code for a priority list's conditions and keys: a pick opens the memory before them."""
        self.memo_open = True
        try:
            return self.test(node, bound) if truth else self.emit(node, bound)
        finally:
            self.memo_open = False

    def _define(
        self, source: str, what: str = "expression", name: str | None = None, shared: bool = False
    ) -> Any:
        """The function `_e` the source defines, written into the ruleset's module (generated_module.py)
        under `name` or one made from the declaration at hand, and made in this program's namespace.
        `shared`: code several declarations use (an aggregate's loop), written under none of them."""
        label, described, src = self.declaration
        if shared:
            label, described, src = "shared", "shared by the functions that name it", ""
        if name is None:
            known = self.module.known(label, what, source)
            if known is not None:  # (the same code asked for twice in one declaration: one function)
                fn = self.made[known]
                return fn
            name = self.module.named(label, what)
        code = self.module.add(name, source, described, src, label, what)
        fn = self.made[name] = FunctionType(code, self.namespace)
        if self.record is not None:  # (recording: it is then known by its name in the module)
            self.record.defined[id(fn)] = (fn, name)
        return fn

    def function_of(self, name: str) -> Any:
        """The function of that name in the module loaded (a build replayed from its record: no source
        written)."""
        fn = self.namespace.get(name)
        if type(fn) is not FunctionType or not self.module.owns(fn.__code__.co_filename):
            raise RecordMismatch(f"the record names a function {name!r} the module does not have")
        return fn

    def save(self) -> None:
        """The end of the build: the module is written (generated_module.GeneratedModule.finish), then
        the record is finished (build_record); a replayed build only checks that it followed its
        record. Code made after this (on demand, while playing) is written in texts of its own."""
        record, self.record = self.record, None
        if record is not None and record.replaying:
            record.finish()
            self.module.finished = True
            return
        self.module.finish()
        if record is not None:
            record.finish()

    def source(self) -> str:
        """The text of the ruleset's generated module."""
        return self.module.source()

    # ------------------------------------------------------------------ source of one node
    def emit(self, node: Any, bound: frozenset[str]) -> str:
        if node is None or isinstance(node, (bool, int)):
            return repr(node)
        if "str" in node:
            return repr(node["str"])
        if "var" in node:
            name = _name(node["var"])
            if self.arguments is not None:  # (a function's body sees only its parameters)
                return self.arguments[name]
            if name in bound:
                return f"_x_{name}"
            if self.eager is not None:  # (`get`: a frame without it fails where the value is used)
                return self._eager_local(f"V.get({name!r}, _UNBOUND)", f"_v_{name}")
            return f"V[{name!r}]"
        if "ref" in node:
            kind, ident = node["ref"], node["id"]
            if kind == "setting":
                return self._state_read(f"e.state.settings[{ident!r}]")
            if kind == "variable":  # a variable of the state the ruleset declares
                return self._state_read(f"e.state.vars[{ident!r}]")
            if kind == "enum":
                return self._constant(ordinal(ident), f"O_{_name(ident)}", ("o", ident))
            return repr(ident)
        if "call" in node:
            ((name, args),) = node["call"].items()
            if name in registry.NONDETERMINISTIC_QUERIES:
                self.unmovable_written += 1
            implementation = self.program.primitives[name]
            inline = getattr(implementation, "inline", None)
            if inline is not None and all(self._simple(a) for a in args):
                # a tiny primitive written out: no call, no frame (its template means what it does)
                template, constants = inline
                for constant, value in (constants(self.program.ir) if constants else {}).items():
                    self._constant(value, constant, ("k", name, constant))
                codes = [self.emit(a, bound) for a in args]
                invariant = getattr(implementation, "invariant_part", None)
                if invariant is not None and self.hoisted is not None:
                    outer, part, uses, eager = invariant
                    if all(self._invariant(codes[i]) for i in uses):
                        part = self._filled(self._state_read(part), codes)
                        early = eager and self.eager is not None
                        held = self._eager_local(part) if early else self._hoist(part)
                        return f"({self._filled(self._state_read(outer), codes, h=held)})"
                # (one that cannot fail, of arguments no candidate changes: worked out before the loop)
                fixed = self.eager is not None and not any(self._varies(code) for code in codes)
                if fixed and getattr(implementation, "cannot_fail", False):
                    return self._eager_local(f"({self._filled(self._state_read(template), codes)})")
                once = getattr(implementation, "inline_once", None)
                if once is not None and not self.in_source:
                    return f"({self._filled(self._state_read(once), codes)})"
                return f"({self._filled(self._state_read(template), codes)})"
            prim = self._constant(implementation, f"P_{_name(name)}")
            self.calls_written += 1
            return f"{prim}({', '.join(['e', *(self.emit(a, bound) for a in args)])})"
        if "fn" in node:
            self.calls_written += 1
            if node["fn"] not in self.program.pure:
                self.unmovable_written += 1
            in_place = self._in_place(node, bound)
            code = (
                in_place
                or f"F_{_name(node['fn'])}({', '.join(['e', *(self.emit(a, bound) for a in node['args'])])})"
            )
            if self._invariant(code) and self._cost(node) is not None:
                # a pure function of what reads the same for every candidate (no die, no pick): the
                # value its memory would give each of them
                return self._hoist(code)
            if not self.in_source and not self._varies(code):
                if self.calls_counted is not None:
                    self.calls_counted[code] += 1
                elif self.repeated_calls is not None and code in self.repeated_calls:
                    local = self.repeated_calls[code]
                    return f"({local} if {local} is not _MISSING else ({local} := {code}))"
            return code
        if "pick" in node:
            self.unmovable_written += 1
            codes = [self.emit(a, bound) for a in node["args"]]
            code = f"_pick(e, {node['pick']!r}, [{', '.join(codes)}])"
            if self.memo_open and (self._invariant(code) or self._invariant_node(node["args"], bound)):
                # the same pick for every candidate: made when the first needs it, as its memory would
                # give it to the others (and traced once, as it is). (Its arguments may hold a
                # comprehension, whose own variable its code names: the IR tells that no candidate does.)
                return self._hoist(code)
            return self._pick_by_candidate(node, codes, bound, code)
        if "agg" in node or "each" in node:
            code = self._aggregate(node, bound) if "agg" in node else self._comprehension(node, bound)
            if self._invariant_node(node, bound):
                # (a comprehension's own variable marks its code as varying: the IR tells)
                return self._hoist(code)
            return code
        if "list" in node:
            return f"[{self._list(node['list'], bound)}]"
        if "op" in node:
            return self._op(node["op"], node["args"], bound)
        raise ValueError(f"unknown IR expression {node!r}")

    def test(self, node: Any, bound: frozenset[str]) -> str:
        """Code for a node whose truth alone is used (a filter, an `if`): `and`, `or` and `not` need not
        make booleans of their parts there."""
        if isinstance(node, dict) and "op" in node and node["op"] in ("and", "or", "not"):
            parts = [self.test(a, bound) for a in node["args"]]
            if node["op"] == "not":
                return f"(not ({parts[0]}))"
            return f"(({parts[0]}) {node['op']} ({parts[1]}))"
        return self.emit(node, bound)

    def _pick_by_candidate(self, node: Any, codes: list[str], bound: frozenset[str], code: str) -> str:
        """A pick whose arguments change with the candidate (the candidate's region), in a filter whose
        memory is open: the pick for each value of those arguments, kept in a dict of the filter's call
        by them (the others read the same for every candidate), so that the candidates after the first
        of each value find it there, not in the memory through `_pick` (its key made of every argument,
        for each of them). The same answers: the memory gives a pick made once for equal arguments. Only
        where those arguments are of the list's declared types that are plain values (a side, a region,
        a number...: a list would be no key) and can be read without any effect."""
        if not self.picks_by_candidate or not self.memo_open or self.hoisted is None or self.eager is None:
            return code
        plist = self.program.ir.get("priorities", {}).get(node["pick"])
        params = plist.get("params", []) if isinstance(plist, dict) else []
        if len(params) != len(codes):
            return code
        varying = [i for i, a in enumerate(node["args"]) if any(_mentions(a, name) for name in bound)]
        if not varying:
            return code
        for i in varying:
            # (`region?`, a region or none: both plain)
            kinds = str(params[i].get("type", "")).removesuffix("?").split(" or ")
            if not all(kind.strip() in _PLAIN_KEY_TYPES for kind in kinds):
                return code
            if self._cost(node["args"][i]) is None:
                return code
        number = len(self.eager)
        # (a dict of its own for this pick: its code names the pick, so that no other shares it)
        kept = self._eager_local(f"{{}}  # picks of {node['pick']} by candidate, {number}", f"_pk{number}")
        key = f"_pq{number}"
        parts = "".join(f"{codes[i]}, " for i in varying)
        return f"({kept}[{key}] if ({key} := ({parts})) in {kept} else {kept}.setdefault({key}, {code}))"

    def _list(self, nodes: list[Any], bound: frozenset[str]) -> str:
        return ", ".join(self.emit(n, bound) for n in nodes)

    def _constant(self, value: Any, name: str, origin: tuple[Any, ...] | None = None) -> str:
        """A value the code refers to by name (a primitive, an enum value). `origin`: how a build's record
        makes it again, when it is no primitive or function (build_record)."""
        if name not in self.namespace:
            self.namespace[name] = value
            if origin is not None and self.record is not None:
                self.record.origins[name] = origin
        return name

    def _iterated(self, node: Any, bound: frozenset[str]) -> str:
        """Code for the items a comprehension or an aggregate goes through once (read before its variable
        is bound, so nothing hoisted): a written-out primitive's items without the copy its call makes."""
        self.in_source += 1
        try:
            if isinstance(node, dict) and "call" in node:
                ((name, args),) = node["call"].items()
                implementation = self.program.primitives[name]
                iterated = getattr(implementation, "inline_iterated", None)
                if iterated is not None and all(self._simple(a) for a in args):
                    self.emit(node, bound)  # (for the names its template reads)
                    return (
                        f"({self._filled(self._state_read(iterated), [self.emit(a, bound) for a in args])})"
                    )
            return self.emit(node, bound)
        finally:
            self.in_source -= 1

    def _aggregate(self, node: dict[str, Any], bound: frozenset[str]) -> str:
        return self._shadowing(node["bind"], lambda: self._aggregate_code(node, bound))

    def _aggregate_code(self, node: dict[str, Any], bound: frozenset[str]) -> str:
        bind = node["bind"]
        source = self._without_hoisting(lambda: self._iterated(node["in"], bound))
        inner = bound | {bind}
        item, where = self._inside_scope(
            lambda: (
                self.emit(node["item"], inner),
                f" if {self.test(node['where'], inner)}" if node["where"] is not None else "",
            )
        )
        items = f"[{item} for _x_{bind} in {source}{where}]"
        outer = {
            "count": "len({})",
            "sum": "sum({})",
            "max": "max({}, default=0)",
            "min": "min({}, default=0)",
            "any": "any({})",
            "all": "all({})",
        }[node["agg"]]
        if self.memo_open:  # (else the memory is opened around it: `_scoped`)
            lifted = self._lifted(bind, source, item, where, outer)
            if lifted is not None:
                return lifted
        return self._scoped(outer.format(items))

    def _lifted(self, bind: str, source: str, item: str, where: str, outer: str) -> str | None:
        """An aggregate as a call of a function of its own, made once, that goes through the items in a
        loop, the locals it reads passed to it: in 3.11 a comprehension is a function made at every
        evaluation, and the locals it shares with the function around it cells made at every call of
        that one (`controlled_count` counts a region's countries for every region it is asked about).
        None when it assigns a local the function around it reads too (a value worked out when first
        needed): it stays a comprehension there."""
        inside = item + where
        if not set(_ASSIGNED.findall(source + inside)) <= _TEMPLATE_LOCALS:
            return None
        if "lambda" in inside or " for " in inside:  # (names bound inside it: left as written)
            return None
        # (the items as the comprehension had them: worked out where it stood, before its variable is bound)
        loop = f"    for _x_{bind} in _source:\n"
        test = where.removeprefix(" if ")
        if outer == "len({})" and item == f"_x_{bind}":
            # (a count of the items themselves: counted, no list made)
            keep, start, result = "_items += 1\n", "0", "_items"
        else:
            keep, start, result = f"_items.append({item})\n", "[]", outer.format("_items")
        body = loop + (f"        if {test}:\n            {keep}" if where else f"        {keep}")
        body = f"    _items = {start}\n" + body + f"    return {result}\n"
        own = {f"_x_{bind}", *_TEMPLATE_LOCALS}
        params = sorted(name for name in _local_names(inside) if name not in own)
        source_text = f"def _e({', '.join(['_source', *params])}):\n" + body
        name = f"A_{hashlib.blake2b(source_text.encode(), digest_size=6).hexdigest()}"
        if name not in self.namespace:
            self.namespace[name] = self._define(
                source_text, "the loop of an aggregate", name=name, shared=True
            )
        return f"{name}({', '.join([source, *params])})"

    def _comprehension(self, node: dict[str, Any], bound: frozenset[str]) -> str:
        return self._shadowing(node["each"], lambda: self._comprehension_code(node, bound))

    def _comprehension_code(self, node: dict[str, Any], bound: frozenset[str]) -> str:
        bind = node["each"]
        source = self._without_hoisting(lambda: self._iterated(node["in"], bound))
        inner = bound | {bind}
        where = self._inside_scope(
            lambda: f" if {self.test(node['where'], inner)}" if node["where"] is not None else ""
        )
        kept = f"[_x_{bind} for _x_{bind} in {source}{where}]"
        if not node["order"]:
            return self._scoped(kept)
        if len(node["order"]) == 1 and self._whole_number(node["order"][0]["key"]):
            # (one key, certainly an int: sorted by it as it is, no ranks to look up; `_order` otherwise)
            (order,) = node["order"]
            key = self._without_hoisting(lambda: self.emit(order["key"], inner))
            return self._scoped(
                f"sorted({kept}, key=lambda _x_{bind}: {key}, reverse={bool(order['desc'])!r})"
            )
        keys = self._without_hoisting(
            lambda: ", ".join(
                f"(lambda _x_{bind}: {self.emit(k['key'], inner)}, {bool(k['desc'])!r})"
                for k in node["order"]
            )
        )
        return self._scoped(f"_order({kept}, ({keys},))")

    def _shadowing(self, bind: str, emit: Callable[[], _T]) -> _T:
        """Code inside a comprehension, whose own variable changes from one item to the next."""
        saved = self.loop_names
        self.loop_names = saved | {bind}
        try:
            return emit()
        finally:
            self.loop_names = saved

    def _inside_scope(self, emit: Callable[[], _T]) -> _T:
        """Code that `_scoped` may put in a lambda: no `:=` there (it would bind in the lambda)."""
        return emit() if self.memo_open else self._without_hoisting(emit)

    def _scoped(self, code: str) -> str:
        """Code evaluated with the memory of pure function results open."""
        return code if self.memo_open else f"_scope(e, lambda: {code})"

    def _op(self, op: str, args: list[Any], bound: frozenset[str]) -> str:
        if op == STORED:  # (a value a statement keeps or hands on: `stored`)
            return f"{self._constant(bounded_number, '_bounded')}({self.emit(args[0], bound)})"
        if op in ("and", "or", "not"):  # a boolean of the parts' truth
            truth = self.test({"op": op, "args": args}, bound)
            return truth if op == "not" else f"(not not {truth})"
        if op == "if":
            test = self.test(args[0], bound)
            return f"(({self.emit(args[1], bound)}) if ({test}) else ({self.emit(args[2], bound)}))"
        parts = [self.emit(a, bound) for a in args]
        if op == "neg":
            return f"(-({parts[0]}))"
        a, b = parts
        if op in ("in", "not_in") and self._simple(args[1]) and self._invariant(b):
            # a filter's `x in list`: the list made a set once, not searched through for every candidate
            # (before the loop when the list is a local: making the set cannot fail)
            # (not in a priority list's `require`s asked once per candidate and pick, `option_filter`:
            # most options of a pick find every candidate asked already, and need no set)
            local = self.eager is not None and b in self.eager.values() and not self.asked_once
            b = self._eager_local(f"_as_set(e, {b})") if local else self._hoist(f"_as_set(e, {b})")
            self._constant(_as_set, "_as_set")
        if op in ("==", "!=") and (args[0] is None or args[1] is None):
            # (`none` is equal to nothing else: told by identity, not by asking each type's `==`, which
            # for a name against none goes through both types' comparisons)
            return f"(({a}) {'is' if op == '==' else 'is not'} ({b}))"
        if op == "*":  # (the one operator that can outgrow any bound in one expression: x * x * x …)
            return f"{self._constant(bounded_number, '_bounded')}(({a}) * ({b}))"
        if op in _COMPARE:
            return f"(({a}) {_COMPARE[op]} ({b}))"
        if op in _ORDERED:
            # (two whole numbers: no ranks to look up, Python's own comparison)
            if self._whole_number(args[0]) and self._whole_number(args[1]):
                return f"(({a}) {op} ({b}))"
            return f"{_ORDERED[op]}({a}, {b})"
        raise ValueError(f"unknown IR operator {op!r}")


# The body of a function that evaluates with the memory of pure function results open: its own unless
# an evaluation around it has one open already.
_IN_MEMORY = """\
    if e.memo is not None:
        {result}{body}
    else:
        e.memo = {{}}
        try:
            {result}{body}
        finally:
            e.memo = None"""

# The primitives that change the game (statements): never inside an evaluation that remembers.
_EFFECTS = frozenset(p.name for p in registry.PRIMITIVES if p.returns is None)

_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*\Z")


class Unbound:
    """The value of a frame's variable that a function going through candidates reads before its loop
    (`eager`) when the frame does not hold it: any use of it fails, as reading the variable where the
    code uses it would have failed."""

    def _fail(self, *args: Any) -> Any:
        raise KeyError("a variable the frame does not hold")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __bool__ = _fail
    __contains__ = __iter__ = __len__ = __getitem__ = __index__ = __int__ = _fail
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __neg__ = _fail


UNBOUND = Unbound()


def _name(name: str) -> str:
    """A name from the IR that becomes part of a Python name: the schema's pattern, checked again here
    because the text is compiled."""
    if not isinstance(name, str) or not _IDENTIFIER.match(name):
        raise ValueError(f"not an IR name: {name!r}")
    return name


def _plain(node: Any) -> bool:
    """A constant or a name: reading it twice costs little and reads the same."""
    return (
        node is None or isinstance(node, (bool, int)) or (isinstance(node, dict) and set(node) <= _PLAIN_KEYS)
    )


_PLAIN_KEYS = frozenset({"str", "var", "ref", "id"})

# Primitives whose value is always a Python int (never a bool, None or an enum value): those the
# runtime's contract declares to return an int (`<` between two of them needs no ranks:
# `ordered_comparisons`; tests/test_codegen.py plays games checking every such value).
INT_PRIMITIVES = frozenset(p.name for p in registry.PRIMITIVES if p.returns == "int")
# ...of which these give an int only when their arguments are ints.
_OF_ITS_ARGUMENTS = frozenset({"max", "min", "abs"})


# Primitives that cost about as much as a lookup in the memory of function results (in_effect: a look
# through the few effects in force).
_CHEAP_PRIMITIVES = frozenset({"in_effect"})
# Primitives written out in place that still build a list (a region's countries): a function that goes
# through one is worth remembering, as it was before they were written out.
_LIST_MAKING_PRIMITIVES = frozenset({"countries", "neighbours"})


def calls_nothing(node: Any) -> bool:
    """No rule function, aggregate, comprehension or pick in the node: the body of a leaf function."""
    if isinstance(node, list):
        return all(calls_nothing(n) for n in node)
    if not isinstance(node, dict):
        return True
    if "fn" in node or "agg" in node or "each" in node or "pick" in node:
        return False
    return all(calls_nothing(v) for v in node.values())


def _loops(node: Any) -> bool:
    """An aggregate or a comprehension in the node: code that goes through items."""
    if isinstance(node, list):
        return any(_loops(n) for n in node)
    if not isinstance(node, dict):
        return False
    return "agg" in node or "each" in node or any(_loops(v) for v in node.values())


_STRING_CONSTANT = re.compile(r"'[a-z_]+'")  # (a name written as a constant: a side, `'us'`)


# The operator of the node `stored` wraps a value in: no rule writes it (the compiler has no word for it).
STORED = "stored"


def stored(node: Any) -> Any:
    """The IR of a value a statement keeps (a variable's `let` or `set`) or hands on (a procedure's
    argument, an effect's): the value itself, bounded (`bounded_number`) when arithmetic works it out.
    Growth without bound takes one of these (a variable multiplied by itself in a loop, doubled by
    additions, a procedure calling itself with its argument squared); a value read and dropped cannot
    grow further than its expression."""
    return {"op": STORED, "args": [node]} if _has_arithmetic(node) else node


def _has_arithmetic(node: Any) -> bool:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("op") in ("+", "-", "*"):
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def bounded_number(value: Any) -> Any:
    """`value`, unless it is a whole number past what a rule may hold (±MAX_RULE_INT, the compiler's bound
    on a number written in a rule): then an OverflowError, which the engine reports at the rule that
    worked it out (a rule's arithmetic once ran for minutes, or left 10**31 influence on the map)."""
    if type(value) is int and not -MAX_RULE_INT <= value <= MAX_RULE_INT:
        raise OverflowError(
            f"a whole number of {value.bit_length()} bits, past {MAX_RULE_INT:,}: the most a rule may hold"
        )
    return value


def _as_set(e: Any, value: Any) -> Any:
    """A list as a set of the same items for `in` (a text, or a list of lists, as it is). Within an
    evaluation (the memory of the engine `e` open: nothing changes a list while it lasts), made once per
    list: a priority list's `require c in offered` is asked for each of its options, and `offered` is
    often the whole map."""
    if type(value) is not list:
        return value
    memo = e.memo
    if memo is None:
        return _set_of(value)
    key = (_AS_SET, id(value))  # (the list is kept with its set: its id is no other list's meanwhile)
    found = memo.get(key)
    if found is not None and found[0] is value:
        return found[1]
    made = None
    for items, items_set in e.program.domains_by_length.get(len(value), ()):
        if value == items:  # (a program's domain, whole: its set, made once)
            made = items_set
            break
    if made is None:
        made = _set_of(value)
    memo[key] = (value, made)
    return made


def _set_of(value: list[Any]) -> Any:
    try:
        return frozenset(value)
    except TypeError:
        return value


_AS_SET = object()  # (its key in the memory: no rule function's or pick's key can equal it)


# The declared types of a priority list's parameters whose values are plain names or numbers, each a key
# of a dict as it is (`_pick_by_candidate`)
_PLAIN_KEY_TYPES = frozenset({"side", "region", "country", "card", "int", "bool", "text", "none"})


def _mentions(node: Any, name: str) -> bool:
    """Whether the IR node reads the variable anywhere (a comprehension's own variable of that name
    too: when in doubt, it does)."""
    if isinstance(node, dict):
        return node.get("var") == name or any(_mentions(v, name) for v in node.values())
    if isinstance(node, list):
        return any(_mentions(v, name) for v in node)
    return False


def _conjuncts(node: Any) -> list[Any]:
    """`a and b and c` as [a, b, c]."""
    if isinstance(node, dict) and node.get("op") == "and":
        return [part for arg in node["args"] for part in _conjuncts(arg)]
    return [node]


def _conjunction(nodes: list[Any]) -> Any:
    """The IR of `n1 and n2 and ...` (true when there is none)."""
    if not nodes:
        return True
    joined = nodes[-1]
    for node in reversed(nodes[:-1]):
        joined = {"op": "and", "args": [node, joined]}
    return joined


# What `_cost` counts for a call that is not written out in place (a rule function, a primitive): about
# as much as twenty small steps.
_CALL_COST = 20

_COMPARE = {"==": "==", "!=": "!=", "+": "+", "-": "-", "*": "*", "in": "in", "not_in": "not in"}
_ORDERED = {"<": "_lt", "<=": "_le", ">": "_gt", ">=": "_ge"}


def ordered_comparisons(sortable: Callable[[Any], Any]) -> dict[str, Callable[[Any, Any], bool]]:
    """`<`, `<=`, `>`, `>=` as the IR means them: numbers as numbers, enum values by rank. (Four
    functions written out, not one made per operator: they are called hundreds of thousands of times a
    game, and a call to an operator function inside each would double their cost.)"""

    def _lt(x: Any, y: Any) -> bool:
        if type(x) is int and type(y) is int:  # the usual case: no ranks to look up
            return x < y
        return bool(sortable(x) < sortable(y))

    def _le(x: Any, y: Any) -> bool:
        if type(x) is int and type(y) is int:
            return x <= y
        return bool(sortable(x) <= sortable(y))

    def _gt(x: Any, y: Any) -> bool:
        if type(x) is int and type(y) is int:
            return x > y
        return bool(sortable(x) > sortable(y))

    def _ge(x: Any, y: Any) -> bool:
        if type(x) is int and type(y) is int:
            return x >= y
        return bool(sortable(x) >= sortable(y))

    return {"_lt": _lt, "_le": _le, "_gt": _gt, "_ge": _ge}


# The locals that a template's `:=` assigns (`controls` written out: `_ro`, `_ri`): read only where they are
# assigned. Any other `:=` in an aggregate keeps it a comprehension (see `ExprCompiler._lifted`).
_TEMPLATE_LOCALS = frozenset({"_ro", "_ri", "_os"})
_ASSIGNED = re.compile(r"\((\w+) :=")
# The names generated code gives its locals: the engine, the frame's variables, bound and frame variables,
# the state's and the board's locals, worked-out and hoisted values, repeated calls' results.
_LOCAL_NAME = re.compile(r"e|V|f|m|r|_a|_inf|_s|_x_\w+|_v_\w+|_l\d+|_h\d+|_c\d+")


def _local_names(code: str) -> set[str]:
    """The names of the generated code's locals that the code reads: a name inside a string (the code's
    strings are `repr`s) or after a dot is none."""
    names = _NAME.findall(_STRING.sub("''", code))
    return {name for name in names if _LOCAL_NAME.fullmatch(name)}


_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_NAME = re.compile(r"(?<![.\w])[A-Za-z_]\w*")


class _Declared:
    """`ExprCompiler.declared`: the declaration at hand while its code is made, then the one before."""

    __slots__ = ("codegen", "declaration", "saved")

    def __init__(self, codegen: ExprCompiler, declaration: tuple[str, str, str]) -> None:
        self.codegen, self.declaration = codegen, declaration
        self.saved = codegen.declaration

    def __enter__(self) -> None:
        self.saved = self.codegen.declaration
        self.codegen.declaration = self.declaration

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.codegen.declaration = self.saved


def pure_functions(functions: dict[str, Any]) -> set[str]:
    """The rule functions whose value depends only on their arguments and the game state: none of them
    calls a nondeterministic query (dice), picks from an AI priority list (each pick is traced, the
    "why" of the AI's moves), or calls a function that does."""
    calls: dict[str, set[str]] = {}
    impure: set[str] = set()
    for name, fn in functions.items():
        called: set[str] = set()
        stack: list[Any] = [fn["body"]]
        while stack:
            node = stack.pop()
            if isinstance(node, list):
                stack.extend(node)
                continue
            if not isinstance(node, dict):
                continue
            if "pick" in node:
                impure.add(name)
            call = node.get("call")
            if isinstance(call, dict) and any(q in registry.NONDETERMINISTIC_QUERIES for q in call):
                impure.add(name)
            if "fn" in node and isinstance(node["fn"], str):
                called.add(node["fn"])
            stack.extend(node.values())
        calls[name] = called
    changed = True
    while changed:
        changed = False
        for name, called in calls.items():
            if name not in impure and called & impure:
                impure.add(name)
                changed = True
    return set(functions) - impure
