"""One seeded source of randomness for dice and shuffles; scenario files may force die results."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Dice:
    def __init__(self, seed: int, forced: Sequence[int] = ()) -> None:
        self.seed = seed
        self._rng: random.Random | None = None
        self.forced = list(forced)

    @property
    def rng(self) -> random.Random:
        """The generator, seeded at its first use: the AI's look-ahead makes a copy of the game, with dice
        of its own, for each event it weighs, and most roll nothing (seeding costs as much as copying
        the board)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @property
    def rolled(self) -> bool:
        """Whether the generator has rolled, shuffled or picked anything yet (forced results aside): a
        line of play whose outcome no die decided is certain (the search's warning of a sure loss)."""
        return self._rng is not None

    def d6(self) -> int:
        if self.forced:
            return self.forced.pop(0)
        return self.rng.randint(1, 6)

    def shuffle(self, items: list[Any]) -> None:
        self.rng.shuffle(items)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]

    def copy(self) -> Dice:
        """Dice that will roll what these would from now on (a copy of the game rolls on by itself)."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.forced = list(self.forced)
        if self._rng is not None:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng.getstate())
            twin._rng = rng
        return twin

    def state(self) -> Any:
        return {"rng": self.rng.getstate(), "forced": list(self.forced)}

    def restore(self, saved: Any) -> None:
        version, internal, gauss = saved["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.forced = list(saved["forced"])


class ChanceNeeded(BaseException):  # (not an error: the game waits for chance)
    """Raised by `ChanceDice` when a die, a step of a shuffle or a pick wants an outcome it was not given.
    `outcomes`: how many outcomes the one wanted now has (0 to n - 1, each as likely), then those of the
    steps known to follow it at once (the rest of a shuffle: n - 1, n - 2, ... 2), so that a caller can
    gather them all before the game is taken up again; `kind`: "die", "shuffle" or "pick". A
    BaseException, so that no handler of errors in the rules' code takes it for one."""

    def __init__(self, kind: str, outcomes: list[int]) -> None:
        super().__init__(kind, outcomes)
        self.kind = kind
        self.outcomes = outcomes


class ChanceDice(Dice):
    """Dice whose every outcome is given from outside, in order (a game whose chance events are its
    caller's, as an OpenSpiel game's are): a die is one outcome of 6 (0 is a roll of 1); a shuffle of n
    items is n - 1 outcomes, each the place the item at the end of the unshuffled part swaps with (of
    n, then n - 1, ... then 2: Fisher and Yates's shuffle); a pick among n items is one outcome of n. With
    none left, the next wanted raises `ChanceNeeded`."""

    def __init__(self, given: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.given = list(given)
        self.used = 0

    def _draw(self, kind: str, outcomes: int, following: range = range(0)) -> int:
        if self.used < len(self.given):
            value = self.given[self.used]
            if not 0 <= value < outcomes:
                raise ValueError(f"chance outcome {value} is not one of 0 to {outcomes - 1}")
            self.used += 1
            return value
        raise ChanceNeeded(kind, [outcomes, *following])

    def d6(self) -> int:
        if self.forced:
            return self.forced.pop(0)
        return self._draw("die", 6) + 1

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self._draw("shuffle", i + 1, range(i, 1, -1))
            items[i], items[j] = items[j], items[i]

    def pick(self, items: Sequence[T]) -> T:
        return items[self._draw("pick", len(items))]

    def copy(self) -> ChanceDice:
        twin = ChanceDice(self.given)
        twin.used, twin.forced = self.used, list(self.forced)
        return twin


class AverageDice(Dice):
    """Dice for a look-ahead: 4, 3, 4, 3… (mean 3.5); shuffles from a fixed seed."""

    def __init__(self) -> None:
        super().__init__(0)
        self.rolls = 0

    def d6(self) -> int:
        self.rolls += 1
        return 4 if self.rolls % 2 else 3
