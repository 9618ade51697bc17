"""Diagnostics: positioned errors and warnings with stable codes, rendered with a caret.

Every problem the compiler finds becomes a `Diagnostic`; nothing is raised to the user. The table of
codes below is the single documented list (`docs/diagnostics.md` is generated from it by
`twilight codes --markdown`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from twilight.common.input_bounds import printable


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Pos:
    """A span in a source file; lines and columns count from 1."""

    file: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


# code -> (severity, title, what to do about it)
CODES: dict[str, tuple[Severity, str, str]] = {
    # E0xx: files and rulesets
    "E001": (Severity.ERROR, "cannot read file", "Check that the file exists and is UTF-8 text."),
    "E002": (Severity.ERROR, "unknown ruleset", "Run `twilight rulesets` to list the known rulesets."),
    "E003": (
        Severity.ERROR,
        "bad ruleset manifest",
        "Each ruleset folder holds one ruleset.tsr with a `ruleset` block.",
    ),
    "E004": (Severity.ERROR, "extends cycle", "A ruleset may not extend itself, directly or through others."),
    "E005": (Severity.ERROR, "ruleset has no rule files", "Put .tsr files in the ruleset folder."),
    "E006": (
        Severity.ERROR,
        "extends names a path",
        "`extends` takes a ruleset's name (a folder beside this one or an installed ruleset), not a path.",
    ),
    "E007": (
        Severity.ERROR,
        "rule file too large",
        "A rule file holds at most 256 KiB, a ruleset with its parents 1 MiB and 200,000 parts (names,"
        " numbers, signs) in all.",
    ),
    # E1xx: syntax
    "E101": (Severity.ERROR, "syntax error: unexpected token", "Compare with the expected tokens listed."),
    "E102": (
        Severity.ERROR,
        "syntax error: unexpected character",
        "Identifiers are ASCII letters, digits and _.",
    ),
    "E103": (Severity.ERROR, "syntax error: unexpected end of file", "A block or declaration is not closed."),
    "E104": (Severity.ERROR, "unknown name", "Check the spelling, or declare the name."),
    "E105": (Severity.ERROR, "identifier must be lowercase", "Write ids in lowercase snake_case."),
    "E106": (Severity.ERROR, "input nests too deeply", "Split the expression or block into smaller parts."),
    "E107": (
        Severity.ERROR,
        "declaration or file too large",
        "Split it: a long expression into functions, a long list into several declarations, a file of"
        " more than 50,000 parts into several files.",
    ),
    "E108": (
        Severity.ERROR,
        "syntax error: block never closed",
        "Add the `}` of the block the caret shows, where the help line says.",
    ),
    "E109": (
        Severity.ERROR,
        "syntax error: unmatched closing bracket",
        "Remove the bracket, or add the opening one it was meant to close.",
    ),
    # E2xx: declarations
    "E201": (
        Severity.ERROR,
        "duplicate declaration",
        "Rename one, or write `override` to replace an inherited one.",
    ),
    "E202": (
        Severity.ERROR,
        "override of nothing",
        "`override` replaces a declaration from an extended ruleset.",
    ),
    "E203": (Severity.ERROR, "name used for two kinds of things", "Ids share one namespace in expressions."),
    "E204": (Severity.ERROR, "missing required clause", "Add the clause the declaration needs."),
    "E205": (Severity.ERROR, "clause given twice", "Keep one of them."),
    "E206": (Severity.ERROR, "value out of range", "See the allowed range in the message."),
    "E207": (
        Severity.ERROR,
        "bad annotation",
        'Write source "<seed file> · <section>" or provisional "P<n>: <why>".',
    ),
    "E208": (Severity.ERROR, "remove of nothing", "`remove KIND NAME` removes an inherited declaration."),
    "E209": (Severity.ERROR, "wrong kind of name", "The clause needs a name of another kind."),
    "E210": (
        Severity.ERROR,
        "int setting's bounds out of order, or its default outside them",
        "Write `int from LOW to HIGH` with LOW at most HIGH, and a default from LOW to HIGH (both included).",
    ),
    "E221": (Severity.ERROR, "patch of nothing", "`patch KIND NAME` changes a declaration in force."),
    "E222": (
        Severity.ERROR,
        "stale patch: anchor not found",
        "The option, row, line, phase or step the patch names is gone: follow the parent's new names.",
    ),
    "E223": (Severity.ERROR, "stale patch: no such column", "Name one of the table's columns."),
    "E224": (
        Severity.ERROR,
        "patch of what cannot be patched",
        "Patch options, rows, cells, appendix lines, phases, steps or a default; `override` the rest.",
    ),
    "E225": (
        Severity.ERROR,
        "patch inserts a name already there",
        "Replace the item, or rename the new one.",
    ),
    "E226": (
        Severity.ERROR,
        "patch drops a block",
        "A patched appendix line replaces the parent's whole line: write its `resolve { … }` in the patch to "
        'keep it. A line cannot say "no block" (`resolve {}` is a block that does nothing), so to drop '
        "the block on purpose `override` the appendix entry.",
    ),
    "E227": (
        Severity.ERROR,
        "a card cannot be patched",
        "A card is replaced whole: write `override card N name { … }` with every clause of the card (its ops,"
        " side, period, event), changed where the variant changes it.",
    ),
    # E3xx: the map
    "E301": (Severity.ERROR, "adjacency is not symmetric", "List the link on both countries."),
    "E302": (
        Severity.ERROR,
        "subregion not in the country's region",
        "Declare the subregion inside that region.",
    ),
    "E303": (Severity.ERROR, "country adjacent to itself", "Remove the self-link."),
    "E304": (
        Severity.ERROR,
        "layout names something not on the map",
        "`place` takes a country or a superpower, `label` a region or subregion of the ruleset.",
    ),
    "E305": (
        Severity.ERROR,
        "country without a place in the layout",
        "Give every country of the map a cell: `place COUNTRY at COLUMN, ROW` (in the layout or a patch).",
    ),
    "E306": (
        Severity.ERROR,
        "two boxes in one cell of the layout",
        "Each country and superpower takes a cell of its own: move one of them.",
    ),
    "E307": (
        Severity.ERROR,
        "more than one layout",
        "A ruleset draws one map: `override` (or `patch`) the inherited layout instead of declaring another.",
    ),
    # E4xx: cards, appendix, tables, priorities, sequence
    "E401": (Severity.ERROR, "card number already used", "Card numbers are unique."),
    "E402": (Severity.ERROR, "appendix entry does not match its card", "Use the card's number and id."),
    "E403": (Severity.ERROR, "table row has the wrong number of cells", "One cell per column."),
    "E404": (Severity.ERROR, "table total does not add up", "Fix a cell or the stated total."),
    "E405": (Severity.ERROR, "die columns must cover each face once", 'Columns like "6-5-4" "3" "2" "1".'),
    "E406": (Severity.ERROR, "priority options out of order", "Number options 0, 1, 2 … in order."),
    "E407": (
        Severity.ERROR,
        "ruleset needs exactly one sequence",
        "Declare one `sequence` (or override it).",
    ),
    "E408": (Severity.ERROR, "order lists an item twice", "Each item once."),
    "E409": (Severity.ERROR, "scoring card with operations", "Scoring cards have ops 0."),
    "E410": (Severity.ERROR, "enables/prevents its own card", "Name another card."),
    # E5xx: types and calls
    "E501": (Severity.ERROR, "unknown function", "See `twilight primitives` for what exists."),
    "E502": (Severity.ERROR, "wrong number of arguments", "Match the signature shown."),
    "E503": (Severity.ERROR, "type mismatch", "The value has another type than the place needs."),
    "E504": (Severity.ERROR, "unknown trigger, action or modifier", "See the list of names that fit here."),
    "E505": (Severity.ERROR, "value of a call is unused", "Use it in `let`, or call an effect."),
    "E506": (Severity.ERROR, "effect used as a value", "Effects change the game; they have no value."),
    "E507": (Severity.ERROR, "`set` of an undeclared variable", "Declare it first with `let`."),
    "E508": (Severity.ERROR, "unknown setting value", "Use one of the values the setting declares."),
    "E509": (Severity.ERROR, "stop outside a loop", "`stop` leaves the innermost loop."),
    "E510": (Severity.ERROR, "function calls itself", "A function's value may not depend on itself."),
    "E511": (
        Severity.ERROR,
        "procedure runs itself",
        "Repeat with `while` or `repeat`: a procedure may not run itself, directly or through others.",
    ),
    "E512": (
        Severity.ERROR,
        "value may be none here",
        "Check it first (`if x != none { … }`, `x != none and …`), or give the empty case a value "
        "(`if x == none then … else …`).",
    ),
    # E45x: scenario moments
    "E450": (
        Severity.ERROR,
        "`phases` names no phase of the sequence",
        "Name a phase or step of the sequence; `until` names a later one of the same block.",
    ),
    "E451": (Severity.ERROR, "`phases` outside a scenario moment", "Write `phases from …` in a `moment`."),
    "E452": (
        Severity.ERROR,
        "moment with parameters it cannot take",
        "A step moment takes at most one parameter, the step's value, not named like the runner's "
        "context (ai, human, round, turn_number); a setup moment takes none.",
    ),
    # E6xx: the runtime contract (what the runtime calls by name: compiler/contract.py)
    "E601": (
        Severity.ERROR,
        "declaration the runtime needs is missing",
        "Declare it with the types shown: a primitive the rules call, the engine or the solo AI calls it by "
        'that name (`twilight reference`, "What the runtime needs from a ruleset").',
    ),
    "E602": (
        Severity.ERROR,
        "declaration the runtime needs has other types",
        "Give it the parameters, value, columns or type the runtime calls it with, as shown.",
    ),
    "E603": (
        Severity.ERROR,
        "table does not fit the track it goes with",
        "The runtime reads some tables at a track's box, a row per box (the Space Race need: table "
        "`space_race` at track `space`, keyed `int` by the box): keep every row within the track's bounds "
        "and give each box above the lowest a row. A variant that changes the track changes the table too "
        "(`patch table space_race { remove row 8 }`, or `override` it).",
    ),
    # E9xx: the IR
    "E901": (
        Severity.ERROR,
        "IR does not validate against the schema",
        "This is a compiler bug or a schema drift.",
    ),
    "E902": (Severity.ERROR, "internal compiler error", "Please report it with the input that caused it."),
    # Wxxx: warnings
    "W001": (
        Severity.WARNING,
        "ruleset named otherwise than its folder",
        "Rename the folder or the ruleset so that the two agree: `extends`, `twilight check` and the IR "
        "know a ruleset by its folder's name.",
    ),
    "W201": (
        Severity.WARNING,
        "declaration without source or provisional mark",
        'Add source "…" or provisional "P<n>: …".',
    ),
    "W202": (Severity.WARNING, "unused local variable", "Remove it or use it."),
    "W401": (Severity.WARNING, "card has no event yet", "Write its event, or mark it `no_event`."),
    "W402": (
        Severity.WARNING,
        "card has no appendix entry",
        "Add its entry to the ruleset's card appendix: when the AI plays the event, and how it reacts.",
    ),
    "W301": (Severity.WARNING, "country has no adjacency", "Every country touches at least one other."),
    "W501": (
        Severity.WARNING,
        "repeat count over 1000",
        "No game needs as many: loop over what the count stands for, or `while` a condition holds.",
    ),
}


@dataclass
class Diagnostic:
    code: str
    message: str
    pos: Pos | None = None
    help: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def severity(self) -> Severity:
        return CODES[self.code][0]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "severity": self.severity.value, "message": self.message}
        if self.pos is not None:
            out.update(file=self.pos.file, line=self.pos.line, col=self.pos.col)
            if self.pos.end_line is not None:
                out.update(end_line=self.pos.end_line, end_col=self.pos.end_col)
        if self.help:
            out["help"] = self.help
        if self.notes:
            out["notes"] = list(self.notes)
        return out


# How many names a help lists before it says how many more there are.
LISTED_NAMES = 20


def listed(names: Iterable[str]) -> str:
    """Names for a help to list, in their order: the first LISTED_NAMES and how many more (a folder of
    a thousand rulesets made one help line of 9,000 characters)."""
    names = list(names)
    if not names:
        return "(none)"
    more = len(names) - LISTED_NAMES
    return ", ".join(names[:LISTED_NAMES]) + (f", … and {more} more" if more > 0 else "")


def suggest(word: str, candidates: Iterable[str]) -> str | None:
    """The closest known name, for "did you mean …?" hints."""
    matches = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.72)
    return matches[0] if matches else None


# A run of characters without a space longer than this, in a diagnostic's words, is a name or a string
# the rules wrote (an identifier of 200,000 letters once made a 400 KB warning): it is shown cut in the
# middle, its start and its end kept. No path the compiler shows comes near it.
LONGEST_WORD = 200
_LONG_WORD = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")


def shorten_words(text: str) -> str:
    """`text` with each run of more than LONGEST_WORD characters without a space cut in its middle."""
    if len(text) <= LONGEST_WORD:
        return text
    return _LONG_WORD.sub(lambda m: f"{m.group()[: LONGEST_WORD - 50]}…{m.group()[-20:]}", text)


class Sink:
    """Collects diagnostics for one run; keeps every error, not only the first."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self._seen: set[tuple[str, str, str]] = set()

    def add(
        self,
        code: str,
        message: str,
        pos: Pos | None = None,
        help: str | None = None,
        notes: Iterable[str] = (),
    ) -> None:
        message = shorten_words(message)
        help = None if help is None else shorten_words(help)
        key = (code, message, str(pos))
        if key in self._seen:
            return
        self._seen.add(key)
        self.items.append(Diagnostic(code, message, pos, help, [shorten_words(n) for n in notes]))

    def unknown(
        self,
        what: str,
        name: str,
        pos: Pos | None,
        known: Iterable[str],
        code: str = "E104",
        list_known: bool = False,
    ) -> None:
        """`unknown <what> '<name>'` with "did you mean …?", or what fits when nothing is close."""
        candidates = list(known)
        hint = suggest(name, candidates)
        if hint is not None:
            help_text: str | None = f"did you mean '{hint}'?"
        elif list_known and candidates:
            help_text = f"one of: {', '.join(sorted(candidates))}"
        else:
            help_text = None
        self.add(code, f"unknown {what} '{name}'", pos, help_text)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.WARNING]

    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)


