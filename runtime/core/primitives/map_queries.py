"""The map, precomputed per IR (`Board`), and what the board says: adjacency, access, influence and
control, and the same questions asked of a hypothetical board (one country's influence changed)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from twilight.runtime.core import registry
from twilight.runtime.core.frames import ordinal
from twilight.runtime.core.primitives.core import impl, inlined, invariant_part, other
from twilight.runtime.core.sides import opponent

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


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
        self.by_any_superpower = frozenset().union(*self.by_superpower.values())
        superpowers = set(self.superpower_of.values())
        self.neighbours = {
            c: [n for n in v["adjacent"] if n not in superpowers] for c, v in countries.items()
        }
        self.neighbour_set = {c: frozenset(n) for c, n in self.neighbours.items()}
        # What influence in a country opens to access (6.1.1): the country and whoever counts it among
        # its neighbours (the map's adjacency read backwards; the compiler makes it symmetric, this does
        # not rely on that): access is found from the influence outwards.
        self.opened_by: dict[str, frozenset[str]] = {
            c: frozenset(n for n in self.countries if c in self.neighbour_set[n]) | {c}
            for c in self.countries
        }
        self.country_set = frozenset(self.countries)


_BOARDS: dict[int, Board] = {}


def board(engine: Engine) -> Board:
    found: Board | None = engine.board
    if found is None:
        found = engine.board = _board_of(engine)
    return found


def _map(name: str, fact: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The constants of an inlined primitive (core.inlined): one fact of the ruleset's map, as `name`."""
    return lambda ir: {name: getattr(board_of_ir(ir), fact)}


def _board_of(engine: Engine) -> Board:
    return board_of_ir(engine.ir)


def board_of_ir(ir: dict[str, Any]) -> Board:
    key = id(ir)
    if key not in _BOARDS:
        if len(_BOARDS) > 64:
            _BOARDS.clear()
        _BOARDS[key] = Board(ir)
    return _BOARDS[key]


# ---------------------------------------------------------------------- the map
impl("all_countries")(lambda e: list(board(e).countries))


# (a new list each time, as from the function: a rule may keep it, a primitive may be handed it)
impl("countries")(
    inlined("list(_MB.get({0}, ()))", _map("_MB", "members"), iterated="_MB.get({0}, ())")(
        lambda e, region: list(board(e).members.get(region, []))
    )
)


impl("neighbours")(
    inlined("list(_NB[{0}])", _map("_NB", "neighbours"), iterated="_NB[{0}]")(
        lambda e, c: list(board(e).neighbours[c])
    )
)


# (in a filter of candidates of one region: the region's countries looked up once, before the loop)
impl("in_region")(
    invariant_part("({0} in {h})", "_MS.get({1}, ())", (1,), cannot_fail=True)(
        inlined("({0} in _MS.get({1}, ()))", _map("_MS", "member_set"))(
            lambda e, c, region: c in board(e).member_set.get(region, ())
        )
    )
)


impl("region_of")(inlined("_RG[{0}]", _map("_RG", "region"))(lambda e, c: board(e).region[c]))


impl("stability")(inlined("_ST[{0}]", _map("_ST", "stability"))(lambda e, c: board(e).stability[c]))


impl("battleground")(inlined("_BG[{0}]", _map("_BG", "battleground"))(lambda e, c: board(e).battleground[c]))


impl("influence")(inlined("e.state.influence[{1}][{0}]")(lambda e, side, c: e.state.influence[c][side]))


@impl()
@invariant_part(
    "({0} not in {h} and not _NSET[{0}].isdisjoint({h}))", "_MS.get({1}, ())", (1,), cannot_fail=True
)
@inlined(
    "({0} not in _MS.get({1}, ()) and not _NSET[{0}].isdisjoint(_MS.get({1}, ())))",
    lambda ir: {"_MS": board_of_ir(ir).member_set, "_NSET": board_of_ir(ir).neighbour_set},
)
def adjacent_to_region(engine: Engine, c: str, region: str) -> bool:
    b = board(engine)
    members = b.member_set.get(region, frozenset())
    return c not in members and not b.neighbour_set[c].isdisjoint(members)


@impl()
@inlined("({0} in _BY_ANY_SUPERPOWER)", lambda ir: {"_BY_ANY_SUPERPOWER": board_of_ir(ir).by_any_superpower})
def adjacent_to_superpower(engine: Engine, c: str) -> bool:
    return any(c in adj for adj in board(engine).by_superpower.values())


@impl()
@inlined("({0} in _BY_SUPERPOWER[{1}])", _map("_BY_SUPERPOWER", "by_superpower"))
def adjacent_to_superpower_of(engine: Engine, c: str, side: str) -> bool:
    return c in board(engine).by_superpower[side]


