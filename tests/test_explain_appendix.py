"""`twilight explain card N --ruleset solo-v2`: the card's solo appendix entry, in words."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers import compiled_ir, run_cli
from twilight.cli.explain.cmd import card_view, render_text
from twilight.cli.localizer import LANGUAGES, Localizer

SOLO = "solo-v2"
# The entries written when this command was built; other entries are added over time.
FIRST_ENTRIES = {
    "blockade",
    "warsaw_pact_formed",
    "nato",
    "marshall_plan",
    "cia_created",
    "un_intervention",
    "cuban_missile_crisis",
}
SOURCE_40 = "000 · Приложение «Карточки» · 40"


@pytest.fixture(scope="module")
def ir() -> dict[str, Any]:
    return compiled_ir(SOLO)


def explain(*args: str) -> str:
    code, out = run_cli(["explain", "card", *args, "--ruleset", SOLO])
    assert code == 0, out
    return out


def section(out: str, title: str) -> str:
    """The appendix section of a text explanation: from its title line to the end."""
    assert title in out, out
    return out[out.index(title) :]


def test_card_40_in_english() -> None:
    text = section(explain("40"), "AI (card appendix):")
    lines = text.splitlines()
    assert lines[1].startswith(f"  source: {SOURCE_40} (solo-v2/appendix/040_cuban_missile_crisis.tsr:")
    assert lines[2].startswith(
        "  the AI plays the event in the headline, if the influence of the human player in"
    )
    assert "West Germany > 0 or" in lines[2] and "Turkey > 0" in lines[2]
    assert lines[3] == "    then it plays instead:"
    assert lines[4] == "      set DEFCON to 2"
    assert lines[5].startswith("      choose a country c from [West Germany, Turkey]")
    assert "  the AI plays the event in a scoring round in Europe, if VP the AI would score" in text
    assert "  when you play it as an event, instead of the printed event:\n    set DEFCON to 2" in text
    assert "the human player wins the game (Cuban Missile Crisis)" in text
    # no entry of 40 says what its event does against you, nor that the AI never plays it
    assert "when its event hits you" not in text and "never plays" not in text


def test_card_40_in_russian() -> None:
    text = section(explain("40", "--lang", "ru"), "ИИ (Приложение «Карточки»):")
    assert f"источник: {SOURCE_40}" in text
    assert (
        "ИИ разыгрывает событие: Фаза Заголовка, если влияние игрока-человека в стране Западная Германия"
        in text
    )
    assert "ИИ разыгрывает событие: Раунд с подсчетом очков в регионе Европа, если" in text
    assert "и тогда вместо напечатанного события:\n      установить DEFCON на 2" in text
    assert "когда вы разыгрываете ее как событие" in text and "выход: влияние ИИ −2" in text
    assert "игрок-человек побеждает (Карибский кризис)" in text
    for english in ("the AI plays", "headline", "then it plays", "when you play", "source:"):
        assert english not in text, english


def test_card_23_conditions_without_a_block() -> None:
    text = section(explain("23"), "AI (card appendix):")
    assert (
        "  the AI plays the event in the headline, if influence the AI would gain with this card ≥ 6 or "
        "countries the AI would newly control with this card ≥ 2\n" in text
    )
    assert "  the AI plays the event in a scoring round in Europe, if countries the AI would newly" in text
    assert "instead" not in text and "000 · Приложение «Карточки» · 23" in text
    ru = section(explain("23", "--lang", "ru"), "ИИ (Приложение «Карточки»):")
    assert "Фаза Заголовка, если влияние, которое ИИ получит от события этой карты ≥ 6 или" in ru
    assert "Раунд с подсчетом очков в регионе Европа, если страны, которые ИИ возьмет под контроль" in ru


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_40_json(lang: str) -> None:
    view = json.loads(explain("40", "--lang", lang, "--json"))
    entry = view["appendix"]
    assert entry["number"] == 40 and entry["ops_only"] is False
    headline, scoring = entry["events"]
    assert headline["moments"][0]["moment"] == "headline" and headline["moments"][0]["region"] is None
    assert scoring["moments"][0] == {
        "moment": "scoring_round",
        "region": "europe",
        "text": "a scoring round in Europe" if lang == "en" else "Раунд с подсчетом очков в регионе Европа",
    }
    assert ("Turkey > 0" if lang == "en" else "Турция > 0") in headline["condition"]
    assert headline["resolve"][0] == ("set DEFCON to 2" if lang == "en" else "установить DEFCON на 2")
    assert headline["condition"] in headline["text"]
    assert entry["reaction"][0] == headline["resolve"][0] and entry["against_human"] is None
    assert entry["source"]["sources"] == [SOURCE_40] and entry["source"]["provisional"] == []
    assert entry["source"]["src"].startswith("solo-v2/appendix/040_cuban_missile_crisis.tsr:")
    # the text lines are there too, as the text output shows them
    assert view["appendix_text"][0] == (
        "AI (card appendix):" if lang == "en" else "ИИ (Приложение «Карточки»):"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_23_json(lang: str) -> None:
    entry = json.loads(explain("23", "--lang", lang, "--json"))["appendix"]
    assert [[m["moment"] for m in e["moments"]] for e in entry["events"]] == [["headline"], ["scoring_round"]]
    assert [e["resolve"] for e in entry["events"]] == [None, None]
    assert entry["events"][0]["condition"].count("≥") == 2 and entry["events"][1]["condition"].count("≥") == 1
    assert entry["reaction"] is None and entry["against_human"] is None
    assert entry["source"]["sources"] == ["000 · Приложение «Карточки» · 23"]


def test_ops_only_and_against_human() -> None:
    nato = section(explain("21"), "AI (card appendix):")
    assert "the AI never plays the event: it uses the card only for its operations" in nato
    assert "the AI plays the event in" not in nato
    blockade = section(explain("10"), "AI (card appendix):")
    assert "  the AI plays the event in the headline or a round that does not score\n" in blockade
    assert "  when its event hits you, instead of the printed event:\n" in blockade
    assert "remove all influence of the human player from West Germany" in blockade
    ru = section(explain("21", "--lang", "ru"), "ИИ (Приложение «Карточки»):")
    assert "ИИ никогда не разыгрывает событие: карта идет у него только на ОО" in ru
    un = section(explain("32"), "AI (card appendix):")
    assert "  the AI plays the event in any action round\n    then it plays instead:" in un


def test_a_card_without_an_entry(ir: dict[str, Any]) -> None:
    # An entry taken away (the real ones are being written): the card is played for operations only.
    trimmed = copy.deepcopy(ir)
    del trimmed["appendix"]["marshall_plan"]
    for lang, words in (
        ("en", "not in the card appendix: in its action rounds the AI plays it only for operations;"),
        ("ru", "в Приложении «Карточки» ее нет: в своих раундах действий ИИ использует ее только ради ОО"),
    ):
        loc = Localizer.for_ruleset(SOLO, lang)
        view = card_view(loc, trimmed, "marshall_plan")
        assert view["appendix"] is None
        assert view["appendix_text"][1].strip().startswith(words)
        assert render_text(loc, view)[-1] == view["appendix_text"][-1]
    # Scoring cards and The China Card never get one, and say why.
    asia = section(explain("1"), "AI (card appendix):")
    assert "a scoring card" in asia and "scoring deck" in asia
    china = section(explain("6"), "AI (card appendix):")
    assert "the card has no event" in china
    assert json.loads(explain("1", "--json"))["appendix"] is None


def test_provisional_marks_are_shown(ir: dict[str, Any]) -> None:
    marked = copy.deepcopy(ir)
    entry = marked["appendix"]["marshall_plan"]
    entry["provenance"] = {"sources": [], "provisional": ["P5: a reading of our own"]}
    entry["events"][1]["provenance"] = {"sources": ["001 · x"], "provisional": ["P3.1: y"]}
    loc = Localizer.for_ruleset(SOLO, "en")
    view = card_view(loc, marked, "marshall_plan")
    assert view["appendix"]["source"]["provisional"] == ["P5: a reading of our own"]
    assert view["appendix"]["source"]["codes"] == ["P5"]
    assert view["appendix_text"][1] == f"  provisional: P5 ({entry['src']})"
    assert view["appendix_text"][3].endswith("≥ 2 [source: 001 · x · provisional: P3.1]")
    ru = Localizer.for_ruleset(SOLO, "ru")
    assert card_view(ru, marked, "marshall_plan")["appendix_text"][1].startswith("  предварительно: P5")
    entry["provenance"] = {"sources": []}
    assert card_view(loc, marked, "marshall_plan")["appendix_text"][1].startswith(
        "  neither a source nor a provisional mark"
    )


def test_all_json_has_an_appendix_key_for_every_card(ir: dict[str, Any]) -> None:
    views = json.loads(explain("all", "--json"))
    assert len(views) == len(ir["cards"]) == 110
    assert all("appendix" in v for v in views)
    with_entry = {v["id"] for v in views if v["appendix"] is not None}
    assert with_entry == set(ir["appendix"]) >= FIRST_ENTRIES
    for view in views:
        if view["appendix"] is not None:
            assert view["appendix"]["number"] == view["number"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_the_solo_ruleset_renders(ir: dict[str, Any], lang: str) -> None:
    loc = Localizer.for_ruleset(SOLO, lang)
    for card_id in ir["cards"]:
        lines = card_view(loc, ir, card_id)["appendix_text"]
        text = "\n".join(lines)
        assert len(lines) >= 2 and all(line.strip() for line in lines), card_id
        assert "{" not in text and "}" not in text and "$" not in text, f"{card_id}:\n{text}"
    assert loc.errors == []


def test_the_standard_game_has_no_appendix_section() -> None:
    code, out = run_cli(["explain", "card", "40"])
    assert code == 0, out
    # (the card's own lines end the page: the crisis's way out, taken at the opponent's round)
    assert "appendix" not in out.lower() and out.rstrip().endswith(
        "end Cuban Missile Crisis by its way out (the opponent of the effect's owner, the countries the way "
        "out of Cuban Missile Crisis takes 2 influence from, for (the opponent of the effect's owner))"
    )
    code, out = run_cli(["explain", "card", "40", "--json"])
    assert code == 0, out
    view = json.loads(out)
    assert "appendix" not in view and "appendix_text" not in view


def test_every_card_with_an_event_has_a_marked_entry(ir: dict[str, Any]) -> None:
    """The issue's acceptance: every card but the scoring cards and The China Card has an appendix entry,
    each with a source or a provisional mark (P5 for the cards the seeds do not cover)."""
    views = json.loads(explain("all", "--json"))
    wanted = [v for v in views if not v["scoring"] and v["id"] != "the_china_card"]
    assert len(wanted) == 110 - 7 - 1
    lacking = [v["number"] for v in wanted if v["appendix"] is None]
    assert lacking == []
    unmarked = [
        v["number"]
        for v in wanted
        if not (v["appendix"]["source"]["sources"] or v["appendix"]["source"]["provisional"])
    ]
    assert unmarked == []


# The order of an entry's candidates is the point of 26: every sort key shows, with its direction.
ORDERS = {
    "26": {
        "en": [
            "the event side of c = US, ordered by ops of c (highest first))",
            "the event side of c ≠ US, ordered by ops of c (lowest first))",
        ],
        "ru": [
            "сторона события карты c = США, по порядку: ОО карты c по убыванию)",
            "сторона события карты c ≠ США, по порядку: ОО карты c по возрастанию)",
        ],
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", sorted(ORDERS))
def test_the_order_of_candidates_shows(number: str, lang: str) -> None:
    title = "AI (card appendix):" if lang == "en" else "ИИ (Приложение «Карточки»):"
    text = section(explain(number, "--lang", lang), title)
    for wanted in ORDERS[number][lang]:
        assert wanted in text, (wanted, text)


# The AI's choices of 30 and 33 are priority lists (traced, so that `why` tells them): the entry names each
# list where it picks, by the words the AI's explanations give it.
CHOOSING_LISTS = {
    "30": {
        "en": [
            "let the next pick be the choice of the priority list where the AI puts a point of Decolonization"
        ],
        "ru": [
            "пусть следующий выбор = выбор по списку приоритетов «куда ИИ ставит очко Деколонизации» (ИИ,"
        ],
    },
    "33": {
        "en": [
            "let the first Key country be the choice of the priority list which listed Key country the AI"
            " takes first with De-Stalinization (the AI,",
            "let the source country be the choice of the priority list where the AI takes a point of"
            " De-Stalinization from (the AI)",
        ],
        "ru": [
            "пусть первая Ключевая страна = выбор по списку приоритетов «какую Ключевую страну из списка ИИ"
            " берёт первой при Десталинизации» (ИИ,",
            "пусть страна-источник = выбор по списку приоритетов «откуда ИИ снимает очко для"
            " Десталинизации» (ИИ)",
        ],
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("number", sorted(CHOOSING_LISTS))
def test_the_lists_that_choose_are_named(number: str, lang: str) -> None:
    title = "AI (card appendix):" if lang == "en" else "ИИ (Приложение «Карточки»):"
    text = section(explain(number, "--lang", lang), title)
    for wanted in CHOOSING_LISTS[number][lang]:
        assert wanted in text, (wanted, text)
