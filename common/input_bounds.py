"""Bounds on what is read from files and the keyboard: scenario files (YAML), saves and traces (JSON), typed
numbers. A file that is too big, nested too deeply, expands its YAML aliases past a small size, repeats a key
or holds a number of thousands of digits is refused with one line saying so, before anything else reads it:
no `RecursionError`, no `ValueError` from Python's integer limit, no gigabytes built from a few hundred bytes.

`show` and `clip` put a value read from such input into a message: at most a line of it, whatever its size
or depth (a value echoed whole could be megabytes)."""

from __future__ import annotations

import json
import os
import re
import warnings
from collections.abc import Callable
from typing import Any

# The deepest nesting any input of ours needs: a scenario goes ~6 levels deep, a save or a trace event ~5.
MAX_DEPTH = 32
# The most values (maps, lists, scalars, each alias counted as the values it stands for) a scenario file
# may hold: the largest in tests/scenarios has ~400. A "billion laughs" file stops here.
MAX_YAML_NODES = 10_000
# The longest number read as a whole number: 20 digits hold any seed (2**64) and any count of the game.
MAX_INT_DIGITS = 20
# How much of a value a message shows.
ECHO_CHARS = 60
# How long a message about input may get (a scenario's FAIL reason, a save's problem).
MESSAGE_CHARS = 600


class InputRefused(ValueError):
    """Input that is not read: one line saying why (with the line and column where known). `syntax`: the
    text is not JSON/YAML at all (rather than well-formed but out of bounds)."""

    def __init__(self, message: str, syntax: bool = False) -> None:
        super().__init__(message)
        self.syntax = syntax


# Characters a terminal acts on rather than shows: C0 and C1 controls (ESC starts a sequence that moves the
# cursor, erases lines or sets the window's title), DEL, and the marks that reverse the direction of text.
# And the stand-ins Python reads a file name's bytes that are not UTF-8 as (`os.fsdecode`: byte 0xff is
# U+DCFF): no terminal or file encodes them, so printing one stopped the command; shown as the byte.
_UNDECODED = range(0xDC80, 0xDD00)
_UNSHOWN = {
    *range(0x00, 0x20),
    *range(0x7F, 0xA0),
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
    *_UNDECODED,
}
_SHOWN_AS = {
    code: f"\\x{code - 0xDC00:02x}"
    if code in _UNDECODED
    else f"\\x{code:02x}"
    if code < 0x100
    else f"\\u{code:04x}"
    for code in _UNSHOWN
}


def printable(text: str) -> str:
    """`text` with every character a terminal would act on written as an escape (`\\x1b`): a name or a
    key read from a file someone else wrote can then neither erase nor fake a line of the output."""
    return text.translate(_SHOWN_AS)


def printable_lines(text: str) -> str:
    """`text` of several lines (a report) as `printable` writes each line: its line breaks kept, every other
    character a terminal acts on escaped (a rule file's string in it can neither erase nor fake a line)."""
    return "\n".join(printable(line) for line in text.split("\n"))


# The same characters as JSON writes them escaped (they only ever stand in its strings): still JSON.
_JSON_SHOWN_AS = {code: f"\\u{code:04x}" for code in _UNSHOWN if code not in (0x0A,)}


def printable_json(text: str) -> str:
    """JSON text (as `json.dumps` writes it, one line or indented) with every character a terminal acts
    on written as a JSON escape (`\\u009b`): it reads back as the same value."""
    return text.translate(_JSON_SHOWN_AS)


