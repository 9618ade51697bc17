"""`why` against the computer through a real pseudo-terminal, in each language: each of its choices is told
with the question in the third person ("Asked which card to headline"), never quoted as the question was
put to it ("Asked “Choose your headline card”"), which read as said to the person at the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver
from test_play_pty import SEEDS_MAP, no_traceback

pexpect = pytest.importorskip("pexpect")

WHY = {"en": "why", "ru": "почему"}
TOLD = {
    "en": ("Asked which card to headline, it answered: ", "Asked “"),
    "ru": ("На вопрос, какую карту сыграть заглавной картой, компьютер ответил: ", "На вопрос «"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_why_names_the_computer_s_questions_in_the_third_person(tmp_path: Path, lang: str) -> None:
    args = ["--ruleset", "standard", "--side", "us", "--opponent", "computer", "--seed", "3", "--lang", lang]
    driver = PlayDriver([*args, *SEEDS_MAP, "--ids"], tmp_path)
    q = driver.question()
    while q is not None and q.name != "action_card":  # (the setup, then the headline: the computer's too)
        driver.send("1" if q.single else ", ".join(str(n) for n, _, _ in q.options[: max(q.low, 1)]))
        q = driver.question()
    assert q is not None
    driver.send(WHY[lang])
    said = " ".join(driver.until_prompt().split())
    told, quoted = TOLD[lang]
    assert told in said, said
    assert quoted not in said, said
    driver.send("quit" if lang == "en" else "выход")
    assert driver.finish() == 0
    no_traceback(driver.output())
