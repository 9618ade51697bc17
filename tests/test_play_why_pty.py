"""`why` at the game's prompt reads as words for a player, in each language (through a real
pseudo-terminal): no trace event numbers ("trace events 73–77", "#116"), a provisional ruling said in words
instead of a bracket; and an answer the AI gave with no list of its own says which it took and by what
rule, not merely "by default"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from play_driver import PlayDriver, answer_for
from test_play_pty import no_traceback, solo
from twilight.cli.explain.trace import group_moves
from twilight.cli.session.text import PlayText
from twilight.cli.session.why import PlayerExplainer

pexpect = pytest.importorskip("pexpect")

WHY = {"en": "why", "ru": "почему"}
READING = {"en": "our reading of a gap in the rules (P", "ru": "наше прочтение пробела в правилах (P"}
INTERNAL = re.compile(r"trace events|события трассы|#\d|\[provisional|\[предварительно|\[source|\[источник")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_why_shows_no_trace_numbers_and_says_a_provisional_ruling_in_words(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(11, lang), tmp_path)
    readings = 0
    for answered in range(1, 40):
        q = driver.question()
        assert q is not None
        if answered % 5 == 0:
            driver.send(WHY[lang])
            said = driver.until_prompt()
            assert INTERNAL.search(said) is None, said
            readings += READING[lang] in " ".join(said.split())
        driver.send(answer_for(q, answered))
    assert readings, "no `why` told of a provisional ruling"
    assert driver.question() is not None
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


def truman_default_events() -> list[dict[str, Any]]:
    """The AI (US) answers Truman Doctrine's choice with no list of its own: its answer, and the
    engine's record of it."""
    asked = {"decision": "truman_doctrine_country", "side": "us"}
    return [
        {"n": 1, "kind": "action_round", "side": "ussr", "turn": 1, "round": 2},
        {"n": 2, "kind": "event", "card": "truman_doctrine", "side": "us"},
        {"n": 3, "kind": "ai_answer", **asked, "answered_by": "default"},
        {"n": 4, "kind": "decision", **asked, "answer": "finland"},
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "answers “the event of Truman Doctrine” with Finland: no list of the AI answers this choice, "
            "so it takes the first of the countries the event allows, in the map's order",
        ),
        (
            "ru",
            "ни один список ИИ не отвечает на этот выбор, поэтому ИИ берет первую из стран, которые "
            "разрешает событие, в порядке стран на карте",
        ),
    ],
)
def test_an_answer_by_default_says_which_and_why(solo_ir: dict[str, Any], lang: str, said: str) -> None:
    text = PlayText("solo-v2", lang, solo_ir)
    explainer = PlayerExplainer(text.loc, solo_ir, "solo-v2")
    (move,) = group_moves(truman_default_events())
    lines = explainer.render(explainer.move(1, move))
    joined = " ".join(lines)
    assert said in joined, lines
    assert "by default" not in joined and "по умолчанию" not in joined
    assert text.country("finland") in joined


@pytest.fixture(scope="module")
def solo_ir() -> dict[str, Any]:
    from twilight.compiler import api

    ir: dict[str, Any] = api.compile_target("solo-v2").ir
    return ir
