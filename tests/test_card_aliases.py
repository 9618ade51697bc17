"""A card's other names (`.also` of its name message, cli/localizer.py): the Russian names before they
followed the seeds (docs/translating.md, "Russian card names"), and some of the English edition's, are
typed at the game's card questions, by `card NAME` and by `twilight explain card NAME`; they are never
shown; `twilight i18n check` neither asks another language for them nor lets two cards share one."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.i18n.check import check_ruleset
from twilight.cli.i18n.sources import parse_messages
from twilight.cli.main import cli
from twilight.cli.play.card_text import NoCard, find_card
from twilight.cli.play.input import Matcher, Problem
from twilight.cli.ruleset_target import compile_ruleset
from twilight.cli.session.text import PlayText

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def ir(ruleset: str = "solo-v2") -> dict[str, Any]:
    result = compile_ruleset(ruleset)
    assert result.ir is not None
    return result.ir


@functools.cache
def text(lang: str, ruleset: str = "solo-v2") -> PlayText:
    return PlayText(ruleset, lang, ir(ruleset))


# (typed, the card): old Russian names in any case, the seed 000's variants, and English alternatives.
TYPED = [
    ("Трясина", "quagmire"),
    ("трясина", "quagmire"),
    ("ТРЯСИНА", "quagmire"),
    ("СЭВ", "comecon"),
    ("Малая война", "brush_war"),
    ("Локальная война", "brush_war"),
    ("Красная угроза / Чистка", "red_scare_purge"),
    ("Захваченный нацистский ученый", "captured_nazi_scientist"),
    ("Медвежья ловушка", "bear_trap"),
    ("Кэмп-Дэвидские соглашения", "camp_david_accords"),
    ("U-2 Incident", "u2_incident"),
    ("Nuclear Submarines", "nuclear_subs"),
]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("typed", "card"), TYPED)
def test_a_card_question_takes_an_other_name(typed: str, card: str, lang: str) -> None:
    """Every card of the rules as a question's options (the terminal's Matcher, as session.py builds it)."""
    t = text(lang)
    assert Matcher(list(t.cards), t.names_of).one(typed) == card


@pytest.mark.parametrize(("typed", "card"), TYPED)
def test_the_card_command_takes_an_other_name(typed: str, card: str) -> None:
    assert find_card(text("ru"), typed) == card


def test_a_beginning_of_an_other_name_is_enough_when_only_one_card_has_it() -> None:
    assert find_card(text("en"), "трясин") == "quagmire"
    assert Matcher(list(text("en").cards), text("en").names_of).one("трясин") == "quagmire"


def test_other_names_are_never_shown() -> None:
    t = text("ru")
    assert t.card("quagmire") == "Затруднительное положение"
    assert t.option("quagmire") == "Затруднительное положение"
    assert "Трясина" in t.names_of("quagmire")
    # (Tab's completions are offered, so they are shown: not the other names)
    assert "Трясина" not in t.names_of("quagmire", aliases=False)
    assert "Затруднительное положение" in t.names_of("quagmire", aliases=False)


@pytest.mark.parametrize("typed", ["Трясина", "трясина", "Quagmire", "Затруднительное положение"])
def test_explain_card_finds_a_card_by_any_name(typed: str) -> None:
    result = CliRunner().invoke(cli, ["explain", "card", typed, "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("#42 Затруднительное положение (quagmire)")


def test_explain_card_by_number_and_id_as_before() -> None:
    for typed in ("42", "#42", "quagmire"):
        result = CliRunner().invoke(cli, ["explain", "card", typed])
        assert result.exit_code == 0 and result.output.startswith("#42 Quagmire (quagmire)"), result.output


def test_explain_card_names_the_cards_a_name_could_be() -> None:
    result = CliRunner().invoke(cli, ["explain", "card", "война", "--lang", "ru"])
    assert result.exit_code == 1
    assert "«война» подходит к нескольким картам: Корейская война (#11)" in result.output
    assert "Мелкая война (#36)" in result.output and "Трясина" not in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["explain", "card", "xyzzy"])
    assert result.exit_code == 1 and "no card xyzzy in ruleset standard" in result.output


def test_the_old_russian_names_are_aliases() -> None:
    """Each "before" name of docs/translating.md's table is an other name of its card."""
    doc = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Russian card names") :].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if re.match(r"\| \d+ \|", line)]
    t = text("ru")
    english = {t.all_langs["en"].card(c): c for c in t.cards}
    olds = [(english[row[1].strip()], row[5].strip()) for row in rows if row[5].strip() != "="]
    assert len(olds) == 21
    for card, old in olds:
        assert old in t.loc.card_aliases(card), (card, old)


