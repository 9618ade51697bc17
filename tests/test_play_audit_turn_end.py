"""The end of a turn at a real terminal: the VP a side short of its military operations gives away is told
under the step of the turn that takes them ("E. Military operations check"), not as if the last card
played had scored them; and DEFCON's improvement at the next turn's start under its own step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, answer_for

pytest.importorskip("pexpect")

# Seed 5 of the two-player game, both sides answered by `answer_for`: at the end of turn 1 the US has
# made no military operations and the USSR two, against DEFCON 5's requirement: each is short, and the two
# shortfalls are netted (the USSR gains 5, the US 3: the USSR 2 in all, 10.3.1).
CHECK = {"en": "E. Military operations check", "ru": "E. Проверка военных операций"}
TURN_2 = {"en": "Turn 2 of 10", "ru": "Ход 2 из 10"}
SINCE = {"en": "Since your last decision", "ru": "С вашего прошлого решения"}
NET_LINE = {"en": r"^USSR gains 2 VP", "ru": r"^СССР: \+2 ПО"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_military_operations_penalty_is_told_under_its_step(tmp_path: Path, lang: str) -> None:
    args = ["--ruleset", "standard", "--opponent", "person", "--seed", "5", "--lang", lang]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    for n in range(200):
        q = driver.question()
        assert q is not None
        if TURN_2[lang] in q.screen:
            break
        driver.send(answer_for(q, n))
    else:
        raise AssertionError("turn 2 never came")
    since = q.screen[q.screen.rindex(SINCE[lang]) :]
    lines = [line.strip(" │") for line in since.splitlines()]
    assert CHECK[lang] in lines, since
    after = lines[lines.index(CHECK[lang]) + 1 :]
    # The penalty's VP come right after the step's line, the two sides' netted in one line.
    assert re.match(NET_LINE[lang], after[0]), since
    driver.send("quit")
    assert driver.finish() == 0
