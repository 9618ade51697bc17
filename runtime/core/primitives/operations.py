"""Operations: influence placement, coups, realignments and the Space Race, each offered only where
the rules allow it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from twilight.runtime.core.primitives.basics import d6
from twilight.runtime.core.primitives.cards import _space_race, ops_for
from twilight.runtime.core.primitives.core import continues, impl, leads_on, other, then_fire
from twilight.runtime.core.primitives.effects import add_influence, change_defcon, gain_vp, remove_influence
from twilight.runtime.core.primitives.map_queries import board
from twilight.runtime.core.rule_errors import RuleError

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


@impl()
def influence_cost(engine: Engine, side: str, c: str) -> int:
    return engine.modified("influence_cost", 1, actor=side, target=c)


@impl()
def may_target(engine: Engine, action: str, side: str, c: str) -> bool:
    """A rule allows it, and the country lies in the region the card's operations are committed to, if
    any (commit_ops_to)."""
    return _targets_ok(engine, c) and engine.forbidden(action, actor=side, card=None, target=c) is None


@impl()
def coup_defcon_drop(engine: Engine, side: str, c: str) -> int:
    return engine.modified("defcon_drop_on_coup", 0, actor=side, target=c)


MODES = ("influence", "coup", "realign")


def _region_offers(engine: Engine, side: str, card: str) -> list[tuple[str, int]]:
    """Every region whose commitment (every op of the card spent there) raises the card's ops, with the
    ops it would then be worth: highest value first (a subregion with its own bonus before its region),
    then the narrower region. A subregion worth no more than its region is no better a commitment, only
    a narrower one: left out."""
    b = board(engine)
    offers: list[tuple[int, int, str]] = []
    saved, saved_memo = engine.ops_region, engine.memo
    try:
        # Each commitment tried is another question: no result remembered for one may serve the next (nor
        # a result worked out for the commitment in force, nor a read of it hidden by one remembered).
        engine.ops_region, engine.memo = None, None
        reads = engine.ops_region_reads
        ops = ops_for(engine, side, card)
        if engine.ops_region_reads == reads:
            # Worked out without a look at where the operations go: the value is the same whatever
            # region they were committed to (the same rules, asked the same things of the same state),
            # so no commitment raises it. (Most cards: no region is tried then.)
            return []
        for region in b.members:
            engine.ops_region = region
            value = ops_for(engine, side, card)
            if value > ops:
                offers.append((-value, len(b.members[region]), region))
    finally:
        engine.ops_region, engine.memo = saved, saved_memo
    value_of = {region: -neg for neg, _, region in offers}
    offers = [
        offer
        for offer in offers
        if not any(
            value_of.get(wider, 0) >= -offer[0] for wider in b.within.get(offer[2], ()) if wider != offer[2]
        )
    ]
    offers.sort()
    return [(region, -neg) for neg, _, region in offers]


@impl()
def ops_bonus_regions(engine: Engine, side: str, card: str) -> list[str]:
    return [region for region, _ in _region_offers(engine, side, card)]


def _ops_with_region_bonus(engine: Engine, side: str, card: str | None, ops: int, mode: str) -> int:
    """Some modifiers pay only when every op goes to one region (The China Card in Asia, Vietnam Revolts
    in Southeast Asia): offer, in one decision, every region whose commitment raises the card's ops and
    where the operation chosen (`mode`) has a target. A region where it has none (outside a solo round's
    regions, or closed to coups at this DEFCON) is not offered: committed there, every op would be lost.
    It is traced (`ops_bonus_unspendable`), for the player to see why the bonus is missing."""
    offers = _region_bonus_offers(engine, side, card, mode)
    if not offers:
        return ops
    answer = engine.ask_one("ops_in_one_region", side, [*offers, "no"])
    return _region_bonus_taken(engine, offers, answer, ops)


def _region_bonus_offers(engine: Engine, side: str, card: str | None, mode: str) -> dict[str, list[Any]]:
    """The answers `_ops_with_region_bonus` offers besides "no" (`all_in_<region>`), each with its region
    and the card's ops committed there: the regions whose commitment raises them and where the
    operation has a target (the others traced as `ops_bonus_unspendable`)."""
    if card is None:
        return {}
    offers: dict[str, list[Any]] = {}
    for region, value in _region_offers(engine, side, card):
        if _mode_possible_within(engine, side, mode, card, region):
            offers[f"all_in_{region}"] = [region, value]
        else:
            engine.trace("ops_bonus_unspendable", side=side, card=card, region=region, mode=mode)
    return offers


def _region_bonus_taken(engine: Engine, offers: dict[str, list[Any]], answer: Any, ops: int) -> int:
    """The card's ops once the answer is given: committed to the region chosen (`Engine.ops_region`)."""
    if answer == "no" or answer not in offers:
        return ops
    region, value = offers[answer]
    engine.ops_region = region
    return int(value)


