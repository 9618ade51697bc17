"""The canonical layout of rule files (`twilight fmt`; docs/language.md, "Layout").

The author's line breaks stay where they are, and so does every comment; everything else follows from
the tokens and the grammar:

- a line that starts an item (a declaration, a statement, a clause inside braces) is indented two spaces
  deeper than the line where the declaration, statement or clause owning the block starts; a `}` (or a
  `{`) first on its line lines up with that line;
- a line that continues an item lines up with what it continues: with the first token of the expression
  or list it goes on with (`where A` / `and B`: B under A), with the first token after a still-open `(` or
  `[` (or two spaces in when the bracket ends its line), the `then` and `else` lines of an
  `if … then … else if …` chain under its first `if`, and otherwise (a clause such as `source`, `when`,
  `by` on its own line) two spaces deeper than the item's first line;
- one space between tokens, none inside brackets, before `,` `:` `)` `]`, between a name and its `(`,
  after a unary `-`;
- the rows of a table line up: cells start in one column and each column of cells is right-aligned;
- an own-line comment takes the indentation of the code line after it; an end-of-line comment sits two
  spaces after the code (after the widest row, in a table);
- at most one blank line in a row, none at the start or end of a file or block; no trailing spaces; one
  final newline.

The result is checked against the input: the same tokens and the same comments, or `LayoutBug`.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from lark import Token, Tree
from twilight.compiler.diagnostics import Diagnostic, Sink
from twilight.compiler.loader import file_parts, rule_text
from twilight.compiler.parser import parse_text, token_parser

INDENT = 2
COMMENT_GAP = 2  # spaces between the code and an end-of-line comment

_OPENERS = ("(", "[")
_CLOSERS = (")", "]")
_NO_SPACE_BEFORE = (")", "]", ",", ":")
# Items whose continuation lines stay flush with the item's first token: a function's body is one
# expression (`a` / `+ b` under it), an order's body one list of names.
_FLUSH_CONTAINERS = frozenset({"function_decl", "order_decl"})
_COMMENT = re.compile(r"#[^\n]*")
_LAYOUT_WHITESPACE = re.compile(r"[ \t\f\r\n]*")


class LayoutBug(RuntimeError):
    """The laid-out text would not be the same program: a bug in the formatter, never the file's fault."""


@dataclass
class Layout:
    """The canonical text of a file, or (text None) the syntax errors that keep it from being formatted."""

    text: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


def layout(text: str, path: str) -> Layout:
    """Lay out one rule file; `path` is only for the diagnostics of a file that does not parse. The text is
    read as the compiler reads it (`rule_text`): laid out, a byte order mark is gone and every line ends
    with a line feed."""
    text = rule_text(text)
    sink = Sink()
    # (as the compiler refuses it: a file dense with parts took 10 s and 470 MB to lay out)
    if file_parts(text, path, sink) is None:
        return Layout(None, sink.errors)
    if parse_text(text, path, sink) is None:
        return Layout(None, sink.errors)
    source = _Source(text)
    formatted = _Formatter(source).render()
    after = _Source(formatted)
    if after.program() != source.program():
        raise LayoutBug(f"{path}: laying the file out would change its tokens or comments")
    return Layout(formatted)


@dataclass
class _Line:
    tokens: list[Token] = field(default_factory=list)
    comment: str | None = None


class _Source:
    """A parsed file: its tokens in order, the tree above them, and its lines with their comments."""

    def __init__(self, text: str) -> None:
        tree = token_parser().parse(text)
        self.tokens: list[Token] = []
        self.parent: dict[int, Tree[Token]] = {}
        self.tables: list[Tree[Token]] = []
        # The first token of each item (what stands inside a pair of braces, or at the top of the file)
        # -> the rule that holds the item.
        self.item_container: dict[int, str] = {}
        self._walk(tree)
        self.position = {id(tok): i for i, tok in enumerate(self.tokens)}
        self.lines = self._lines(text)

    def _walk(self, tree: Tree[Token]) -> None:
        stack: list[Tree[Token] | Token] = [tree]
        while stack:
            node = stack.pop()
            if isinstance(node, Token):
                self.tokens.append(node)
                continue
            for child in node.children:
                self.parent[id(child)] = node
            stack.extend(reversed(node.children))
            rule = str(node.data)
            if rule == "table_decl":
                self.tables.append(node)
            inside = rule == "start"
            for child in node.children:
                if isinstance(child, Token) and child in ("{", "}"):
                    inside = child == "{"
                elif inside:
                    self.item_container[id(first_token(child))] = rule

    def _lines(self, text: str) -> list[_Line]:
        newlines = [i for i, ch in enumerate(text) if ch == "\n"]
        lines = [_Line() for _ in range(len(newlines) + 1)]
        for tok in self.tokens:
            lines[_line_index(tok)].tokens.append(tok)
        # the gaps between tokens (and before the first and after the last) hold whitespace and comments
        gap_starts = [0, *(_start(tok) + len(tok) for tok in self.tokens)]
        gap_ends = [*(_start(tok) for tok in self.tokens), len(text)]
        for gap_start, gap_end in zip(gap_starts, gap_ends, strict=True):
            for match in _COMMENT.finditer(text, gap_start, gap_end):
                lines[bisect.bisect_left(newlines, match.start())].comment = match.group().rstrip()
            rest = _COMMENT.sub("", text[gap_start:gap_end])
            if _LAYOUT_WHITESPACE.fullmatch(rest) is None:  # pragma: no cover - the lexer allows nothing else
                raise LayoutBug(f"unexpected text between tokens: {rest.strip()!r}")
        return lines

    def program(self) -> tuple[list[tuple[str, str]], list[str]]:
        """What layout must never change: the tokens, and the comments in order."""
        return [(t.type, str(t)) for t in self.tokens], [ln.comment for ln in self.lines if ln.comment]

    def rule(self, tok: Token) -> str:
        return str(self.parent[id(tok)].data)

    def continued(self, tok: Token) -> Tree[Token]:
        """The part of the tree that `tok` continues: the lowest node above it that starts before it."""
        node = self.parent[id(tok)]
        while first_token(node) is tok and id(node) in self.parent:
            node = self.parent[id(node)]
        return node


