"""Stamps of the board: a number per part of the influence map (a region's countries, or the countries a
rule function names) that stands for the influence there, so that what a rule function worked out from
those countries alone can be kept between evaluations and found again by its stamp, not by reading the
countries once more (runtime/backend/kept_functions.py keeps the region scoring's results so; the greedy
heuristic keys what a point gains by them, decisions._Gains; the AI's look-ahead keys its copies by them,
solo/lookahead.py).

A stamp is the same only for the same influence in its part's countries, and no two parts share one. A
quiet copy of the game it is made from stamps each part by its influence (`StampedParts.of_board`: the
same influence, the same stamp, so the playouts a search starts from one position share their stamps);
a copy of a stamped copy takes its stamps (the same board). Every change of a country's influence gives
each part holding the country the stamp of "that part's last stamp, with this side's influence there
now this much" (`_DERIVED`: the same change of the same stamp gives the same stamp, in any engine), so
the AI's look-ahead copies, the playouts and the copies they came from find each other's results where
the same changes brought their boards.

Only an engine whose every change of influence goes through the primitives keeps stamps: the quiet
copies (the AI's look-ahead, a search's playout), which nothing but the rules plays on. The game itself
keeps none (a scenario, the board editor set the influence in place). Every lasting change of influence
in a copy goes through `changed` (primitives.effects); a board looked at for a moment as if a side's
influence in a country were some amount, then put back, has the stamps of that board while it stands
(`supposing`, `restore`: map_queries.with_influence, the greedy heuristic's point tried in each
country): the stamps a point placed there would give, so that what is worked out on the board supposed
is found again once a point makes it. Anything else that writes influence in place must set a stamped
engine's stamps to None while it does."""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any

from twilight.runtime.core.sides import US, USSR

_CARD_OF = attrgetter("card")  # (a lasting effect's card)
_fresh = itertools.count(1).__next__  # (never reset: a stamp is never given to two boards)

# The stamp after a change, by (the stamp before, the country, the side, its influence after): bounded;
# forgetting them only makes the next such change take a fresh stamp.
_DERIVED: dict[tuple[Any, ...], int] = {}
_DERIVED_KEPT = 50_000
# The stamp of a part's influence, by the part and its countries' influence (`StampedParts.of_board`)
_OF_CONTENT: dict[tuple[Any, ...], int] = {}
# A number for each list of the cards whose effects are in force (`BoardStamps.effects_in_force`), which
# a kept result's key holds instead of the list (hashed again at every look, the list would cost the
# most of the key): bounded; a list forgotten takes a new number, never one given before (`_fresh`).
_EFFECTS_NUMBERS: dict[tuple[str, ...], int] = {}


def _stamp_by(found: dict[tuple[Any, ...], int], key: tuple[Any, ...]) -> int:
    """The stamp kept for the key, or a fresh one kept for it (the table bounded: forgetting a stamp only
    makes the next such key take a fresh one)."""
    stamp = found.get(key)
    if stamp is None:
        if len(found) >= _DERIVED_KEPT:
            found.clear()
        stamp = found[key] = _fresh()
    return stamp


class BoardStamps:
    """One engine's stamps (`of`: by part), and which parts each country is in (`parts_of`, the
    program's, shared)."""

    __slots__ = ("effects", "of", "parts_of")

    def __init__(self, of: dict[Any, int], parts_of: Mapping[str, tuple[Any, ...]]) -> None:
        self.of = of
        self.parts_of = parts_of
        # The cards of the lasting effects in force as a number (`_EFFECTS_NUMBERS`; None: one of them
        # modifies what the kept functions read), with the list of effects and its version they were
        # read from (`effects_in_force`)
        self.effects: tuple[Any, int, int | None] = (None, -1, 0)

    def effects_in_force(self, engine: Any, modifying: frozenset[str]) -> tuple[Any, int, int | None]:
        """The number of the cards of the engine's lasting effects in force (the same cards, the same
        number), or None when one of them is among `modifying` (one program's, always the same), with
        the list and its version: kept until the list changes (`Engine._lasting_version`, which every
        change of it bumps) or is replaced."""
        in_effect = engine.state.in_effect
        cards = tuple(map(_CARD_OF, in_effect))
        number: int | None = None
        if modifying.isdisjoint(cards):
            number = _stamp_by(_EFFECTS_NUMBERS, cards)
        known = self.effects = (in_effect, engine._lasting_version, number)
        return known

    @classmethod
    def fresh(cls, parts_of: Mapping[str, tuple[Any, ...]], parts: Iterable[Any]) -> BoardStamps:
        """Stamps never given before, for a board no one has stamped."""
        return cls({part: _fresh() for part in parts}, parts_of)

    def copy(self) -> BoardStamps:
        return BoardStamps(self.of.copy(), self.parts_of)

    def supposing(self, c: str, side: str, amount: int) -> list[tuple[Any, int]]:
        """The stamps as the side's influence in the country is supposed to be `amount` for a moment
        (the board is put back after); returns what `restore` puts back then."""
        of = self.of
        saved = []
        # (`changed` written out, and `_stamp_by`'s look: the AI asks this of every country it weighs)
        for part in self.parts_of.get(c, ()):
            stamp = of[part]
            saved.append((part, stamp))
            key = (stamp, c, side, amount)
            derived = _DERIVED.get(key)
            of[part] = derived if derived is not None else _stamp_by(_DERIVED, key)
        return saved

    def restore(self, saved: list[tuple[Any, int]]) -> None:
        of = self.of
        for part, stamp in saved:
            of[part] = stamp

    def changed(self, c: str, side: str, after: int) -> None:
        """The side's influence in the country is now `after`."""
        parts = self.parts_of.get(c)
        if parts is None:
            return
        of = self.of
        for part in parts:
            key = (of[part], c, side, after)
            derived = _DERIVED.get(key)  # (`_stamp_by`'s look written out: asked at every change)
            of[part] = derived if derived is not None else _stamp_by(_DERIVED, key)


