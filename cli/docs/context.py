"""What every page of `twilight docs` shares: the ruleset's IR, its words in the reader's language, the
marks of an item (its sources, its provisional gap, its place in the rule files) and links to cards.

The pages' own words are `docs-*` messages (cli/locales/<lang>/docs.ftl); every id is written out in
full in the docs modules, where `twilight i18n check` finds them (cli/i18n/check.py `app_needed`).
"""

from __future__ import annotations

from typing import Any

from twilight.cli.docs.model import Code, Inline, Inlines, Link, Para, Provisional, Source, join
from twilight.cli.explain.trace import TraceExplainer, _mark, _short
from twilight.cli.i18n.check import _walk as ir_dicts
from twilight.cli.localizer import Localizer
from twilight.cli.outline import INDENT, Outliner
from twilight.cli.sources_words import provisional_message_id, provisional_summary

# The pages, in the navigation bar's order (a page whose section the ruleset lacks is left out).
PAGES = ("index", "sequence", "cards", "ai", "tables", "restrictions", "settings")


class DocsContext:
    def __init__(
        self, loc: Localizer, ir: dict[str, Any], ruleset: str, description: str | None = None
    ) -> None:
        self.loc = loc
        self.ir = ir
        self.ruleset = ruleset
        # The ruleset's description in the reader's language (its own `ruleset-description`, as
        # `twilight rulesets` shows it); None when it words none, and the manifest's is shown as written.
        self.description = description
        # The AI's words (list and option names, keys) are said as `explain trace` says them.
        self.ai = TraceExplainer(loc, ir, ruleset)
        self.cards: dict[str, Any] = ir.get("cards") or {}
        self.card_files = {str(c.get("src", "")).rsplit(":", 1)[0]: cid for cid, c in self.cards.items()}

    def t(self, msg_id: str, default: str, **args: Any) -> str:
        """A message; the English default (its `{$name}` places filled) when no locale has it."""
        return self.ai.t(msg_id, default, **args)

    def outliner(self) -> Outliner:
        # A fresh one per block: the kinds of variables it learns belong to that block.
        return Outliner(self.loc, self.ir)

    # ------------------------------------------------------------------ marks
    def marks(self, provenance: Any, src: Any = None, labelled: bool = True) -> Inlines:
        """`Sources: 000 · Раздел · 3; … · ⚠ provisional P4 text · written in rules/x.tsr:3`; without
        the leading `Sources:` when not `labelled` (a field that `sources_label` already names)."""
        mark = _mark(provenance)
        parts: list[Inline] = []
        if mark["sources"]:
            if labelled:
                parts.append(self.t("docs-sources", "Sources", count=len(mark["sources"])) + ": ")
            parts.extend(join([(Source(source),) for source in mark["sources"]], "; "))
        for provisional in mark["provisional"]:
            parts.extend([" · "] * bool(parts))
            parts.append(self.provisional(provisional))
        if not parts:
            parts.append(self.t("docs-no-source", "no source of its own"))
        if src:
            parts.extend([" · ", self.t("docs-written-in", "written in") + " ", Code(str(src))])
        return tuple(parts)

    def provisional(self, text: str) -> Provisional:
        """A provisional mark: its P-number and its summary in the reader's language (the ruleset's
        `provisional-*` words, cli/sources_words.py), the summary as written where none words it."""
        code = _short(text)
        summary = self.loc.text(provisional_message_id(text), provisional_summary(text))
        return Provisional(self.t("docs-provisional", "provisional"), code if code != text else "", summary)

    def sources_label(self, provenance: Any) -> str:
        """The label of a field that holds an item's marks: "Source" or "Sources", as many as it has."""
        return self.t("docs-sources", "Sources", count=max(1, len(_mark(provenance)["sources"])))

    def marks_para(self, provenance: Any, src: Any = None) -> Para:
        return Para(self.marks(provenance, src), role="marks")

    @staticmethod
    def has_marks(provenance: Any) -> bool:
        return any(_mark(provenance).values())

    # ------------------------------------------------------------------ names and links
    def card_title(self, card_id: str) -> str:
        number = self.cards.get(card_id, {}).get("number")
        return f"#{number} {self.loc.card(card_id)}" if number is not None else self.loc.card(card_id)

    def card_link(self, card_id: str) -> Link:
        return Link(self.card_title(card_id), "cards", card_anchor(card_id))

    def card_links(self, ids: list[str]) -> Inlines:
        return join([(self.card_link(card_id),) for card_id in ids])

    def prose(self, msg_id: str, default: str, **args: Any) -> Inlines:
        """A message of running text whose `backquoted` parts are commands or names to type: those are
        code, as on the pages every identifier is, not words with the backquotes shown."""
        parts: list[Inline] = []
        for i, piece in enumerate(self.t(msg_id, default, **args).split("`")):
            if piece:
                parts.append(Code(piece) if i % 2 else piece)
        return tuple(parts)

    def named(self, name: str, ident: str) -> Inlines:
        """A thing's name in words, then its id in the rule files when the words differ from it."""
        return (name,) if name == ident else (name, " ", Code(ident))


def card_anchor(card_id: str) -> str:
    return f"card-{card_id}"


def indented(lines: list[str], shift: int = 0) -> list[tuple[int, Inlines]]:
    """Outline text lines (indented by INDENT per level) as (depth, words), `shift` levels less deep."""
    out: list[tuple[int, Inlines]] = []
    for line in lines:
        stripped = line.lstrip(" ")
        depth = (len(line) - len(stripped)) // len(INDENT)
        out.append((max(0, depth - shift), (stripped,)))
    return out


def referenced_cards(node: Any, cards: dict[str, Any]) -> list[str]:
    """The cards an IR node names (`{"ref": "card", …}`, or a card id given as text), in order, once."""
    found: dict[str, None] = {}
    for inner in ir_dicts(node):
        if inner.get("ref") == "card" and str(inner.get("id")) in cards:
            found[str(inner["id"])] = None
        if isinstance(inner.get("str"), str) and inner["str"] in cards:
            found[inner["str"]] = None
    return list(found)
