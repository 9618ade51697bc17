"""Space Race box 6 (Eagle/Bear Has Landed, 002 · 6.4.4): the first side there may discard its held cards at
the end of the turn. The turn's step for it was entered every turn, so the play log told "Discarding held
cards (Space Race ability)" at each turn's end in games where no side ever had the ability; the step is now
a part of the turn only while a side has it."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.game import new_engine

from tests.helpers import compiled_ir


class _Greedy(GreedyPlayer):
    """Greedy play; before its first answer of turn `turn`, the Space Race boxes become `boxes`."""

    def __init__(self, seed: int, turn: int, boxes: dict[str, int]) -> None:
        super().__init__(seed)
        self.turn, self.boxes = turn, boxes

    def decide(self, decision: Decision) -> Any:
        state = self.engine.state
        if state.turn == self.turn and self.boxes:
            state.space.update(self.boxes)
            self.boxes = {}
        return super().decide(decision)


def _played(turn: int = 0, boxes: dict[str, int] | None = None) -> Any:
    engine = new_engine(compiled_ir("standard"), {}, seed=2, settings={})
    engine.players = {side: _Greedy(2, turn, dict(boxes or {})) for side in ("us", "ussr")}
    for player in engine.players.values():
        player.engine = engine
    engine.run()
    return engine


def _steps(engine: Any) -> list[int]:
    """The turns whose end entered the step of discarding held cards."""
    return [e["turn"] for e in engine.events if e["kind"] == "phase" and e["phase"] == "discard_held_cards"]


def test_no_turn_has_the_step_while_no_side_has_the_ability() -> None:
    engine = _played()
    assert max(engine.state.space.values()) < 6
    assert engine.state.turn > 3 and _steps(engine) == []


def test_the_side_first_on_box_6_is_asked_at_the_end_of_the_turn() -> None:
    engine = _played(turn=2, boxes={"us": 6, "ussr": 1})
    assert 2 in _steps(engine)
    asked = [e for e in engine.events if e["kind"] == "decision" and e["decision"] == "discard_held_cards"]
    assert asked and {e["side"] for e in asked} == {"us"}
