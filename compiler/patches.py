"""`patch KIND NAME { … }`: change one part of an inherited declaration in place.

A patch is applied by the loader once its ruleset's own declarations are merged over those it extends,
in file order. It makes a new declaration, the one a full `override` with the same result would write,
and never changes the parent's (parsed files are cached and shared). Each item finds what it changes by a
name: a priority option by its name, a table row by its keys (a cell by its row's keys and its column),
an appendix `ai_event` line by its moments, a phase or step by its name wherever it stands in a sequence
or procedure. An item whose anchor the parent no longer has is a stale patch (E222, E223), reported at the
item with the names the parent does have.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable

from twilight.compiler import ast
from twilight.compiler.diagnostics import Pos, Sink, suggest

# declaration kind -> the parts its patches may change
PARTS: dict[str, set[str]] = {
    "priority": {"option"},
    "table": {"row"},
    "appendix": {"ai_event"},
    "sequence": {"phase", "step"},
    "procedure": {"phase", "step"},
    "setting": {"setting"},
    "layout": {"place", "label"},
}


def not_patchable(kind: str, name: str, number: int | None = None) -> tuple[str, str, str]:
    """(code, message, help) for `patch KIND NAME` of a kind no patch changes, told alike whether the
    patch parses (an empty one) or not (`patch card x { ops 2 }`: the grammar has no card items). A card
    has its own code: it is the kind an author most often tries to patch, and a card is always written
    whole."""
    if kind == "card":
        shown = str(number) if number is not None else "N"
        return (
            "E227",
            f"a card cannot be patched: `patch card {name}`",
            f"write `override card {shown} {name} {{ … }}` with the whole card (its ops, side, period, "
            "event and every other clause, changed where the variant changes them)"
            + ("; N is the card's number (`twilight explain card " + name + "`)" if number is None else ""),
        )
    return (
        "E224",
        f"`patch {kind}`: the kinds a patch can change are {', '.join(sorted(PARTS))}",
        f"write `override {kind} {name} {{ … }}` with the whole declaration",
    )


_PLURAL = {"phase or step": "phases and steps"}


class _Stale(Exception):
    """An item that does not apply; already reported."""


def apply_patch(target: ast.Decl, patch: ast.PatchDecl, sink: Sink) -> ast.Decl:
    """The declaration `target` with the items of `patch` applied in order. An item that does not apply
    is reported and skipped; the others still apply."""
    result = copy.copy(target)
    result.annotations = [*target.annotations, *patch.annotations]
    # The declaration in force is now written in two places; its position is the patch's, as an
    # override's would be, so that `explain` and `diff` lead to the change.
    result.pos = patch.pos
    kind = patch.target_kind.name if patch.target_kind else ""
    for item in patch.items:
        if item.part not in PARTS.get(kind, set()):
            allowed = ", ".join(sorted(PARTS.get(kind, set()))) or "nothing"
            sink.add(
                "E224",
                f"a patch of {kind} '{patch.name.name}' cannot change {_article(item.part)}",
                item.pos,
                f"a {kind} patch changes: {allowed}",
            )
            continue
        try:
            _APPLY[item.part](result, item, sink)
        except _Stale:
            continue
        if item.action in ("remove", "default"):
            # what a removal or a new default writes is the declaration itself: the marks go there
            result.annotations.extend(item.annotations)
    return result


def _article(part: str) -> str:
    """A part of a declaration after "a" or "an" ("an ai_event line", "a row")."""
    words = {"ai_event": "ai_event line", "setting": "default"}.get(part, part)
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _names_text(names: list[str], sep: str = ", ") -> str:
    shown = names if len(names) <= 12 else [*names[:12], "…"]
    return sep.join(shown) or "(none)"


def _missing(
    sink: Sink, item: ast.PatchItem, what: str, wanted: str, have: list[str], anchor_pos: Pos
) -> None:
    # (a near name helps for one word; for an appendix line's moments the list of lines says more)
    hint = suggest(wanted, have) if what != "ai_event line" else None
    sep = "; " if what == "ai_event line" else ", "  # an appendix line's name is a list of moments
    sink.add(
        "E222",
        f"stale patch: the parent no longer has {what} '{wanted}'",
        anchor_pos,
        f"did you mean '{hint}'?"
        if hint
        else f"its {_PLURAL.get(what, what + 's')} are: {_names_text(have, sep)}",
    )
    raise _Stale


def _span(item: ast.PatchItem) -> Pos:
    """Where an item's anchor is written, all of it (a row's keys, an appendix line's moments)."""
    if not item.anchor:
        return item.pos
    first, last = item.anchor[0].pos, item.anchor[-1].pos
    if last.file != first.file or last.line != first.line:
        return first
    return Pos(first.file, first.line, first.col, last.end_line, last.end_col)


