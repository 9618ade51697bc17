"""`twilight play` through a real terminal, in both languages: after the player's coup, the panel of what
happened since the last decision says its outcome (success and its margin, or failure) on the coup's own
line, the influence it changed on the lines after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, Question, answer_for

# The player's coup in the panel (any line of it), and that line with its outcome, in each language.
ANY_COUP = {"en": re.compile(r"US coup in .+?: roll .*"), "ru": re.compile(r"Переворот США .+?: бросок .*")}
COUP = {
    "en": re.compile(
        r"US coup in (.+?): roll \d+ \+ \d+ operations? = (\d+) against (\d+): "
        r"(success by \d+|failure, no influence changes)\."
    ),
    "ru": re.compile(
        r"Переворот США (.+?): бросок \d+ \+ \d+ очк\w+ операций = (\d+) против (\d+): "
        r"(успех с перевесом \d+|неудача, влияние не меняется)\."
    ),
}
SUCCESS = {"en": "success by {margin}.", "ru": "успех с перевесом {margin}."}
STOP = {"en": "quit", "ru": "выход"}


def coup_answer(q: Question, turn: int) -> str:
    """A coup whenever it is offered, the first answer otherwise."""
    for number, _, ident in q.options:
        if ident == "coup":
            return str(number)
    return answer_for(q, turn)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_panel_tells_the_players_coup_outcome(lang: str, tmp_path: Path) -> None:
    # (solo-v2, seed 5: the US's first coup comes in turn 1; Canada of the deluxe map left out)
    args = ["--side", "us", "--level", "normal", "--lang", lang, "--seed", "5", "--ids"]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false"], tmp_path)
    line = None
    try:
        for turn in range(80):
            q = driver.question()
            assert q is not None, driver.output()[-2000:]
            line = ANY_COUP[lang].search(q.screen)
            if line:
                break
            driver.send(coup_answer(q, turn))
        assert line, driver.output()[-3000:]
        found = COUP[lang].search(line.group(0))
        assert found, line.group(0)
        strength, defence = int(found.group(2)), int(found.group(3))
        if strength > defence:
            assert found.group(4) + "." == SUCCESS[lang].format(margin=strength - defence)
        else:
            assert found.group(4).startswith(("failure", "неудача"))
    finally:
        driver.child.sendline(STOP[lang])
        driver.child.close(force=True)
