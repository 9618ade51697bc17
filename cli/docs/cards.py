"""The pages of `twilight docs` about cards and the solo AI: every card as `explain card` shows it
(cli/explain/cmd.py `card_view`, the appendix entry by cli/explain/appendix.py), and every priority list of
the AI with its options, conditions and keys in the words `explain trace` uses (cli/explain/trace.py)."""

from __future__ import annotations

from typing import Any

from twilight.cli.docs.context import DocsContext, card_anchor, indented, referenced_cards
from twilight.cli.docs.model import (
    Block,
    Bullets,
    Code,
    Fields,
    Heading,
    Inlines,
    Link,
    Outline,
    Page,
    Para,
    Strong,
    Table,
)
from twilight.cli.docs.pages import page_title, params_text
from twilight.cli.explain.cmd import FLAGS, card_view
from twilight.cli.localizer import readable
from twilight.cli.outline import Outliner

# `explain card`'s labels for the links between cards: the view's key and the label's id.
CARD_LINKS = (
    ("requires_any", "explain-requires", "Requires one of"),
    ("enables", "explain-enables", "Enables"),
    ("prevents", "explain-prevents", "Prevents"),
    ("prevented_by", "explain-prevented-by", "Prevented by"),
)


def ordered_cards(ctx: DocsContext) -> list[str]:
    return sorted(ctx.cards, key=lambda c: (ctx.cards[c].get("number") or 0, c))


# ---------------------------------------------------------------------------------- cards
def cards_page(ctx: DocsContext) -> Page:
    loc = ctx.loc
    views = [card_view(loc, ctx.ir, card_id) for card_id in ordered_cards(ctx)]
    header: list[Inlines] = [
        (loc.text("explain-number", "Card"),),
        (loc.text("explain-name", "Name"),),
        (loc.text("explain-ops", "Ops"),),
        (loc.text("explain-side", "Side"),),
        (loc.text("explain-period", "Period"),),
    ]
    rows: list[list[Inlines]] = [
        [
            (str(v["number"]),),
            (Link(v["name"], "cards", card_anchor(v["id"])),),
            (str(v["ops"]),),
            (v["side_name"],),
            (v["period_name"],),
        ]
        for v in views
    ]
    blocks: list[Block] = [
        Heading(1, (page_title(ctx, "cards"),)),
        Para(ctx.prose("docs-cards-intro", "Every card.", count=len(views)), role="note"),
        Heading(2, (ctx.t("docs-cards-list", "All cards"),), "card-list"),
        Table(header, rows),
    ]
    for view in views:
        blocks.extend(card_blocks(ctx, view))
    return Page("cards", page_title(ctx, "cards"), blocks)


def card_blocks(ctx: DocsContext, view: dict[str, Any]) -> list[Block]:
    loc = ctx.loc
    card_id = str(view["id"])
    card: dict[str, Any] = ctx.cards[card_id]
    flags = [loc.text(f"explain-flag-{flag}", flag) for flag in FLAGS if view[flag]]
    rows: list[tuple[str, Inlines]] = [
        (loc.text("explain-ops", "Ops"), (str(view["ops"]),)),
        (loc.text("explain-side", "Side"), (view["side_name"],)),
        (loc.text("explain-period", "Period"), (view["period_name"],)),
        (loc.text("explain-flags", "Marks"), (", ".join(flags) or loc.text("explain-flag-none", "none"),)),
    ]
    if view["summary"]:
        rows.append((loc.text("explain-summary", "Summary"), (view["summary"],)))
    for key, msg_id, default in CARD_LINKS:
        if view[key]:
            rows.append((loc.text(msg_id, default), ctx.card_links([c["id"] for c in view[key]])))
    provenance = card.get("provenance")
    rows.append((ctx.sources_label(provenance), ctx.marks(provenance, card.get("src"), labelled=False)))
    blocks: list[Block] = [
        Heading(2, (f"#{view['number']} {view['name']}", " ", Code(card_id)), card_anchor(card_id)),
        Fields(rows),
        Para((Strong(loc.text("explain-event", "Event")),)),
        Outline(indented(view["outline"])),
    ]
    named = [c for c in referenced_cards(card.get("event"), ctx.cards) if c != card_id]
    if named:
        blocks.append(
            Para((ctx.t("docs-card-event-names", "Its event names") + ": ", *ctx.card_links(named)))
        )
    if "appendix" in view:
        blocks.extend(appendix_blocks(ctx, view, card))
    return blocks