def _mode_possible_within(engine: Engine, side: str, mode: str, card: str, region: str) -> bool:
    """Whether the operation has a target with the card's operations committed to the region."""
    saved, saved_memo = engine.ops_region, engine.memo
    try:
        # (the commitment changes the answers: nothing remembered without it may serve, nor the reverse)
        engine.ops_region, engine.memo = region, None
        return _mode_possible(engine, side, mode, card)
    finally:
        engine.ops_region, engine.memo = saved, saved_memo


def _countries_ok(engine: Engine) -> list[str]:
    """The countries `_targets_ok` lets through, in the map's order."""
    b = board(engine)
    if engine.ops_region is None:
        return b.countries
    members = b.members.get(engine.ops_region, ())
    return [c for c in b.countries if c in members]


def _targets_ok(engine: Engine, c: str) -> bool:
    return engine.ops_region is None or c in board(engine).members.get(engine.ops_region, ())


@impl()
@continues(asks=True)
def conduct_operations(engine: Engine, side: str, ops: int, card: str | None = None) -> None:
    modes = []
    for mode in MODES:  # (a loop: in 3.11 a comprehension makes a function, and cells, at each call)
        if _mode_possible(engine, side, mode, card):
            modes.append(mode)
    _choose_operation(engine, side, ops, card, modes, None)


@impl()
@continues(asks=True)
def operations_without_coup(engine: Engine, side: str, ops: int, card: str | None = None) -> None:
    modes = [m for m in MODES if m != "coup" and _mode_possible(engine, side, m, card)]
    shown = {"card": card, "excluded": "coup"} if card else {"excluded": "coup"}
    _choose_operation(engine, side, ops, card, modes, shown)


def _operations_shown(shown: dict[str, Any] | None, ops: int, card: str | None) -> dict[str, Any]:
    """What a player is told with the question of which operations: the operations to spend, and the card
    (a player asking why a coup is not offered is answered by the rules as they stand for it, see
    attack_refusals)."""
    told = dict(shown) if shown is not None else ({"card": card} if card else {})
    return {**told, "ops": ops}


def _choose_operation(
    engine: Engine, side: str, ops: int, card: str | None, modes: list[str], shown: dict[str, Any] | None
) -> None:
    """The side picks one of the operations open to it (`modes`) and carries it out with the ops. Its
    record: step 0 asking (with the ops), 1 carrying it out (with the operation chosen)."""
    rec = engine.enter("operation") if engine.track else None
    if rec is not None and rec.data is not None:
        ops, modes = rec.data[0], []  # (taken up again: what was asked is in the record)
    elif not modes:
        engine.trace("no_operations", side=side)
        if rec is not None:
            engine.leave(rec)
        return
    if rec is None:
        asked = engine.ask_one("operations", side, modes, shown=_operations_shown(shown, ops, card))
        _operations(engine, side, asked, ops, card)
        return
    if rec.data is None:
        rec.data = [ops, None]
        shown = _operations_shown(shown, ops, card)
    if rec.pc == 0:
        rec.data[1] = engine.ask_one_at(rec, "operations", side, modes, shown=shown)
        rec.pc = 1
    _operations(engine, side, rec.data[1], ops, card)
    engine.leave(rec)