def _index(names: list[str], wanted: ast.Ident, sink: Sink, item: ast.PatchItem, what: str) -> int:
    if wanted.name not in names:
        _missing(sink, item, what, wanted.name, names, wanted.pos)
    return names.index(wanted.name)


def _place_index(names: list[str], item: ast.PatchItem, sink: Sink, what: str) -> int:
    """Where an inserted or moved item goes, in the list `names` (without the item itself)."""
    assert item.place is not None
    where, anchor = item.place
    at = _index(names, anchor, sink, item, what)
    return at if where == "before" else at + 1


def _duplicate(sink: Sink, item: ast.PatchItem, what: str, name: str) -> None:
    sink.add(
        "E225",
        f"the patch inserts {what} '{name}', which the declaration already has",
        item.anchor[0].pos if item.anchor else item.pos,
        f"replace it (write the {what} without `insert`) or give the new one another name",
    )
    raise _Stale


# ---------------------------------------------------------------- priority options
def _option(decl: ast.Decl, item: ast.PatchItem, sink: Sink) -> None:
    assert isinstance(decl, ast.PriorityDecl)
    options = list(decl.options)
    names = [o.name.name for o in options]
    if item.action == "replace":
        assert isinstance(item.value, ast.PriorityOption)
        options[_index(names, item.anchor[0], sink, item, "option")] = item.value
    elif item.action == "insert":
        assert isinstance(item.value, ast.PriorityOption)
        if item.value.name.name in names:
            _duplicate(sink, item, "option", item.value.name.name)
        options.insert(_place_index(names, item, sink, "option"), item.value)
    elif item.action == "remove":
        del options[_index(names, item.anchor[0], sink, item, "option")]
    elif item.action == "move":
        # A move keeps the numbers where they stand: the options trade places, each slot keeps its number
        # (numbers must increase, E406), as a rewritten list would number them.
        numbers = [o.number for o in options]
        if item.place is not None and item.place[1].name == item.anchor[0].name:
            sink.add(
                "E222",
                f"option '{item.anchor[0].name}' cannot move before or after itself",
                item.place[1].pos,
                "name the option it should come before or after",
            )
            raise _Stale
        moving = options.pop(_index(names, item.anchor[0], sink, item, "option"))
        if item.annotations:  # the move's marks are the moved option's
            moving = dataclasses.replace(moving, annotations=[*moving.annotations, *item.annotations])
        rest = [o.name.name for o in options]
        options.insert(_place_index(rest, item, sink, "option"), moving)
        options = [
            o if o.number == n else dataclasses.replace(o, number=n)
            for o, n in zip(options, numbers, strict=True)
        ]
    decl.options = options


# ---------------------------------------------------------------- table rows and cells
def _row_key(keys: list[ast.Ident]) -> str:
    return " ".join(k.name for k in keys)


def _row(decl: ast.Decl, item: ast.PatchItem, sink: Sink) -> None:
    assert isinstance(decl, ast.TableDecl)
    rows = list(decl.rows)
    keys = [_row_key(r.keys) for r in rows]
    wanted = _row_key(item.anchor)
    anchor = ast.Ident(wanted, _span(item))
    if item.action == "insert":
        assert isinstance(item.value, ast.TableRow)
        if wanted in keys:
            _duplicate(sink, item, "row", wanted)
        rows.append(item.value)
    else:
        at = _index(keys, anchor, sink, item, "row")
        if item.action == "replace":
            assert isinstance(item.value, ast.TableRow)
            rows[at] = item.value
        elif item.action == "remove":
            del rows[at]
        elif item.action == "cell":
            assert item.column is not None
            column, column_pos = item.column
            columns = [c for c, _ in decl.columns]
            if column not in columns:
                hint = suggest(column, columns)
                sink.add(
                    "E223",
                    f"stale patch: table '{decl.name.name}' has no column '{column}'",
                    column_pos,
                    f"did you mean '{hint}'?" if hint else f"its columns are: {_names_text(columns)}",
                )
                raise _Stale
            old = rows[at]
            cells = list(old.cells)
            index = columns.index(column)
            value = item.value
            assert value is None or isinstance(value, int)
            if index < len(cells):
                cells[index] = value
            notes = [*old.annotations, *item.annotations]
            rows[at] = dataclasses.replace(old, cells=cells, annotations=notes)
    decl.rows = rows


# ---------------------------------------------------------------- appendix lines
def _moments_key(moments: list[ast.Ident]) -> str:
    return ", ".join(m.name for m in moments)