def appendix_blocks(ctx: DocsContext, view: dict[str, Any], card: dict[str, Any]) -> list[Block]:
    """The AI's appendix entry for the card, as `explain card` words it, its marks and the cards it names."""
    card_id = str(view["id"])
    lines: list[str] = view["appendix_text"]
    title = lines[0].rstrip(":")
    blocks: list[Block] = [Heading(3, (title,), f"appendix-{card_id}")]
    entry = view["appendix"]
    if entry is None:
        # The entry's absence, in words: the title's line, then one line saying what that means.
        blocks.append(Para(tuple(line.strip() for line in lines[1:2])))
        return blocks
    source = entry["source"]
    provenance = {"sources": source["sources"], "provisional": source["provisional"]}
    blocks.append(ctx.marks_para(provenance, source.get("src")))
    # Below the title comes the line of marks just shown, then the entry itself.
    blocks.append(Outline(indented(lines[2:], shift=1)))
    named = [
        c for c in referenced_cards((ctx.ir.get("appendix") or {}).get(card_id), ctx.cards) if c != card_id
    ]
    if named:
        blocks.append(
            Para((ctx.t("docs-card-appendix-names", "Its entry names") + ": ", *ctx.card_links(named)))
        )
    return blocks


# ---------------------------------------------------------------------------------- AI
def list_anchor(name: str) -> str:
    return f"list-{name}"


def order_anchor(name: str) -> str:
    return f"order-{name}"


class ListWords:
    """One priority list in words; its Outliner knows the list's target (`c` is a country) throughout."""

    def __init__(self, ctx: DocsContext, name: str, plist: dict[str, Any]) -> None:
        self.ctx = ctx
        self.name = name
        self.plist = plist
        target = plist.get("target") or {}
        self.target = str(target.get("name") or "c")
        self.kind = str(target.get("type") or "other")
        self.words: Outliner = ctx.outliner()
        if target.get("type"):
            self.words.kinds[self.target] = str(target["type"])

    def conditions(self, exprs: Any) -> str:
        joiner = " " + self.words.w("outline-and", "and") + " "
        return joiner.join(self.words.expr(e) for e in exprs or [])

    def key_line(self, key: dict[str, Any]) -> tuple[int, Inlines]:
        words = self.ctx.ai.key_words(key, self.target, self.words)
        parts: Inlines
        if "table" in words:
            text = self.ctx.t(
                "docs-ai-key-order",
                "by the {$table}",
                table=words["table_name"],
                desc="yes" if words["desc"] else "no",
            )
            parts = (Link(text, "ai", order_anchor(words["table"])),)
        else:
            parts = (f"{words['key']} ({words['direction']})",)
        if self.ctx.has_marks(key.get("provenance")):
            parts += (" — ", *self.ctx.marks(key.get("provenance")))
        return 0, parts

    def blocks(self) -> list[Block]:
        ctx, plist = self.ctx, self.plist
        target = plist.get("target") or {}
        rows: list[tuple[str, Inlines]] = [
            (ctx.t("docs-parameters", "Parameters"), params_text(plist.get("params"), self.words)),
            (
                ctx.t("docs-ai-target", "Picks"),
                (
                    ctx.t(
                        "docs-ai-target-kind", "{$kind} {$var}", kind=str(target.get("type")), var=self.target
                    ),
                ),
            ),
        ]
        if plist.get("restart"):
            restart = str(plist["restart"])
            rows.append(
                (
                    ctx.t("docs-ai-restart", "Starts again"),
                    (ctx.t("docs-ai-restart-after", restart, what=restart),),
                )
            )
        blocks: list[Block] = [
            Heading(2, (ctx.ai.list_name(self.name), " ", Code(self.name)), list_anchor(self.name)),
            ctx.marks_para(plist.get("provenance"), plist.get("src")),
            Fields(rows),
        ]
        requires = plist.get("requires") or []
        if requires:
            blocks.append(Para((Strong(ctx.t("docs-ai-requires", "Every candidate must satisfy")),)))
            lines: list[tuple[int, Inlines]] = []
            for req in requires:
                parts: Inlines = (self.words.expr(req.get("expr")),)
                if ctx.has_marks(req.get("provenance")):
                    parts += (" — ", *ctx.marks(req.get("provenance")))
                lines.append((0, parts))
            blocks.append(Outline(lines))
        for option in plist.get("options") or []:
            blocks.extend(self.option_blocks(option))
        final = plist.get("final") or []
        if final:
            anchor = f"{list_anchor(self.name)}-final"
            blocks.append(Heading(3, (ctx.t("docs-ai-final", "Then, for every option"),), anchor))
            blocks.append(Outline([self.key_line(k) for k in final]))
        return blocks

    def option_blocks(self, option: dict[str, Any]) -> list[Block]:
        ctx = self.ctx
        name = str(option.get("name") or "")
        title = ctx.ai.t(
            "ai-explain-option",
            "option {$number}, {$text} ({$id})",
            number=option.get("number"),
            text=ctx.ai.option_text(name),
            id=name,
        )
        rows: list[tuple[str, Inlines]] = []
        if option.get("when"):
            rows.append((ctx.t("docs-ai-when", "When"), (self.conditions(option["when"]),)))
        if option.get("where"):
            # `where true` lets every candidate through: said so, not as a bare "yes".
            conditions = [e for e in option["where"] if e is not True]
            where = (
                self.conditions(conditions)
                if conditions
                else ctx.t("docs-ai-where-any", "any {$kind}", kind=self.kind)
            )
            rows.append((ctx.t("docs-ai-where", "Candidates"), (where,)))
        if option.get("place") is not None:
            rows.append((ctx.t("docs-ai-place", "Places"), (self.words.expr(option["place"]),)))
        if ctx.has_marks(option.get("provenance")):
            provenance = option.get("provenance")
            rows.append((ctx.sources_label(provenance), ctx.marks(provenance, labelled=False)))
        else:
            rows.append((ctx.t("docs-source", "Source"), (ctx.t("docs-ai-inherited", "as the list's"),)))
        blocks: list[Block] = [
            Heading(3, (title,), f"{list_anchor(self.name)}-{option.get('number')}"),
            Fields(rows),
        ]
        prefer = option.get("prefer") or []
        if prefer:
            blocks.append(Para((Strong(ctx.t("docs-ai-prefer", "Ties among its candidates")),)))
            blocks.append(Outline([self.key_line(k) for k in prefer]))
        return blocks


