"""The C text of a ruleset's native evaluation: its pure rule functions and its priority lists' candidate
filters, written from the IR (runtime/backend/native/__init__.py says what is native and why).

Every expression is written with its type, which the IR gives (parameters, a function's return, a
primitive's signature in the registry, a declared variable or setting). What has no native form here (a
text, a card's side, a comprehension in order, a primitive without a C twin...) is either called back in
Python (a primitive or a rule function, its arguments made Python values again) or, when even that is not
possible, makes the whole function `Unsupported`: it stays the generated Python."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from twilight.runtime.core import registry
from twilight.runtime.core.sides import SIDES


class Unsupported(Exception):
    """An IR construct this back end does not write: the function it is in stays Python."""


# The rules' types this back end holds as numbers; a list holds them too.
_INDEXED = ("country", "region", "card")
_ORDERED_ENUMS = ("period", "scoring_level")
_SCALARS = frozenset({"int", "bool", "side", *_INDEXED, *_ORDERED_ENUMS})
# Names a callback may be given as text constants (a table's, an order's, an action's name...).
_NAME_REFS = frozenset({"order", "table", "track", "zone", "text"})


def plain_type(declared: str) -> str:
    """A declared type without its optional mark: `region?` and `region or none` are `region`."""
    kind = declared.strip().removesuffix("?")
    parts = [p.strip() for p in kind.split(" or ") if p.strip() != "none"]
    return parts[0] if len(parts) == 1 else kind


def element_type(kind: str) -> str | None:
    found = re.fullmatch(r"list\[(\w+)\]", kind)
    return found.group(1) if found else None


@dataclass
class Code:
    """C code for an expression and the rules' type of its value. `py`: the borrowed Python object it is,
    when it is a frame variable read as it is (a list handed on to a call back unchanged)."""

    text: str
    kind: str
    py: str | None = None


@dataclass
class Tables:
    """The names the module indexes, each kind in the IR's order."""

    countries: list[str]
    regions: list[str]
    cards: list[str]
    enums: dict[str, list[str]]
    texts: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, ir: dict[str, Any]) -> Tables:
        return cls(
            countries=list(ir["map"]["countries"]),
            regions=list(ir["map"].get("regions", {})),
            cards=list(ir["cards"]),
            enums={name: list(registry.ENUMS[name]) for name in _ORDERED_ENUMS},
        )

    def index(self, kind: str, name: str) -> int:
        names = (
            self.enums[kind]
            if kind in self.enums
            else {"country": self.countries, "region": self.regions, "card": self.cards}[kind]
        )
        if name not in names:
            raise Unsupported(f"{kind} {name!r} is not in the ruleset's tables")
        return names.index(name)

    def text(self, value: str) -> int:
        if value not in self.texts:
            self.texts.append(value)
        return self.texts.index(value)


_PRIMITIVES = {p.name: p for p in registry.PRIMITIVES}