def render(diag: Diagnostic, sources: dict[str, str]) -> str:
    """`path:line:col: error[CODE]: message`, the source line, a caret, then help and notes."""
    # (a file's name, a string the rules wrote and the source line are shown, never acted on by the
    # terminal: an escape sequence in a rule file someone shared could erase or fake lines of the report)
    head = printable(f"{diag.severity.value}[{diag.code}]: {diag.message}")
    lines = [f"{printable(str(diag.pos))}: {head}" if diag.pos else head]
    if diag.pos is not None:
        text = sources.get(diag.pos.file)
        if text is not None:
            src_lines = source_lines(text)
            if 1 <= diag.pos.line <= len(src_lines):
                line = src_lines[diag.pos.line - 1].replace("\t", " ")
                width = 1
                if diag.pos.end_line == diag.pos.line and diag.pos.end_col is not None:
                    width = max(1, diag.pos.end_col - diag.pos.col)
                gutter = f"{diag.pos.line:>4} | "
                shown, at, width = clip_line(line, diag.pos.col - 1, width)
                lines.append(gutter + pictured(shown))
                lines.append(" " * (len(gutter) + at) + "^" * width)
    if diag.help:
        lines.append(f"  help: {printable(diag.help)}")
    lines.extend(f"  note: {printable(n)}" for n in diag.notes)
    return "\n".join(lines)


