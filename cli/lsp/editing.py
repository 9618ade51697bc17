"""Completion, the outline of a file (document symbols) and formatting, from an analysis' name tables."""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec
from twilight.cli.lsp import describe
from twilight.cli.lsp.analysis import meaning_rank, namespace
from twilight.cli.lsp.convert import client_range, whole_text_range
from twilight.compiler import ast
from twilight.compiler.layout import layout
from twilight.compiler.loader import MAX_RULE_FILE_BYTES, NAMESPACE
from twilight.compiler.symbols import Declaration, FileSymbols, SymbolTable

KIND = types.CompletionItemKind
# The declared names completion offers, each kind with its icon.
COMPLETED = {
    "country": KIND.Constant,
    "card": KIND.Value,
    "region": KIND.Module,
    "subregion": KIND.Module,
    "side": KIND.EnumMember,
    "procedure": KIND.Method,
    "function": KIND.Function,
    "priority": KIND.Function,
    "setting": KIND.Property,
    "value": KIND.EnumMember,
    "variable": KIND.Variable,
    "track": KIND.Variable,
    "zone": KIND.Variable,
    "table": KIND.Struct,
    "order": KIND.Struct,
}
SYMBOL = types.SymbolKind
OUTLINE_KINDS = {
    "country": SYMBOL.Constant,
    "card": SYMBOL.Object,
    "appendix": SYMBOL.Object,
    "region": SYMBOL.Namespace,
    "subregion": SYMBOL.Namespace,
    "side": SYMBOL.EnumMember,
    "superpower": SYMBOL.EnumMember,
    "procedure": SYMBOL.Method,
    "function": SYMBOL.Function,
    "priority": SYMBOL.Function,
    "option": SYMBOL.EnumMember,
    "phase": SYMBOL.Event,
    "step": SYMBOL.Event,
    "setting": SYMBOL.Property,
    "value": SYMBOL.EnumMember,
    "variable": SYMBOL.Variable,
    "track": SYMBOL.Variable,
    "zone": SYMBOL.Array,
    "table": SYMBOL.Struct,
    "order": SYMBOL.Array,
    "sequence": SYMBOL.Method,
    "moment": SYMBOL.Event,
    "ruleset": SYMBOL.Package,
    "layout": SYMBOL.Object,
}


# A `patch priority NAME {` whose block is still open, when the file does not parse as it is typed.
def too_large(text: str) -> bool:
    """Whether a document is over the compiler's bound on a rule file (E007): the editor's own work on
    it (layout, reading the text before the cursor) is refused as the compile is."""
    return len(text) > MAX_RULE_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RULE_FILE_BYTES


PATCH_HEAD = re.compile(r"\bpatch\s+priority\s+([a-z_][a-z0-9_]*)\b[^{}]*$")


def completion_items(table: SymbolTable, folders: list[Path]) -> list[types.CompletionItem]:
    """Every declared name completion offers, each once (the one in force), and every primitive. A name
    a later ruleset removes (`remove function war_hindrance`) is not offered: it is no name there."""
    offered: dict[str, Declaration] = {}
    for symbols in table.files.values():  # (base first: a removal follows what it removes)
        for decl in symbols.decls:
            if isinstance(decl, ast.RemoveDecl) and decl.target_kind is not None:
                kept = offered.get(decl.name.name)
                if kept is not None and namespace(kept) == NAMESPACE.get(decl.target_kind.name):
                    del offered[decl.name.name]
        for declared in symbols.declarations:
            if COMPLETED.get(declared.kind) is None or declared.owner is not None:
                continue
            kept = offered.get(declared.name)
            # (a name several things share is offered as what an expression means)
            if kept is None or meaning_rank(kept) >= meaning_rank(declared):
                offered[declared.name] = declared
    languages = describe.localizers(folders)
    items = {
        name: types.CompletionItem(
            label=name, kind=COMPLETED[declared.kind], detail=describe.short_detail(declared, languages)
        )
        for name, declared in offered.items()
    }
    for name, sig in describe.primitives().items():
        items.setdefault(
            name,
            types.CompletionItem(
                label=name,
                kind=KIND.Function,
                detail=sig.render(),
                documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=sig.doc),
            ),
        )
    return list(items.values())


def in_comment_or_string(line: str, col: int) -> bool:
    """Whether the 1-based column `col` of a line (the cursor before that character) is inside a
    comment or a string, where no name is written (strings end on their line: grammar/twilight.lark)."""
    in_string = False
    escaped = False
    for ch in line[: col - 1]:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == "#":
            return True
        elif ch == '"':
            in_string = True
    return in_string


