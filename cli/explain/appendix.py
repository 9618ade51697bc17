"""A card's entry in the solo card appendix (the IR's `appendix` section), in words, for `explain card`.

The entry says when the AI plays the card's event (moments, each with an optional condition and an
optional block that replaces the event), that it never does (`ops_only`), what happens instead of the
event when you play the card (`reaction`) and when the AI's event hits you (`against_human`). Conditions
and blocks are outlined with cli/outline.py; the other words are `appendix-*` messages of the solo
ruleset's locale files (rules/solo-v2/locales/<lang>/appendix.ftl). A ruleset without an appendix (the
standard game) gets no section at all.
"""

from __future__ import annotations

from typing import Any

from twilight.cli.explain.trace import _mark, _short
from twilight.cli.localizer import Localizer
from twilight.cli.outline import INDENT, Outliner
from twilight.runtime.core.registry import MOMENTS as APPENDIX_MOMENTS

# The appendix's moments, as the language names them (runtime/registry.py), in its order.
MOMENTS = tuple(APPENDIX_MOMENTS)

# The words this module formats (tests/test_locales.py checks that the solo locale files hold them all).
APPENDIX_WORDS: tuple[str, ...] = (
    "appendix-title",
    *(f"appendix-moment-{m}" for m in MOMENTS),
    "appendix-moment-scoring_round-in",
    "appendix-event",
    "appendix-event-when",
    "appendix-resolve",
    "appendix-ops-only",
    "appendix-no-moment",
    "appendix-reaction",
    "appendix-against-human",
    "appendix-unmarked",
    "appendix-none",
    "appendix-none-scoring",
    "appendix-none-no-event",
)
# Messages of other files this module borrows: the same words mean the same thing there.
BORROWED = ("ai-explain-source", "ai-explain-provisional", "outline-or")


def has_appendix(ir: dict[str, Any]) -> bool:
    """A ruleset with a card appendix (the solo game): its cards get the section, with or without entry."""
    return bool(ir.get("appendix"))


def entry_of(ir: dict[str, Any], card_id: str) -> dict[str, Any] | None:
    entry = (ir.get("appendix") or {}).get(card_id)
    return entry if isinstance(entry, dict) else None


class AppendixExplainer:
    def __init__(self, loc: Localizer, ir: dict[str, Any]) -> None:
        self.loc = loc
        self.ir = ir

    def t(self, msg_id: str, default: str, **args: Any) -> str:
        return self.loc.text(msg_id, default, **args)

    def outliner(self) -> Outliner:
        # A fresh one for each block: the kinds of variables it learns belong to that block only.
        return Outliner(self.loc, self.ir)

    def moment(self, moment: dict[str, Any]) -> dict[str, Any]:
        name = str(moment.get("moment"))
        region = moment.get("region")
        if name == "scoring_round" and region:
            text = self.t(
                "appendix-moment-scoring_round-in",
                f"a scoring round in {region}",
                region=self.loc.region(str(region)),
            )
        else:
            text = self.t(f"appendix-moment-{name}", name.replace("_", " "))
        return {"moment": name, "region": region, "text": text}

    def mark(self, provenance: Any) -> dict[str, Any]:
        mark = _mark(provenance)
        parts = []
        if mark["sources"]:
            sources = "; ".join(mark["sources"])
            parts.append(self.t("ai-explain-source", f"source: {sources}", sources=sources))
        if mark["provisional"]:
            codes = ", ".join(_short(p) for p in mark["provisional"])
            parts.append(self.t("ai-explain-provisional", f"provisional: {codes}", codes=codes))
        return {**mark, "codes": [_short(p) for p in mark["provisional"]], "text": " · ".join(parts)}

    def block(self, body: Any) -> list[str] | None:
        return None if body is None else self.outliner().body(body)

    def event(self, event: dict[str, Any]) -> dict[str, Any]:
        moments = [self.moment(m) for m in event.get("moments") or [] if isinstance(m, dict)]
        joined = f" {self.t('outline-or', 'or')} ".join(m["text"] for m in moments)
        cond = event.get("when")
        condition = None if cond is None else self.outliner().expr(cond)
        if condition is None:
            text = self.t("appendix-event", f"in {joined}", moments=joined)
        else:
            text = self.t(
                "appendix-event-when", f"in {joined}, if {condition}", moments=joined, cond=condition
            )
        mark = self.mark(event.get("provenance"))
        return {
            "moments": moments,
            "moments_text": joined,
            "condition": condition,
            "resolve": self.block(event.get("resolve")),
            "text": text,
            "source": mark,
        }

    def view(self, card_id: str) -> dict[str, Any] | None:
        """The entry in words (plain data), or None when the card has none."""
        entry = entry_of(self.ir, card_id)
        if entry is None:
            return None
        return {
            "number": entry.get("number"),
            "events": [self.event(e) for e in entry.get("events") or [] if isinstance(e, dict)],
            "ops_only": bool(entry.get("ops_only")),
            "reaction": self.block(entry.get("reaction")),
            "against_human": self.block(entry.get("against_human")),
            "source": {**self.mark(entry.get("provenance")), "src": entry.get("src")},
        }

    def none_text(self, card: dict[str, Any]) -> str:
        """Why a card of a solo ruleset has no entry, and what that means."""
        if card.get("scoring"):
            return self.t("appendix-none-scoring", "a scoring card: not in the card appendix")
        if card.get("no_event"):
            return self.t("appendix-none-no-event", "not in the card appendix: the card has no event")
        return self.t(
            "appendix-none", "not in the card appendix: the AI plays it for operations in its action rounds"
        )

    def lines(self, view: dict[str, Any] | None, card: dict[str, Any]) -> list[str]:
        """The section's lines, its title first, the rest indented."""
        title = self.t("appendix-title", "AI (card appendix)") + ":"
        if view is None:
            return [title, INDENT + self.none_text(card)]
        source = view["source"]
        where = f" ({source['src']})" if source.get("src") else ""
        mark = source["text"] or self.t("appendix-unmarked", "no source and no provisional mark")
        lines = [title, INDENT + mark + where]
        for event in view["events"]:
            head = event["text"]
            if event["source"]["text"]:
                head += f" [{event['source']['text']}]"
            lines.append(INDENT + head)
            if event["resolve"] is not None:
                lines.append(INDENT * 2 + self.t("appendix-resolve", "then it plays instead:"))
                lines.extend(INDENT * 3 + line for line in event["resolve"])
        if view["ops_only"]:
            lines.append(INDENT + self.t("appendix-ops-only", "the AI never plays the event"))
        elif not view["events"]:
            lines.append(INDENT + self.t("appendix-no-moment", "no moment is named: the AI never plays it"))
        for key, word, default in (
            ("reaction", "appendix-reaction", "when you play it:"),
            ("against_human", "appendix-against-human", "when its event hits you:"),
        ):
            if view[key] is not None:
                lines.append(INDENT + self.t(word, default))
                lines.extend(INDENT * 2 + line for line in view[key])
        return lines