def first_token(node: Tree[Token] | Token) -> Token:
    while isinstance(node, Tree):
        node = node.children[0]
    return node


def _start(tok: Token) -> int:
    assert tok.start_pos is not None
    return tok.start_pos


def _line_index(tok: Token) -> int:
    assert tok.line is not None
    return tok.line - 1


@dataclass
class _TableRows:
    """How the one-line rows of a table line up: key part width, and the width of each column of cells."""

    key_width: int = 0
    cell_widths: list[int] = field(default_factory=list)
    comment_column: int = 0


class _Formatter:
    def __init__(self, source: _Source) -> None:
        self.src = source
        self.column: dict[int, int] = {}  # id(token) -> its column in the output
        self.indent: dict[int, int] = {}  # line index -> indentation in the output
        self.rows: dict[int, _TableRows] = {}  # line index of an aligned table row -> its table's layout
        self._plan_tables()

    # ------------------------------------------------------------------ code lines
    def render(self) -> str:
        code: dict[int, str] = {}
        blocks: list[int] = []  # the indentation of the items of each block still open
        brackets: list[int] = []  # positions of the `(` and `[` still open
        for index, line in enumerate(self.src.lines):
            if not line.tokens:
                continue
            self.indent[index] = self._indent_of(line.tokens[0], blocks, brackets)
            code[index] = self._code(index, line.tokens)
            for tok in line.tokens:
                if tok == "{":
                    blocks.append(self._owner_indent(tok) + INDENT)
                elif tok == "}":
                    blocks.pop()
                elif tok in _OPENERS:
                    brackets.append(self.src.position[id(tok)])
                elif tok in _CLOSERS:
                    brackets.pop()
        return self._assemble(code)

    def _owner_indent(self, brace: Token) -> int:
        """The indentation of the line where the declaration, statement or clause that owns a `{` starts:
        its items go two spaces deeper, its `}` lines up with it."""
        owner = self.src.parent[id(brace)]
        if owner.data == "block":
            owner = self.src.parent[id(owner)]
        return self.indent[_line_index(first_token(owner))]

    def _indent_of(self, tok: Token, blocks: list[int], brackets: list[int]) -> int:
        src = self.src
        at = src.position[id(tok)]
        if tok == "}":
            return blocks[-1] - INDENT
        if tok == "{":
            return self._owner_indent(tok)
        if id(tok) in src.item_container or (at > 0 and src.tokens[at - 1] == "}"):
            # an item, or what follows a block in the same statement (`}` / `else {`)
            return blocks[-1] if blocks else 0
        if tok in _CLOSERS:
            return self.indent[_line_index(src.tokens[brackets[-1]])]
        if tok in ("then", "else") and src.rule(tok) == "if_expr":
            return self.column[id(first_token(self._if_chain(src.parent[id(tok)])))]
        start = first_token(src.continued(tok))
        if brackets and brackets[-1] >= src.position[id(start)]:
            opener = src.tokens[brackets[-1]]
            after = src.tokens[brackets[-1] + 1]
            if after.line == opener.line:
                return self.column[id(after)]
            return self.indent[_line_index(opener)] + INDENT
        container = src.item_container.get(id(start))
        if container is None or container in _FLUSH_CONTAINERS:
            return self.column[id(start)]
        return self.indent[_line_index(start)] + INDENT

    def _if_chain(self, node: Tree[Token]) -> Tree[Token]:
        """The first `if` of an `if … then … else if … then … else …` chain that `node` is part of: the
        chain's `then` and `else` lines all line up under it."""
        while True:
            parent = self.src.parent.get(id(node))
            if parent is None or parent.data != "if_expr" or parent.children[-1] is not node:
                return node
            node = parent

    def _gap(self, left: Token, right: Token) -> str:
        if left in _OPENERS or right in _NO_SPACE_BEFORE:
            return ""
        if right == "(" and left.type == "NAME":
            return ""
        if right == "[" and self.src.rule(right) == "type_arg":
            return ""
        if left == "-" and self.src.rule(left) in (
            "neg",
            "bound_down",
            "negative_int_lit",
        ):  # -1, a track's `from -20`
            return ""
        return " "

    def _code(self, index: int, tokens: list[Token]) -> str:
        """One line of code without its comment, recording where each token lands."""
        table = self.rows.get(index)
        if table is not None:
            return self._row(index, tokens, table)
        return self._join(tokens, " " * self.indent[index])

    def _join(self, tokens: list[Token], text: str) -> str:
        for i, tok in enumerate(tokens):
            if i:
                text += self._gap(tokens[i - 1], tok)
            self.column[id(tok)] = len(text)
            text += tok
        return text

    # ------------------------------------------------------------------ tables
    def _plan_tables(self) -> None:
        for table in self.src.tables:
            rows = [c for c in table.children if isinstance(c, Tree) and c.data == "t_row"]
            plan = _TableRows()
            for row in rows:
                tokens = list(row.scan_values(lambda v: isinstance(v, Token)))
                index = _line_index(tokens[0])
                if self.src.lines[index].tokens != tokens:
                    continue  # a row spread over lines, or sharing one, keeps the plain layout
                key, cells, _ = self._row_parts(row)
                plan.key_width = max(plan.key_width, len(self._join(key, "")))
                for j, cell in enumerate(cells):
                    if j == len(plan.cell_widths):
                        plan.cell_widths.append(0)
                    plan.cell_widths[j] = max(plan.cell_widths[j], len(cell))
                self.rows[index] = plan

    def _row_parts(self, row: Tree[Token]) -> tuple[list[Token], list[Token], list[Token]]:
        """`row KEY...:`, the cells, and what follows them (annotations)."""
        tokens = list(row.scan_values(lambda v: isinstance(v, Token)))
        colon = next(i for i, tok in enumerate(tokens) if tok == ":")
        cells = [first_token(c) for c in row.children if isinstance(c, Tree) and c.data.startswith("cell_")]
        rest = tokens[colon + 1 + len(cells) :]
        return tokens[: colon + 1], cells, rest

    def _row(self, index: int, tokens: list[Token], plan: _TableRows) -> str:
        row = self.src.parent[id(tokens[0])]
        key, cells, rest = self._row_parts(row)
        text = self._join(key, " " * self.indent[index])
        text += " " * (self.indent[index] + plan.key_width - len(text))
        for j, cell in enumerate(cells):
            text += " " + " " * (plan.cell_widths[j] - len(cell))
            self.column[id(cell)] = len(text)
            text += cell
        if rest:
            text = self._join(rest, text + " ")
        plan.comment_column = max(plan.comment_column, len(text) + COMMENT_GAP)
        return text

    # ------------------------------------------------------------------ comments and blank lines
    def _assemble(self, code: dict[int, str]) -> str:
        lines = self.src.lines
        out: list[str] = []
        blank_pending = False
        after_open_brace = False
        next_code: int | None = None
        comment_indent: dict[int, int] = {}
        for index in range(len(lines) - 1, -1, -1):
            if index in code:
                next_code = index
            elif lines[index].comment is not None:
                comment_indent[index] = self._comment_indent(next_code)
        for index, line in enumerate(lines):
            if index in code:
                text = code[index]
                if line.comment is not None:
                    plan = self.rows.get(index)
                    column = plan.comment_column if plan else len(text) + COMMENT_GAP
                    text = text.ljust(column) + line.comment
                closes = line.tokens[0] == "}"
            elif line.comment is not None:
                text = " " * comment_indent[index] + line.comment
                closes = False
            else:
                blank_pending = True
                continue
            if blank_pending and out and not after_open_brace and not closes:
                out.append("")
            out.append(text)
            blank_pending = False
            after_open_brace = bool(line.tokens) and line.tokens[-1] == "{"
        return "\n".join(out) + "\n" if out else ""

    def _comment_indent(self, next_code: int | None) -> int:
        """An own-line comment lines up with the code after it, or with a block's items before its `}`."""
        if next_code is None:
            return 0
        indent = self.indent[next_code]
        if self.src.lines[next_code].tokens[0] in ("}", *_CLOSERS):
            indent += INDENT
        return indent
