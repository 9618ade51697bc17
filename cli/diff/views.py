"""Each declaration of a compiled ruleset in rule terms, for `twilight diff`.

A view is plain data: numbers, names, ids, and outlines (lists of lines in the reader's language, from
cli/outline.py and cli/explain/appendix.py). Two views of the same declaration in two rulesets compare field
by field (cli/diff/ir.py); the field names are the words the diff report shows. Views leave out what the
report ignores: source positions and the order of a provenance's references.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twilight.cli.explain.appendix import AppendixExplainer
from twilight.cli.explain.cmd import FLAGS
from twilight.cli.explain.trace import _mark
from twilight.cli.localizer import Localizer, readable
from twilight.cli.outline import Outliner, outline_event

# Where each kind of declaration lives in the IR: the section, and the map's subsections.
SECTIONS: dict[str, tuple[str, ...]] = {
    "card": ("cards",),
    "appendix": ("appendix",),
    "priority": ("priorities",),
    "table": ("tables",),
    "setting": ("settings",),
    "procedure": ("procedures",),
    "function": ("functions",),
    "rule": ("rules",),
    "sequence": ("sequence",),
    "country": ("map", "countries"),
    "region": ("map", "regions"),
    "side": ("map", "sides"),
    "order": ("orders",),
    "variable": ("variables",),
    "zone": ("zones",),
    "track": ("tracks",),
    "moment": ("moments",),
    "layout": ("map", "layout"),
}
CARD_FLAGS = (*FLAGS, "no_event")
CARD_LINKS = ("enables", "prevents", "requires_any", "prevented_by")


def declarations(ir: dict[str, Any], kind: str) -> dict[str, dict[str, Any]]:
    """The declarations of one kind, by id (the one turn sequence under its own name)."""
    node: Any = ir
    for step in SECTIONS[kind]:
        node = node.get(step) if isinstance(node, dict) else None
    if kind == "sequence":
        return {str(node.get("name") or "game"): node} if isinstance(node, dict) else {}
    if kind == "layout":  # the one layout of the map, under its own name
        return {str(node.get("name")): node} if isinstance(node, dict) else {}
    if not isinstance(node, dict):
        return {}
    return {str(k): v for k, v in node.items() if isinstance(v, dict)}


def marks(provenance: Any) -> dict[str, list[str]]:
    """A provenance's references and provisional marks, sorted: their order is not a change."""
    mark = _mark(provenance)
    return {"sources": sorted(mark["sources"]), "provisional": sorted(mark["provisional"])}


def row_key(row: dict[str, Any]) -> str:
    """A table row's (or total's) keys as one name: `ussr poland`."""
    return " ".join(map(str, row.get("keys") or []))


def params_text(params: Any) -> str:
    return ", ".join(f"{p.get('name')}: {p.get('type')}" for p in params or [] if isinstance(p, dict))


