"""What a translation was made from: each message's English source, the translations' records of it, and
the state of every message of a ruleset in a language (translated, missing, stale, unknown).

A locale folder of a translation (`<folder>/locales/<lang>/`, for a ruleset and for the game's own words
in cli/locales) keeps a record, `source-en.json`, of the English each of its messages was translated from:
for each message id, a short hash of the English message (value and attributes, not its comments) and
that English text itself, so a translator sees what changed. `twilight i18n mark-translated` writes it;
`twilight i18n status` compares it with the English of today. The record is a plain, visible file next to
the .ftl files so that a translator can read it and review its changes like any other.

The English behind a translated message is the English a player of the ruleset would otherwise see: the
last definition along the ruleset's chain (the game's words, then each ruleset from the base up). A
translation belongs in the folder where that English message lives (or one above it): a translation in a
folder below, made for a base ruleset's English that a variant rewrote, counts as missing.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from fluent.syntax import FluentParser, FluentSerializer
from fluent.syntax import ast as fast
from twilight.cli.localizer import ALIAS_ATTRIBUTE, FALLBACK, locale_files, read_fluent

SNAPSHOT_NAME = "source-en.json"
# The comment `twilight i18n sync` puts above a message it copied from English for translation.
TODO_MARK = "TODO(translate)"
STATES = ("translated", "missing", "stale", "unknown")
SNAPSHOT_ABOUT = (
    "The English each message of this folder was translated from (twilight i18n mark-translated): "
    "id -> a hash of the English message and its text. twilight i18n status reports a message whose "
    "English changed since as stale."
)


@dataclass(frozen=True)
class FtlMessage:
    """One message of a Fluent file, with where its text lies in the file."""

    id: str
    path: Path
    layer: int  # the index of its folder in the chain (0: the game's own words)
    start: int  # offset of its first line (its comment's, when it has one)
    body_start: int  # offset of its id
    end: int  # offset after its last line, newline included
    line: int  # line of its id, from 1
    comment: str  # the comment attached to it ("" when none)
    canonical: str  # its value and attributes as Fluent writes them, comments left out
    # the same without its other names (`.also`): a language's own, no text to translate, so English
    # adding one leaves every translation of the message as current as it was
    translated_part: str = ""

    @property
    def placeholder(self) -> bool:
        """Copied from English by `twilight i18n sync`, not yet translated."""
        return self.comment.startswith(TODO_MARK)

    @property
    def source_hash(self) -> str:
        return text_hash(self.translated_part or self.canonical)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def parse_messages(path: Path, layer: int = 0) -> list[FtlMessage]:
    """The messages of one .ftl file, in file order (terms, comments and junk left out)."""
    source = read_fluent(path)
    serializer = FluentSerializer()
    out: list[FtlMessage] = []
    for entry in FluentParser(with_spans=True).parse(source).body:
        if not isinstance(entry, fast.Message) or entry.span is None or entry.id.span is None:
            continue
        end = entry.span.end
        if source[end : end + 1] == "\n":
            end += 1
        bare = copy.deepcopy(entry)
        bare.comment = None
        canonical = serializer.serialize_entry(bare).rstrip("\n")
        bare.attributes = [a for a in bare.attributes if a.id.name != ALIAS_ATTRIBUTE]
        out.append(
            FtlMessage(
                id=entry.id.name,
                path=path,
                layer=layer,
                start=entry.span.start,
                body_start=entry.id.span.start,
                end=end,
                line=source.count("\n", 0, entry.id.span.start) + 1,
                comment=(entry.comment.content or "") if entry.comment else "",
                canonical=canonical,
                translated_part=serializer.serialize_entry(bare).rstrip("\n"),
            )
        )
    return out


def source_text(message: FtlMessage) -> str:
    """The message as its file writes it, comment included."""
    return message.path.read_text(encoding="utf-8")[message.start : message.end]


def layered_messages(folders: list[Path], lang: str) -> dict[str, FtlMessage]:
    """Message id -> its last definition along the chain of folders (the one a player sees)."""
    table: dict[str, FtlMessage] = {}
    for layer, folder in enumerate(folders):
        for path in locale_files([folder], lang):
            for message in parse_messages(path, layer):
                table[message.id] = message
    return table


def tally(states: list[MessageState]) -> dict[str, int]:
    """How many messages are in each state."""
    counts = dict.fromkeys(STATES, 0)
    for state in states:
        counts[state.state] += 1
    return counts


# ---------------------------------------------------------------------- the records
@dataclass
class Snapshot:
    """The record of one translation folder: message id -> {"hash": …, "en": …}."""

    path: Path
    entries: dict[str, dict[str, str]]

    @classmethod
    def load(cls, folder: Path) -> Snapshot:
        path = folder / SNAPSHOT_NAME
        if not path.is_file():
            return cls(path, {})
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            entries = data["messages"]
            if not isinstance(entries, dict) or not all(
                isinstance(e, dict) and isinstance(e.get("hash"), str) for e in entries.values()
            ):
                raise ValueError("each message needs a hash")
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise click.ClickException(f"{path}: not a record of twilight i18n ({err})") from None
        return cls(
            path, {str(k): {"hash": v["hash"], "en": str(v.get("en", ""))} for k, v in entries.items()}
        )

    def record(self, message: FtlMessage) -> None:
        """Note an English message as the source of the translation of the same id."""
        self.entries[message.id] = {"hash": message.source_hash, "en": message.canonical}

    def save(self, keep: set[str]) -> None:
        """Write the record, keeping only the ids in `keep` (the messages the folder still defines)."""
        data: dict[str, Any] = {
            "about": SNAPSHOT_ABOUT,
            "messages": {k: self.entries[k] for k in sorted(self.entries) if k in keep},
        }
        write_text(self.path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def write_text(path: Path, text: str) -> None:
    """Replace a file's text in one step, so that an interrupted run leaves the old file whole."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        raise click.ClickException(f"cannot write {path}: {err.strerror or err}") from None


