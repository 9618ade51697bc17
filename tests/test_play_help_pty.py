"""`?` at a question, through a real pseudo-terminal in each language: it first says the mechanics behind
the question in plain words (the solo game's face-down deck and draft, its Primary and Secondary regions
and scoring rounds, placing influence, headlines), then the rules it comes from, as before. And the words
are chosen by the question's name, else by what its choice does, else a general word."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver, answer_for
from test_play_pty import no_traceback, solo
from twilight.cli.session.mechanics import mechanics_line
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

pexpect = pytest.importorskip("pexpect")

# Words of each question's explanation, and the start of the rule citation that must follow them.
EXPLAINED = {
    "en": {
        "draft_keep": "your hand is a face-down deck: you see a card only when you draw it",
        "headline_card": "for the headline you draw its top 3 cards",
        "action_card": "its region becomes the Secondary region, the old Secondary becomes the Primary",
        "influence_target": "a point costs 2 operations while your opponent controls the country",
    },
    "ru": {
        "draft_keep": "ваша рука — колода рубашкой вверх: карту вы видите, только когда ее тянете",
        "headline_card": "вы тянете три верхние карты",
        "action_card": "ее регион становится Вторичным, прежний Вторичный — Первичным",
        "influence_target": "пока страну контролирует противник, очко стоит 2 ОО",
    },
}
CITED = {"en": "Rule: ", "ru": "Правило: "}
HELP = {"en": "?", "ru": "?"}


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_explains_the_mechanics_first(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(11, lang), tmp_path, columns=80, lines=24)
    wanted = dict(EXPLAINED[lang])
    answered = 0
    while wanted:
        q = driver.question()
        assert q is not None, f"the game ended before {sorted(wanted)} were asked"
        if q.name in wanted:
            driver.send(HELP[lang])
            said = flat(driver.until_prompt())
            words = wanted.pop(q.name)
            assert words in said, (q.name, said)
            # The explanation comes before the rules cited (when the question cites any).
            if CITED[lang] in said:
                assert said.index(words) < said.index(CITED[lang]), said
            driver.send(answer_for(q, answered))  # (`?` answered nothing: the question is still open)
            continue
        answered += 1
        driver.send(answer_for(q, answered))
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


@pytest.mark.parametrize(
    ("lang", "coup", "fallback"),
    [
        ("en", "twice the country's stability", "Choose among the answers listed"),
        ("ru", "удвоенного Числа стабильности", "Выберите один из перечисленных ответов"),
    ],
)
def test_the_words_are_found_by_name_then_intent_then_in_general(
    standard_ir: dict[str, object], lang: str, coup: str, fallback: str
) -> None:
    t = PlayText("standard", lang, standard_ir)
    by_name = Decision("coup_target", "us", ["italy"], 1, 1, True, {})
    by_intent = Decision("che_first_coup", "ussr", ["angola"], 0, 1, True, {"intent": "coup"})
    general = Decision("wargames_end_game", "us", ["yes", "no"], 1, 1, True, {"intent": "decide"})
    assert coup in mechanics_line(t, by_name)
    assert coup in mechanics_line(t, by_intent)
    assert mechanics_line(t, by_intent) != mechanics_line(t, by_name)
    assert mechanics_line(t, general).startswith(fallback)


@pytest.fixture(scope="module")
def standard_ir() -> dict[str, object]:
    from twilight.compiler import api

    ir: dict[str, object] = api.compile_target("standard").ir
    return ir
