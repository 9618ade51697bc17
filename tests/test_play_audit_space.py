"""The question of how to play a card says why the Space Race is not among its answers (too few operations
for the next box, the turn's attempts made), from the rules' own prohibitions, in each language, as it
says why a coup is not (cli/session/why_not.py): the answer just went missing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from play_driver import PlayDriver, answer_for
from twilight.cli.session.text import PlayText
from twilight.cli.session.why_not import why_not_lines
from twilight.runtime.core.decisions import Decision

from tests.helpers import play_solo_until

NOT_OFFERED = {"en": "Space Race is not offered: ", "ru": "Космическая гонка не предлагается. "}
# The rules' words for each refusal (rules/standard/locales/*/play.ftl), as the line quotes them.
REASONS = {
    "en": ("has too few operations for your next Space Race box", "all your Space Race attempts"),
    "ru": ("слишком мало ОО для следующей клетки Космической гонки", "все попытки в Космической гонке"),
}


def _no_space(decision: Decision) -> bool:
    offered = {str(o) for o in decision.options}
    return decision.name == "play_mode" and "influence" in offered and "space" not in offered


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_play_mode_question_says_why_the_space_race_is_not_offered(lang: str) -> None:
    found: dict[str, Any] = {}

    def act(engine: Any, decision: Decision) -> None:
        found["lines"] = why_not_lines(PlayText("solo-v2", lang, engine.ir), engine, decision)
        found["codes"] = engine.refusals("space", actor=decision.side, card=decision.context["card"])

    play_solo_until(_no_space, act, seed=101)
    assert found["codes"], "the rules refuse the Space Race here"
    said = [line for line in found["lines"] if line.startswith(NOT_OFFERED[lang])]
    assert len(said) == 1, found["lines"]
    assert any(reason in said[0] for reason in REASONS[lang]), said


SAID_AGAIN = {
    "en": "Space Race is not offered: Blockade",
    "ru": "Космическая гонка не предлагается. У карты «Блокада Западного Берлина»",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_screen_drawn_again_by_board_keeps_the_line(tmp_path: Path, lang: str) -> None:
    """At a real terminal: the line is under the question, and `board`, which draws the screen again
    with the board in full, keeps it (it drew the question without it)."""
    pytest.importorskip("pexpect")
    args = ["--ruleset", "standard", "--opponent", "person", "--seed", "5", "--lang", lang]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    for n in range(30):  # (the USSR's Blockade, 1 operation, the 9th question: no Space Race for it)
        q = driver.question()
        assert q is not None
        if q.name == "play_mode" and SAID_AGAIN[lang] in " ".join(q.screen.split()):
            break
        driver.send(answer_for(q, n))
    else:
        raise AssertionError("no play of a card too weak for the Space Race")
    driver.send("board" if lang == "en" else "карта")
    again = " ".join(driver.until_prompt().split())
    assert SAID_AGAIN[lang] in again, again[-1500:]
    driver.send("quit")
    assert driver.finish() == 0
