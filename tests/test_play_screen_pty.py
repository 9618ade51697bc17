"""One decision, one screen, through a real pseudo-terminal: at 80x24 the question, the tracks and what
changed since the last decision are all on the screen; `region NAME` (with "did you mean") and
`board all` show the rest of the board, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver

pexpect = pytest.importorskip("pexpect")

WORDS = {
    "en": {
        "turn": "Turn 1 of",
        "since": "Since your last decision",
        "region": "region Eastern Eur",
        "sub": "Eastern Europe",
        "in": r"★Poland +E +3 ",
        "out": "France",
        "misspelt": "region Afirca",
        "did_you_mean": '"Afirca" is not a region. Did you mean Africa?',
        "board_all": "board all",
        "far": r"★Zaire +1 ",
        "legend": "W Western Europe · E Eastern Europe · S Southeast Asia",
        "help": "board all: every region in full · region NAME",
    },
    "ru": {
        "turn": "Ход 1 из",
        "since": "С вашего прошлого решения",
        "region": "р вост евр",
        "sub": "Восточная Европа",
        "in": r"★Польша +В +3 ",
        "out": "Франция",
        "misspelt": "регион Африак",
        "did_you_mean": "«Африак» — не регион. Может быть, Африка?",
        "board_all": "карта все",
        "far": r"★Заир +1 ",
        "legend": "З Западная Европа · В Восточная Европа · ЮВ Юго-Восточная Азия",
        "help": "карта все — все регионы целиком · регион НАЗВАНИЕ",
    },
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_region_and_board_all_at_80x24(tmp_path: Path, lang: str) -> None:
    words = WORDS[lang]
    args = ["--seed", "7", "--lang", lang, "--side", "us", "--level", "normal"]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path, columns=80, lines=24)
    q = driver.question()
    assert q is not None and q.name == "draft_keep"
    # The whole screen, from the tracks (the status's first line) to the last answer, fits above the
    # prompt line: 23 lines and the prompt's.
    screen = q.screen[q.screen.rindex(words["turn"]) :].rstrip("\n").split("\n")
    assert len(screen[:-1]) <= 23 and screen[-1].strip() in ("US", "США"), "\n".join(screen)
    assert "DEFCON 5" in q.screen and words["since"] in q.screen and "6. " in q.screen
    driver.send(words["region"])
    region = driver.until_prompt()
    assert words["sub"] in region and re.search(words["in"], region), region
    assert words["out"] not in region
    driver.send(words["misspelt"])
    assert words["did_you_mean"] in driver.until_prompt()
    driver.send(words["board_all"])
    board = driver.until_prompt()
    assert re.search(words["far"], board) and re.search(words["in"], board), board
    assert words["legend"] in board
    driver.send("?")
    assert words["help"] in driver.until_prompt()
    driver.send("quit")
    assert driver.finish() == 0
    assert "Traceback" not in driver.output()