def order_item(ctx: DocsContext, item: str) -> Inlines:
    if item in ctx.cards:
        return (ctx.card_link(item),)
    countries = (ctx.ir.get("map") or {}).get("countries") or {}
    regions = (ctx.ir.get("map") or {}).get("regions") or {}
    if item in countries:
        return (ctx.loc.country(item),)
    if item in regions:
        return (ctx.loc.region(item),)
    return (readable(item),)


def ai_page(ctx: DocsContext) -> Page:
    priorities: dict[str, Any] = ctx.ir.get("priorities") or {}
    orders: dict[str, Any] = ctx.ir.get("orders") or {}
    contents: list[Inlines] = [
        (Link(ctx.ai.list_name(name), "ai", list_anchor(name)), " ", Code(name)) for name in priorities
    ]
    contents += [
        (Link(ctx.t(f"order-{name}", readable(name)), "ai", order_anchor(name)), " ", Code(name))
        for name in orders
    ]
    blocks: list[Block] = [
        Heading(1, (page_title(ctx, "ai"),)),
        Para((ctx.t("docs-ai-intro", "How the AI picks."),), role="note"),
        Bullets(contents),
    ]
    for name, plist in priorities.items():
        blocks.extend(ListWords(ctx, name, plist).blocks())
    for name, order in orders.items():
        blocks.append(
            Heading(2, (ctx.t(f"order-{name}", readable(name)), " ", Code(name)), order_anchor(name))
        )
        blocks.append(ctx.marks_para(order.get("provenance"), order.get("src")))
        header: list[Inlines] = [(ctx.t("docs-order-rank", "Rank"),), (ctx.t("docs-order-item", "Item"),)]
        rows = [[(str(i),), order_item(ctx, str(item))] for i, item in enumerate(order.get("items") or [], 1)]
        blocks.append(Table(header, rows))
    return Page("ai", page_title(ctx, "ai"), blocks)
