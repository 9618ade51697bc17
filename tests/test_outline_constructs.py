"""No construct of a rule is silently dropped by `twilight explain card`.

Every node kind the compiled events and card-appendix entries use, and every field of it (except the few
`outline.UNRENDERED_FIELDS` that name messages or record provenance), is changed in turn in one card where
it occurs; the card's explanation must change. A field the outline ignored (as `order by` once was) leaves
the explanation as it was and fails here, in either language.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import compiled_ir
from twilight.cli.explain.cmd import card_view, render_text
from twilight.cli.localizer import LANGUAGES, Localizer
from twilight.cli.outline import ITEM_KEYS, STATEMENT_KEYS, UNRENDERED_FIELDS

SOLO = "solo-v2"
EXPRESSION_KEYS = ("var", "ref", "str", "call", "fn", "pick", "op", "list", "each", "agg")
# Fields whose value is {primitive name: arguments}: the name is the field, the arguments are nodes.
CALL_FIELDS = ("do", "call")
Path = tuple[Any, ...]


# What the outline rightly leaves out, and why.
EXEMPT = {
    # count() counts the bindings that pass `where`: its item is never evaluated.
    ("agg:count", "item"): "not part of the rule",
    # The entry's number is its card's, which heads the explanation (the entry is found by the card's id).
    ("appendix entry", "number"): "shown as the card's",
    # `stop` is a marker: its value is always true.
    ("stop", "stop"): "a marker",
}
# Fields with a closed set of values: changed to the other value.
OTHER_VALUE = {"mode": {"by": "to", "to": "by"}}


def kind_of(node: dict[str, Any]) -> str:
    """A node's kind: its statement, item or expression key (an operator or an aggregate by its name),
    else the shape of its fields."""
    for key in STATEMENT_KEYS + ITEM_KEYS + EXPRESSION_KEYS:
        if key in node:
            return f"{key}:{node[key]}" if key in ("op", "agg") else key
    return "{" + ",".join(sorted(node)) + "}"


def nodes(value: Any, path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every node below `value` (dicts of the IR's statements and expressions), with its path."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from nodes(item, (*path, i))
        return
    if not isinstance(value, dict):
        return
    yield path, value
    for key, inner in value.items():
        if key in UNRENDERED_FIELDS:
            continue
        if key in CALL_FIELDS and isinstance(inner, dict):
            for name, args in inner.items():
                yield from nodes(args, (*path, key, name))
        else:
            yield from nodes(inner, (*path, key))


def blocks(ir: dict[str, Any]) -> Iterator[tuple[str, Path, Any]]:
    """(card id, path from the IR's root, value) of each card's event and each appendix entry."""
    for card_id, card in ir["cards"].items():
        if card.get("event"):
            yield card_id, ("cards", card_id, "event"), card["event"]
    for card_id, entry in ir["appendix"].items():
        yield card_id, ("appendix", card_id), entry


def samples(ir: dict[str, Any]) -> dict[tuple[str, str], tuple[str, Path]]:
    """(kind, field) -> the first card and path where that field of that kind holds something."""
    found: dict[tuple[str, str], tuple[str, Path]] = {}
    for card_id, root, block in blocks(ir):
        for path, node in nodes(block, root):
            kind = "appendix entry" if len(path) == 2 and path[0] == "appendix" else kind_of(node)
            for field, value in node.items():
                if field in UNRENDERED_FIELDS or (kind, field) in EXEMPT or value in (None, [], {}):
                    continue
                found.setdefault((kind, field), (card_id, (*path, field)))
                if field in CALL_FIELDS and isinstance(value, dict):
                    # each argument of a primitive: its words must show every one
                    for name, args in value.items():
                        for i, arg in enumerate(args if isinstance(args, list) else []):
                            if arg not in (None, [], {}):
                                found.setdefault(
                                    (f"{field}:{name}", f"argument {i}"), (card_id, (*path, field, name, i))
                                )
    return found


def mutated(field: Any, value: Any) -> Any:
    """A value that must read differently from `value`."""
    if field in OTHER_VALUE and value in OTHER_VALUE[field]:
        return OTHER_VALUE[field][value]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 977
    if isinstance(value, str):
        return "zz_mutant"
    if isinstance(value, list):
        return []
    return {"var": "zz_mutant"}


def explanation(loc: Localizer, ir: dict[str, Any], card_id: str) -> list[str]:
    return render_text(loc, card_view(loc, ir, card_id))


def with_change(ir: dict[str, Any], path: Path) -> dict[str, Any]:
    """The IR with the value at `path` changed (only the card's own section copied)."""
    section, card_id = path[0], path[1]
    changed = {**ir, section: {**ir[section], card_id: copy.deepcopy(ir[section][card_id])}}
    holder: Any = changed
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = mutated(path[-1], holder[path[-1]])
    return changed


@pytest.fixture(scope="module")
def ir() -> dict[str, Any]:
    return compiled_ir(SOLO)


def test_the_walk_sees_the_constructs_of_the_entries(ir: dict[str, Any]) -> None:
    # The sample must hold what the entries are written with, or the test below proves little.
    found = samples(ir)
    for kind, field in (
        ("each", "order"),
        ("each", "where"),
        ("let", "value"),
        ("repeat", "body"),
        ("for_each", "in"),
        ("choose", "otherwise"),
        ("{desc,key}", "desc"),
        ("appendix entry", "against_human"),
        ("{moment,region}", "moment"),
    ):
        assert (kind, field) in found, (kind, field)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_field_of_every_node_shows_in_the_explanation(ir: dict[str, Any], lang: str) -> None:
    loc = Localizer.for_ruleset(SOLO, lang)
    silent = []
    for (kind, field), (card_id, path) in sorted(samples(ir).items()):
        before = explanation(loc, ir, card_id)
        after = explanation(loc, with_change(ir, path), card_id)
        if after == before:
            silent.append(f"{kind}.{field} (card {card_id}, {'/'.join(map(str, path))})")
    assert not silent, "fields the explanation does not show:\n" + "\n".join(silent)