class Views:
    """Views of one ruleset's declarations, in one language."""

    def __init__(self, loc: Localizer, ir: dict[str, Any]) -> None:
        self.loc = loc
        self.ir = ir
        self.builders: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "card": self.card,
            "appendix": self.appendix,
            "priority": self.priority,
            "table": self.table,
            "setting": self.setting,
            "procedure": self.procedure,
            "function": self.function,
            "rule": self.rule,
            "sequence": self.sequence,
            "country": self.country,
            "region": self.region,
            "side": self.side,
            "order": self.order,
            "variable": self.variable,
            "zone": self.zone,
            "track": self.track,
            "moment": self.moment,
            "layout": self.layout,
        }

    def view(self, kind: str, decl: dict[str, Any]) -> dict[str, Any]:
        return {**self.builders[kind](decl), **marks(decl.get("provenance"))}

    # Names, as the report's titles show them.

    def name(self, kind: str, decl_id: str, decl: dict[str, Any]) -> str:
        if kind in ("card", "appendix"):
            return f"#{decl.get('number')} {self.loc.card(decl_id)} ({decl_id})"
        words = {
            "priority": f"ai-priority-{decl_id}",
            "procedure": f"procedure-{decl_id}",
            "function": f"function-{decl_id}",
            "order": f"order-{decl_id}",
            "country": f"country-{decl_id}",
            "region": f"region-{decl_id}",
            "side": f"side-{decl_id}",
        }
        if kind == "rule":
            return f"{decl.get('kind') or 'rule'} {decl_id}"
        shown = self.loc.get(words[kind]) if kind in words else None
        return f"{shown} ({decl_id})" if shown and shown != decl_id else decl_id

    # Words for expressions and bodies; a fresh outliner each time, as the variables it learns belong to
    # one block.

    def expr(self, e: Any) -> str:
        return Outliner(self.loc, self.ir).expr(e)

    def body(self, body: Any) -> list[str]:
        return Outliner(self.loc, self.ir).body(body) if isinstance(body, list) else []

    def key(self, key: dict[str, Any]) -> str:
        return f"{self.expr(key.get('key'))} ({'desc' if key.get('desc') else 'asc'})"

    # The kinds

    def card(self, card: dict[str, Any]) -> dict[str, Any]:
        return {
            "number": card.get("number"),
            "ops": card.get("ops"),
            "side": card.get("side"),
            "period": card.get("period"),
            "flags": [flag for flag in CARD_FLAGS if card.get(flag)],
            **{link: [str(c) for c in card.get(link) or []] for link in CARD_LINKS},
            "event": outline_event(self.loc, self.ir, card),
        }

    def appendix(self, entry: dict[str, Any]) -> dict[str, Any]:
        explainer = AppendixExplainer(self.loc, self.ir)
        events = []
        for raw in entry.get("events") or []:
            event = explainer.event(raw)
            events.append(
                {
                    "moments": event["moments_text"],
                    "condition": event["condition"],
                    "resolve": event["resolve"] or [],
                    **marks(raw.get("provenance")),
                }
            )
        return {
            "number": entry.get("number"),
            "events": events,
            "ops_only": bool(entry.get("ops_only")),
            "reaction": explainer.block(entry.get("reaction")) or [],
            "against_human": explainer.block(entry.get("against_human")) or [],
        }

    def priority(self, plist: dict[str, Any]) -> dict[str, Any]:
        target = plist.get("target") or {}
        return {
            "params": params_text(plist.get("params")),
            "target": f"{target.get('name')}: {target.get('type')}",
            "restart": plist.get("restart"),
            "requires": [self.expr(r.get("expr")) for r in plist.get("requires") or []],
            "options": [self.option(o) for o in plist.get("options") or [] if isinstance(o, dict)],
            "then_by": [self.key(k) for k in plist.get("final") or []],
        }

    def option(self, option: dict[str, Any]) -> dict[str, Any]:
        name = str(option.get("name"))
        return {
            "number": option.get("number"),
            "name": name,
            "label": self.loc.text(f"ai-option-{name}", readable(name).lower()),
            "when": [self.expr(c) for c in option.get("when") or []],
            "where": [self.expr(c) for c in option.get("where") or []],
            "prefer": [self.key(k) for k in option.get("prefer") or []],
            "place": None if option.get("place") is None else self.expr(option.get("place")),
            **marks(option.get("provenance")),
        }

    def table(self, table: dict[str, Any]) -> dict[str, Any]:
        labels = [str(c.get("label")) for c in table.get("columns") or []]
        rows = {
            row_key(row): dict(zip(labels, row.get("cells") or [], strict=False))
            for row in table.get("rows") or []
        }
        return {
            "roll": None if table.get("roll") is None else self.expr(table.get("roll")),
            "keys": [str(k) for k in table.get("keys") or []],
            "columns": labels,
            "faces": {str(c.get("label")): c.get("faces") for c in table.get("columns") or []},
            "rows": rows,
            "totals": {row_key(total): total.get("total") for total in table.get("totals") or []},
        }

    def setting(self, setting: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": setting.get("type"),
            "values": [str(v) for v in setting.get("values") or []],
            "default": setting.get("default"),
            # an int setting's bounds (`int from MIN to MAX`); none: any whole number
            "min": setting.get("min"),
            "max": setting.get("max"),
        }

    def procedure(self, procedure: dict[str, Any]) -> dict[str, Any]:
        return {"params": params_text(procedure.get("params")), "body": self.body(procedure.get("body"))}

    def function(self, function: dict[str, Any]) -> dict[str, Any]:
        return {
            "params": params_text(function.get("params")),
            "returns": function.get("returns"),
            "body": [self.expr(function.get("body"))],
        }

    def rule(self, rule: dict[str, Any]) -> dict[str, Any]:
        return {"kind": rule.get("kind"), "items": self.body(rule.get("items") or [])}

    def sequence(self, sequence: dict[str, Any]) -> dict[str, Any]:
        return {"body": self.body(sequence.get("body") or [])}

    def country(self, country: dict[str, Any]) -> dict[str, Any]:
        return {
            "region": country.get("region"),
            "subregions": [str(s) for s in country.get("subregions") or []],
            "stability": country.get("stability"),
            "battleground": bool(country.get("battleground")),
            "adjacent": [str(c) for c in country.get("adjacent") or []],
        }

    def region(self, region: dict[str, Any]) -> dict[str, Any]:
        return {"parent": region.get("parent")}

    def side(self, side: dict[str, Any]) -> dict[str, Any]:
        adjacent = [str(c) for c in side.get("adjacent") or []]
        return {"superpower": side.get("superpower"), "adjacent": adjacent}

    def order(self, order: dict[str, Any]) -> dict[str, Any]:
        return {"items": [str(i) for i in order.get("items") or []]}

    # The ruleset's own state, and the moments a scenario file's steps run.
    def variable(self, variable: dict[str, Any]) -> dict[str, Any]:
        return {"type": variable.get("type"), "initial": variable.get("initial")}

    def zone(self, zone: dict[str, Any]) -> dict[str, Any]:
        return {"face_down": bool(zone.get("face_down"))}

    def track(self, track: dict[str, Any]) -> dict[str, Any]:
        return {"from": track.get("min"), "to": track.get("max"), "per_side": bool(track.get("per_side"))}

    def layout(self, layout: dict[str, Any]) -> dict[str, Any]:
        """Where the board's picture draws each box and region name: `COLUMN, ROW`."""
        return {
            kind: {str(name): f"{cell[0]}, {cell[1]}" for name, cell in (layout.get(kind) or {}).items()}
            for kind in ("places", "labels")
        }

    def moment(self, moment: dict[str, Any]) -> dict[str, Any]:
        return {
            "setup": bool(moment.get("setup")),
            "params": params_text(moment.get("params")),
            "body": self.body(moment.get("body") or []),
        }


