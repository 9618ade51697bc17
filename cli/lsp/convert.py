"""The compiler's positions and diagnostics in the protocol's terms.

The compiler counts lines and columns from 1, in characters; the protocol from 0, in the units the client
asked for (UTF-16 unless it said otherwise), so every column is converted on the line's own text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec
from twilight.compiler.diagnostics import Diagnostic, Pos, Severity

# A note that names a place: "the first is declared at rules/standard/map/europe.tsr:12:9" (Pos's text).
NOTE_PLACE = re.compile(r"(?P<file>\S+?\.tsr):(?P<line>[0-9]+):(?P<col>[0-9]+)")

SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
}


def client_position(lines: list[str], line: int, col: int, codec: PositionCodec) -> types.Position:
    """The compiler's 1-based line and character column as a protocol position, within `lines`: a place
    past the text's end (names kept from an earlier, longer text of a file that does not parse now)
    is its end, as the protocol wants every position to be in the document."""
    if lines and line > len(lines):
        line, col = len(lines), len(lines[-1]) + 1
    return codec.position_to_client_units(
        lines, types.Position(line=max(line - 1, 0), character=max(col - 1, 0))
    )


def client_range(pos: Pos, lines: list[str], codec: PositionCodec) -> types.Range:
    start = client_position(lines, pos.line, pos.col, codec)
    if pos.end_line is None or pos.end_col is None:
        end = client_position(lines, pos.line, pos.col + 1, codec)
    else:
        end = client_position(lines, pos.end_line, pos.end_col, codec)
    return types.Range(start=start, end=end)


def server_position(lines: list[str], position: types.Position, codec: PositionCodec) -> tuple[int, int]:
    """A protocol position as the compiler's (line, column), both from 1, the column in characters."""
    found = codec.position_from_client_units(lines, position)
    return found.line + 1, found.character + 1


# Where a line ends, for the protocol and for the compiler alike (a lone CR too: compiler/loader.py
# `rule_text`); nowhere else (Python's str.splitlines() also ends one at a form feed or U+2028).
LINE_END_PATTERN = r"\r\n|\r|\n"
LINE_END = re.compile(LINE_END_PATTERN)
# A line with its end, for the editing of a document (pygls applies a change to lines that keep them).
LINE_WITH_END = re.compile(rf"[^\r\n]*(?:{LINE_END_PATTERN})|[^\r\n]+$")


def document_lines(text: str) -> list[str]:
    """A document's lines, without their ends, as the protocol counts them."""
    return LINE_END.split(text)


def lines_with_ends(text: str) -> tuple[str, ...]:
    """A document's lines, each with its end (the last one's, if the text ends in one), as the protocol
    counts them."""
    return tuple(LINE_WITH_END.findall(text))


def whole_text_range(text: str, codec: PositionCodec) -> types.Range:
    """The range of a whole document, for an edit that replaces it."""
    lines = document_lines(text)
    end = codec.position_to_client_units(lines, types.Position(line=len(lines) - 1, character=len(lines[-1])))
    return types.Range(start=types.Position(line=0, character=0), end=end)


def lsp_diagnostic(
    diag: Diagnostic,
    lines_of: Callable[[str], list[str]],
    uri_of: Callable[[str], str],
    absolute: Callable[[str], str],
    codec: PositionCodec,
) -> types.Diagnostic:
    """One diagnostic: its code, its message with the help and notes below it (as `twilight check`
    prints them), and each note that names a place as related information there."""
    message = diag.message
    if diag.help:
        message += f"\nhelp: {diag.help}"
    related: list[types.DiagnosticRelatedInformation] = []
    for note in diag.notes:
        message += f"\nnote: {note}"
        place = NOTE_PLACE.search(note)
        if place is not None:
            path = absolute(place["file"])
            line, col = int(place["line"]), int(place["col"])
            start = client_position(lines_of(path), line, col, codec)
            location = types.Location(uri=uri_of(path), range=types.Range(start=start, end=start))
            related.append(types.DiagnosticRelatedInformation(location=location, message=note))
    if diag.pos is not None:
        where = client_range(diag.pos, lines_of(absolute(diag.pos.file)), codec)
    else:
        where = types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
        )
    return types.Diagnostic(
        range=where,
        message=message,
        severity=SEVERITIES.get(diag.severity, types.DiagnosticSeverity.Error),
        code=diag.code,
        source="twilight",
        related_information=related or None,
    )
