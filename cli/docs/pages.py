"""The pages of `twilight docs` about the game's frame: the overview, the turn sequence (and the
procedures it calls), the setup tables, the standing rules and the settings. Cards and the AI are in
cli/docs/cards.py."""

from __future__ import annotations

from typing import Any

from twilight.cli.docs.context import DocsContext, indented
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
    join,
)
from twilight.cli.i18n.check import _walk as ir_dicts
from twilight.cli.localizer import readable
from twilight.cli.outline import Outliner

# Each page's word in the navigation bar and its heading (literal ids: `twilight i18n check` reads them).
PAGE_TITLES: dict[str, tuple[str, str]] = {
    "index": ("docs-page-index", "Overview"),
    "sequence": ("docs-page-sequence", "Turn sequence"),
    "cards": ("docs-page-cards", "Cards"),
    "ai": ("docs-page-ai", "AI priority lists"),
    "tables": ("docs-page-tables", "Tables"),
    "restrictions": ("docs-page-restrictions", "Standing rules"),
    "settings": ("docs-page-settings", "Settings"),
}
# The kinds of standing rules, in the page's order (a kind not listed here comes after them).
RULE_KINDS = ("restriction", "rule", "victory")


def page_title(ctx: DocsContext, slug: str) -> str:
    msg_id, default = PAGE_TITLES[slug]
    return ctx.t(msg_id, default)


def params_text(params: Any, words: Outliner | None = None) -> Inlines:
    """Parameters as the rule file declares them (`name: type`); each one the ruleset words
    (`outline-local-<name>`) is given by its words first, as the outline below names it."""
    if words is None:
        return (Code(", ".join(f"{p.get('name')}: {p.get('type')}" for p in params or [])),)
    parts: list[Any] = []
    for param in params or []:
        name = str(param.get("name"))
        declared = Code(f"{name}: {param.get('type')}")
        said = words.bind(name)
        parts += [", "] if parts else []
        parts += [said, " (", declared, ")"] if said != name else [declared]
    return tuple(parts)


# ---------------------------------------------------------------------------------- overview
def index_page(ctx: DocsContext, contents: list[tuple[str, str]]) -> Page:
    """`contents`: (slug, one line on what the page holds) for every other page."""
    meta = ctx.ir.get("ruleset") or {}
    chain = list(meta.get("chain") or [])
    name = str(meta.get("name") or ctx.ruleset)
    extends = chain[-2] if len(chain) > 1 else None
    rows: list[tuple[str, Inlines]] = [
        (ctx.t("docs-ruleset-name", "Ruleset"), (Code(name),)),
        (ctx.t("docs-ruleset-version", "Version"), (str(meta.get("version") or "-"),)),
        (
            ctx.t("docs-ruleset-extends", "Extends"),
            (Code(extends),)
            if extends
            else (ctx.t("docs-ruleset-extends-nothing", "nothing: a base ruleset"),),
        ),
        (
            ctx.t("docs-ruleset-description", "Description"),
            (ctx.description or str(meta.get("description") or "-"),),
        ),
    ]
    if len(chain) > 1:
        chain_text = join([(Code(part),) for part in chain], " → ")
        rows.append((ctx.t("docs-ruleset-chain", "Built from"), chain_text))
    blocks: list[Block] = [
        Heading(1, (ctx.t("docs-index-title", "Rules reference: {$ruleset}", ruleset=name),)),
        Fields(rows),
        Para((ctx.t("docs-index-marks", "Every item shows its sources."),), role="note"),
        Heading(2, (ctx.t("docs-index-contents", "Contents"),), "contents"),
        Bullets([(Link(page_title(ctx, slug), slug), " — ", about) for slug, about in contents]),
    ]
    return Page("index", page_title(ctx, "index"), blocks)


