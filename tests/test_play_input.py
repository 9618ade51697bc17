"""Reading a player's answer: numbers, names in either language, beginnings of names, lists, commands;
and every wrong input is a Problem, never an answer."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import compiled_ir
from hypothesis import given, settings
from hypothesis import strategies as st
from twilight.cli.play.input import Matcher, Problem, command_of, normalize, parse_answer, split_picks
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision


@pytest.fixture(scope="module")
def text() -> PlayText:
    return PlayText("solo-v2", "en", compiled_ir("solo-v2"))


COUNTRIES = ["poland", "east_germany", "west_germany", "cuba", "philippines"]


def matcher(text: PlayText, options: list[Any]) -> Matcher:
    return Matcher(options, text.names_of)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("1", "poland"),
        ("5", "philippines"),
        ("poland", "poland"),
        ("Poland", "poland"),
        ("POLAND", "poland"),
        ("Польша", "poland"),
        ("польша", "poland"),
        ("пол", "poland"),
        ("east_germany", "east_germany"),
        ("east germany", "east_germany"),
        ("East-Germany", "east_germany"),
        ("Восточная Германия", "east_germany"),
        ("вост", "east_germany"),
        ("cu", "cuba"),
        ("Куба", "cuba"),
        ("phil", "philippines"),
        ("Филиппины", "philippines"),
        ("  poland  ", "poland"),
    ],
)
def test_a_name_number_or_beginning_picks_the_option(text: PlayText, typed: str, expected: str) -> None:
    assert matcher(text, COUNTRIES).one(typed) == expected


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("0", "number"),
        ("7", "number"),
        ("-1", "number"),
        ("+2", "number"),
        ("1.", "unknown"),
        ("2 2", "unknown"),
        ("germany", "ambiguous"),  # East and West Germany
        ("w", "ambiguous"),  # West Germany, West African States
        ("zzz", "unknown"),
        ("!!!", "unknown"),
        ("italy", "unknown"),
    ],
)
def test_wrong_input_is_a_problem(text: PlayText, typed: str, code: str) -> None:
    options = [*COUNTRIES, "west_african_states"]
    got = matcher(text, options).one(typed)
    assert isinstance(got, Problem), got
    assert got.code == code


def test_an_ambiguous_beginning_names_the_candidates(text: PlayText) -> None:
    got = matcher(text, ["west_germany", "west_african_states", "poland"]).one("west")
    assert isinstance(got, Problem) and got.code == "ambiguous"
    assert got.args["matches"] == ["west_germany", "west_african_states"]


def test_cards_by_name_and_by_printed_number(text: PlayText) -> None:
    options = ["nato", "blockade", "the_china_card"]
    m = matcher(text, options)
    assert m.one("#21") == "nato"
    assert m.one("НАТО") == "nato"
    assert m.one("блок") == "blockade"
    assert m.one("china") == "the_china_card"
    assert m.one("3") == "the_china_card"  # a bare number is the list's number, not the card's


def test_words_and_regions(text: PlayText) -> None:
    m = matcher(text, ["influence", "coup", "realign", "space"])
    assert m.one("coup") == "coup"
    assert m.one(text.option("realign")) == "realign"
    regions = matcher(text, ["all_in_europe", "no"])
    assert regions.one("Europe") == "all_in_europe"
    assert regions.one("Европа") == "all_in_europe"
    # the whole label, as the list shows it, in either language
    assert regions.one(text.option("all_in_europe")) == "all_in_europe"
    assert regions.one("Все операции в Европе") == "all_in_europe"


def many(options: list[Any], low: int, high: int, distinct: bool = True) -> Decision:
    return Decision("test", "us", options, low, high, distinct)


def test_several_picks(text: PlayText) -> None:
    d = many(COUNTRIES, 1, 3)
    m = matcher(text, COUNTRIES)
    assert parse_answer("1, 3", d, m) == ["poland", "west_germany"]
    assert parse_answer("1 3 4", d, m) == ["poland", "west_germany", "cuba"]
    assert parse_answer("Польша; Куба", d, m) == ["poland", "cuba"]
    assert parse_answer("east germany, poland", d, m) == ["east_germany", "poland"]
    too_many = parse_answer("1,2,3,4", d, m)
    assert isinstance(too_many, Problem) and too_many.code == "count"
    repeat = parse_answer("1, 1", d, m)
    assert isinstance(repeat, Problem) and repeat.code == "repeat"
    none = parse_answer("", many(COUNTRIES, 0, 2), m)
    assert none == []
    too_few = parse_answer("", d, m)
    assert isinstance(too_few, Problem) and too_few.code == "count"


def test_repeats_allowed_when_the_choice_allows_them(text: PlayText) -> None:
    d = many(COUNTRIES, 2, 2, distinct=False)
    assert parse_answer("1, 1", d, matcher(text, COUNTRIES)) == ["poland", "poland"]


def test_numbers_that_are_the_options_name_their_value(text: PlayText) -> None:
    m = matcher(text, [2, 3, 4, 5])  # How I Learned to Stop Worrying: a DEFCON level
    assert m.one("2") == 2
    assert m.one("5") == 5
    assert isinstance(m.one("1"), Problem)


def test_split_picks() -> None:
    assert split_picks("1 2 3") == ["1", "2", "3"]
    assert split_picks("East Germany, Poland") == ["East Germany", "Poland"]
    assert split_picks("1, East Germany") == ["1", "East Germany"]


def test_commands_in_both_languages() -> None:
    words = {"why": "why", "почему": "why", "log": "log", "журнал": "log", "quit": "quit", "q": "quit"}
    assert command_of("?", words) == ("help", "")
    assert command_of("log all", words) == ("log", "all")
    assert command_of("  Журнал  все", words) == ("log", "все")
    assert command_of("Q", words) == ("quit", "")
    assert command_of("poland", words) is None


def test_normalize() -> None:
    assert normalize("  Ёлка_East-Germany  ") == "елка east germany"
    assert normalize("Кот-д’Ивуар") == "кот д ивуар"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_an_answer_or_a_problem_never_an_error(text_typed: str) -> None:
    ir = compiled_ir("solo-v2")
    loc = _TEXT.get("t") or _TEXT.setdefault("t", PlayText("solo-v2", "ru", ir))
    options = [*COUNTRIES, "nato", "coup", "all_in_asia"]
    m = Matcher(options, loc.names_of)
    for decision in (many(options, 1, 1), many(options, 0, 3), many(options, 2, 2, distinct=False)):
        got = parse_answer(text_typed, decision, m)
        if not isinstance(got, Problem):
            assert decision.check(got) is None


_TEXT: dict[str, PlayText] = {}


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("Polnad", "poland"), ("Cubba", "cuba"), ("Польща", "poland"), ("Филипины", "philippines")],
)
def test_a_misspelt_name_suggests_the_closest_option(text: PlayText, typed: str, expected: str) -> None:
    got = matcher(text, COUNTRIES).one(typed)
    assert isinstance(got, Problem) and got.code == "suggest", got
    assert got.args["suggestion"] == expected


def test_a_misspelt_card_suggests_the_card_in_either_language(text: PlayText) -> None:
    m = matcher(text, ["nato", "blockade", "containment"])
    for typed in ("Blokade", "Сдерживанье", "Containmnet"):
        got = m.one(typed)
        assert isinstance(got, Problem) and got.code == "suggest", (typed, got)
    assert m.one("Blokade").args["suggestion"] == "blockade"
    assert m.one("Сдерживанье").args["suggestion"] == "containment"
