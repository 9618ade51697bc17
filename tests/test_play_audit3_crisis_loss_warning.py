"""The Cuban Missile Crisis (card 40) in a two-player game: the US's coup under the USSR's crisis at
DEFCON 2. In a battleground the coup is lost whatever the US answers to the way out asked as the coup is
made (taking it: the coup brings DEFCON to 1; declining it: the crisis ends the game), so the target is
marked as losing at once, by both reasons; outside the battlegrounds taking the way out saves the game, and
the target is not marked. With the way out closed every coup loses, by the crisis alone. At the way out's
own question the hint says every answer loses, instead of calling the two a tie (cli/session/hint.py)."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.danger import loses_at_once, losing_reasons, marked
from twilight.cli.session.hint import hint_lines
from twilight.cli.session.text import PlayText
from twilight.harness.scenario import Scenario
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.game import new_engine

from tests.helpers import compiled_ir


class _Stop(Exception):
    pass


class _Steered:
    """Both sides, greedy, until the US's first action round: there the board is set (DEFCON 2, the
    USSR's Cuban Missile Crisis in effect, 1 USSR influence in Venezuela (a battleground) and Honduras,
    `wg` US influence in West Germany, the way out), the US plays a card for a coup in `target` and the
    game stops at the US's first question named `name`, kept in `found`."""

    def __init__(self, name: str, wg: int, target: str, act: Any) -> None:
        self.act = act
        self.greedy = GreedyPlayer(SEED)
        self.engine: Any = None
        self.name, self.wg, self.target = name, wg, target
        self.set = False
        self.found: list[Decision] = []

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        self.greedy.engine = engine
        st = engine.state
        mine = decision.side == "us" and st.action_round >= 1
        if mine and not self.set and decision.name != "play_mode":
            self._set_board(engine)
        if mine and self.set and decision.name == self.name:
            self.found.append(self.act(engine, decision))  # (asked in the game, paused at the question)
            raise _Stop
        if mine and self.set and decision.name == "play_mode" and "coup" in decision.options:
            return "coup"
        if mine and self.set and decision.name == "coup_target" and self.target in decision.options:
            return self.target
        return self.greedy.decide(decision)

    def _set_board(self, engine: Any) -> None:
        st = engine.state
        st.defcon = 2
        for country, side, n in (
            ("venezuela", "ussr", 1),
            ("honduras", "ussr", 1),
            ("west_germany", "us", self.wg),
        ):
            st.influence[country] = {**st.influence[country], side: n}
        owner = SimpleNamespace(engine=engine, ir=engine.ir, program=engine.program)
        Scenario._start_effect(owner, "cuban_missile_crisis", "ussr", "")  # type: ignore[arg-type]
        self.set = True


SEED = 3


def _at(name: str, wg: int, act: Any, target: str = "venezuela") -> Any:
    """`act(engine, decision)` at the US's first question named `name` (the crisis in effect, DEFCON 2)."""
    ir = compiled_ir("standard")
    player = _Steered(name, wg, target, act)
    engine = new_engine(ir, {"us": player, "ussr": GreedyPlayer(SEED)}, seed=SEED)
    player.engine = engine
    for p in engine.players.values():
        p.engine = engine
    with contextlib.suppress(_Stop):
        engine.run()
    assert player.found, "the question was never asked"
    return player.found[0]


def _session(engine: Any, lang: str = "en") -> Any:
    return SimpleNamespace(text=PlayText("standard", lang, engine.ir), engine=engine, meta={"humans": ["us"]})


def _seen(lang: str = "en") -> Any:
    """What the checks see at the question: its options, the answers found losing (with their reasons),
    and the hint's lines."""

    def act(engine: Any, decision: Decision) -> dict[str, Any]:
        return {
            "options": list(decision.options),
            "found": dict(losing_reasons(engine, decision)),
            "marked": marked(engine, decision, loses_at_once(engine, decision)),
            "lines": hint_lines(_session(engine, lang), decision),
        }

    return act


def test_a_battleground_coup_under_the_crisis_is_marked_with_both_reasons() -> None:
    seen = _at("coup_target", 3, _seen())
    assert {"venezuela", "honduras"} <= set(seen["options"])
    found = seen["found"]
    assert "venezuela" in found and "honduras" not in found
    assert found["venezuela"] == {"defcon_1", "cuban_missile_crisis"}
    said = "\n".join(seen["lines"])
    assert "Venezuela" in said and "Cuban Missile Crisis" in said, said


def test_with_the_way_out_closed_every_coup_loses_by_the_crisis() -> None:
    seen = _at("coup_target", 0, _seen())
    found = seen["found"]
    assert set(found) == set(seen["options"])
    assert found["honduras"] == {"cuban_missile_crisis"}
    said = "\n".join(seen["lines"])
    assert "Cuban Missile Crisis" in said and "DEFCON" not in said, said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_way_out_asked_at_a_battleground_coup_has_no_answer_that_does_not_lose(lang: str) -> None:
    seen = _at("defuse_cuban_missile_crisis_at_coup", 3, _seen(lang), target="venezuela")
    assert seen["options"] == ["end_crisis", "lose_game"]
    assert seen["marked"] == []  # (every answer loses: none is marked, the hint says they all lose)
    lines = seen["lines"]
    every = {"en": "Every answer loses the game at once", "ru": "Любой ответ сразу проигрывает партию"}
    assert any(every[lang] in line for line in lines), lines
    assert not any("%" in line for line in lines), lines  # (no scores of a tie at 0%)


def test_the_way_out_asked_outside_the_battlegrounds_is_left_to_the_search() -> None:
    seen = _at("defuse_cuban_missile_crisis_at_coup", 3, _seen(), target="honduras")
    assert not any("loses the game at once" in line for line in seen["lines"]), seen["lines"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_screen_marks_a_coup_lost_to_the_crisis_by_its_reason(lang: str) -> None:
    """The list of targets names the crisis as the reason, not a DEFCON 1 the coup would not set off."""
    import io

    from rich.console import Console
    from twilight.cli.play.screen import Screen

    def act(engine: Any, decision: Decision) -> list[str]:
        found = dict(losing_reasons(engine, decision))
        screen = Screen(
            Console(file=io.StringIO(), width=200), PlayText("standard", lang, engine.ir), engine, False
        )
        screen.losing = lambda d: list(found)
        screen.losing_reasons = lambda: {str(o): why for o, why in found.items()}
        return screen.war_marked(decision, [str(o) for o in decision.options])

    labels = _at("coup_target", 0, act)
    crisis = {"en": "Cuban Missile Crisis", "ru": "Карибск"}[lang]
    honduras = next(label for label in labels if label.startswith("honduras"))
    assert crisis in honduras and "DEFCON" not in honduras, honduras