# ---------------------------------------------------------------------------------- sequence
def called_procedures(procedures: dict[str, Any], root: Any) -> list[str]:
    """The procedures `root` runs, and those they run in turn, in the order first met."""
    found: dict[str, None] = {}
    pending = [root]
    while pending:
        node = pending.pop(0)
        for name in _runs(node):
            if name in procedures and name not in found:
                found[name] = None
                pending.append(procedures[name].get("body"))
    return list(found)


def _runs(node: Any) -> list[str]:
    return [inner["run"] for inner in ir_dicts(node) if isinstance(inner.get("run"), str)]


def proc_anchor(name: str) -> str:
    return f"proc-{name}"


class SequenceOutline:
    """A body of the turn sequence in words: phases named with their letters and marks, each call of a
    listed procedure a link to it, everything else as cli/outline.py says it."""

    LOOPS = ("repeat", "while", "for_each")

    def __init__(self, ctx: DocsContext, procedures: set[str]) -> None:
        self.ctx = ctx
        self.procedures = procedures
        self.words: Outliner = ctx.outliner()

    def body(self, stmts: Any, depth: int = 0) -> list[tuple[int, Inlines]]:
        lines: list[tuple[int, Inlines]] = []
        for stmt in stmts if isinstance(stmts, list) else [stmts]:
            lines.extend(self.stmt(stmt, depth))
        return lines

    def head(self, node: dict[str, Any], depth: int, **empty: Any) -> tuple[int, Inlines]:
        """The first line of a compound statement, its blocks left out (they are walked here)."""
        return depth, (self.words.node({**node, **empty}, 0)[0],)

    def stmt(self, node: Any, depth: int) -> list[tuple[int, Inlines]]:
        if isinstance(node, dict):
            if "phase" in node:
                return [self.phase_line(node, depth), *self.body(node.get("body") or [], depth + 1)]
            if isinstance(node.get("run"), str) and node["run"] in self.procedures:
                text = self.words.node(node, 0)[0]
                return [(depth, (Link(text, "sequence", proc_anchor(node["run"])),))]
            if "if" in node and "then" in node:
                lines = [self.head(node, depth, then=[], **{"else": []})]
                lines.extend(self.body(node.get("then") or [], depth + 1))
                if node.get("else"):
                    word = self.words.w("outline-else", "otherwise")
                    lines.append((depth, (word if word.endswith(":") else word + ":",)))
                    lines.extend(self.body(node["else"], depth + 1))
                return lines
            if any(key in node for key in self.LOOPS):
                return [self.head(node, depth, body=[]), *self.body(node.get("body") or [], depth + 1)]
        return indented(self.words.node(node, depth))

    def phase_line(self, node: dict[str, Any], depth: int) -> tuple[int, Inlines]:
        ident = str(node["phase"])
        name = self.ctx.loc.text(f"phase-{ident}", readable(ident))
        label = node.get("label")
        text = self.ctx.t(
            "docs-phase",
            "phase {$label}: {$name}",
            label=str(label) if label else "none",
            name=name,
            step="yes" if node.get("step") else "no",
        )
        parts: Inlines = (Strong(text), " ", Code(ident))
        if self.ctx.has_marks(node.get("provenance")):
            parts += (" — ", *self.ctx.marks(node.get("provenance")))
        return depth, parts