class StampedParts:
    """A program's parts of the board (`parts`, each with its countries) and, by country, the parts
    that hold it (`parts_of`): the regions of the map's top level, the countries some kept function names
    (one part per function) and any country none of those holds, so that the stamps of all stand for the
    whole board (`board_key`); and the other regions (a part of a region: Southeast Asia) from the first
    time a kept function is asked about one (`want`): most never are, and their stamps would be kept
    through every change for nothing."""

    __slots__ = ("_last", "countries", "later", "parts", "parts_of")

    def __init__(self, parts: Mapping[Any, Iterable[str]], later: Mapping[Any, Iterable[str]]) -> None:
        self.later = {part: tuple(countries) for part, countries in later.items()}
        # The last board stamped by its influence (`of_board`): its countries, their values, the stamps
        self._last: tuple[list[str], list[Any], dict[Any, int], Any] | None = None
        self._stamped({part: tuple(countries) for part, countries in parts.items()})

    def _stamped(self, countries: dict[Any, tuple[str, ...]]) -> None:
        # (new objects, never changed: the stamps made before share the ones they were made with)
        self.countries = countries
        self.parts = tuple(countries)
        found: dict[str, list[Any]] = {}
        for part, held in countries.items():
            for c in dict.fromkeys(held):
                found.setdefault(c, []).append(part)
        self.parts_of: dict[str, tuple[Any, ...]] = {c: tuple(p) for c, p in found.items()}

    def want(self, part: Any) -> None:
        """Stamp this part too, in the copies stamped from now on (a region asked about)."""
        held = self.later.pop(part, None)
        if held is not None:
            self._stamped({**self.countries, part: held})

    def fresh(self) -> BoardStamps:
        return BoardStamps.fresh(self.parts_of, self.parts)

    def of_board(self, influence: Mapping[str, Mapping[str, int]]) -> BoardStamps:
        """The stamps of this board as its influence stands: the same for the same influence, in every
        copy stamped so (`_OF_CONTENT`), so that the copies a search makes of one position find each
        other's results. (A search copies one position for each of its playouts: the last board's stamps
        serve a board with the same countries and values.)"""
        values = list(influence.values())
        last = self._last
        if last is not None and last[3] is self.parts_of and last[1] == values and last[0] == list(influence):
            return BoardStamps(last[2].copy(), self.parts_of)
        of = {}
        for part, countries in self.countries.items():
            # (each side's influence in the sides' order: a country's values are dicts of both sides)
            key = (part, tuple([(v[US], v[USSR]) for v in map(influence.__getitem__, countries)]))
            of[part] = _stamp_by(_OF_CONTENT, key)
        self._last = (list(influence), values, of.copy(), self.parts_of)
        return BoardStamps(of, self.parts_of)


def named_part(function: str) -> tuple[str, str]:
    """The part of the countries a kept function names (its region's are the region's part)."""
    return ("named", function)


def board_key(stamps: BoardStamps) -> tuple[Any, ...]:
    """What stands for the whole board in a key (the look-ahead's, GameState.fingerprint): its parts'
    stamps, which hold every country, each in the order its engine's stamps were made in (a copy keeps
    its game's order). Equal only for equal influence (the same stamps); equal boards reached by other
    changes may differ, which only misses a copy kept."""
    return ("stamped", *stamps.of.items())


# Each program's parts (a program serves every game of its ruleset, and goes with them): set by the back
# end when it keeps some function's results (kept_functions.install)
STAMPED_PARTS: weakref.WeakKeyDictionary[Any, StampedParts] = weakref.WeakKeyDictionary()


def stamps_for_copy(
    program: Any, of: BoardStamps | None, influence: Mapping[str, Mapping[str, int]] | None = None
) -> BoardStamps | None:
    """The stamps of a quiet copy of a game: its game's (the same board); when the game keeps none, those
    of the copy's `influence` when given (`StampedParts.of_board`), else fresh ones; None when the
    program keeps no function's results."""
    if of is not None:
        return of.copy()
    parts = STAMPED_PARTS.get(program)
    if parts is None:
        return None
    return parts.of_board(influence) if influence is not None else parts.fresh()
