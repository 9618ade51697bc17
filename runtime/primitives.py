"""Implementations of the registry's primitives: the mechanics rule files call.

Each takes the engine first, then the arguments its registry signature lists. Quantities the rules
modify (ops, rolls, costs, attempts, action rounds) go through `engine.modified`, and actions the rules
may forbid through `engine.forbidden`, so the rules themselves stay in the rule files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from twilight.runtime import lookahead, registry
from twilight.runtime.program import Frame, ordinal
from twilight.runtime.solo_ai import AI_SIDE_SETTING
from twilight.runtime.state import (
    DEFCON_TRACK,
    MILITARY_OPERATIONS_TRACK,
    PRIMARY_REGION_VARIABLE,
    SCORING_ROUND_VARIABLE,
)

if TYPE_CHECKING:
    from twilight.runtime.engine import Engine

IMPLEMENTATIONS: dict[str, Callable[..., Any]] = {}
SIDES = ("us", "ussr")


F = TypeVar("F", bound=Callable[..., Any])


def impl(name: str | None = None) -> Callable[[F], F]:
    def register(fn: F) -> F:
        IMPLEMENTATIONS[name or fn.__name__.rstrip("_")] = fn
        return fn

    return register


def other(side: str) -> str:
    return "ussr" if side == "us" else "us"


# ---------------------------------------------------------------------- the map, precomputed per IR
class Board:
    def __init__(self, ir: dict[str, Any]) -> None:
        countries = ir["map"]["countries"]
        self.countries: list[str] = list(countries)
        self.stability: dict[str, int] = {c: v["stability"] for c, v in countries.items()}
        self.battleground: dict[str, bool] = {c: v["battleground"] for c, v in countries.items()}
        self.region: dict[str, str] = {c: v["region"] for c, v in countries.items()}
        self.members: dict[str, list[str]] = {}
        # 2.1.2: a subregion is part of its region; `within[r]` is r with every region it lies in.
        parents = {r: v.get("parent") for r, v in ir["map"].get("regions", {}).items()}
        self.within: dict[str, set[str]] = {}
        for r in parents:
            chain, at = {r}, parents[r]
            while at is not None and at not in chain:
                chain.add(at)
                at = parents.get(at)
            self.within[r] = chain
        for c, v in countries.items():
            for r in (v["region"], *v["subregions"]):
                self.members.setdefault(r, []).append(c)
        self.member_set = {r: frozenset(m) for r, m in self.members.items()}
        self.superpower_of = {side: s["superpower"] for side, s in ir["map"]["sides"].items()}
        self.by_superpower = {side: set(s["adjacent"]) for side, s in ir["map"]["sides"].items()}
        superpowers = set(self.superpower_of.values())
        self.neighbours = {
            c: [n for n in v["adjacent"] if n not in superpowers] for c, v in countries.items()
        }
        self.neighbour_set = {c: frozenset(n) for c, n in self.neighbours.items()}


_BOARDS: dict[int, Board] = {}


def board(engine: Engine) -> Board:
    found: Board | None = engine.board
    if found is None:
        found = engine.board = _board_of(engine)
    return found


def _board_of(engine: Engine) -> Board:
    key = id(engine.ir)
    if key not in _BOARDS:
        if len(_BOARDS) > 64:
            _BOARDS.clear()
        _BOARDS[key] = Board(engine.ir)
    return _BOARDS[key]


def card_info(engine: Engine, card: str) -> dict[str, Any]:
    info: dict[str, Any] = engine.ir["cards"][card]
    return info


# ---------------------------------------------------------------------- arithmetic and lists
impl("min")(lambda e, *xs: min(xs))
impl("max")(lambda e, *xs: max(xs))
impl("abs")(lambda e, n: abs(n))
impl("size")(lambda e, items: len(items))
impl("first")(lambda e, items: items[0] if items else None)
impl("concat")(lambda e, a, b: [*a, *b])
impl("take")(lambda e, items, count: list(items[: max(0, count)]))


@impl()
def rank(engine: Engine, order: str, item: Any) -> int:
    items: list[Any] = engine.ir["orders"][order]["items"]
    return items.index(item) + 1 if item in items else len(items) + 1


@impl()
def index_of(engine: Engine, items: list[Any], item: Any) -> int:
    return items.index(item) + 1 if item in items else 0


@impl()
def d6(engine: Engine) -> int:
    value = engine.dice.d6()
    engine.trace("die", value=value)
    return value


def _table(engine: Engine, name: str) -> dict[str, Any]:
    table: dict[str, Any] = engine.ir["tables"][name]
    return table


@impl()
def roll_table(engine: Engine, name: str) -> int:
    table = _table(engine, name)
    roll = engine.program.expr(table["roll"])(Frame(engine)) if table["roll"] is not None else d6(engine)
    for i, column in enumerate(table["columns"], start=1):
        if roll in (column["faces"] or []):
            return i
    return 1


@impl()
def table_value(engine: Engine, name: str, key: Any, column: str) -> int:
    table = _table(engine, name)
    labels = [c["label"] for c in table["columns"]]
    col = labels.index(column)
    for row in table["rows"]:
        if row["keys"] == [str(key)]:
            return int(row["cells"][col])
    return 0


# ---------------------------------------------------------------------- sides and the game state
impl("opponent")(lambda e, side: other(side))
impl("phasing")(lambda e: e.state.phasing)
impl("turn")(lambda e: e.state.turn)
impl("action_round")(lambda e: e.state.action_round)
impl("in_headline")(lambda e: e.state.in_headline)
impl("defcon")(lambda e: e.state.defcon)
impl("vp")(lambda e: e.state.vp)
impl("milops")(lambda e, side: e.state.milops[side])
impl("space_box")(lambda e, side: e.state.space[side])
impl("space_attempts")(lambda e, side: e.state.space_attempts[side])
impl("game_over")(lambda e: e.state.game_over)
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


# ---------------------------------------------------------------------- the state the ruleset declares
impl("zone")(lambda e, z: list(e.state.zones[z]))


@impl()
def track_min(engine: Engine, track: str) -> int:
    return int(engine.ir["tracks"][track]["min"])


@impl()
def track_max(engine: Engine, track: str) -> int:
    return int(engine.ir["tracks"][track]["max"])


def track_bounds(engine: Engine, track: str) -> tuple[float, float]:
    """The bounds of a track the ruleset declares; a track it does not declare has none."""
    declared = engine.ir.get("tracks", {}).get(track)
    if declared is None:
        return float("-inf"), float("inf")
    return int(declared["min"]), int(declared["max"])


@impl()
def set_variable(engine: Engine, name: str, value: Any) -> None:
    engine.state.vars[name] = list(value) if isinstance(value, list) else value
    engine.trace("variable", name=name, value=engine.state.vars[name])


def _take_out_anywhere(engine: Engine, card: str) -> None:
    """A card leaves whatever hand, pile or declared zone holds it."""
    state = engine.state
    _take_out(engine, card)
    for zone in (state.removed, *state.zones.values()):
        if card in zone:
            zone.remove(card)


@impl()
def move_to_zone(engine: Engine, card: str, z: str, on_top: bool) -> None:
    _take_out_anywhere(engine, card)
    pile = engine.state.zones[z]
    if on_top:
        pile.insert(0, card)
    else:
        pile.append(card)
    engine.trace("zone", card=card, zone=z, top=bool(on_top))


@impl()
def shuffle_zone(engine: Engine, z: str) -> None:
    engine.dice.shuffle(engine.state.zones[z])


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


# ---------------------------------------------------------------------- the map
impl("all_countries")(lambda e: list(board(e).countries))
impl("countries")(lambda e, region: list(board(e).members.get(region, [])))
impl("neighbours")(lambda e, c: list(board(e).neighbours[c]))
impl("in_region")(lambda e, c, region: c in board(e).member_set.get(region, ()))
impl("region_of")(lambda e, c: board(e).region[c])
impl("stability")(lambda e, c: board(e).stability[c])
impl("battleground")(lambda e, c: board(e).battleground[c])
impl("influence")(lambda e, side, c: e.state.influence[c][side])


@impl()
def adjacent_to_region(engine: Engine, c: str, region: str) -> bool:
    b = board(engine)
    members = b.members.get(region, [])
    return c not in members and any(n in members for n in b.neighbours[c])


@impl()
def adjacent_to_superpower(engine: Engine, c: str) -> bool:
    return any(c in adj for adj in board(engine).by_superpower.values())


@impl()
def adjacent_to_superpower_of(engine: Engine, c: str, side: str) -> bool:
    return c in board(engine).by_superpower[side]


@impl()
def control_margin(engine: Engine, side: str, c: str) -> int:
    inf = engine.state.influence[c]
    return inf[side] - inf["ussr" if side == "us" else "us"] - board(engine).stability[c]


@impl()
def controls(engine: Engine, side: str, c: str) -> bool:
    inf = engine.state.influence[c]
    own = inf[side]
    return own > 0 and own - inf["ussr" if side == "us" else "us"] >= board(engine).stability[c]


@impl()
def ops_to_control(engine: Engine, side: str, c: str) -> int:
    return max(0, -control_margin(engine, side, c))


@impl()
def ops_to_break_control(engine: Engine, side: str, c: str) -> int:
    opp = other(side)
    return control_margin(engine, opp, c) + 1 if controls(engine, opp, c) else 0


@impl()
def accessible(engine: Engine, side: str, c: str) -> bool:
    """6.1.1: influence (as at the start of the round) in the country or a neighbour, or the country
    touches the side's superpower."""
    return c in _accessible_now(engine, side)