@impl()
@inlined(
    "(e.state.influence[{1}][{0}] - e.state.influence[{1}][{o0}] - _ST[{1}])",
    _map("_ST", "stability"),
    once="((_ri := e.state.influence[{1}])[{0}] - _ri[{o0}] - _ST[{1}])",
)
def control_margin(engine: Engine, side: str, c: str) -> int:
    inf = engine.state.influence[c]
    return inf[side] - inf[opponent(side)] - board(engine).stability[c]


@impl()
@inlined(
    "(e.state.influence[{1}][{0}] > 0 and e.state.influence[{1}][{0}]"
    " - e.state.influence[{1}][{o0}] >= _ST[{1}])",
    _map("_ST", "stability"),
    once="((_ro := (_ri := e.state.influence[{1}])[{0}]) > 0 and _ro - _ri[{o0}] >= _ST[{1}])",
)
def controls(engine: Engine, side: str, c: str) -> bool:
    inf = engine.state.influence[c]
    own = inf[side]
    return own > 0 and own - inf[opponent(side)] >= board(engine).stability[c]


@impl()
@inlined(
    "max(0, _ST[{1}] + e.state.influence[{1}][{o0}] - e.state.influence[{1}][{0}])",
    _map("_ST", "stability"),
    # (no call of max: in 3.11 it parses its keywords even when given none, costing more than the rest)
    once="(_os if (_os := _ST[{1}] + (_ri := e.state.influence[{1}])[{o0}] - _ri[{0}]) > 0 else 0)",
)
def ops_to_control(engine: Engine, side: str, c: str) -> int:
    return max(0, -control_margin(engine, side, c))


@impl()
def ops_to_break_control(engine: Engine, side: str, c: str) -> int:
    opp = other(side)
    return control_margin(engine, opp, c) + 1 if controls(engine, opp, c) else 0


@impl()
@invariant_part("({1} in {h})", "_ACC(e, {0})", (0,))
@inlined("({1} in _ACC(e, {0}))", lambda ir: {"_ACC": _accessible_now})
def accessible(engine: Engine, side: str, c: str) -> bool:
    """6.1.1: influence (as at the start of the round) in the country or a neighbour, or the country
    touches the side's superpower."""
    return c in _accessible_now(engine, side)


class InfluenceAtRoundStart:
    """What the last action round's start fixed (`influence_as_round_begins`): the board it looked at,
    per side the countries with influence there as a set and in the board's order, and the board's
    order itself (made when first needed)."""

    __slots__ = ("board", "ordered", "position", "present")

    def __init__(self, board: dict[str, dict[str, int]], ordered: dict[str, list[str]]) -> None:
        self.board = board
        self.ordered = ordered
        self.present = {side: set(countries) for side, countries in ordered.items()}
        self.position: dict[str, int] | None = None

    def for_copy(self, board: dict[str, dict[str, int]]) -> InfluenceAtRoundStart:
        """The same for a copy of the game whose board is `board` (a copy of the one looked at, as it
        stands): sets of its own, which its round starts change; the lists (replaced, never changed) and
        the board's order shared."""
        twin = InfluenceAtRoundStart.__new__(InfluenceAtRoundStart)
        twin.board = board
        twin.ordered = dict(self.ordered)
        twin.present = {side: set(countries) for side, countries in self.present.items()}
        twin.position = self.position
        return twin


def influence_as_round_begins(engine: Engine) -> dict[str, list[str]]:
    """Per side, the countries where it has influence now, in the map's order (`GameState.
    countries_with_influence`), for an action round's start to fix (6.1.1). Looked for again only in
    the countries whose influence changed since the last round began: every change goes through
    primitives.effects, which notes the country in `engine.influence_touched` (most rounds none of
    them gained its first point or lost its last)."""
    state = engine.state
    board = state.influence
    touched, last = engine.influence_touched, engine.influence_at_round_start
    engine.influence_touched = set()
    if touched is None or last is None or last.board is not board:
        last = engine.influence_at_round_start = InfluenceAtRoundStart(
            board, state.countries_with_influence()
        )
    else:
        for side, present in last.present.items():
            # (a loop: the countries touched are few, and in 3.11 a comprehension makes a function)
            flipped = []
            for c in touched:
                if (board[c][side] > 0) != (c in present):
                    flipped.append(c)
            if flipped:
                if last.position is None:
                    last.position = {c: i for i, c in enumerate(board)}
                # (each flipped country put in its place or taken out: the few of them, not the side's
                # whole list sorted again; in a list of its own, the one the last round began with being
                # the state's, never changed once given)
                countries, position = list(last.ordered[side]), last.position.__getitem__
                for c in flipped:
                    if c in present:
                        present.remove(c)
                        countries.remove(c)
                    else:
                        present.add(c)
                        insort(countries, c, key=position)
                last.ordered[side] = countries
    # (the lists are the state's, shared with `last` and the copies' records: none of them changes a list,
    # a round's start makes a new one where the countries differ)
    return dict(last.ordered)


