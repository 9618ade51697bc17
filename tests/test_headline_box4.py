"""Space Race box 4 in the standard game (002 · 6.4.4): the side that reached it first sees the other
side's headline before choosing its own. The headline phase let that side choose second but never showed
it the first card, so the ability did nothing (nothing a player or a reader of the trace could see)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.resumable import Suspended
from twilight.runtime.game import new_engine

from tests.helpers import compiled_ir


def first_headlines(boxes: dict[str, int]) -> tuple[list[tuple[str, str]], list[dict[str, Any]]]:
    """Standard, seed 4, greedy play; the Space Race boxes set to `boxes` before turn 1's headline. The
    headline questions of turn 1 as (side, card chosen), and the trace's events up to the second."""
    engine = new_engine(compiled_ir("standard"), {}, seed=4, settings={})
    greedy = GreedyPlayer(4)
    greedy.engine = engine
    asked: list[tuple[str, str]] = []
    events_at_second: list[dict[str, Any]] = []
    with contextlib.suppress(Suspended):
        engine.run()
    while len(asked) < 2:
        decision: Decision = engine.pending()
        if engine.state.turn == 1 and decision.name != "headline_card" and not asked:
            engine.state.space.update(boxes)  # (set up to the last question before the headline)
        answer = greedy.decide(decision)
        if decision.name == "headline_card":
            if asked:
                events_at_second = list(engine.events)
            asked.append((decision.side, answer))
        with contextlib.suppress(Suspended):
            engine.resume(answer)
    return asked, events_at_second


def shown_headlines(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == "cards_revealed"]


@pytest.mark.parametrize(("ahead", "first"), [("ussr", "us"), ("us", "ussr")])
def test_the_side_at_box_4_chooses_second_having_seen_the_first_card(ahead: str, first: str) -> None:
    behind = "us" if ahead == "ussr" else "ussr"
    asked, events = first_headlines({ahead: 4, behind: 2})
    assert [side for side, _ in asked] == [first, ahead]
    (shown,) = shown_headlines(events)
    assert shown["side"] == first and shown["to"] == ahead and shown["cards"] == [asked[0][1]]


def test_with_both_sides_at_box_4_the_cards_stay_face_down() -> None:
    asked, events = first_headlines({"us": 4, "ussr": 5})
    assert [side for side, _ in asked] == ["ussr", "us"]
    assert shown_headlines(events) == []