def _event(decl: ast.Decl, item: ast.PatchItem, sink: Sink) -> None:
    assert isinstance(decl, ast.AppendixDecl)
    events = list(decl.events)
    keys = [_moments_key([m.name for m in e.moments]) for e in events]
    anchor = ast.Ident(_moments_key(item.anchor), _span(item))
    at = _index(keys, anchor, sink, item, "ai_event line")
    if item.action == "replace":
        assert isinstance(item.value, ast.AppendixEvent)
        if item.value.resolve is None and events[at].resolve is not None:
            # A patch line is the whole line: without its `resolve { … }` the parent's block would be
            # gone without a word. A line cannot write "no block", so dropping one takes an override.
            sink.add(
                "E226",
                f"the patch drops the `resolve {{ … }}` block of appendix line '{anchor.name}'",
                item.pos,
                "a patched line replaces the parent's whole line: copy its `resolve { … }` into the patch "
                "to keep it, or `override` the appendix entry to drop it on purpose",
            )
            raise _Stale
        events[at] = item.value
    else:
        del events[at]
    decl.events = events


# ---------------------------------------------------------------- phases and steps
def _phase_names(body: tuple[ast.Stmt, ...]) -> list[str]:
    found: list[str] = []
    for stmt in body:
        if isinstance(stmt, ast.Phase):
            found.append(stmt.name.name)
        for inner in _bodies(stmt):
            found.extend(_phase_names(inner))
    return found


def _bodies(stmt: ast.Stmt) -> list[tuple[ast.Stmt, ...]]:
    """The statement lists directly inside a statement (the branches of an `if`, a loop's body, …)."""
    return [
        getattr(stmt, f.name)
        for f in dataclasses.fields(stmt)
        if f.name in ("then", "else_", "body", "otherwise") and isinstance(getattr(stmt, f.name), tuple)
    ]


def _edit_body(
    body: tuple[ast.Stmt, ...], name: str, edit: Callable[[ast.Phase], list[ast.Stmt]]
) -> tuple[tuple[ast.Stmt, ...], bool]:
    """`body` with the phase or step `name` (at any depth) replaced by what `edit` makes of it."""
    out: list[ast.Stmt] = []
    done = False
    for stmt in body:
        if done:
            out.append(stmt)
            continue
        if isinstance(stmt, ast.Phase) and stmt.name.name == name:
            out.extend(edit(stmt))
            done = True
            continue
        changes: dict[str, tuple[ast.Stmt, ...]] = {}
        for f in dataclasses.fields(stmt):
            inner = getattr(stmt, f.name)
            if f.name in ("then", "else_", "body", "otherwise") and isinstance(inner, tuple) and not done:
                new, done = _edit_body(inner, name, edit)
                if done:
                    changes[f.name] = new
        out.append(dataclasses.replace(stmt, **changes) if changes else stmt)  # type: ignore[arg-type]
    return tuple(out), done


def _phase(decl: ast.Decl, item: ast.PatchItem, sink: Sink) -> None:
    assert isinstance(decl, ast.SequenceDecl | ast.ProcedureDecl)
    names = _phase_names(decl.body)
    what = item.part
    if item.action == "insert":
        assert isinstance(item.value, ast.Phase) and item.place is not None
        new = item.value
        if new.name.name in names:
            _duplicate(sink, item, what, new.name.name)
        where, anchor = item.place
        _index(names, anchor, sink, item, "phase or step")
        decl.body, _ = _edit_body(
            decl.body, anchor.name, lambda old: [new, old] if where == "before" else [old, new]
        )
        return
    _index(names, item.anchor[0], sink, item, "phase or step")
    if item.action == "replace":
        assert isinstance(item.value, ast.Phase)
        value = item.value
        decl.body, _ = _edit_body(decl.body, item.anchor[0].name, lambda old: [value])
    else:
        decl.body, _ = _edit_body(decl.body, item.anchor[0].name, lambda old: [])


# ---------------------------------------------------------------- settings
def _setting(decl: ast.Decl, item: ast.PatchItem, sink: Sink) -> None:
    assert isinstance(decl, ast.SettingDecl)
    value = item.value
    if isinstance(value, ast.Name):
        decl.default = (value.name, value.pos)
    elif isinstance(value, ast.Lit):
        decl.default = (value.value, value.pos)


# ---------------------------------------------------------------- layout places and labels
def _spot(decl: ast.Decl, item: ast.PatchItem, sink: Sink) -> None:
    """A place or label is set (a new one added, an old one moved); a removed place must be there."""
    assert isinstance(decl, ast.LayoutDecl)
    spots = dict(decl.places if item.part == "place" else decl.labels)
    name = item.anchor[0]
    if item.action == "remove":
        _index(list(spots), name, sink, item, item.part)
        del spots[name.name]
    else:
        assert isinstance(item.value, ast.LayoutSpot)
        spots[name.name] = item.value
    if item.part == "place":
        decl.places = spots
    else:
        decl.labels = spots


_APPLY: dict[str, Callable[[ast.Decl, ast.PatchItem, Sink], None]] = {
    "option": _option,
    "row": _row,
    "ai_event": _event,
    "phase": _phase,
    "step": _phase,
    "setting": _setting,
    "place": _spot,
    "label": _spot,
}