def _accessible_now(engine: Engine, side: str) -> frozenset[str]:
    """The countries accessible to the side this round (6.1.1), worked out once per round (the round's
    starting influence is a list the round's start replaces), and again only when the countries where
    the side had influence as the round began differ from those of its last round that asked."""
    start = engine.state.round_start_influence[side]
    cached = engine.accessible_cache.get(side)
    # (the list it was worked out for, or one equal to it: a round's start gives the state lists of its
    # own that nothing changes, `influence_as_round_begins`, and a copy of the game lists equal to them)
    if cached is not None:
        if cached[0] is start:
            known: frozenset[str] = cached[1]
            return known
        if cached[0] == start:
            # (kept for this list from now on: a copy's lists are equal to its game's, not the same)
            engine.accessible_cache[side] = (start, cached[1], cached[2])
            known = cached[1]
            return known
    b = board(engine)
    # a country next to the superpower, one with influence, or one that has a country with influence
    # among its neighbours: from the few countries with influence outwards, not over the whole map
    opened = b.opened_by
    now = set(start)
    if cached is not None and cached[2] <= now:
        # (influence only gained since: what the new countries open, added to what was open)
        # (loops, not comprehensions: in 3.11 one makes `opened` a cell at every call, cached ones too)
        was_open: frozenset[str] = cached[1]
        gained: set[str] = set()
        for c in now - cached[2]:
            gained.update(opened.get(c, (c,)))
        found = was_open | b.country_set.intersection(gained)
    else:
        near = set(b.by_superpower[side])
        for c in start:
            near.update(opened.get(c, (c,)))
        found = b.country_set.intersection(near)
    engine.accessible_cache[side] = (start, found, now)
    return found


@impl()
# (`get`: a side that has none fails where its placements are looked in, as the template does)
@invariant_part("{h}.get({1}, 0)", "e.state.placed_this_round.get({0})", (0,), cannot_fail=True)
@inlined("e.state.placed_this_round[{0}].get({1}, 0)")
def placed_this_round(engine: Engine, side: str, c: str) -> int:
    return engine.state.placed_this_round[side].get(c, 0)


def _with_control(engine: Engine, side: str, c: str, fn: Callable[[], Any]) -> Any:
    """Evaluate as if the side controlled the country (state restored afterwards)."""
    need = ops_to_control(engine, side, c)
    if engine.state.influence[c][side] == 0 and need == 0:
        need = 1
    return with_influence(engine, c, side, engine.state.influence[c][side] + need, fn)


def supposing_influence(engine: Engine, side: str, amounts: Mapping[str, int], fn: Callable[[], Any]) -> Any:
    """Evaluate with the side's influence in each country of `amounts` set so (as `with_influence`, one
    country after the other), then put the board back: a plan of several points looked at before it is
    played."""
    changes = list(amounts.items())

    def from_(i: int) -> Any:
        if i == len(changes):
            return fn()
        c, amount = changes[i]
        return with_influence(engine, c, side, amount, lambda: from_(i + 1))

    return from_(0)


def with_influence(engine: Engine, c: str, side: str, amount: int, fn: Callable[[], Any]) -> Any:
    """Evaluate with the side's influence in the country set to `amount`, then put the board back. The
    function results remembered by the evaluation around this one describe the real board: the
    hypothetical board gets a memory of its own."""
    board = engine.state.influence
    saved, saved_memo = board[c], engine.memo
    board[c] = {**saved, side: amount}  # (a value of its own: the one it stands for may be shared)
    engine.memo = {}
    # (and its stamps, core/board_stamps.py: those of the board supposed, then those it had)
    stamps = engine.board_stamps
    saved_stamps = stamps.supposing(c, side, amount) if stamps is not None else None
    try:
        return fn()
    finally:
        board[c] = saved
        engine.memo = saved_memo
        if stamps is not None and saved_stamps is not None:
            stamps.restore(saved_stamps)


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
            with_influence(
                engine, c, side, short, lambda: _function(engine, registry.SCORING_LEVEL, side, region)
            )
        )
    )


@impl()
def battlegrounds_counted(engine: Engine, side: str, region: str, count: int) -> int:
    if not engine.unmodified("scoring_battlegrounds"):
        count = engine.modified("scoring_battlegrounds", count, actor=side, region=region)
    return count if count > 0 else 0  # (max(0, count), without its keyword parsing: asked very often)


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
    return int(with_influence(engine, c, side, broken, net)) - before
