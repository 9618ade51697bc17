"""Arithmetic, lists, dice and tables, and the game state's plain values (turn, DEFCON, VP, settings)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from twilight.runtime.core.frames import Frame
from twilight.runtime.core.primitives.core import _table, cannot_fail, impl, inlined, other
from twilight.runtime.core.sides import US, USSR

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


# ---------------------------------------------------------------------- arithmetic and lists
# (Of two numbers, the usual case, by one comparison: in 3.11 a call of min or max parses keywords even
# when given none, and costs several times as much. Ties keep the first, as min and max do.)
@impl("min")
def min_(engine: Engine, *xs: Any) -> Any:
    if len(xs) == 2:
        a, b = xs
        return b if b < a else a
    return min(xs)


@impl("max")
def max_(engine: Engine, *xs: Any) -> Any:
    if len(xs) == 2:
        a, b = xs
        return b if b > a else a
    return max(xs)


impl("abs")(lambda e, n: abs(n))


impl("size")(lambda e, items: len(items))


impl("first")(lambda e, items: items[0] if items else None)


impl("concat")(lambda e, a, b: [*a, *b])


impl("take")(lambda e, items, count: list(items[:count]) if count > 0 else [])


@impl()
def rank(engine: Engine, order: str, item: Any) -> int:
    """The item's place in the order (1 for the first), or one past its last place when it is not in it."""
    try:
        found = engine.program.order_ranks(order).get(item)
    except TypeError:  # (an item that cannot be a dict's key, a list, or an order holding one)
        items: list[Any] = engine.program.ir["orders"][order]["items"]
        return items.index(item) + 1 if item in items else len(items) + 1
    return found if found is not None else len(engine.program.ir["orders"][order]["items"]) + 1


@impl()
def index_of(engine: Engine, items: list[Any], item: Any) -> int:
    return items.index(item) + 1 if item in items else 0


@impl()
def d6(engine: Engine) -> int:
    value = engine.dice.d6()
    engine.trace("die", value=value)
    return value


@impl()
def roll_at_least(engine: Engine, side: str, modifier: int, needed: int) -> bool:
    die = d6(engine)
    total = die + modifier
    success = total >= needed
    told = {"card": engine.hook_card} if engine.hook_card else {}
    engine.trace(
        "roll", side=side, die=die, modifier=modifier, total=total, needed=needed, success=success, **told
    )
    return success


@impl()
def roll_at_most(engine: Engine, side: str, modifier: int, limit: int) -> bool:
    die = d6(engine)
    total = die + modifier
    success = total <= limit
    told = {"card": engine.hook_card} if engine.hook_card else {}
    engine.trace(
        "roll",
        side=side,
        die=die,
        modifier=modifier,
        total=total,
        needed=limit,
        at_most=True,
        success=success,
        **told,
    )
    return success


@impl()
def roll_off(engine: Engine, first: str, first_modifier: int, second_modifier: int) -> str | None:
    second = other(first)
    first_die = d6(engine)
    second_die = d6(engine)
    first_total, second_total = first_die + first_modifier, second_die + second_modifier
    winner = first if first_total > second_total else second if second_total > first_total else None
    engine.trace(
        "roll_off",
        first=first,
        first_die=first_die,
        first_modifier=first_modifier,
        first_total=first_total,
        second=second,
        second_die=second_die,
        second_modifier=second_modifier,
        second_total=second_total,
        winner=winner,
    )
    return winner


@impl()
def roll_table(engine: Engine, name: str) -> int:
    table = _table(engine, name)
    # The dice the table's roll is made of (both dice when the lower one counts), told with the result.
    first_event = len(engine.events)
    roll = (
        engine.program.expr_of_ir(table["roll"])(Frame(engine)) if table["roll"] is not None else d6(engine)
    )
    dice = [e["value"] for e in engine.events[first_event:] if e["kind"] == "die"]
    column = next((i for i, c in enumerate(table["columns"], start=1) if roll in (c["faces"] or [])), 1)
    engine.trace("table_roll", table=name, dice=dice, roll=roll, column=table["columns"][column - 1]["label"])
    return column


