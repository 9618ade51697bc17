"""Where a card's operations may all be committed for a bonus (operations._region_offers, The China Card in
Asia, Vietnam Revolts in Southeast Asia): a region is tried only when the rules, asked what the card's
operations are worth, looked at where they go; the offers are those of trying every region."""

from __future__ import annotations

from typing import Any

import pytest
from playout import standard_ir, standard_program
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives.cards import ops_for
from twilight.runtime.core.primitives.map_queries import board
from twilight.runtime.core.primitives.operations import _region_offers


def _every_region(engine: Engine, side: str, card: str) -> dict[str, int]:
    """Each region whose commitment raises the card's operations, found by trying them all."""
    engine.ops_region = None
    base = ops_for(engine, side, card)
    better = {}
    for region in board(engine).members:
        engine.ops_region = region
        value = ops_for(engine, side, card)
        if value > base:
            better[region] = value
    engine.ops_region = None
    return better


@pytest.mark.parametrize("vietnam_revolts", [False, True], ids=["no effect", "Vietnam Revolts in effect"])
def test_the_offers_are_those_of_trying_every_region(vietnam_revolts: bool) -> None:
    engine = Engine(standard_ir(), {}, program=standard_program(), seed=1)
    if vietnam_revolts:
        engine.start_lasting(("vietnam_revolts", "vietnam_revolts"), "end_of_turn", [], {"player": "ussr"})
    cards = [n for n, c in standard_ir()["cards"].items() if not c["scoring"]]
    with_bonus = []
    for side in ("us", "ussr"):
        for card in cards:
            offers = dict(_region_offers(engine, side, card))
            every = _every_region(engine, side, card)
            assert bool(offers) == bool(every), (side, card)
            assert all(every[region] == value for region, value in offers.items()), (side, card)
            if offers:
                with_bonus.append((side, card))
    assert ("us", "the_china_card") in with_bonus and ("ussr", "the_china_card") in with_bonus
    # under Vietnam Revolts every USSR card is worth one more in Southeast Asia, no US card
    assert (len([c for s, c in with_bonus if s == "ussr"]) > 1) == vietnam_revolts
    assert len([c for s, c in with_bonus if s == "us"]) == 1


def test_a_card_whose_worth_does_not_ask_where_its_operations_go_tries_no_region() -> None:
    asked: list[Any] = []

    class Counting(Engine):  # (an engine's own attributes are fixed: its class counts)
        def modified(self, quantity: str, base: int, **bound: Any) -> int:
            asked.append(quantity)
            return super().modified(quantity, base, **bound)

    engine = Counting(standard_ir(), {}, program=standard_program(), seed=1)
    assert _region_offers(engine, "us", "duck_and_cover") == []
    assert asked == ["ops"]
    asked.clear()
    assert [region for region, _ in _region_offers(engine, "us", "the_china_card")] == ["asia"]
    assert len(asked) == 1 + len(board(engine).members)