def source_lines(text: str) -> list[str]:
    """A rule file's lines as the parser counts them: only LF ends one (`rule_text` has made a lone CR one;
    the CR of CRLF is dropped). Not `str.splitlines`, which also breaks at U+2028, NEL, a form feed…: a
    comment holding one once shifted every later line shown under a diagnostic by one."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def pictured(line: str) -> str:
    """A source line as a report shows it: each control character, C1 control or mark reversing the
    direction of text as one column that shows it, never acted on by the terminal."""
    return line.translate(_PICTURED)


# A control character in a source line shown under a diagnostic, as one column that shows it (ESC as ␛):
# the caret below still points at the right column.
_PICTURED = {
    **{code: 0x2400 + code for code in range(0x20)},
    0x7F: 0x2421,
    **dict.fromkeys([*range(0x80, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)], 0xFFFD),
}


# How much of a source line a diagnostic shows: a longer line is cut around the place it is about.
SHOWN_LINE = 100


def clip_line(line: str, at: int, width: int) -> tuple[str, int, int]:
    """(the part of `line` to show, where the caret starts in it, how wide it is): a line longer than
    SHOWN_LINE is shown from a little before `at`, cut with '…' on the side(s) left out."""
    if len(line) <= SHOWN_LINE:
        return line, at, width
    start = max(0, min(at - 20, len(line) - SHOWN_LINE))
    end = start + SHOWN_LINE
    shown = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
    return shown, at - start + (1 if start else 0), max(1, min(width, end - at))
