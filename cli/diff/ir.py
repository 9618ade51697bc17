"""Two compiled rulesets compared in rule terms, declaration by declaration, for `twilight diff`.

A declaration has changed when its IR differs once the noise is gone: its source position (`src`) and the
order of its provenance's references. What changed is then read from the two views of cli/diff/views.py,
field by field: a number or a word as before -> after, a set of ids as what was added and removed, an
outline as a line diff, a priority list's options, a table's rows and an order's items one by one,
including a move (an item that changed place among the others).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from difflib import SequenceMatcher
from typing import Any

from twilight.cli.diff.views import SECTIONS, Views, declarations, summary
from twilight.cli.explain.trace import _mark

KINDS: tuple[str, ...] = tuple(SECTIONS)
# Fields shown as a line diff: outlines, and lists of conditions or keys.
LINE_FIELDS = {
    "event", "body", "items", "resolve", "reaction", "against_human", "when", "where", "requires", "prefer",
    "then_by",
}  # fmt: skip
# Fields that are sets of ids or references: shown as what was added and what removed.
MEMBER_FIELDS = {
    "flags", "enables", "prevents", "requires_any", "prevented_by", "adjacent", "subregions", "values",
    "sources", "provisional",
}  # fmt: skip
# Fields a kind compares in its own way (one item at a time), not as a whole.
OWN_FIELDS: dict[str, set[str]] = {
    "priority": {"options"},
    "appendix": {"events"},
    "table": {"rows", "totals", "faces"},
    "order": {"items"},
    "layout": {"places", "labels"},
}


@dataclass
class Detail:
    """One thing that changed inside a declaration."""

    field: str
    change: str  # added | removed | changed | moved | renumbered
    before: Any = None
    after: Any = None
    note: str | None = None  # the change in a few words, when before -> after does not say it well
    diff: list[str] | None = None  # lines prefixed "- ", "+ " (and "…" between distant changes)
    # The field as the report shows it, when its ids read better in words (a table's row and column by
    # the names the game gives them: cli/diff/cmd.py `name_table_cells`); `field` stays the ids.
    words: str | None = None


@dataclass
class Change:
    """A declaration added, removed or changed. `sources` are B's (A's for a removed one)."""

    kind: str
    id: str
    name: str
    change: str  # added | removed | changed
    before: Any
    after: Any
    sources: dict[str, Any]
    summary: str = ""
    details: list[Detail] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# ---------------------------------------------------------------- what counts as a change


def canonical(decl: dict[str, Any]) -> Any:
    """A declaration without its source position, each provenance's references sorted."""

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            out = {}
            for key, value in node.items():
                if key == "provenance" and isinstance(value, dict):
                    out[key] = {k: sorted(map(str, v)) for k, v in value.items() if isinstance(v, list) and v}
                else:
                    out[key] = walk(value)
            return out
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk({k: v for k, v in decl.items() if k != "src"})