def sequence_page(ctx: DocsContext) -> Page:
    sequence: dict[str, Any] = ctx.ir.get("sequence") or {}
    procedures: dict[str, Any] = ctx.ir.get("procedures") or {}
    called = called_procedures(procedures, sequence.get("body"))
    blocks: list[Block] = [
        Heading(1, (page_title(ctx, "sequence"),)),
        Para((ctx.t("docs-sequence-intro", "How a game runs."),), role="note"),
        ctx.marks_para(sequence.get("provenance"), sequence.get("src")),
        Outline(SequenceOutline(ctx, set(called)).body(sequence.get("body") or [])),
    ]
    if called:
        blocks.append(Heading(2, (ctx.t("docs-sequence-procedures", "Procedures it calls"),), "procedures"))
    for name in called:
        proc = procedures[name]
        words = ctx.loc.text(f"procedure-{name}", readable(name))
        blocks.append(Heading(3, ctx.named(words, name), proc_anchor(name)))
        outline = SequenceOutline(ctx, set(called))
        if proc.get("params"):
            said = params_text(proc["params"], outline.words)
            blocks.append(Fields([(ctx.t("docs-parameters", "Parameters"), said)]))
        blocks.append(ctx.marks_para(proc.get("provenance"), proc.get("src")))
        blocks.append(Outline(outline.body(proc.get("body") or [])))
    return Page("sequence", page_title(ctx, "sequence"), blocks)


# ---------------------------------------------------------------------------------- tables
def table_anchor(name: str) -> str:
    return f"table-{name}"


def key_word(ctx: DocsContext, kind: str, value: str) -> str:
    """A table's key in words: a region, side or country by name, a setting's value by its label."""
    loc = ctx.loc
    if kind == "region":
        return loc.region(value)
    if kind == "side":
        return loc.side(value)
    if kind == "country":
        return loc.country(value)
    if kind in (ctx.ir.get("settings") or {}):
        return loc.text(f"setting-{kind}-{value}", readable(value))
    return value


def column_word(ctx: DocsContext, table: str, column: dict[str, Any]) -> str:
    """A table's column by its words (`table-<name>-column-<label>`); a column of die faces by its label."""
    label = str(column.get("label"))
    if column.get("faces"):
        return label
    return ctx.loc.text(f"table-{table}-column-{label}", readable(label))


def winning_cells(ctx: DocsContext) -> dict[tuple[str, str], str]:
    """(region, level) -> the victory rule that makes reaching that scoring level in that region, when the
    region is scored, win the game: an item `on region_scored when region == R and … == L { win(…) }`."""
    found: dict[tuple[str, str], str] = {}
    for name, rule in (ctx.ir.get("rules") or {}).items():
        if rule.get("kind") != "victory":
            continue
        for item in rule.get("items") or []:
            if item.get("on") == "region_scored" and any("win" in n for n in ir_dicts(item.get("body"))):
                regions, levels = _regions_and_levels(item.get("when"))
                found.update({(region, level): name for region in regions for level in levels})
    return found


def _regions_and_levels(when: Any) -> tuple[set[str], set[str]]:
    """The regions a condition compares `region` with, and the levels (enum values) it compares with."""
    regions: set[str] = set()
    levels: set[str] = set()
    for node in ir_dicts(when):
        if node.get("op") != "==":
            continue
        args = [a for a in node.get("args") or [] if isinstance(a, dict)]
        refs = {str(a.get("ref")): str(a.get("id")) for a in args if "ref" in a}
        if {"var": "region"} in args and "region" in refs:
            regions.add(refs["region"])
        if "enum" in refs:
            levels.add(refs["enum"])
    return regions, levels


def tables_page(ctx: DocsContext) -> Page:
    blocks: list[Block] = [
        Heading(1, (page_title(ctx, "tables"),)),
        Para((ctx.t("docs-tables-intro", "The ruleset's tables."),), role="note"),
    ]
    for name, table in (ctx.ir.get("tables") or {}).items():
        blocks += _table_blocks(ctx, name, table)
    return Page("tables", page_title(ctx, "tables"), blocks)


