"""What a version of the rules changes against the one it extends, in a player's words: `twilight
rulesets --changes NAME` and the browser's "what is different" page.

The changes are `twilight diff`'s (cli/diff), read for players: a card, a country, a region, a side or a
setting is named as the game names it (the ruleset's Fluent words); the rules a player has no name for
(steps of play, calculations, timings, the AI's lists) are told by what they are and the rule book
sections they follow. No declaration kind, no id: those are the rule writer's words, which `twilight
diff` keeps.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from twilight.cli.diff.ir import Change
from twilight.cli.localizer import Localizer
from twilight.cli.session.rule_book import RULE_BOOK as RULE_BOOK
from twilight.cli.session.rule_book import sections_of
from twilight.cli.versions import RulesetEntry

# What each kind of declaration is to a player (a message each, in cli/locales/<lang>/play.ftl).
KIND_WORDS = {
    "card": "play-changes-kind-card",
    "appendix": "play-changes-kind-appendix",
    "country": "play-changes-kind-country",
    "region": "play-changes-kind-region",
    "side": "play-changes-kind-side",
    "setting": "play-changes-kind-setting",
    "procedure": "play-changes-kind-procedure",
    "function": "play-changes-kind-function",
    "rule": "play-changes-kind-rule",
    "moment": "play-changes-kind-moment",
    "sequence": "play-changes-kind-sequence",
    "order": "play-changes-kind-order",
    "priority": "play-changes-kind-priority",
    "table": "play-changes-kind-table",
    "variable": "play-changes-kind-variable",
    "zone": "play-changes-kind-zone",
    "track": "play-changes-kind-track",
    "layout": "play-changes-kind-layout",
}
CHANGE_WORDS = {
    "added": "play-changes-added",
    "removed": "play-changes-removed",
    "changed": "play-changes-changed",
}
# The kinds a player knows by name; the others are told by the rule book sections they follow.
NAMED_KINDS = ("setting", "card", "appendix", "country", "region", "side", "procedure", "function")


@dataclass
class ChangeLine:
    """One line of the list: what changed (in words), and the rule book sections it follows."""

    kind: str
    change: str
    what: str
    sections: list[str] = field(default_factory=list)
    before: list[str] = field(default_factory=list)  # a changed one's sections before, when other


class ChangeWords:
    """The words of the list in one language: the game's own (cli/locales) over the ruleset's."""

    def __init__(self, loc: Localizer, ir: dict[str, Any]) -> None:
        self.loc = loc
        self.ir = ir
        # what the version changes in numbers (cli/session/numbers.py), shown above the list
        self.numbers: list[str] = []
        # what a short change to a rule makes it say now and said before, shown under the numbers
        self.words: list[str] = []

    def t(self, msg_id: str, **args: Any) -> str:
        got = self.loc.get(msg_id, **args)
        return msg_id if got is None else got

    def setting(self, setting_id: str, default: Any) -> str:
        question = (self.loc.get(f"setting-{setting_id}") or self.t("play-changes-a-setting")).rstrip(" ?？")
        if default is None:
            return question
        value = str(default).lower() if isinstance(default, bool) else str(default)
        shown = self.loc.get(f"setting-{setting_id}-{value}")
        return self.t("play-changes-setting-default", setting=question, default=shown) if shown else question

    def name_of(self, change: Change, ir_before: dict[str, Any]) -> str | None:
        """The player's name of what changed (None for a kind players have no names for)."""
        kind, ident = change.kind, change.id
        if kind in ("card", "appendix"):
            known = ident in self.ir.get("cards", {}) or ident in ir_before.get("cards", {})
            return self.loc.card(ident) if known else None
        if kind == "country":
            return self.loc.country(ident)
        if kind == "region":
            return self.loc.region(ident)
        if kind == "side":
            return self.loc.side(ident)
        if kind == "setting":
            setting = self.ir["settings"].get(ident) or ir_before.get("settings", {}).get(ident) or {}
            return self.setting(ident, setting.get("default"))
        if kind in (
            "procedure",
            "function",
        ):  # the words `explain` names them with, when the ruleset has them
            return self.loc.get(f"{kind}-{ident}")
        return None


