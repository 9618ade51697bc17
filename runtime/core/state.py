"""The game state: plain data that saves to JSON and loads back exactly."""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from itertools import chain
from operator import attrgetter
from typing import Any

from twilight.runtime.core import registry, sides
from twilight.runtime.core.sides import SIDES as SIDES
from twilight.runtime.core.sides import US, USSR

# Names of the state a ruleset declares that the runtime reads: each is a need of the runtime's contract
# with the ruleset (registry.py), typed there and checked by the compiler; a ruleset that declares
# the name gets the behaviour, one that does not goes without.
PRIMARY_REGION_VARIABLE = registry.PRIMARY_REGION.name
SCORING_ROUND_VARIABLE = registry.SCORING_ROUND.name
SECONDARY_REGION_VARIABLE = registry.SECONDARY_REGION.name
DEFCON_TRACK = registry.DEFCON_TRACK.name
MILITARY_OPERATIONS_TRACK = registry.MILITARY_OPERATIONS_TRACK.name
SPACE_RACE_TRACK = registry.SPACE_RACE_TRACK.name
TURN_TRACK = registry.TURN_TRACK.name
VP_TRACK = registry.VP_TRACK.name


@dataclass
class LastingEffect:
    """An event in effect: which card's `lasting` block, who played it, until when, and the local values
    the block saw when it started (they stay as they were)."""

    card: str
    name: str
    owner: str
    until: str
    until_args: list[Any] = field(default_factory=list)
    vars: dict[str, Any] = field(default_factory=dict)
    started_turn: int = 0
    started_round: int = 0