class Emitter:
    """Writes the C functions of one ruleset. `callables`: the Python objects the C calls back, by the
    name the C knows them by (`P_<primitive>`, `F_<function>`, `PICK`), filled as the code is written."""

    def __init__(
        self, ir: dict[str, Any], pure: frozenset[str], whole_number: Any, primitives: Any = None
    ) -> None:
        self.ir = ir
        self.primitives = primitives or {}
        self.pure = pure
        self.whole_number = whole_number  # (the Python code generator's: where it compares without ranks)
        self.tables = Tables.of(ir)
        self.functions: dict[str, str | None] = {}  # rule function -> its C name (None: stays Python)
        self.bodies: list[str] = []
        self.prototypes: list[str] = []
        self.callbacks: list[str] = []  # the Python callables, by their place
        self.var_keys: list[str] = []  # the frame variables read, by their place
        self._fn_stack: list[str] = []
        self.memo_size = 0  # (the entries of the functions' memory, all of them)
        self.tables_written: list[str] = []  # (the columns of the rules' tables read natively)
        # The standing rules' prohibitions by action and modifiers by quantity (Program's), and the cards
        # whose lasting blocks forbid an action or modify a quantity, by ("forbid"/"modify", name)
        self.standing_forbids: dict[str, list[tuple[Any, Any]]] = {}
        self.standing_modifiers: dict[str, list[list[tuple[str, Any, Any]]]] = {}
        self.lasting_cards: dict[tuple[str, str], set[str]] = {}
        self.rules_functions: dict[str, str | None] = {}

    # ------------------------------------------------------------------ names
    def callback(self, name: str) -> int:
        if name not in self.callbacks:
            self.callbacks.append(name)
        return self.callbacks.index(name)

    def var_key(self, name: str) -> int:
        if name not in self.var_keys:
            self.var_keys.append(name)
        return self.var_keys.index(name)

    # ------------------------------------------------------------------ rule functions
    def function(self, name: str) -> str | None:
        """The C name of the rule function's native version (written on first need), None when it stays
        Python (not pure, or written of what this back end does not have)."""
        if name in self.functions:
            return self.functions[name]
        if name not in self.pure or name in self._fn_stack:
            self.functions[name] = None
            return None
        node = self.ir["functions"][name]
        returns = plain_type(node["returns"])
        params = [(p["name"], plain_type(p["type"])) for p in node["params"]]
        if returns not in _SCALARS or any(kind not in _SCALARS for _, kind in params):
            self.functions[name] = None
            return None
        cname = f"fn_{name}"
        self._fn_stack.append(name)
        try:
            scope = Scope({p: Code(f"a_{p}", kind) for p, kind in params}, frame=False)
            body = self.expr(node["body"], scope)
        except Unsupported:
            self.functions[name] = None
            return None
        finally:
            self._fn_stack.pop()
        arguments = "".join(f", V a_{p}" for p, _ in params)
        signature = f"static V {cname}(Cx *cx{arguments})"
        self.prototypes.append(signature + ";")
        sizes = [self._domain(kind) for _, kind in params]
        size: int | None = 1
        for n in sizes:
            size = size * n if n is not None and size is not None else None
        if size is None or size > _MEMO_MOST or not params:
            self.bodies.append(f"{signature} {{\n    if (cx->bad) return 0;\n    return {body.text};\n}}\n")
        else:
            # (remembered for the evaluation: a pure function of the board, which stands still meanwhile)
            offset = self.memo_size
            self.memo_size += size
            inside = "".join(f" && a_{p} >= 0 && a_{p} < {self._domain(k)}" for p, k in params)
            key = "0"
            for p, kind in params:
                key = f"({key}) * {self._domain(kind)} + a_{p}"
            names = ", ".join(f"a_{p}" for p, _ in params)
            self.bodies.append(
                f"static V {cname}_body(Cx *cx{arguments}) {{\n    return {body.text};\n}}\n"
                f"{signature} {{\n    if (cx->bad) return 0;\n    if (1{inside}) {{\n"
                f"        size_t k = {offset} + (size_t)({key});\n"
                f"        if (MEMO_GEN[k] == cx->gen) return MEMO_VAL[k];\n"
                f"        V v = {cname}_body(cx, {names});\n"
                f"        if (!cx->bad) {{ MEMO_GEN[k] = cx->gen; MEMO_VAL[k] = v; }}\n"
                f"        return v;\n    }}\n    return {cname}_body(cx, {names});\n}}\n"
            )
        self.functions[name] = cname
        return cname

    def _domain(self, kind: str) -> int | None:
        tables = {"country": self.tables.countries, "region": self.tables.regions, "card": self.tables.cards}
        if kind in tables:
            return max(1, len(tables[kind]))
        return _DOMAIN.get(kind)

    # ------------------------------------------------------------------ expressions
    def expr(self, node: Any, scope: Scope) -> Code:
        if node is None:
            return Code("NONE", "none")
        if isinstance(node, bool):
            return Code("1" if node else "0", "bool")
        if isinstance(node, int):
            if abs(node) > 10**12:
                raise Unsupported("a number past a rule's bound")
            return Code(f"((V){node}LL)", "int")
        if not isinstance(node, dict):
            raise Unsupported(f"an IR value {node!r}")
        if "str" in node:
            return Code(f"TEXT({self.tables.text(node['str'])})", "name")
        if "var" in node:
            return scope.read(node["var"], self)
        if "ref" in node:
            return self._ref(node)
        if "op" in node:
            return self._op(node["op"], node["args"], scope)
        if "call" in node:
            ((name, args),) = node["call"].items()
            return self._call(name, args, scope)
        if "fn" in node:
            return self._fn(node["fn"], node["args"], scope)
        if "agg" in node:
            return self._aggregate(node, scope)
        if "list" in node:
            return self._list(node["list"], scope)
        if "each" in node:
            return self._comprehension(node, scope)
        if "pick" in node:
            return self._pick(node, scope)
        raise Unsupported(f"IR expression {sorted(node)}")

    def _ref(self, node: dict[str, Any]) -> Code:
        kind, ident = node["ref"], node["id"]
        if kind == "enum":
            enum = node.get("type") or _enum_of(ident)
            if enum in _ORDERED_ENUMS:
                return Code(f"((V){self.tables.index(enum, ident)})", enum)
            if enum == "side":
                return Code(str(list(SIDES).index(ident)), "side")
            raise Unsupported(f"enum {enum}")
        if kind in _INDEXED:
            return Code(f"((V){self.tables.index(kind, ident)})", kind)
        if kind == "side":
            return Code(str(list(SIDES).index(ident)), "side")
        if kind == "variable":
            declared = plain_type(self.ir["variables"][ident]["type"])
            return self._state_value(f"variable {ident}", "vars", ident, declared)
        if kind == "setting":
            setting = self.ir["settings"][ident]
            declared = plain_type(setting["type"])
            if declared == "enum" and setting.get("values") and set(setting["values"]) <= set(SIDES):
                declared = "side"  # (a setting whose values are the sides: which side the AI plays)
            return self._state_value(f"setting {ident}", "settings", ident, declared)
        if kind in _NAME_REFS:
            return Code(f"TEXT({self.tables.text(ident)})", "name")
        raise Unsupported(f"a reference to a {kind}")

    def _state_value(self, what: str, field_name: str, ident: str, kind: str) -> Code:
        if kind not in _SCALARS:
            raise Unsupported(f"{what} of type {kind}")
        key = self.tables.text(ident)
        return Code(f"{_FROM[kind]}(cx, state_item(cx, S_{field_name}, TEXT({key})))", kind)

    def _fn(self, name: str, args: list[Any], scope: Scope) -> Code:
        node = self.ir["functions"][name]
        returns = plain_type(node["returns"])
        kinds = [plain_type(p["type"]) for p in node["params"]]
        codes = [self.expr(a, scope) for a in args]
        cname = self.function(name)
        if cname is not None:
            joined = "".join(f", {c.text}" for c in codes)
            return Code(f"{cname}(cx{joined})", returns)
        if name not in self.pure:
            # (a function that rolls or draws: called in another order, or more often, than the Python
            # code calls it, it would draw other numbers, and the game would go another way)
            raise Unsupported(f"the function {name}, which is not pure")
        return self._call_back(f"F_{name}", codes, kinds, returns)

    def _call(self, name: str, args: list[Any], scope: Scope) -> Code:
        prim = _PRIMITIVES.get(name)
        if prim is None or prim.returns is None:
            raise Unsupported(f"the primitive {name}")
        if name in registry.NONDETERMINISTIC_QUERIES:
            raise Unsupported(f"the primitive {name} (random)")
        written = self._of_written_arguments(name, prim, args, scope)
        if written is not None:
            return written
        codes = [self.expr(a, scope) for a in args]
        special = self._special(name, codes)
        if special is not None:
            return special
        native = _NATIVE.get(name)
        if native is not None and len(codes) == len(native[1]):
            template, kinds, returns = native
            for code, kind in zip(codes, kinds, strict=True):
                if kind != code.kind and not (code.kind == "none" and kind in _SCALARS):
                    raise Unsupported(f"{name} given a {code.kind} for a {kind}")
            return Code(template.format(*(c.text for c in codes)), returns)
        if prim.variadic:
            raise Unsupported(f"the variadic primitive {name}")
        declared = [plain_type(a.type) for a in prim.params]
        return self._call_back(f"P_{name}", codes, declared, plain_type(prim.returns))

    def _of_written_arguments(self, name: str, prim: Any, args: list[Any], scope: Scope) -> Code | None:
        """The primitives whose native form depends on an argument written in the rule (a table, an order,
        an action's name) or on the primitive's own written-out form (a plain value of the state)."""
        if name == "table_value":
            return self._table_cell(args, scope)
        if name == "rank":
            return self._rank(args, scope)
        if name == "may_target" and isinstance(args[0], dict) and "str" in args[0]:
            return self._by_rules("forbid", args[0]["str"], 0, args[1:], scope, "bool")
        if name in _MODIFIED and len(args) == 2:
            quantity, base = _MODIFIED[name]
            return self._by_rules("modify", quantity, base, args, scope, "int")
        return self._state_read(name, prim, args, scope)

    def _by_rules(
        self, kind: str, name: str, base: int, args: list[Any], scope: Scope, returns: str
    ) -> Code | None:
        """A call of the standing rules' prohibitions or modifiers (`_rules_function`) of a side and a
        country."""
        function = self._rules_function(kind, name, base)
        if function is None:
            return None
        side, target = self.expr(args[0], scope), self.expr(args[1], scope)
        if side.kind != "side" or target.kind != "country":
            return None
        return Code(f"{function}(cx, {side.text}, {target.text})", returns)

    def _draws_nothing(self, node: Any, seen: set[str]) -> bool:
        """Whether evaluating the IR (a priority list's, and those of the lists it picks from) can roll no
        die and draw nothing at random: a call back of it, in whatever order, then leaves the game's
        random numbers as the Python code leaves them."""
        if isinstance(node, list):
            return all(self._draws_nothing(item, seen) for item in node)
        if not isinstance(node, dict):
            return True
        if "call" in node and next(iter(node["call"])) in registry.NONDETERMINISTIC_QUERIES:
            return False
        if "fn" in node and node["fn"] not in self.pure:
            return False
        if "pick" in node and node["pick"] not in seen:
            seen.add(node["pick"])
            if not self._draws_nothing(self.ir["priorities"][node["pick"]], seen):
                return False
        return all(self._draws_nothing(value, seen) for key, value in node.items() if key != "provenance")

    def _table_cell(self, args: list[Any], scope: Scope) -> Code | None:
        """`table_value(T, key, "column")` of a table and a column written in the rule: the column as an
        array over the key's names (0 for a name no row has, or `none`), as the Python primitive reads
        the first row keyed by the name alone."""
        table, key, column = args
        if not (isinstance(table, dict) and table.get("ref") == "table" and isinstance(column, dict)):
            return None
        if "str" not in column:
            return None
        found = self.ir.get("tables", {}).get(table["id"])
        key_code = self.expr(key, scope)
        if found is None or key_code.kind not in _INDEXED:
            return None
        labels = [c["label"] for c in found["columns"]]
        if column["str"] not in labels:
            return None
        at = labels.index(column["str"])
        names = {"country": self.tables.countries, "region": self.tables.regions, "card": self.tables.cards}
        cells = []
        for name in names[key_code.kind]:
            rows = [r for r in found["rows"] if r["keys"] == [name]]
            value = rows[0]["cells"][at] if rows else 0
            if type(value) is not int:
                return None
            cells.append(value)
        number = len(self.tables_written)
        self.tables_written.append(
            f"static const V TABLE_{number}[] = {{{', '.join(map(str, cells)) or '0'}}};"
        )
        size = len(cells)
        code = key_code.text
        return Code(
            f"({{ V k_ = ({code}); k_ == NONE ? 0 : "
            f"(k_ >= 0 && k_ < {size}) ? TABLE_{number}[k_] : bad(cx); }})",
            "int",
        )

    def _rules_function(self, kind: str, name: str, base: int = 0) -> str | None:
        """The C function of the standing rules' prohibitions of an action (`forbid`: whether the side may
        target the country, as `may_target` says) or modifiers of a quantity (`modify`: its value for
        the side and the country, from `base`), on the variables `actor` and `target` (and `card`, none):
        None when a condition has no native form. While an event whose lasting block forbids the action
        or modifies the quantity is in effect, the primitive is asked in Python instead (its rules are
        the effect's own, with the values it started with)."""
        key = f"{kind}_{name}"
        if key in self.rules_functions:
            return self.rules_functions[key]
        self.rules_functions[key] = None
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
            return None
        scope = Scope(
            {
                "actor": Code("a_actor", "side"),
                "target": Code("a_target", "country"),
                "card": Code("NONE", "card"),
            },
            frame=False,
        )
        lasting = sorted(self.lasting_cards.get((kind, name), ()))
        try:
            in_effect = " || ".join(f"IN_EFFECT(cx, {self.tables.index('card', c)})" for c in lasting) or "0"
            if kind == "forbid":
                refusals = [
                    self.truth(when, scope) if when is not None else "1"
                    for when, _ in self.standing_forbids.get(name, [])
                ]
                asked = self._call_back(
                    "P_may_target",
                    [
                        Code(f"TEXT({self.tables.text(name)})", "name"),
                        Code("a_actor", "side"),
                        Code("a_target", "country"),
                    ],
                    ["text", "side", "country"],
                    "bool",
                )
                body = (
                    f"    if ({in_effect}) return {asked.text};\n"
                    f"    if (!TARGETS_OK(cx, a_target)) return 0;\n"
                    + "".join(f"    if ({r}) return 0;\n" for r in refusals)
                    + "    return 1;\n"
                )
            else:
                steps = [step for rule in self.standing_modifiers.get(name, []) for step in rule]
                lines = [f"    V value = {base};\n"]
                for wanted in ("to", "by"):
                    for mode, amount, when in steps:
                        if mode != wanted:
                            continue
                        code = self.expr(amount, scope)
                        if code.kind != "int":
                            return None
                        change = (
                            f"value = CHK(cx, {code.text});"
                            if mode == "to"
                            else f"value = BOUNDED(cx, value + CHK(cx, {code.text}));"
                        )
                        test = self.truth(when, scope) if when is not None else "1"
                        lines.append(f"    if ({test}) {{ {change} }}\n")
                caller = {v[0]: k for k, v in _MODIFIED.items()}[name]
                asked = self._call_back(
                    f"P_{caller}",
                    [Code("a_actor", "side"), Code("a_target", "country")],
                    ["side", "country"],
                    "int",
                )
                body = f"    if ({in_effect}) return {asked.text};\n" + "".join(lines) + "    return value;\n"
        except Unsupported:
            return None
        cname = f"rules_{key}"
        signature = f"static V {cname}(Cx *cx, V a_actor, V a_target)"
        self.prototypes.append(signature + ";")
        self.bodies.append(f"{signature} {{\n    if (cx->bad) return 0;\n{body}}}\n")
        self.rules_functions[key] = cname
        return cname

    def _rank(self, args: list[Any], scope: Scope) -> Code | None:
        """`rank(O, item)` of an order written in the rule: its ranks as an array over the item's names
        (1 for the first; an item written twice keeps its first place; one past the last for an item not
        in it), as the Python primitive reads them."""
        order, item = args
        if not (isinstance(order, dict) and order.get("ref") == "order"):
            return None
        found = self.ir.get("orders", {}).get(order["id"])
        item_code = self.expr(item, scope)
        if found is None or item_code.kind not in _INDEXED:
            return None
        names = {"country": self.tables.countries, "region": self.tables.regions, "card": self.tables.cards}
        items = list(found["items"])
        ranks = [items.index(n) + 1 if n in items else len(items) + 1 for n in names[item_code.kind]]
        number = len(self.tables_written)
        self.tables_written.append(
            f"static const V TABLE_{number}[] = {{{', '.join(map(str, ranks)) or '0'}}};"
        )
        missing = len(items) + 1
        return Code(
            f"({{ V k_ = ({item_code.text}); k_ == NONE ? {missing} : (k_ >= 0 && k_ < {len(ranks)}) ? "
            f"TABLE_{number}[k_] : bad(cx); }})",
            "int",
        )

    def _state_read(self, name: str, prim: Any, args: list[Any], scope: Scope) -> Code | None:
        """A primitive whose written-out form (`core.inlined`) is a plain value of the state, or a side's
        entry of one (`e.state.turn`, `e.state.milops[{0}]`): read from the state as its type says."""
        inline = getattr(self.primitives.get(name), "inline", None)
        returns = plain_type(prim.returns)
        if inline is None or returns not in ("int", "bool"):
            return None
        template = inline[0]
        plain = re.fullmatch(r"e\.state\.(\w+)", template)
        if plain and not args:
            field_name = self.tables.text(plain.group(1))
            return Code(
                f"{_FROM[returns]}_taken(cx, PyObject_GetAttr(cx->state, TEXT({field_name})))", returns
            )
        per_side = re.fullmatch(r"e\.state\.(\w+)\[\{0\}\]", template)
        if per_side and len(args) == 1:
            side = self.expr(args[0], scope)
            if side.kind != "side":
                return None
            field_name = self.tables.text(per_side.group(1))
            return Code(f"{_FROM[returns]}(cx, SIDE_ENTRY(cx, TEXT({field_name}), {side.text}))", returns)
        return None

    def _special(self, name: str, codes: list[Code]) -> Code | None:
        """The primitives whose native twins need more than a template: the board supposed, the events in
        effect, what a side may reach, the rules in force asked once per evaluation."""
        kinds = [c.kind for c in codes]
        if name == "in_effect" and kinds == ["card"]:
            return Code(f"IN_EFFECT(cx, {codes[0].text})", "bool")
        if name == "accessible" and kinds == ["side", "country"]:
            return Code(f"ACCESSIBLE(cx, {codes[0].text}, {codes[1].text})", "bool")
        if name == "index_of" and len(codes) == 2:
            element = element_type(kinds[0])
            if element in _SCALARS and kinds[1] in (element, "none"):
                return Code(f"INDEX_OF({codes[0].text}, {codes[1].text})", "int")
            return None
        if (
            name == "battlegrounds_counted"
            and kinds[:2] == ["side", "region"]
            and kinds[2] in ("int", "bool")
        ):
            asked = self._call_back("P_battlegrounds_counted", codes, ["side", "region", "int"], "int")
            return Code(
                f"(BG_UNMODIFIED(cx) ? AT_LEAST_0(cx, {codes[2].text}) : {asked.text})",
                "int",
            )
        if name in ("level_if_controlled", "level_without_control") and kinds[:2] == ["side", "country"]:
            level = self.function(registry.SCORING_LEVEL.name)
            if level is None or kinds[2] not in ("region", "none"):
                return None
            twin = "LEVEL_IF_CONTROLLED" if name == "level_if_controlled" else "LEVEL_WITHOUT_CONTROL"
            s, c, r = (code.text for code in codes)
            return Code(f"{twin}(cx, {s}, {c}, {r}, {level})", "scoring_level")
        return None

    def _call_back(self, name: str, codes: list[Code], kinds: list[str], returns: str) -> Code:
        """A primitive or a rule function called in Python: its arguments made Python values, its value
        read back by its declared type."""
        if returns not in _SCALARS:
            raise Unsupported(f"{name} gives a {returns}")
        boxed = _boxed(codes, kinds, name)
        index = self.callback(name)
        args = ", ".join(boxed) if boxed else "NULL"
        call = f"CALL(cx, {index}, {len(boxed)}, (PyObject *[]){{{args}}})"
        return Code(f"{_FROM[returns]}_taken(cx, {call})", returns)

    def _pick(self, node: dict[str, Any], scope: Scope) -> Code:
        if not self._draws_nothing(self.ir["priorities"][node["pick"]], set()):
            raise Unsupported(f"the pick {node['pick']}, whose conditions may roll or draw")
        plist = self.ir["priorities"][node["pick"]]
        kinds = [plain_type(p["type"]) for p in plist["params"]]
        codes = [self.expr(a, scope) for a in node["args"]]
        target = plain_type(plist["target"]["type"])
        if target not in _SCALARS:
            raise Unsupported(f"a pick of a {target}")
        boxed = _boxed(codes, kinds, f"the pick {node['pick']}")
        name = self.tables.text(node["pick"])
        return Code(
            f"{_FROM[target]}_taken(cx, PICK(cx, {name}, {len(boxed)}, "
            f"(PyObject *[]){{{', '.join(boxed) or 'NULL'}}}))",
            target,
        )

    def _list(self, nodes: list[Any], scope: Scope) -> Code:
        codes = [self.expr(n, scope) for n in nodes]
        kinds = {c.kind for c in codes} - {"none"}
        if len(kinds) > 1 or not kinds <= _SCALARS:
            raise Unsupported("a list of mixed or unknown items")
        kind = kinds.pop() if kinds else "int"
        items = "".join(f" l.v[l.n++] = {c.text};" for c in codes)
        return Code(f"({{ L l = list_new(cx, {len(codes)});{items if codes else ''} l; }})", f"list[{kind}]")

    def _source(self, node: Any, scope: Scope) -> Code:
        source = self.expr(node, scope)
        if element_type(source.kind) not in _SCALARS:
            raise Unsupported(f"going through a {source.kind}")
        return source

    def _aggregate(self, node: dict[str, Any], scope: Scope) -> Code:
        source = self._source(node["in"], scope)
        item_kind = element_type(source.kind)
        assert item_kind is not None
        inner = scope.binding(node["bind"], item_kind)
        local = inner.local(node["bind"])
        where = self.truth(node["where"], inner) if node["where"] is not None else "1"
        agg = node["agg"]
        if agg in ("count", "any", "all"):
            start, step, result = {
                "count": ("0", "acc += 1;", "acc"),
                "any": ("0", "acc = 1; break;", "acc"),
                "all": ("1", "", "acc"),
            }[agg]
            if agg == "all":
                item = self.truth(node["item"], inner)
                body = f"if ({where}) {{ if (!({item})) {{ acc = 0; break; }} }}"
            elif agg == "any":
                item = self.truth(node["item"], inner)
                body = f"if (({where}) && ({item})) {{ {step} }}"
            else:
                body = f"if ({where}) {{ {step} }}"
            return Code(
                f"({{ L src = {source.text}; V acc = {start}; for (int i = 0; i < src.n && !cx->bad; i++) "
                f"{{ V {local} = src.v[i]; {body} }} ({result}); }})",
                "bool" if agg in ("any", "all") else "int",
            )
        value = self.expr(node["item"], inner)
        if value.kind not in ("int", "bool"):
            raise Unsupported(f"a {agg} of {value.kind}")
        if agg == "sum":
            body = f"if ({where}) acc = BOUNDED(cx, acc + CHK(cx, {value.text}));"
            start = "0"
            tail = "acc"
        elif agg in ("max", "min"):
            better = ">" if agg == "max" else "<"
            body = (
                f"if ({where}) {{ V x = CHK(cx, {value.text}); "
                f"if (!seen || x {better} acc) acc = x; seen = 1; }}"
            )
            start = "0"
            tail = "(seen ? acc : 0)"
        else:
            raise Unsupported(f"the aggregate {agg}")
        return Code(
            f"({{ L src = {source.text}; V acc = {start}; int seen = 0; (void)seen; "
            f"for (int i = 0; i < src.n && !cx->bad; i++) {{ V {local} = src.v[i]; {body} }} {tail}; }})",
            "int",
        )

    def _comprehension(self, node: dict[str, Any], scope: Scope) -> Code:
        if node.get("order"):
            raise Unsupported("a comprehension in order")
        source = self._source(node["in"], scope)
        item_kind = element_type(source.kind)
        assert item_kind is not None
        inner = scope.binding(node["each"], item_kind)
        local = inner.local(node["each"])
        where = self.truth(node["where"], inner) if node["where"] is not None else "1"
        return Code(
            f"({{ L src = {source.text}; L out = list_new(cx, src.n); "
            f"for (int i = 0; i < src.n && !cx->bad; i++) {{ V {local} = src.v[i]; "
            f"if ({where}) out.v[out.n++] = {local}; }} out; }})",
            source.kind,
        )

    def truth(self, node: Any, scope: Scope) -> str:
        """C for a condition whose truth alone is used."""
        code = self.expr(node, scope)
        if code.kind not in ("bool", "int", "none"):
            raise Unsupported(f"the truth of a {code.kind}")
        return f"TRUTH(cx, {code.text})"

    def _op(self, op: str, args: list[Any], scope: Scope) -> Code:
        if op == "and":
            return Code(f"({self.truth(args[0], scope)} && {self.truth(args[1], scope)})", "bool")
        if op == "or":
            return Code(f"({self.truth(args[0], scope)} || {self.truth(args[1], scope)})", "bool")
        if op == "not":
            return Code(f"(!{self.truth(args[0], scope)})", "bool")
        if op == "if":
            test = self.truth(args[0], scope)
            then, other = self.expr(args[1], scope), self.expr(args[2], scope)
            kinds = {then.kind, other.kind} - {"none"}
            if len(kinds) > 1 or not kinds <= _SCALARS:
                raise Unsupported("an if of mixed or unknown values")
            return Code(f"({test} ? {then.text} : {other.text})", kinds.pop() if kinds else "none")
        if op == "neg":
            value = self.expr(args[0], scope)
            if value.kind != "int":
                raise Unsupported("a negation of no number")
            return Code(f"(-CHK(cx, {value.text}))", "int")
        if op == "stored":
            return self.expr(args[0], scope)
        left, right = self.expr(args[0], scope), self.expr(args[1], scope)
        if op in ("+", "-", "*"):
            if left.kind != "int" or right.kind != "int":
                raise Unsupported(f"{op} of {left.kind} and {right.kind}")
            return Code(f"BOUNDED(cx, CHK(cx, {left.text}) {op} CHK(cx, {right.text}))", "int")
        if op in ("==", "!="):
            kinds = {left.kind, right.kind} - {"none"}
            if len(kinds) > 1 or not kinds <= _SCALARS:
                raise Unsupported(f"{op} of {left.kind} and {right.kind}")
            return Code(f"(({left.text}) {op} ({right.text}))", "bool")
        if op in ("<", "<=", ">", ">="):
            if not {left.kind, right.kind} <= {"int", "bool", "none", *_ORDERED_ENUMS}:
                raise Unsupported(f"{op} of {left.kind} and {right.kind}")
            if self.whole_number(args[0]) and self.whole_number(args[1]):
                # (Python's own comparison there: a none is an error, not the lowest rank)
                return Code(f"(CHK(cx, {left.text}) {op} CHK(cx, {right.text}))", "bool")
            return Code(f"(SORTABLE({left.text}) {op} SORTABLE({right.text}))", "bool")
        if op in ("in", "not_in"):
            item_kind = element_type(right.kind)
            if item_kind is None or item_kind not in _SCALARS or left.kind not in (item_kind, "none"):
                raise Unsupported(f"{op} of {left.kind} in {right.kind}")
            test = f"list_has({right.text}, {left.text})"
            return Code(test if op == "in" else f"(!{test})", "bool")
        raise Unsupported(f"the operator {op}")