def clip(text: str, limit: int = MESSAGE_CHARS) -> str:
    """`text` on one line, cut to `limit` characters (an ellipsis says it was cut)."""
    if "\n" in text or "\r" in text:
        text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show(value: Any, limit: int = ECHO_CHARS, scalar: Callable[[Any, int], str] | None = None) -> str:
    """A value as `repr` writes it, but never more than `limit` characters and never deeper than needed
    for them: safe on a nested, shared or huge value (a 4,000-digit number, a list of a million items).
    `scalar(item, limit)`: how a single value (no map, list or tuple) is written instead of by `repr`;
    a tuple is then written as a list (as YAML and JSON write one)."""
    out: list[str] = []
    size = 0
    # A stack of pieces still to write: a string is written as is, a value is expanded.
    stack: list[tuple[bool, Any]] = [(False, value)]
    while stack and size <= limit:
        literal, item = stack.pop()
        parts = None if literal else _parts(item, limit, tuple_brackets=scalar is None)
        if parts is not None:
            stack.extend(reversed(parts))
            continue
        if literal:
            piece = str(item)
        elif scalar is not None:
            piece = scalar(item, limit)
        elif isinstance(item, int) and not isinstance(item, bool):
            piece = _int_text(item, limit)
        elif isinstance(item, str):
            piece = repr(item[: limit + 1])
        else:
            piece = repr(item)
        out.append(piece)
        size += len(piece)
    text = "".join(out)
    if stack or size > limit:
        return text[: limit - 1] + "…"
    return text


def _parts(item: Any, limit: int, tuple_brackets: bool) -> list[tuple[bool, Any]] | None:
    """A map, a list or a tuple as the pieces that write it (at most `limit` items of it: no more could
    be shown); None for a single value."""
    if isinstance(item, dict):
        parts: list[tuple[bool, Any]] = [(True, "{")]
        for i, (k, v) in enumerate(item.items()):
            parts += [(True, ", ")] * bool(i) + [(False, k), (True, ": "), (False, v)]
            if i > limit:
                break
        return [*parts, (True, "}")]
    if isinstance(item, (list, tuple)):
        open_, close = ("(", ")") if tuple_brackets and isinstance(item, tuple) else ("[", "]")
        parts = [(True, open_)]
        for i, v in enumerate(item):
            parts += [(True, ", ")] * bool(i) + [(False, v)]
            if i > limit:
                break
        return [*parts, (True, close)]
    return None


def _int_text(number: int, limit: int) -> str:
    """A number's digits, or how many there are when they would not fit (str() of a number over 4,300
    digits raises ValueError)."""
    if number.bit_length() <= 3.3 * (limit + 1):
        return str(number)
    return f"<a number of about {int(number.bit_length() * 0.30103) + 1} digits>"


def too_many_digits(text: str) -> bool:
    """Whether `text` (a whole number as typed or written) has more digits than any count we read."""
    return len(text.lstrip("+-").lstrip("0")) > MAX_INT_DIGITS


def whole_number(text: str) -> int | None:
    """`text` (digits, perhaps signed) as a number, or None when it has more than MAX_INT_DIGITS digits
    (leading zeros aside: Python's int() refuses any text over 4,300 characters, zeros too)."""
    sign = "-" if text.startswith("-") else ""
    digits = text.lstrip("+-").lstrip("0") or "0"
    return None if len(digits) > MAX_INT_DIGITS else int(sign + digits)


def _json_int(text: str) -> int:
    if too_many_digits(text):
        digits = len(text.lstrip("+-"))
        raise InputRefused(f"a number of {digits} digits (at most {MAX_INT_DIGITS} are read)")
    return int(text)


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InputRefused(f"the key {clip(repr(key), ECHO_CHARS)} is given twice in one object")
            seen.add(key)
    return value