# ---------------------------------------------------------------------- states
@dataclass(frozen=True)
class MessageState:
    """A message of English and what the translation has of it."""

    id: str
    state: str  # one of STATES
    english: FtlMessage
    translation: FtlMessage | None  # the translation a player would see, if any (a placeholder too)
    recorded: str | None  # the English the translation was made from, when recorded


@dataclass
class Translation:
    """One language of a chain of locale folders (the game's own words first, the ruleset last)."""

    folders: list[Path]
    lang: str

    def __post_init__(self) -> None:
        self.english = layered_messages(self.folders, FALLBACK)
        self.messages = layered_messages(self.folders, self.lang)
        self.snapshots: dict[Path, Snapshot] = {}

    def folder_of(self, message: FtlMessage) -> Path:
        return message.path.parent

    def snapshot(self, folder: Path) -> Snapshot:
        if folder not in self.snapshots:
            self.snapshots[folder] = Snapshot.load(folder)
        return self.snapshots[folder]

    def own_translation(self, msg_id: str) -> FtlMessage | None:
        """The translation of an English message, when it lives where the English does or above."""
        found = self.messages.get(msg_id)
        english = self.english[msg_id]
        return found if found is not None and found.layer >= english.layer else None

    def states(self) -> list[MessageState]:
        """Every English message's state, in the order of the English files."""
        out = []
        for msg_id, english in sorted(
            self.english.items(), key=lambda item: (item[1].layer, item[1].path.name, item[1].start)
        ):
            found = self.own_translation(msg_id)
            if found is None or found.placeholder:
                out.append(MessageState(msg_id, "missing", english, found, None))
                continue
            entry = self.snapshot(self.folder_of(found)).entries.get(msg_id)
            if entry is None:
                state = "unknown"
            else:
                state = "translated" if entry["hash"] == english.source_hash else "stale"
            out.append(MessageState(msg_id, state, english, found, entry["en"] if entry else None))
        return out

    def extra(self) -> list[FtlMessage]:
        """Translated messages with no English anywhere (i18n check calls them unused)."""
        return [m for i, m in sorted(self.messages.items()) if i not in self.english]

    def mark(self, ids: list[str]) -> dict[Path, int]:
        """Record the English of today as the source of these translations; how many per record file.
        Raises a ClickException naming the first id that has no translation to record."""
        counts: dict[Path, int] = {}
        for msg_id in ids:
            if msg_id not in self.english:
                raise click.ClickException(f"{msg_id}: no English message has this id")
            found = self.own_translation(msg_id)
            if found is None:
                raise click.ClickException(f"{msg_id}: not translated into {self.lang}; nothing to record")
            if found.placeholder:
                raise click.ClickException(
                    f"{msg_id}: still marked {TODO_MARK} in {found.path}:{found.line}; translate it and "
                    "delete the mark first"
                )
            snapshot = self.snapshot(self.folder_of(found))
            snapshot.record(self.english[msg_id])
            counts[snapshot.path] = counts.get(snapshot.path, 0) + 1
        for folder, snapshot in self.snapshots.items():
            if snapshot.path in counts:
                defined = {m.id for path in sorted(folder.glob("*.ftl")) for m in parse_messages(path)}
                snapshot.save(defined)
        return counts
