"""A `choose` offers each item of its domain once, where it first comes (runtime/program.py, `_distinct`:
a dictionary's keys for names, a search of the list for items that are lists)."""

from __future__ import annotations

from twilight.runtime.backend.program import _distinct


def test_each_item_once_where_it_first_comes() -> None:
    assert _distinct(["iran", "iraq", "iran", "egypt", "iraq"]) == ["iran", "iraq", "egypt"]
    assert _distinct([]) == []


def test_items_that_are_lists() -> None:
    assert _distinct([["a", 1], ["b", 2], ["a", 1]]) == [["a", 1], ["b", 2]]