def _mode_possible(engine: Engine, side: str, mode: str, card: str | None) -> bool:
    """Whether the operation has any target now. Which there is does not matter, nor the order the
    countries are asked in: first those where one is likeliest (a side's own countries as the round
    began, for its influence; its opponent's, for a coup or a realignment), then, if none of them is,
    the whole map."""
    if mode == "influence":
        likely = _round_start_countries(engine, side)
        if likely and _any(_influence_targets(engine, side, card, 99, likely)):
            return True
        return _any(_influence_targets(engine, side, card, 99))
    action = "coup" if mode == "coup" else "realign"
    likely = _round_start_countries(engine, other(side))
    if likely and _any(_attack_targets_of(engine, side, action, card, likely)):
        return True
    return _any(_attack_targets_of(engine, side, action, card))


def _any(items: Iterator[Any]) -> bool:
    """Whether the iterator gives anything (the first item ends it; a loop, not `any` of a generator
    expression, which in 3.11 makes a function at each call)."""
    for _ in items:
        return True
    return False


def _round_start_countries(engine: Engine, side: str) -> list[str]:
    """The countries where the side had influence as the round began, that the operations may reach."""
    start = engine.state.round_start_influence.get(side) or []
    return start if engine.ops_region is None else [c for c in start if _targets_ok(engine, c)]


def _operations(engine: Engine, side: str, mode: str, ops: int, card: str | None) -> None:
    try:
        if mode == "influence":
            place_influence_with_ops(engine, side, ops, card)
        elif mode == "coup":
            rec = engine.enter("coup_target") if engine.track else None
            if rec is None:
                targets = _attack_targets(engine, side, "coup", card)
                if targets:
                    coup(engine, side, engine.ask_one("coup_target", side, targets, "coup"), ops, card)
                return
            if rec.pc == 0:
                offered: list[str] = []
                if rec.decision is None:  # (else taken up again at the question)
                    offered = _attack_targets(engine, side, "coup", card)
                    if not offered:
                        engine.leave(rec)
                        return
                rec.data = engine.ask_one_at(rec, "coup_target", side, offered, "coup")
                rec.pc = 1
            coup(engine, side, rec.data, ops, card)
            engine.leave(rec)
        else:
            _realignments(engine, side, ops, card)
    finally:
        engine.ops_region = None


def _realignments(engine: Engine, side: str, ops: int, card: str | None) -> None:
    """6.2: one roll per operation point, each at a target the rules allow as the board stands then. The
    targets are kept from one roll to the next where a realignment changes the rules' answers only in
    its own country (Engine.changes_stay_at_target): only that country is asked again."""
    if not engine.track:
        targets: list[str] = []
        rolled: str | None = None  # the last roll's country, when only its answer may have changed
        for made in range(ops):
            if rolled is None:
                targets = _attack_targets(engine, side, "realign", card)
            elif not _any(engine.permitted("realign", "target", [rolled], actor=side, card=card)):
                targets.remove(rolled)
            if not targets:
                break
            c = engine.ask_one("realign_target", side, targets, "realign", _rolls_shown(ops, made))
            apart = engine.changes_stay_at_target("realign", None, "realignment")
            realign(engine, side, c, card)
            rolled = c if apart else None
        return
    # The record: step 0 the next target asked, 1 its roll; data: the rolls made, the targets, the last
    # roll's country (when only it may have changed), the country chosen, whether only it may change.
    rec = engine.enter("realignments")
    d = rec.data
    if d is None:
        d = rec.data = [0, [], None, None, False]
    while True:
        if rec.pc == 0:
            if rec.decision is None:
                if d[0] >= ops:
                    break
                if d[2] is None:
                    d[1] = _attack_targets(engine, side, "realign", card)
                elif not _any(engine.permitted("realign", "target", [d[2]], actor=side, card=card)):
                    d[1].remove(d[2])
                if not d[1]:
                    break
            d[3] = engine.ask_one_at(rec, "realign_target", side, d[1], "realign", _rolls_shown(ops, d[0]))
            d[4] = engine.changes_stay_at_target("realign", None, "realignment")
            rec.pc = 1
        realign(engine, side, d[3], card)
        d[2] = d[3] if d[4] else None
        d[0] += 1
        rec.pc = 0
    engine.leave(rec)