def first_difference(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any]:
    """Where two canonical declarations first differ, as a path (`final/4/provenance/sources/0`), and
    the two values there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{path}/{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}/{i}")
    return path.lstrip("/") or "(the whole declaration)", a, b


def hidden_change(was: Any, now: Any) -> Detail:
    """A difference that no view shows (a reference on one key of a list, say): its place in the IR."""
    where, old, new = first_difference(was, now)
    note = "changed where no outline shows it"
    if not isinstance(old, dict | list) and not isinstance(new, dict | list):
        note = f"{old!r} -> {new!r} ({note})"
    return Detail(where, "changed", old, new, note=note)


# ---------------------------------------------------------------- field by field


def line_diff(before: list[str], after: list[str]) -> list[str]:
    """The changed lines only: `- old`, `+ new`, each run of changes under the line that holds it (an
    outline nests by indentation), and `…` between runs apart from each other."""
    out: list[str] = []
    for i, group in enumerate(SequenceMatcher(None, before, after, autojunk=False).get_grouped_opcodes(0)):
        if i:
            out.append("…")
        tag, a1, _, b1, _ = group[0]
        holder = enclosing(before, a1, (before[a1:] or after[b1:] or [""])[0])
        if holder is not None:
            out.append(f"  {holder}")
        for tag, a1, a2, b1, b2 in group:
            if tag != "equal":
                out.extend(f"- {line}" for line in before[a1:a2])
                out.extend(f"+ {line}" for line in after[b1:b2])
    return out


def enclosing(lines: list[str], index: int, first: str) -> str | None:
    """The nearest line above `index` indented less than `first`: the block a change sits in."""
    depth = len(first) - len(first.lstrip())
    if depth == 0:
        return None
    for line in reversed(lines[:index]):
        if len(line) - len(line.lstrip()) < depth:
            return line
    return None


def members_note(before: list[str], after: list[str]) -> str:
    added = [x for x in after if x not in before]
    removed = [x for x in before if x not in after]
    parts = [f"added {', '.join(added)}"] if added else []
    parts += [f"removed {', '.join(removed)}"] if removed else []
    return "; ".join(parts) or f"reordered: {', '.join(after)}"


def moved(before: list[str], after: list[str]) -> list[str]:
    """The items of both lists that changed place among the others: those outside a longest common
    subsequence (so one item moved is one move, not a shift of all that lie between)."""
    common = set(before) & set(after)
    a = [x for x in before if x in common]
    b = [x for x in after if x in common]
    longest = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            longest[i][j] = (
                longest[i + 1][j + 1] + 1 if a[i] == b[j] else max(longest[i + 1][j], longest[i][j + 1])
            )
    kept: set[str] = set()
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            kept.add(a[i])
            i, j = i + 1, j + 1
        elif longest[i + 1][j] >= longest[i][j + 1]:
            i += 1
        else:
            j += 1
    return [x for x in b if x not in kept]


def field_details(prefix: str, before: dict[str, Any], after: dict[str, Any], skip: set[str]) -> list[Detail]:
    details: list[Detail] = []
    for name in [*before, *(k for k in after if k not in before)]:
        old, new = before.get(name), after.get(name)
        if name in skip or old == new:
            continue
        label = prefix + name
        if name in LINE_FIELDS:
            details.append(Detail(label, "changed", old, new, diff=line_diff(old or [], new or [])))
        elif name in MEMBER_FIELDS:
            details.append(Detail(label, "changed", old, new, note=members_note(old or [], new or [])))
        else:
            details.append(Detail(label, "changed", old, new))
    return details


def ranking_details(what: str, before: list[str], after: list[str], position: dict[str, Any]) -> list[Detail]:
    """Items of an ordered list that moved, each with its place before and after (`position` maps an item
    to its (old, new) place; the default is its index from 1)."""
    details = []
    for item in moved(before, after):
        old, new = position.get(item) or (before.index(item) + 1, after.index(item) + 1)
        details.append(Detail(f"{what} {item}", "moved", old, new, note=f"moved from {old} to {new}"))
    return details


def option_lines(option: dict[str, Any]) -> list[str]:
    lines = [f"option {option['number']} {option['name']} ({option['label']})"]
    for word in ("when", "where", "prefer"):
        lines.extend(f"  {word} {item}" for item in option[word])
    if option["place"] is not None:
        lines.append(f"  place {option['place']}")
    return lines


def option_details(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[Detail]:
    old = {o["name"]: o for o in before}
    new = {o["name"]: o for o in after}
    details = [
        *(_option_gone_or_new("removed", option) for name, option in old.items() if name not in new),
        *(_option_gone_or_new("added", option) for name, option in new.items() if name not in old),
    ]
    numbers = {name: (old[name]["number"], new[name]["number"]) for name in new if name in old}
    swaps, swapped = _swapped_options(list(old), numbers)
    details += swaps
    details += [
        d
        for d in ranking_details("option", list(old), list(new), numbers)
        if d.field[len("option ") :] not in swapped
    ]
    details += _renumbered_options(list(old), list(new), numbers)
    for name in numbers:
        details += field_details(f"option {name}: ", old[name], new[name], {"number", "label"})
    return details


def _option_gone_or_new(change: str, option: dict[str, Any]) -> Detail:
    """An option `removed` (its old lines) or `added` (its new ones)."""
    if change == "removed":
        lines = [f"- {line}" for line in option_lines(option)]
        return Detail(
            f"option {option['name']}",
            change,
            option,
            None,
            note=f"removed (was {option['number']})",
            diff=lines,
        )
    lines = [f"+ {line}" for line in option_lines(option)]
    return Detail(
        f"option {option['name']}", change, None, option, note=f"added as {option['number']}", diff=lines
    )


def _swapped_options(old: list[str], numbers: dict[str, tuple[int, int]]) -> tuple[list[Detail], set[str]]:
    """Two options that traded numbers (and places) are one change, said as such; the names of both."""
    details: list[Detail] = []
    swapped: set[str] = set()
    for name, (was, now) in numbers.items():
        other = next((o for o, (w, n) in numbers.items() if (w, n) == (now, was) and w != n), None)
        if other is not None and name not in swapped and old.index(name) < old.index(other):
            swapped |= {name, other}
            note = f"{was} and {now} swapped ({name} is now {now}, {other} is now {was})"
            details.append(Detail("options", "moved", [name, other], [other, name], note=note))
    return details, swapped


def _renumbered_options(old: list[str], new: list[str], numbers: dict[str, tuple[int, int]]) -> list[Detail]:
    """The options whose number changed other than by their new place."""
    moves = moved(old, new)
    details = []
    for name, (was, now) in numbers.items():
        # A number that follows the option's new place (others moved, came or went) is no news.
        if name not in moves and now - was != new.index(name) - old.index(name):
            details.append(
                Detail(f"option {name}", "renumbered", was, now, note=f"renumbered {was} -> {now}")
            )
    return details


def event_lines(event: dict[str, Any]) -> list[str]:
    head = event["moments"] + (f", if {event['condition']}" if event["condition"] else "")
    return [head, *(f"  resolve: {line}" for line in event["resolve"])]


def appendix_details(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[Detail]:
    """The AI's moments for the event, one by one in their order."""
    details: list[Detail] = []
    for i in range(max(len(before), len(after))):
        label = f"event {i + 1}"
        if i >= len(before):
            lines = [f"+ {line}" for line in event_lines(after[i])]
            details.append(Detail(label, "added", None, after[i], diff=lines))
        elif i >= len(after):
            lines = [f"- {line}" for line in event_lines(before[i])]
            details.append(Detail(label, "removed", before[i], None, diff=lines))
        else:
            details += field_details(f"{label} ", before[i], after[i], set())
    return details


