"""Answers that are moves of their own, told in the last moves and the log where the ruleset words them
(`log-answer-<decision>-<answer>`, or `log-answer-<decision>` with the answer named): a side holding only
The China Card that passes its action round (9.8; before, the round left no line at all, and the other
player could not tell a pass from a round not yet played), and the card a side hands over for Missile
Envy (before, only the event of the card taken was told, never that it changed hands). An answer the
ruleset does not word is told by what it does, as before; and a decision between two points of
influence never splits their run ("+2 in Poland" stays one line)."""

from __future__ import annotations

import pytest
from helpers import compiled_ir
from twilight.cli.session.happened import what_happened
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText

PASS = {"en": "USSR passes its action round", "ru": "СССР: раунд действий пропущен"}
ENVY = {
    "en": "US hands over Nasser for Missile Envy",
    "ru": "США: карта «Насер» отдана в обмен на карту «Ракетная зависть»",
}


def decision(name: str, side: str, answer: str) -> dict[str, object]:
    return {"kind": "decision", "decision": name, "side": side, "answer": answer, "turn": 1, "round": 1}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pass_and_a_card_handed_over_are_told(lang: str) -> None:
    text = PlayText("standard", lang, compiled_ir("standard"))
    events = [
        {"kind": "influence", "side": "us", "country": "iran", "change": 1, "now": 1},
        decision("china_card_or_pass", "ussr", "pass_round"),
        {"kind": "action_round", "side": "us", "round": 2},
        {"kind": "play", "side": "ussr", "card": "missile_envy"},
        {"kind": "event", "side": "ussr", "card": "missile_envy"},
        decision("missile_envy_card", "us", "nasser"),
    ]
    moves, _ = what_happened(Narrator(text), events)
    lines = [m.line for m in moves]
    passed = [i for i, line in enumerate(lines) if PASS[lang] in line]
    assert passed, lines
    assert passed[0] == 1  # after the influence placed before it, in order
    assert any(ENVY[lang] in line for line in lines), lines
    # the log says them too
    assert any(PASS[lang] in line for line in Narrator(text).lines(events))


def test_an_answer_not_worded_says_nothing_and_splits_no_run() -> None:
    text = PlayText("standard", "en", compiled_ir("standard"))
    events = [
        {"kind": "influence", "side": "ussr", "country": "poland", "change": 1, "now": 1},
        decision("influence_target", "ussr", "poland"),
        {"kind": "influence", "side": "ussr", "country": "poland", "change": 1, "now": 2},
        decision("play_mode", "ussr", "influence"),
    ]
    lines = Narrator(text).lines(events)
    assert lines == ["USSR +2 in Poland (now 2)."], lines
