"""Name resolution, type checking and IR emission for expressions, statements and effect items.

One pass does all three: each `check_*` method returns the IR fragment of a node and records the node's
source position (`Emitter.where`) so that schema errors can be mapped back to the source.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from twilight.compiler import ast
from twilight.compiler import types as T
from twilight.compiler.diagnostics import Pos, Sink, suggest
from twilight.compiler.vocab import Vocabulary

PROVISIONAL_RE = re.compile(r"^P[0-9]+(\.[0-9]+)*: \S")
SOURCE_RE = re.compile(r"\S.* · \S")
AGGREGATES = {"count": "int", "sum": "int", "max": "int", "min": "int", "any": "bool", "all": "bool"}
COMPARE = {"==", "!=", "<", "<=", ">", ">="}


# Truth values as YAML writes them, which the rules do not know (they write `true` and `false`).
YAML_BOOLS = {"yes": True, "no": False, "on": True, "off": False, "True": True, "False": False}


@dataclass
class Symbol:
    kind: str  # country | region | card | side | superpower | setting | table | order | enum
    type: str
    pos: Pos | None = None


@dataclass
class Scope:
    vars: dict[str, str] = field(default_factory=dict)
    parent: Scope | None = None
    loop: bool = False
    lets: dict[str, Pos] = field(default_factory=dict)  # variables declared by `let`, for W202
    used: set[str] = field(default_factory=set)
    # What is known here of names that may be none: their type once a condition checked them (`x != none`)
    # or a `set` gave them a value (compiler/types.py). Only the type changes, never what the name is.
    facts: dict[str, str] = field(default_factory=dict)

    def lookup(self, name: str) -> str | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.vars:
                scope.used.add(name)
                return scope.vars[name]
            scope = scope.parent
        return None

    def fact(self, name: str) -> str | None:
        """The type known here of `name`, when a check or a `set` nearer than its declaration says."""
        scope: Scope | None = self
        while scope is not None:
            if name in scope.facts:
                return scope.facts[name]
            if name in scope.vars:
                return None
            scope = scope.parent
        return None

    def in_loop(self) -> bool:
        scope: Scope | None = self
        while scope is not None:
            if scope.loop:
                return True
            scope = scope.parent
        return False

    def names(self) -> set[str]:
        out: set[str] = set()
        scope: Scope | None = self
        while scope is not None:
            out.update(scope.vars)
            scope = scope.parent
        return out


@dataclass
class Procedure:
    params: list[tuple[str, str]]
    pos: Pos
    returns: str | None = None  # set for a `function`: it has a value
    priority: bool = False  # a `priority` list: its value is the target it picks (or none)


# A `repeat` with a literal count over this many times is warned of (W501): no game needs as many, and
# each time is a step of the game's step budget (runtime: Engine.step_limit).
REPEAT_WARN_LIMIT = 1000


class Emitter:
    def __init__(
        self,
        sink: Sink,
        vocab: Vocabulary,
        symbols: dict[str, Symbol],
        procedures: dict[str, Procedure],
        ir_paths: dict[str, str] | None = None,
    ):
        self.sink = sink
        self.vocab = vocab
        self.symbols = symbols
        self.procedures = procedures
        self.where: dict[int, Pos] = {}
        self.decision_prefix = "decision"
        self.current_function: str | None = None
        self.calls: dict[str, set[str]] = {}  # function -> functions it calls, to find recursion
        self.ir_paths = ir_paths or {}
        self.current_procedure: str | None = None
        # procedure -> the procedures it runs, each with the position of its first call (recursion, E511)
        self.runs: dict[str, dict[str, Pos]] = {}
        # primitive -> where the rules first call it: what it needs from the ruleset (compiler/contract.py)
        self.primitive_calls: dict[str, Pos] = {}
        # decision name -> where the rules first ask it (`choose … as NAME`, `decide NAME`): the contract's
        # `decision` needs are found here
        self.decisions: dict[str, Pos] = {}
        # The phases (and steps) of the sequence, each with the names of its block in order (`phases`
        # statements of scenario moments); set while moments are checked.
        self.phase_blocks: dict[str, list[str]] = {}
        self.in_moment = False

    # ------------------------------------------------------------------ helpers
    def src(self, pos: Pos) -> str:
        """Where a declaration or a statement is, as the IR names it ("standard/sequence.tsr:12")."""
        return f"{self.ir_paths.get(pos.file, pos.file)}:{pos.line}"

    def mark(self, ir: Any, pos: Pos) -> Any:
        if isinstance(ir, (dict, list)):
            self.where[id(ir)] = pos
        return ir

    def expect(
        self, got: str, want: str, pos: Pos, what: str, none_ok: bool = False, fix: str | None = None
    ) -> None:
        """E503 when a value of type `got` cannot stand where `want` is asked (`fix`: its help, such as
        the signature of the call the value is an argument of); E512 when it may be none and `want` may
        not (`none_ok`: none is taken there, as a condition takes it for false)."""
        if not T.fits(got, want):
            self.sink.add("E503", f"{what} must be {T.shown(want)}, not {T.shown(got)}", pos, fix)
        elif T.may_be_none(got) and not T.may_be_none(want) and not none_ok:
            self.sink.add(
                "E512",
                f"{what} may be none here ({T.shown(got)})",
                pos,
                "check it first (`if x != none { … }`, `x != none and …`), or give the empty case a "
                "value (`if x == none then … else …`)",
            )

    def check_annotations(self, notes: list[ast.Annotation] | tuple[ast.Annotation, ...]) -> None:
        for note in notes:
            if note.kind == "provisional" and not PROVISIONAL_RE.match(note.text):
                self.sink.add(
                    "E207",
                    f'provisional mark "{note.text}" does not start with "P<n>: "',
                    note.pos,
                    'write provisional "P3.4: <why>" with the P-number from the gaps file',
                )
            if note.kind == "source" and not SOURCE_RE.search(note.text):
                self.sink.add(
                    "E207",
                    f'source "{note.text}" does not name "<file> · <section>"',
                    note.pos,
                    'write source "000 · Setup 4" (seed file prefix, a middle dot, the section)',
                )

    def provenance(self, notes: list[ast.Annotation] | tuple[ast.Annotation, ...]) -> dict[str, Any]:
        self.check_annotations(notes)
        out: dict[str, Any] = {"sources": [n.text for n in notes if n.kind == "source"]}
        provisional = [n.text for n in notes if n.kind == "provisional"]
        if provisional:
            out["provisional"] = provisional
        return out

    @contextmanager
    def scope(
        self, parent: Scope, variables: dict[str, str] | None = None, loop: bool = False
    ) -> Iterator[Scope]:
        yield Scope(dict(variables or {}), parent, loop)

    # ------------------------------------------------------------------ expressions
    def expr(self, node: ast.Expr, scope: Scope) -> tuple[Any, str]:
        ir, typ = self._expr(node, scope)
        return self.mark(ir, node.pos), typ

    def condition(self, node: ast.Expr | None, scope: Scope, what: str = "a condition") -> Any:
        if node is None:
            return None
        ir, typ = self.expr(node, scope)
        self.expect(typ, "bool", node.pos, what, none_ok=True)  # (none is false)
        return ir

    def typed(self, node: ast.Expr | None, want: str, scope: Scope, what: str) -> Any:
        if node is None:
            return None
        ir, typ = self.expr(node, scope)
        self.expect(typ, want, node.pos, what)
        return ir

    def _expr(self, node: ast.Expr, scope: Scope) -> tuple[Any, str]:
        if isinstance(node, ast.Lit):
            if node.value is None:
                return None, "none"
            if isinstance(node.value, bool):
                return node.value, "bool"
            if isinstance(node.value, int):
                return node.value, "int"
            return {"str": node.value}, "text"
        if isinstance(node, ast.Name):
            return self._name(node, scope)
        if isinstance(node, ast.Call):
            return self._call(node, scope)
        if isinstance(node, ast.Aggregate):
            return self._aggregate(node, scope)
        if isinstance(node, ast.ListExpr):
            return self._list(node, scope)
        if isinstance(node, ast.Comprehension):
            return self._comprehension(node, scope)
        if isinstance(node, ast.Unary):
            operand, typ = self.expr(node.operand, scope)
            want = "bool" if node.op == "not" else "int"
            what = f"the operand of '{'not' if node.op == 'not' else '-'}'"
            self.expect(typ, want, node.operand.pos, what, none_ok=want == "bool")
            return {"op": node.op, "args": [operand]}, want
        if isinstance(node, ast.Binary):
            return self._binary(node, scope)
        if isinstance(node, ast.IfExpr):
            cond = self.condition(node.cond, scope)
            then, t1 = self.expr(node.then, self.knowing(node.cond, True, scope))
            other, t2 = self.expr(node.else_, self.knowing(node.cond, False, scope))
            common = T.unify(t1, t2)
            if common is None:
                self.sink.add(
                    "E503",
                    f"the branches of 'if … then … else' differ: {T.shown(t1)} and {T.shown(t2)}",
                    node.pos,
                )
                common = "any"
            return {"op": "if", "args": [cond, then, other]}, common
        raise TypeError(f"unknown expression node {node!r}")  # pragma: no cover

    def _name(self, node: ast.Name, scope: Scope) -> tuple[Any, str]:
        local = scope.lookup(node.name)
        if local is not None:
            return {"var": node.name}, scope.fact(node.name) or local
        sym = self.symbols.get(node.name)
        if sym is not None and sym.kind != "superpower":
            ref: dict[str, Any] = {"ref": sym.kind, "id": node.name}
            if sym.kind == "enum":
                ref["type"] = sym.type.replace("setting:", "")
            return ref, scope.fact(node.name) or sym.type
        if node.name in self.vocab.primitives or node.name in self.procedures:
            self.sink.add("E503", f"'{node.name}' is a function: call it as {node.name}(…)", node.pos)
            return None, "any"
        if node.name in YAML_BOOLS:
            # (a scenario file's YAML takes yes/no; the rules' truth values are two words only)
            truth = "true" if YAML_BOOLS[node.name] else "false"
            self.sink.add("E104", f"unknown name '{node.name}'", node.pos, f"write `{truth}`")
        elif node.name != node.name.lower():
            self.sink.add(
                "E105", f"'{node.name}': names are lowercase", node.pos, f"write '{node.name.lower()}'"
            )
        else:
            known = scope.names() | {k for k, s in self.symbols.items() if s.kind != "superpower"}
            self.sink.unknown("name", node.name, node.pos, known)
        return None, "any"

    def _args(
        self, fn: str, params: list[tuple[str, str]], variadic: bool, node: ast.Call, scope: Scope
    ) -> tuple[list[Any], dict[str, str]]:
        args = list(node.args)
        ok_count = len(args) >= len(params) if variadic else len(args) == len(params)
        # (the signature helps with a wrong count and with an argument of the wrong type alike)
        signature = f"signature: {fn}({', '.join(f'{n}: {t}' for n, t in params)}{', …' if variadic else ''})"
        if not ok_count:
            self.sink.add(
                "E502",
                f"{fn}() takes {'at least ' if variadic else ''}{len(params)} "
                f"argument{'s' if len(params) != 1 else ''}, got {len(args)}",
                node.pos,
                signature,
            )
        env: dict[str, str] = {}
        out = []
        for i, arg in enumerate(args):
            ir, typ = self.expr(arg, scope)
            if i < len(params) or (variadic and params):
                pname, ptype = params[min(i, len(params) - 1)]
                want = T.bind(ptype, typ, env)
                self.expect(typ, want, arg.pos, f"argument '{pname}' of {fn}()", fix=signature)
            out.append(ir)
        return out, env

    def _call(self, node: ast.Call, scope: Scope) -> tuple[Any, str]:
        fn = node.fn.name
        sig = self.vocab.primitives.get(fn)
        proc = self.procedures.get(fn)
        if sig is None and proc is not None and proc.priority:
            # A priority list as a value: the target it picks now (none when no option offers one).
            args, _ = self._args(fn, proc.params, False, node, scope)
            return {"pick": fn, "args": args}, T.maybe(proc.returns or "any")
        if sig is None and proc is not None and proc.returns is not None:
            args, env = self._args(fn, proc.params, False, node, scope)
            if self.current_function is not None:
                self.calls.setdefault(self.current_function, set()).add(fn)
            return {"fn": fn, "args": args}, proc.returns
        if sig is None:
            if proc is not None:
                self.sink.add("E506", f"procedure '{fn}' has no value; call it as a statement", node.fn.pos)
                return None, "any"
            self._unknown_function(node.fn)
            for arg in node.args:
                self.expr(arg, scope)
            return None, "any"
        self.primitive_calls.setdefault(fn, node.fn.pos)
        args, env = self._args(fn, list(sig.params), sig.variadic, node, scope)
        if sig.returns is None:
            self.sink.add("E506", f"{fn}() is an effect, not a value", node.fn.pos, "call it as a statement")
            return None, "any"
        returns = T.substitute(sig.returns, env)
        key = self._call_key(node) if T.may_be_none(returns) else None
        if key is not None and scope.fact(key) is not None:  # (checked within this expression)
            returns = T.definite(returns)
        return {"call": {fn: args}}, returns

    def _unknown_function(self, ident: ast.Ident) -> None:
        self.sink.unknown(
            "function", ident.name, ident.pos, [*self.vocab.primitives, *self.procedures], "E501"
        )

    def _aggregate(self, node: ast.Aggregate, scope: Scope) -> tuple[Any, str]:
        fn = node.fn.name
        if fn not in AGGREGATES:
            self.sink.unknown("aggregate", fn, node.fn.pos, AGGREGATES, "E501", list_known=True)
        source, stype = self.expr(node.source, scope)
        el = T.element(stype)
        if el is None:
            self.sink.add("E503", f"'for … in' needs a list, not {T.shown(stype)}", node.source.pos)
            el = "any"
        else:
            self.expect(stype, "list[any]", node.source.pos, "the list of 'for … in'")
        inner = Scope({node.var.name: el}, scope)
        where = self.condition(node.where, inner, "the 'where' condition")
        item, itype = self.expr(node.item, self.knowing(node.where, True, inner))
        want = {"count": "any", "sum": "int", "max": "int", "min": "int", "any": "bool", "all": "bool"}.get(
            fn, "any"
        )
        self.expect(itype, want, node.item.pos, f"the item of {fn}(…)")
        return {"agg": fn, "item": item, "bind": node.var.name, "in": source, "where": where}, AGGREGATES.get(
            fn, "any"
        )

    def _list(self, node: ast.ListExpr, scope: Scope) -> tuple[Any, str]:
        items = []
        common: str | None = None  # (the type of the items so far; None before the first)
        for item in node.items:
            ir, typ = self.expr(item, scope)
            items.append(ir)
            merged = typ if common is None else T.unify(common, typ)
            if merged is None:
                shown = f"{T.shown(common or 'any')} and {T.shown(typ)}"
                self.sink.add("E503", f"list items of different types: {shown}", item.pos)
                merged = "any"
            common = merged
        return {"list": items}, T.list_of("any" if common in (None, "none") else common)

    def _comprehension(self, node: ast.Comprehension, scope: Scope) -> tuple[Any, str]:
        source, stype = self.expr(node.source, scope)
        el = T.element(stype)
        if el is None:
            self.sink.add("E503", f"'each … in' needs a list, not {T.shown(stype)}", node.source.pos)
            el = "any"
        else:
            self.expect(stype, "list[any]", node.source.pos, "the list of 'each … in'")
        inner = Scope({node.var.name: el}, scope)
        where = self.condition(node.where, inner, "the 'where' condition")
        kept = self.knowing(node.where, True, inner)
        order = [self.sort_key(k, kept) for k in node.order]
        # (`each c in [a, b] where c != none`: its items are not none)
        item = kept.fact(node.var.name) or el
        return {"each": node.var.name, "in": source, "where": where, "order": order}, T.list_of(item)

    def sort_key(self, key: ast.SortKey, scope: Scope) -> dict[str, Any]:
        ir, typ = self.expr(key.key, scope)
        if not (T.definite(typ) in T.ORDERED or T.definite(typ) in ("bool", "any")):
            self.sink.add(
                "E503",
                f"a sort key must be a number, a yes/no or an ordered value, not {T.shown(typ)}",
                key.key.pos,
            )
        elif T.definite(typ) != "bool":  # (none sorts as false; it has no place among numbers)
            self.expect(typ, "any", key.key.pos, "a sort key")
        return {"key": ir, "desc": key.desc}

    def _binary(self, node: ast.Binary, scope: Scope) -> tuple[Any, str]:
        op = node.op
        left, lt = self.expr(node.left, scope)
        # (the right side of `and` is worked out only when the left holds; of `or`, when it does not)
        beside = self.knowing(node.left, op == "and", scope) if op in ("and", "or") else scope
        right, rt = self.expr(node.right, beside)
        if op in ("and", "or"):
            self.expect(lt, "bool", node.left.pos, f"the left side of '{op}'", none_ok=True)
            self.expect(rt, "bool", node.right.pos, f"the right side of '{op}'", none_ok=True)
            result = "bool"
        elif op in COMPARE:
            shown = f"{T.shown(lt)} and {T.shown(rt)}"
            if not T.comparable(lt, rt):
                self.sink.add("E503", f"cannot compare {T.shown(lt)} with {T.shown(rt)}", node.pos)
            elif op not in ("==", "!=") and not ({T.definite(lt), T.definite(rt)} - {"any"}) <= T.ORDERED:
                self.sink.add("E503", f"'{op}' needs numbers or ordered values, not {shown}", node.pos)
            elif op not in ("==", "!="):
                self.expect(lt, "any", node.left.pos, f"the left side of '{op}'")
                self.expect(rt, "any", node.right.pos, f"the right side of '{op}'")
            result = "bool"
        elif op in ("in", "not_in"):
            el = T.element(rt)
            if el is None:
                self.sink.add("E503", f"'in' needs a list on its right, not {T.shown(rt)}", node.right.pos)
            elif not T.comparable(lt, el):
                self.sink.add("E503", f"a {T.shown(lt)} is never in a list of {T.shown(el)}", node.pos)
            else:
                self.expect(rt, "list[any]", node.right.pos, "the list right of 'in'")
            result = "bool"
        else:
            self.expect(lt, "int", node.left.pos, f"the left side of '{op}'")
            self.expect(rt, "int", node.right.pos, f"the right side of '{op}'")
            result = "int"
        return {"op": op, "args": [left, right]}, result

    # ------------------------------------------------------------------ what a condition tells
    def knowing(self, cond: ast.Expr | None, truth: bool, scope: Scope, calls: bool = True) -> Scope:
        """`scope`, with what `cond` tells of names that may be none once it is known to be `truth`:
        `x != none` (true) or `x == none` (false) that x is not none, `x in LIST` (true) that x is one
        of the list's items; through `and`, `or` and `not`. Within an expression (`calls`), the same
        of a call of a query that rolls no die whose arguments are names and literals
        (`headline_of(s) != none`): nothing changes the game while an expression is worked out."""
        if cond is None:
            return scope
        facts = self._facts(cond, truth, scope, calls)
        return Scope({}, scope, facts=facts) if facts else scope

    def _facts(self, cond: ast.Expr, truth: bool, scope: Scope, calls: bool = True) -> dict[str, str]:
        if isinstance(cond, ast.Unary) and cond.op == "not":
            return self._facts(cond.operand, not truth, scope, calls)
        if not isinstance(cond, ast.Binary):
            return {}
        op = cond.op
        if (op == "and" and truth) or (op == "or" and not truth):
            first = self._facts(cond.left, truth, scope, calls)
            then = self.knowing(cond.left, truth, scope, calls)
            return {**first, **self._facts(cond.right, truth, then, calls)}
        if op in ("==", "!=") and (op == "!=") == truth:
            sides = (cond.left, cond.right)
            for checked, other in (sides, sides[::-1]):
                if isinstance(other, ast.Lit) and other.value is None:
                    return self._not_none(checked, scope, calls)
            return {}
        if (op == "in" and truth) or (op == "not_in" and not truth):
            return self._not_none(cond.left, scope, calls)
        return {}

    def _not_none(self, checked: ast.Expr, scope: Scope, calls: bool) -> dict[str, str]:
        """What is known once `checked` is known not to be none: a name's type without its none, or
        (`calls`) that a query's call is not none."""
        if isinstance(checked, ast.Name):
            known = self._type_of_name(checked.name, scope)
            return {checked.name: T.definite(known)} if known is not None and T.may_be_none(known) else {}
        key = self._call_key(checked) if calls else None
        return {key: "not none"} if key is not None else {}

    def _call_key(self, node: ast.Expr) -> str | None:
        """A call's key among the facts (`headline_of(s)`), when two of its calls within an expression
        have the same value: a primitive query that rolls no die, its arguments names and literals."""
        if not isinstance(node, ast.Call):
            return None
        sig = self.vocab.primitives.get(node.fn.name)
        if sig is None or sig.returns is None or sig.random:
            return None
        parts = []
        for arg in node.args:
            if isinstance(arg, ast.Name):
                parts.append(arg.name)
            elif isinstance(arg, ast.Lit) and not isinstance(arg.value, str):
                parts.append(repr(arg.value))
            else:
                return None
        return f"{node.fn.name}({', '.join(parts)})"

    def _type_of_name(self, name: str, scope: Scope) -> str | None:
        """The type `name` has here (a local, a parameter or a variable of the game), recording nothing."""
        found: Scope | None = scope
        while found is not None:
            if name in found.facts:
                return found.facts[name]
            if name in found.vars:
                return found.vars[name]
            found = found.parent
        sym = self.symbols.get(name)
        return sym.type if sym is not None and sym.kind == "variable" else None

    # ------------------------------------------------------------------ statements
    def body(self, stmts: tuple[ast.Stmt, ...] | list[ast.Stmt], scope: Scope) -> list[Any]:
        return self._block(stmts, scope)[0]

    def _block(self, stmts: tuple[ast.Stmt, ...] | list[ast.Stmt], scope: Scope) -> tuple[list[Any], Scope]:
        """A block's IR, and its scope as it ends (what its `set`s left known of names that may be none)."""
        inner = Scope({}, scope)
        out = [self.mark(self._stmt(s, inner), s.pos) for s in stmts]
        for name, pos in inner.lets.items():
            if name not in inner.used:
                self.sink.add("W202", f"variable '{name}' is never used", pos)
        return out, inner

    def _joined(self, scope: Scope, ends: list[Scope]) -> None:
        """After blocks of which one ran (an `if`'s branches; a loop's body or nothing), what all of them
        left known of a name declared outside them (each `end` a scope below `scope`, or `scope`): the
        name may be none after them if it may after any."""
        names: set[str] = set()
        for end in ends:
            for between in _between(end, scope):
                names.update(between.facts)
        for name in names:
            inner = any(name in b.vars for end in ends for b in _between(end, scope))
            before = self._type_of_name(name, scope)
            if inner or before is None:
                continue  # (a name of a branch's own: gone after it)
            merged: str | None = before if scope in ends else None
            for end in ends:
                known = self._type_of_name(name, end) or before
                merged = known if merged is None else T.unify(merged, known)
            if merged is not None and merged != before:
                scope.facts[name] = merged

    def _loop_left(self, scope: Scope, end: Scope) -> None:
        """After a loop, whose body may have run or not: a name its body may have left none may be none."""
        self._joined(scope, [scope, end])

    def _loop_block(
        self, stmts: tuple[ast.Stmt, ...] | list[ast.Stmt], base: Scope, head: Any = None
    ) -> tuple[list[Any], Scope, Scope]:
        """A loop's body, run again and again: a name known not to be none as it begins that the body may
        leave none is not known so at its start (the next time round). The body is worked out a first
        time to find such names (`_trial`: nothing of it kept), then for good from `base` with them
        widened. `head(scope)`: the scope each round begins in (what its condition tells, asked again
        every round). The body's IR, the scope each round begins in before its `head` (where the loop's
        condition is worked out) and the one the body ended in."""
        start = head(base) if head is not None else base
        if not _sets_a_name(stmts):  # (nothing in it can leave a name none: one pass is enough)
            body, end = self._block(stmts, start)
            return body, base, end
        with self._trial():
            _, end = self._block(stmts, start)
        widened: dict[str, str] = {}
        for name in {n for b in _between(end, base) for n in b.facts}:
            if any(name in b.vars for b in _between(end, base)):
                continue
            before, after = self._type_of_name(name, base), self._type_of_name(name, end)
            if (
                before is not None
                and after is not None
                and T.may_be_none(after)
                and not T.may_be_none(before)
            ):
                widened[name] = T.maybe(before)
        if widened:
            base = Scope({}, base, facts=widened)
            start = head(base) if head is not None else base
        body, end = self._block(stmts, start)
        return body, base, end

    @contextmanager
    def _trial(self) -> Iterator[None]:
        """Work something out without keeping what it reports or records."""
        items, seen = list(self.sink.items), set(self.sink._seen)
        where, primitive_calls = dict(self.where), dict(self.primitive_calls)
        calls = {k: set(v) for k, v in self.calls.items()}
        runs = {k: dict(v) for k, v in self.runs.items()}
        try:
            yield
        finally:
            self.sink.items[:], self.sink._seen = items, seen
            self.where, self.primitive_calls, self.calls, self.runs = where, primitive_calls, calls, runs

    def _stmt(self, node: ast.Stmt, scope: Scope) -> Any:
        emit = STATEMENTS.get(type(node))
        if emit is None:
            raise TypeError(f"unknown statement node {node!r}")  # pragma: no cover
        return emit(self, node, scope)

    def _let(self, node: ast.Let, scope: Scope) -> Any:
        value, typ = self.expr(node.value, scope)
        scope.vars[node.var.name] = "any?" if typ == "none" else typ
        scope.facts.pop(node.var.name, None)
        scope.lets[node.var.name] = node.var.pos
        scope.used.discard(node.var.name)
        return {"let": node.var.name, "value": value}

    def _set(self, node: ast.Set, scope: Scope) -> Any:
        current = scope.lookup(node.var.name)
        value, typ = self.expr(node.value, scope)
        declared = self.symbols.get(node.var.name)
        if current is None and declared is not None and declared.kind == "variable":
            # a variable of the game state the ruleset declares: changed (and traced) by the runtime
            self.expect(typ, declared.type, node.value.pos, f"the new value of '{node.var.name}'")
            if T.may_be_none(declared.type):
                scope.facts[node.var.name] = (
                    T.maybe(declared.type) if T.may_be_none(typ) else T.definite(declared.type)
                )
            return {"do": {"set_variable": [{"str": node.var.name}, value]}}
        if current is None:
            self.sink.add(
                "E507",
                f"`set {node.var.name}`: no variable of that name",
                node.var.pos,
                "declare it with `let` first",
            )
        else:
            # (a local takes a value that may be none, or one that is not, from here on: its type
            # follows, as a check's does)
            self.expect(typ, current, node.value.pos, f"the new value of '{node.var.name}'", none_ok=True)
            base = T.definite(current)
            if base in ("any", "list[any]") and typ != "none":  # (`let plan = []`: what it now holds)
                scope.facts[node.var.name] = typ
            else:
                scope.facts[node.var.name] = T.maybe(base) if T.may_be_none(typ) else base
        return {"set": node.var.name, "value": value}

    def _if(self, node: ast.If, scope: Scope) -> Any:
        cond = self.condition(node.cond, scope)
        # (a block's effects may change what a query answers: no call is known there)
        then, then_end = self._block(node.then, self.knowing(node.cond, True, scope, calls=False))
        other, else_end = self._block(node.else_, self.knowing(node.cond, False, scope, calls=False))
        self._joined(scope, [then_end, else_end])
        return {"if": cond, "then": then, "else": other}

    def _for_each(self, node: ast.ForEach, scope: Scope) -> Any:
        source, el = self._list_source(node.source, scope, "for each")
        inner = Scope({node.var.name: el}, scope, loop=True)
        where_of = node.where
        body, rounds, end = self._loop_block(
            node.body, inner, lambda s: self.knowing(where_of, True, s, calls=False)
        )
        where = self.condition(node.where, rounds, "the 'where' condition")
        self._loop_left(scope, end)
        return {"for_each": node.var.name, "in": source, "where": where, "body": body}

    def _repeat(self, node: ast.Repeat, scope: Scope) -> Any:
        count = self.typed(node.count, "int", scope, "the count of 'repeat'")
        literal = node.count.value if isinstance(node.count, ast.Lit) else None
        if isinstance(literal, int) and not isinstance(literal, bool) and literal > REPEAT_WARN_LIMIT:
            self.sink.add(
                "W501",
                f"`repeat {literal}` runs its body more than {REPEAT_WARN_LIMIT} times",
                node.count.pos,
                "no game needs as many: repeat what the count stands for (`for each … in`), or loop "
                "`while` a condition holds",
            )
        inner = Scope({node.var.name: "int"} if node.var else {}, scope, loop=True)
        body, _, end = self._loop_block(node.body, inner)
        self._loop_left(scope, end)
        return {
            "repeat": count,
            "as": node.var.name if node.var else None,
            "body": body,
            "src": self.src(node.pos),
        }

    def _while(self, node: ast.While, scope: Scope) -> Any:
        inner = Scope({}, scope, loop=True)
        cond_of = node.cond
        body, rounds, end = self._loop_block(
            node.body, inner, lambda s: self.knowing(cond_of, True, s, calls=False)
        )
        cond = self.condition(node.cond, rounds)  # (asked before every round)
        self._loop_left(scope, end)
        # (once it ends, its condition is false)
        scope.facts.update(self._facts(node.cond, False, scope, calls=False))
        return {"while": cond, "body": body, "src": self.src(node.pos)}

    def _phase(self, node: ast.Phase, scope: Scope) -> Any:
        body, end = self._block(node.body, scope)
        self._joined(scope, [end])
        return {
            "phase": node.name.name,
            "step": node.is_step,
            "label": node.label,
            "body": body,
            "provenance": self.provenance(node.annotations),
        }

    def _stop(self, node: ast.Stop, scope: Scope) -> Any:
        if not scope.in_loop():
            self.sink.add("E509", "`stop` outside a loop", node.pos)
        return {"stop": True}

    def phases(self, node: ast.Phases) -> dict[str, Any]:
        """`phases from P [until Q]`: P and Q phases (or steps) of one block of the sequence, Q after P."""
        if not self.in_moment:
            self.sink.add(
                "E451",
                "`phases` outside a scenario moment",
                node.pos,
                "`phases from …` runs part of the sequence for a scenario step: write it in a `moment`",
            )
        first, until = node.first, node.until
        block = self.phase_blocks.get(first.name)
        if block is None:
            near = suggest(first.name, sorted(self.phase_blocks))
            self.sink.add(
                "E450",
                f"the sequence has no phase or step '{first.name}'",
                first.pos,
                f"did you mean '{near}'?" if near else f"its phases: {', '.join(self.phase_blocks)}",
            )
        elif until is not None and (
            until.name not in block or block.index(until.name) <= block.index(first.name)
        ):
            after = block[block.index(first.name) + 1 :]
            self.sink.add(
                "E450",
                f"'{until.name}' is not a phase or step after '{first.name}' in its block of the sequence",
                until.pos,
                f"after '{first.name}' come: {', '.join(after) or 'none'}",
            )
        return {"phases": first.name, "until": until.name if until else None, "src": self.src(node.pos)}

    def _list_source(self, node: ast.Expr, scope: Scope, what: str) -> tuple[Any, str]:
        source, stype = self.expr(node, scope)
        el = T.element(stype)
        if el is None:
            self.sink.add("E503", f"'{what} … in' needs a list, not {T.shown(stype)}", node.pos)
            el = "any"
        else:
            self.expect(stype, "list[any]", node.pos, f"the list of '{what} … in'")
        return source, el

    def _call_stmt(self, call: ast.Call, scope: Scope) -> Any:
        fn = call.fn.name
        proc = self.procedures.get(fn)
        if proc is not None and proc.returns is not None:
            self.sink.add("E505", f"the value of function {fn}() is not used", call.fn.pos)
        if proc is not None:
            args, _ = self._args(fn, proc.params, False, call, scope)
            if self.current_procedure is not None and proc.returns is None and not proc.priority:
                self.runs.setdefault(self.current_procedure, {}).setdefault(fn, call.fn.pos)
            return {"run": fn, "args": args, "src": self.src(call.fn.pos)}
        sig = self.vocab.primitives.get(fn)
        if sig is None:
            self._unknown_function(call.fn)
            for arg in call.args:
                self.expr(arg, scope)
            return {"do": {"log": [{"str": "unknown"}]}}  # never emitted: the error stops the compile
        self.primitive_calls.setdefault(fn, call.fn.pos)
        args, _ = self._args(fn, list(sig.params), sig.variadic, call, scope)
        if sig.returns is not None:
            self.sink.add(
                "E505",
                f"the value of {fn}() is not used",
                call.fn.pos,
                "use it in `let`, `if` or an argument",
            )
        return {"do": {fn: args}} if sig.returns is None else {"do": {"log": [{"str": fn}]}}

    def _choose(self, node: ast.Choose, scope: Scope) -> Any:
        source, el = self._list_source(node.source, scope, "choose")
        # (its body runs once for each pick, as a loop's does; its `otherwise` when nothing is picked)
        where_of = node.where
        body, rounds, end = self._loop_block(
            node.body,
            Scope({node.var.name: el}, scope),
            lambda s: self.knowing(where_of, True, s, calls=False),
        )
        where = self.condition(node.where, rounds, "the 'where' condition")
        otherwise, other_end = self._block(node.otherwise, scope)
        self._joined(scope, [scope, end, other_end])
        by = self.typed(node.by, "side", scope, "the chooser ('by')")
        count = self.typed(node.count, "int", scope, "'count'")
        up_to = self.typed(node.up_to, "int", scope, "'up to'")
        decision = node.decision.name if node.decision else f"{self.decision_prefix}_{node.var.name}"
        self.decisions.setdefault(decision, node.decision.pos if node.decision else node.pos)
        return {
            "choose": node.var.name,
            "in": source,
            "where": where,
            "by": by,
            "count": count,
            "up_to": up_to,
            "distinct": node.distinct,
            "optional": node.optional,
            "decision": decision,
            "body": body,
            "otherwise": otherwise,
        }

    def _decide(self, node: ast.Decide, scope: Scope) -> Any:
        by = self.typed(node.by, "side", scope, "the chooser ('by')")
        seen: dict[str, Pos] = {}
        options = []
        ends = []
        for option in node.options:
            if option.name.name in seen:
                self.sink.add("E201", f"option '{option.name.name}' given twice", option.name.pos)
            seen[option.name.name] = option.name.pos
            when = self.condition(option.when, scope)
            body, end = self._block(option.body, self.knowing(option.when, True, scope, calls=False))
            ends.append(end)
            options.append({"name": option.name.name, "when": when, "body": body})
        self._joined(scope, ends)  # (one option is taken)
        self.decisions.setdefault(node.decision.name, node.decision.pos)
        return {"decide": node.decision.name, "by": by, "options": options}

    # ------------------------------------------------------------------ lasting effects and rule items
    def lasting(self, node: ast.Lasting, scope: Scope) -> Any:
        until = node.until.name
        params = self.vocab.expiries.get(until)
        args: list[Any] = []
        if params is None:
            self.sink.unknown("expiry", until, node.until.pos, self.vocab.expiries, "E504", list_known=True)
            until = "end_of_turn"
        else:
            fake = ast.Call(node.pos, node.until, node.until_args)
            args, _ = self._args(until, [(t, t) for t in params], False, fake, scope)
        inner = Scope(dict(self.vocab.contexts["lasting"]), scope)
        items = [self.effect_item(item, inner) for item in node.items]
        return {
            "lasting": node.name.name,
            "until": until,
            "until_args": args,
            "items": items,
            "provenance": self.provenance(node.annotations),
        }

    def _bound(self, table: dict[str, dict[str, str]], ident: ast.Ident, what: str) -> dict[str, str] | None:
        if ident.name in table:
            return table[ident.name]
        self.sink.unknown(what, ident.name, ident.pos, table, "E504", list_known=True)
        return None

    @staticmethod
    def _any_vars(table: dict[str, dict[str, str]]) -> dict[str, str]:
        """After an unknown trigger/action/modifier: every variable such items bind, typed `any`, so the
        one mistake does not cascade into "unknown name" errors."""
        return {name: "any" for bound in table.values() for name in bound}

    def effect_item(self, item: ast.EffectItem, scope: Scope) -> Any:
        prov = self.provenance(item.annotations)
        emit = EFFECT_ITEMS.get(type(item))
        if emit is None:  # pragma: no cover
            raise TypeError(f"unknown effect item {item!r}")
        out = emit(self, item, scope)
        out["provenance"] = prov
        return self.mark(out, item.pos)

    def _modify(self, item: ast.Modify, scope: Scope) -> dict[str, Any]:
        bound = self._bound(self.vocab.modifiers, item.target, "modifier") or self._any_vars(
            self.vocab.modifiers
        )
        inner = Scope(dict(bound), scope)
        return {
            "modify": item.target.name if item.target.name in self.vocab.modifiers else "ops",
            "mode": item.mode,
            "value": self.typed(item.value, "int", inner, "the modifier's value"),
            "when": self.condition(item.when, inner),
        }

    def _forbid(self, item: ast.Forbid, scope: Scope) -> dict[str, Any]:
        # (its condition may use only the variables every action it names binds, of one type)
        shared: dict[str, str] | None = None
        names = []
        for action in item.actions:
            action_vars = self._bound(self.vocab.actions, action, "action")
            if action_vars is not None:
                names.append(action.name)
                if shared is None:
                    shared = dict(action_vars)
                else:
                    shared = {k: v for k, v in shared.items() if action_vars.get(k) == v}
        inner = Scope(shared if shared is not None else self._any_vars(self.vocab.actions), scope)
        return {
            "forbid": names or ["play"],
            "when": self.condition(item.when, inner),
            "code": item.code.name if item.code else None,
        }

    def _on(self, item: ast.On, scope: Scope) -> dict[str, Any]:
        bound = self._bound(self.vocab.triggers, item.trigger, "trigger") or self._any_vars(
            self.vocab.triggers
        )
        inner = Scope(dict(bound), scope)
        return {
            "on": item.trigger.name if item.trigger.name in self.vocab.triggers else "turn_end",
            "when": self.condition(item.when, inner),
            "body": self.body(item.body, inner),
            "src": self.src(item.pos),
        }

    def _allow(self, item: ast.Allow, scope: Scope) -> dict[str, Any]:
        return {
            "allow": item.name.name,
            "by": self.typed(item.by, "side", scope, "who may ('by')"),
            "when": self.condition(item.when, scope),
            "body": self.body(item.body, scope),
        }

    def _status(self, item: ast.Status, scope: Scope) -> dict[str, Any]:
        params = self.vocab.statuses.get(item.name.name)
        args: list[Any] = []
        if params is None:
            self.sink.unknown("status", item.name.name, item.name.pos, self.vocab.statuses, "E504", True)
        else:
            fake = ast.Call(item.pos, item.name, item.args)
            args, _ = self._args(item.name.name, [(t, t) for t in params], False, fake, scope)
        return {"status": item.name.name if params is not None else "hand_revealed", "args": args}

    def _ends(self, item: ast.Ends, scope: Scope) -> dict[str, Any]:
        bound = self._bound(self.vocab.triggers, item.trigger, "trigger") or self._any_vars(
            self.vocab.triggers
        )
        inner = Scope(dict(bound), scope)
        return {
            "ends_on": item.trigger.name if item.trigger.name in self.vocab.triggers else "turn_end",
            "when": self.condition(item.when, inner),
        }


