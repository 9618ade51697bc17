"""`twilight i18n sync`: copy each English message a language lacks into that language's file, marked for
translation, and change nothing else in the file.

A missing message goes to the file of the same name as the English file that holds it, in the same
locale folder (a ruleset's, or the game's own cli/locales), right after the nearest message above it in
the English file that the translation already has (or before the nearest one below it; at the end of
the file when the file has neither), so the translation keeps the English order. The copy is the English
message with its comment, under a line `# TODO(translate): …`; `twilight i18n status` counts it as
missing until the line is gone. The file is edited by inserting text: every existing byte stays as it
was, and a second run adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from twilight.cli.i18n.sources import TODO_MARK, FtlMessage, Translation, parse_messages, source_text

TODO_LINE = f"# {TODO_MARK}: copied from English by twilight i18n sync; translate it, then delete this line\n"


@dataclass(frozen=True)
class Addition:
    """English messages to copy into one translation file, in the English file's order."""

    path: Path
    english_file: Path
    messages: list[FtlMessage]


def plan(translation: Translation) -> list[Addition]:
    """What sync would add for this chain and language, file by file."""
    by_file: dict[Path, list[FtlMessage]] = {}
    for state in translation.states():
        if state.state == "missing" and state.translation is None:
            english = state.english
            target = english.path.parent.parent / translation.lang / english.path.name
            by_file.setdefault(target, []).append(english)
    return [Addition(path, found[0].path, found) for path, found in sorted(by_file.items())]


def placeholder(english: FtlMessage) -> str:
    text = source_text(english)
    return TODO_LINE + (text if text.endswith("\n") else text + "\n")


def inserted(
    text: str, existing: list[FtlMessage], english_order: list[str], additions: list[FtlMessage]
) -> str:
    """`text` (a translation file whose messages are `existing`) with a placeholder for each of
    `additions`, placed by the order of the English file (`english_order`: its message ids)."""
    have = {m.id: m for m in existing}
    position = {msg_id: i for i, msg_id in enumerate(english_order)}
    chunks: dict[int, list[tuple[int, str]]] = {}
    for english in additions:
        index = position[english.id]
        before = next((have[i] for i in reversed(english_order[:index]) if i in have), None)
        after = next((have[i] for i in english_order[index + 1 :] if i in have), None)
        if before is not None:
            # A blank line after the neighbour means the file spaces its messages: keep that.
            spaced = text[before.end : before.end + 1] == "\n"
            offset, chunk = before.end, ("\n" if spaced else "") + placeholder(english)
        elif after is not None:
            spaced = text[: after.start].endswith("\n\n")
            offset, chunk = after.start, placeholder(english) + ("\n" if spaced else "")
        else:
            offset = len(text)
            lead = "" if (not text or text.endswith("\n\n")) and offset not in chunks else "\n"
            chunk = lead + placeholder(english)
        chunks.setdefault(offset, []).append((index, chunk))
    out = text
    for offset in sorted(chunks, reverse=True):
        block = "".join(chunk for _, chunk in sorted(chunks[offset]))
        if offset and not out[:offset].endswith("\n"):
            block = "\n" + block  # a last line without its newline
        out = out[:offset] + block + out[offset:]
    return out


def apply(addition: Addition) -> str:
    """The new text of the translation file of `addition`."""
    path = addition.path
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    existing = parse_messages(path) if path.is_file() else []
    english_order = [m.id for m in parse_messages(addition.english_file)]
    return inserted(text, existing, english_order, addition.messages)
