"""The play screen's wording, as a wording audit found it wanting, in English and Russian: a die roll says
whether it needs that number or more, a pick of at most one reads like one, Muslim Revolution's question
reads right for one country and for two, the DEFCON refusal says «при нынешнем DEFCON», and how the game
ended names the side that reached the end of the VP track (or controls Europe, or caused the war)."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.cli.session.log import Narrator
from twilight.cli.session.question import how_many, prompt_text
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

from tests.helpers import compiled_ir


@pytest.fixture(scope="module")
def standard_ir() -> dict[str, Any]:
    return compiled_ir("standard")


@pytest.fixture(scope="module", params=["en", "ru"])
def text(request: pytest.FixtureRequest, standard_ir: dict[str, Any]) -> PlayText:
    return PlayText("standard", request.param, standard_ir)


def _roll(**more: Any) -> dict[str, Any]:
    return {
        "kind": "roll",
        "side": "us",
        "die": 4,
        "modifier": 0,
        "total": 4,
        "needed": 4,
        "success": True,
        **more,
    }


def test_a_roll_says_it_needs_that_number_or_more(text: PlayText) -> None:
    line = Narrator(text).line(_roll())
    wanted = {"en": "needing 4 or more: success", "ru": "а нужно не меньше 4: удача"}[text.lang]
    assert line is not None and wanted in line, line
    at_most = Narrator(text).line(_roll(at_most=True))
    wanted = {"en": "needing 4 or less: success", "ru": "а нужно не больше 4: удача"}[text.lang]
    assert at_most is not None and wanted in at_most, at_most


def test_a_roll_during_an_event_says_it_too(text: PlayText) -> None:
    line = Narrator(text).line(_roll(card="quagmire", success=False))
    wanted = {"en": "needing 4 or more: failure", "ru": "а нужно не меньше 4: неудача"}[text.lang]
    assert line is not None and wanted in line, line


def _pick(low: int, high: int) -> Decision:
    return Decision("some_choice", "us", ["a", "b", "c"], min_count=low, max_count=high)


def test_a_pick_of_at_most_one_reads_like_one(text: PlayText) -> None:
    said = how_many(text, _pick(0, 1))
    assert said is not None
    assert {"en": "Pick one", "ru": "Выберите один вариант"}[text.lang] in said, said
    assert "Enter" in said, said
    for many in ("commas", "запятую", "up to 1", "до 1"):
        assert many not in said, said


def test_a_pick_of_up_to_two_still_says_commas(text: PlayText) -> None:
    said = how_many(text, _pick(0, 2))
    wanted = {"en": "Pick up to 2, separated by commas", "ru": "Выберите до 2 через запятую"}[text.lang]
    assert said is not None and wanted in said, said


@pytest.mark.parametrize(
    ("count", "en", "ru"),
    [
        (
            1,
            "Choose the country to remove all US influence from",
            "Выберите страну, где снять всё влияние США",
        ),
        (
            2,
            "Choose 2 different countries to remove all US influence from",
            "Выберите 2 разные страны, где снять всё влияние США",
        ),
    ],
)
def test_muslim_revolution_asks_for_one_country_or_two(text: PlayText, count: int, en: str, ru: str) -> None:
    decision = Decision(
        "muslim_revolution_countries", "ussr", ["iran", "iraq"], min_count=count, max_count=count
    )
    said = prompt_text(text, decision)
    assert said == {"en": en, "ru": ru}[text.lang], said


def test_the_defcon_refusal_speaks_of_the_present_defcon(standard_ir: dict[str, Any]) -> None:
    ru = PlayText("standard", "ru", standard_ir)
    said = ru.t("refusal-defcon_restricted", **ru.country_args("france"))
    assert said.startswith("При нынешнем DEFCON нельзя"), said
    assert "При этом DEFCON" not in said, said


@pytest.mark.parametrize(
    ("ruleset", "reason", "winner", "en", "ru"),
    [
        (
            "standard",
            "vp_20",
            "ussr",
            "USSR reached the end of the VP track",
            "перевес СССР дошел до края шкалы",
        ),
        ("standard", "vp_20", "us", "US reached the end of the VP track", "перевес США дошел до края шкалы"),
        ("standard", "europe_control", "us", "US controls Europe", "контроль над Европой у США"),
        ("standard", "defcon_1", "us", "USSR caused it and loses", "сторона, которая ее развязала: СССР"),
        # (the loser named after its verb: "США" takes a plural one, "СССР" a singular)
        ("standard", "defcon_1", "ussr", "US caused it and loses", "сторона, которая ее развязала: США"),
        ("solo-v2", "scoring_round_europe", "ussr", "USSR controls Europe", "контроль над Европой у СССР"),
    ],
)
def test_how_the_game_ended_names_the_side(ruleset: str, reason: str, winner: str, en: str, ru: str) -> None:
    ir = compiled_ir(ruleset)
    for lang, wanted in (("en", en), ("ru", ru)):
        text = PlayText(ruleset, lang, ir)
        said = Narrator(text).reason(reason, winner)
        assert wanted in said, said
        assert "a side" not in said and "одна из сторон" not in said, said
        # The log's line of the victory names the side too.
        line = Narrator(text).line({"kind": "victory", "winner": winner, "reason": reason})
        assert line is not None and wanted in line, line
        assert not text.loc.errors, text.loc.errors


def test_an_end_without_a_winner_still_reads(standard_ir: dict[str, Any]) -> None:
    for lang, wanted in (("en", "a side reached the end"), ("ru", "одна из сторон дошла до края")):
        text = PlayText("standard", lang, standard_ir)
        assert wanted in Narrator(text).reason("vp_20"), lang
        assert Narrator(text).reason("final_scoring", "draw")
        assert not text.loc.errors, text.loc.errors
