"""A card's event, from the compiled IR, as indented lines of words in the reader's language.

Every word comes from the ruleset's locale files (`outline-*` messages), so a translator can fix them;
names of cards, countries, regions and sides come from `card-*`, `country-*`, `region-*` and `side-*`.
An IR node this module does not know still renders (its kind and its fields, generically); nothing here
raises on unexpected input.

Messages may carry `.gen` and `.acc` attributes: the genitive and accusative forms, for languages that
decline (Russian). A message is given each argument three times: `$a0` as is, `$a0gen` in the genitive
and `$a0acc` in the accusative (each the plain form where no such attribute exists); `$a0named` says
whether it is a variable whose words name its kind already (`named_by_kind`), with `$a0in`, `$a0ins`.

A variable is named by the words of its name: `outline-local-<name>` for a value or loop variable the
rules name themselves (`let`, `for each`, `choose`, a list's or a count's variable, `repeat … as`, a
procedure's parameter), else `outline-var-<name>` (the variables the game gives an event or a hook),
else the name as the rule writes it. A lasting effect is named by its card when its id is a card's, else
by `outline-lasting-<id>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from twilight.cli.localizer import Localizer, readable

INDENT = "  "
# The forms a variable named by its kind is given in besides `.gen` and `.acc` (`named_by_kind`), as a
# name has them (cli/session/text.py CASES): `in` (with its preposition, Russian «в целевой стране») and
# the instrumental (`ins`: «с этим регионом»).
DECLINED_BY_KIND = ("in", "ins")

# The strings rules compare a way of play or an action with (`mode == "event"`, `may_target("coup", …)`,
# `ai_decision("action", …)`): a fixed vocabulary of the runtime, each worded by `outline-word-<string>`.
OUTLINE_WORDS: tuple[str, ...] = ("event", "influence", "coup", "realign", "space", "headline", "action")
# The message families that word a rule's string, in the order they are tried: a way of play or an
# action, how a game ends, the solo AI's reason for a move, a moment of the card appendix.
STRING_WORDS: tuple[str, ...] = ("outline-word", "end", "ai-rule", "appendix-moment")
# Ids of the words this module (and the explain command) formats, besides the families below.
STATIC_WORDS: tuple[str, ...] = (
    "outline-no-event",
    "outline-event-missing",
    "outline-run",
    "outline-run-bare",
    "outline-let",
    "outline-set",
    "outline-if",
    "outline-else",
    "outline-for-each",
    "outline-repeat",
    "outline-repeat-as",
    "outline-while",
    "outline-choose",
    "outline-choose-by",
    "outline-choose-count",
    "outline-choose-up-to",
    "outline-choose-distinct",
    "outline-choose-optional",
    "outline-choose-otherwise",
    "outline-where",
    "outline-when",
    "outline-decide",
    "outline-option",
    "outline-lasting",
    "outline-phase",
    "outline-stop",
    "outline-unknown",
    "outline-forbid",
    "outline-modify-by",
    "outline-modify-to",
    "outline-on",
    "outline-allow",
    "outline-ends-on",
    "outline-and",
    "outline-or",
    "outline-not",
    "outline-in",
    "outline-not-in",
    "outline-cond",
    "outline-each",
    "outline-order-by",
    "outline-order-asc",
    "outline-order-desc",
    "outline-order-then",
    "outline-pick",
    "outline-agg-count",
    "outline-agg-sum",
    "outline-agg-max",
    "outline-agg-min",
    "outline-agg-any",
    "outline-agg-all",
    "outline-true",
    "outline-false",
    "outline-none",
    "outline-is-none",
    "outline-is-set",
    "outline-fx-remove_influence-all",
    "outline-typed-var",
    "outline-named",
    *(f"outline-word-{word}" for word in OUTLINE_WORDS),
)

# The things a ruleset declares, named in an outline by the messages the game names them by (a table by
# `table-<name>`, declared state by `state-<name>` as the play screen labels it); a setting by its
# `.name`, else by its question without the question mark. Each is quoted (`outline-named`); the id,
# spaced, stands in when no message names it.
DECLARED_LABELS: dict[str, str] = {
    "table": "table-{}",
    "order": "order-{}",  # (an order a key ranks by: `rank(region_country_priority, c)`)
    "zone": "state-{}",
    "track": "state-{}",
    "variable": "state-{}",
}
SETTING_NAME = "name"  # the attribute of `setting-<name>` that names the setting in a sentence
# The attribute of a name's message that gives its grammatical form (`plural`, `fem`, `neut`), passed to
# a message as `$a0form` so a verb agrees with what it follows.
GENDER_ATTRIBUTE = "form"
# The attribute of `decision-<name>` (the question the play screens ask) that names the choice in an
# outline: `allow` and `decide` are asked under their names.
DECISION_NAME = "name"
# The primitives whose text argument names a declared thing: (primitive, argument index) -> its kind.
NAMED_TEXTS: dict[tuple[str, int], str] = {("set_variable", 0): "variable", ("setting", 0): "setting"}

# The words of the names a ruleset gives: its local values and loop variables (optional: a name with no
# words is shown as written), and its lasting effects that are not named after a card.
LOCAL_WORD = "outline-local-{}"
LASTING_WORD = "outline-lasting-{}"
# The IR keys that bind a name the rules chose (`as` binds `repeat`'s counter); a node's `params` bind
# theirs too (a procedure's, a function's, a priority list's).
BINDING_KEYS = ("let", "for_each", "choose", "each", "bind", "as")

# Families of words keyed by a name from the IR vocabulary (compiler/schema/ir.schema.json x-twilight).
FAMILIES: dict[str, str] = {
    "fx": "effects",
    "q": "queries",
    "on": "triggers",
    "forbid": "actions",
    "modify": "modifiers",
    "until": "expiries",
    "status": "statuses",
    "enum": "enums",
    "var": "variables",
}


@cache
def vocabulary_names() -> dict[str, tuple[str, ...]]:
    """Family -> the names the IR vocabulary defines (from the schema the compiler validates against)."""
    from twilight.compiler.vocab import schema

    x = schema().get("x-twilight", {})
    prims = x.get("primitives", {})
    variables: set[str] = set()
    for group in ("triggers", "actions", "modifiers", "contexts"):
        for params in x.get(group, {}).values():
            variables.update(params)
    enum_values = {v for values in x.get("enums", {}).values() for v in values}
    sides = set(x.get("enums", {}).get("side", []))
    return {
        "effects": tuple(sorted(n for n, p in prims.items() if not p.get("returns"))),
        "queries": tuple(sorted(n for n, p in prims.items() if p.get("returns"))),
        "triggers": tuple(sorted(x.get("triggers", {}))),
        "actions": tuple(sorted(x.get("actions", {}))),
        "modifiers": tuple(sorted(x.get("modifiers", {}))),
        "expiries": tuple(sorted(x.get("expiries", {}))),
        "statuses": tuple(sorted(x.get("statuses", {}))),
        "enums": tuple(sorted(enum_values - sides)),
        "variables": tuple(sorted(variables)),
    }


@cache
def vocabulary_primitives() -> dict[str, Any]:
    from twilight.compiler.vocab import schema

    prims: dict[str, Any] = schema().get("x-twilight", {}).get("primitives", {})
    return prims


def code_message_ids() -> set[str]:
    """Every `outline-*` id the code may format: the static words and each family's names."""
    ids = set(STATIC_WORDS)
    names = vocabulary_names()
    for prefix, family in FAMILIES.items():
        ids.update(f"outline-{prefix}-{name}" for name in names[family])
    return ids


