"""`?` in the standard game against the computer: the opponent is "the computer" there, as everywhere
else in that game (the saves, `why`), so the help says what `why` tells of the computer's choices, not
"the AI's last move" (a solo game's paper AI); a solo game keeps its own words."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver

pytest.importorskip("pexpect")

COMPUTER = {"en": "why the computer's last choices", "ru": "почему — последние решения компьютера"}
AI = {"en": "why the AI's last move", "ru": "почему — последний ход ИИ"}


def help_text(tmp_path: Path, args: list[str]) -> str:
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    assert driver.question() is not None
    driver.send("?")
    said = " ".join(driver.until_prompt().split())
    driver.send("quit")
    assert driver.finish() == 0
    return said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_help_against_the_computer_names_the_computer(tmp_path: Path, lang: str) -> None:
    said = help_text(tmp_path, ["--ruleset", "standard", "--side", "us", "--seed", "3", "--lang", lang])
    assert COMPUTER[lang] in said, said
    assert AI[lang] not in said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_help_of_a_solo_game_names_the_ai(tmp_path: Path, lang: str) -> None:
    said = help_text(tmp_path, ["--side", "us", "--level", "normal", "--seed", "3", "--lang", lang])
    assert AI[lang] in said, said