def _accessible_now(engine: Engine, side: str) -> frozenset[str]:
    """The countries accessible to the side this round (6.1.1), worked out once per round: the round's
    starting influence is a list the round's start replaces."""
    start = engine.state.round_start_influence[side]
    cached = engine.accessible_cache.get(side)
    if cached is not None and cached[0] is start and cached[1] == len(start):
        known: frozenset[str] = cached[2]
        return known
    b = board(engine)
    near = b.by_superpower[side]
    found = frozenset(
        c for c in b.countries if c in near or c in start or not b.neighbour_set[c].isdisjoint(start)
    )
    engine.accessible_cache[side] = (start, len(start), found)
    return found


@impl()
def placed_this_round(engine: Engine, side: str, c: str) -> int:
    return engine.state.placed_this_round[side].get(c, 0)


def _with_control(engine: Engine, side: str, c: str, fn: Callable[[], Any]) -> Any:
    """Evaluate as if the side controlled the country (state restored afterwards)."""
    need = ops_to_control(engine, side, c)
    if engine.state.influence[c][side] == 0 and need == 0:
        need = 1
    return _with_influence(engine, c, side, engine.state.influence[c][side] + need, fn)


def _with_influence(engine: Engine, c: str, side: str, amount: int, fn: Callable[[], Any]) -> Any:
    """Evaluate with the side's influence in the country set to `amount`, then put the board back. The
    function results remembered by the evaluation around this one describe the real board: the
    hypothetical board gets a memory of its own."""
    state = engine.state
    saved, saved_memo = dict(state.influence[c]), engine.memo
    state.influence[c][side] = amount
    engine.memo = {}
    try:
        return fn()
    finally:
        state.influence[c] = saved
        engine.memo = saved_memo


def _function(engine: Engine, need: registry.Need, *args: Any) -> Any:
    return engine.program.needed(need).call(engine, *args)


@impl()
def level_if_controlled(engine: Engine, side: str, c: str, region: str) -> str:
    return ordinal(
        str(_with_control(engine, side, c, lambda: _function(engine, registry.SCORING_LEVEL, side, region)))
    )


@impl()
def level_without_control(engine: Engine, side: str, c: str, region: str) -> str:
    """The side's level with its control of the country broken: its influence there drops to one less
    than it needs for control (the opponent's stays)."""
    if not controls(engine, side, c):
        return ordinal(str(_function(engine, registry.SCORING_LEVEL, side, region)))
    short = max(0, engine.state.influence[c][other(side)] + board(engine).stability[c] - 1)
    return ordinal(
        str(
            _with_influence(
                engine, c, side, short, lambda: _function(engine, registry.SCORING_LEVEL, side, region)
            )
        )
    )


@impl()
def battlegrounds_counted(engine: Engine, side: str, region: str, count: int) -> int:
    return max(0, engine.modified("scoring_battlegrounds", count, actor=side, region=region))


