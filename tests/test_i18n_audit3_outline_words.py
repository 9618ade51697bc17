"""Every card's outline in Russian is Russian: no English word a rule file writes as a string (`mode ==
"event"`, `may_target("coup", …)`) may reach a Russian reader (cli/outline.py `_say_str`)."""

from __future__ import annotations

import re

import pytest
from twilight.cli.explain.cmd import explain_cards

# What may stay in Latin letters in a Russian outline: a rule's one-letter loop names (`c`, `x`), DEFCON
# (the Russian edition prints it so) and the U-2 of a card's name.
ALLOWED = {"DEFCON", "U-2"}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*")


def latin_words(line: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(line) if len(w) > 1 and w not in ALLOWED]


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_no_english_word_in_a_russian_card_outline(ruleset: str) -> None:
    _, views = explain_cards(ruleset, "all", "ru")
    found = [
        f"#{view['number']}: {word} in {line.strip()}"
        for view in views
        for line in view["outline"]
        for word in latin_words(line)
    ]
    assert not found, "\n".join(found)


def test_a_played_mode_is_worded_in_russian() -> None:
    _, views = explain_cards("standard", "107", "ru")
    text = "\n".join(views[0]["outline"])
    assert "действие «переворот» в стране c" in text


def test_english_keeps_the_rule_string() -> None:
    _, views = explain_cards("standard", "107", "en")
    assert "“coup”" in "\n".join(views[0]["outline"])


def test_how_a_game_ends_is_worded_by_the_end_message() -> None:
    """`win(side, "final_scoring")` in a procedure (`twilight docs`) says the reason as the end of a game
    does (`end-final_scoring`), not the rule's string."""
    from twilight.cli.explain.ruleset import compiled_and_localized, found_ruleset
    from twilight.cli.outline import Outliner

    target, folders = found_ruleset("standard")
    ir, loc = compiled_and_localized(target, folders, "ru")
    said = Outliner(loc, ir).expr({"str": "final_scoring"})
    assert said == "«финальный подсчет очков после 10-го хода»"
    assert Outliner(loc, ir).expr({"str": "coup"}) == "«переворот»"
