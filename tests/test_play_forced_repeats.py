"""A choice repeated with one answer each time (Suez Crisis's removals from the only country left): the
answer taken for the player is said once, at once and in the next screen's last moves, then only where
the repeats are ("pick 2 of 4"); the same question taken for the player later, after a question of
theirs, is said again."""

from __future__ import annotations

import io
from typing import Any

import pytest
from helpers import compiled_ir
from rich.console import Console
from twilight.cli.play.session import PlaySession, QuitGame, TerminalPlayer
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision
from twilight.runtime.game import new_engine


class NoTyping:
    def read(self, prompt: str, words: Any) -> str:
        raise EOFError


def _pick(number: int) -> Decision:
    progress = {"pick": number, "picks": 4, "from": 3}
    return Decision("suez_crisis_remove", "us", ["uk"], context={"intent": "remove", "progress": progress})


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_repeated_forced_answer_is_said_once(lang: str, tmp_path: Any) -> None:
    ir = compiled_ir("standard")
    engine = new_engine(ir, {}, seed=1)
    text = PlayText("standard", lang, ir)
    out = io.StringIO()
    meta = {"humans": ["us"], "lang": lang}
    session = PlaySession(engine, text, Console(file=out, width=300), tmp_path / "g.json", meta, NoTyping())  # type: ignore[arg-type]
    player = TerminalPlayer(session)
    note = text.t("play-forced-choice", prompt=session.prompt_text(_pick(1)), answer=text.country("uk"))
    for number in (1, 2):
        assert player.decide(_pick(number)) == "uk"
        engine.answers.append(["us", "uk"])
    said = out.getvalue()
    assert said.count(note) == 1, said
    assert text.t("play-progress", pick=2, picks=4, **{"from": 3}) in said
    recent = session.recent_lines()
    assert recent.count(note) == 1, recent
    # After a question the player is asked, the same forced question is told again.
    with pytest.raises(QuitGame):
        player.decide(Decision("influence_target", "us", ["mexico", "cuba"]))
    assert player.decide(_pick(3)) == "uk"
    assert out.getvalue().count(note) == 2
