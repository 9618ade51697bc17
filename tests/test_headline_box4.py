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
from twilight.runtime.players.search import SearchPlayer, _hidden_places

from tests.helpers import compiled_ir


def at_the_second_headline(boxes: dict[str, int]) -> tuple[Any, Decision, tuple[str, str]]:
    """Standard, seed 4, greedy play; the Space Race boxes set to `boxes` before turn 1's headline. The
    game stopped at turn 1's second headline question, and the first (side, card chosen)."""
    engine = new_engine(compiled_ir("standard"), {}, seed=4, settings={})
    greedy = GreedyPlayer(4)
    greedy.engine = engine
    first: tuple[str, str] | None = None
    with contextlib.suppress(Suspended):
        engine.run()
    while True:
        decision: Decision = engine.pending()
        if engine.state.turn == 1 and decision.name != "headline_card" and first is None:
            engine.state.space.update(boxes)  # (set up to the last question before the headline)
        if decision.name == "headline_card" and first is not None:
            return engine, decision, first
        answer = greedy.decide(decision)
        if decision.name == "headline_card":
            first = (decision.side, answer)
        with contextlib.suppress(Suspended):
            engine.resume(answer)


def first_headlines(boxes: dict[str, int]) -> tuple[list[tuple[str, str]], list[dict[str, Any]]]:
    """The headline questions of turn 1 as (side, card chosen: the second's left unanswered), and the
    trace's events up to the second."""
    engine, decision, first = at_the_second_headline(boxes)
    return [first, (decision.side, "")], list(engine.events)


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


def test_the_search_for_the_side_at_box_4_keeps_the_card_it_was_shown() -> None:
    """The search deals anew what its side cannot see; a headline the rules showed it is not among those
    (it was dealt anew like a face-down card, as if the ability had shown nothing)."""
    engine, decision, (first, card) = at_the_second_headline({"ussr": 4, "us": 2})
    search = SearchPlayer(1)
    search.engine = engine
    known = search._known_cards(decision)
    assert card in known
    places = [place for group in _hidden_places(engine.state, engine.ir, "ussr", known) for place in group]
    assert (engine.state.headline, first) not in places
    # (the side without the ability: the first card stays face down to it, dealt anew)
    engine, decision, (first, card) = at_the_second_headline({"us": 4, "ussr": 5})
    search = SearchPlayer(1)  # (a new game: what a player remembers of the last is not this one's)
    search.engine = engine
    known = search._known_cards(decision)
    assert card not in known
    places = [
        place for group in _hidden_places(engine.state, engine.ir, decision.side, known) for place in group
    ]
    assert (engine.state.headline, first) in places