@impl()
def score_swing_if_controlled(engine: Engine, side: str, c: str, region: str) -> int:
    def net() -> int:
        return int(_function(engine, registry.REGION_VP, side, region)) - int(
            _function(engine, registry.REGION_VP, other(side), region)
        )

    before = net()
    return int(_with_control(engine, side, c, net)) - before


@impl()
def score_swing_if_broken(engine: Engine, side: str, c: str, region: str) -> int:
    """VP the side would gain at the region's scoring if it broke the opponent's control of the country:
    its influence there raised just enough to end that control (0 when the opponent does not control it).
    Whether the side itself would then control the country is as the board says (it never does when
    breaking is all it can reach)."""
    if not controls(engine, other(side), c):
        return 0

    def net() -> int:
        return int(_function(engine, registry.REGION_VP, side, region)) - int(
            _function(engine, registry.REGION_VP, other(side), region)
        )

    before = net()
    broken = engine.state.influence[c][side] + ops_to_break_control(engine, side, c)
    return int(_with_influence(engine, c, side, broken, net)) - before


# ---------------------------------------------------------------------- cards
impl("ops")(lambda e, card: card_info(e, card)["ops"])
impl("event_side")(lambda e, card: card_info(e, card)["side"])
impl("period_of")(lambda e, card: ordinal(card_info(e, card)["period"]))
impl("is_scoring")(lambda e, card: card_info(e, card)["scoring"])
impl("is_starred")(lambda e, card: card_info(e, card)["starred"])
impl("hand")(lambda e, side: list(e.state.hands[side]))
impl("draw_pile")(lambda e: list(e.state.draw_pile))
impl("discard_pile")(lambda e: list(reversed(e.state.discard)))
impl("removed_cards")(lambda e: list(e.state.removed))
impl("china_card_holder")(lambda e: e.state.china_holder)
impl("china_card_face_up")(lambda e: e.state.china_face_up)
impl("headline_of")(lambda e, side: e.state.headline.get(side))


@impl()
def ops_for(engine: Engine, side: str, card: str) -> int:
    """7.4: printed ops with every modifier in force for that side; never below 1 for a non-scoring card."""
    info = card_info(engine, card)
    if info["scoring"]:
        return 0
    return max(1, engine.modified("ops", info["ops"], actor=side, card=card))


@impl()
def in_effect(engine: Engine, card: str) -> bool:
    return any(e.card == card for e in engine.state.in_effect)


@impl()
def played_by(engine: Engine, card: str) -> str:
    for effect in engine.state.in_effect:
        if effect.card == card:
            return effect.owner
    return "neutral"


@impl()
def period_cards(engine: Engine, period: str) -> list[str]:
    # An optional need: a ruleset without the setting has no optional cards in the game.
    optional = bool(engine.state.settings.get(registry.OPTIONAL_CARDS.name, False))
    return [
        name
        for name, info in engine.ir["cards"].items()
        if info["period"] == period and (optional or not info["optional"]) and not info["no_event"]
    ]


@impl()
def random_card(engine: Engine, cards: list[str]) -> str | None:
    return engine.dice.pick(cards) if cards else None


@impl()
def ops_spent_only_in(engine: Engine, region: str) -> bool:
    """The operations are committed to the region, or to a subregion of it (2.1.2: Southeast Asia is
    Asia)."""
    committed = engine.ops_region
    if committed is None:
        return False
    return region in board(engine).within.get(committed, {committed})


@impl()
def space_ops_needed(engine: Engine, side: str) -> int:
    box = engine.state.space[side] + 1
    rows = _space_race(engine)
    return rows[box]["ops"] if box in rows else 0


def _space_race(engine: Engine) -> dict[int, dict[str, int]]:
    """The ruleset's Space Race track (registry.SPACE_RACE) by box, each row's cells by column label."""
    table = engine.program.needed(registry.SPACE_RACE)
    labels = [c["label"] for c in table["columns"]]
    return {int(r["keys"][0]): dict(zip(labels, r["cells"], strict=True)) for r in table["rows"]}


@impl("may")
def may(engine: Engine, action: str, side: str, card: str) -> bool:
    return engine.forbidden(action, actor=side, card=card) is None


# ---------------------------------------------------------------------- effects on the board
def _changed_influence(engine: Engine, side: str, c: str, amount: int) -> None:
    engine.state.influence[c][side] = max(0, engine.state.influence[c][side] + amount)


@impl()
def add_influence(engine: Engine, side: str, c: str, amount: int) -> None:
    _changed_influence(engine, side, c, amount)
    engine.trace("influence", side=side, country=c, change=amount, now=engine.state.influence[c][side])


@impl()
def remove_influence(engine: Engine, side: str, c: str, amount: int) -> None:
    before = engine.state.influence[c][side]
    _changed_influence(engine, side, c, -amount)
    engine.trace(
        "influence",
        side=side,
        country=c,
        change=engine.state.influence[c][side] - before,
        now=engine.state.influence[c][side],
    )


@impl()
def set_defcon(engine: Engine, level: int) -> None:
    change_defcon(engine, level - engine.state.defcon)


@impl()
def change_defcon(engine: Engine, by: int) -> None:
    before = engine.state.defcon
    floor = engine.modified("defcon_floor", 1, actor=engine.defcon_actor)
    if floor > 1 and before + by < floor <= before:
        # The side answering for this change may not cause it (the solo AI never brings DEFCON to 1):
        # that part of the event or action does not happen.
        engine.trace("defcon_change_ignored", by=by, floor=floor, actor=engine.defcon_actor)
        return
    low, high = track_bounds(engine, DEFCON_TRACK)
    # an undeclared bound is infinite and never the result, so the value stays a whole number
    engine.state.defcon = int(max(low, min(high, before + by)))
    if engine.state.defcon != before:
        engine.trace("defcon", now=engine.state.defcon, actor=engine.defcon_actor)
        engine.fire("defcon_changed", actor=engine.defcon_actor)


@impl()
def gain_vp(engine: Engine, side: str, amount: int) -> None:
    if amount == 0:
        return
    engine.state.vp += amount if side == "us" else -amount
    engine.trace("vp", side=side, change=amount, now=engine.state.vp)
    engine.fire("vp_changed")


