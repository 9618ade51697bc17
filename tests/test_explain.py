"""`twilight explain card`: every card of standard in English and Russian, from the compiled IR."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from twilight.cli.explain.cmd import card_view, render_text
from twilight.cli.localizer import LANGUAGES, Localizer
from twilight.cli.outline import Outliner, outline_event
from twilight.compiler import api


@pytest.fixture(scope="module")
def ir() -> dict[str, Any]:
    result = api.compile_target("standard")
    assert result.ir is not None and result.ok
    return result.ir


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_renders(ir: dict[str, Any], lang: str) -> None:
    loc = Localizer.for_ruleset("standard", lang)
    for card_id in ir["cards"]:
        view = card_view(loc, ir, card_id)
        lines = render_text(loc, view)
        text = "\n".join(lines)
        assert view["name"] and view["summary"], card_id
        assert "{" not in text and "}" not in text and "$" not in text, f"{card_id}:\n{text}"
        assert "unrecognised" not in text and "неизвестный узел" not in text, f"{card_id}:\n{text}"
        assert view["outline"] and all(line.strip() for line in view["outline"]), card_id
    assert loc.errors == []


def test_russian_uses_russian_names(ir: dict[str, Any]) -> None:
    loc = Localizer.for_ruleset("standard", "ru")
    view = card_view(loc, ir, "blockade")
    assert view["name"] == "Блокада Западного Берлина"
    text = "\n".join(view["outline"])
    assert "Западная Германия" in text and "West Germany" not in text
    # The standard ruleset names The China Card as the official rules do (solo-v2: «Карточка Китая»).
    assert "Карта Китая" in text and "Карточка" not in text


def test_outline_follows_the_ir(ir: dict[str, Any]) -> None:
    loc = Localizer.for_ruleset("standard", "en")
    lines = outline_event(loc, ir, ir["cards"]["blockade"])
    assert lines[0].startswith("choose a card c from the hand of US where ops of c for US ≥ 3")
    assert "(US decides, optional)" in lines[0]
    assert lines[1] == "  US discards c"
    assert lines[2] == "if nothing is chosen:"
    assert lines[3] == "  remove all influence of US from West Germany"
    nato = outline_event(loc, ir, ir["cards"]["nato"])
    assert nato[0] == "lasting effect “NATO”, until cancelled:"
    assert nato[1].startswith("  forbidden: coups, realignment rolls, if the acting side = USSR")


def test_prerequisites_are_shown() -> None:
    code, out = run_cli(["explain", "card", "21"])
    assert code == 0, out
    assert "Requires one of: Marshall Plan, Warsaw Pact Formed" in out
    code, out = run_cli(["explain", "card", "nato", "--lang", "ru"])
    assert code == 0, out
    assert "Требует одну из карт: План Маршалла, Варшавский договор" in out
    code, out = run_cli(["explain", "card", "23"])
    assert "Enables: NATO" in out


def test_json_is_one_object_or_a_list() -> None:
    code, out = run_cli(["explain", "card", "40", "--lang", "ru", "--json"])
    assert code == 0, out
    view = json.loads(out)
    assert view["number"] == 40 and view["name"] == "Карибский кризис" and view["ops"] == 3
    assert isinstance(view["outline"], list) and view["outline"]
    assert view["source"]["sources"] and view["requires_any"] == []
    code, out = run_cli(["explain", "card", "all", "--json"])
    assert code == 0, out
    views = json.loads(out)
    assert [v["number"] for v in views] == list(range(1, 111))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explain", "card", "999"], "error: no card 999 in ruleset standard"),
        (["explain", "card", "0"], "error: no card 0 in ruleset standard"),
        (["explain", "card", "not_a_card", "--lang", "ru"], "ошибка: в наборе правил standard нет карты"),
        (["explain", "card", "10", "--lang", "xx"], "error: unknown language xx"),
        (["explain", "card", "10", "--ruleset", "no_such_ruleset"], "error: unknown ruleset no_such_ruleset"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(args: list[str], message: str) -> None:
    code, out = run_cli(args)
    assert code == 1
    assert message in out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_text_output_in_russian() -> None:
    code, out = run_cli(["explain", "card", "40", "--lang", "ru"])
    assert code == 0, out
    assert out.startswith("#40 Карибский кризис (cuban_missile_crisis)")
    assert "Событие:" in out and "установить DEFCON на 2" in out


def test_a_card_without_event_says_so(ir: dict[str, Any]) -> None:
    loc = Localizer.for_ruleset("standard", "en")
    card = copy.deepcopy(ir["cards"]["blockade"])
    card["event"], card["no_event"] = None, True
    assert outline_event(loc, ir, card) == ["This card has no event."]
    card["no_event"] = False
    assert outline_event(loc, ir, card) == ["No event is written for this card yet."]


def test_unknown_nodes_still_render(ir: dict[str, Any]) -> None:
    loc = Localizer.for_ruleset("standard", "ru")
    body = [
        {"teleport": "x", "to": {"ref": "country", "id": "cuba"}, "body": [{"stop": True}]},
        {"do": {"no_such_effect": [1, {"ref": "side", "id": "us"}]}},
        {"let": "v", "value": {"mystery": 3}},
        {"if": {"call": {"no_such_query": []}}, "then": [], "else": []},
        "just a string",
        {"choose": "c"},
    ]
    lines = Outliner(loc, ir).body(body)
    text = "\n".join(lines)
    assert "teleport" in text and "Куба" in text and "остановиться" in text
    assert "no such effect (1, США)" in text
    assert "mystery" in text and "no such query" in text
    assert "{" not in text and "$" not in text


def test_localizer_falls_back_to_english(tmp_path: Path) -> None:
    files = {"en": "card-x = Ex\n    .summary = Sum\nonly-en = English\n", "ru": "card-x = Икс\n"}
    for lang, text in files.items():
        (tmp_path / "locales" / lang).mkdir(parents=True)
        (tmp_path / "locales" / lang / "cards.ftl").write_text(text, encoding="utf-8")
    loc = Localizer.for_folders([tmp_path], "ru")
    assert loc.card("x") == "Икс"
    assert loc.get("card-x", "summary") == "Sum"
    assert loc.get("only-en") == "English"
    assert loc.get("nothing-here") is None
    assert loc.country("west_germany") == "West germany"
