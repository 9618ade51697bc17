"""The game's Russian reads as Russian: a term in the case its sentence needs (`?` at the standard game's
headline: «Карту Китая выбрать нельзя»), a card's name in quotes after words that need no case of it
(«чем при ответе «Саммит»», never «чем после «Саммит»»), no capital letter after a colon (the rules'
refusals are sentences: they follow a full stop), the state of `why` «на момент этого решения ИИ» (the AI's
move, not the turn), and the game's own words spelt with «е» throughout («еще», «подсчет»)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from twilight.cli.session.hint import why_line
from twilight.cli.session.text import PlayText
from twilight.cli.session.why import PlayerExplainer

from tests.helpers import compiled_ir

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def standard_ru() -> PlayText:
    return PlayText("standard", "ru", compiled_ir("standard"))


def test_the_headlines_help_takes_the_china_card_in_the_accusative(standard_ru: PlayText) -> None:
    said = standard_ru.t("mechanics-headline_card")
    assert "Карту Китая выбрать нельзя" in said and "Карта Китая нельзя" not in said, said


def _answer(option: str, **facts: float) -> Any:
    found = {"mean": 0.6, "lost": 0.2, "won": 0.1, "vp_gain": 1.0, "region_gain": 0.0, **facts}
    return SimpleNamespace(option=option, tied_with_best=False, **found)


@pytest.mark.parametrize(
    "facts",
    [{"vp_gain": 3.0}, {"lost": 0.05}, {"won": 0.5}, {"mean": 0.61}],
    ids=["vp", "lost", "won", "score"],
)
def test_the_hints_why_needs_no_case_of_the_other_answers_name(standard_ru: PlayText, facts: Any) -> None:
    advice = SimpleNamespace(ranked=[_answer("space", **facts), _answer("summit")], region=None)
    line = str(why_line(standard_ru, advice))
    assert "чем при ответе «" in line or "а при ответе «" in line, line
    assert not re.search(r"(после|чем у) «", line), line


def test_a_refusal_follows_a_full_stop_not_a_colon(standard_ru: PlayText) -> None:
    for msg, args in (
        ("play-why-not", {"action": "Событие", "reasons": "Чтобы отменить событие, нужна карта"}),
        ("play-why-not-both", {"reasons": "При нынешнем DEFCON нельзя"}),
        ("play-input-refused", {"country": "Франция", "reason": "При нынешнем DEFCON нельзя"}),
    ):
        said = standard_ru.t(msg, **args)
        assert not re.search(r": [А-ЯЁ]", said), said


def test_why_says_the_state_at_the_start_of_the_ais_move(standard_ru: PlayText) -> None:
    ir = compiled_ir("solo-v2")
    text = PlayText("solo-v2", "ru", ir)
    explainer = PlayerExplainer(text.loc, ir, "solo-v2")
    said = explainer.t("ai-explain-state", "", state="Первичный регион: Европа")
    assert said == "на момент этого решения ИИ: Первичный регион: Европа"


def test_the_games_own_russian_is_spelt_with_e() -> None:
    words = (ROOT / "cli" / "locales" / "ru" / "play.ftl").read_text(encoding="utf-8")
    assert "ё" not in words and "Ё" not in words