@impl()
def add_milops(engine: Engine, side: str, amount: int) -> None:
    engine.state.milops[side] = int(
        min(track_bounds(engine, MILITARY_OPERATIONS_TRACK)[1], engine.state.milops[side] + amount)
    )


@impl()
def reset_milops(engine: Engine) -> None:
    engine.state.milops = {"us": 0, "ussr": 0}


@impl()
def region_scored(engine: Engine, region: str) -> None:
    engine.trace("scored", region=region, vp=engine.state.vp)
    engine.fire("region_scored", region=region)


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
    engine.trace("ai_decision", what=what, card=card, rule=rule)


@impl()
def log(engine: Engine, message: str) -> None:
    engine.trace("log", message=message)


# ---------------------------------------------------------------------- operations
MODES = ("influence", "coup", "realign")


def _region_offers(engine: Engine, side: str, card: str) -> list[tuple[str, int]]:
    """Every region whose commitment (every op of the card spent there) raises the card's ops, with the
    ops it would then be worth: highest value first (a subregion with its own bonus before its region),
    then the narrower region. A subregion worth no more than its region is no better a commitment, only
    a narrower one: left out."""
    b = board(engine)
    offers: list[tuple[int, int, str]] = []
    saved = engine.ops_region
    try:
        engine.ops_region = None
        ops = ops_for(engine, side, card)
        for region in b.members:
            engine.ops_region = region
            value = ops_for(engine, side, card)
            if value > ops:
                offers.append((-value, len(b.members[region]), region))
    finally:
        engine.ops_region = saved
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


def _ops_with_region_bonus(engine: Engine, side: str, card: str | None, ops: int) -> int:
    """Some modifiers pay only when every op goes to one region (The China Card in Asia, Vietnam Revolts
    in Southeast Asia): offer, in one decision, every region whose commitment raises the card's ops."""
    if card is None:
        return ops
    offers = _region_offers(engine, side, card)
    if not offers:
        return ops
    by_answer = {f"all_in_{region}": (region, value) for region, value in offers}
    answer = engine.ask_one("ops_in_one_region", side, [*by_answer, "no"])
    if answer == "no" or answer not in by_answer:
        return ops
    region, value = by_answer[answer]
    engine.ops_region = region
    return value


def _targets_ok(engine: Engine, c: str) -> bool:
    return engine.ops_region is None or c in board(engine).members.get(engine.ops_region, ())


@impl()
def conduct_operations(engine: Engine, side: str, ops: int, card: str | None = None) -> None:
    modes = [m for m in MODES if _mode_possible(engine, side, m, card)]
    if not modes:
        engine.trace("no_operations", side=side)
        return
    mode = engine.ask_one("operations", side, modes)
    _operations(engine, side, mode, ops, card)


@impl()
def operations_without_coup(engine: Engine, side: str, ops: int, card: str | None = None) -> None:
    modes = [m for m in MODES if m != "coup" and _mode_possible(engine, side, m, card)]
    if not modes:
        engine.trace("no_operations", side=side)
        return
    _operations(engine, side, engine.ask_one("operations", side, modes), ops, card)


def _mode_possible(engine: Engine, side: str, mode: str, card: str | None) -> bool:
    if mode == "influence":
        return any(True for _ in _influence_targets(engine, side, card, 99))
    action = "coup" if mode == "coup" else "realign"
    return any(True for _ in _attack_targets_of(engine, side, action, card))


def _operations(engine: Engine, side: str, mode: str, ops: int, card: str | None) -> None:
    try:
        if mode == "influence":
            place_influence_with_ops(engine, side, ops, card)
        elif mode == "coup":
            targets = _attack_targets(engine, side, "coup", card)
            if targets:
                coup(engine, side, engine.ask_one("coup_target", side, targets, "coup"), ops, card)
        else:
            for _ in range(ops):
                targets = _attack_targets(engine, side, "realign", card)
                if not targets:
                    break
                realign(engine, side, engine.ask_one("realign_target", side, targets, "realign"), card)
    finally:
        engine.ops_region = None


def _attack_targets(engine: Engine, side: str, action: str, card: str | None) -> list[str]:
    return list(_attack_targets_of(engine, side, action, card))


def _attack_targets_of(engine: Engine, side: str, action: str, card: str | None) -> Iterator[str]:
    candidates = [c for c in board(engine).countries if _targets_ok(engine, c)]
    return engine.permitted(action, "target", candidates, actor=side, card=card)


def _influence_options(engine: Engine, side: str, card: str | None, ops_left: int) -> list[str]:
    return list(_influence_targets(engine, side, card, ops_left))


def _influence_targets(engine: Engine, side: str, card: str | None, ops_left: int) -> Iterator[str]:
    """The countries the side may put a point of influence in now, at a cost within `ops_left`, in the
    map's order (lazily: whether there is any is often all that is asked)."""
    candidates = [c for c in board(engine).countries if _targets_ok(engine, c)]
    for c in engine.permitted("influence", "target", candidates, actor=side, card=card):
        if engine.modified("influence_cost", 1, actor=side, target=c) <= ops_left:
            yield c


@impl()
def place_influence_with_ops(engine: Engine, side: str, ops: int, card: str | None = None) -> None:
    """6.1: one point at a time, each paying its cost as the board stands then."""
    left = ops
    while left > 0:
        options = _influence_options(engine, side, card, left)
        if not options:
            break
        c = engine.ask_one("influence_target", side, options, "place")
        left -= engine.modified("influence_cost", 1, actor=side, target=c)
        place_influence_point(engine, side, c)


def _refuse_illegal(engine: Engine, action: str, side: str, c: str | None, card: str | None = None) -> None:
    """An operation a procedure asks for directly (the solo AI's) must still be one the rules allow:
    otherwise the step is refused, never carried out. Players' own operations are offered only among
    the legal ones, so for them this never fires."""
    code = engine.forbidden(action, actor=side, card=card, target=c)
    if code is not None:
        from twilight.runtime.engine import RuleError

        raise RuleError(code, f"{side} may not {action} in {c}: {code}")


@impl()
def place_influence_point(engine: Engine, side: str, c: str) -> None:
    _refuse_illegal(engine, "influence", side, c)
    add_influence(engine, side, c, 1)
    placed = engine.state.placed_this_round[side]
    placed[c] = placed.get(c, 0) + 1
    engine.fire("influence_placed", actor=side, target=c)