def _table_blocks(ctx: DocsContext, name: str, table: dict[str, Any]) -> list[Block]:
    """One table: its heading and marks, its roll, its rows (a cell that wins the game linked to the rule,
    and said so under the table), and its totals."""
    title = ctx.loc.text(f"table-{name}", readable(name))
    blocks: list[Block] = [
        Heading(2, (title, " ", Code(name)), table_anchor(name)),
        ctx.marks_para(table.get("provenance"), table.get("src")),
    ]
    if table.get("roll") is not None:
        roll = ctx.outliner().expr(table["roll"])
        blocks.append(Fields([(ctx.t("docs-table-roll", "Roll"), (roll,))]))
    kinds = [str(k) for k in table.get("keys") or []]
    header: list[Inlines] = [(ctx.t("docs-table-key", "{$kind}", kind=kind),) for kind in kinds]
    header += [(column_word(ctx, name, column),) for column in table.get("columns") or []]
    # A region's scoring level that wins the game outright is said so in its cell, and under the table.
    wins = winning_cells(ctx) if kinds == ["region"] else {}
    labels = [str(c.get("label")) for c in table.get("columns") or []]
    notes: list[Inlines] = []
    rows = [_table_row(ctx, row, kinds, labels, header, wins, notes) for row in table.get("rows") or []]
    blocks.append(Table(header, rows))
    if notes:
        blocks.append(Bullets(notes))
    totals = [_total_line(ctx, kinds, total) for total in table.get("totals") or []]
    if totals:
        blocks.append(Bullets(totals))
    return blocks


def _table_row(
    ctx: DocsContext,
    row: dict[str, Any],
    kinds: list[str],
    labels: list[str],
    header: list[Inlines],
    wins: dict[tuple[str, str], str],
    notes: list[Inlines],
) -> list[Inlines]:
    """A row's keys and cells; a cell that wins the game is a link to its rule, and said in `notes`."""
    keys = [str(v) for v in row.get("keys") or []]
    cells: list[Inlines] = [(key_word(ctx, kind, value),) for kind, value in zip(kinds, keys, strict=False)]
    for label, cell in zip(labels, row.get("cells") or [], strict=False):
        rule = wins.get((keys[0], label)) if wins else None
        if rule is None:
            cells.append((str(cell),))
            continue
        cells.append((Link(ctx.t("docs-table-wins", "wins the game"), "restrictions", rule_anchor(rule)),))
        level = header[len(kinds) + labels.index(label)][0]
        notes.append(_winning_note(ctx, level, keys[0], rule))
    return cells


def _winning_note(ctx: DocsContext, level: Any, region: str, rule: str) -> Inlines:
    sentence = ctx.t(
        "docs-table-wins-note",
        "{$level} of {$region} wins the game",
        level=level,
        region=ctx.loc.region(region),
    )
    see = Link(ctx.t("docs-table-wins-rule", "the rule"), "restrictions", rule_anchor(rule))
    return (sentence, " — ", see, " ", Code(rule))


def _total_line(ctx: DocsContext, kinds: list[str], total: dict[str, Any]) -> Inlines:
    keys = ", ".join(key_word(ctx, k, str(v)) for k, v in zip(kinds, total.get("keys") or [], strict=False))
    return (ctx.t("docs-table-total", "{$keys}: {$total} in all", keys=keys, total=total.get("total")),)


# ---------------------------------------------------------------------------------- standing rules
def rule_anchor(name: str) -> str:
    return f"rule-{name}"


def rule_heading(ctx: DocsContext, name: str) -> Inlines:
    """A standing rule by its name in the ruleset's words (`rule-<id>`), then its id; the id alone when
    the ruleset names it not (words made up from the id would read as a name in no language)."""
    words = ctx.loc.get(f"rule-{name}")
    return ctx.named(words, name) if words else (Code(name),)


def item_lines(ctx: DocsContext, item: dict[str, Any]) -> list[tuple[int, Inlines]]:
    """One `forbid` / `modify` / `on` item outlined; its refusal code and own marks on its first line."""
    lines = indented(ctx.outliner().node(item, 0))
    if not lines:
        return lines
    depth, first = lines[0]
    if isinstance(item.get("code"), str):
        first += (" (", ctx.t("docs-refusal-code", "refusal"), " ", Code(item["code"]), ")")
    if ctx.has_marks(item.get("provenance")):
        first += (" — ", *ctx.marks(item.get("provenance")))
    lines[0] = (depth, first)
    return lines


