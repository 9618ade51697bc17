"""`?` at the standard game's China Card pass question (`china_card_or_pass`) names the rule it comes
from, the official rules' 9.8 (a side left with only The China Card may pass), not "the game's reference
data": the rules cite the section through the project's record of sources (seed 002 holds the official
rules' sections 2.1–7.6 only; 9.8 is cited in S1, the deluxe rule book, shared/reference/SOURCES.md)."""

from __future__ import annotations

import pytest
from helpers import compiled_ir
from twilight.cli.session.homes import decision_homes
from twilight.cli.session.rule_book import rule_book_source, sections_of
from twilight.cli.session.rules_help import provenance_lines, rule_lines
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

SAID = {
    "en": ("Rule: Official rules · 9.8", "reference data"),
    "ru": ("Правило: Официальные правила · 9.8", "справочные данные"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pass_question_cites_the_rule_section(lang: str) -> None:
    ir = compiled_ir("standard")
    t = PlayText("standard", lang, ir)
    decision = Decision("china_card_or_pass", "us", ["play_china_card", "pass_round"], 1, 1, True, {})
    lines = rule_lines(t, decision_homes(ir), decision)
    section, reference = SAID[lang]
    assert section in lines, lines
    assert not any(reference in line for line in lines), lines


def test_only_a_rule_book_s_section_is_said_so() -> None:
    cited = "reference · SOURCES.md · S1 (the deluxe rule book) · 9.8"
    assert rule_book_source(cited) == "002 · 9.8"
    for other in ("reference · cards.yaml", "reference · SOURCES.md · S10 (x) · 2", "002 · 4.5 D"):
        assert rule_book_source(other) == other
    assert sections_of({"sources": ["002 · 4.5 D", cited]}, "en") == ["4.5 D", "9.8"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_reference_data_is_no_rule_beside_a_rule_book_s(lang: str) -> None:
    """`?` at the headline said "Rule: the game's reference data" under the rule book's 4.5 C and 6.4.4:
    the project's tables are no rule a player can look up. Said only when a rule cites nothing else, once."""
    ir = compiled_ir("standard")
    t = PlayText("standard", lang, ir)
    decision = Decision("headline_card", "us", ["korean_war", "duck_and_cover"], 1, 1, True, {})
    lines = rule_lines(t, decision_homes(ir), decision)
    _, reference = SAID[lang]
    assert any(" · 4.5 C" in line for line in lines), lines
    assert not any(reference in line for line in lines), lines
    only = provenance_lines(t, {"sources": ["reference · cards.yaml", "reference · countries.yaml"]})
    assert len(only) == 1 and reference in only[0], only
