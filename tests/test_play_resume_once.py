"""`twilight play --resume` replays a save's answers once: the replay that takes the game back to its
question is the one that finds whether the save still leads back (a save of another version whose game
now goes another way: cli/session/diverged.py). It replayed every save twice, a dry run first."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.cmd import build_session, resume_game, run_game
from twilight.cli.play.input import LineReader
from twilight.cli.session.text import PlayText
from twilight.runtime.core.engine import Engine


class FirstOptions(LineReader):
    """Answers every question with its first options (influence where it can); quits once the game
    holds `stop` answers; counts the questions it was asked."""

    def __init__(self, stop: int) -> None:
        super().__init__(interactive=False)
        self.session: Any = None
        self.stop = stop
        self.asked: list[tuple[int, str]] = []

    def read(self, prompt: str, words: Any) -> str:
        engine = self.session.engine
        decision = engine.pending()
        self.asked.append((len(engine.answers), engine.state.digest()))
        if len(engine.answers) >= self.stop:
            return "quit"
        text = self.session.text
        if decision.name == "play_mode" and "influence" in decision.options:
            return text.option("influence")
        if decision.single:
            return text.option(decision.options[0])
        return ", ".join(text.option(o) for o in decision.options[: max(decision.min_count, 1)])


def saved_game(tmp_path: Path, stop: int) -> Path:
    ir = compiled_ir("solo-v2")
    text = PlayText("solo-v2", "en", ir)
    console = Console(file=io.StringIO(), width=110)
    meta = {"humans": ["us"], "lang": "en", "policy": None, "ids": False}
    settings = {"ai_side": "ussr", "level": "normal"}
    path = tmp_path / "game.json"
    reader = FirstOptions(stop)
    session = build_session(console, reader, ir, text, 5, settings, path, meta, None)
    reader.session = session
    assert run_game(session) == 0
    return path


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of answers each replay of a save took from it, in order."""
    counts: list[int] = []
    real = Engine._replayed

    def counted(self: Engine, decision: Any) -> Any:
        if len(self.answers) == 0 or not counts:
            counts.append(0)
        counts[-1] += 1
        return real(self, decision)

    monkeypatch.setattr(Engine, "_replayed", counted)
    return counts


def resume(path: Path, stop: int) -> tuple[Any, FirstOptions, str]:
    out = io.StringIO()
    console = Console(file=out, width=110)
    reader = FirstOptions(stop)
    session = resume_game(console, reader, str(path), "en", None, False)
    reader.session = session
    assert run_game(session) == 0
    return session, reader, out.getvalue()


def test_a_save_is_replayed_once(tmp_path: Path, replayed: list[int]) -> None:
    path = saved_game(tmp_path, 30)
    assert replayed == []
    saved = json.loads(path.read_text(encoding="utf-8"))
    total = len(saved["answers"])
    session, reader, said = resume(path, total + 6)
    assert replayed == [total]
    # Taken up at the question the save stopped at, and played on from there.
    assert reader.asked[0] == (total, saved["digest"])
    assert f"({total} answers replayed)" in " ".join(said.split())
    assert len(session.engine.answers) >= total + 6
    # The trace is the whole game's, once: the replay's events and the live ones.
    trace = (tmp_path / "game.trace.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["n"] for line in trace] == list(range(len(session.engine.events)))
    # `undo` reaches the questions of the replay too (copies made as it passed them).
    assert min(session.points) < total


def test_a_save_that_goes_another_way_is_replayed_again_only_up_to_where_it_does(
    tmp_path: Path, replayed: list[int]
) -> None:
    path = saved_game(tmp_path, 30)
    saved = json.loads(path.read_text(encoding="utf-8"))
    answers = saved["answers"]
    total = len(answers)
    changed = {**saved, "answers": [*answers[:12], [answers[12][0], "no_such_answer"], *answers[13:]]}
    path.write_text(json.dumps(changed), encoding="utf-8")
    session, reader, said = resume(path, 16)
    # The first replay stops at the 13th answer, which does not fit; the game is built again up to it.
    assert replayed == [13, 12]
    assert f"goes another way after 12 of its {total} answers" in " ".join(said.split())
    assert reader.asked[0][0] >= 12  # (the AI's answers after the 12th are its own now)
    assert session.engine.answers[:12] == answers[:12]
    trace = (tmp_path / "game.trace.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["n"] for line in trace] == list(range(len(session.engine.events)))
    assert json.loads(path.with_name("game.json.old").read_text(encoding="utf-8")) == changed
