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
