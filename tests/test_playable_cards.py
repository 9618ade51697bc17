"""The cards a side may play in an action round (card_play._playable): a card some rule in force obliges
the side to play (Missile Envy's obligation, `must_play_for_ops`) is the only one offered; with no such
rule in force every card of the hand is, and no card is asked about the obligation at all."""

from __future__ import annotations

from typing import Any

import pytest
from playout import standard_ir, standard_program
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives.card_play import _playable


def _engine(hands: dict[str, list[str]]) -> Engine:
    engine = Engine(standard_ir(), {}, program=standard_program(), seed=1)
    engine.state.hands = {side: list(cards) for side, cards in hands.items()}
    engine.state.china_holder, engine.state.china_face_up = "ussr", False
    return engine


def test_the_obliged_card_is_the_only_one_offered() -> None:
    engine = _engine({"us": ["marshall_plan", "missile_envy", "duck_and_cover"], "ussr": []})
    assert not engine.status_given("must_play_for_ops")
    assert _playable(engine, "us") == ["marshall_plan", "missile_envy", "duck_and_cover"]
    # the USSR played Missile Envy: the US must play it for operations in its next round
    engine.start_lasting(
        ("missile_envy", "missile_envy_obligation"), "end_of_next_action_round", ["us"], {"player": "ussr"}
    )
    assert engine.status_given("must_play_for_ops")
    assert _playable(engine, "us") == ["missile_envy"]
    assert _playable(engine, "ussr") == []


def test_with_no_obligation_in_force_no_card_is_asked_about_one(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _engine({"us": ["marshall_plan", "duck_and_cover"], "ussr": ["comecon"]})
    # an effect in force that gives no status: still nothing to ask
    engine.start_lasting(("containment", "containment"), "end_of_turn", [], {"player": "us"})
    asked: list[tuple[Any, ...]] = []
    real = Engine.has_status

    def counting(self: Engine, status: str, *args: Any) -> bool:
        asked.append((status, *args))
        return real(self, status, *args)

    monkeypatch.setattr(Engine, "has_status", counting)
    assert _playable(engine, "us") == ["marshall_plan", "duck_and_cover"]
    assert asked == []
