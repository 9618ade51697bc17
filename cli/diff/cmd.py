"""`twilight diff A B`: what changed between two rule versions, in rule terms, not as a text diff.

Both rulesets are compiled and their IRs compared declaration by declaration (cli/diff/ir.py). The
report's own words are English (an author's tool); the outlines inside it follow `--lang`.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from twilight.cli.diff.compiled import DiffError, compiled
from twilight.cli.diff.ir import KINDS, Change, Detail, compare
from twilight.cli.explain.trace import _short
from twilight.cli.localizer import FALLBACK, LANGUAGES

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


def diff_report(a: str, b: str, lang: str) -> dict[str, Any]:
    """The comparison as plain data: both rulesets, the version change, every change."""
    old, new = compiled(a, lang), compiled(b, lang)
    changes = compare(old.ir, old.views, new.ir, new.views)
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
    if detail.note is not None:
        head = f"{detail.field}: {detail.note}"
    elif detail.diff is not None:
        head = f"{detail.field}:"
    else:
        head = f"{detail.field}: {shown(detail.before)} -> {shown(detail.after)}"
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
def diff(ruleset_a: str, ruleset_b: str, lang: str, as_json: bool) -> None:
    """What changed from RULESET_A to RULESET_B (names or folders, as `twilight check` takes them), in
    rule terms: cards, the solo AI's appendix and priority lists, tables, settings, procedures,
    functions, standing rules, the turn sequence, the map and the orders, each with its sources. Exit 0
    with the report (also when nothing changed), 1 when a ruleset is unknown or does not compile. An
    author's tool: its labels are English, its outlines follow --lang."""
    try:
        if lang not in LANGUAGES:
            raise DiffError(f"unknown language {lang} (known: {', '.join(LANGUAGES)})")
        report = diff_report(ruleset_a, ruleset_b, lang)
    except DiffError as err:
        click.echo(f"error: {err}" if "\n" not in str(err) else str(err), err=True)
        sys.exit(1)
    if as_json:
        payload = {**report, "changes": [c.to_json() for c in report["changes"]]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=1))
        return
    click.echo("\n".join(render_text(report)))
