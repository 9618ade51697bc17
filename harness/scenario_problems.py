"""The problems of a scenario file as its author reads them: each at its place in the file (`file:line:col`,
from the positions ruamel.yaml keeps), in the file's order, its values written as YAML writes them.

The runner (harness/scenario.py) names a problem by its key path (`state.influence.egpyt`,
`steps[0].play.card`); `Positions` finds where that key (or list item) starts in the text, or the nearest
enclosing one that the file has (a missing key: the map that lacks it). A FAIL line stays one line per file
(the contract of shared/spec/scenario-format.md): its problems follow one another, as many as fit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from twilight.common.input_bounds import ECHO_CHARS, MESSAGE_CHARS, clip, show

# A problem's text is cut to this when a FAIL line holds several (a line is cut to MESSAGE_CHARS); the
# JSON lists at most MOST_LISTED.
PROBLEM_CHARS = 300
MOST_LISTED = 100
MOST_GATHERED = 100
T = TypeVar("T")
# `line 8, column 1: …`: where common/input_bounds.py says a YAML error is.
_YAML_AT = re.compile(r"^line (\d+), column (\d+): ")
# A key path: `state.influence.egpyt`, `steps[0].play`, `expect.ai_choices[2].option_name`.
_PATH_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")
_KEY_PATH = re.compile(r"^[A-Za-z_][^\s:]*$")
# Words YAML 1.1 reads as something other than text, when written plain.
_NOT_TEXT = re.compile(
    r"^(~|null|Null|NULL|y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off"
    r"|OFF|[-+]?(\.\d+|\d[\d_]*(\.[\d_]*)?)([eE][-+]?\d+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)"
    r"|0[xob][0-9a-fA-F_]+|[-+]?\d[\d_]*(:[0-5]?\d)+(\.\d*)?|\d{4}-\d\d?-\d\d?.*)$"
)
_PLAIN = re.compile(r"^[A-Za-z0-9_/][A-Za-z0-9_./ ()'+-]*$")


class Invalid(Exception):
    """The file is not a valid scenario: each problem's key and what is wrong (the first is the
    message)."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(clip(f"{clip(key, ECHO_CHARS)}: {problem}" if key else problem))
        self.problems: list[tuple[str, str]] = [(key, problem)]

    @classmethod
    def of(cls, problems: list[tuple[str, str]]) -> Invalid:
        err = cls(*problems[0])
        err.problems = list(problems)
        return err


