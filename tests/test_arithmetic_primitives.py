"""The rules' `min`, `max`, `take` and `rank` (runtime/primitives/basics.py): two numbers are compared in
place of a call of Python's min and max, with the same answers, ties included; a rank is looked up."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.backend.program import Program
from twilight.runtime.game import IMPLEMENTATIONS

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


class _Orders:
    """A program's declared orders and their ranks (Program.order_ranks), and an engine holding it."""

    order_ranks = Program.order_ranks

    def __init__(self, items: list[Any]) -> None:
        self.ir = {"orders": {"priority": {"items": items}}}
        self._order_ranks: dict[str, dict[Any, int]] = {}
        self.program = self


@pytest.mark.parametrize(
    ("items", "item", "rank"),
    [
        (["france", "italy", "france", "egypt"], "france", 1),  # written twice: its first place
        (["france", "italy", "france", "egypt"], "egypt", 4),
        (["france", "italy"], "japan", 3),  # not in the order: one past its last place
        (["france", "italy"], ["france"], 3),  # a list: no name of the order
        (["france", ["italy"], "egypt"], ["italy"], 2),  # an order holding a list: looked along it
        (["france", ["italy"], "egypt"], "egypt", 3),
    ],
)
def test_rank_is_the_place_in_the_order(items: list[Any], item: Any, rank: int) -> None:
    engine = _Orders(items)
    for _ in range(2):  # (the second time from the ranks kept)
        assert IMPLEMENTATIONS["rank"](engine, "priority", item) == rank