def _resolve_coup(engine: Engine, side: str, c: str, ops: int, card: str | None, free: bool) -> None:
    engine.fire("coup_attempt", actor=side, target=c, card=card, ops=ops, free=free)
    roll = d6(engine)
    strength = roll + ops + engine.modified("coup_roll", 0, actor=side, target=c)
    defence = engine.modified("coup_defence", 0, actor=side, target=c)
    drop = engine.modified("defcon_drop_on_coup", 0, actor=side, target=c)
    engine.trace("coup", side=side, country=c, roll=roll, strength=strength, defence=defence)
    if strength > defence:
        diff = strength - defence
        opp = other(side)
        removed = min(diff, engine.state.influence[c][opp])
        remove_influence(engine, opp, c, removed)
        if diff > removed:
            add_influence(engine, side, c, diff - removed)
    if drop:
        change_defcon(engine, -drop)
    engine.fire("coup_resolved", actor=side, target=c, card=card, ops=ops, free=free)


@impl()
def coup(engine: Engine, side: str, c: str, ops: int, card: str | None = None) -> None:
    _refuse_illegal(engine, "coup", side, c, card)
    _resolve_coup(engine, side, c, ops, card, free=False)


@impl()
def free_coup(engine: Engine, side: str, c: str, ops: int) -> None:
    _resolve_coup(engine, side, c, ops, None, free=True)


@impl()
def realign(engine: Engine, side: str, c: str, card: str | None = None) -> None:
    """6.2: both roll; the higher removes the difference from the other's influence; never adds."""
    opp = other(side)
    mine = d6(engine) + engine.modified("realign_roll", 0, actor=side, target=c)
    theirs = d6(engine) + engine.modified("realign_roll", 0, actor=opp, target=c)
    engine.trace("realign", side=side, country=c, roll=mine, against=theirs)
    if mine > theirs:
        remove_influence(engine, opp, c, mine - theirs)
    elif theirs > mine:
        remove_influence(engine, side, c, theirs - mine)
    engine.fire("realignment", actor=side, target=c)


@impl()
def space_attempt(engine: Engine, side: str, card: str) -> None:
    """6.4: roll against the next box; the first to reach a box scores its first VP, the second its second."""
    box = engine.state.space[side] + 1
    row = _space_race(engine)[box]
    roll_max, vp_first, vp_second = row["max_roll"], row["vp_first"], row["vp_second"]
    engine.state.space_attempts[side] += 1
    roll = d6(engine) + engine.modified("space_roll", 0, actor=side)
    success = roll <= roll_max
    engine.trace("space", side=side, box=box, roll=roll, success=success)
    if success:
        _reach_space_box(engine, side, box, vp_first, vp_second)


def _reach_space_box(engine: Engine, side: str, box: int, vp_first: int, vp_second: int) -> None:
    first = engine.state.space[other(side)] < box
    engine.state.space[side] = box
    gain_vp(engine, side, vp_first if first else vp_second)


@impl()
def space_advance(engine: Engine, side: str, boxes: int) -> None:
    """Events that move the marker (Captured Nazi Scientist, One Small Step): no roll, and only the box
    finally reached pays its VP; the last box is the limit."""
    rows = _space_race(engine)
    box = min(engine.state.space[side] + boxes, max(rows))
    if box <= engine.state.space[side]:
        return
    vp_first, vp_second = rows[box]["vp_first"], rows[box]["vp_second"]
    engine.trace("space_advance", side=side, box=box)
    _reach_space_box(engine, side, box, vp_first, vp_second)


# ---------------------------------------------------------------------- action rounds and card play
@impl()
def set_action_round(engine: Engine, number: int) -> None:
    engine.state.action_round = number


def _remaining_rounds(engine: Engine, side: str) -> int:
    return max(1, action_rounds_this_turn(engine, side) - engine.state.action_round + 1)


def _playable(engine: Engine, side: str) -> list[str]:
    state = engine.state
    cards = list(state.hands[side])
    if state.china_holder == side and state.china_face_up and _china(engine) not in cards:
        cards.append(_china(engine))
    cards = [c for c in cards if engine.forbidden("play", actor=side, card=c) is None]
    for card in cards:
        if engine.has_status("must_play_for_ops", side, card) or engine.has_status("must_play", side, card):
            return [card]
    must = [c for c in state.hands[side] if engine.forbidden("hold", actor=side, card=c) is not None]
    if must and len(must) >= _remaining_rounds(engine, side):
        return [c for c in cards if c in must]
    return cards