# ---------------------------------------------------------------------- i18n check
def variant(tmp_path: Path, ru: str, en: str = "") -> Path:
    """A ruleset extending standard, with Russian (and English) card messages of its own."""
    folder = tmp_path / "aliased"
    for lang in ("en", "ru"):
        (folder / "locales" / lang).mkdir(parents=True)
    (folder / "ruleset.tsr").write_text(
        'ruleset "aliased" {\n  version "1"\n  extends "standard"\n  description "a test"\n}\n',
        encoding="utf-8",
    )
    (folder / "locales" / "ru" / "cards.ftl").write_text(ru, encoding="utf-8")
    if en:
        (folder / "locales" / "en" / "cards.ftl").write_text(en, encoding="utf-8")
    return folder


# Blockade's Russian message, given Quagmire's old name as an other name too.
SHARED = (
    "card-blockade = Блокада Западного Берлина\n"
    "    .also = Блокада; Трясина\n"
    "    .summary = США сбрасывают карту от 3 ОО или теряют все влияние в Западной Германии.\n"
)


def problems(folder: Path) -> list[dict[str, Any]]:
    result = compile_ruleset(str(folder))
    assert result.ir is not None and result.ok
    return check_ruleset(str(folder), result.ir).problems


def test_the_check_refuses_an_other_name_two_cards_share(tmp_path: Path) -> None:
    found = [p for p in problems(variant(tmp_path, SHARED)) if p["kind"] == "ambiguous"]
    assert len(found) == 2, found  # (Quagmire's `.also` and Blockade's both say «Трясина»)
    blockade = next(p for p in found if p["id"] == "card-blockade.also")
    assert blockade["lang"] == "ru"
    assert "'Трясина' also names card-quagmire" in blockade["detail"]
    assert blockade["where"].endswith("cards.ftl:1")


def test_the_check_refuses_an_other_name_that_is_another_cards_name(tmp_path: Path) -> None:
    ru = SHARED.replace("Блокада; Трясина", "Quagmire")
    found = [p for p in problems(variant(tmp_path, ru)) if p["kind"] == "ambiguous"]
    assert [p["id"] for p in found] == ["card-blockade.also"]
    assert "card-quagmire (Quagmire)" in found[0]["detail"]


def test_the_command_fails_and_counts_the_ambiguous(tmp_path: Path) -> None:
    folder = variant(tmp_path, SHARED)
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder)])
    assert result.exit_code == 1, result.output
    assert "[ru] ambiguous: card-blockade.also: the other name 'Трясина' also names" in result.output
    assert "0 plural, 2 ambiguous; warnings" in result.output


def test_the_prompt_calls_a_shared_other_name_ambiguous(tmp_path: Path) -> None:
    folder = variant(tmp_path, SHARED)
    result = compile_ruleset(str(folder))
    assert result.ir is not None
    t = PlayText(str(folder), "ru", result.ir)
    found = find_card(t, "трясина")
    assert isinstance(found, NoCard) and found.code == "ambiguous"
    assert set(found.matches) == {"blockade", "quagmire"}
    got = Matcher(list(t.cards), t.names_of).one("Трясина")
    assert isinstance(got, Problem) and got.code == "ambiguous"
    assert find_card(t, "Блокада") == "blockade"  # (its other name no card shares)


def test_an_other_name_is_each_languages_own(tmp_path: Path) -> None:
    """English with an `.also` Russian lacks (Blockade), or Russian with one English lacks (Quagmire, in
    standard's own words): no mismatch."""
    ru = SHARED.replace("    .also = Блокада; Трясина\n", "")
    en = (
        "card-blockade = Blockade\n"
        "    .also = Berlin Blockade\n"
        "    .summary = The US discards a card of 3 ops or more, or loses its influence in West Germany.\n"
    )
    found = [p for p in problems(variant(tmp_path, ru, en)) if p["id"].startswith("card-")]
    assert found == [], found


def test_an_english_other_name_leaves_a_translation_current(tmp_path: Path) -> None:
    """`twilight i18n status` hashes the English a translation was made from: not its `.also`."""
    plain, aliased = tmp_path / "a.ftl", tmp_path / "b.ftl"
    plain.write_text("card-x = X\n    .summary = Does x.\n", encoding="utf-8")
    aliased.write_text("card-x = X\n    .also = Ex; Xx\n    .summary = Does x.\n", encoding="utf-8")
    (a,), (b,) = parse_messages(plain), parse_messages(aliased)
    assert a.source_hash == b.source_hash
