"""The standard game's question to a side left with only The China Card (`china_card_or_pass`, 9.8), in
Russian: the card's name is declined as the sentence needs it ("Кроме Карты Китая", "Разыграть Карту
Китая"), not left in the nominative inside quotes ("Кроме «Карта Китая»" reads as broken Russian)."""

from __future__ import annotations

from helpers import compiled_ir
from twilight.cli.session.question import prompt_text
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision


def test_the_china_card_is_declined_in_the_pass_question() -> None:
    text = PlayText("standard", "ru", compiled_ir("standard"))
    decision = Decision("china_card_or_pass", "ussr", ["play_china_card", "pass_round"], 1, 1, True, {})
    prompt = prompt_text(text, decision)
    assert prompt.startswith("Кроме Карты Китая"), prompt
    assert "Карта Китая" not in prompt
    assert text.option("play_china_card") == "Разыграть Карту Китая"


def test_the_english_words_stay() -> None:
    text = PlayText("standard", "en", compiled_ir("standard"))
    decision = Decision("china_card_or_pass", "us", ["play_china_card", "pass_round"], 1, 1, True, {})
    assert prompt_text(text, decision).startswith("You have no card left but The China Card")
    assert text.option("play_china_card") == "Play The China Card"
