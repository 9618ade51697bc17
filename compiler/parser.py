"""Parse .tsr text into the syntax tree (`compiler.ast`), turning syntax errors into diagnostics.

The Lark LALR parser is built once per process (building it costs more than parsing a file).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from twilight.common.cachedir import cache_dir, file_is_ours, trusted_folder
from twilight.common.input_bounds import MAX_RULE_INT
from twilight.compiler import ast, brackets
from twilight.compiler.diagnostics import Pos, Sink, suggest
from twilight.compiler.texts import grammar_text as grammar_text  # the parser's users import it from here

# Human names for the grammar's terminals, for "expected one of …" messages.
_TOKEN_NAMES = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": 'a "string"',
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COMMA": "','",
    "COLON": "':'",
    "EQUAL": "'='",
    "COMP_OP": "a comparison",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*'",
    "MINUS": "'-'",
    "VBAR": "'|'",
    "$END": "end of file",
}


@functools.cache
def _parser() -> Lark:
    options: dict[str, Any] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}
    return _build_parser(options, "")


@functools.cache
def token_parser() -> Lark:
    """The same grammar with every token kept in the tree, keywords and punctuation included: for tools
    that work on how a file is laid out rather than on what it means (`twilight fmt`)."""
    options: dict[str, Any] = {"parser": "lalr", "keep_all_tokens": True, "maybe_placeholders": False}
    return _build_parser(options, "-tokens")


def _build_parser(options: dict[str, Any], variant: str) -> Lark:
    # Building the LALR tables takes a third of a second; Lark stores them in a file keyed by the
    # grammar's hash, so later processes load them instead. Each set of options has its own file, since
    # Lark rebuilds (and overwrites) a cache made with other options. The file is pickled: Lark may read
    # it only from a folder and as a file of ours that no one else can write (cachedir), else the tables
    # are built afresh and nothing is written.
    folder = cache_dir()
    text = grammar_text()
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    path = folder / f"grammar-{digest}{variant}.lark.cache"
    if not trusted_folder(folder, create=True) or (os.path.lexists(path) and not file_is_ours(path)):
        return Lark(text, **options)
    try:
        built = Lark(text, cache=str(path), **options)
    except OSError:
        return Lark(text, **options)
    if not file_is_ours(path) and os.path.isfile(path) and not os.path.islink(path):
        # written by Lark under the umask: made ours alone for the next start
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)
    return built


def keywords() -> set[str]:
    """Every keyword of the language (for the reference and for editor grammars)."""
    return {
        t.pattern.value
        for t in _parser().terminals
        if t.pattern.type == "str" and t.pattern.value.isidentifier()
    }


def _token_name(name: str) -> str:
    if name in _TOKEN_NAMES:
        return _TOKEN_NAMES[name]
    for term in _parser().terminals:
        if term.name == name and term.pattern.type == "str":
            return f"'{term.pattern.value}'"
    return name.lower()


def _expected(names: set[str]) -> str:
    shown = sorted({_token_name(n) for n in names})
    if len(shown) > 12:
        shown = [*shown[:12], "…"]
    return ", ".join(shown)


class _Tag:
    """A tagged optional part (`where …`, `when …`, `as …`) so parents can find it by kind."""

    __slots__ = ("kind", "pos", "value")

    def __init__(self, kind: str, value: Any, pos: Pos) -> None:
        self.kind = kind
        self.value = value
        self.pos = pos


def _tags(children: list[Any], kind: str) -> list[_Tag]:
    return [c for c in children if isinstance(c, _Tag) and c.kind == kind]


def _tag(children: list[Any], kind: str) -> Any:
    found = _tags(children, kind)
    return found[0].value if found else None


def _annotations(children: list[Any]) -> list[ast.Annotation]:
    return [c for c in children if isinstance(c, ast.Annotation)]


def _unquote(token: Token) -> str:
    raw = str(token)[1:-1]
    return raw.replace('\\"', '"').replace("\\\\", "\\")


class _Builder:
    """Turns Lark's tree into the syntax tree, bottom up: the method named after each node's rule gets
    the node's positions (`meta`) and its children, already built.

    It does what a Lark `Transformer` with `v_args(meta=True)` would, without its lookups and wrappers
    for every node (which took a tenth of the time of parsing): a builder's exception comes out as a
    `VisitError`, a rule without a builder as `__default__`'s error, and each level of the tree takes two
    frames of the stack as in Lark's, so that a file too deep to build fails at about the same depth.
    """

    def __init__(self, file: str, sink: Sink) -> None:
        self.file = file
        self.sink = sink

    def build(self, tree: Tree[Token]) -> Any:
        if tree.data in _CHAINS:
            spine = _spine(tree)
            if len(spine) >= LONG_CHAIN:
                return self._long_chain(spine)
        children = [self.build(c) if isinstance(c, Tree) else c for c in tree.children]
        method = _BUILDERS.get(tree.data)
        if method is None:
            return self.__default__(tree.data, children, tree.meta)
        try:
            return method(self, tree.meta, children)
        except Exception as err:
            raise VisitError(tree.data, tree, err) from err  # type: ignore[no-untyped-call]

    # -------------------------------------------------------- helpers
    def _pos(self, meta: Any) -> Pos:
        if getattr(meta, "empty", True):
            return Pos(self.file, 1, 1)
        return Pos(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tok(self, tok: Token) -> Pos:
        return Pos(self.file, tok.line or 1, tok.column or 1, tok.end_line, tok.end_column)

    def _int(self, tok: Token) -> int:
        """A number of the source, reported at itself when it is larger than a rule can use (and then
        taken as 0: the file does not compile, but the rest of it is still checked)."""
        digits = str(tok)
        if len(digits.lstrip("0")) <= len(str(MAX_INT)) and int(digits) <= MAX_INT:
            return int(digits)  # (the length is looked at first: Python refuses to read 4,301 digits)
        shown = digits if len(digits) <= 24 else f"{digits[:8]}…{digits[-4:]} ({len(digits)} digits)"
        self.sink.add(
            "E206",
            f"the number {shown} is too large: a number in the rules is at most {MAX_INT:_}",
            self._tok(tok),
            "a rule counts turns, points and cards: no rule needs a number this large",
        )
        return 0

    def _long_chain(self, spine: list[Tree[Token]]) -> ast.Expr:
        """`t0 op t1 op … tn`, one operator (or `+` and `-`) written n times in a row, as a balanced tree
        of the same value: left-nested, n operations would nest the IR, and the Python the runtime makes
        of it, n levels deep for an expression that does not nest at all. The terms are still evaluated
        from left to right; for integers and yes/no values the regrouping is exact (a `-` before a group
        turns the signs inside it)."""
        terms: list[ast.Expr] = [self._operand(spine[-1].children[0])]
        ops: list[str] = [""]
        for node in reversed(spine):
            terms.append(self._operand(node.children[-1]))
            ops.append(str(node.children[1]) if node.data == "arith" else _CHAINS[str(node.data)])

        def group(lo: int, hi: int, flipped: bool) -> ast.Expr:
            if hi - lo == 1:
                return terms[lo]
            mid = (lo + hi) // 2
            op = _FLIP.get(ops[mid], ops[mid]) if flipped else ops[mid]
            left, right = group(lo, mid, flipped), group(mid, hi, flipped != (op == "-"))
            pos = Pos(self.file, left.pos.line, left.pos.col, right.pos.end_line, right.pos.end_col)
            return ast.Binary(pos, op, left, right)

        return group(0, len(terms), False)

    def _operand(self, child: Tree[Token] | Token) -> ast.Expr:
        if isinstance(child, Tree):
            built: ast.Expr = self.build(child)
            return built
        # the grammar makes every operand a subtree: anything else is a bug, reported as such
        raise VisitError("chain", child, ValueError(f"an operand that is a bare token: {child!r}"))  # type: ignore[no-untyped-call]

    def _ident(self, tok: Token) -> ast.Ident:
        return ast.Ident(str(tok), self._tok(tok))

    def _names(self, children: list[Any]) -> list[Token]:
        return [c for c in children if isinstance(c, Token) and c.type == "NAME"]

    def _block(self, children: list[Any]) -> tuple[ast.Stmt, ...]:
        for c in children:
            if isinstance(c, _Tag) and c.kind == "block":
                return tuple(c.value)
        return ()

    def _decl_head(self, meta: Any, children: list[Any]) -> tuple[bool, list[ast.Annotation], Pos]:
        override = any(isinstance(c, _Tag) and c.kind == "override" for c in children)
        return override, _annotations(children), self._pos(meta)

    # -------------------------------------------------------- top level
    def start(self, meta: Any, children: list[Any]) -> list[ast.Decl]:
        return [c for c in children if isinstance(c, ast.Decl)]

    def override(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("override", True, self._pos(meta))

    def source(self, meta: Any, children: list[Any]) -> ast.Annotation:
        return ast.Annotation("source", _unquote(children[0]), self._pos(meta))

    def provisional(self, meta: Any, children: list[Any]) -> ast.Annotation:
        return ast.Annotation("provisional", _unquote(children[0]), self._pos(meta))

    def name_list(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("names", [self._ident(t) for t in children], self._pos(meta))

    # -------------------------------------------------------- ruleset manifest
    def version(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("version", _unquote(children[0]), self._pos(meta))

    def extends(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("extends", _unquote(children[0]), self._pos(meta))

    def description(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("description", _unquote(children[0]), self._pos(meta))

    def ruleset_decl(self, meta: Any, children: list[Any]) -> ast.RulesetDecl:
        title_tok = children[0]
        decl = ast.RulesetDecl(
            "ruleset",
            ast.Ident(_unquote(title_tok), self._tok(title_tok)),
            self._pos(meta),
            False,
            _annotations(children),
        )
        decl.title = _unquote(title_tok)
        decl.version = _tag(children, "version")
        decl.description = _tag(children, "description")
        decl.extends = [(t.value, t.pos) for t in _tags(children, "extends")]
        return decl

    # -------------------------------------------------------- map
    def subregion(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("subregion", (self._ident(children[0]), _annotations(children)), self._pos(meta))

    def region_body(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("region_body", [c.value for c in children], self._pos(meta))

    def region_decl(self, meta: Any, children: list[Any]) -> ast.RegionDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.RegionDecl("region", self._ident(self._names(children)[0]), pos, override, notes)
        decl.subregions = _tag(children, "region_body") or []
        return decl

    def side_decl(self, meta: Any, children: list[Any]) -> ast.SideDecl:
        override, notes, pos = self._decl_head(meta, children)
        names = self._names(children)
        decl = ast.SideDecl("side", self._ident(names[0]), pos, override, notes)
        decl.superpower = self._ident(names[1])
        decl.adjacent = _tag(children, "names") or []
        first = _tags(children, "moves_first")
        decl.moves_first = first[0].pos if first else None
        return decl

    def moves_first(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("moves_first", True, self._pos(meta))

    def c_region(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("region", self._ident(children[0])), self._pos(meta))

    def c_subregions(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("subregion", children[0].value), self._pos(meta))

    def c_stability(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("stability", self._int(children[0])), self._pos(meta))

    def c_battleground(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("battleground", True), self._pos(meta))

    def c_adjacent(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("adjacent", children[0].value), self._pos(meta))

    def _clauses(self, children: list[Any]) -> tuple[dict[str, tuple[object, Pos]], list[tuple[str, Pos]]]:
        clauses: dict[str, tuple[object, Pos]] = {}
        duplicates: list[tuple[str, Pos]] = []
        for tag in _tags(children, "clause"):
            key, value = tag.value
            if key in clauses:
                duplicates.append((key, tag.pos))
            else:
                clauses[key] = (value, tag.pos)
        return clauses, duplicates

    def country_decl(self, meta: Any, children: list[Any]) -> ast.CountryDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.CountryDecl("country", self._ident(self._names(children)[0]), pos, override, notes)
        decl.clauses, decl.duplicates = self._clauses(children)
        return decl

    # -------------------------------------------------------- cards
    def ops(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("ops", self._int(children[0])), self._pos(meta))

    def side(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("side", self._ident(children[0])), self._pos(meta))

    def period(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("period", self._ident(children[0])), self._pos(meta))

    def starred(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("starred", True), self._pos(meta))

    def permanent(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("permanent", True), self._pos(meta))

    def scoring(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("scoring", True), self._pos(meta))

    def optional(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("optional", True), self._pos(meta))

    def no_event(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("no_event", True), self._pos(meta))

    def held_by(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("held_by", self._ident(children[-1])), self._pos(meta))

    def event(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("event", (self._block(children), _annotations(children))), self._pos(meta))

    def enables(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("enables", children[0].value), self._pos(meta))

    def prevents(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("clause", ("prevents", children[0].value), self._pos(meta))

    def card_item(self, meta: Any, children: list[Any]) -> Any:
        return children[0]  # a bare annotation inside a card body

    def card_decl(self, meta: Any, children: list[Any]) -> ast.CardDecl:
        override, notes, pos = self._decl_head(meta, children)
        num = next(c for c in children if isinstance(c, Token) and c.type == "INT")
        decl = ast.CardDecl("card", self._ident(self._names(children)[0]), pos, override, notes)
        decl.number = self._int(num)
        decl.clauses, decl.duplicates = self._clauses(children)
        return decl

    # -------------------------------------------------------- settings
    def bool_type(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("stype", ("bool", [], None), self._pos(meta))

    def int_type(self, meta: Any, children: list[Any]) -> _Tag:
        # `int from LOW to HIGH`: the bounds, where the first is written (their order is checked later)
        bounds = _tags(children, "bound")
        low_high = (bounds[0].value, bounds[1].value, bounds[0].pos) if bounds else None
        return _Tag("stype", ("int", [], low_high), self._pos(meta))

    def enum_type(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("stype", ("enum", [self._ident(t) for t in children], None), self._pos(meta))

    def true(self, meta: Any, children: list[Any]) -> ast.Lit:
        return ast.Lit(self._pos(meta), True)

    def false(self, meta: Any, children: list[Any]) -> ast.Lit:
        return ast.Lit(self._pos(meta), False)

    def setting_value(self, meta: Any, children: list[Any]) -> Any:
        return children[0]

    def setting_decl(self, meta: Any, children: list[Any]) -> ast.SettingDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.SettingDecl("setting", self._ident(self._names(children)[0]), pos, override, notes)
        decl.type, decl.values, bounds = _tag(children, "stype")
        if bounds is not None:
            low, high, decl.bounds_pos = bounds
            decl.bounds = (low, high)
        value = next(c for c in children if isinstance(c, ast.Expr))
        if isinstance(value, ast.Name):
            decl.default = (value.name, value.pos)
        elif isinstance(value, ast.Lit):
            decl.default = (value.value, value.pos)
        decl.asked = bool(_tag(children, "asked"))
        return decl

    def asked(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("asked", True, self._pos(meta))

    # -------------------------------------------------------- the ruleset's own state
    def _variable(self, meta: Any, children: list[Any], default: tuple[object, Pos]) -> ast.VariableDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.VariableDecl("variable", self._ident(self._names(children)[0]), pos, override, notes)
        type_tag = _tags(children, "type")[0]
        decl.type, decl.type_pos, decl.default = type_tag.value, type_tag.pos, default
        return decl

    def variable_decl(self, meta: Any, children: list[Any]) -> ast.VariableDecl:
        value = next(c for c in children if isinstance(c, ast.Expr))
        default = (value.name if isinstance(value, ast.Name) else getattr(value, "value", None), value.pos)
        return self._variable(meta, children, default)

    def variable_none(self, meta: Any, children: list[Any]) -> ast.VariableDecl:
        return self._variable(meta, children, (None, self._pos(meta)))

    def zone_decl(self, meta: Any, children: list[Any]) -> ast.ZoneDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.ZoneDecl("zone", self._ident(self._names(children)[0]), pos, override, notes)
        decl.face_down = bool(_tag(children, "face_down"))
        return decl

    def bound_up(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("bound", self._int(children[0]), self._pos(meta))

    def bound_down(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("bound", -self._int(children[0]), self._pos(meta))

    def per_side(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("per_side", True, self._pos(meta))

    def face_down(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("face_down", True, self._pos(meta))

    def track_decl(self, meta: Any, children: list[Any]) -> ast.TrackDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.TrackDecl("track", self._ident(self._names(children)[0]), pos, override, notes)
        low, high = _tags(children, "bound")
        decl.low, decl.high = low.value, high.value
        decl.per_side = bool(_tag(children, "per_side"))
        start = _tags(children, "start")
        decl.start = (start[0].value, start[0].pos) if start else None
        return decl

    def track_start(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("start", _tags(children, "bound")[0].value, self._pos(meta))

    # -------------------------------------------------------- priority lists
    def type_arg(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("type_arg", children[0].value, self._pos(meta))

    def type_ref(self, meta: Any, children: list[Any]) -> _Tag:
        arg = _tag(children, "type_arg")
        text = str(children[0]) if arg is None else f"{children[0]}[{arg}]"
        if _tag(children, "or_none"):  # (a value that may be none: compiler/types.py)
            text += "?"
        return _Tag("type", text, self._pos(meta))

    def or_none(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("or_none", True, self._pos(meta))

    def param(self, meta: Any, children: list[Any]) -> ast.Param:
        type_tag = children[1]
        return ast.Param(self._ident(children[0]), type_tag.value, type_tag.pos)

    def params(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("params", [c for c in children if isinstance(c, ast.Param)], self._pos(meta))

    def asc(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("dir", False, self._pos(meta))

    def desc(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("dir", True, self._pos(meta))

    def sort_key(self, meta: Any, children: list[Any]) -> ast.SortKey:
        return ast.SortKey(children[0], bool(_tag(children, "dir")))

    def sort_keys(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("sort_keys", list(children), self._pos(meta))

    def p_target(self, meta: Any, children: list[Any]) -> _Tag:
        type_tag = _tags(children, "type")[0]
        return _Tag("p_target", (self._ident(children[0]), type_tag.value, type_tag.pos), self._pos(meta))

    def p_restart(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("p_restart", self._ident(children[0]), self._pos(meta))

    def p_require(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("p_require", (children[0], _annotations(children)), self._pos(meta))

    def p_final(self, meta: Any, children: list[Any]) -> _Tag:
        keys = _tag(children, "sort_keys")
        notes = _annotations(children)
        return _Tag("p_final", [(k, notes) for k in keys], self._pos(meta))

    def o_where(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("o_where", (_tag(children, "where"), _annotations(children)), self._pos(meta))

    def o_when(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("o_when", (_tag(children, "when"), _annotations(children)), self._pos(meta))

    def o_prefer(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("o_prefer", (_tag(children, "sort_keys"), _annotations(children)), self._pos(meta))

    def o_place(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("o_place", (children[0], _annotations(children)), self._pos(meta))

    def p_option(self, meta: Any, children: list[Any]) -> _Tag:
        num = children[0]
        option = ast.PriorityOption(
            self._int(num), self._ident(children[1]), self._pos(meta), _annotations(children)
        )
        for tag in children:
            if not isinstance(tag, _Tag):
                continue
            value, notes = tag.value
            option.annotations.extend(notes)
            if tag.kind == "o_where":
                option.where.append(value)
            elif tag.kind == "o_when":
                option.when.append(value)
            elif tag.kind == "o_prefer":
                option.prefer.extend(value)
            elif tag.kind == "o_place":
                option.place = value
        return _Tag("p_option", option, self._pos(meta))

    def priority_decl(self, meta: Any, children: list[Any]) -> ast.PriorityDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.PriorityDecl("priority", self._ident(self._names(children)[0]), pos, override, notes)
        decl.params = _tag(children, "params") or []
        for tag in children:
            if not isinstance(tag, _Tag):
                continue
            if tag.kind == "p_target":
                decl.target = tag.value
            elif tag.kind == "p_restart":
                decl.restart = tag.value
            elif tag.kind == "p_require":
                decl.requires.append(tag.value)
            elif tag.kind == "p_option":
                decl.options.append(tag.value)
            elif tag.kind == "p_final":
                decl.final.extend(tag.value)
        return decl

    # -------------------------------------------------------- appendix
    def moment_region(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("moment_region", self._ident(children[0]), self._pos(meta))

    def moment(self, meta: Any, children: list[Any]) -> ast.Moment:
        return ast.Moment(self._ident(children[0]), _tag(children, "moment_region"))

    def resolve(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("resolve", self._block(children), self._pos(meta))

    def a_event(self, meta: Any, children: list[Any]) -> _Tag:
        moments = [c for c in children if isinstance(c, ast.Moment)]
        resolve = _tags(children, "resolve")
        event = ast.AppendixEvent(
            moments,
            _tag(children, "when"),
            resolve[0].value if resolve else None,
            self._pos(meta),
            _annotations(children),
        )
        return _Tag("a_event", event, self._pos(meta))

    def a_ops_only(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("a_ops_only", (self._pos(meta), _annotations(children)), self._pos(meta))

    def a_reaction(self, meta: Any, children: list[Any]) -> _Tag:
        value = (self._block(children), self._pos(meta), _annotations(children))
        return _Tag("a_reaction", value, self._pos(meta))

    def a_against_human(self, meta: Any, children: list[Any]) -> _Tag:
        value = (self._block(children), self._pos(meta), _annotations(children))
        return _Tag("a_against_human", value, self._pos(meta))

    def appendix_decl(self, meta: Any, children: list[Any]) -> ast.AppendixDecl:
        override, notes, pos = self._decl_head(meta, children)
        num = next(c for c in children if isinstance(c, Token) and c.type == "INT")
        decl = ast.AppendixDecl("appendix", self._ident(self._names(children)[0]), pos, override, notes)
        decl.number = self._int(num)
        decl.events = [t.value for t in _tags(children, "a_event")]
        decl.ops_only = _tag(children, "a_ops_only")
        decl.reaction = _tag(children, "a_reaction")
        decl.against_human = _tag(children, "a_against_human")
        return decl

    # -------------------------------------------------------- tables and orders
    def column(self, meta: Any, children: list[Any]) -> _Tag:
        tok = children[0]
        text = _unquote(tok) if tok.type == "STRING" else str(tok)
        return _Tag("column", (text, self._tok(tok)), self._pos(meta))

    def cell_int(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("cell", self._int(children[0]), self._pos(meta))

    def cell_empty(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("cell", None, self._pos(meta))

    def t_roll(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("t_roll", children[0], self._pos(meta))

    def t_keys(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("t_keys", children[0].value, self._pos(meta))

    def t_columns(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("t_columns", [c.value for c in children], self._pos(meta))

    def row_key(self, meta: Any, children: list[Any]) -> ast.Ident:
        return self._ident(children[0])

    def t_row(self, meta: Any, children: list[Any]) -> _Tag:
        keys = [c for c in children if isinstance(c, ast.Ident)]
        cells = [c.value for c in _tags(children, "cell")]
        row = ast.TableRow(keys, cells, self._pos(meta), _annotations(children))
        return _Tag("t_row", row, self._pos(meta))

    def t_total(self, meta: Any, children: list[Any]) -> _Tag:
        keys = [self._ident(t) for t in self._names(children)]
        num = next(c for c in children if isinstance(c, Token) and c.type == "INT")
        return _Tag("t_total", (keys, self._int(num), self._pos(meta)), self._pos(meta))

    def table_decl(self, meta: Any, children: list[Any]) -> ast.TableDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.TableDecl("table", self._ident(self._names(children)[0]), pos, override, notes)
        decl.roll = _tag(children, "t_roll")
        decl.keys = _tag(children, "t_keys") or []
        decl.columns = _tag(children, "t_columns") or []
        decl.rows = [t.value for t in _tags(children, "t_row")]
        decl.totals = [t.value for t in _tags(children, "t_total")]
        return decl

    def order_decl(self, meta: Any, children: list[Any]) -> ast.OrderDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.OrderDecl("order", self._ident(self._names(children)[0]), pos, override, notes)
        decl.items = _tag(children, "names") or []
        return decl

    # -------------------------------------------------------- the map's picture
    def _spot(self, meta: Any, children: list[Any]) -> ast.LayoutSpot:
        name, col, row = (c for c in children if isinstance(c, Token))
        pos = self._pos(meta)
        return ast.LayoutSpot(self._ident(name), self._int(col), self._int(row), pos, _annotations(children))

    def l_place(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("place", self._spot(meta, children), self._pos(meta))

    def l_label(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("label", self._spot(meta, children), self._pos(meta))

    def layout_decl(self, meta: Any, children: list[Any]) -> ast.LayoutDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.LayoutDecl("layout", self._ident(self._names(children)[0]), pos, override, notes)
        for kind, spots in (("place", decl.places), ("label", decl.labels)):
            for tag in _tags(children, kind):
                spot = tag.value
                if spot.name.name in spots:
                    decl.duplicates.append((kind, spot))
                spots[spot.name.name] = spot
        return decl

    # -------------------------------------------------------- sequence, procedures, rules
    def sequence_decl(self, meta: Any, children: list[Any]) -> ast.SequenceDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.SequenceDecl("sequence", self._ident(self._names(children)[0]), pos, override, notes)
        decl.body = self._block(children)
        return decl

    def procedure_decl(self, meta: Any, children: list[Any]) -> ast.ProcedureDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.ProcedureDecl("procedure", self._ident(self._names(children)[0]), pos, override, notes)
        decl.params = _tag(children, "params") or []
        decl.body = self._block(children)
        return decl

    def moment_setup(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("moment_setup", True, self._pos(meta))

    def moment_decl(self, meta: Any, children: list[Any]) -> ast.MomentDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.MomentDecl("moment", self._ident(self._names(children)[0]), pos, override, notes)
        decl.params = _tag(children, "params") or []
        decl.body = self._block(children)
        decl.setup = bool(_tag(children, "moment_setup"))
        return decl

    def function_decl(self, meta: Any, children: list[Any]) -> ast.FunctionDecl:
        override, notes, pos = self._decl_head(meta, children)
        decl = ast.FunctionDecl("function", self._ident(self._names(children)[0]), pos, override, notes)
        decl.params = _tag(children, "params") or []
        type_tag = _tags(children, "type")[0]
        decl.returns, decl.returns_pos = type_tag.value, type_tag.pos
        decl.body = next(c for c in children if isinstance(c, ast.Expr))
        return decl

    def kind_rule(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("rule_kind", "rule", self._pos(meta))

    def kind_restriction(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("rule_kind", "restriction", self._pos(meta))

    def kind_victory(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("rule_kind", "victory", self._pos(meta))

    def rule_decl(self, meta: Any, children: list[Any]) -> ast.RuleDecl:
        override, notes, pos = self._decl_head(meta, children)
        kind = _tag(children, "rule_kind")
        decl = ast.RuleDecl(kind, self._ident(self._names(children)[0]), pos, override, notes)
        decl.rule_kind = kind
        decl.items = [c for c in children if isinstance(c, ast.EffectItem)]
        return decl

    def remove_decl(self, meta: Any, children: list[Any]) -> ast.RemoveDecl:
        names = self._names(children)
        decl = ast.RemoveDecl("remove", self._ident(names[1]), self._pos(meta), False, _annotations(children))
        decl.target_kind = self._ident(names[0])
        return decl

    # -------------------------------------------------------- patches
    def place_before(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("place", ("before", self._ident(children[0])), self._pos(meta))

    def place_after(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("place", ("after", self._ident(children[0])), self._pos(meta))

    def _patch_item(self, meta: Any, children: list[Any], action: str, part: str, anchor: list[ast.Ident],
                    value: object = None) -> ast.PatchItem:  # fmt: skip
        notes = _annotations(children)
        return ast.PatchItem(action, part, anchor, self._pos(meta), notes, _tag(children, "place"), value)

    def _patch_option(self, meta: Any, children: list[Any], action: str) -> ast.PatchItem:
        option = self.p_option(meta, [c for c in children if not (isinstance(c, _Tag) and c.kind == "place")])
        item = self._patch_item(meta, [], action, "option", [option.value.name], option.value)
        item.place = _tag(children, "place")
        return item

    def pt_option(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_option(meta, children, "replace")

    def pt_insert_option(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_option(meta, children, "insert")

    def pt_move_option(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_item(meta, children, "move", "option", [self._ident(children[0])])

    def pt_remove_option(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_item(meta, children, "remove", "option", [self._ident(children[0])])

    def _patch_row(self, meta: Any, children: list[Any], action: str) -> ast.PatchItem:
        row = self.t_row(meta, children).value
        return self._patch_item(meta, children, action, "row", row.keys, row)

    def pt_row(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_row(meta, children, "replace")

    def pt_insert_row(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_row(meta, children, "insert")

    def pt_remove_row(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        keys = [c for c in children if isinstance(c, ast.Ident)]
        return self._patch_item(meta, children, "remove", "row", keys)

    def pt_cell(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        keys = [c for c in children if isinstance(c, ast.Ident)]
        item = self._patch_item(meta, children, "cell", "row", keys, _tag(children, "cell"))
        item.column = _tag(children, "column")
        return item

    def pt_event(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        event = self.a_event(meta, children).value
        return self._patch_item(meta, [], "replace", "ai_event", [m.name for m in event.moments], event)

    def pt_remove_event(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        moments = [c.name for c in children if isinstance(c, ast.Moment)]
        return self._patch_item(meta, children, "remove", "ai_event", moments)

    def _patch_phase(self, meta: Any, children: list[Any], action: str, is_step: bool) -> ast.PatchItem:
        body = [c for c in children if not (isinstance(c, _Tag) and c.kind == "place")]
        phase = self.step_stmt(meta, body) if is_step else self.phase_stmt(meta, body)
        item = self._patch_item(meta, [], action, "step" if is_step else "phase", [phase.name], phase)
        item.place = _tag(children, "place")
        return item

    def pt_phase(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_phase(meta, children, "replace", False)

    def pt_step(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_phase(meta, children, "replace", True)

    def pt_insert_phase(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_phase(meta, children, "insert", False)

    def pt_insert_step(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_phase(meta, children, "insert", True)

    def pt_remove_phase(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_item(meta, children, "remove", "phase", [self._ident(children[0])])

    def pt_remove_step(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_item(meta, children, "remove", "step", [self._ident(children[0])])

    def pt_default(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_item(meta, children, "default", "setting", [], children[0])

    def pt_place(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        spot = self._spot(meta, children)
        return self._patch_item(meta, children, "replace", "place", [spot.name], spot)

    def pt_label(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        spot = self._spot(meta, children)
        return self._patch_item(meta, children, "replace", "label", [spot.name], spot)

    def pt_remove_place(self, meta: Any, children: list[Any]) -> ast.PatchItem:
        return self._patch_item(meta, children, "remove", "place", [self._ident(self._names(children)[0])])

    def patch_decl(self, meta: Any, children: list[Any]) -> ast.PatchDecl:
        names = self._names(children)
        decl = ast.PatchDecl("patch", self._ident(names[1]), self._pos(meta), False, _annotations(children))
        decl.target_kind = self._ident(names[0])
        decl.items = [c for c in children if isinstance(c, ast.PatchItem)]
        return decl

    # -------------------------------------------------------- effect items
    def by(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("by_expr", children[0], self._pos(meta))

    def mode_to(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("mode", "to", self._pos(meta))

    def mode_by(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("mode", "by", self._pos(meta))

    def where(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("where", children[0], self._pos(meta))

    def when(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("when", children[0], self._pos(meta))

    def code(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("code", self._ident(children[0]), self._pos(meta))

    def as_name(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("as_name", self._ident(children[0]), self._pos(meta))

    def otherwise(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("otherwise", self._block(children), self._pos(meta))

    def order_by(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("order_by", children[0].value, self._pos(meta))

    def e_modify(self, meta: Any, children: list[Any]) -> ast.Modify:
        mode = _tag(children, "mode") or "by"
        value = next(c for c in children if isinstance(c, ast.Expr))
        return ast.Modify(
            self._pos(meta),
            tuple(_annotations(children)),
            self._ident(children[0]),
            mode,
            value,
            _tag(children, "when"),
        )

    def e_forbid(self, meta: Any, children: list[Any]) -> ast.Forbid:
        return ast.Forbid(
            self._pos(meta),
            tuple(_annotations(children)),
            tuple(_tag(children, "names")),
            _tag(children, "when"),
            _tag(children, "code"),
        )

    def e_on(self, meta: Any, children: list[Any]) -> ast.On:
        return ast.On(
            self._pos(meta),
            tuple(_annotations(children)),
            self._ident(children[0]),
            _tag(children, "when"),
            self._block(children),
        )

    def e_allow(self, meta: Any, children: list[Any]) -> ast.Allow:
        return ast.Allow(
            self._pos(meta),
            tuple(_annotations(children)),
            self._ident(children[0]),
            _tag(children, "by_expr"),
            _tag(children, "when"),
            self._block(children),
        )

    def e_status(self, meta: Any, children: list[Any]) -> ast.Status:
        return ast.Status(
            self._pos(meta), tuple(_annotations(children)), self._ident(children[0]), self._args(children)
        )

    def e_ends(self, meta: Any, children: list[Any]) -> ast.Ends:
        return ast.Ends(
            self._pos(meta), tuple(_annotations(children)), self._ident(children[0]), _tag(children, "when")
        )

    # -------------------------------------------------------- statements
    def block(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("block", [c for c in children if isinstance(c, ast.Stmt)], self._pos(meta))

    def _args(self, children: list[Any]) -> tuple[ast.Expr, ...]:
        for c in children:
            if isinstance(c, _Tag) and c.kind == "args":
                return tuple(c.value)
        return ()

    def args(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("args", list(children), self._pos(meta))

    def call_stmt(self, meta: Any, children: list[Any]) -> ast.CallStmt:
        pos = self._pos(meta)
        return ast.CallStmt(pos, ast.Call(pos, self._ident(children[0]), self._args(children)))

    def let_stmt(self, meta: Any, children: list[Any]) -> ast.Let:
        return ast.Let(self._pos(meta), self._ident(children[0]), children[1])

    def set_stmt(self, meta: Any, children: list[Any]) -> ast.Set:
        return ast.Set(self._pos(meta), self._ident(children[0]), children[1])

    def else_part(self, meta: Any, children: list[Any]) -> _Tag:
        child = children[0]
        body = child.value if isinstance(child, _Tag) else [child]
        return _Tag("else", tuple(body), self._pos(meta))

    def if_stmt(self, meta: Any, children: list[Any]) -> ast.If:
        return ast.If(self._pos(meta), children[0], self._block(children), _tag(children, "else") or ())

    def for_stmt(self, meta: Any, children: list[Any]) -> ast.ForEach:
        return ast.ForEach(
            self._pos(meta),
            self._ident(children[0]),
            children[1],
            _tag(children, "where"),
            self._block(children),
        )

    def repeat_stmt(self, meta: Any, children: list[Any]) -> ast.Repeat:
        return ast.Repeat(self._pos(meta), children[0], _tag(children, "as_name"), self._block(children))

    def while_stmt(self, meta: Any, children: list[Any]) -> ast.While:
        return ast.While(self._pos(meta), children[0], self._block(children))

    def m_count(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("count", children[0], self._pos(meta))

    def m_up_to(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("up_to", children[0], self._pos(meta))

    def m_distinct(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("distinct", True, self._pos(meta))

    def m_optional(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("optional", True, self._pos(meta))

    def choose_stmt(self, meta: Any, children: list[Any]) -> ast.Choose:
        return ast.Choose(
            self._pos(meta),
            self._ident(children[0]),
            children[1],
            _tag(children, "where"),
            _tag(children, "by_expr"),
            _tag(children, "count"),
            _tag(children, "up_to"),
            bool(_tag(children, "distinct")),
            bool(_tag(children, "optional")),
            _tag(children, "as_name"),
            self._block(children),
            _tag(children, "otherwise") or (),
        )

    def decide_option(self, meta: Any, children: list[Any]) -> ast.DecideOption:
        return ast.DecideOption(self._ident(children[0]), _tag(children, "when"), self._block(children))

    def decide_stmt(self, meta: Any, children: list[Any]) -> ast.Decide:
        options = tuple(c for c in children if isinstance(c, ast.DecideOption))
        return ast.Decide(self._pos(meta), self._ident(children[0]), _tag(children, "by_expr"), options)

    def until_args(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("until_args", self._args(children), self._pos(meta))

    def lasting_stmt(self, meta: Any, children: list[Any]) -> ast.Lasting:
        return ast.Lasting(
            self._pos(meta),
            self._ident(children[0]),
            self._ident(children[1]),
            _tag(children, "until_args") or (),
            tuple(_annotations(children)),
            tuple(c for c in children if isinstance(c, ast.EffectItem)),
        )

    def label(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("label", _unquote(children[0]), self._pos(meta))

    def phase_stmt(self, meta: Any, children: list[Any]) -> ast.Phase:
        return ast.Phase(
            self._pos(meta),
            self._ident(children[0]),
            _tag(children, "label"),
            tuple(_annotations(children)),
            self._block(children),
        )

    def phases_until(self, meta: Any, children: list[Any]) -> _Tag:
        return _Tag("phases_until", self._ident(children[0]), self._pos(meta))

    def phases_stmt(self, meta: Any, children: list[Any]) -> ast.Phases:
        return ast.Phases(self._pos(meta), self._ident(children[0]), _tag(children, "phases_until"))

    def step_stmt(self, meta: Any, children: list[Any]) -> ast.Phase:
        return ast.Phase(
            self._pos(meta),
            self._ident(children[0]),
            None,
            tuple(_annotations(children)),
            self._block(children),
            True,
        )

    def stop_stmt(self, meta: Any, children: list[Any]) -> ast.Stop:
        return ast.Stop(self._pos(meta))

    # -------------------------------------------------------- expressions
    def if_expr(self, meta: Any, children: list[Any]) -> ast.IfExpr:
        return ast.IfExpr(self._pos(meta), children[0], children[1], children[2])

    def or_(self, meta: Any, children: list[Any]) -> ast.Binary:
        return ast.Binary(self._pos(meta), "or", children[0], children[1])

    def and_(self, meta: Any, children: list[Any]) -> ast.Binary:
        return ast.Binary(self._pos(meta), "and", children[0], children[1])

    def not_(self, meta: Any, children: list[Any]) -> ast.Unary:
        return ast.Unary(self._pos(meta), "not", children[0])

    def neg(self, meta: Any, children: list[Any]) -> ast.Unary:
        return ast.Unary(self._pos(meta), "neg", children[0])

    def compare(self, meta: Any, children: list[Any]) -> ast.Binary:
        return ast.Binary(self._pos(meta), str(children[1]), children[0], children[2])

    def arith(self, meta: Any, children: list[Any]) -> ast.Binary:
        return ast.Binary(self._pos(meta), str(children[1]), children[0], children[2])

    def member(self, meta: Any, children: list[Any]) -> ast.Binary:
        return ast.Binary(self._pos(meta), "in", children[0], children[1])

    def not_member(self, meta: Any, children: list[Any]) -> ast.Binary:
        return ast.Binary(self._pos(meta), "not_in", children[0], children[1])

    def int_lit(self, meta: Any, children: list[Any]) -> ast.Lit:
        return ast.Lit(self._pos(meta), self._int(children[0]))

    def negative_int_lit(self, meta: Any, children: list[Any]) -> ast.Lit:
        """A setting's or a variable's value below zero (an expression's `-2` is `neg`, an operator)."""
        return ast.Lit(self._pos(meta), -self._int(children[0]))

    def string_lit(self, meta: Any, children: list[Any]) -> ast.Lit:
        return ast.Lit(self._pos(meta), _unquote(children[0]))

    def none(self, meta: Any, children: list[Any]) -> ast.Lit:
        return ast.Lit(self._pos(meta), None)

    def name(self, meta: Any, children: list[Any]) -> ast.Name:
        return ast.Name(self._tok(children[0]), str(children[0]))

    def call(self, meta: Any, children: list[Any]) -> ast.Call:
        return ast.Call(self._pos(meta), self._ident(children[0]), self._args(children))

    def aggregate(self, meta: Any, children: list[Any]) -> ast.Aggregate:
        return ast.Aggregate(
            self._pos(meta),
            self._ident(children[0]),
            children[1],
            self._ident(children[2]),
            children[3],
            _tag(children, "where"),
        )

    def list_expr(self, meta: Any, children: list[Any]) -> ast.ListExpr:
        return ast.ListExpr(self._pos(meta), self._args(children))

    def comprehension(self, meta: Any, children: list[Any]) -> ast.Comprehension:
        return ast.Comprehension(
            self._pos(meta),
            self._ident(children[0]),
            children[1],
            _tag(children, "where"),
            tuple(_tag(children, "order_by") or ()),
        )

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        raise ValueError(f"grammar rule without a builder: {data}")


# The largest number a rule may write (common/input_bounds.py says why).
MAX_INT = MAX_RULE_INT

# Chains of one operator written many times in a row (the grammar's rules, with the operator of the two
# that have no operator token) and how many operators make a chain long enough to be regrouped
# (`_Builder._long_chain`). Below it the tree stays as written, and so does the IR of the rules.
_CHAINS = {"arith": "", "and_": "and", "or_": "or"}
LONG_CHAIN = 16
_FLIP = {"+": "-", "-": "+"}


def _chain_op(tree: Tree[Token]) -> str:
    """The family of a chain's operator: `+` and `-` go together, `*`, `and`, `or` each alone."""
    if tree.data == "arith":
        return "+" if str(tree.children[1]) in _FLIP else str(tree.children[1])
    return _CHAINS[str(tree.data)]


def _spine(tree: Tree[Token]) -> list[Tree[Token]]:
    """The nodes of a left-nested chain of operators of one family, the outermost first (walked without
    recursion, however long the chain)."""
    family = _chain_op(tree)
    spine = [tree]
    while True:
        left = spine[-1].children[0]
        if not (isinstance(left, Tree) and left.data in _CHAINS and _chain_op(left) == family):
            return spine
        spine.append(left)


# rule name -> builder: every public method but `build`
_BUILDERS: dict[str, Any] = {
    name: method for name, method in vars(_Builder).items() if not name.startswith("_") and name != "build"
}


def _short(token: str, limit: int = 40) -> str:
    """A token as a message quotes it: a long one (a 5,000-digit number, say) cut in the middle."""
    if len(token) <= limit:
        return token
    return f"{token[:24]}…{token[-8:]} ({len(token)} characters)"


def _syntax_error(err: UnexpectedInput, path: str, text: str, sink: Sink) -> None:
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        _end_of_file(err, path, text, sink)
    elif isinstance(err, UnexpectedToken):
        _unexpected_token(err, path, text, sink)
    elif isinstance(err, UnexpectedCharacters):
        at = err.pos_in_stream or 0
        char = text[at] if 0 <= at < len(text) else "?"
        sink.add(
            "E102",
            f"unexpected character {char!r}",
            Pos(path, err.line, err.column, err.line, err.column + 1),
            "names are ASCII letters, digits and '_'; strings are in double quotes"
            if not char.isascii() or char.isalpha()
            else None,
        )
    elif isinstance(err, UnexpectedEOF):
        sink.add("E103", "unexpected end of file", Pos(path, max(1, text.count("\n")), 1))
    else:  # pragma: no cover - lark has no other kinds today
        sink.add("E101", str(err).splitlines()[0], Pos(path, 1, 1))


def _end_of_file(err: UnexpectedToken, path: str, text: str, sink: Sink) -> None:
    """The file ended inside a declaration: told at its last character."""
    if text.endswith("\n"):
        line = text.count("\n")
        col = len(text.split("\n")[-2]) + 1 if line >= 1 else 1
    else:
        line = max(1, text.count("\n") + 1)
        col = len(text.rsplit("\n", 1)[-1]) + 1
    sink.add(
        "E103",
        "unexpected end of file",
        Pos(path, max(line, 1), max(col, 1)),
        f"expected {_expected(set(err.expected))}",
    )


# A setting's type written as a word the grammar does not know (`integer`, `boolean`): the parser takes
# the word for the first value of a list of names and then asks for `|`, which tells the author nothing.
_SETTING_TYPE_WORD = re.compile(r"\bsetting\s+[A-Za-z_][A-Za-z0-9_]*\s*:\s*([A-Za-z_][A-Za-z0-9_]*)\s*$")


def _setting_type_help(text: str, at: int, path: str) -> tuple[Pos, str] | None:
    """Where a setting's type is one word the grammar does not know, and the help for it; or None."""
    start = max(0, at - 300)
    found = _SETTING_TYPE_WORD.search(text[start:at])
    if found is None:
        return None
    word = found.group(1)
    begin = start + found.start(1)
    line = text.count("\n", 0, begin) + 1
    col = begin - text.rfind("\n", 0, begin)
    meant = "int" if word.lower().startswith("int") else "bool" if word.lower().startswith("bool") else None
    kinds = "a setting's type is `bool`, `int`, `int from LOW to HIGH`, or its values joined by `|` (`a | b`)"
    return Pos(path, line, col, line, col + len(word)), f"did you mean `{meant}`? {kinds}" if meant else kinds


def _unexpected_token(err: UnexpectedToken, path: str, text: str, sink: Sink) -> None:
    """A token the grammar has no place for: a name close to a keyword expected there is told as a
    misspelling of it."""
    tok = err.token
    pos = Pos(path, tok.line or 1, tok.column or 1, tok.end_line, tok.end_column)
    shown = _short(str(tok))
    expected = set(err.expected)
    if "VBAR" in expected and tok.start_pos is not None:
        setting_type = _setting_type_help(text, tok.start_pos, path)
        if setting_type is not None:
            at, help_text = setting_type
            sink.add("E101", f"unknown type of a setting, or '|' missing before '{shown}'", at, help_text)
            return
    named = tok.type == "NAME" or shown.isidentifier()
    if named:
        keywords = [n.strip("'") for n in (_token_name(e) for e in expected) if n.strip("'").isidentifier()]
        hint = suggest(shown, keywords)
        if hint is not None and hint != shown:
            sink.add(
                "E101",
                f"unexpected '{shown}'",
                pos,
                f"did you mean '{hint}'?",
                notes=[f"expected {_expected(expected)}"],
            )
            return
    if tok.type in ("INT", "STRING") and not named:
        what = f"{'number' if tok.type == 'INT' else 'string'} {shown}"
    else:
        what = f"'{shown}'"
    sink.add("E101", f"unexpected {what}", pos, f"expected {_expected(expected)}")


# The words a declaration starts with (`override` and each kind's keyword): every token that may begin
# a declaration of the grammar (tests/test_variant_diagnostics.py derives them from it and compares).
_DECL_KEYWORDS = {
    "ruleset",
    "region",
    "side",
    "country",
    "card",
    "setting",
    "variable",
    "zone",
    "track",
    "priority",
    "appendix",
    "table",
    "order",
    "sequence",
    "procedure",
    "function",
    "rule",
    "restriction",
    "victory",
    "remove",
    "override",
    "moment",
    "patch",
    "layout",
}
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[{}]|[A-Za-z_][A-Za-z0-9_]*|\n|.', re.S)


def declaration_spans(text: str) -> list[tuple[int, int]]:
    """Where each top-level declaration starts and ends: a declaration keyword first on its line, outside
    any braces. Used only to go on after a syntax error."""
    starts: list[int] = []
    depth = 0
    line_start = True
    for match in _SCAN.finditer(text):
        token = match.group()
        if token == "\n":
            line_start = True
            continue
        if token.isspace() or token.startswith("#"):
            continue
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(0, depth - 1)
        elif (
            depth == 0
            and line_start
            and token in _DECL_KEYWORDS
            and not (starts and text[starts[-1] : match.start()].strip() == "override")
        ):
            starts.append(match.start())
        line_start = False
    if not starts:
        return []
    ends = [*starts[1:], len(text)]
    return list(zip(starts, ends, strict=True))


def _report_each_declaration(text: str, path: str, sink: Sink) -> None:
    """After a syntax error, parse each declaration alone (the rest blanked, so positions hold) to report
    one error per broken declaration, not only the first of the file."""
    spans = declaration_spans(text)
    if len(spans) < 2:
        return
    blank = re.sub(r"[^\n]", " ", text)
    for start, end in spans:
        piece = blank[:start] + text[start:end] + blank[end:]
        try:
            _parser().parse(piece)
        except UnexpectedInput as err:
            # (the brackets before the declaration are blanks: scanning them for each of thousands of
            # broken declarations took minutes on a file of 12,000)
            _report_syntax(err, path, piece, sink, scan_from=start)


# The parts (tokens: names, numbers, operators) one declaration may have. The largest of the rulesets we
# ship has about 500; one of a hundred thousand (a sum of 50,000 terms) costs memory and time in
# proportion all the way to the code Python compiles.
MAX_DECLARATION_PARTS = 20_000


def _report_oversized(tree: Tree[Token], path: str, sink: Sink) -> bool:
    """Report each declaration of more than MAX_DECLARATION_PARTS parts (E107); whether any was."""
    found = False
    for declaration in tree.children:
        parts = 0
        stack: list[Any] = [declaration]
        while stack and parts <= MAX_DECLARATION_PARTS:
            node = stack.pop()
            if isinstance(node, Tree):
                stack.extend(node.children)
            else:
                parts += 1
        if parts > MAX_DECLARATION_PARTS:
            found = True
            meta = getattr(declaration, "meta", None)
            where = Pos(path, getattr(meta, "line", 1), getattr(meta, "column", 1))
            sink.add(
                "E107",
                f"this declaration has more than {MAX_DECLARATION_PARTS:,} parts (names, numbers, operators)",
                where,
                "split it: a long expression into functions, a long list into several declarations",
            )
    return found


# How many times a file is mended (a missing `}` put in) and parsed again to find its other mistakes.
MAX_MENDS = 8


def _open_blocks_at(err: UnexpectedInput, text: str) -> list[brackets.OpenBlock]:
    """The blocks left open, when the parser failed as a missing `}` makes it fail: at the end of the
    file, or at a declaration keyword first on its line (no block of the language opens one there)."""
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return brackets.open_blocks(text)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if str(tok) in _DECL_KEYWORDS and tok.column == 1 and tok.start_pos is not None:
            return brackets.open_blocks(text, tok.start_pos)
    return []


# The declaration keywords that are no kind of declaration a patch could name.
_NOT_KINDS = {"ruleset", "remove", "override", "patch"}
# `patch KIND` first on its line: the head of a patch declaration, with the name (and a card's number,
# which `patch` does not take) after the kind when they are there.
_PATCH_HEAD = re.compile(
    r"^[ \t]*patch[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]+([0-9]+))?(?:[ \t]+([A-Za-z_][A-Za-z0-9_]*))?",
    re.MULTILINE,
)


def _report_unpatchable(err: UnexpectedInput, path: str, text: str, sink: Sink, scan_from: int = 0) -> bool:
    """A syntax error inside `patch KIND …` of a kind no patch changes (`patch card x { ops 2 }`): the
    grammar has only the patch items, so the parser's "unexpected 'ops'" would not tell the author that
    such a declaration is replaced whole. Told as the loader tells an empty patch of it (E227 for a card,
    E224 for the others), at the kind; whether it was."""
    from twilight.compiler.patches import PARTS, not_patchable

    if not isinstance(err, UnexpectedToken):
        return False
    at = err.token.start_pos if err.token.type != "$END" else None
    at = len(text) if at is None else at
    head = None
    for found in _PATCH_HEAD.finditer(text, scan_from, at):
        head = found  # (the last patch head before the error)
    if head is None or head.end(1) >= at:
        return False
    # (matched again on the whole text: the name after the kind may be the token the parser stopped at)
    head = _PATCH_HEAD.match(text, head.start()) or head
    kind = head.group(1)
    if kind not in _DECL_KEYWORDS or kind in _NOT_KINDS or kind in PARTS:
        return False
    # the error is this patch's only when the patch's block is still open there
    depth = 0
    for match in _SCAN.finditer(text, head.end(), at):
        token = match.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth <= 0:
                return False
    number = int(head.group(2)) if head.group(2) and len(head.group(2)) <= 6 else None
    name = head.group(3) or "name"
    code, message, help_text = not_patchable(kind, name, number)
    line = text.count("\n", 0, head.start(1)) + 1
    col = head.start(1) - text.rfind("\n", 0, head.start(1))
    shown = _short(str(err.token)) if err.token.type != "$END" else "the end of the file"
    sink.add(
        code,
        message,
        Pos(path, line, col, line, col + len(kind)),
        help_text,
        notes=[
            f"the parser stopped at {shown} ({err.token.line}:{err.token.column}): a patch's items are "
            "options, rows, cells, appendix lines, phases, steps, a default and a layout's places"
            if err.token.type != "$END"
            else f"the parser stopped at {shown}",
        ],
    )
    return True


def _report_syntax(err: UnexpectedInput, path: str, text: str, sink: Sink, scan_from: int = 0) -> None:
    """One syntax error: a closing bracket with nothing to close is said so (E109), a patch of a card
    (or another kind a patch does not change) is said to be one (E227, E224), else `_syntax_error`.
    `scan_from`: where the text stops being blank (a declaration parsed alone)."""
    if _report_unpatchable(err, path, text, sink, scan_from):
        return
    if isinstance(err, UnexpectedToken) and err.token.type in ("RPAR", "RSQB", "RBRACE"):
        stray = brackets.unmatched_closer(text, err.token.start_pos or 0, scan_from)
        if stray is not None:
            opener = {")": "(", "]": "[", "}": "{"}[stray.char]
            sink.add(
                "E109",
                f"unmatched `{stray.char}`",
                Pos(path, stray.line, stray.col, stray.line, stray.col + 1),
                f"remove it, or add the `{opener}` it should close before it",
                notes=["nothing before it is open for it to close"],
            )
            return
    _syntax_error(err, path, text, sink)


def _report_parse_failure(err: UnexpectedInput, path: str, text: str, sink: Sink, mends: int = 0) -> None:
    """Report why the file does not parse. A block left open is reported at its `{` (E108), and the file,
    mended with the `}` where the help says, is parsed again for its other mistakes."""
    blocks = _open_blocks_at(err, text) if mends < MAX_MENDS else []
    if not blocks:
        _report_syntax(err, path, text, sink)
        _report_each_declaration(text, path, sink)
        return
    for block in blocks:
        where = (
            "at the end of the file" if block.close_before is None else f"before line {block.close_before}"
        )
        sink.add(
            "E108",
            f"the block of `{block.head}` is never closed",
            Pos(path, block.line, block.col, block.line, block.col + 1),
            f"close the block of `{block.head}` opened at line {block.line}: add `}}` {where}",
        )
    mended = brackets.closed(text, blocks)
    try:
        _parser().parse(mended)
    except UnexpectedInput as again:
        _report_parse_failure(again, path, mended, sink, mends + 1)


# Brackets of every kind open at once past which a file is told too deep where it goes past: the syntax
# tree is built by recursion, which runs out a little past twice this many (the IR's own bound,
# api.MAX_IR_DEPTH, is reached at about this many blocks, and told at its place).
DEEP_BRACKETS = 100


def report_too_deep(text: str, path: str, sink: Sink) -> None:
    """E106 for a file whose syntax tree nests too deep to build: at the first bracket opened past
    DEEP_BRACKETS (at the top of the file when none is, which recursion bounds lower than ours reach)."""
    place = brackets.first_too_deep(text, DEEP_BRACKETS)
    if place is None:
        sink.add(
            "E106",
            "the file nests too deeply to compile",
            Pos(path, 1, 1),
            "split deep blocks or expressions",
        )
        return
    line, col = place
    sink.add(
        "E106",
        f"this opens more than {DEEP_BRACKETS} brackets and blocks inside one another: too deep to compile",
        Pos(path, line, col, line, col + 1),
        "split deep blocks or expressions: move the inner part into a procedure or a function",
    )


def parse_text(text: str, path: str, sink: Sink) -> ast.RuleFile | None:
    """Parse one file. On syntax errors, report one per broken declaration and return None."""
    try:
        tree: Tree[Token] = _parser().parse(text)
    except UnexpectedInput as err:
        _report_parse_failure(err, path, text, sink)
        return None
    if _report_oversized(tree, path, sink):
        return None
    try:
        decls = _Builder(path, sink).build(tree)
    except RecursionError:
        report_too_deep(text, path, sink)
        return None
    except VisitError as err:
        if isinstance(err.orig_exc, RecursionError):
            report_too_deep(text, path, sink)
        else:  # a grammar/builder mismatch: a bug, reported, never a traceback
            sink.add("E902", f"could not build the syntax tree: {err.orig_exc}", Pos(path, 1, 1))
        return None
    return ast.RuleFile(path, decls)