def change_lines(
    changes: Iterable[Change], words: ChangeWords, ir_before: dict[str, Any]
) -> list[ChangeLine]:
    """One line per change a player can name; the others grouped by kind, change and the sections they
    follow."""
    named: list[ChangeLine] = []
    grouped: dict[tuple[str, str, tuple[str, ...]], int] = {}
    for change in changes:
        name = words.name_of(change, ir_before) if change.kind in NAMED_KINDS else None
        sections = sections_of(change.sources, words.loc.lang)
        if name is not None:
            before = sections_of(change.before, words.loc.lang) if isinstance(change.before, dict) else []
            was = before if change.change == "changed" and before != sections else []
            named.append(ChangeLine(change.kind, change.change, name, sections, was))
            continue
        key = (change.kind, change.change, tuple(sections))
        grouped[key] = grouped.get(key, 0) + 1
    order = {kind: i for i, kind in enumerate(KIND_WORDS)}
    rest = []
    for (kind, how, followed), count in grouped.items():
        msg = "play-changes-in-sections" if followed else "play-changes-unsourced"
        rest.append(ChangeLine(kind, how, words.t(msg, sections="; ".join(followed), count=count)))
    # Named ones first within each kind and change, under one heading.
    lines = named + sorted(rest, key=lambda line: line.what)
    return sorted(lines, key=lambda line: (order.get(line.kind, 99), line.change))


def render_changes(
    entry: RulesetEntry, base: RulesetEntry | None, lines: list[ChangeLine], words: ChangeWords
) -> list[str]:
    """The list as text lines: a heading, then a line per change under a heading per kind and change."""
    if base is None:
        return [words.t("play-changes-no-base", name=entry.name, version=entry.version or "-")]
    out = [
        words.t(
            "play-changes-title",
            name=entry.name,
            version=entry.version or "-",
            base=base.name,
            base_version=base.version or "-",
        )
    ]
    if not lines:
        out.append("  " + words.t("play-changes-none"))
        return out
    if words.numbers:
        out.append("  " + words.t("play-numbers-title"))
        out += [f"    · {number}" for number in words.numbers]
    if words.words:
        out.append("  " + words.t("play-words-title"))
        out += [f"    · {line}" for line in words.words]
    heading = None
    for line in lines:
        now = (line.kind, line.change)
        if now != heading:
            kind_words = words.t(KIND_WORDS.get(line.kind, "play-changes-kind-other"))
            out.append("  " + words.t(CHANGE_WORDS[line.change], what=kind_words))
            heading = now
        where = words.t("play-changes-sections", sections="; ".join(line.sections)) if line.sections else ""
        if line.before:
            where += words.t("play-changes-before", sections="; ".join(line.before))
        out.append(f"    · {line.what}{where}")
    return out


def ruleset_changes(
    entry: RulesetEntry, lang: str
) -> tuple[RulesetEntry | None, list[ChangeLine], ChangeWords]:
    """What `entry` changes against the ruleset it extends (its highest version found), from `twilight
    diff`'s comparison; DiffError when either does not compile."""
    from twilight.cli.diff.compiled import compiled
    from twilight.cli.diff.ir import compare
    from twilight.cli.session.numbers import numbers_and_words
    from twilight.cli.session.text import play_folders
    from twilight.cli.versions import read_manifest
    from twilight.compiler.loader import extended_folder

    new = compiled(str(entry.folder), lang)
    words = ChangeWords(Localizer.for_folders(play_folders(str(entry.folder)), lang), new.ir)
    if not entry.extends:
        return None, [], words
    # The ruleset extended, found as the compiler finds it: a sibling folder, else the installed one
    # (`extends "NAME@VERSION"`: the one of that version).
    folder = extended_folder(entry.folder, entry.extends)
    manifest = read_manifest(folder) if folder is not None else None
    if folder is None or manifest is None:
        return None, [], words
    base = RulesetEntry(*manifest, folder=folder, origin=entry.origin)
    old = compiled(str(base.folder), lang)
    changes = compare(old.ir, old.views, new.ir, new.views)
    words.numbers, words.words = numbers_and_words(old.ir, new.ir, words.loc)
    return base, change_lines(changes, words, old.ir), words