def _boxed(codes: list[Code], kinds: list[str], what: str) -> list[str]:
    """The arguments of a call back into Python (`what`), made Python values (new references) by the type
    each has, or is declared (a `none`)."""
    boxed = []
    for code, kind in zip(codes, kinds, strict=True):
        actual = code.kind if code.kind != "none" else kind
        if actual == "name" or (kind in ("text", "order", "table", "track", "zone") and code.kind == "name"):
            boxed.append(code.text.replace("TEXT(", "TEXT_NEW("))
        elif actual in _BOX:
            boxed.append(f"{_BOX[actual]}({code.text})")
        elif element_type(actual) is not None and code.py is not None:
            boxed.append(f"new_ref({code.py})")
        elif element_type(actual) in _SCALARS:
            boxed.append(f"box_list_{element_type(actual)}({code.text})")
        else:
            raise Unsupported(f"{what} given a {actual}")
    return boxed


def _enum_of(value: str) -> str:
    for name, values in registry.ENUMS.items():
        if value in values:
            return name
    raise Unsupported(f"the enumeration value {value!r}")


class Scope:
    """The variables an expression may read: parameters and bound items (C locals), and, in a filter of
    a priority list, the frame's variables (read from the frame at the filter's start)."""

    def __init__(
        self, names: dict[str, Code], frame: bool, frame_kinds: dict[str, str] | None = None
    ) -> None:
        self.names = names
        self.frame = frame
        self.frame_kinds = frame_kinds or {}
        self.frame_reads: dict[str, str] = {}  # variable -> its kind, as read at the start

    def binding(self, name: str, kind: str) -> Scope:
        inner = Scope(
            {**self.names, name: Code(f"b_{name}_{len(self.names)}", kind)}, self.frame, self.frame_kinds
        )
        inner.frame_reads = self.frame_reads  # (one filter, one start)
        return inner

    def local(self, name: str) -> str:
        return self.names[name].text

    def read(self, name: str, emitter: Emitter) -> Code:
        if name in self.names:
            return self.names[name]
        if not self.frame or name not in self.frame_kinds:
            raise Unsupported(f"the variable {name}")
        kind = self.frame_kinds[name]
        self.frame_reads[name] = kind
        emitter.var_key(name)
        if element_type(kind) is not None:
            return Code(f"NEED_LIST(cx, v_{name}, has_{name})", kind, py=f"o_{name}")
        return Code(f"CHK_BOUND(cx, v_{name})", kind)


