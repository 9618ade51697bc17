"""`undo` and several answers typed at once work on copies of the game made at its questions
(Engine.clone, Engine.resume(ASK_AGAIN)): nothing is replayed, and the game after an undo is the game as
it was when the question was first asked."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.cmd import build_session, run_game
from twilight.cli.play.input import LineReader
from twilight.cli.session.text import PlayText
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import new_engine


class Script(LineReader):
    """Answers every question with its first option, influence where it can; at the second influence
    point of a card, `undo` once; quits after `stop` answers."""

    def __init__(self, stop: int, several: bool = False) -> None:
        super().__init__(interactive=False)
        self.session: Any = None
        self.stop = stop
        self.several = several
        self.asked: list[tuple[int, str, str]] = []  # (answers before, question, state digest)
        self.undone = False
        self.points_placed = 0
        self.typed: list[Any] = []  # two influence points typed at once, as answers number `typed_at` on
        self.typed_at = -1

    def read(self, prompt: str, words: Any) -> str:
        engine = self.session.engine
        decision = engine.pending()
        count = len(engine.answers)
        self.asked.append((count, decision.name, engine.state.digest()))
        if count >= self.stop:
            raise EOFError
        text = self.session.text
        if decision.name == "influence_target":
            self.points_placed += 1
            if self.points_placed == 2 and not self.undone:
                self.undone = True
                return "undo"
            if self.several and self.undone and len(decision.options) > 1:
                self.several = False
                self.typed_at = count
                self.typed = list(decision.options[:2])
                return ", ".join(text.option(o) for o in self.typed)
        if decision.name == "play_mode" and "influence" in decision.options:
            return text.option("influence")
        if decision.single:
            return text.option(decision.options[0])
        return ", ".join(text.option(o) for o in decision.options[: max(decision.min_count, 1)])


def play(tmp_path: Path, reader: Script, seed: int = 5) -> Any:
    ir = compiled_ir("solo-v2")
    text = PlayText("solo-v2", "en", ir)
    console = Console(file=io.StringIO(), width=110)
    meta = {"humans": ["us"], "lang": "en", "policy": None, "ids": False}
    settings = {"ai_side": "ussr", "level": "normal"}
    session = build_session(console, reader, ir, text, seed, settings, tmp_path / "game.json", meta, None)
    reader.session = session
    assert run_game(session) == 0
    return session


@pytest.fixture
def no_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the game was replayed")

    monkeypatch.setattr(Engine, "_replayed", refused)
    monkeypatch.setattr(Engine, "resume_from", refused)


def test_undo_takes_up_a_copy_made_at_the_question(tmp_path: Path, no_replay: None) -> None:
    reader = Script(stop=40)
    session = play(tmp_path, reader)
    assert reader.undone
    (at,) = [i for i, asked in enumerate(reader.asked) if asked[1] == "influence_target"][1:2]
    again = reader.asked[at + 1]
    first = next(asked for asked in reader.asked if asked[1] == "influence_target")
    # Asked again: the first influence point's question, in the state it was first asked in.
    assert again == first
    # The game went on from there, and its save and trace are those of the game played.
    saved = json.loads((tmp_path / "game.json").read_text())
    assert len(saved["answers"]) == len(session.engine.answers) == 40
    assert saved["digest"] == session.engine.state.digest()
    trace = (tmp_path / "game.trace.jsonl").read_text().splitlines()
    assert [json.loads(line)["n"] for line in trace] == list(range(len(session.engine.events)))
    assert session.points and max(session.points) <= 40


def test_the_game_after_an_undo_is_the_game_never_answered(tmp_path: Path) -> None:
    """The answers after the undo, given to a game that never had the answer taken back, reach the same
    state and the same trace."""
    reader = Script(stop=40)
    session = play(tmp_path / "a", reader)
    answers = [a for side, a in session.engine.answers if side == "us"]
    from twilight.runtime.core.decisions import ScriptedPlayer
    from twilight.runtime.solo.ai import players_with_ai

    engine = new_engine(session.engine.ir, {}, seed=5, settings=session.engine.state.settings)
    players, ai = players_with_ai(engine.ir, engine.state.settings, {"us": ScriptedPlayer(answers)})
    ai.engine = engine
    engine.players = players

    class Enough(Exception):
        pass

    def stop(decision: Any) -> None:
        if len(engine.answers) == 40 and decision.side == "us":
            raise Enough

    engine.at_decision = stop
    with pytest.raises(Enough):
        engine.run()
    assert engine.state.digest() == session.engine.state.digest()
    kinds = [(e["kind"], e.get("decision"), e.get("answer")) for e in engine.events]
    assert kinds == [(e["kind"], e.get("decision"), e.get("answer")) for e in session.engine.events]


def test_several_answers_are_tried_on_a_copy(tmp_path: Path, no_replay: None) -> None:
    reader = Script(stop=40, several=True)
    session = play(tmp_path, reader)
    assert reader.typed and not reader.several
    given = session.engine.answers[reader.typed_at : reader.typed_at + 2]
    # Both taken, in order, by the question asked twice; the second without asking the reader.
    assert given == [["us", reader.typed[0]], ["us", reader.typed[1]]]
    typed = max(i for i, asked in enumerate(reader.asked) if asked[0] == reader.typed_at)
    assert reader.asked[typed + 1][0] == reader.typed_at + 2