def _json_constant(name: str) -> float:
    raise InputRefused(f"{name} is not a JSON number")


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text as Python values, or InputRefused (one line) for text that is not JSON, numbers of more
    than MAX_INT_DIGITS digits, NaN/Infinity, a key given twice in one object, or nesting deeper than
    `max_depth`."""
    try:
        value = json.loads(
            text, parse_int=_json_int, parse_constant=_json_constant, object_pairs_hook=_json_object
        )
    except InputRefused:
        raise
    except json.JSONDecodeError as err:
        # (some of json's messages end in "at" themselves: "Unterminated string starting at")
        what = err.msg.removesuffix(" at")
        raise InputRefused(f"{what} at line {err.lineno}, column {err.colno}", syntax=True) from None
    except RecursionError:
        raise InputRefused(f"nested more than {max_depth} levels deep") from None
    except ValueError as err:  # a float Python cannot read, etc.
        raise InputRefused(clip(str(err), 120), syntax=True) from None
    check_depth(value, max_depth)
    return value


def check_depth(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """InputRefused when lists and maps nest deeper than `max_depth` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= max_depth:
            raise InputRefused(f"nested more than {max_depth} levels deep")
        stack.extend((child, depth + 1) for child in children)


# ---------------------------------------------------------------------- YAML
def parse_yaml(text: str, max_nodes: int = MAX_YAML_NODES, max_depth: int = MAX_DEPTH) -> Any:
    """A YAML document (YAML 1.1, as the scenario files have always been read) as Python values, or
    InputRefused with the line and column: not YAML, a key given twice in one map, more than `max_nodes`
    values once aliases are expanded, nesting deeper than `max_depth`, a number of more than
    MAX_INT_DIGITS digits."""
    from ruamel.yaml import YAML
    from ruamel.yaml.constructor import DuplicateKeyError
    from ruamel.yaml.docinfo import DocInfo, version
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    _check_flow_depth(text, max_depth)
    reader = YAML(typ="safe", pure=True)
    reader.version = (1, 1)
    # (what YAML.load does before reading: a `%YAML` or `%TAG` directive is noted in the document's
    # entry, and without one the scanner failed with an IndexError)
    reader.doc_infos.append(DocInfo(requested_version=version(reader.version)))
    reader.tags = {}
    parser = None
    node: Any = None
    try:
        constructor, parser = reader.get_constructor_parser(text)  # reads the text: may refuse a character
        node = constructor.composer.get_single_node()
        if node is None:
            return None
        _check_yaml_nodes(node, max_nodes, max_depth)
        with warnings.catch_warnings():
            # (ruamel warns, in many lines naming its own source, of a YAML 1.1 float with no dot: `1e3`;
            # the value is read all the same, and the caller says what it thinks of a float)
            warnings.simplefilter("ignore")
            return constructor.construct_document(node)
    except InputRefused:
        raise
    except DuplicateKeyError as err:
        raise _duplicate_refused(err) from None
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = err.problem or err.context or "not valid YAML"
        fix = _yaml_fix(str(err.problem or ""), str(err.context or ""), err.context_mark)
        raise InputRefused(f"{_at(mark)}not valid YAML: {clip(str(problem), 160)}{fix}") from None
    except ReaderError as err:
        # (the reader's own words name "<unicode string>" and an offset in it: the line and column say it)
        line = text.count("\n", 0, err.position) + 1
        column = err.position - text.rfind("\n", 0, err.position)
        raise InputRefused(
            f"line {line}, column {column}: not valid YAML: the character {_code_point(err.character)} "
            "is not allowed in a YAML file"
        ) from None
    except YAMLError as err:
        raise InputRefused(f"not valid YAML: {clip(str(err), 160)}") from None
    except RecursionError:
        raise InputRefused(f"nested more than {max_depth} levels deep") from None
    except ValueError as err:  # a value the constructor cannot build (a date like 2001-02-30)
        at = _unbuilt_date(constructor, node) if parser is not None and node is not None else None
        where = _at(at.start_mark) if at is not None else ""
        raise InputRefused(f"{where}not valid YAML: {clip(str(err), 160)}") from None
    finally:
        if parser is not None:
            parser.dispose()
        for part in ("reader", "scanner"):
            reset = getattr(getattr(reader, "_" + part, None), f"reset_{part}", None)
            if reset is not None:
                reset()