def _rolls_shown(ops: int, made: int) -> dict[str, int]:
    """What a player is told with a realignment's target: the rolls left of the card's (6.2: one a point)."""
    return {"rolls_left": ops - made, "rolls": ops}


def _attack_targets(engine: Engine, side: str, action: str, card: str | None) -> list[str]:
    return list(_attack_targets_of(engine, side, action, card))


def _attack_targets_of(
    engine: Engine, side: str, action: str, card: str | None, candidates: list[str] | None = None
) -> Iterator[str]:
    """Lazily, each country the side may aim the action at now (of the candidates, when given: countries
    `_targets_ok` lets through)."""
    if candidates is None:
        candidates = _countries_ok(engine)
    return engine.permitted(action, "target", candidates, actor=side, card=card)


def attack_refusals(engine: Engine, side: str, action: str, card: str | None) -> dict[str, list[str]]:
    """Each country the operation could aim at (as `_attack_targets_of` takes them), with the codes of
    every prohibition refusing it there (none: it is a target): why a coup or realignment is not
    offered, told by the rules themselves."""
    candidates = [c for c in board(engine).countries if _targets_ok(engine, c)]
    return {c: engine.refusals(action, actor=side, card=card, target=c) for c in candidates}


def _influence_targets(
    engine: Engine, side: str, card: str | None, ops_left: int, candidates: list[str] | None = None
) -> Iterator[str]:
    """The countries the side may put a point of influence in now, at a cost within `ops_left`, in the
    map's order (lazily: whether there is any is often all that is asked); of the candidates, when given
    (as for `_influence_costs`)."""
    return (c for c, cost in _influence_costs(engine, side, card, candidates) if cost <= ops_left)


def _influence_costs(
    engine: Engine, side: str, card: str | None, candidates: list[str] | None = None
) -> Iterator[tuple[str, int]]:
    """Lazily, each country the side may put a point of influence in now, with its cost (of the
    candidates, when given: countries `_targets_ok` lets through)."""
    if candidates is None:
        candidates = _countries_ok(engine)
    targets = engine.permitted("influence", "target", candidates, actor=side, card=card)
    return engine.modified_each("influence_cost", 1, "target", targets, actor=side)


@impl()
@continues(asks=True)
def place_influence_with_ops(engine: Engine, side: str, ops: int, card: str | None = None) -> None:
    """6.1: one point at a time, each paying its cost as the board stands then. The countries the side
    may place in, with their costs, are kept from one point to the next where a point changes the rules'
    answers only in its own country (the usual case, Engine.changes_stay_at_target): only that country
    is asked again."""
    # The record (a game that keeps them): step 0 the next point asked, 1 the point placed; data: the
    # points left, every country open with its cost, the last point's country (when only its answers may
    # have changed), the country chosen, whether only its answers may change.
    rec = engine.enter("place_influence") if engine.track else None
    d = rec.data if rec is not None else None
    if d is None:
        d = [ops, {}, None, None, False]
        if rec is not None:
            rec.data = d
    while True:
        if rec is None or rec.pc == 0:
            if rec is None or rec.decision is None:
                left, placed, every = d[0], d[2], d[1]
                if left <= 0:
                    break
                if placed is None:
                    every = d[1] = dict(_influence_costs(engine, side, card))
                else:
                    again = dict(_influence_costs(engine, side, card, [placed]))
                    if placed in again:
                        every[placed] = again[placed]  # (in its place in the map's order)
                    else:
                        del every[placed]
                # Each candidate with what it costs now: the player is shown the costs and the points left.
                costs = {c: cost for c, cost in every.items() if cost <= left}
                if not costs:
                    break
                shown = {"points_left": left, "points": ops, "costs": costs}
                if rec is None:
                    c = engine.ask_one("influence_target", side, list(costs), "place", shown)
                else:
                    c = engine.ask_one_at(rec, "influence_target", side, list(costs), "place", shown)
            else:  # (taken up again at the question)
                c = engine.ask_one_at(rec, "influence_target", side, [], "place")
            d[0] -= d[1][c]
            d[3] = c
            d[4] = engine.changes_stay_at_target("influence", "influence_cost", "influence_placed")
            if rec is not None:
                rec.pc = 1
        place_influence_point(engine, side, d[3])
        d[2] = d[3] if d[4] else None
        if rec is not None:
            rec.pc = 0
    if engine.placement_over is not None:
        engine.placement_over()
    if rec is not None:
        engine.leave(rec)


