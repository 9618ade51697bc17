"""The game's invariants, checked while a game runs: by random playouts in the tests and by
`twilight simulate`.

`CheckedEngine` checks after each trace event (or only at action-round and turn boundaries, which is
cheap enough for long simulations) and before each decision what holds in every ruleset: influence a
whole number >= 0 everywhere (at an action round's boundary, in the countries whose influence the trace
says changed since the last check; every country at each turn and at the game's end); VP an int; each
track the ruleset declares (DEFCON, military operations, space race, turn, VP) within its declared
bounds while the game goes on; no victory rule's `on vp_changed` condition holding while the game goes
on (outside the VP change that sets it off); every card of the periods dealt in exactly one place
(hands, draw pile, discard, removed, the zones the ruleset declares; cards being played or headlined
may be in none until the next action round or turn begins, when all must be back); The China Card in
none of those, with one holder; checking after each event, as an action round begins, the countries
where each side has influence (which the round fixes for access, 6.1.1, from the changes noted since
the last round) are those of the board. No bound is written here: each is read from the compiled
ruleset.
`check_finished` states what must hold once a game is over. A broken invariant raises
`InvariantViolation` naming the seed, turn, round and step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import chain
from typing import Any

from twilight.runtime.core.sides import US, USSR

from . import registry
from .decisions import Decision, Player
from .engine import Engine
from .frames import Frame
from .state import (
    DEFCON_TRACK,
    MILITARY_OPERATIONS_TRACK,
    SIDES,
    SPACE_RACE_TRACK,
    TURN_TRACK,
    VP_TRACK,
    GameState,
)

# Where the state keeps each track the runtime knows (the names are part of its contract with the
# ruleset, runtime/core/state.py): a value, or one per side.
TRACK_VALUES: dict[str, Any] = {
    DEFCON_TRACK: lambda s: s.defcon,
    MILITARY_OPERATIONS_TRACK: lambda s: s.milops,
    SPACE_RACE_TRACK: lambda s: s.space,
    TURN_TRACK: lambda s: s.turn,
    VP_TRACK: lambda s: s.vp,
}


def track_values(state: GameState, ir: dict[str, Any]) -> list[tuple[str, int, int, Any]]:
    """(label, low, high, value) of every declared track the state keeps (one per side for a track per
    side)."""
    out = []
    for name, track in ir.get("tracks", {}).items():
        read = TRACK_VALUES.get(name)
        if read is None:
            continue
        value = read(state)
        if isinstance(value, dict):
            out += [(f"{name} of {side}", track["min"], track["max"], value[side]) for side in SIDES]
        else:
            out.append((name, track["min"], track["max"], value))
    return out


class InvariantViolation(AssertionError):
    pass


class CheckingPlayer:
    """Checks the engine's invariants before each answer (the state a decision is made in)."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.engine: CheckedEngine | None = None

    def decide(self, decision: Decision) -> Any:
        assert self.engine is not None
        if self.engine.every_event:
            self.engine.check(f"decision {decision.name} of {decision.side}")
        if not decision.options:
            raise InvariantViolation(f"seed {self.engine.seed}: {decision.name} offers no options")
        return self.inner.decide(decision)


