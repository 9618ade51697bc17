"""The last action round of a turn with a scoring card in hand (the standard game): the question offers
the scoring card alone, and says why the other cards of the hand are not offered (a scoring card may
not be held past the turn's end, and no other round is left for it), in each language. They went
missing from the list with no word."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.session.text import PlayText
from twilight.cli.session.why_not import why_not_lines
from twilight.runtime.core.decisions import Decision
from twilight.runtime.game import new_engine

from tests.helpers import GreedyUntil, StopHere, compiled_ir

SAID = {
    "en": ("Not offered: Romanian Abdication — A scoring card may not be held", "last action round"),
    "ru": ("Нет в списке: Отречение", "последний раунд действий"),
}


def _scoring_card_only(decision: Decision) -> bool:
    return decision.name == "action_card" and [str(o) for o in decision.options] == ["europe_scoring"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cards_a_scoring_card_keeps_out_are_said_with_the_rule(lang: str) -> None:
    # Seed 1, both sides greedy: in turn 1's 6th round the US holds Romanian Abdication and Europe
    # Scoring, and must play the scoring card.
    ir = compiled_ir("standard")
    found: dict[str, Any] = {}

    def act(engine: Any, decision: Decision) -> None:
        found["hand"] = sorted(engine.state.hands[decision.side])
        found["lines"] = why_not_lines(PlayText("standard", lang, ir), engine, decision)

    players = {side: GreedyUntil(_scoring_card_only, act) for side in ("us", "ussr")}
    engine = new_engine(ir, players, seed=1)
    for player in players.values():
        player.engine = engine
    with pytest.raises(StopHere):
        engine.run()
    assert found["hand"] == ["europe_scoring", "romanian_abdication"]
    said = " ".join(found["lines"])
    assert all(part in said for part in SAID[lang]), found["lines"]
