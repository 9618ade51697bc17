"""The Fluent messages a rule file names by a word of its own, not by a declaration: the question a
choice asks the player (`choose … as NAME`, `decide NAME`: `decision-NAME`) and what the player is told
when a `forbid … code NAME` refuses a move (`refusal-NAME`). A hover shows each language's message as
its .ftl file writes it; go to definition leads there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from twilight.cli.localizer import ENTRY_START, FluentFileError, locale_files, read_fluent
from twilight.cli.lsp.describe import LANGUAGES
from twilight.compiler import ast
from twilight.compiler.diagnostics import Pos

# (node class, field) of an identifier that names a message -> the message id it names.
MESSAGE_IDS: dict[tuple[type, str], str] = {
    (ast.Choose, "decision"): "decision-{}",
    (ast.Decide, "decision"): "decision-{}",
    (ast.Forbid, "code"): "refusal-{}",
}
# How many lines of a message a hover shows (a long one is cut: go to definition shows it all).
MAX_SHOWN_LINES = 12


@dataclass(frozen=True)
class Written:
    """One message as a .ftl file writes it."""

    language: str  # as LANGUAGES names it ("English")
    path: Path
    line: int  # 0-based, of the message's id
    source: str  # its lines, without the comments and blank lines after it


def message_at(decls: list[ast.Decl], line: int, col: int) -> tuple[str, Pos] | None:
    """The message id named by the word at `line`:`col` (1-based) of a file's declarations, and the
    word's place; None where no such word is."""
    for node, name, value in ast.node_fields(decls):
        pattern = MESSAGE_IDS.get((type(node), name))
        if pattern is not None and isinstance(value, ast.Ident) and _contains(value.pos, line, col):
            return pattern.format(value.name), value.pos
    return None


def _contains(pos: Pos, line: int, col: int) -> bool:
    end_col = pos.end_col if pos.end_col is not None else pos.col + len("x")
    return pos.line == line and pos.col <= col <= end_col


def written(msg_id: str, folders: list[Path]) -> list[Written]:
    """The message in each language of LANGUAGES that has it, as the last .ftl file to write it does
    (a variant's file over its base's, as the game reads them). A file that cannot be read is passed by."""
    found: list[Written] = []
    for code, language in LANGUAGES:
        last: Written | None = None
        for path in locale_files(folders, code):
            try:
                text = read_fluent(path)
            except (FluentFileError, OSError):  # (FluentFileUnreadable is one)
                continue
            starts = list(ENTRY_START.finditer(text))
            for index, start in enumerate(starts):
                if start.group(1) != msg_id:
                    continue
                end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
                lines = text[start.start() : end].split("\n")
                while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
                    lines.pop()
                last = Written(language, path, text.count("\n", 0, start.start()), "\n".join(lines))
        if last is not None:
            found.append(last)
    return found


def hover_text(msg_id: str, found: list[Written]) -> str:
    """Markdown: what the id is, then each language's message as written, and where (the path as
    diagnostics show one: from the working directory when it is below it)."""
    asked = msg_id.startswith("decision-")
    what = "the question the player is asked" if asked else "what a refused move says"
    lines = [f"message `{msg_id}`: {what}"]
    for each in found:
        source = each.source.split("\n")
        cut = source[:MAX_SHOWN_LINES] + (["…"] if len(source) > MAX_SHOWN_LINES else [])
        place = _shown(each.path)
        lines.append(f"{each.language}, `{place}:{each.line + 1}`:\n```fluent\n" + "\n".join(cut) + "\n```")
    if not found:
        lines.append("_no Fluent file of the ruleset writes it_")
    return "\n\n".join(lines)


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