def _refuse_illegal(engine: Engine, action: str, side: str, c: str | None, card: str | None = None) -> None:
    """An operation a procedure asks for directly (the solo AI's) must still be one the rules allow:
    otherwise the step is refused, never carried out. Players' own operations are offered only among
    the legal ones, so for them this never fires."""
    code = engine.forbidden(action, actor=side, card=card, target=c)
    if code is not None:
        raise RuleError(code, f"{side} may not {action} in {c}: {code}")


@impl()
@continues(fires=("influence_placed",))
def place_influence_point(engine: Engine, side: str, c: str) -> None:
    def placed() -> None:
        _refuse_illegal(engine, "influence", side, c)
        add_influence(engine, side, c, 1)
        counted = engine.state.placed_this_round[side]
        counted[c] = counted.get(c, 0) + 1

    then_fire(engine, "influence_point", "influence_placed", placed, actor=side, target=c)


# The trigger of a coup attempt, before its roll: an event that hears it may end the game whatever DEFCON
# is (the Cuban Missile Crisis; players/search.py `coups_heard_against`).
COUP_ATTEMPT = "coup_attempt"
# The triggers a coup sets off: a hook of any may lead to a decision (NORAD's, on DEFCON's change).
_COUP_TRIGGERS = (COUP_ATTEMPT, "coup_resolved", "defcon_changed")


def _coup_record(engine: Engine) -> Any:
    """A coup's record, when one of its triggers may lead to a decision now (else None). (An effect that
    starts while the coup goes on, before a trigger it sets off later, is not foreseen: none does.)"""
    if not engine.track:
        return None
    for trigger in _COUP_TRIGGERS:
        if engine.leads_on(trigger):
            return engine.enter("coup")
    return None


def _resolve_coup(
    engine: Engine, side: str, c: str, ops: int, card: str | None, free: bool, rec: Any = None
) -> None:
    """6.3. With a record (one of its triggers may lead to a decision): step 1 the hooks of the attempt, 2
    the roll and its result, 3 DEFCON's drop (data: the drop), 4 the hooks of the result."""
    if rec is None:
        engine.fire(COUP_ATTEMPT, actor=side, target=c, card=card, ops=ops, free=free)
        drop = _coup_roll(engine, side, c, ops)
        if drop:
            change_defcon(engine, -drop)
        engine.fire("coup_resolved", actor=side, target=c, card=card, ops=ops, free=free)
        return
    if rec.pc <= 1:
        rec.pc = 1
        engine.fire(COUP_ATTEMPT, actor=side, target=c, card=card, ops=ops, free=free)
        rec.pc = 2
    if rec.pc == 2:
        rec.data = _coup_roll(engine, side, c, ops)
        rec.pc = 3
    if rec.pc == 3:
        if rec.data:
            change_defcon(engine, -rec.data)
        rec.pc = 4
    engine.fire("coup_resolved", actor=side, target=c, card=card, ops=ops, free=free)
    engine.leave(rec)


def _coup_roll(engine: Engine, side: str, c: str, ops: int) -> int:
    """The coup's roll and its result on the board; the DEFCON drop it brings."""
    roll = d6(engine)
    modifier = engine.modified("coup_roll", 0, actor=side, target=c)
    strength = roll + ops + modifier
    defence = engine.modified("coup_defence", 0, actor=side, target=c)
    drop = engine.modified("defcon_drop_on_coup", 0, actor=side, target=c)
    # the parts of the strength too, so that a player sees where it comes from
    parts = {"roll": roll, "ops": ops, "modifier": modifier}
    engine.trace("coup", side=side, country=c, **parts, strength=strength, defence=defence)
    if strength > defence:
        diff = strength - defence
        opp = other(side)
        removed = min(diff, engine.state.influence[c][opp])
        remove_influence(engine, opp, c, removed)
        if diff > removed:
            add_influence(engine, side, c, diff - removed)
    return int(drop)