def cells_text(cells: dict[str, Any]) -> str:
    return " ".join("-" if v is None else str(v) for v in cells.values())


def mapping_details(what: str, before: dict[str, Any], after: dict[str, Any]) -> list[Detail]:
    details = []
    for key in [*before, *(k for k in after if k not in before)]:
        if before.get(key) != after.get(key):
            change = "added" if key not in before else "removed" if key not in after else "changed"
            details.append(Detail(f"{what} {key}", change, before.get(key), after.get(key)))
    return details


def table_details(before: dict[str, Any], after: dict[str, Any]) -> list[Detail]:
    """Rows added and removed, cells changed (row key, column, old -> new), rows moved, totals."""
    old, new = before["rows"], after["rows"]
    details: list[Detail] = []
    for key in old:
        if key not in new:
            note = f"removed ({cells_text(old[key])})"
            details.append(Detail(f"row {key}", "removed", old[key], None, note=note))
    for key in new:
        if key not in old:
            note = f"added ({cells_text(new[key])})"
            details.append(Detail(f"row {key}", "added", None, new[key], note=note))
        elif old[key] != new[key]:
            details += mapping_details(f"row {key}, column", old[key], new[key])
    details += ranking_details("row", list(old), list(new), {})
    details += mapping_details("total", before["totals"], after["totals"])
    details += mapping_details("faces of column", before["faces"], after["faces"])
    return details


def declaration_details(kind: str, before: dict[str, Any], after: dict[str, Any]) -> list[Detail]:
    details = field_details("", before, after, OWN_FIELDS.get(kind, set()))
    if kind == "priority":
        details += option_details(before["options"], after["options"])
    elif kind == "appendix":
        details += appendix_details(before["events"], after["events"])
    elif kind == "table":
        details += table_details(before, after)
    elif kind == "order":
        old, new = before["items"], after["items"]
        if [x for x in old if x not in new] or [x for x in new if x not in old]:
            details.append(Detail("items", "changed", old, new, note=members_note(old, new)))
        details += ranking_details("item", old, new, {})
    elif kind == "layout":
        details += mapping_details("place of", before["places"], after["places"])
        details += mapping_details("label of", before["labels"], after["labels"])
    return details