@dataclass
class GameState:
    ruleset: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    turn: int = 1
    action_round: int = 0
    # (the phasing side, DEFCON and The China Card's holder start where the ruleset says: `starting_values`)
    phasing: str = ""
    defcon: int = 0
    vp: int = 0
    milops: dict[str, int] = field(default_factory=lambda: {US: 0, USSR: 0})
    space: dict[str, int] = field(default_factory=lambda: {US: 0, USSR: 0})
    space_attempts: dict[str, int] = field(default_factory=lambda: {US: 0, USSR: 0})
    # per country, each side's influence: a value, replaced when it changes (see _FIELD_COPIES)
    influence: dict[str, dict[str, int]] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=lambda: {US: [], USSR: []})
    draw_pile: list[str] = field(default_factory=list)  # top first
    discard: list[str] = field(default_factory=list)  # newest last
    removed: list[str] = field(default_factory=list)
    in_effect: list[LastingEffect] = field(default_factory=list)
    china_holder: str = ""
    china_face_up: bool = True
    headline: dict[str, str | None] = field(default_factory=lambda: {US: None, USSR: None})
    in_headline: bool = False
    in_final_scoring: bool = False
    # per action round
    placed_this_round: dict[str, dict[str, int]] = field(default_factory=lambda: {US: {}, USSR: {}})
    round_start_influence: dict[str, list[str]] = field(default_factory=lambda: {US: [], USSR: []})
    drawn_this_round: dict[str, list[str]] = field(default_factory=lambda: {US: [], USSR: []})
    # the state the ruleset declares (`variable`, `zone`): each variable's value, and each zone's cards
    # (top first); initialised from the IR by `declared_state`
    vars: dict[str, Any] = field(default_factory=dict)
    zones: dict[str, list[str]] = field(default_factory=dict)
    # the end
    game_over: bool = False
    winner: str | None = None  # us | ussr | draw
    end_reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        data = dict(data)
        data["in_effect"] = [LastingEffect(**e) for e in data.get("in_effect", [])]
        return cls(**data)

    def headline_face_down_to(self, side: str) -> str | None:
        """The other side's headline while it lies face down to `side`: chosen before `side` chose its own
        (standard 4.5 C: the two are turned over together); None when there is none, or it is seen."""
        other = USSR if side == US else US
        return self.headline[other] if self.headline[side] is None else None

    def digest(self) -> str:
        """A short hash of the whole state, for traces and determinism checks. (The text hashed is that of
        `to_json()`, written without building that copy first: the AI's look-ahead asks often.)"""
        text = _DIGEST_JSON.encode(self.fields())
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def fingerprint(self, board: tuple[Any, ...] | None = None) -> bytes:
        """Equal for equal states (the cache of the AI's look-ahead is keyed by it): cheaper than
        `digest`, whose value saves record and must never change."""
        # What the state's copies share with it (each country's influence, the lasting effects: values,
        # see `_FIELD_COPIES`) is written by its contents alone: marshal marks an object held in more
        # than one place, which must not tell equal states apart. The board as its numbers, in the
        # map's order (every change keeps a country's sides in their order); the effects' fields in
        # marshal's format 2, which marks nothing.
        # `board`: what stands for the board instead, given by a caller that knows one (the board's stamps,
        # core/board_stamps.py), of another shape than the numbers' tuple (a different key, never equal)
        if board is None:
            board = tuple(chain.from_iterable(map(dict.values, self.influence.values())))
        plain = _unshared_values(self)  # (the fields' values in their order: their names are no part of it)
        try:
            data = marshal.dumps((plain, board)) + marshal.dumps(list(map(_effect_values, self.in_effect)), 2)
        except ValueError:
            return self.digest().encode()
        return data  # (the bytes themselves: a dict hashes them once, and they tell states apart exactly)

    def clone(self) -> GameState:
        """An independent copy (the AI's look-ahead plays on one). The state is plain data: dicts, lists
        and immutable values, and the lasting effects; each field is copied as deep as its shape goes
        (`_FIELD_COPIES`; a field not named there, deeply), many times faster than `copy.deepcopy`."""
        twin = GameState.__new__(GameState)
        _copy_fields(self, twin)
        return twin

    def fields(self) -> dict[str, Any]:
        """The fields by name, in their order (the state's own values, not copies)."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    def countries_with_influence(self) -> dict[str, list[str]]:
        """Per side, the countries where it has influence, in the map's order (an action round's start
        fixes them for access, 6.1.1)."""
        board = self.influence.items()
        # (two comprehensions cost less than one loop appending to two lists)
        return {
            US: [c for c, inf in board if inf[US] > 0],
            USSR: [c for c, inf in board if inf[USSR] > 0],
        }

    def card_locations(self) -> dict[str, list[str]]:
        """Where each card is: a card must be in exactly one place."""
        places: dict[str, list[str]] = {}
        for side in SIDES:
            for card in self.hands[side]:
                places.setdefault(card, []).append(f"hand:{side}")
        for zone, cards in (
            ("draw", self.draw_pile),
            ("discard", self.discard),
            ("removed", self.removed),
            *self.zones.items(),
        ):
            for card in cards:
                places.setdefault(card, []).append(zone)
        return places


def starting_values(ir: dict[str, Any]) -> dict[str, Any]:
    """The state's fields the ruleset sets as the game starts, each a need of the contract (registry.py)
    that the compiler checks: the side that moves first is phasing (`side … moves first`), DEFCON stands
    at its track's `start`, The China Card is face up with the side it is `held by`."""
    return {
        "phasing": sides.first(ir),
        "defcon": ir["tracks"][DEFCON_TRACK]["start"],
        "china_holder": ir["cards"][registry.THE_CHINA_CARD.name]["held_by"],
        "china_face_up": True,
    }


