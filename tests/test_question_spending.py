"""A question that spends a card's operations says how many there are: which operations ("3 operations to
spend": CIA Created's 1 in the opponent's round is no card's printed value), and each realignment's target
("Realignment: 2 of 3 rolls left", as the points of influence say theirs). Both questions said nothing of
it: a player realigning three times lost count."""

from __future__ import annotations

import contextlib
from typing import Any

from twilight.cli.session.question import points_left
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import GreedyPlayer
from twilight.runtime.core.resumable import Suspended
from twilight.runtime.game import new_engine

from tests.helpers import compiled_ir


def _until_realignments() -> list[tuple[Any, Any]]:
    """Standard, seed 6: greedy, but realigning wherever it may; the (question, ops) of the first
    `operations` question that offers a realignment, then its realignment targets' questions."""
    engine = new_engine(compiled_ir("standard"), {}, seed=6, settings={})
    greedy = GreedyPlayer(6)
    greedy.engine = engine
    with contextlib.suppress(Suspended):
        engine.run()
    asked: list[tuple[Any, Any]] = []
    while not engine.state.game_over:
        decision = engine.pending()
        if decision.name == "operations" and "realign" in decision.options and not asked:
            asked.append((decision, decision.context.get("ops")))
            answer: Any = "realign"
        elif decision.name == "realign_target" and asked:
            asked.append((decision, None))
            answer = decision.options[0]
        else:
            if asked:
                break
            answer = greedy.decide(decision)
        with contextlib.suppress(Suspended):
            engine.resume(answer)
    return asked


def test_the_questions_say_the_operations_and_the_rolls_left() -> None:
    asked = _until_realignments()
    (operations, ops), *targets = asked
    assert ops and ops >= 1 and len(targets) == ops
    ir = compiled_ir("standard")
    en, ru = PlayText("standard", "en", ir), PlayText("standard", "ru", ir)
    said = "operation to spend" if ops == 1 else "operations to spend"
    assert points_left(en, operations) == f"{ops} {said}"
    assert points_left(ru, operations) == f"Операции на {ops} ОО"
    for made, (target, _) in enumerate(targets):
        left = ops - made
        rolls = "roll" if ops == 1 else "rolls"
        assert points_left(en, target) == f"Realignment: {left} of {ops} {rolls} left"
        assert points_left(ru, target).startswith(f"Уравнивание влияния: осталось {left} из {ops} ")
