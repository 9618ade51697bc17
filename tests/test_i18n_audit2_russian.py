"""Proofreading of the Russian rule texts (rules/*/locales/ru/): each message below read wrongly (a card's
name put in the nominative after a preposition or a participle that governs another case, a count of 21
read as "one", a calque of the English "the lower total loses"). Each test formats the message as the game
does and checks the mended Russian. (The „…“ of `ai-explain-decision-of-card` stay: they are quotation
marks inside the «…» of `ai-explain-answer`, as Russian nests them.)"""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.localizer import Localizer
from twilight.cli.session.text import play_folders


@pytest.fixture(scope="module")
def standard() -> Localizer:
    return Localizer.for_folders(play_folders("standard"), "ru")


@pytest.fixture(scope="module")
def solo() -> Localizer:
    return Localizer.for_folders(play_folders("solo-v2"), "ru")


def said(loc: Localizer, msg_id: str, attribute: str | None = None, **args: Any) -> str:
    text = loc.get(msg_id, attribute, **args)
    assert text is not None, msg_id
    return text.replace("\u2068", "").replace("\u2069", "")  # Fluent's isolation marks


# A card's name after a word that governs another case than the nominative: the name does not decline, so a
# noun before it does (or the name is said in its case, as the list's other messages say it).
DECLINED = [
    # the participle wants the instrumental: «ослабленные «Боязнь красных/Чистки»»
    ("standard", "function-lowered_by_red_scare", "карты, ослабленные картой «Боязнь красных/Чистки»"),
    # из wants the genitive: «выход из «Карибский кризис»»
    ("standard", "function-cuban_missile_crisis_way_out_open", "выход из Карибского кризиса открыт для"),
    # по wants the dative: «взять по «Переговоры ОСВ»»
    ("solo", "function-salt_solo_cards", "карты, которые ИИ может взять событием «Переговоры ОСВ»"),
    ("solo", "function-star_wars_solo_cards", "карты, которые ИИ может взять событием «Звёздные войны»"),
    # the accusative: «ИИ начинает «Мелкая война»»
    ("solo", "ai-priority-brush_war_solo_forced_target", "где ИИ начинает «Мелкую войну», когда статья"),
]


@pytest.mark.parametrize(("ruleset", "msg_id", "expected"), DECLINED)
def test_a_card_name_after_a_preposition_or_participle_is_declined(
    standard: Localizer, solo: Localizer, ruleset: str, msg_id: str, expected: str
) -> None:
    assert said(standard if ruleset == "standard" else solo, msg_id).startswith(expected)


def test_the_cambridge_five_adds_influence_into_a_region(standard: Localizer) -> None:
    summary = said(standard, "card-the_cambridge_five", "summary")
    assert "добавляет 1 влияние в один из названных на них регионов" in summary, summary


def test_the_may_target_action_is_not_quoted_twice(standard: Localizer) -> None:
    # the outline gives the action already quoted (“coup”); «“coup”» doubled the marks
    text = said(standard, "outline-q-may_target", a0="“coup”", a1="СССР", a1form="other", a2="c")
    assert text == "СССР может выполнить действие “coup” в стране c"


@pytest.mark.parametrize(
    ("count", "expected"),
    [(1, "Выбор ИИ:"), (2, "Выбор ИИ, 2 шага:"), (5, "Выбор ИИ, 5 шагов:"), (21, "Выбор ИИ, 21 шаг:")],
)
def test_a_count_of_21_choices_is_said(solo: Localizer, count: int, expected: str) -> None:
    assert said(solo, "ai-explain-move-choices", count=count) == expected


def test_realignment_the_side_with_the_lower_total_loses(standard: Localizer, solo: Localizer) -> None:
    for loc in (standard, solo):
        for msg_id in ("mechanics-realign_target", "mechanics-intent-realign"):
            text = said(loc, msg_id)
            assert (
                "сторона с меньшей суммой теряет столько влияния, сколько составляет разница"
                in text.replace("Сторона", "сторона")
            ), (msg_id, text)
            assert "Меньшая сумма теряет" not in text and "меньшая сумма теряет" not in text
