"""Localised names and words for a ruleset, from Fluent files (https://projectfluent.org).

A ruleset folder may hold `locales/<lang>/*.ftl`. A ruleset that `extends` another sees the parent's
messages too; its own files override a message of the same id. A message missing in the chosen language
falls back to English; a message missing everywhere gives `None`, and callers supply their own text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from twilight.compiler.diagnostics import Sink
from twilight.compiler.loader import MANIFEST, Loader, known_rulesets, rules_root

FALLBACK = "en"
LANGUAGES = ("en", "ru")


def ruleset_folders(target: str) -> list[Path]:
    """The folders of a ruleset (by name or folder) and of everything it extends, base first."""
    path = Path(target)
    if path.is_dir() and (path / MANIFEST).is_file():
        folder, name = path.resolve(), path.resolve().name
    else:
        known = known_rulesets()
        if target not in known:
            return []
        folder, name = known[target], target
    chain = Loader(Sink()).load_chain(folder, name, rules_root())
    return [loaded.folder for loaded in chain]


def locale_files(folders: list[Path], lang: str) -> list[Path]:
    """The .ftl files of one language, base ruleset first, each folder's files sorted by name."""
    files: list[Path] = []
    for folder in folders:
        base = folder / "locales" / lang
        if base.is_dir():
            files.extend(sorted(p for p in base.glob("*.ftl") if p.is_file()))
    return files


def message_table(files: list[Path]) -> dict[str, set[str]]:
    """Message id -> its attribute names, over the files (for checks, not for formatting)."""
    table: dict[str, set[str]] = {}
    parser = FluentParser(with_spans=False)
    for path in files:
        resource = parser.parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, fast.Message):
                table.setdefault(entry.id.name, set()).update(a.id.name for a in entry.attributes)
    return table


def syntax_errors(files: list[Path]) -> list[str]:
    """Entries Fluent could not parse, as `path: text` lines."""
    errors: list[str] = []
    parser = FluentParser(with_spans=False)
    for path in files:
        resource = parser.parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, fast.Junk):
                errors.append(f"{path}: {(entry.content or '').strip()[:80]}")
    return errors


def _bundle(lang: str, files: list[Path]) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    for path in files:
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")), allow_overrides=True)
    return bundle


@dataclass
class Localizer:
    """Formats the messages of one language, with English behind it."""

    lang: str
    bundles: list[FluentBundle] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @classmethod
    def for_ruleset(cls, target: str, lang: str) -> Localizer:
        return cls.for_folders(ruleset_folders(target), lang)

    @classmethod
    def for_folders(cls, folders: list[Path], lang: str) -> Localizer:
        langs = [lang] if lang == FALLBACK else [lang, FALLBACK]
        return cls(lang, [_bundle(code, locale_files(folders, code)) for code in langs])

    def has(self, msg_id: str, attribute: str | None = None) -> bool:
        return self._find(msg_id, attribute) is not None

    def _find(self, msg_id: str, attribute: str | None) -> tuple[FluentBundle, Any] | None:
        for bundle in self.bundles:
            if not bundle.has_message(msg_id):
                continue
            message = bundle.get_message(msg_id)
            pattern = message.attributes.get(attribute) if attribute else message.value
            if pattern is not None:
                return bundle, pattern
        return None

    def get(self, msg_id: str, attribute: str | None = None, **args: Any) -> str | None:
        """The formatted message (or one of its attributes), or None when no language has it."""
        found = self._find(msg_id, attribute)
        if found is None:
            return None
        bundle, pattern = found
        text, errors = bundle.format_pattern(pattern, args)
        self.errors.extend(f"{msg_id}: {err}" for err in errors)
        return str(text)

    def get_case(self, msg_id: str, case: str | None, **args: Any) -> str | None:
        """The message in a grammatical case (an attribute such as `.gen`) when the first language that
        has the message gives that form, else its plain value: English never lends a Russian case."""
        for bundle in self.bundles:
            if not bundle.has_message(msg_id):
                continue
            message = bundle.get_message(msg_id)
            pattern = message.attributes.get(case) if case else None
            pattern = pattern if pattern is not None else message.value
            if pattern is None:
                continue
            text, errors = bundle.format_pattern(pattern, args)
            self.errors.extend(f"{msg_id}: {err}" for err in errors)
            return str(text)
        return None

    def text(self, msg_id: str, default: str, attribute: str | None = None, **args: Any) -> str:
        got = self.get(msg_id, attribute, **args)
        return default if got is None else got

    # Names of the things a ruleset declares; the id, made readable, when a locale lacks one.

    def card(self, card_id: str) -> str:
        return self.text(f"card-{card_id}", readable(card_id))

    def country(self, country_id: str) -> str:
        return self.text(f"country-{country_id}", readable(country_id))

    def region(self, region_id: str) -> str:
        return self.text(f"region-{region_id}", readable(region_id))

    def side(self, side_id: str) -> str:
        return self.text(f"side-{side_id}", side_id.upper())


def readable(ident: str) -> str:
    """`west_germany` -> `West germany`: a last resort when no locale names the thing."""
    words = ident.replace("_", " ").strip()
    return words[:1].upper() + words[1:]