def _ir_dicts(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict of the IR below node, node first."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def local_names(ir: dict[str, Any]) -> set[str]:
    """The names the ruleset's rules give their local values, loop variables and parameters: each may be
    worded (`outline-local-<name>`) and is shown as written when not."""
    names: set[str] = set()
    for node in _ir_dicts(ir):
        names.update(node[key] for key in BINDING_KEYS if isinstance(node.get(key), str))
        params = node.get("params")
        if isinstance(params, list):
            names.update(p["name"] for p in params if isinstance(p, dict) and isinstance(p.get("name"), str))
    return names


def lasting_ids(ir: dict[str, Any]) -> set[str]:
    """The lasting effects an outline names by `outline-lasting-<id>`: those not named after a card."""
    cards = set(ir.get("cards") or {})
    found = {node["lasting"] for node in _ir_dicts(ir) if isinstance(node.get("lasting"), str)}
    return found - cards


CARD_LISTS = {"hand", "draw_pile", "discard_pile", "removed_cards", "period_cards", "drawn_this_round"}
COUNTRY_LISTS = {"countries", "all_countries", "neighbours"}
SYMBOLS = {"==": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥", "+": "+", "-": "−", "*": "×"}
PRECEDENCE = {"if": 0, "or": 1, "and": 2, "not": 3, "in": 4, "not_in": 4, "+": 5, "-": 5, "*": 6, "neg": 7}
for _cmp in ("==", "!=", "<", "<=", ">", ">="):
    PRECEDENCE[_cmp] = 4
STATEMENT_KEYS = (
    "do", "run", "let", "set", "if", "for_each", "repeat", "while", "choose", "decide", "lasting", "phase",
    "stop",
)  # fmt: skip
ITEM_KEYS = ("forbid", "modify", "on", "allow", "status", "ends_on")
# Fields of an IR node that the outline leaves out because they say nothing about what the rule does: where
# it comes from (provenance, src), the message that names a choice or a refusal to the player (decision,
# code) and an enum value's type (its name already says it). Every other field shows in the outline
# (tests/test_outline_constructs.py changes each one in turn and checks that the outline changes).
UNRENDERED_FIELDS = frozenset({"provenance", "src", "decision", "code", "type"})


class Outliner:
    """Renders IR bodies to lines. `ir` gives the superpower names and the card ids."""

    def __init__(self, loc: Localizer, ir: dict[str, Any] | None = None) -> None:
        self.loc = loc
        ir = ir or {}
        self.cards = set((ir.get("cards") or {}).keys())
        sides = ((ir.get("map") or {}).get("sides")) or {}
        self.superpowers = {v.get("superpower"): k for k, v in sides.items() if isinstance(v, dict)}
        self.kinds: dict[str, str] = {}
        # The names this outline has seen bound (`let`, `for each`, …): such a name is the rules' own
        # even where the game's variables have one like it (a `let target` is not the hook's target).
        self.locals: set[str] = set()

    # Words

    def w(self, msg_id: str, default: str, case: str | None = None, **args: Any) -> str:
        got = self.loc.get_case(msg_id, case, **args) if case else self.loc.get(msg_id, **args)
        return default if got is None else got

    def _args(self, values: list[Any]) -> dict[str, Any]:
        """Template arguments: numbers stay numbers (for plural forms), a computed number is bracketed;
        `$a0form` is the grammatical form of what `$a0` names (GENDER_ATTRIBUTE), for a verb to agree."""
        out: dict[str, Any] = {}
        for i, value in enumerate(values):
            out[f"a{i}form"] = self.form_of(value)
            out.update({f"a{i}{key}": words for key, words in self.named_by_kind(value).items()})
            if isinstance(value, int) and not isinstance(value, bool):
                out[f"a{i}"] = out[f"a{i}gen"] = out[f"a{i}acc"] = value
                continue
            bracketed = self._computed_number(value) or self._clause_list(value)
            for suffix, case in (("", None), ("gen", "gen"), ("acc", "acc")):
                text = self.expr(value, case)
                out[f"a{i}{suffix}"] = f"({text})" if bracketed else text
        return out

    def form_of(self, e: Any) -> str:
        """The grammatical form (`.form`: `plural`, `fem`, `neut`; `other` when none is given) of the
        words that name a side, a variable or a query's value: Russian «США сбрасывают», «действующая
        сторона взяла»."""
        msg_id = None
        if isinstance(e, dict):
            if "var" in e:
                msg_id = self.var_word_id(str(e["var"]))
            elif e.get("ref") in ("side", "enum"):
                msg_id = f"side-{e.get('id')}"
            elif e.get("ref") == "superpower":
                msg_id = f"side-{self.superpowers.get(e.get('id'))}"
            elif isinstance(e.get("call"), dict) and e["call"]:
                msg_id = f"outline-q-{next(iter(e['call']))}"
            elif "fn" in e:
                msg_id = f"function-{e['fn']}"
        form = self.loc.get(msg_id, GENDER_ATTRIBUTE) if msg_id else None
        return form.strip() if form else "other"

    def named_by_kind(self, e: Any) -> dict[str, str]:
        """Whether what an argument names is a variable whose words say already what kind of thing it
        is («целевая страна», "the target country"), for a message that names the kind before a name
        («в стране Польша») to say it once: `named` is `yes` or `no`, and `in` and `ins` are the words'
        forms "in it" and instrumental («в целевой стране», «с этим регионом»: their `.in` and `.ins`, the
        plain words where they give none)."""
        if not (isinstance(e, dict) and "var" in e and self._worded(str(e["var"]))):
            return {"named": "no", "in": "", "ins": ""}
        name = str(e["var"])
        return {"named": "yes", **{case: self.var_name(name, case) for case in DECLINED_BY_KIND}}

    @staticmethod
    def _clause_list(e: Any) -> bool:
        """A list built with `where` or `order by`: bracketed as an argument, so its clauses end visibly."""
        return isinstance(e, dict) and "each" in e and bool(e.get("where") is not None or e.get("order"))

    @staticmethod
    def _computed_number(e: Any) -> bool:
        """An arithmetic expression, a count or a numeric query with arguments: worth brackets."""
        if not isinstance(e, dict):
            return False
        if "op" in e:
            return e["op"] in ("+", "-", "*", "if")
        if "agg" in e:
            return True
        if isinstance(e.get("call"), dict) and e["call"]:
            name, values = next(iter(e["call"].items()))
            sig = vocabulary_primitives().get(str(name)) or {}
            return bool(values) and sig.get("returns") == "int"
        return "fn" in e and bool(e.get("args"))

    # Bodies and statements

    def body(self, stmts: Any, depth: int = 0) -> list[str]:
        if not isinstance(stmts, list):
            return self.node(stmts, depth)
        lines: list[str] = []
        for stmt in stmts:
            lines.extend(self.node(stmt, depth))
        return lines

    def node(self, node: Any, depth: int) -> list[str]:
        pad = INDENT * depth
        if not isinstance(node, dict):
            return [pad + self.expr(node)]
        try:
            for key in STATEMENT_KEYS:
                if key in node:
                    lines: list[str] = getattr(self, f"_s_{key}")(node, depth)
                    return lines
            for key in ITEM_KEYS:
                if key in node:
                    item_lines: list[str] = getattr(self, f"_i_{key}")(node, depth)
                    return item_lines
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):
            pass
        return self._unknown(node, depth)

    def _unknown(self, node: dict[str, Any], depth: int) -> list[str]:
        """Any node: its kind (first key), its plain fields, then any nested bodies."""
        pad = INDENT * depth
        kind = next(iter(node), "?")
        parts: list[str] = []
        nested: list[tuple[str, list[Any]]] = []
        for key, value in node.items():
            if key in ("provenance", "src"):
                continue
            if self._is_body(value):
                nested.append((key, value))
                continue
            parts.append(f"{key}={self.expr(value)}")
        lines = [pad + self.w("outline-unknown", "({$kind}) {$detail}", kind=kind, detail=", ".join(parts))]
        for key, value in nested:
            lines.append(f"{pad}{INDENT}{key}:")
            lines.extend(self.body(value, depth + 2))
        return lines

    @staticmethod
    def _is_body(value: Any) -> bool:
        return (
            isinstance(value, list)
            and bool(value)
            and all(isinstance(v, dict) and any(k in v for k in STATEMENT_KEYS + ITEM_KEYS) for v in value)
        )

    def _colon(self, text: str, has_body: bool) -> str:
        return text + ":" if has_body and not text.endswith(":") else text

    def _s_do(self, node: dict[str, Any], depth: int) -> list[str]:
        call = node["do"]
        name, values = next(iter(call.items()))
        values = values if isinstance(values, list) else [values]
        if name == "remove_influence" and len(values) == 3 and self._is_all_influence(values):
            text = self.w("outline-fx-remove_influence-all", "", **self._args(values))
            if text:
                return [INDENT * depth + text]
        return [INDENT * depth + self._call("fx", name, values)]

    def _is_all_influence(self, values: list[Any]) -> bool:
        amount = values[2]
        if not (isinstance(amount, dict) and isinstance(amount.get("call"), dict)):
            return False
        inner = amount["call"].get("influence")
        return isinstance(inner, list) and inner == values[:2]

    def _call(self, family: str, name: str, values: list[Any], case: str | None = None) -> str:
        args = {**self._args(values), **self._named_texts(name, values)}
        got = self.loc.get_case(f"outline-{family}-{name}", case, **args)
        if got is not None:
            return got
        rendered = ", ".join(self.expr(v) for v in values)
        return f"{readable(name).lower()} ({rendered})" if values else readable(name).lower()

    def _named_texts(self, name: str, values: list[Any]) -> dict[str, Any]:
        """The arguments of a primitive that name a declared thing by a text (`set_variable`'s variable,
        `setting`'s setting, `table_value`'s column), each named as the outline names the thing."""
        out: dict[str, Any] = {}
        for i, value in enumerate(values):
            text = value.get("str") if isinstance(value, dict) else None
            if not isinstance(text, str):
                continue
            kind = NAMED_TEXTS.get((name, i))
            if kind is not None:
                shown = self.declared(kind, text)
            elif (
                name == "table_value"
                and i == 2
                and isinstance(values[0], dict)
                and values[0].get("ref") == "table"
            ):
                shown = self.named(self.loc.get(f"table-{values[0].get('id')}-column-{text}"), text)
            else:
                continue
            out[f"a{i}"] = out[f"a{i}gen"] = out[f"a{i}acc"] = shown
        return out

    def declared(self, kind: str, ident: str) -> str:
        """A table, zone, track, variable or setting by the words that name it, quoted."""
        if kind == "setting":
            name = self.loc.get(f"setting-{ident}", SETTING_NAME)
            question = None if name is not None else self.loc.get(f"setting-{ident}")
            return self.named(name or (question.rstrip(" ?？") if question else None), ident)
        return self.named(self.loc.get(DECLARED_LABELS[kind].format(ident)), ident)

    def named(self, words: str | None, ident: str) -> str:
        """A name quoted as the language quotes one; the id, spaced, when no words name it."""
        shown = words if words else readable(ident).lower()
        return self.w("outline-named", f"“{shown}”", name=self.nested(shown))

    def nested(self, text: str) -> str:
        """Words to be quoted whose own quotes, the language's (a reason that starts with a card's name,
        «„Хунта“: …», a list named after a card), become its inner quotes (`outline-named.inner`): never
        two quotes back to back («««Хунта»: …»»)."""
        bare = self.w("outline-named", "“”", name="")
        if len(bare) != 2 or bare[0] not in text:
            return text
        opening, closing = re.escape(bare[0]), re.escape(bare[1])
        quoted = re.compile(f"{opening}([^{opening}{closing}]*){closing}")
        return quoted.sub(lambda m: self.loc.get("outline-named", "inner", name=m[1]) or m[0], text)

    def _s_run(self, node: dict[str, Any], depth: int) -> list[str]:
        name = self.w(f"procedure-{node['run']}", readable(str(node["run"])).lower())
        values = node.get("args") or []
        if values:
            args = ", ".join(self.expr(v) for v in values)
            return [INDENT * depth + self.w("outline-run", f"{name} ({args})", name=name, args=args)]
        return [INDENT * depth + self.w("outline-run-bare", name, name=name)]

    def _s_let(self, node: dict[str, Any], depth: int) -> list[str]:
        kind = self._kind_of(node.get("value"))
        if kind:
            self.kinds[node["let"]] = kind
        value = self.expr(node.get("value"))
        name = self.bind(str(node["let"]))
        return [INDENT * depth + self.w("outline-let", "", name=name, value=value)]

    def _s_set(self, node: dict[str, Any], depth: int) -> list[str]:
        value = self.expr(node.get("value"))
        var = self._var_args(str(node["set"]))
        # (`$nameform`: the grammatical form of the name, for the verb to agree: Russian «получают»)
        text = self.w("outline-set", "", name=var["var"], nameform=var["varform"], value=value)
        return [INDENT * depth + text]

    def _s_if(self, node: dict[str, Any], depth: int) -> list[str]:
        pad = INDENT * depth
        lines = [pad + self._colon(self.w("outline-if", "", cond=self.expr(node["if"])), True)]
        lines.extend(self.body(node.get("then") or [], depth + 1))
        if node.get("else"):
            lines.append(pad + self._colon(self.w("outline-else", "otherwise"), True))
            lines.extend(self.body(node["else"], depth + 1))
        return lines

    def _where(self, cond: Any) -> str:
        return "" if cond is None else " " + self.w("outline-where", "", cond=self.expr(cond))

    def _order(self, keys: Any) -> str:
        """An `order by` clause: each sort key with its direction, in the order they break ties."""
        if not keys:
            return ""
        shown = []
        for key in keys:
            word = "outline-order-desc" if key.get("desc") else "outline-order-asc"
            shown.append(self.w(word, "", key=self.expr(key.get("key"))))
        then = ", " + self.w("outline-order-then", "then") + " "
        return ", " + self.w("outline-order-by", "", keys=then.join(shown))

    def _s_for_each(self, node: dict[str, Any], depth: int) -> list[str]:
        kind = self._kind_of(node.get("in"))
        if kind:
            self.kinds[node["for_each"]] = kind
        var = str(node["for_each"])
        self.bind(var)
        head = self.w("outline-for-each", "", source=self.expr(node.get("in")), **self._var_args(var))
        head += self._where(node.get("where"))
        return [INDENT * depth + self._colon(head, True), *self.body(node.get("body") or [], depth + 1)]

    def _num(self, e: Any) -> int | str:
        """A literal number as a number (plural forms choose by it), anything else in words."""
        return e if isinstance(e, int) and not isinstance(e, bool) else self.expr(e)

    def _s_repeat(self, node: dict[str, Any], depth: int) -> list[str]:
        count = self._num(node["repeat"])
        if node.get("as"):
            head = self.w("outline-repeat-as", "", count=count, var=self.bind(str(node["as"])))
        else:
            head = self.w("outline-repeat", "", count=count)
        return [INDENT * depth + self._colon(head, True), *self.body(node.get("body") or [], depth + 1)]

    def _s_while(self, node: dict[str, Any], depth: int) -> list[str]:
        head = self.w("outline-while", "", cond=self.expr(node["while"]))
        return [INDENT * depth + self._colon(head, True), *self.body(node.get("body") or [], depth + 1)]

    def _s_choose(self, node: dict[str, Any], depth: int) -> list[str]:
        pad = INDENT * depth
        var = str(node["choose"])
        kind = self._kind_of(node.get("in")) or "other"
        if kind != "other":
            # (an item of unknown kind is not declined as one: «ОО карты c», never «ОО стороны c»)
            self.kinds[var] = kind
        self.bind(var)
        # A variable with words of its own says what it is: no kind before it («выбрать уровень»).
        shown = "named" if self._worded(var) else kind
        args = self._var_args(var)
        head = self.w("outline-choose", "", kind=shown, source=self.expr(node.get("in")), **args)
        head += self._where(node.get("where"))
        flags = [self.w("outline-choose-by", "", **self._side_args(node.get("by")))]
        if node.get("count") is not None:
            flags.append(self.w("outline-choose-count", "", count=self._num(node["count"])))
        if node.get("up_to") is not None:
            flags.append(self.w("outline-choose-up-to", "", count=self._num(node["up_to"])))
        if node.get("distinct"):
            flags.append(self.w("outline-choose-distinct", "distinct"))
        if node.get("optional"):
            flags.append(self.w("outline-choose-optional", "optional"))
        head += " (" + ", ".join(f for f in flags if f) + ")"
        body = node.get("body") or []
        lines = [pad + self._colon(head, bool(body)), *self.body(body, depth + 1)]
        if node.get("otherwise"):
            lines.append(pad + self._colon(self.w("outline-choose-otherwise", "otherwise"), True))
            lines.extend(self.body(node["otherwise"], depth + 1))
        return lines

    def _side_args(self, side: Any) -> dict[str, str]:
        return {"side": self.expr(side), "sidegen": self.expr(side, "gen"), "sideacc": self.expr(side, "acc")}

    def decision_name(self, ident: str) -> str:
        """An `allow` or a `decide` by the name the ruleset gives the question the play screens ask
        (`decision-<name>`, its `.name`); the id, spaced, when it has none."""
        return self.loc.get(f"decision-{ident}", DECISION_NAME) or readable(ident).lower()

    def option_name(self, ident: str) -> str:
        """An option of a `decide` by its label on the play screens (`option-<name>`)."""
        return self.loc.get(f"option-{ident}") or readable(ident).lower()

    def _s_decide(self, node: dict[str, Any], depth: int) -> list[str]:
        pad = INDENT * depth
        name = self.decision_name(str(node["decide"]))
        head = self.w("outline-decide", "", name=name, **self._side_args(node.get("by")))
        lines = [pad + self._colon(head, True)]
        for option in node.get("options") or []:
            oname = self.option_name(str(option.get("name", "?")))
            head = self.w("outline-option", "", name=oname)
            head += self._when(option.get("when"))
            lines.append(pad + INDENT + self._colon(head, bool(option.get("body"))))
            lines.extend(self.body(option.get("body") or [], depth + 2))
        return lines

    def _name_of(self, ident: str) -> str:
        return self.loc.card(ident) if ident in self.cards else readable(ident).lower()

    def lasting_name(self, ident: str) -> str:
        """A lasting effect by its card's name when it is named after the card, else by its own words
        (`outline-lasting-<id>`), else by its id, spaced."""
        if ident in self.cards:
            return self.loc.card(ident)
        return self.w(LASTING_WORD.format(ident), readable(ident).lower())

    def _s_lasting(self, node: dict[str, Any], depth: int) -> list[str]:
        pad = INDENT * depth
        until = self._call("until", str(node.get("until")), list(node.get("until_args") or []))
        head = self.w("outline-lasting", "", until=until, name=self.lasting_name(str(node["lasting"])))
        return [pad + self._colon(head, True), *self.body(node.get("items") or [], depth + 1)]

    def _s_phase(self, node: dict[str, Any], depth: int) -> list[str]:
        name = node.get("label") or readable(str(node["phase"])).lower()
        head = self.w("outline-phase", "", name=name)
        return [INDENT * depth + self._colon(head, True), *self.body(node.get("body") or [], depth + 1)]

    def _s_stop(self, node: dict[str, Any], depth: int) -> list[str]:
        return [INDENT * depth + self.w("outline-stop", "stop")]

    # Lasting-effect items

    def _when(self, cond: Any) -> str:
        return "" if cond is None else ", " + self.w("outline-when", "", cond=self.expr(cond))

    def _i_forbid(self, node: dict[str, Any], depth: int) -> list[str]:
        actions = ", ".join(self._call("forbid", str(a), []) for a in node["forbid"])
        text = self.w("outline-forbid", "", actions=actions) + self._when(node.get("when"))
        return [INDENT * depth + text]

    def _i_modify(self, node: dict[str, Any], depth: int) -> list[str]:
        what = self._call("modify", str(node["modify"]), [])
        value = node.get("value")
        mode = "to" if node.get("mode") == "to" else "by"
        positive = isinstance(value, int) and not isinstance(value, bool) and value > 0
        shown = f"+{value}" if positive and mode == "by" else None
        text = self.w(f"outline-modify-{mode}", "", what=what, value=shown or self.expr(value))
        return [INDENT * depth + text + self._when(node.get("when"))]

    def _i_on(self, node: dict[str, Any], depth: int) -> list[str]:
        trigger = self._call("on", str(node["on"]), [])
        head = self.w("outline-on", "", trigger=trigger) + self._when(node.get("when"))
        return [INDENT * depth + self._colon(head, True), *self.body(node.get("body") or [], depth + 1)]

    def _i_allow(self, node: dict[str, Any], depth: int) -> list[str]:
        name = self.decision_name(str(node["allow"]))
        head = self.w("outline-allow", "", name=name, **self._side_args(node.get("by")))
        head += self._when(node.get("when"))
        return [INDENT * depth + self._colon(head, True), *self.body(node.get("body") or [], depth + 1)]

    def _i_status(self, node: dict[str, Any], depth: int) -> list[str]:
        return [INDENT * depth + self._call("status", str(node["status"]), list(node.get("args") or []))]

    def _i_ends_on(self, node: dict[str, Any], depth: int) -> list[str]:
        trigger = self._call("on", str(node["ends_on"]), [])
        text = self.w("outline-ends-on", "", trigger=trigger) + self._when(node.get("when"))
        return [INDENT * depth + text]

    # Expressions

    def _kind_of(self, e: Any) -> str | None:
        """card / country / region / side when a list expression's items are known to be such."""
        if not isinstance(e, dict):
            return None
        if isinstance(e.get("call"), dict) and e["call"]:
            name, values = next(iter(e["call"].items()))
            if name in CARD_LISTS:
                return "card"
            if name in COUNTRY_LISTS:
                return "country"
            if name in ("concat", "take") and isinstance(values, list) and values:
                return self._kind_of(values[0])
            return None
        if "list" in e and isinstance(e["list"], list) and e["list"]:
            first = e["list"][0]
            if isinstance(first, dict) and first.get("ref") in ("card", "country", "region", "side"):
                return str(first["ref"])
            return None
        if "each" in e:
            return self._kind_of(e.get("in"))
        if "var" in e:
            return self.kinds.get(str(e["var"]))
        return None

    def expr(self, e: Any, case: str | None = None) -> str:
        try:
            return self._expr(e, case)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError, StopIteration):
            return readable(str(e)).lower()

    def _expr(self, e: Any, case: str | None) -> str:
        if not isinstance(e, dict):
            return self._plain(e, case)
        for key, say in EXPRESSIONS:
            text = say(self, e, case) if key in e else None
            if text is not None:
                return text
        kind = next(iter(e), "?")
        detail = ", ".join(f"{k}={self.expr(v)}" for k, v in e.items() if k != kind)
        return self.w("outline-unknown", f"({kind}) {detail}", kind=kind, detail=detail)

    def _plain(self, e: Any, case: str | None) -> str:
        """A value written as itself: nothing, true/false, a number, a name, a list."""
        if e is None:
            return self.w("outline-none", "nothing")
        if isinstance(e, bool):
            return self.w("outline-true" if e else "outline-false", str(e).lower())
        if isinstance(e, str):
            return self._name_of(e) if e in self.cards else e
        if isinstance(e, list):
            return "[" + ", ".join(self.expr(v, case) for v in e) + "]"
        return str(e)

    # One teller per form of expression node (`EXPRESSIONS`): None when the node is not of that form after
    # all, and the next form is tried.

    def _say_var(self, e: dict[str, Any], case: str | None) -> str | None:
        name = str(e["var"])
        if case and not self._worded(name) and name in self.kinds:
            # a declined form names the kind: Russian «ОО карты c», «сбрасывает карту c»
            return self.w("outline-typed-var", name, case, kind=self.kinds[name], var=name)
        return self.var_name(name, case)

    # Variables by their words

    def var_word_id(self, name: str) -> str:
        """The message that words a variable: the rules' own name for it (`outline-local-<name>`) when
        this outline bound it, or when the game has no variable of that name; else the game's."""
        local = LOCAL_WORD.format(name)
        game_has_it = name in vocabulary_names()["variables"]
        if (name in self.locals or not game_has_it) and self.loc.has(local):
            return local
        return f"outline-var-{name}"

    def _worded(self, name: str) -> bool:
        return self.loc.has(self.var_word_id(name))

    def var_name(self, name: str, case: str | None = None) -> str:
        """A variable in words (in a grammatical case, where its words give one), else as written."""
        return self.w(self.var_word_id(name), name, case)

    def bind(self, name: str) -> str:
        """Note a name the rules bind here, and say it (as `let` and `repeat … as` introduce it)."""
        self.locals.add(name)
        return self.var_name(name)

    def _var_args(self, name: str) -> dict[str, str]:
        """A bound variable for a message that declines it: `$var`, `$vargen`, `$varacc` and `$varform`
        (its grammatical form, for a word to agree: Russian «для каждой другой стороны»)."""
        form = self.loc.get(self.var_word_id(name), GENDER_ATTRIBUTE) if self._worded(name) else None
        return {
            "var": self.var_name(name),
            "vargen": self.var_name(name, "gen"),
            "varacc": self.var_name(name, "acc"),
            "varform": form.strip() if form else "other",
        }

    def _say_ref(self, e: dict[str, Any], case: str | None) -> str | None:
        return self._ref(str(e["ref"]), str(e.get("id")), case)

    def _say_str(self, e: dict[str, Any], case: str | None) -> str | None:
        text = str(e["str"])
        if text in self.cards:
            return self._name_of(text)
        # A word a rule compares with or passes (a way a card is played, an action: `mode == "event"`,
        # `may_target("coup", …)`; how a game ends: `win(ussr, "europe_control")`, worded by the
        # `end-<reason>` the end of a game shows) in the reader's words, quoted as the language quotes a
        # name; the rule's own string only when no message words it. A solo AI's reason for a move
        # (`ai_decision(…, "appendix_event")`) says what `why` says of it, `ai-rule-<key>`; a moment of
        # the card appendix (`appendix_allows(card, "scoring_round", ai)`) is named as its entries name it.
        word = next(
            (said for family in STRING_WORDS if (said := self.loc.get(f"{family}-{text}"))),
            None,
        )
        return self.named(word, text) if word else f"“{text}”"

    def _say_call(self, e: dict[str, Any], case: str | None) -> str | None:
        if not isinstance(e["call"], dict) or not e["call"]:
            return None
        name, values = next(iter(e["call"].items()))
        return self._call("q", str(name), values if isinstance(values, list) else [values], case)

    def _say_fn(self, e: dict[str, Any], case: str | None) -> str | None:
        values = e.get("args") or []
        rendered = ", ".join(self.expr(v) for v in values)
        name = self.w(f"function-{e['fn']}", readable(str(e["fn"])).lower(), case)
        return f"{name} ({rendered})" if values else name

    def _say_pick(self, e: dict[str, Any], case: str | None) -> str | None:
        # A priority list used as a value: the target it picks now.
        values = e.get("args") or []
        rendered = ", ".join(self.expr(v) for v in values)
        name = self.priority_name(str(e["pick"]), case)
        # (the message quotes the list's name: a card's name in it takes the inner quotes)
        return self.w("outline-pick", f"{name} ({rendered})", case, list=self.nested(name), args=rendered)

    def priority_name(self, ident: str, case: str | None = None) -> str:
        """A priority list by the name the AI's explanations give it (`ai-priority-<name>`)."""
        got = self.loc.get_case(f"ai-priority-{ident}", case)
        return got if got is not None else self.w(f"function-{ident}", readable(ident).lower(), case)

    def _say_op(self, e: dict[str, Any], case: str | None) -> str | None:
        return self._op(str(e["op"]), list(e.get("args") or []), case)

    def _say_list(self, e: dict[str, Any], case: str | None) -> str | None:
        return "[" + ", ".join(self.expr(v, case) for v in e["list"]) + "]"

    def _say_each(self, e: dict[str, Any], case: str | None) -> str | None:
        var = str(e["each"])
        kind = self._kind_of(e.get("in"))
        if kind:
            self.kinds[var] = kind
        text = self.w("outline-each", "", case, var=self.bind(var), source=self.expr(e.get("in")))
        return text + self._where(e.get("where")) + self._order(e.get("order"))

    def _say_agg(self, e: dict[str, Any], case: str | None) -> str | None:
        var = str(e.get("bind"))
        kind = self._kind_of(e.get("in"))
        if kind:
            self.kinds[var] = kind
        self.bind(var)
        shown = self.var_name(var)
        text = self.w(
            f"outline-agg-{e['agg']}",
            f"{e['agg']} ({self.expr(e.get('item'))}, {shown}, {self.expr(e.get('in'))})",
            case,
            item=self.expr(e.get("item")),
            var=shown,
            source=self.expr(e.get("in")),
        )
        return text + self._where(e.get("where"))

    def _ref(self, kind: str, ident: str, case: str | None) -> str:
        if kind == "country":
            return self.loc.country(ident)
        if kind == "region":
            return self.loc.region(ident)
        if kind == "card":
            return self.loc.card(ident)
        if kind == "side":
            return self.loc.side(ident)
        if kind == "superpower":
            side = self.superpowers.get(ident)
            return self.loc.side(side) if side else self.loc.country(ident)
        if kind == "enum":
            if self.loc.has(f"side-{ident}"):
                return self.loc.side(ident)
            return self.w(f"outline-enum-{ident}", readable(ident).lower(), case)
        if kind in DECLARED_LABELS or kind == "setting":
            return self.declared(kind, ident)
        return f"“{readable(ident).lower()}”"

    def _wrap(self, child: Any, parent: str, right: bool = False, case: str | None = None) -> str:
        text = self.expr(child, case)
        if isinstance(child, dict) and ("agg" in child or "each" in child) and parent not in ("and", "or"):
            return f"({text})"
        if isinstance(child, dict) and "op" in child:
            mine, theirs = PRECEDENCE.get(str(child["op"]), 9), PRECEDENCE.get(parent, 9)
            if mine < theirs or (right and mine == theirs and parent in ("-", "in", "not_in")):
                return f"({text})"
            if child["op"] in ("and", "or") and child["op"] != parent and parent in ("and", "or"):
                return f"({text})"
        return text

    def _flatten(self, op: str, values: list[Any]) -> list[Any]:
        out: list[Any] = []
        for v in values:
            if isinstance(v, dict) and v.get("op") == op:
                out.extend(self._flatten(op, list(v.get("args") or [])))
            else:
                out.append(v)
        return out

    def _op(self, op: str, values: list[Any], case: str | None) -> str:
        if op in ("==", "!=") and len(values) == 2:
            values = self._setting_values(values)
        say = OPERATORS.get(op)
        text = say(self, op, values, case) if say is not None else None
        if text is not None:
            return text
        if op in SYMBOLS and len(values) == 2:
            return f"{self._wrap(values[0], op)} {SYMBOLS[op]} {self._wrap(values[1], op, right=True)}"
        return f"{op} (" + ", ".join(self.expr(v) for v in values) + ")"

    # One teller per operator said in words (`OPERATORS`): None when its operands do not fit, and the
    # operator is written as a sign or a call.

    def _say_and_or(self, op: str, values: list[Any], case: str | None) -> str | None:
        word = " " + self.w(f"outline-{op}", op) + " "
        return word.join(self._wrap(v, op) for v in self._flatten(op, values))

    def _say_not(self, op: str, values: list[Any], case: str | None) -> str | None:
        if not values:
            return None
        inner = self._wrap(values[0], op)
        inner = inner if " " not in inner or inner.startswith("(") else f"({inner})"
        return self.w("outline-not", "", case, x=inner)

    def _say_neg(self, op: str, values: list[Any], case: str | None) -> str | None:
        return "−" + self._wrap(values[0], op) if values else None

    def _say_in(self, op: str, values: list[Any], case: str | None) -> str | None:
        if len(values) != 2:
            return None
        a, b = self._wrap(values[0], op), self._wrap(values[1], op, right=True)
        # (Russian «входит в руку s»: the list after the verb, in the accusative; a variable holding the
        # list stays as it is, since its declined form names one item: «карту c»)
        whole = isinstance(values[1], dict) and "var" in values[1]
        bacc = b if whole else self._wrap(values[1], op, right=True, case="acc")
        return self.w(f"outline-{op.replace('_', '-')}", "", a=a, b=b, bacc=bacc)

    def _say_cond(self, op: str, values: list[Any], case: str | None) -> str | None:
        if len(values) != 3:
            return None
        c, a, b = (self._wrap(v, op) for v in values)
        return self.w("outline-cond", "", c=c, a=a, b=b)

    def _setting_values(self, values: list[Any]) -> list[Any]:
        """A setting compared with one of its values: the value said by its label (`setting-<name>-<value>`,
        the words the game asks the setting with), quoted, rather than by its id."""
        refs = [v.get("ref") if isinstance(v, dict) else None for v in values]
        if "setting" not in refs or "enum" not in refs:
            return values
        setting = values[refs.index("setting")].get("id")
        value = values[refs.index("enum")].get("id")
        label = self.loc.get(f"setting-{setting}-{value}")
        if not label:
            return values
        shown = {"named": self.w("outline-named", f"“{label}”", name=label)}
        return [shown if ref == "enum" else v for ref, v in zip(refs, values, strict=True)]

    def _say_named(self, e: dict[str, Any], case: str | None) -> str | None:
        return str(e["named"])

    def _say_is_none(self, op: str, values: list[Any], case: str | None) -> str | None:
        # `x == none` is said as words ("“primary region” is not set"), not as a sign and "nothing".
        if len(values) != 2 or None not in values:
            return None
        x = self._wrap(values[1] if values[0] is None else values[0], op)
        if op == "==":
            return self.w("outline-is-none", f"{x} is not set", x=x)
        return self.w("outline-is-set", f"{x} is set", x=x)


