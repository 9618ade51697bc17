"""The rules' `min`, `max` and `take` (runtime/primitives/basics.py): two numbers are compared in place
of a call of Python's min and max, with the same answers, ties included."""

from __future__ import annotations

import pytest
from twilight.runtime.primitives import IMPLEMENTATIONS

ENGINE = None  # (none of them reads the game)


@pytest.mark.parametrize("numbers", [(3, 5), (5, 3), (4, 4), (-2, 0), (7,), (1, 9, 4), (2, 2, 1)])
def test_min_and_max_answer_as_python_does(numbers: tuple[int, ...]) -> None:
    assert IMPLEMENTATIONS["min"](ENGINE, *numbers) == min(numbers)
    assert IMPLEMENTATIONS["max"](ENGINE, *numbers) == max(numbers)


def test_a_tie_keeps_the_first() -> None:
    whole, real = 1, 1.0  # (equal, told apart by their type)
    assert type(IMPLEMENTATIONS["max"](ENGINE, whole, real)) is int
    assert type(IMPLEMENTATIONS["min"](ENGINE, real, whole)) is float


def test_one_none_is_none_and_none_beside_a_number_is_an_error() -> None:
    assert IMPLEMENTATIONS["max"](ENGINE, None) is None
    with pytest.raises(TypeError):
        IMPLEMENTATIONS["max"](ENGINE, None, 2)


@pytest.mark.parametrize(("count", "taken"), [(2, ["a", "b"]), (0, []), (-1, []), (9, ["a", "b", "c"])])
def test_take(count: int, taken: list[str]) -> None:
    items = ["a", "b", "c"]
    answer = IMPLEMENTATIONS["take"](ENGINE, items, count)
    assert answer == taken
    assert answer is not items