def phases(body: Any) -> list[tuple[str, str]]:
    """The phases and steps of a sequence's or procedure's IR body, at any depth, in order: (word, name)."""
    found: list[tuple[str, str]] = []
    if isinstance(body, list):
        for stmt in body:
            found.extend(phases(stmt))
    elif isinstance(body, dict):
        if isinstance(body.get("phase"), str):
            found.append(("step" if body.get("step") else "phase", body["phase"]))
        for key, value in body.items():
            if key not in ("provenance", "src") and isinstance(value, list | dict):
                found.extend(phases(value))
    return found


def phase_details(before: Any, after: Any) -> list[Detail]:
    """Phases and steps inserted, removed or moved, each said with its neighbour: a patch's words."""
    old, new = phases(before), phases(after)
    old_names, new_names = [n for _, n in old], [n for _, n in new]
    details: list[Detail] = []
    for index, (word, name) in enumerate(new):
        if name in old_names:
            continue
        if index > 0:
            where = f"after {new[index - 1][0]} {new[index - 1][1]}"
        elif len(new) > 1:
            where = f"before {new[1][0]} {new[1][1]}"
        else:
            where = "as the only one"
        details.append(Detail(f"{word} {name}", "added", None, name, note=f"inserted {where}"))
    for word, name in old:
        if name not in new_names:
            details.append(Detail(f"{word} {name}", "removed", name, None, note="removed"))
    details += ranking_details("phase", old_names, new_names, {})
    return details


# ---------------------------------------------------------------- the whole comparison


def source_of(decl: dict[str, Any]) -> dict[str, Any]:
    """The declaration's references and provisional marks as written, and where it is written."""
    return {**_mark(decl.get("provenance")), "src": decl.get("src")}


def ordered_ids(kind: str, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    ids = [*new, *(i for i in old if i not in new)]
    if kind in ("card", "appendix"):
        ids.sort(key=lambda i: (new.get(i) or old.get(i) or {}).get("number") or 0)
    return ids


def one_side(
    kind: str, decl_id: str, old: dict[str, Any], views_a: Views, new: dict[str, Any], views_b: Views
) -> Change:
    """A declaration only B has (added) or only A has (removed)."""
    added = decl_id in new
    decl, views = (new[decl_id], views_b) if added else (old[decl_id], views_a)
    view = views.view(kind, decl)
    before, after = (None, view) if added else (view, None)
    change = "added" if added else "removed"
    name = views.name(kind, decl_id, decl)
    return Change(kind, decl_id, name, change, before, after, source_of(decl), summary(kind, view))


def compare(ir_a: dict[str, Any], views_a: Views, ir_b: dict[str, Any], views_b: Views) -> list[Change]:
    """Every declaration added, removed or changed from A to B, kind by kind."""
    changes: list[Change] = []
    for kind in KINDS:
        old, new = declarations(ir_a, kind), declarations(ir_b, kind)
        for decl_id in ordered_ids(kind, old, new):
            if decl_id not in old or decl_id not in new:
                changes.append(one_side(kind, decl_id, old, views_a, new, views_b))
                continue
            was, now = canonical(old[decl_id]), canonical(new[decl_id])
            if was == now:
                continue
            before = views_a.view(kind, old[decl_id])
            after = views_b.view(kind, new[decl_id])
            details = declaration_details(kind, before, after)
            if kind in ("sequence", "procedure", "moment"):
                details = phase_details(old[decl_id].get("body"), new[decl_id].get("body")) + details
            details = details or [hidden_change(was, now)]
            fields = [f for f in after if before.get(f) != after.get(f)]
            changes.append(
                Change(
                    kind,
                    decl_id,
                    views_b.name(kind, decl_id, new[decl_id]),
                    "changed",
                    {f: before.get(f) for f in fields},
                    {f: after.get(f) for f in fields},
                    source_of(new[decl_id]),
                    details=details,
                )
            )
    return changes
