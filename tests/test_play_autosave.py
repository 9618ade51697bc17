"""The autosave of `twilight play`: one at the first decision after every action round (and before every
decision of a person), each of which replays to exactly the state it recorded."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.session import DemoPlayer, PlaySession
from twilight.cli.session.game import AutosavingPlayer
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision, RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import RulesAIPlayer


class Stop(Exception):
    pass


class StopAtOnce:
    def decide(self, decision: Decision) -> Any:
        raise Stop


def demo_game(seed: int) -> tuple[Engine, list[dict[str, Any]], list[int]]:
    """A solo game watched as a demo; every save it wrote, and the number of answers before each
    decision (in order)."""
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {}, seed=seed)
    saves: list[dict[str, Any]] = []
    session = PlaySession(
        engine,
        PlayText("solo-v2", "en", ir),
        Console(file=io.StringIO(), width=100),
        Path("/nonexistent/save.json"),
        {"humans": ["us"], "lang": "en", "policy": "random"},
    )

    def keep(finished: bool = False) -> None:
        saves.append(copy.deepcopy({**engine.save_data(), "events": len(engine.events)}))
        session.saved_answers = len(engine.answers)

    session.save = keep  # type: ignore[method-assign]
    asked: list[int] = []

    class Counting(RandomPlayer):
        def decide(self, decision: Decision) -> Any:
            asked.append(len(engine.answers))
            return super().decide(decision)

    ai = RulesAIPlayer()
    ai.engine = engine
    engine.players = {
        "us": DemoPlayer(session, Counting(seed), 0, lambda s: None),
        "ussr": AutosavingPlayer(session, ai),
    }
    engine.run()
    return engine, saves, asked


@pytest.fixture(scope="module")
def game() -> tuple[Engine, list[dict[str, Any]], list[int]]:
    return demo_game(17)


def test_a_save_follows_every_action_round(game: tuple[Engine, list[dict[str, Any]], list[int]]) -> None:
    engine, saves, _ = game
    saved_at = [s["events"] for s in saves]
    rounds = [e["n"] for e in engine.events if e["kind"] == "action_round"]
    decisions = [e["n"] for e in engine.events if e["kind"] == "decision"]
    checked = 0
    for start in rounds:
        later = [d for d in decisions if d > start]
        if not later:
            continue
        # A save between the round's start and the first decision after it.
        assert any(start < at <= later[0] for at in saved_at), f"no save after the round at event {start}"
        checked += 1
    assert checked >= 10


def test_every_autosave_replays_to_its_state(game: tuple[Engine, list[dict[str, Any]], list[int]]) -> None:
    _, saves, _ = game
    ir = compiled_ir("solo-v2")
    for save in saves[:: max(1, len(saves) // 8)]:
        fresh = new_engine(
            ir, {"us": StopAtOnce(), "ussr": StopAtOnce()}, seed=save["seed"], settings=save["settings"]
        )
        fresh.resume_from(save)
        with pytest.raises(Stop):
            fresh.run()  # SaveMismatch, were the state not the saved one
        assert fresh.state.digest() == save["digest"]
        assert len(fresh.answers) == len(save["answers"])