# The values a parameter of each type may take, for a function's memory indexed by them (a number has too
# many: a function of one is not remembered).
_DOMAIN = {"side": 2, "bool": 2, "period": 16, "scoring_level": 16}
_MEMO_MOST = 1 << 15


# The primitives that are a quantity after the rules' modifiers, of the side and the country: the quantity
# and its base value (operations.py).
_MODIFIED = {"influence_cost": ("influence_cost", 1), "coup_defcon_drop": ("defcon_drop_on_coup", 0)}


# How a value of each type is read from Python, and made a Python value again.
_FROM = {
    "int": "from_int",
    "bool": "from_bool",
    "side": "from_side",
    "country": "from_country",
    "region": "from_region",
    "card": "from_card",
    "period": "from_period",
    "scoring_level": "from_scoring_level",
}
_BOX = {
    "int": "box_int",
    "bool": "box_bool",
    "side": "box_side",
    "country": "box_country",
    "region": "box_region",
    "card": "box_card",
    "period": "box_period",
    "scoring_level": "box_scoring_level",
}

# The primitives written natively: C text over the arguments' code, the arguments' types, the type of
# the value. Each means exactly what its Python implementation does (tests/test_native_eval.py compares
# them on boards of played games).
_NATIVE: dict[str, tuple[str, tuple[str, ...], str]] = {
    "influence": ("INF(cx, {0}, {1})", ("side", "country"), "int"),
    "stability": ("STAB(cx, {0})", ("country",), "int"),
    "battleground": ("BATTLEGROUND(cx, {0})", ("country",), "bool"),
    "region_of": ("REGION_OF(cx, {0})", ("country",), "region"),
    "in_region": ("IN_REGION(cx, {0}, {1})", ("country", "region"), "bool"),
    "controls": ("CONTROLS(cx, {0}, {1})", ("side", "country"), "bool"),
    "control_margin": ("MARGIN(cx, {0}, {1})", ("side", "country"), "int"),
    "ops_to_control": ("OPS_TO_CONTROL(cx, {0}, {1})", ("side", "country"), "int"),
    "ops_to_break_control": ("OPS_TO_BREAK(cx, {0}, {1})", ("side", "country"), "int"),
    "opponent": ("OPP(cx, {0})", ("side",), "side"),
    "adjacent_to_superpower": ("ADJ_ANY_SUPERPOWER(cx, {0})", ("country",), "bool"),
    "adjacent_to_superpower_of": ("ADJ_SUPERPOWER(cx, {0}, {1})", ("country", "side"), "bool"),
    "adjacent_to_region": ("ADJ_REGION(cx, {0}, {1})", ("country", "region"), "bool"),
    "neighbours": ("NEIGHBOURS(cx, {0})", ("country",), "list[country]"),
    "countries": ("COUNTRIES(cx, {0})", ("region",), "list[country]"),
    "all_countries": ("ALL_COUNTRIES(cx)", (), "list[country]"),
    "placed_this_round": ("PLACED(cx, {0}, {1})", ("side", "country"), "int"),
}