# How each kind of statement is checked and emitted.
STATEMENTS: dict[type[ast.Stmt], Callable[[Emitter, Any, Scope], Any]] = {
    ast.CallStmt: lambda emitter, node, scope: emitter._call_stmt(node.call, scope),
    ast.Let: Emitter._let,
    ast.Set: Emitter._set,
    ast.If: Emitter._if,
    ast.ForEach: Emitter._for_each,
    ast.Repeat: Emitter._repeat,
    ast.While: Emitter._while,
    ast.Choose: Emitter._choose,
    ast.Decide: Emitter._decide,
    ast.Lasting: Emitter.lasting,
    ast.Phase: Emitter._phase,
    ast.Phases: lambda emitter, node, scope: emitter.phases(node),
    ast.Stop: Emitter._stop,
}
# How each kind of item of a lasting effect is checked and emitted (its provenance added after).
EFFECT_ITEMS: dict[type[Any], Callable[[Emitter, Any, Scope], dict[str, Any]]] = {
    ast.Modify: Emitter._modify,
    ast.Forbid: Emitter._forbid,
    ast.On: Emitter._on,
    ast.Allow: Emitter._allow,
    ast.Status: Emitter._status,
    ast.Ends: Emitter._ends,
}


def _between(end: Scope, found: Scope) -> Iterator[Scope]:
    """The scopes from `end` up to `found`, `found` left out (those whose declarations hide its facts)."""
    scope: Scope | None = end
    while scope is not None and scope is not found:
        yield scope
        scope = scope.parent


def _sets_a_name(stmts: tuple[ast.Stmt, ...] | list[ast.Stmt]) -> bool:
    """Whether the statements (those nested in them too, run in place) hold a `set`."""
    for stmt in stmts:
        if isinstance(stmt, ast.Set):
            return True
        nested: list[tuple[ast.Stmt, ...] | list[ast.Stmt]] = []
        if isinstance(stmt, ast.If):
            nested = [stmt.then, stmt.else_]
        elif isinstance(stmt, (ast.ForEach, ast.Repeat, ast.While, ast.Phase)):
            nested = [stmt.body]
        elif isinstance(stmt, ast.Choose):
            nested = [stmt.body, stmt.otherwise]
        elif isinstance(stmt, ast.Decide):
            nested = [option.body for option in stmt.options]
        if any(_sets_a_name(block) for block in nested):
            return True
    return False
