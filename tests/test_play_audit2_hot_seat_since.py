"""A hot-seat game's "since your last decision" is each player's own: the moves since that player last
chose, not since the other player's screen. The US chooses its headline, hands over; the USSR sees the
headlines revealed and plays its first action round (a US card: the US is handed the terminal to answer its
event); the US's next screen must still tell the headlines (it never saw them: the USSR's screen was
cleared before the hand-over)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver, answer_for

pytest.importorskip("pexpect")

SINCE = {"en": "Since your last decision", "ru": "С вашего прошлого решения"}
HEADLINES = {"en": "Headlines: US", "ru": "США — "}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_hot_seat_player_is_told_the_moves_since_their_own_decision(tmp_path: Path, lang: str) -> None:
    args = ["--ruleset", "standard", "--opponent", "person", "--seed", "2", "--lang", lang]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    seen_headline = False
    for n in range(60):
        q = driver.question()
        assert q is not None
        if seen_headline and q.side == "us":
            break
        seen_headline = seen_headline or (q.name == "headline_card" and q.side == "us")
        driver.send(answer_for(q, n))
    else:
        raise AssertionError("the US was never asked after its headline")
    assert seen_headline
    assert driver.hand_overs[-2:] == ["ussr", "us"]  # the USSR played after the headlines, then handed over
    since = q.screen[q.screen.rindex(SINCE[lang]) :]
    assert HEADLINES[lang] in since, since
    driver.send("quit")
    assert driver.finish() == 0