class Gather:
    """Checks run one after another, each on its own: a problem of one does not stop the others; `done`
    raises them all together (as one Invalid). `over` goes through the items of a file's map or list until
    MOST_GATHERED problems are found (a file of ten thousand typos is not read to the end)."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []
        self.cut = False

    @contextmanager
    def each(self) -> Iterator[None]:
        try:
            yield
        except Invalid as err:
            self.problems += err.problems

    def add(self, key: str, problem: str) -> None:
        self.problems.append((key, problem))

    def over(self, items: Iterable[T]) -> Iterator[T]:
        for item in items:
            if len(self.problems) >= MOST_GATHERED:
                self.cut = True
                return
            yield item

    def done(self) -> None:
        if self.cut:
            self.add("", f"(checking stopped after {MOST_GATHERED} problems)")
            self.cut = False
        if self.problems:
            raise Invalid.of(self.problems)


@contextmanager
def gathered() -> Iterator[Gather]:
    """`with gathered() as check:` then `with check.each(): …` for each part: all their problems at the
    end of the block (with a problem raised outside any part)."""
    gather = Gather()
    with gather.each():
        yield gather
    gather.done()


@dataclass(frozen=True)
class Problem:
    key: str  # the key path, "" for the file as a whole
    problem: str
    line: int | None = None
    column: int | None = None

    def text(self, path: str, limit: int = MESSAGE_CHARS) -> str:
        where = f"{path}:{self.line}:{self.column}: " if self.line is not None else ""
        what = f"{clip(self.key, ECHO_CHARS)}: {self.problem}" if self.key else self.problem
        return clip(where + what, limit)

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "column": self.column, "key": self.key, "problem": clip(self.problem)}


def split_key(text: str, tops: Iterable[str]) -> tuple[str, str]:
    """A message that begins with a key path under one of the file's top keys `tops` (`steps[0].play:
    refused …`) as the key and the rest; any other message as no key and itself."""
    head, sep, rest = text.partition(": ")
    if sep and _KEY_PATH.match(head) and re.split(r"[.\[]", head, maxsplit=1)[0] in tops:
        return head, rest
    return "", text


class Positions:
    """Where each key and list item of the file starts (line and column, from 1), by its path."""

    def __init__(self, text: str, data: Any) -> None:
        self.at: dict[tuple[str, ...], tuple[int, int]] = {}
        try:
            node = _compose(text)
        except Exception:  # (the text was read already; a file it cannot place has no positions)
            return
        if node is not None:
            self.at[()] = (node.start_mark.line + 1, node.start_mark.column + 1)
            self._walk(node, data)

    def _walk(self, root: Any, data: Any) -> None:
        from ruamel.yaml.nodes import MappingNode, SequenceNode

        stack: list[tuple[tuple[str, ...], Any, Any]] = [((), root, data)]
        while stack:
            path, node, value = stack.pop()
            if isinstance(node, MappingNode) and isinstance(value, dict):
                pairs = node.value
                # (a merge key `<<` makes the map's items another list than its nodes: not placed)
                if len(pairs) != len(value) or any(k.tag.endswith(":merge") for k, _ in pairs):
                    continue
                items: Iterable[tuple[Any, Any, Any]] = (
                    (str(k), key_node, (value_node, v))
                    for (key_node, value_node), (k, v) in zip(pairs, value.items(), strict=True)
                )
            elif isinstance(node, SequenceNode) and isinstance(value, list) and len(node.value) == len(value):
                items = (
                    (str(i), item, (item, v))
                    for i, (item, v) in enumerate(zip(node.value, value, strict=True))
                )
            else:
                continue
            for part, placed, (child, child_value) in items:
                if (*path, part) in self.at:
                    continue
                self.at[(*path, part)] = (placed.start_mark.line + 1, placed.start_mark.column + 1)
                stack.append(((*path, part), child, child_value))

    def of(self, key: str) -> tuple[int, int] | None:
        """The place of the key path, or of the nearest enclosing key the file has."""
        parts = tuple(a or b for a, b in _PATH_PART.findall(key))
        while parts:
            if parts in self.at:
                return self.at[parts]
            parts = parts[:-1]
        return self.at.get(())

    def problem(self, key: str, problem: str) -> Problem:
        """A problem at its place: a key's, or the line and column a YAML error gives."""
        found = _YAML_AT.match(problem) if not key else None
        if found:
            return Problem("", problem[found.end() :], int(found.group(1)), int(found.group(2)))
        at = self.of(key) if key else None
        return Problem(key, problem, *(at or (None, None)))


def _compose(text: str) -> Any:
    from ruamel.yaml import YAML

    reader = YAML(typ="safe", pure=True)
    reader.version = (1, 1)  # (as common/input_bounds.py reads a scenario)
    return reader.compose(text)


def in_file_order(problems: list[Problem]) -> list[Problem]:
    """The problems by their place in the file (those without one last), each once."""
    unique = list(dict.fromkeys(problems))
    placed = sorted((p for p in unique if p.line is not None), key=lambda p: (p.line, p.column))
    return placed + [p for p in unique if p.line is None]


def reason(path: str, problems: list[Problem]) -> str:
    """One line: the problems, as many whole ones as fit in a message, and how many more."""
    if len(problems) == 1:
        return problems[0].text(path)
    head = f"{len(problems)} problems: "
    shown: list[str] = []
    size = len(head)
    for i, problem in enumerate(problems):
        text = problem.text(path, PROBLEM_CHARS)
        more = f"; and {len(problems) - i} more"
        if shown and size + len(text) + 2 + len(more) > MESSAGE_CHARS:
            return head + "; ".join(shown) + more
        shown.append(text)
        size += len(text) + 2
    return head + "; ".join(shown)


# ---------------------------------------------------------------------- values as YAML writes them
def yaml_text(value: Any, limit: int = ECHO_CHARS) -> str:
    """A value as YAML writes it in flow style (`null`, `true`, `[19, 35]`, `{us: 1}`, a word plain, other
    text quoted), never more than `limit` characters and never deeper than needed for them."""
    return show(value, limit, scalar=_scalar)


def _scalar(item: Any, limit: int) -> str:
    if item is None:
        return "null"
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return show(item, limit)
    if isinstance(item, str):
        text = item[: limit + 1]
        if _PLAIN.match(text) and not _NOT_TEXT.match(text) and not text.endswith(" "):
            return text
        return "'" + text.replace("'", "''") + "'"
    return str(item)