@impl()
@continues(fires=_COUP_TRIGGERS)
def coup(engine: Engine, side: str, c: str, ops: int, card: str | None = None) -> None:
    rec = _coup_record(engine)
    if rec is None or rec.pc == 0:
        _refuse_illegal(engine, "coup", side, c, card)  # (not again when taken up)
    _resolve_coup(engine, side, c, ops, card, False, rec)


@impl()
@continues(fires=_COUP_TRIGGERS)
def free_coup(engine: Engine, side: str, c: str, ops: int) -> None:
    _resolve_coup(engine, side, c, ops, None, True, _coup_record(engine))


@impl()
@continues(fires=("realignment",))
def realign(engine: Engine, side: str, c: str, card: str | None = None) -> None:
    """6.2: both roll; the higher removes the difference from the other's influence; never adds."""
    then_fire(engine, "realign", "realignment", lambda: _realign_roll(engine, side, c), actor=side, target=c)


def _realign_roll(engine: Engine, side: str, c: str) -> None:
    opp = other(side)
    die = d6(engine)
    modifier = engine.modified("realign_roll", 0, actor=side, target=c)
    against_die = d6(engine)
    against_modifier = engine.modified("realign_roll", 0, actor=opp, target=c)
    mine, theirs = die + modifier, against_die + against_modifier
    engine.trace(
        "realign",
        side=side,
        country=c,
        roll=mine,
        against=theirs,
        die=die,
        modifier=modifier,
        against_die=against_die,
        against_modifier=against_modifier,
    )
    if mine > theirs:
        remove_influence(engine, opp, c, mine - theirs)
    elif theirs > mine:
        remove_influence(engine, side, c, theirs - mine)


@impl()
@continues(fires=("vp_changed",))
def space_attempt(engine: Engine, side: str, card: str) -> None:
    """6.4: roll against the next box; the first to reach a box scores its first VP, the second its second."""
    rec = engine.enter("space_attempt") if leads_on(engine, "vp_changed") else None
    if rec is not None and rec.pc == 1:
        gain_vp(engine, side, rec.data)  # (taken up again at the VP's hooks)
        engine.leave(rec)
        return
    box = engine.state.space[side] + 1
    row = _space_race(engine)[box]
    roll_max, vp_first, vp_second = row["max_roll"], row["vp_first"], row["vp_second"]
    engine.state.space_attempts[side] += 1
    die = d6(engine)
    modifier = engine.modified("space_roll", 0, actor=side)
    roll = die + modifier
    success = roll <= roll_max
    engine.trace(
        "space", side=side, box=box, roll=roll, success=success, die=die, modifier=modifier, needed=roll_max
    )
    if success:
        _reach_space_box(engine, side, box, vp_first, vp_second, rec)
    if rec is not None:
        engine.leave(rec)


def _reach_space_box(
    engine: Engine, side: str, box: int, vp_first: int, vp_second: int, rec: Any = None
) -> None:
    """The marker reaches the box and the side gains its VP (with a record: step 1 the VP, data: them)."""
    first = engine.state.space[other(side)] < box
    engine.state.space[side] = box
    vp = vp_first if first else vp_second
    if rec is not None:
        rec.data, rec.pc = vp, 1
    gain_vp(engine, side, vp)


@impl()
@continues(fires=("vp_changed",))
def space_advance(engine: Engine, side: str, boxes: int) -> None:
    """Events that move the marker (Captured Nazi Scientist, One Small Step): no roll, and only the box
    finally reached pays its VP; the last box is the limit."""
    rec = engine.enter("space_advance") if leads_on(engine, "vp_changed") else None
    if rec is not None and rec.pc == 1:
        gain_vp(engine, side, rec.data)  # (taken up again at the VP's hooks)
        engine.leave(rec)
        return
    rows = _space_race(engine)
    box = min(engine.state.space[side] + boxes, max(rows))
    if box > engine.state.space[side]:
        vp_first, vp_second = rows[box]["vp_first"], rows[box]["vp_second"]
        engine.trace("space_advance", side=side, box=box)
        _reach_space_box(engine, side, box, vp_first, vp_second, rec)
    if rec is not None:
        engine.leave(rec)