def _duplicate_refused(err: Any) -> InputRefused:
    """A key given twice in one map (ruamel's DuplicateKeyError), said at its line and column."""
    if str(err.problem).startswith("found duplicate merge key"):  # (no key in ruamel's words to name)
        return InputRefused(
            f"{_at(err.problem_mark)}the merge key << is given twice in one map: merge several maps "
            "with one, <<: [*first, *second]"
        )
    key = _duplicate_key(str(err.problem))
    return InputRefused(f"{_at(err.problem_mark)}the key {key} is given twice in one map")


def _check_flow_depth(text: str, max_depth: int) -> None:
    """Refuse `[[[[...` or `{a: {a: ...` nested far deeper than `max_depth` before the YAML scanner sees it:
    its time grows with the square of the nesting. Brackets inside quoted strings and comments do not count;
    the limit is four times `max_depth` so that brackets inside a plain word (`a[b`) never matter."""
    depth = 0
    quote = ""
    comment = escaped = False
    previous = "\n"
    for char in text:
        if comment:
            comment = char != "\n"
        elif quote:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "'\"" and previous in " \t\n[{,:?-":  # a quote opens a scalar, not inside a word
            quote = char
        elif char == "#" and previous in " \t\n":
            comment = True
        elif char in "[{":
            depth += 1
            if depth > 4 * max_depth:
                raise InputRefused(f"nested more than {max_depth} levels deep")
        elif char in "]}":
            depth = max(0, depth - 1)
        previous = char


def _yaml_fix(problem: str, context: str, opened: Any) -> str:
    """What usually causes the YAML error the reader gave (its `problem` and `context`, and the mark of
    where the unfinished part began), and how to mend it: " (…)", or "" for an error without a usual
    cause. The reader's words name the symptom, never the typing slip behind it."""
    since = f" at line {opened.line + 1}, column {opened.column + 1}" if opened is not None else ""
    cannot_start = re.match(r"found character '(.+)' that cannot start any token", problem)
    if cannot_start and cannot_start.group(1) == "\\t":
        fix = "a tab: YAML indents and separates with spaces only; put spaces where the tab is"
    elif cannot_start:
        char = cannot_start.group(1)
        fix = f"a plain value cannot begin with {char}: put the value in quotes ('{char}…')"
    elif problem.startswith(("expected ',' or '}'", "expected ',' or ']'")):
        close = "}" if "'}'" in problem else "]"
        fix = (
            f"the {'{' if close == '}' else '['} opened{since} is not closed: a {close} is missing, or a "
            "comma between two of its items"
        )
    elif problem == "found unexpected end of stream" and "quoted scalar" in context:
        fix = f"the quote opened{since} is never closed: add the closing quote"
    elif problem == "could not find expected ':'":
        fix = (
            f"the key{since} is not followed by a colon and a space: write a space after the colon "
            "(`setup: empty`), or quote a value that goes on to the next line"
        )
    elif problem == "mapping values are not allowed here":
        fix = (
            "a colon and a space where no key can start: quote a value that holds ': ' "
            "(`name: 'a: b'`), or indent this line as the keys above it"
        )
    elif problem.startswith("expected <block end>, but found '}'") or problem.startswith(
        "expected <block end>, but found ']'"
    ):
        fix = f"a {problem[-2]} that closes nothing: remove it, or add the bracket that opens it"
    elif problem == "expected <block end>, but found '<scalar>'":
        fix = "more text after a quoted value: put the whole value in quotes"
    elif problem.startswith("expected <block end>"):
        fix = (
            "this line is indented as no part above it: the keys of one map, and the dashes of one list, "
            "start at the same column"
        )
    elif problem.startswith("found undefined alias"):
        fix = "an alias (*name) with no anchor (&name) before it: quote a value that begins with *"
    elif problem.startswith("found unknown escape character"):
        fix = 'a backslash in "…" begins an escape: write it twice (\\\\), or use single quotes'
    elif problem.startswith("expected chomping or indentation indicators"):
        fix = "a value that begins with | or > is a block of text: quote it"
    else:
        return ""
    return f" ({fix})"