def restrictions_page(ctx: DocsContext) -> Page:
    rules: dict[str, Any] = ctx.ir.get("rules") or {}
    kinds = [k for k in RULE_KINDS if any(r.get("kind") == k for r in rules.values())]
    kinds += sorted({str(r.get("kind")) for r in rules.values()} - set(kinds))
    blocks: list[Block] = [
        Heading(1, (page_title(ctx, "restrictions"),)),
        Para((ctx.t("docs-rules-intro", "Rules that hold all game long."),), role="note"),
    ]
    for kind in kinds:
        blocks.append(Heading(2, (ctx.t("docs-rules-group", "{$kind}", kind=kind),), f"rules-{kind}"))
        for name, rule in rules.items():
            if str(rule.get("kind")) != kind:
                continue
            blocks.append(Heading(3, rule_heading(ctx, name), rule_anchor(name)))
            blocks.append(ctx.marks_para(rule.get("provenance"), rule.get("src")))
            card = ctx.card_files.get(str(rule.get("src", "")).rsplit(":", 1)[0])
            if card:
                blocks.append(
                    Para((ctx.t("docs-rule-card", "Written with the card") + " ", ctx.card_link(card)))
                )
            lines: list[tuple[int, Inlines]] = []
            for item in rule.get("items") or []:
                lines.extend(item_lines(ctx, item))
            blocks.append(Outline(lines))
    return Page("restrictions", page_title(ctx, "restrictions"), blocks)


# ---------------------------------------------------------------------------------- settings
def setting_anchor(name: str) -> str:
    return f"setting-{name}"


def _whole_numbers(ctx: DocsContext, setting: dict[str, Any]) -> Inlines:
    """What an int setting takes, in words: any whole number, or those of its bounds; then its default."""
    low, high = setting.get("min"), setting.get("max")
    if isinstance(low, int) and isinstance(high, int):
        said = ctx.t("docs-setting-whole-range", "A whole number from {$low} to {$high}", low=low, high=high)
    else:
        said = ctx.t("docs-setting-whole-any", "Any whole number")
    default = str(setting.get("default"))
    return (said, " — ", Strong(ctx.t("docs-setting-default-is", "the default: {$value}", value=default)))


def settings_page(ctx: DocsContext) -> Page:
    blocks: list[Block] = [
        Heading(1, (page_title(ctx, "settings"),)),
        Para(ctx.prose("docs-settings-intro", "What a game may change before it starts."), role="note"),
    ]
    for name, setting in (ctx.ir.get("settings") or {}).items():
        is_bool = setting.get("type") == "bool"
        values = ["true", "false"] if is_bool else [str(v) for v in setting.get("values") or []]
        default = str(setting.get("default")).lower() if is_bool else str(setting.get("default"))
        question = ctx.loc.text(f"setting-{name}", readable(name))
        blocks.append(Heading(2, (question, " ", Code(name)), setting_anchor(name)))
        blocks.append(ctx.marks_para(setting.get("provenance"), setting.get("src")))
        rows: list[list[Inlines]] = []
        for value in values:
            label: Inlines = (ctx.loc.text(f"setting-{name}-{value}", readable(value)),)
            if value == default:
                label += (" — ", Strong(ctx.t("docs-setting-default", "the default")))
            rows.append([label, (Code(value),)])
        if setting.get("type") == "int":  # (no list of values: the numbers it takes, and its default)
            rows.append([_whole_numbers(ctx, setting), (Code(default),)])
        header: list[Inlines] = [
            (ctx.t("docs-setting-value", "Value"),),
            (ctx.t("docs-setting-ident", "In the rule files"),),
        ]
        blocks.append(Table(header, rows))
    return Page("settings", page_title(ctx, "settings"), blocks)