ExpressionTeller = Callable[[Outliner, dict[str, Any], str | None], str | None]
# The forms of an expression node by the key that marks each, in the order they are told apart (a node
# with several of these keys is of the first form that tells it).
EXPRESSIONS: tuple[tuple[str, ExpressionTeller], ...] = (
    ("var", Outliner._say_var),
    ("ref", Outliner._say_ref),
    ("str", Outliner._say_str),
    ("call", Outliner._say_call),
    ("fn", Outliner._say_fn),
    ("pick", Outliner._say_pick),
    ("op", Outliner._say_op),
    ("list", Outliner._say_list),
    ("each", Outliner._say_each),
    ("agg", Outliner._say_agg),
    ("named", Outliner._say_named),  # (words already said: a setting's value, `_setting_values`)
)
# The operators said in words rather than written as a sign (`SYMBOLS`).
OPERATORS: dict[str, Callable[[Outliner, str, list[Any], str | None], str | None]] = {
    "and": Outliner._say_and_or,
    "or": Outliner._say_and_or,
    "not": Outliner._say_not,
    "neg": Outliner._say_neg,
    "in": Outliner._say_in,
    "not_in": Outliner._say_in,
    "if": Outliner._say_cond,
    "==": Outliner._say_is_none,
    "!=": Outliner._say_is_none,
}


def outline_event(loc: Localizer, ir: dict[str, Any], card: dict[str, Any]) -> list[str]:
    """The outline of one card's event, or one line saying it has none."""
    event = card.get("event")
    if card.get("no_event"):
        return [loc.text("outline-no-event", "This card has no event.")]
    if not event:
        return [loc.text("outline-event-missing", "No event is written for this card yet.")]
    return Outliner(loc, ir).body(event)
