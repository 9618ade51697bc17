"""One seeded source of randomness for dice and shuffles; scenario files may force die results."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Dice:
    def __init__(self, seed: int, forced: Sequence[int] = ()) -> None:
        self.rng = random.Random(seed)
        self.forced = list(forced)

    def d6(self) -> int:
        if self.forced:
            return self.forced.pop(0)
        return self.rng.randint(1, 6)

    def shuffle(self, items: list[Any]) -> None:
        self.rng.shuffle(items)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]

    def state(self) -> Any:
        return {"rng": self.rng.getstate(), "forced": list(self.forced)}

    def restore(self, saved: Any) -> None:
        version, internal, gauss = saved["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self.forced = list(saved["forced"])
