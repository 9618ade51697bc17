"""What the game API's modules share below them: its error, and the format of a state written as text."""

from __future__ import annotations

import operator
from typing import Any

SERIAL_FORMAT = 1


class GameError(Exception):
    """A game that cannot be made (a ruleset with errors, a setting it does not have) or a state that
    cannot be read back: the message says what and where."""


def whole_number(value: Any, what: str) -> int:
    """`value` as an int when it is a whole number of any integer type (NumPy's too), else a ValueError
    naming `what`. A bool is refused: `operator.index` would make True the number 1."""
    if isinstance(value, bool):
        raise ValueError(f"{what} is a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{what} is a whole number, not {value!r}") from None
