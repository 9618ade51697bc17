"""`twilight diff A B`: what changed between two rule versions, in rule terms, not as a text diff.

Both rulesets are compiled and their IRs compared declaration by declaration (cli/diff/ir.py). The
report's own words are English (an author's tool); the outlines inside it follow `--lang`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from twilight.cli.diff.compiled import Compiled, DiffError, compiled
from twilight.cli.diff.ir import KINDS, Change, Detail, compare
from twilight.cli.explain.trace import _short
from twilight.cli.localizer import FALLBACK, LANGUAGES, Localizer
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option

GROUPS = {
    "card": "Cards",
    "appendix": "Card appendix (solo AI)",
    "priority": "Priority lists",
    "table": "Tables",
    "setting": "Settings",
    "procedure": "Procedures",
    "function": "Functions",
    "rule": "Standing rules",
    "sequence": "Turn sequence",
    "country": "Map: countries",
    "region": "Map: regions",
    "side": "Map: superpowers",
    "order": "Orders",
    "variable": "Declared state: variables",
    "zone": "Declared state: zones (card piles)",
    "track": "Declared state: tracks",
    "moment": "Scenario moments",
    "layout": "Map: layout (the board's picture)",
}
INDENT = "  "


def diff_report(a: str, b: str, lang: str, rules_paths: tuple[str, ...] = ()) -> dict[str, Any]:
    """The comparison as plain data: both rulesets (found in `rules_paths` too), the version change,
    every change."""
    old, new = compiled(a, lang, rules_paths=rules_paths), compiled(b, lang, rules_paths=rules_paths)
    changes = compare(old.ir, old.views, new.ir, new.views)
    name_table_cells(changes, old, new)
    versions = (old.about()["version"], new.about()["version"])
    counts: dict[str, dict[str, int]] = {}
    for change in changes:
        kind = counts.setdefault(change.kind, {})
        kind[change.change] = kind.get(change.change, 0) + 1
    return {
        "a": old.about(),
        "b": new.about(),
        "lang": lang,
        # A lone rule file has no version of its own: no version line then.
        "version": None
        if None in versions or versions[0] == versions[1]
        else {"before": versions[0], "after": versions[1]},
        "counts": counts,
        "changes": changes,
    }


def name_table_cells(changes: list[Change], old: Compiled, new: Compiled) -> None:
    """Give each changed table's rows, cells and totals their words (`Detail.words`), as `twilight
    rulesets --changes` names them (cli/session/numbers.py): a row by its keys' names in the report's
    language (`US, France`), a column by its table's words or as the roll it is (`roll of 3`, in the
    report's own English)."""
    from twilight.cli.session.text import APP_FOLDER

    english = Localizer.for_folders([APP_FOLDER], FALLBACK)
    for change in changes:
        if change.kind == "table":
            _name_cells(change, old, new, english)


def _name_cells(change: Change, old: Compiled, new: Compiled, english: Localizer) -> None:
    from twilight.cli.session.numbers import _column_words, _key_words, _row_keys

    def t(msg_id: str, **args: Any) -> str:
        got = english.get(msg_id, **args)
        return msg_id if got is None else got

    old_table = old.ir.get("tables", {}).get(change.id) or {}
    new_table = new.ir.get("tables", {}).get(change.id) or {}
    # (a table taken out is named by the ruleset that has it)
    side = new if new_table else old
    table = new_table or old_table
    kinds = [str(kind) for kind in table.get("keys") or []]
    keys_of = _row_keys(old_table, new_table)
    columns = {str(column.get("label")): column for column in table.get("columns") or []}

    def row_words(row: str) -> str:
        keys = keys_of.get(row, row.split())
        pairs = zip(kinds, keys, strict=False)
        return ", ".join(_key_words(kind, key, side.ir, side.views.loc) for kind, key in pairs)

    for detail in change.details:
        if detail.field.startswith("row "):
            row, _, column = detail.field.removeprefix("row ").partition(", column ")
            detail.words = f"row {row_words(row)}"
            if column:
                label = columns.get(column, {"label": column})
                detail.words += f"; {_column_words(change.id, label, side.views.loc, t)}"
        elif detail.field.startswith("total "):
            detail.words = f"total {row_words(detail.field.removeprefix('total '))}"


# ---------------------------------------------------------------- text


def shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(shown, value)) or "(none)"
    return str(value)


def source_text(sources: dict[str, Any]) -> str:
    parts = []
    if sources["sources"]:
        parts.append("source: " + "; ".join(sources["sources"]))
    if sources["provisional"]:
        parts.append("provisional: " + ", ".join(_short(p) for p in sources["provisional"]))
    if not parts:
        parts.append("no source and no provisional mark")
    return " · ".join(parts) + (f" ({sources['src']})" if sources.get("src") else "")


def detail_lines(detail: Detail) -> list[str]:
    field = detail.words or detail.field
    if detail.note is not None:
        head = f"{field}: {detail.note}"
    elif detail.diff is not None:
        head = f"{field}:"
    else:
        head = f"{field}: {shown(detail.before)} -> {shown(detail.after)}"
    return [head, *(INDENT + line for line in detail.diff or [])]


def counts_text(counts: dict[str, int]) -> str:
    return ", ".join(f"{counts[c]} {c}" for c in ("changed", "added", "removed") if counts.get(c))


def about(side: dict[str, Any]) -> str:
    version = f" {side['version']}" if side["version"] else ""
    return f"{side['target']} ({side['name']}{version})"


def render_text(report: dict[str, Any]) -> list[str]:
    a, b = report["a"], report["b"]
    lines = [f"{about(a)} -> {about(b)}"]
    if report["version"]:
        lines.append(f"version: {report['version']['before']} -> {report['version']['after']}")
    changes: list[Change] = report["changes"]
    if not changes:
        lines.append("nothing changed: both rulesets have the same rules")
        return lines
    for kind in KINDS:
        group = [c for c in changes if c.kind == kind]
        if not group:
            continue
        lines.append("")
        lines.append(f"{GROUPS[kind]}: {counts_text(report['counts'][kind])}")
        for change in group:
            what = f": {change.summary}" if change.summary else ""
            lines.append(f"{INDENT}{change.change} {change.name}{what}")
            lines.append(INDENT * 2 + source_text(change.sources))
            for detail in change.details:
                lines.extend(INDENT * 2 + line for line in detail_lines(detail))
    total = sum(sum(c.values()) for c in report["counts"].values())
    lines.append("")
    lines.append(f"{total} declarations differ" if total != 1 else "1 declaration differs")
    return lines


@click.command("diff")
@click.argument("ruleset_a")
@click.argument("ruleset_b")
@click.option(
    "--lang",
    "-l",
    default=FALLBACK,
    show_default=True,
    help=f"Language of the outlines: {', '.join(LANGUAGES)} (the report's own words are English).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object: both rulesets and every change.")
@rules_path_option(FOUND_TOO)
def diff(ruleset_a: str, ruleset_b: str, lang: str, as_json: bool, rules_paths: tuple[str, ...]) -> None:
    """What changed from RULESET_A to RULESET_B (names or folders, as `twilight check` takes them), in
    rule terms: cards, the solo AI's appendix and priority lists, tables, settings, procedures,
    functions, standing rules, the turn sequence, the map and the orders, each with its sources. Exit 0
    with the report (also when nothing changed), 1 when a ruleset is unknown or does not compile. An
    author's tool: its labels are English, its outlines follow --lang."""
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    try:
        if lang not in LANGUAGES:
            raise DiffError(f"unknown language {lang} (known: {', '.join(LANGUAGES)})")
        report = diff_report(ruleset_a, ruleset_b, lang, rules_paths)
    except DiffError as err:
        click.echo(f"error: {err}" if "\n" not in str(err) else str(err), err=True)
        sys.exit(1)
    if as_json:
        payload = {**report, "changes": [c.to_json() for c in report["changes"]]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=1))
        return
    click.echo("\n".join(render_text(report)))
