"""Effects on the board and the tracks: influence, DEFCON, VP, military operations, setup tables,
the game's end, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twilight.runtime.core.primitives.core import SIDES, _table, continues, impl, then_fire
from twilight.runtime.core.primitives.declared_state import track_bounds
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.core.state import DEFCON_TRACK, MILITARY_OPERATIONS_TRACK

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


def _changed_influence(engine: Engine, side: str, c: str, amount: int) -> None:
    # (a country's influence is a value, replaced: the state's copies share it, GameState.clone)
    board = engine.state.influence
    now = board[c]
    changed = now.copy()
    after = now[side] + amount
    changed[side] = after if after > 0 else 0  # (max(0, after) parses keywords: a call per point placed)
    board[c] = changed
    stamps = engine.board_stamps  # (a quiet copy's: core/board_stamps.py)
    if stamps is not None:
        stamps.changed(c, side, changed[side])
    touched = engine.influence_touched  # (for the next round's start, map_queries.influence_as_round_begins)
    if touched is not None:
        touched.add(c)


@impl()
def add_influence(engine: Engine, side: str, c: str, amount: int) -> None:
    _changed_influence(engine, side, c, amount)
    if engine.dice_only_trace:
        return
    engine.trace("influence", side=side, country=c, change=amount, now=engine.state.influence[c][side])


@impl()
def remove_influence(engine: Engine, side: str, c: str, amount: int) -> None:
    before = engine.state.influence[c][side]
    _changed_influence(engine, side, c, -amount)
    if engine.dice_only_trace:
        return
    engine.trace(
        "influence",
        side=side,
        country=c,
        change=engine.state.influence[c][side] - before,
        now=engine.state.influence[c][side],
    )


@impl()
@continues(fires=("defcon_changed",))
def set_defcon(engine: Engine, level: int) -> None:
    change_defcon(engine, level - engine.state.defcon)


@impl()
@continues(fires=("defcon_changed",))
def change_defcon(engine: Engine, by: int) -> None:
    then_fire(
        engine,
        "change_defcon",
        "defcon_changed",
        lambda: _changed_defcon(engine, by),
        actor=engine.defcon_actor,
    )


def _changed_defcon(engine: Engine, by: int) -> bool:
    """DEFCON moves by `by` within its track (traced), unless the side answering for it may not cause
    the change; whether it moved."""
    before = engine.state.defcon
    floor = engine.modified("defcon_floor", 1, actor=engine.defcon_actor)
    if floor > 1 and before + by < floor <= before:
        # The side answering for this change may not cause it (the solo AI never brings DEFCON to 1):
        # that part of the event or action does not happen.
        engine.trace("defcon_change_ignored", by=by, floor=floor, actor=engine.defcon_actor)
        return False
    low, high = track_bounds(engine, DEFCON_TRACK)
    # an undeclared bound is infinite and never the result, so the value stays a whole number
    engine.state.defcon = int(max(low, min(high, before + by)))
    if engine.state.defcon == before:
        return False
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("defcon", now=engine.state.defcon, actor=engine.defcon_actor)
    return True


@impl()
@continues(fires=("vp_changed",))
def gain_vp(engine: Engine, side: str, amount: int) -> None:
    if amount == 0:
        return

    def moved() -> None:
        engine.state.vp += amount if side == US else -amount
        if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
            engine.trace("vp", side=side, change=amount, now=engine.state.vp)

    then_fire(engine, "gain_vp", "vp_changed", moved)


@impl()
def add_milops(engine: Engine, side: str, amount: int) -> None:
    before = engine.state.milops[side]
    now = engine.state.milops[side] = int(
        min(track_bounds(engine, MILITARY_OPERATIONS_TRACK)[1], before + amount)
    )
    # (traced so that the play log can tell a coup's or a war's military operations, as it tells VP)
    if now != before and not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("milops", side=side, change=now - before, now=now)


@impl()
def war_target(engine: Engine, attacker: str, target: str) -> None:
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("invasion", side=attacker, country=target)


@impl()
def reset_milops(engine: Engine) -> None:
    engine.state.milops = {US: 0, USSR: 0}


@impl()
def score_told(
    engine: Engine,
    side: str,
    region: str,
    level: str,
    level_vp: int,
    battlegrounds: int,
    adjacent: int,
    vp: int,
) -> None:
    engine.trace(
        "region_score",
        side=side,
        region=region,
        level=level,
        level_vp=level_vp,
        battlegrounds=battlegrounds,
        adjacent=adjacent,
        vp=vp,
    )


@impl()
def score_counted_told(engine: Engine, side: str, region: str, countries: list[str], vp: int) -> None:
    engine.trace("region_score_counted", side=side, region=region, countries=list(countries), vp=vp)


@impl()
@continues(fires=("region_scored",))
def region_scored(engine: Engine, region: str) -> None:
    then_fire(
        engine,
        "region_scored",
        "region_scored",
        lambda: engine.trace("scored", region=region, vp=engine.state.vp),
        region=region,
    )


@impl()
def win(engine: Engine, side: str, reason: str) -> None:
    engine.end_game(side, reason)


@impl()
def end_in_draw(engine: Engine, reason: str) -> None:
    engine.end_game("draw", reason)


@impl()
def begin_final_scoring(engine: Engine) -> None:
    engine.state.in_final_scoring = True


@impl()
def ai_decision(engine: Engine, what: str, card: str | None, rule: str) -> None:
    if not engine.dice_only_trace:  # (a quiet engine keeps only the dice)
        engine.trace("ai_decision", what=what, card=card, rule=rule)


@impl()
def log(engine: Engine, message: str) -> None:
    engine.trace("log", message=message)


@impl()
def apply_table(engine: Engine, name: str, column: int) -> None:
    for side in SIDES:
        apply_table_for(engine, name, column, side)


@impl()
def apply_table_for(engine: Engine, name: str, column: int, side: str) -> None:
    for row in _table(engine, name)["rows"]:
        if row["keys"][0] == side and row["cells"][column - 1]:
            add_influence(engine, side, row["keys"][1], int(row["cells"][column - 1]))