def option_items(table: SymbolTable, priority: str) -> list[types.CompletionItem]:
    """The options of the priority list a patch changes, first in the list."""
    out = []
    for declared in table.parts(priority, "option"):
        number = declared.node.number if isinstance(declared.node, ast.PriorityOption) else 0
        out.append(
            types.CompletionItem(
                label=declared.name,
                kind=KIND.EnumMember,
                detail=f"option {number} of priority {priority}",
                sort_text=f"0{number:03d}",
            )
        )
    return out


def patched_priority(symbols: FileSymbols | None, text: str, line: int, col: int) -> str | None:
    """The priority list whose patch holds the cursor (1-based line and column), read from the parsed
    file when the patch is in it, else from the text before the cursor (a file being typed seldom
    parses)."""
    if symbols is not None:
        for decl in symbols.decls:
            if (
                isinstance(decl, ast.PatchDecl)
                and decl.target_kind is not None
                and decl.target_kind.name == "priority"
                and _inside(decl, line, col)
            ):
                return decl.name.name
    if too_large(text):
        return None
    lines = text.split("\n")
    before = "\n".join([*lines[: line - 1], lines[line - 1][: col - 1] if line - 1 < len(lines) else ""])
    return _open_patch(before)


def _inside(decl: ast.Decl, line: int, col: int) -> bool:
    pos = decl.pos
    end = (pos.end_line or pos.line, pos.end_col or pos.col)
    return (pos.line, pos.col) <= (line, col) <= end


def _open_patch(before: str) -> str | None:
    """The list named by the innermost open `patch priority NAME {` in `before` (comments and strings
    left out), or None."""
    heads: list[str] = []  # the text before each open `{`
    chunk: list[str] = []
    in_string = in_comment = False
    for ch in before:
        if in_comment:
            in_comment = ch != "\n"
            continue
        if in_string:
            in_string = ch != '"'
            continue
        if ch == "#":
            in_comment = True
        elif ch == '"':
            in_string = True
        elif ch == "{":
            heads.append("".join(chunk))
            chunk = []
        elif ch == "}":
            if heads:
                heads.pop()
            chunk = []
        else:
            chunk.append(ch)
    for head in reversed(heads):
        found = PATCH_HEAD.search(head)
        if found is not None:
            return found.group(1)
    return None


def document_symbols(
    symbols: FileSymbols, lines: list[str], codec: PositionCodec
) -> list[types.DocumentSymbol]:
    """Every declaration of the file, with the names declared inside it (options, subregions, phases…)."""
    inner: dict[int, list[Declaration]] = {}
    own: dict[int, Declaration] = {}
    for declared in symbols.declarations:
        if declared.name == declared.decl.name.name and declared.pos == declared.decl.name.pos:
            own[id(declared.decl)] = declared
        else:
            inner.setdefault(id(declared.decl), []).append(declared)
    out = []
    for decl in symbols.decls:
        head = own.get(id(decl))
        kind_word = head.kind if head is not None else _patch_kind(decl)
        children = [
            types.DocumentSymbol(
                name=child.name,
                kind=OUTLINE_KINDS.get(child.kind, SYMBOL.Field),
                range=client_range(child.pos, lines, codec),
                selection_range=client_range(child.pos, lines, codec),
                detail=child.kind,
            )
            for child in inner.get(id(decl), [])
        ]
        name = decl.name.name if head is not None else f"{kind_word} {decl.name.name}"
        selection = client_range(decl.name.pos, lines, codec)
        whole = client_range(decl.pos, lines, codec)
        if (whole.start.line, whole.start.character) > (selection.start.line, selection.start.character):
            whole = selection  # (never a range that does not hold its selection)
        out.append(
            types.DocumentSymbol(
                name=name,
                kind=OUTLINE_KINDS.get(kind_word, SYMBOL.Key),
                range=whole,
                selection_range=selection,
                detail=describe.signature(head) if head is not None else None,
                children=children or None,
            )
        )
    return out


def _patch_kind(decl: ast.Decl) -> str:
    if isinstance(decl, ast.PatchDecl | ast.RemoveDecl):
        target = decl.target_kind.name if decl.target_kind is not None else ""
        return f"{decl.kind} {target}".strip()
    return decl.kind


def formatting(text: str, shown: str, codec: PositionCodec) -> list[types.TextEdit]:
    """`twilight fmt`'s layout of the text as one edit of the whole document; none when the text is
    laid out already or does not parse (the file's diagnostics say why). A LayoutBug (the layout
    would change the meaning) goes up to be logged."""
    result = layout(text, shown)
    if result.text is None or result.text == text:
        return []
    return [types.TextEdit(range=whole_text_range(text, codec), new_text=result.text)]
