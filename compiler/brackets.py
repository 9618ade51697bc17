"""Where a bracket mistake is, read from the text after the parser has failed.

The LALR parser notices a missing `}` only where the text can no longer go on: at the end of the file, or
at the next declaration. That is rarely where the author must type. Here the braces are matched by
hand (strings and comments skipped) and by indentation, as a reader of the file would: a `}` first on its
line closes the block opened on a line with the same indentation, so a block opened deeper in between is
the one left open. A closing bracket with nothing open before it is said to be unmatched, instead of the
dozen tokens the parser would have taken there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A string, a comment, a bracket, a word, a line end or any other character (as parser.declaration_spans).
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[{}()\[\]]|[A-Za-z_][A-Za-z0-9_]*|\n|.', re.S)
_ANNOTATION = re.compile(r'\b(?:source|provisional)\s+"(?:[^"\\\n]|\\.)*"')
# A line that starts with one of these goes on with the line above (an annotation, a clause, an operator).
_CONTINUES = re.compile(
    r"\s*(?:(?:source|provisional|and|or|when|where|by|as|in|then|order|count|up|distinct|optional|until)\b"
    r"|[-+*=<>!,.])"
)
_OPENERS = {")": "(", "]": "[", "}": "{"}
HEAD_LIMIT = 48


@dataclass(frozen=True)
class OpenBlock:
    """A `{` whose block is never closed: where it is, what it belongs to, and where its `}` should go."""

    line: int  # 1-based, of the `{`
    col: int  # 1-based
    head: str  # what opens it, as written (`procedure foo`, `if true`)
    head_line: int  # the line where that begins
    close_before: int | None  # the line the missing `}` goes before; None: at the end of the file
    insert_at: int  # offset in the text where a `}` makes the file whole again


@dataclass(frozen=True)
class Unmatched:
    """A closing bracket with no open one of its kind before it."""

    char: str
    line: int
    col: int


def first_too_deep(text: str, limit: int) -> tuple[int, int] | None:
    """The line and column (from 1) of the first bracket of any kind opened when `limit` are open already
    (strings and comments skipped); None when the text never nests that deep."""
    depth, line, line_start = 0, 1, 0
    for match in _SCAN.finditer(text):
        token = match.group()
        if token == "\n":
            line, line_start = line + 1, match.end()
        elif token in ("(", "[", "{"):
            depth += 1
            if depth > limit:
                return line, match.start() - line_start + 1
        elif token in (")", "]", "}"):
            depth = max(depth - 1, 0)
    return None


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _head(lines: list[str], index: int, brace_col: int) -> tuple[str, int]:
    """What the `{` at column `brace_col` (0-based) of line `index` (0-based) belongs to, and the index of
    the line where that begins: the line itself, with the lines above it that it goes on from."""
    first = index
    while first > 0:
        above = lines[first - 1].split("#", 1)[0].rstrip()
        starts_clause = _CONTINUES.match(lines[first]) is not None and lines[first].strip()[:1] != "}"
        if not above or not (starts_clause or above.endswith(("(", "[", ",", "+", "-", "*", "and", "or"))):
            break
        first -= 1
    parts = [*lines[first:index], lines[index][:brace_col]]
    text = " ".join(part.split("#", 1)[0].strip() for part in parts)
    text = re.sub(r"\s+", " ", _ANNOTATION.sub("", text)).strip().lstrip("}").strip()
    if len(text) > HEAD_LIMIT:
        text = text[: HEAD_LIMIT - 1].rstrip() + "…"
    return text, first


def open_blocks(text: str, stop: int | None = None) -> list[OpenBlock]:
    """The blocks left open in `text` up to the offset `stop` (the place the parser failed; the end of the
    file when None), the first opened first."""
    end = len(text) if stop is None else stop
    lines = text.split("\n")
    # each open `{`: offset, its head's indentation
    stack: list[tuple[int, int]] = []
    found: list[OpenBlock] = []

    def left_open(offset: int, close_before: int | None, insert_at: int) -> OpenBlock:
        line = text.count("\n", 0, offset)
        col = offset - _line_start(text, offset)
        head, head_line = _head(lines, line, col)
        # (the block ends, by its indentation, before the first line that is no deeper than its head)
        last = len(lines) if close_before is None else close_before
        for index in range(line + 1, last):
            code = lines[index].split("#", 1)[0]
            if code.strip() and _indent(code) <= _indent(lines[head_line]) and _CONTINUES.match(code) is None:
                if not code.strip().startswith("}"):
                    # (the comment just above the next line belongs to it: the `}` goes before that)
                    while index - 1 > line and lines[index - 1].strip().startswith("#"):
                        index -= 1
                    code = lines[index]
                    close_before = index + 1
                    insert_at = sum(len(earlier) + 1 for earlier in lines[:index]) + _indent(code)
                break
        return OpenBlock(line + 1, col + 1, head, head_line + 1, close_before, insert_at)

    for match in _SCAN.finditer(text, 0, end):
        token = match.group()
        if token == "{":
            line = text.count("\n", 0, match.start())
            _, head_line = _head(lines, line, match.start() - _line_start(text, match.start()))
            stack.append((match.start(), _indent(lines[head_line])))
        elif token == "}" and stack:
            start = _line_start(text, match.start())
            if text[start : match.start()].strip() == "":
                indent = match.start() - start
                # (a `}` first on its line closes the block whose head is indented as it is)
                same = [i for i, (_, opened) in enumerate(stack) if opened == indent]
                if same and stack[-1][1] > indent:
                    keep = same[-1] + 1
                    line_no = text.count("\n", 0, match.start()) + 1
                    found += [left_open(offset, line_no, match.start()) for offset, _ in stack[keep:]]
                    del stack[keep:]
            stack.pop()
    if stop is None:
        close_before, insert_at = None, len(text)
    else:
        close_before, insert_at = text.count("\n", 0, stop) + 1, stop
    found += [left_open(offset, close_before, insert_at) for offset, _ in reversed(stack)]
    return sorted(found, key=lambda block: (block.line, block.col))


def unmatched_closer(text: str, offset: int, start: int = 0) -> Unmatched | None:
    """The closing bracket at `offset`, when nothing of its kind is open before it (in its declaration or
    anywhere before, from `start` on: what comes before `start` is known to be blank); None when it
    closes something."""
    char = text[offset : offset + 1]
    opener = _OPENERS.get(char)
    if opener is None:
        return None
    depth = 0
    for match in _SCAN.finditer(text, start, offset):
        token = match.group()
        if token == opener:
            depth += 1
        elif token == char:
            depth = max(0, depth - 1)
    if depth > 0:
        return None
    line = text.count("\n", 0, offset)
    return Unmatched(char, line + 1, offset - _line_start(text, offset) + 1)


def closed(text: str, blocks: list[OpenBlock]) -> str:
    """The text with a `}` put where each open block's should be (at the start of the line it goes before,
    or at the end): parsed again, it tells what else is wrong. Line numbers stay as they were."""
    for offset in sorted({block.insert_at for block in blocks}, reverse=True):
        count = sum(1 for block in blocks if block.insert_at == offset)
        text = text[:offset] + "}" * count + text[offset:]
    return text