def declared_state(ir: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The variables and zones a ruleset declares, as a new game starts: each variable at its initial
    value, each zone empty."""
    variables = {name: copy_plain(v["initial"]) for name, v in ir.get("variables", {}).items()}
    return variables, {name: [] for name in ir.get("zones", {})}


def copy_plain(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists and tuples of immutable values)."""
    kind = type(value)
    if kind is dict:
        return {k: copy_plain(v) for k, v in value.items()}
    if kind is list:
        return [copy_plain(v) for v in value]
    if kind is tuple:
        return tuple(copy_plain(v) for v in value)
    return value


def _dict_of_dicts(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: inner.copy() for k, inner in value.items()}  # (a third faster than dict(inner))


def _dict_of_lists(value: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: inner.copy() for k, inner in value.items()}


# How `GameState.clone` copies each field whose shape is known: one level of dicts or lists holding
# immutable values (ints, names), or two. Two things are values, replaced and never changed in place,
# which copies share: a country's influence (`{US: 2, USSR: 0}`; primitives.effects replaces it) and
# a lasting effect once in effect (the engine starts and ends effects; none is changed): for those only
# the board's dict and the list of effects are copied. (tests/test_lookahead_cache.py checks that a copy
# of a played game's state shares nothing else with it, and that no change of the game reaches a copy
# made before it.)
_FIELD_COPIES: dict[str, Any] = {
    "milops": dict,
    "space": dict,
    "space_attempts": dict,
    "headline": dict,
    "draw_pile": list,
    "discard": list,
    "removed": list,
    "influence": dict,
    "placed_this_round": _dict_of_dicts,
    "hands": _dict_of_lists,
    "round_start_influence": _dict_of_lists,
    "drawn_this_round": _dict_of_lists,
    "zones": _dict_of_lists,
    "in_effect": list,
}
# (a set: a type missing from a tuple of types is compared with each, each a rich comparison)
_IMMUTABLE = frozenset({str, int, bool, float, type(None)})
_SHARED_BY_COPIES = frozenset({"influence", "in_effect"})  # (GameState.fingerprint)

# The fields of a state and of a lasting effect, read by name, never through the object's `__dict__`
# (`vars`): asking for it makes CPython 3.11 turn the object's attributes into a dictionary of its own,
# and the code that reads the attributes of states (or effects) of both kinds, then reads each of them
# the slow way (callgrind, 10 solo-v2 games: 4.4% more instructions).
_FIELD_NAMES = tuple(f.name for f in fields(GameState))
_UNSHARED_FIELDS = tuple(name for name in _FIELD_NAMES if name not in _SHARED_BY_COPIES)
_unshared_values = attrgetter(*_UNSHARED_FIELDS)
_EFFECT_FIELD_NAMES = tuple(f.name for f in fields(LastingEffect))
_effect_values = attrgetter(*_EFFECT_FIELD_NAMES)  # (a tuple of the effect's fields)


def _effect_fields(value: Any) -> dict[str, Any]:
    """A lasting effect as JSON sees it (GameState.digest): its fields by name (anything else: its
    attributes)."""
    if type(value) is not LastingEffect:
        return dict(vars(value))
    return dict(zip(_EFFECT_FIELD_NAMES, _effect_values(value), strict=True))


def _fields_copier() -> Callable[[GameState, GameState], None]:
    """`GameState.clone`'s copy of every field, written out field by field once (one statement each, set
    in their order: see _FIELD_NAMES), not looked up by name at every copy: the search's playouts and
    the AI's look-ahead copy states thousands of times."""
    namespace: dict[str, Any] = {"_IMMUTABLE": _IMMUTABLE, "copy_plain": copy_plain}
    lines = ["def copy_fields(self, twin):"]
    for i, name in enumerate(_FIELD_NAMES):
        copy_field = _FIELD_COPIES.get(name)
        if copy_field is not None:
            namespace[f"_copy_{i}"] = copy_field
            lines.append(f"    twin.{name} = _copy_{i}(self.{name})")
        else:  # (an immutable value as it is, anything else deeply)
            lines.append(f"    v = self.{name}")
            lines.append(f"    twin.{name} = v if type(v) in _IMMUTABLE else copy_plain(v)")
    exec("\n".join(lines), namespace)  # (the code of the dataclass's own field names)
    copier: Callable[[GameState, GameState], None] = namespace["copy_fields"]
    return copier


_copy_fields = _fields_copier()


# The digest's JSON writer, made once. The state is a tree (plain data and the lasting effects, nothing
# that holds itself), so the writer's watch for cycles, a dict entry for each container it enters, is
# left out: the same text, 16% sooner (about 80 against 95 µs for a finished solo-v2 game).
_DIGEST_JSON = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), default=_effect_fields, check_circular=False
)