# ---------------------------------------------------------------------- look-ahead (a copy; nothing changes)
@impl()
def event_influence_gain(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return lookahead.total_influence(twin, side) - lookahead.total_influence(engine, side)


@impl()
def event_control_gain(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return len(lookahead.controlled(twin, side) - lookahead.controlled(engine, side))


@impl()
def event_vp_gain(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    sign = 1 if side == "us" else -1
    return sign * (twin.state.vp - engine.state.vp)


@impl()
def event_wins_game(engine: Engine, side: str, card: str) -> bool:
    twin = lookahead.after_event(engine, side, card)
    return twin.state.game_over and twin.state.winner == side


@impl()
def event_influence_removed(engine: Engine, side: str, card: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return lookahead.total_influence(engine, other(side)) - lookahead.total_influence(twin, other(side))


@impl()
def event_has_effect(engine: Engine, side: str, card: str) -> bool:
    """The card's event, played now by the side on a copy of the game, changes something besides moving
    the card itself (lookahead.changes_anything). In the headline the copy headlines the card (its reveal
    rules act too: lookahead.after_headline). An event a rule prevents changes nothing."""
    owner = card_info(engine, card)["side"]
    if not _event_possible(engine, owner if owner in SIDES else side, card):
        return False  # what play_event would find too: the event does not happen
    if engine.state.in_headline:
        twin = lookahead.after_headline(engine, side, card)
    else:
        twin = lookahead.after_event(engine, side, card)
    return lookahead.changes_anything(engine, twin, card)


@impl()
def score_if_event(engine: Engine, side: str, card: str, region: str) -> int:
    twin = lookahead.after_event(engine, side, card)
    return lookahead.net_region_score(twin, side, region)


@impl()
def score_if_ops(engine: Engine, side: str, ops: int, region: str) -> int:
    twin = lookahead.what_if(engine, lookahead.spend_ops(side, ops))
    return lookahead.net_region_score(twin, side, region)


@impl()
def note_drawn(engine: Engine, side: str, cards: list[str]) -> None:
    engine.state.drawn_this_round[side] = list(cards)


impl("drawn_this_round")(lambda e, side: list(e.state.drawn_this_round[side]))


@impl()
def has_appendix_entry(engine: Engine, card: str) -> bool:
    return card in engine.program.appendix


@impl()
def appendix_allows(engine: Engine, card: str, moment: str, ai: str) -> bool:
    """The entry names the moment and its condition holds. `action_round` in an entry stands for both
    kinds of round; a scoring round named with a region needs that region to be the Primary one."""
    return _appendix_event(engine, card, moment, ai) is not None


def _appendix_event(engine: Engine, card: str, moment: str, ai: str, checked: bool = True) -> Any:
    """The first event of the card's entry that names the moment and whose condition holds (or, not
    `checked`, the first that names it), or None."""
    entry = engine.program.appendix.get(card)
    if entry is None:
        return None
    region = engine.state.vars.get(PRIMARY_REGION_VARIABLE)
    frame = Frame(engine, {"ai": ai, "human": other(ai), "region": region, "this_card": card})
    for event in entry.events:
        named = any(
            (m == moment or (m == "action_round" and moment in ("scoring_round", "non_scoring_round")))
            and (r is None or r == region)
            for m, r in event.moments
        )
        if named and (not checked or event.when is None or event.when(frame)):
            return event
    return None


@impl()
def playable_cards(engine: Engine, side: str) -> list[str]:
    return _playable(engine, side)


def _china(engine: Engine) -> str:
    return next((n for n, c in engine.ir["cards"].items() if c["no_event"]), "the_china_card")


@impl()
def take_action_round(engine: Engine, side: str) -> None:
    begin_action_round(engine, side)
    cards = _playable(engine, side)
    if cards:
        play_card(engine, side, engine.ask_one("action_card", side, cards))
    end_action_round(engine, side)


@impl()
def begin_action_round(engine: Engine, side: str) -> None:
    """The side becomes the phasing player; adjacency is fixed as of now (6.1.1); the round's hooks run
    and the side may use what it is allowed at this moment (Cuban Missile Crisis's way out)."""
    state = engine.state
    state.phasing = side
    engine.defcon_actor = side
    state.placed_this_round = {"us": {}, "ussr": {}}
    state.drawn_this_round = {"us": [], "ussr": []}
    state.round_start_influence = {s: [c for c, inf in state.influence.items() if inf[s] > 0] for s in SIDES}
    engine.trace("action_round", side=side)
    engine.fire("action_round_start", actor=side)
    for name, body, frame in engine.allowed_actions(side):
        if engine.ask_one(name, side, ["yes", "no"]) == "yes":
            body(frame)


@impl()
def end_action_round(engine: Engine, side: str) -> None:
    engine.fire("action_round_end", actor=side)
    engine.expire("end_of_action_round")
    engine.expire("end_of_next_action_round", side)


def _event_possible(engine: Engine, side: str, card: str) -> bool:
    info = card_info(engine, card)
    if card not in engine.program.events:
        return False
    if any(in_effect(engine, c) for c in info["prevented_by"]):
        return False
    if info["requires_any"] and not any(in_effect(engine, c) for c in info["requires_any"]):
        return False
    return engine.forbidden("event", actor=side, card=card) is None


def _modes(engine: Engine, side: str, card: str) -> list[str]:
    info = card_info(engine, card)
    if info["scoring"]:
        return ["event"]
    forced_ops = engine.has_status("must_play_for_ops", side, card)
    modes = []
    if info["side"] in (side, "neutral") and not forced_ops and _event_possible(engine, side, card):
        modes.append("event")
    modes += [m for m in MODES if _mode_possible(engine, side, m, card)]
    if not forced_ops and engine.forbidden("space", actor=side, card=card) is None:
        modes.append("space")
    return modes


@impl()
def play_card(engine: Engine, side: str, card: str) -> None:
    """One card played in an action round: as its event, for operations, or on the Space Race."""
    state = engine.state
    from_hand = card in state.hands[side]
    if from_hand:
        state.hands[side].remove(card)
    engine.trace("play", side=side, card=card)
    modes = _modes(engine, side, card)
    if not modes:
        engine.trace("no_legal_play", side=side, card=card)
        _dispose(engine, card, from_hand, as_event=False)
        engine.fire("card_played", actor=side, card=card)
        return
    mode = engine.ask_one("play_mode", side, modes)
    engine.fire("card_play_chosen", actor=side, card=card, mode=mode)
    info = card_info(engine, card)
    if mode == "event":
        play_event(engine, side, card, from_hand)
    elif mode == "space":
        space_attempt(engine, side, card)
        _dispose(engine, card, from_hand, as_event=False)
    else:
        opponent_event = info["side"] == other(side) and card in engine.program.events
        event_first = opponent_event and engine.ask_one("event_first", side, ["event", "ops"]) == "event"
        if event_first:
            _opponent_event(engine, side, card)
        ops = _ops_with_region_bonus(engine, side, card, ops_for(engine, side, card))
        _operations(engine, side, mode, ops, card)
        if opponent_event and not event_first:
            _opponent_event(engine, side, card)
        if not (
            opponent_event
            and card_info(engine, card)["starred"]
            and _event_possible(engine, other(side), card)
        ):
            _dispose(engine, card, from_hand, as_event=False)
    engine.fire("card_played", actor=side, card=card)


# How a card is played, in the words of play_card's `play_mode` decision (and the card_play_chosen hooks').
PLAY_MODES = ("event", *MODES, "space")


@impl()
def begin_play(engine: Engine, side: str, card: str) -> None:
    if card in engine.state.hands[side]:
        engine.state.hands[side].remove(card)
    engine.trace("play", side=side, card=card)


@impl()
def announce_play(engine: Engine, side: str, card: str, mode: str) -> None:
    """The card_play_chosen hooks hear a procedure's play in the words a player's play_card uses, so that
    a rule listening for how a card is played (Flower Power's war cards for operations) hears both."""
    if mode not in PLAY_MODES:
        from twilight.runtime.engine import RuleError

        raise RuleError(
            "unknown_play_mode", f"{card} played as {mode!r}: a play is one of {', '.join(PLAY_MODES)}"
        )
    engine.fire("card_play_chosen", actor=side, card=card, mode=mode)


@impl()
def commit_ops_to(engine: Engine, region: str) -> None:
    engine.ops_region = region
    engine.trace("ops_committed", region=region)


@impl()
def finish_play(engine: Engine, side: str, card: str) -> None:
    engine.ops_region = None
    _dispose(engine, card, True, as_event=False)
    engine.fire("card_played", actor=side, card=card)


def _opponent_event(engine: Engine, side: str, card: str) -> None:
    """5.2: the opponent's event happens as if the opponent played it; a prevented one does not."""
    owner = other(side)
    if not _event_possible(engine, owner, card):
        engine.trace("event_prevented", card=card)
        return
    _run_event(engine, owner, card)
    if card_info(engine, card)["starred"]:
        _remove(engine, card)


def _run_event(engine: Engine, owner: str, card: str) -> None:
    block = _appendix_block(engine, owner, card)
    engine.trace("event", side=owner, card=card, **({"appendix": block[0]} if block else {}))
    info = card_info(engine, card)
    if info["permanent"]:
        # In effect from now on, whatever carries the event out (what it prevents stays prevented).
        engine.start_lasting((card, "event"), "cancelled", [], {"player": owner})
    if block is not None:
        # The solo card appendix says what happens instead of the card's event in this situation.
        ai = other(owner) if block[0] == "reaction" else owner
        vars_ = {
            "ai": ai,
            "human": other(ai),
            "region": engine.state.vars.get(PRIMARY_REGION_VARIABLE),
            "this_card": card,
        }
        block[1](Frame(engine, {**vars_, "player": owner}))
    else:
        engine.program.events[card](Frame(engine, {"player": owner, "this_card": card}))
    engine.fire("event_played", actor=owner, card=card)


def _moment(engine: Engine) -> str:
    """The appendix's name for now: the headline, a scoring round or a round that does not score."""
    if engine.state.in_headline:
        return "headline"
    return "scoring_round" if engine.state.vars.get(SCORING_ROUND_VARIABLE) else "non_scoring_round"


def _appendix_block(engine: Engine, owner: str, card: str) -> tuple[str, Any] | None:
    """In a game against the ruleset's AI, the appendix block that replaces the card's event: for the
    AI's event, the `resolve` of the entry's line for this moment (when its condition holds), else
    `against_human`; for your event, `reaction`. None: the card's own event."""
    entry = engine.program.appendix.get(card)
    ai = engine.state.settings.get(AI_SIDE_SETTING)
    if entry is None or ai not in SIDES:
        return None
    if owner == ai:
        # A look-ahead plays the event as the AI would at this moment: its condition is what is being
        # decided, so it is not checked again inside the copy.
        line = _appendix_event(engine, card, _moment(engine), ai, checked=engine.lookahead_depth == 0)
        if line is not None and line.resolve is not None:
            return "resolve", line.resolve
        return ("against_human", entry.against_human) if entry.against_human is not None else None
    return ("reaction", entry.reaction) if entry.reaction is not None else None


@impl()
def event_possible(engine: Engine, side: str, card: str) -> bool:
    return _event_possible(engine, side, card)


@impl()
def play_event(engine: Engine, side: str, card: str, from_hand: bool = True) -> None:
    """The card's event happens for its owner (or for the side, if neutral); then the card goes away."""
    info = card_info(engine, card)
    owner = info["side"] if info["side"] in SIDES else side
    _take_out(engine, card)  # from any hand, the discard or the draw pile (Five Year Plan, Star Wars)
    if card not in engine.program.events or not _event_possible(engine, owner, card):
        _dispose(engine, card, True, as_event=False)  # first, so the card is never out of every zone
        engine.trace("event_prevented", card=card)
        return
    try:
        _run_event(engine, owner, card)
    except Exception:
        # An event that ends the game still leaves its card where it belongs. Anything else that stops
        # the event half-way (a player interrupted for a save) must leave the state as it is: a replay
        # reaches that same point with the card still in play.
        if engine.state.game_over:
            _dispose(engine, card, True, as_event=True)
        raise
    _dispose(engine, card, True, as_event=True)


def _dispose(engine: Engine, card: str, from_hand: bool, as_event: bool) -> None:
    state = engine.state
    if card == _china(engine) or card in state.removed or card in state.discard:
        return
    if any(card in state.hands[s] for s in SIDES):
        return  # the event moved it (Missile Envy)
    if as_event and card_info(engine, card)["starred"]:
        state.removed.append(card)
    else:
        state.discard.append(card)


def _remove(engine: Engine, card: str) -> None:
    state = engine.state
    zones = (state.discard, state.hands["us"], state.hands["ussr"])
    for zone in (*zones, *state.zones.values()):
        if card in zone:
            zone.remove(card)
    if card not in state.removed:
        state.removed.append(card)


@impl()
def play_card_for_ops(engine: Engine, side: str, card: str) -> None:
    conduct_operations(engine, side, ops_for(engine, side, card), card)


# ---------------------------------------------------------------------- cards and decks
def _draw(engine: Engine) -> str | None:
    state = engine.state
    if not state.draw_pile:
        if not state.discard:
            return None
        state.draw_pile = list(state.discard)
        state.discard.clear()
        engine.dice.shuffle(state.draw_pile)
        engine.trace("reshuffle", cards=len(state.draw_pile))
    return state.draw_pile.pop(0)


@impl()
def deal_up_to(engine: Engine, side: str, size: int) -> None:
    hand = engine.state.hands[side]
    while len(hand) < size:
        card = _draw(engine)
        if card is None:
            break
        hand.append(card)
    engine.trace("dealt", side=side, hand=len(hand))


@impl()
def draw_to(engine: Engine, side: str, count: int) -> None:
    for _ in range(count):
        card = _draw(engine)
        if card is None:
            break
        engine.state.hands[side].append(card)


@impl()
def add_period_to_deck(engine: Engine, period: str) -> None:
    # Only cards not yet in the game: never one already removed, held, discarded or in the pile.
    placed = set(engine.state.card_locations())
    cards = [c for c in period_cards(engine, period) if c not in placed]
    engine.state.draw_pile.extend(cards)
    engine.dice.shuffle(engine.state.draw_pile)
    engine.trace("deck_added", period=period, cards=len(cards))


@impl()
def shuffle_hand(engine: Engine, side: str) -> None:
    engine.dice.shuffle(engine.state.hands[side])


@impl()
def arrange_hand(engine: Engine, side: str, cards: list[str]) -> None:
    rest = [c for c in engine.state.hands[side] if c not in cards]
    engine.state.hands[side] = [c for c in cards if c in engine.state.hands[side]] + rest


@impl()
def to_hand_bottom(engine: Engine, side: str, card: str) -> None:
    hand = engine.state.hands[side]
    if card in hand:
        hand.remove(card)
        hand.append(card)


@impl()
def discard(engine: Engine, side: str, card: str) -> None:
    if card in engine.state.hands[side] and engine.forbidden("discard", actor=side, card=card) is None:
        engine.state.hands[side].remove(card)
        engine.state.discard.append(card)
        engine.trace("discard", side=side, card=card)


def _take_out(engine: Engine, card: str) -> None:
    state = engine.state
    for zone in (state.hands["us"], state.hands["ussr"], state.discard, state.draw_pile):
        if card in zone:
            zone.remove(card)


@impl()
def move_to_discard(engine: Engine, card: str) -> None:
    if card == _china(engine) or card in engine.state.removed:
        return
    _take_out(engine, card)
    engine.state.discard.append(card)
    engine.trace("discard", card=card)


@impl()
def shuffle_draw_pile(engine: Engine) -> None:
    engine.dice.shuffle(engine.state.draw_pile)


@impl()
def remove_from_game(engine: Engine, card: str) -> None:
    _remove(engine, card)


@impl()
def give_card(engine: Engine, card: str, side: str) -> None:
    state = engine.state
    for zone in (state.hands["us"], state.hands["ussr"], state.discard, state.draw_pile, state.removed):
        if card in zone:
            zone.remove(card)
    state.hands[side].append(card)


@impl()
def cancel_event(engine: Engine, card: str) -> None:
    engine.cancel_card_effects(card)


@impl()
def cancel_headline(engine: Engine, side: str) -> None:
    card = engine.state.headline.get(side)
    engine.state.headline[side] = None
    if card is not None:
        engine.trace("headline_cancelled", side=side, card=card)
        if card not in engine.state.discard:
            engine.state.discard.append(card)


@impl()
def reveal_hand(engine: Engine, side: str, to: str) -> None:
    engine.trace("hand_revealed", side=side, to=to, cards=list(engine.state.hands[side]))


@impl()
def reveal_cards(engine: Engine, side: str, cards: list[str]) -> None:
    engine.trace("cards_revealed", side=side, to=other(side), cards=list(cards))


@impl()
def pass_china_card(engine: Engine, to: str, face_up: bool) -> None:
    china = _china(engine)
    for side in SIDES:  # into the play area, out of a solo deck/hand
        if china in engine.state.hands[side]:
            engine.state.hands[side].remove(china)
    engine.state.china_holder = to
    engine.state.china_face_up = face_up
    engine.trace("china_card", holder=to, face_up=face_up)


@impl()
def move_china_card_to_hand(engine: Engine, side: str) -> None:
    """Solo: the card sits in the side's deck/hand like any other card (face down, so it is not offered
    a second time from the play area); playing it passes it on as usual."""
    china = _china(engine)
    state = engine.state
    for s in SIDES:
        if china in state.hands[s]:
            state.hands[s].remove(china)
    state.china_holder, state.china_face_up = side, False
    state.hands[side].append(china)
    engine.trace("china_card", holder=side, face_up=False, in_hand=True)


@impl()
def flip_china_card_face_up(engine: Engine) -> None:
    engine.state.china_face_up = True


@impl()
def apply_table(engine: Engine, name: str, column: int) -> None:
    for side in SIDES:
        apply_table_for(engine, name, column, side)


@impl()
def apply_table_for(engine: Engine, name: str, column: int, side: str) -> None:
    for row in _table(engine, name)["rows"]:
        if row["keys"][0] == side and row["cells"][column - 1]:
            add_influence(engine, side, row["keys"][1], int(row["cells"][column - 1]))


# ---------------------------------------------------------------------- turn markers and the headline
@impl()
def begin_turn(engine: Engine, number: int) -> None:
    engine.state.turn = number
    engine.state.action_round = 0
    engine.state.space_attempts = {"us": 0, "ussr": 0}
    engine.trace("turn", number=number)
    engine.fire("turn_start", turn_number=number)


@impl()
def end_turn(engine: Engine, number: int) -> None:
    engine.fire("turn_end", turn_number=number)
    engine.expire("end_of_turn")
    engine.trace("turn_end", number=number)


@impl()
def set_in_headline(engine: Engine, on: bool) -> None:
    engine.state.in_headline = on
    if not on:
        engine.state.headline = {"us": None, "ussr": None}


@impl()
def headline_chosen(engine: Engine, side: str, card: str) -> None:
    if card in engine.state.hands[side]:
        engine.state.hands[side].remove(card)
    engine.state.headline[side] = card


@impl()
def reveal_headlines(engine: Engine) -> None:
    us_card, ussr_card = engine.state.headline["us"], engine.state.headline["ussr"]
    engine.trace("headlines", us=us_card, ussr=ussr_card)
    engine.fire("headline_revealed", us_card=us_card, ussr_card=ussr_card)


@impl()
def resolve_headline(engine: Engine, side: str) -> None:
    card = engine.state.headline.get(side)
    if card is None:
        return
    state = engine.state
    state.phasing = side
    engine.defcon_actor = side  # 4.5 C: whoever headlined the card answers for DEFCON
    # Operations an event grants in the headline (CIA Created) place influence by 6.1.1 as the board
    # stands when the event begins, not as it stood at some earlier action round.
    state.placed_this_round = {"us": {}, "ussr": {}}
    state.round_start_influence = {s: [c for c, inf in state.influence.items() if inf[s] > 0] for s in SIDES}
    play_event(engine, side, card)