def counted(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def summary(kind: str, view: dict[str, Any]) -> str:
    """A few words that say what an added or removed declaration is."""
    if kind == "card":
        flags = "".join(f", {f}" for f in view["flags"])
        return f"ops {view['ops']}, {view['side']}, {view['period']}{flags}"
    if kind == "appendix":
        moments = [e["moments"] + (", if …" if e["condition"] else "") for e in view["events"]]
        return "ops only" if view["ops_only"] else "; ".join(moments) or "no moment"
    if kind == "priority":
        return f"{counted(len(view['options']), 'option')}, target {view['target']}"
    if kind == "table":
        return f"{counted(len(view['rows']), 'row')} × {counted(len(view['columns']), 'column')}"
    if kind == "setting":
        bounds = "" if view["min"] is None else f" from {view['min']} to {view['max']}"
        return f"{view['type']}{bounds} = {view['default']}"
    if kind == "country":
        ground = ", battleground" if view["battleground"] else ""
        return f"{view['region']}, stability {view['stability']}{ground}"
    if kind == "order":
        return counted(len(view["items"]), "item")
    if kind == "function":
        return f"({view['params']}): {view['returns']}"
    if kind == "procedure":
        return f"({view['params']}), {counted(len(view['body']), 'line')}"
    if kind == "rule":
        return counted(len(view["items"]), "item")
    return ""