def _code_point(character: Any) -> str:
    """A character as U+XXXX (the reader reports a code point or the character itself)."""
    point = character if isinstance(character, int) else ord(str(character)[:1] or "\0")
    return f"U+{point:04X}"


def _at(mark: Any) -> str:
    if mark is None:
        return ""
    return f"line {mark.line + 1}, column {mark.column + 1}: "


def _duplicate_key(problem: str) -> str:
    # ruamel says: found duplicate key "KEY" with value "..." (original value: "...")
    head = problem.removeprefix("found duplicate key ")
    key, sep, _ = head.partition(" with value ")
    return clip(key, ECHO_CHARS) if sep else "(a key)"


_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_INT_TAG = "tag:yaml.org,2002:int"


def _unbuilt_date(constructor: Any, root: Any) -> Any:
    """The first value read as a date (YAML 1.1's timestamp: `2001-02-30`) that is no date, or None."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode

    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, ScalarNode):
            if node.tag == _TIMESTAMP_TAG:
                try:
                    constructor.construct_yaml_timestamp(node)
                except ValueError:
                    return node
            continue
        if isinstance(node, MappingNode):
            stack.extend(part for pair in reversed(node.value) for part in reversed(pair))
        else:
            stack.extend(reversed(node.value))
    return None


def _check_yaml_nodes(root: Any, max_nodes: int, max_depth: int) -> None:
    """Walk the composed document as the values it stands for (an alias counts as the whole value it
    repeats), refusing past `max_nodes` values or `max_depth` levels; numbers too long to read."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    count = 0
    stack: list[tuple[Any, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > max_nodes:
            raise InputRefused(
                f"{_at(node.start_mark)}more than {max_nodes} values once its aliases (*name) are "
                "expanded: a scenario is never that big"
            )
        if isinstance(node, ScalarNode):
            if node.tag == _INT_TAG and too_many_digits(str(node.value).replace("_", "")):
                raise InputRefused(
                    f"{_at(node.start_mark)}a number of {len(node.value)} digits "
                    f"(at most {MAX_INT_DIGITS} are read)"
                )
            continue
        if depth >= max_depth:
            raise InputRefused(f"{_at(node.start_mark)}nested more than {max_depth} levels deep")
        if isinstance(node, MappingNode):
            for key, value in node.value:
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))
        elif isinstance(node, SequenceNode):
            stack.extend((item, depth + 1) for item in node.value)


def ascii_digits(text: str) -> bool:
    """Whether the text is a whole number written in the digits 0-9 alone (`str.isdigit` also takes ²
    and other digits that `int` refuses)."""
    return text.isascii() and text.isdigit()


# ---------------------------------------------------------------------- numbers of the rules
# A seed is a number below 2**64 either way (`twilight play --seed`, a save and a scenario take no other).
SEED_LIMIT = 2**64
# The largest whole number a rule may write or hold: the IR is JSON, and past 2**53 - 1 not every reader
# of JSON (a browser's) keeps an integer exact. The compiler refuses a literal past it; the runtime, a
# value worked out past it (runtime/backend/codegen.bounded_number).
MAX_RULE_INT = 2**53 - 1


# ---------------------------------------------------------------------- paths
# The longest name of one file or folder, and of a whole path, this program looks up: the limits of
# Linux's file systems (NAME_MAX, PATH_MAX). pathlib's `is_dir`, `exists` and the like raise for a name
# over them rather than answer no, so a name typed that long is told apart before any look-up.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4095


def could_be_path(text: str) -> bool:
    """Whether `text` could name a file or folder at all: no NUL, no part longer than MAX_NAME_BYTES and
    no more than MAX_PATH_BYTES in all (in the file system's encoding)."""
    try:
        raw = os.fsencode(text)
    except (UnicodeError, TypeError):
        return False
    return (
        b"\0" not in raw
        and len(raw) <= MAX_PATH_BYTES
        and all(len(p) <= MAX_NAME_BYTES for p in raw.split(b"/"))
    )
