"""Card 103 Defectors scores for the US only when the USSR plays it (card text (deluxe) · 103). Reached
through another card's event, it is played by the side whose event that is: the USSR plays Star Wars for
operations in its action round, the US event takes Defectors from the discard pile: the US played it, no
VP. The Star Wars pick is a decision, so the event's body runs again in a copy of the game taken up at it
(`Engine.clone`, as each answer through the API is played): the side playing the event must be the same
there (runtime/core/primitives/card_play.py `play_event`)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import settle, ussr_first_card_with
from twilight.api import Game, State


@pytest.fixture(scope="module")
def standard() -> Game:
    return Game("standard")


def at_star_wars_pick(game: Game, event_first: str) -> State:
    """Turn 1 of a standard game: the USSR plays Star Wars (put in its hand before the headlines) for
    influence, the US ahead on the Space Race and Defectors in the discard pile; the US to pick the card."""

    def defectors_discarded_us_ahead_in_space(s: Any) -> None:
        for zone in (s.draw_pile, s.hands["us"], s.hands["ussr"]):
            if "defectors" in zone and s.headline["ussr"] != "defectors":
                zone.remove("defectors")
        if "defectors" not in s.discard and s.headline["ussr"] != "defectors":
            s.discard.append("defectors")
        s.space["us"], s.space["ussr"] = 3, 2

    state, rng = ussr_first_card_with(
        game, "star_wars", seed=5, spare=("defectors",), prepare=defectors_discarded_us_ahead_in_space
    )
    assert "defectors" in state.engine.state.discard and state.engine.state.space == {"us": 3, "ussr": 2}
    state.apply_answer("star_wars")
    state.apply_answer("influence")
    while True:
        settle(state, rng)
        decision = state.decision()
        if decision.name == "star_wars_card":
            return state
        if decision.name == "event_first":
            state.apply_answer(event_first)
            continue
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("event_first", ["event", "ops"])
def test_defectors_from_star_wars_in_the_ussr_round_scores_nothing(standard: Game, event_first: str) -> None:
    state = at_star_wars_pick(standard, event_first)
    assert state.engine.state.phasing == "ussr" and state.decision().side == "us"
    vp = state.engine.state.vp
    twin = state.clone()
    state.apply_answer("defectors")
    twin.apply_answer("defectors")
    for played in (state, twin):
        assert played.engine.state.vp == vp
        assert "defectors" in played.engine.state.discard
        assert "star_wars" in played.engine.state.removed
