"""`why` names the question the computer (or the solo AI) answered in the third person, not as the question
is put to the player who answers it: it quoted the ruleset's `decision-<name>` ("Asked “Choose your
headline card”, it answered: …", "На вопрос «Выберите карту, которую разыграете в этом раунде
действий»"), which reads as said to the person reading `why`. Now the turn's questions have `why`'s own
words (each ruleset's `decision-<name>.asked`, read by cli/explain/trace.py `asked_words`), and a card's
event's question is named by its card, in English and in Russian."""

from __future__ import annotations

import pytest
from helpers import compiled_ir
from twilight.cli.session.computer import ComputerChoice, why_lines
from twilight.cli.session.question import prompt_text
from twilight.cli.session.text import PlayText
from twilight.cli.session.why import PlayerExplainer, asked_words
from twilight.runtime.core.decisions import Decision

ASKED_AS = {
    "en": ("Choose", "your"),
    "ru": ("Выберите", "ваш"),
}
SAID = {
    "en": {
        "headline_card": "Asked which card to headline, it answered: ",
        "action_card": "Asked which card to play this action round, it answered: ",
        "coup_target": "Asked where to attempt the coup, it answered: ",
        "comecon_countries": "Asked at the event of COMECON, it answered: ",
    },
    "ru": {
        "headline_card": "На вопрос, какую карту сыграть заглавной картой, компьютер ответил: ",
        "action_card": "На вопрос, какую карту сыграть в этом раунде действий, компьютер ответил: ",
        "coup_target": "На вопрос, где попытаться совершить переворот, компьютер ответил: ",
        "comecon_countries": (
            "На выбор в событии карты «Совет экономической взаимопомощи» компьютер ответил: "
        ),
    },
}
# The questions of the turn's sequence and of the interpreter, which the rules give words of `why`'s own.
ASKED = [
    "action_card",
    "play_mode",
    "event_first",
    "operations",
    "coup_target",
    "realign_target",
    "influence_target",
    "ops_in_one_region",
    "headline_card",
    "china_card_or_pass",
    "discard_held_cards",
    "ussr_setup_influence",
    "us_setup_influence",
    "us_handicap_influence",
    "cuban_missile_crisis_country",
    "defuse_cuban_missile_crisis",
    "north_sea_oil_pass_round",
]
OPTIONS = {
    "headline_card": ["korean_war", "duck_and_cover"],
    "action_card": ["warsaw_pact_formed", "duck_and_cover"],
    "coup_target": ["iran", "philippines"],
    "comecon_countries": ["poland", "hungary", "romania", "bulgaria"],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_computer_s_questions_are_named_in_the_third_person(lang: str) -> None:
    t = PlayText("standard", lang, compiled_ir("standard"))
    choices = []
    for name, options in OPTIONS.items():
        single = name != "comecon_countries"
        count = 1 if single else 4
        answer = options[0] if single else options
        choices.append(ComputerChoice(Decision(name, "ussr", options, count, count, single, {}), answer))
    lines = why_lines(t, choices)[1:]
    told = [line for line in lines if not line.startswith("  ")]
    assert len(told) == len(OPTIONS), lines
    for line, choice in zip(told, choices, strict=True):
        asked = prompt_text(t, choice.decision)
        assert asked not in line, line  # (the question as put to the player is not quoted)
        assert line.startswith(SAID[lang][choice.decision.name]), line
        for word in ASKED_AS[lang]:
            assert word not in line, line


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_solo_ai_s_answers_name_the_question_likewise(lang: str) -> None:
    ir = compiled_ir("solo-v2")
    t = PlayText("solo-v2", lang, ir)
    explainer = PlayerExplainer(t.loc, ir, "solo-v2")
    for name in ASKED:
        said = explainer.decision_words(name)
        assert said == asked_words(t.loc, name), (name, said)
        assert "{" not in said and "$" not in said, (name, said)
        for word in ASKED_AS[lang]:
            assert word not in said, (name, said)
    assert not t.loc.errors, t.loc.errors
