"""Two rulesets compared game by game: game i of a cell has the same seed under both (the same deals and
dice wherever the rules draw them alike), so the games are pairs and are tested as pairs; and what the
variant changed, declaration by declaration, with how often each fired and how many games came out
differently."""

from __future__ import annotations

from typing import Any

from twilight.cli.balance import stats
from twilight.runtime.core.firings import COUNTED_KINDS

PAIRED_WIN_TEST = "McNemar's exact test on the games whose winner differs, two-sided"
PAIRED_VP_TEST = "paired differences of the final VP (normal approximation, two-sided)"


def _done(records: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {int(r["game"]): r for r in records if "error" not in r}


def pairs(records_a: list[dict[str, Any]], records_b: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    """The games finished under both rulesets, paired by their index (and so by their seed)."""
    a, b = _done(records_a), _done(records_b)
    return [(a[i], b[i]) for i in sorted(set(a) & set(b)) if a[i]["seed"] == b[i]["seed"]]


def _course(record: dict[str, Any]) -> tuple[Any, ...]:
    """How a game went, as two rulesets can compare it (their states' digests always differ: each holds
    its ruleset's name): who won, how, at which turn, with what VP, after how many decisions."""
    return (record["winner"], record["reason"], record["turn"], record["vp"], record.get("decisions"))


def _changed(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether the pair's results differ: the winner or the final VP."""
    return bool(a["winner"] != b["winner"] or a["vp"] != b["vp"])


def paired_comparison(
    records_a: list[dict[str, Any]], records_b: list[dict[str, Any]], ai_side: str
) -> dict[str, Any]:
    """B against A in one cell, pair by pair: the AI's wins (McNemar), the final VP (paired differences)
    and how many games came out differently."""
    matched = pairs(records_a, records_b)
    only_a = sum(1 for a, b in matched if a["winner"] == ai_side and b["winner"] != ai_side)
    only_b = sum(1 for a, b in matched if a["winner"] != ai_side and b["winner"] == ai_side)
    both = sum(1 for a, b in matched if a["winner"] == ai_side and b["winner"] == ai_side)
    wins = stats.mcnemar(only_a, only_b, len(matched))
    return {
        "pairs": len(matched),
        "ai_wins": {"a": both + only_a, "b": both + only_b, "both": both, **wins},
        "final_vp": stats.paired_means([float(b["vp"] - a["vp"]) for a, b in matched]),
        "games_changed": {
            "winner": sum(1 for a, b in matched if a["winner"] != b["winner"]),
            "final_vp": sum(1 for a, b in matched if a["vp"] != b["vp"]),
            "course": sum(1 for a, b in matched if _course(a) != _course(b)),
        },
        "tests": {"ai_wins": PAIRED_WIN_TEST, "final_vp": PAIRED_VP_TEST},
    }


# ---------------------------------------------------------------------- what the variant changed
def changed_options(ir_a: dict[str, Any], ir_b: dict[str, Any], name: str) -> list[str]:
    """The options of priority list `name` that B changed: added, or with other conditions, or at another
    place in the list (a move). By name, or number for an option without one."""

    def options(ir: dict[str, Any]) -> dict[str, tuple[int, Any]]:
        found = ir.get("priorities", {}).get(name, {}).get("options", [])
        return {str(o.get("name") or o.get("number")): (i, _plain(o)) for i, o in enumerate(found)}

    before, after = options(ir_a), options(ir_b)
    return [key for key, value in after.items() if before.get(key) != value]


def _plain(option: dict[str, Any]) -> Any:
    """An option as what it does: its place in the source and its provenance left out."""

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items() if k not in ("src", "provenance", "number")}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(option)


def counted_functions(changes: list[dict[str, Any]], ir: dict[str, Any]) -> frozenset[str]:
    """The rule functions of this ruleset that the comparison changed or added: their calls are counted."""
    return frozenset(
        c["id"] for c in changes if c["kind"] == "function" and c["id"] in ir.get("functions", {})
    )


def declaration_firings(
    changes: list[dict[str, Any]],
    irs: dict[str, dict[str, Any]],
    cells: list[tuple[list[dict[str, Any]], list[dict[str, Any]]]],
) -> list[dict[str, Any]]:
    """Per changed declaration, over every cell's games (`cells`: each cell's records under A and B): how
    often it fired under A and B, in how many games, and how many of the games it fired in (under either)
    came out differently."""
    matched = [pair for a, b in cells for pair in pairs(a, b)]
    records = {"a": [r for a, _ in cells for r in a], "b": [r for _, b in cells for r in b]}
    out = []
    for change in changes:
        kind, ident = change["kind"], change["id"]
        entry: dict[str, Any] = {
            "kind": kind,
            "id": ident,
            "name": change.get("name", ident),
            "change": change["change"],
            "counted": kind in COUNTED_KINDS,
        }
        if kind not in COUNTED_KINDS:
            entry["note"] = "in force in every game: not counted"
        else:
            entry.update(_firings(f"{kind}:{ident}", records, matched))
            entry.update(_parts_firings(kind, ident, irs, records))
        out.append(entry)
    return out


def _firings(
    key: str, records: dict[str, list[dict[str, Any]]], matched: list[tuple[Any, Any]]
) -> dict[str, Any]:
    """How often a declaration fired under A and B and in how many games; in how many pairs it fired
    (under either), and how many of those came out differently."""
    out: dict[str, Any] = {}
    for side in ("a", "b"):
        counts = [r.get("firings", {}).get(key, 0) for r in records[side] if "error" not in r]
        out[side] = {"firings": sum(counts), "games": sum(1 for n in counts if n)}
    fired = [(a, b) for a, b in matched if a.get("firings", {}).get(key) or b.get("firings", {}).get(key)]
    out["games_fired_in_either"] = len(fired)
    out["games_changed"] = sum(1 for a, b in fired if _changed(a, b))
    return out


def _parts_firings(
    kind: str, ident: str, irs: dict[str, dict[str, Any]], records: dict[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    """A priority list's changed options, each with how often it fired; an appendix entry's holds."""

    def total(key: str, side: str) -> int:
        return sum(r.get("firings", {}).get(key, 0) for r in records[side])

    key = f"{kind}:{ident}"
    if kind == "priority":
        options = changed_options(irs["a"], irs["b"], ident)
        return {"options": {o: {side: total(f"{key}:{o}", side) for side in ("a", "b")} for o in options}}
    if kind == "appendix":
        return {"held": {side: total(f"{key}:held", side) for side in ("a", "b")}}
    return {}