class CheckedEngine(Engine):
    """An engine that checks every invariant after each trace event and before each decision."""

    def __init__(
        self,
        ir: dict[str, Any],
        players: Mapping[str, Player],
        seed: int,
        every_event: bool = True,
        **kw: Any,
    ) -> None:
        checking = {side: CheckingPlayer(p) for side, p in players.items()}
        # (its own attributes after the engine's: in the same places as in its look-ahead copies, which
        # have only the engine's, CPython 3.11 finds them the quick way in both)
        super().__init__(ir, checking, seed=seed, **kw)
        self.every_event = every_event  # False: only at action-round and turn boundaries
        self.trace_notes = _NOTED_KINDS
        if every_event:  # (the engine calls it after every event it traces)
            self.after_each_event = self._check_after
        for p in checking.values():
            p.engine = self
        self.periods: list[str] = []  # periods added to the deck so far
        self.in_play: set[str] = set()  # cards played or headlined since the last round / turn began
        self.checks = 0
        # The countries whose influence the trace says changed since the last check (every change of
        # the board's influence is traced, primitives.effects); None: look at every country.
        self._influence_changed: set[str] | None = None
        self._expected: dict[tuple[str, ...], set[str]] = {}
        self._expected_with_zones: dict[tuple[tuple[str, ...], frozenset[str]], set[str]] = {}
        self._china = [n for n in (registry.THE_CHINA_CARD.name,) if n in ir["cards"]]
        self._card_names = frozenset(ir["cards"])
        # The declared tracks the state keeps (track_values), with their bounds, read once.
        self._tracks = [
            (name, TRACK_VALUES[name], track["min"], track["max"])
            for name, track in ir.get("tracks", {}).items()
            if name in TRACK_VALUES
        ]
        # The conditions of the victory rules that end the game when VP change: none may hold while the
        # game goes on.
        self._vp_victories = [
            (name, self.program.expr_of_ir(item["when"]))
            for name, rule in ir["rules"].items()
            if rule.get("kind") == "victory"
            for item in rule["items"]
            if item.get("on") == "vp_changed" and item.get("when") is not None
        ]

    def _check_after(self, kind: str) -> None:
        self.check(f"after trace event {kind}")

    def _deck_added(self, kind: str, data: dict[str, Any]) -> None:
        self.periods.append(str(data["period"]))

    def _boundary(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "turn":
            self._influence_changed = None  # a whole board's look each turn, whatever the trace says
        self.check(f"{kind} boundary", strict_cards=True)
        self.in_play.clear()
        s = self.state
        if (
            kind == "action_round"
            and self.every_event
            and s.round_start_influence != s.countries_with_influence()
        ):
            # (the round's start fixes it from the changes noted since the last round began: looked at
            # again in full when checking after each event, the tests' playouts)
            self.fail(
                "action_round boundary",
                f"the round begins with influence noted in {s.round_start_influence}, "
                f"the board has it in {s.countries_with_influence()}",
            )

    def _influence(self, kind: str, data: dict[str, Any]) -> None:
        if self._influence_changed is not None:
            self._influence_changed.add(str(data["country"]))

    def _card_in_play(self, kind: str, data: dict[str, Any]) -> None:
        # (an event may take its card from a hand or a pile: Grain Sales)
        self.in_play.add(str(data["card"]))

    def _headlines(self, kind: str, data: dict[str, Any]) -> None:
        self.in_play.update(str(c) for c in (data[US], data[USSR]) if c is not None)

    def expected_cards(self) -> set[str]:
        """The cards of every period added to the deck so far (The China Card is never among them)."""
        key = tuple(self.periods)
        if key not in self._expected:
            optional = bool(self.state.settings.get(registry.OPTIONAL_CARDS.name, False))
            self._expected[key] = {
                name
                for name, info in self.ir["cards"].items()
                if info["period"] in key and (optional or not info["optional"]) and not info["no_event"]
            }
        return self._expected[key]

    def _expected_with(self, expected: set[str], in_zones: set[str]) -> set[str]:
        """The cards expected (`expected_cards`) and those in the zones, kept by both (a game has a few)."""
        key = (tuple(self.periods), frozenset(in_zones))
        found = self._expected_with_zones.get(key)
        if found is None:
            if len(self._expected_with_zones) >= 64:
                self._expected_with_zones.clear()
            found = self._expected_with_zones[key] = expected | in_zones
        return found

    def fail(self, where: str, what: str) -> None:
        s = self.state
        raise InvariantViolation(
            f"seed {self.seed}, turn {s.turn}, round {s.action_round}, event #{len(self.events)} "
            f"({where}): {what}"
        )

    def check(self, where: str, strict_cards: bool = False) -> None:
        self.checks += 1
        s = self.state
        self._check_influence(where)
        if not isinstance(s.vp, int) or isinstance(s.vp, bool):
            self.fail(where, f"VP is {s.vp!r}")
        # the change that sets off a rule is traced before the rule hears it
        going_on = not s.game_over and bool(self.events) and self.events[-1]["kind"] not in ("vp", "game_end")
        bounded = going_on and not s.in_final_scoring
        for name, read, low, high in self._tracks:
            value = read(s)
            # (the usual case first, in a few steps; `_check_track` says what is wrong, if anything)
            if type(value) is dict:
                us, ussr = value[US], value[USSR]
                whole = type(us) is int and type(ussr) is int
                if whole and (not bounded or (low <= us <= high and low <= ussr <= high)):
                    continue
            elif type(value) is int and (not bounded or low <= value <= high):
                continue
            self._check_track(where, name, value, low, high, bounded)
        if going_on:
            for name, when in self._vp_victories:
                if when(Frame(self, {})):
                    self.fail(where, f"VP is {s.vp} and the game goes on (victory {name} holds)")
        if s.china_holder not in SIDES:
            self.fail(where, f"The China Card is held by {s.china_holder!r}")
        if self._cards_in_order(s, strict_cards):
            return
        places = s.card_locations()
        for card in self._china:
            # solo: it may sit in its holder's deck/hand
            if card in places and places.pop(card) != [f"hand:{s.china_holder}"]:
                self.fail(where, "The China Card is in a pile or in the hand of the side not holding it")
        for card, where_ in places.items():
            if len(where_) != 1:
                self.fail(where, f"{card} is in {len(where_)} places: {where_}")
            if card not in self.ir["cards"]:
                self.fail(where, f"unknown card {card!r} in {where_}")
        expected = self.expected_cards()
        # a zone the ruleset declares may hold a card before its period joins the deck (solo: the
        # scoring cards mark regions from the setup on)
        extra = set(places) - expected - {c for zone in s.zones.values() for c in zone}
        if extra:
            self.fail(where, f"cards that never joined the deck: {sorted(extra)}")
        # a headline card is out of every pile from its choice until it is resolved
        headlines = {c for c in s.headline.values() if c is not None}
        missing = expected - set(places) - headlines
        if not strict_cards:
            missing -= self.in_play
        if missing:
            self.fail(where, f"cards nowhere: {sorted(missing)}")

    def _check_track(self, where: str, name: str, value: Any, low: int, high: int, bounded: bool) -> None:
        """A track's value (one per side for a track per side) a whole number, within its bounds while
        the game goes on."""
        per_side = isinstance(value, dict)
        for i, v in enumerate([value[side] for side in SIDES] if per_side else [value]):
            if not isinstance(v, int) or (bounded and not low <= v <= high):
                label = f"{name} of {SIDES[i]}" if per_side else name
                self.fail(where, f"{label} is {v!r}, off its track ({low} to {high})")

    def _check_influence(self, where: str) -> None:
        """Influence a whole number, never below 0: in every country when checking after each event,
        at a turn's start, or before any change was noted; otherwise in the countries whose influence
        changed since the last check (a board's scan costs about as much as all the other checks)."""
        influence = self.state.influence
        changed = None if self.every_event else self._influence_changed
        self._influence_changed = set()
        # (a quick pass over the plain case first; the one that names what is wrong only when it fails)
        if changed is None:
            amounts = list(chain.from_iterable(map(dict.values, influence.values())))
            plain = not amounts or (set(map(type, amounts)) == {int} and min(amounts) >= 0)
        else:  # (the few countries a round changed, one by one: no lists made for them)
            plain = True
            for c in changed:
                amounts_here = influence.get(c)
                for amount in amounts_here.values() if amounts_here is not None else ():
                    if type(amount) is not int or amount < 0:
                        plain = False
        if not plain:
            for fault in _influence_faults(self.state):
                self.fail(where, fault)

    def _cards_in_order(self, s: GameState, strict_cards: bool) -> bool:
        """The card checks below when nothing is wrong, without saying where each card is: True when
        every card is in exactly one place (The China Card only in its holder's hand), every one is a
        card of the periods dealt, and none is missing; False leaves it to them to say what is wrong."""
        us, ussr = s.hands[US], s.hands[USSR]
        draw_pile, discard, removed = s.draw_pile, s.discard, s.removed
        # (one set made of the piles written out, the zones' cards added after: a union of a list of them
        # costs about a third more)
        seen = {*us, *ussr, *draw_pile, *discard, *removed}
        held = len(us) + len(ussr) + len(draw_pile) + len(discard) + len(removed)
        in_zones: set[str] = set()
        for zone in s.zones.values():
            in_zones.update(zone)
            held += len(zone)
        seen |= in_zones
        if len(seen) != held:
            return False  # a card in two places
        for card in self._china:
            if card in seen:
                if card not in s.hands.get(s.china_holder, ()):  # (hands of the two sides only)
                    return False
                seen.discard(card)
        expected = self.expected_cards()
        if seen == expected:  # (the usual case: every card of the periods dealt in a pile or hand, no other)
            return True
        # (the usual case of a ruleset whose zones hold cards of periods not dealt yet, the solo scoring
        # cards that mark regions from the setup on: every card dealt and those, no other; one comparison
        # with the cards in the zones added, which holds only when every test below would pass)
        if in_zones and in_zones <= self._card_names and seen == self._expected_with(expected, in_zones):
            return True
        if not seen <= self._card_names:
            return False
        if seen - expected and seen - expected - in_zones:
            return False
        missing = expected - seen - {c for c in s.headline.values() if c is not None}
        if not strict_cards:
            missing -= self.in_play
        return not missing


# What the checking engine notes of a trace event, by kind (the cards in play, the periods dealt), and
# where it checks everything with the cards all in place (the boundaries).
_NOTED_KINDS: dict[str, Any] = {
    "deck_added": CheckedEngine._deck_added,
    "action_round": CheckedEngine._boundary,
    "turn": CheckedEngine._boundary,
    "play": CheckedEngine._card_in_play,
    "event": CheckedEngine._card_in_play,
    "headline_cancelled": CheckedEngine._card_in_play,
    "headlines": CheckedEngine._headlines,
    "influence": CheckedEngine._influence,
}
# The AI's look-ahead copies of a checked game: engines of this class, though they check nothing (built as
# plain engines, Engine.look_ahead_copy). CPython 3.11 specialises the reading of an attribute at a place
# in the code for one class: the game's engine and its copies, read by the same code, of two classes would
# keep undoing it (callgrind, 10 solo-v2 games: 1.2% more instructions).
CheckedEngine.look_ahead_class = CheckedEngine


def _influence_faults(s: GameState) -> Iterator[str]:
    """What is wrong with the influence on the board: each amount that is not a whole number >= 0."""
    for country, inf in s.influence.items():
        for side in SIDES:
            if not isinstance(inf[side], int) or inf[side] < 0:
                yield f"influence {side} in {country} is {inf[side]!r}"


def check_finished(engine: Engine) -> None:
    """What must hold once `run()` returns; raises `InvariantViolation` otherwise."""
    s = engine.state
    where = f"seed {engine.seed}"
    if not (s.game_over):
        raise InvariantViolation(f"{where}: run() returned but the game is not over (turn {s.turn})")
    if s.winner not in (US, USSR, "draw"):
        raise InvariantViolation(f"{where}: winner {s.winner!r}")
    if not (s.end_reason):
        raise InvariantViolation(f"{where}: no end reason")
    for fault in _influence_faults(s):
        raise InvariantViolation(f"{where}: the game ended with {fault}")
    for label, low, high, value in track_values(s, engine.ir):
        # the VP may go past an end of their track in final scoring, or when they end the game
        if label != VP_TRACK and not low <= value <= high:
            raise InvariantViolation(f"{where}: the game ended with {label} at {value} ({low} to {high})")
    if not (engine.events[-1]["kind"] == "game_end"):
        raise InvariantViolation(f"{where}: the trace does not end with game_end")