@impl()
def table_value(engine: Engine, name: str, key: Any, column: str) -> int:
    """The cell of the first row keyed by `key` alone, in the column labelled `column` (0 without such a
    row; a column the table lacks is an error, as it always was)."""
    table = _table(engine, name)
    cells = _TABLE_CELLS.get(id(table))
    if cells is None or cells[0] is not table:
        cells = _table_cells(table)
    try:
        found = cells[1].get((key, column))
    except TypeError:  # (a key that is no dict key: looked for as text below)
        found = None
    if found is not None:
        return found
    # (a key given as something other than its text, a cell that is no number, a row or column the table
    # lacks: as the rows say, with the error they give)
    labels = [c["label"] for c in table["columns"]]
    col = labels.index(column)
    for row in table["rows"]:
        if row["keys"] == [str(key)]:
            return int(row["cells"][col])
    return 0


# Each table's numbers by (row key, column label): the first row keyed by that key alone, the first
# column of that label, as the rows are gone through above. Made once per table of the IR: a region's
# scoring asks for a cell at every look at its level. Kept by the table's identity, with the table (a
# table of an IR no longer held cannot lend its number to another one).
_TABLE_CELLS: dict[int, tuple[dict[str, Any], dict[tuple[str, str], int]]] = {}


def _table_cells(table: dict[str, Any]) -> tuple[dict[str, Any], dict[tuple[str, str], int]]:
    labels = [c["label"] for c in table["columns"]]
    cells: dict[tuple[str, str], int | None] = {}
    for row in table["rows"]:
        keys, values = row["keys"], row["cells"]
        if len(keys) != 1 or not isinstance(keys[0], str):
            continue
        for label in labels:
            col = labels.index(label)
            if (keys[0], label) not in cells:
                value = values[col] if col < len(values) else None
                # (None: the first row's cell is missing or no whole number, left to the rows, as is its
                # error)
                cells[keys[0], label] = value if type(value) is int else None
    found = (table, {k: v for k, v in cells.items() if v is not None})
    if len(_TABLE_CELLS) > 256:
        _TABLE_CELLS.clear()
    _TABLE_CELLS[id(table)] = found
    return found


# ---------------------------------------------------------------------- sides and the game state
_OPPONENT_INLINE = f'("{USSR}" if {{0}} == "{US}" else "{US}")'  # (the contract's sides, in generated code)
impl("opponent")(cannot_fail(inlined(_OPPONENT_INLINE)(lambda e, side: other(side))))


impl("phasing")(lambda e: e.state.phasing)


impl("turn")(inlined("e.state.turn")(lambda e: e.state.turn))


impl("action_round")(inlined("e.state.action_round")(lambda e: e.state.action_round))


impl("in_headline")(inlined("e.state.in_headline")(lambda e: e.state.in_headline))


impl("defcon")(inlined("e.state.defcon")(lambda e: e.state.defcon))


impl("vp")(inlined("e.state.vp")(lambda e: e.state.vp))


impl("milops")(inlined("e.state.milops[{0}]")(lambda e, side: e.state.milops[side]))


impl("space_box")(inlined("e.state.space[{0}]")(lambda e, side: e.state.space[side]))


impl("space_attempts")(inlined("e.state.space_attempts[{0}]")(lambda e, side: e.state.space_attempts[side]))


impl("game_over")(inlined("e.state.game_over")(lambda e: e.state.game_over))


impl("in_final_scoring")(lambda e: e.state.in_final_scoring)


@impl()
def space_attempts_allowed(engine: Engine, side: str) -> int:
    return engine.modified("space_attempts_allowed", 1, actor=side)


@impl()
def action_rounds_this_turn(engine: Engine, side: str) -> int:
    # How many is a rule (002 · 4.5 D: 6, then 7 from the Mid War): the ruleset's `modify action_rounds`
    # says it; none at all means no rounds.
    return engine.modified("action_rounds", 0, actor=side)


@impl()
def setting(engine: Engine, name: str) -> Any:
    return engine.state.settings.get(name)


impl("game_winner")(lambda e: e.state.winner)


impl("game_end_reason")(lambda e: e.state.end_reason)
