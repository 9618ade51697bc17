"""The outlines read naturally: no noun said twice over («в стране целевая страна», «in the country the
target country», «почему выбрал выбранную карту», «chose the chosen card») where the message names a
thing by its kind and the words put in name it by the same kind again, and no doubled quote («««Хунта»:
…»») where a quoted text starts or ends with a quoted name (cli/outline.py quotes such a name with the
language's inner quotes: «„Хунта“: …»). Every card of standard and solo-v2 (its event and its appendix
entry) and every page of `twilight docs`, in English and in Russian."""

from __future__ import annotations

import re
from functools import cache

import pytest
from test_docs_ru_words import pages
from twilight.cli.explain.cmd import explain_cards

RULESETS = ["standard", "solo-v2"]
LANGS = ["en", "ru"]
DOUBLED_QUOTE = re.compile(r"««|»»|““|””|„„")
# What ends a clause: punctuation, a comparison, a conjunction («ОО карты < 4 или карты, …» names two).
CLAUSE = re.compile(r"[,;:()«»“”„‘’\[\]—=<>≠≤≥+]|\b(?:or|and|или|и)\b")
WORD = re.compile(r"[^\W\d_]+")
# The stems of the nouns (and the verb) a message names a thing by, which the words put in may name it by
# again: a country, a region, a card, a choice.
KIND_STEMS = ("countr", "region", "card", "chos", "стран", "регион", "карт", "выбр")


def appendix_lines(view: dict) -> list[str]:
    appendix = view.get("appendix") or {}
    return [
        line
        for value in appendix.values()
        if isinstance(value, list)
        for line in value
        if isinstance(line, str)
    ]


@cache
def texts(ruleset: str, lang: str) -> list[tuple[str, str]]:
    """(where, line) of every card outline and every docs page of the ruleset."""
    _, views = explain_cards(ruleset, "all", lang)
    out = [(f"#{v['number']}", line) for v in views for line in [*v["outline"], *appendix_lines(v)]]
    # (each page's text as read, its code and source references left out: `test_docs_ru_words.pages`)
    out.extend((slug, line) for slug, lines in pages(ruleset, lang).items() for line in lines)
    return out


def repeated_noun(line: str) -> str | None:
    """Two words with one stem, next to each other or one word apart, in one clause (no punctuation
    between them): «стране целевая страна», «chose the chosen»."""
    for clause in CLAUSE.split(line):
        words = [w.lower() for w in WORD.findall(clause)]
        for i, first in enumerate(words):
            stem = next((s for s in KIND_STEMS if first.startswith(s)), None)
            if stem and any(second.startswith(stem) for second in words[i + 1 : i + 3]):
                return f"{first} … {' '.join(words[i + 1 : i + 3])}"
    return None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_noun_is_said_twice_over(ruleset: str, lang: str) -> None:
    found = [
        f"{where}: {pair}: {line.strip()}"
        for where, line in texts(ruleset, lang)
        if (pair := repeated_noun(line))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_quote_is_doubled(ruleset: str, lang: str) -> None:
    found = [f"{where}: {line.strip()}" for where, line in texts(ruleset, lang) if DOUBLED_QUOTE.search(line)]
    assert not found, "\n".join(found)


def test_the_checks_see_what_they_look_for() -> None:
    assert repeated_noun("влияние СССР в стране целевая страна = 0")
    assert repeated_noun("ИИ записывает, почему выбрал выбранную карту")
    assert repeated_noun("the AI notes why it chose the chosen card")
    assert not repeated_noun("влияние СССР в целевой стране = 0")
    assert DOUBLED_QUOTE.search("(«действие»: ««Хунта»: нет влияния»)")
