"""The question of how to play a card says why it offers no coup or realignment, as the operations
question does (cli/session/why_not.py), in each language; a card that cannot be played for operations
(a scoring card: its event only) says nothing of attacks."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.session.text import PlayText
from twilight.cli.session.why_not import why_not_lines
from twilight.runtime.core.decisions import Decision

from tests.helpers import play_solo_until

NEITHER = {
    "en": "Coup and realignment are not offered: ",
    "ru": "Переворот и снижение влияния не предлагаются. ",
}


def _no_attack(decision: Decision) -> bool:
    offered = set(decision.options)
    return decision.name == "play_mode" and "influence" in offered and not offered & {"coup", "realign"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_play_mode_question_says_why_no_coup_is_offered(lang: str) -> None:
    found: dict[str, Any] = {}

    def act(engine: Any, decision: Decision) -> None:
        found["lines"] = why_not_lines(PlayText("solo-v2", lang, engine.ir), engine, decision)
        # the same question with the card's event alone (a scoring card): nothing of attacks
        alone = Decision("play_mode", decision.side, ["event"], 1, 1, True, dict(decision.context))
        found["alone"] = why_not_lines(PlayText("solo-v2", lang, engine.ir), engine, alone)

    play_solo_until(_no_attack, act, seed=101)
    (line,) = found["lines"]
    assert line.startswith(NEITHER[lang]), line
    assert not any(line.startswith(NEITHER[lang]) for line in found["alone"])
