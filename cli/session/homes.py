"""Where each decision of a ruleset is declared: the card or procedure whose rules ask it, with its
sources. The terminal's `?`, the browser's question panel (through rules_help.py) and `twilight explain
trace` (a decision named by the card that asks it) read it; it reads nothing but the IR."""

from __future__ import annotations

from typing import Any


def decision_homes(ir: dict[str, Any]) -> dict[str, list[tuple[str, str, Any]]]:
    """Where each decision of the rules is declared: ("card", id, provenance) or ("procedure", name,
    provenance); for `?`."""
    homes: dict[str, list[tuple[str, str, Any]]] = {}

    def walk(node: Any, kind: str, ident: str, provenance: Any) -> None:
        if isinstance(node, dict):
            name = (
                node.get("decision")
                if "choose" in node
                else node.get("decide")
                if "options" in node
                else None
            )
            if isinstance(name, str):
                entry = (kind, ident, provenance)
                if entry not in homes.setdefault(name, []):
                    homes[name].append(entry)
            for value in node.values():
                walk(value, kind, ident, provenance)
        elif isinstance(node, list):
            for value in node:
                walk(value, kind, ident, provenance)

    for card, info in (ir.get("cards") or {}).items():
        walk(info.get("event"), "card", card, info.get("provenance"))
    for card, entry in (ir.get("appendix") or {}).items():
        walk(entry, "card", card, entry.get("provenance") if isinstance(entry, dict) else None)
    for name, proc in (ir.get("procedures") or {}).items():
        walk(proc.get("body"), "procedure", name, proc.get("provenance"))
    walk(ir.get("sequence"), "procedure", "sequence", None)
    return homes


_HOMES: dict[int, tuple[dict[str, Any], dict[str, list[tuple[str, str, Any]]]]] = {}


def homes_of(ir: dict[str, Any]) -> dict[str, list[tuple[str, str, Any]]]:
    """`decision_homes` of `ir`, walked once per IR (a server shows a question page after every answer)."""
    kept = _HOMES.get(id(ir))
    if kept is None or kept[0] is not ir:
        if len(_HOMES) >= 8:
            _HOMES.clear()
        kept = _HOMES[id(ir)] = (ir, decision_homes(ir))
    return kept[1]
