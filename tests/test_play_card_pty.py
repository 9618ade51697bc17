"""`card NAME` and `? NAME` at the game's prompt, through a real pseudo-terminal of 80x24 in each
language: a card found by number, by a loose name in either language, or by a beginning, shows its name,
number, operations, side, period and event, wrapped and whole; a name that fits no card, or several, gets
one line naming the closest ones; and the question is asked again, nothing answered. In Russian «карта» is
the board too: alone it shows the board, followed by a name it shows that card."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

SEED = 11

CASES = {
    "en": [
        (
            "card 5",
            [
                "Five Year Plan — card 5 · 3 operations · US · Early War",
                "A random card leaves the Soviet hand for the discard pile; should it carry a US event, "
                "that event takes place.",
            ],
        ),
        (
            "card red scare",
            [
                "Red Scare/Purge — card 31 · 4 operations · neutral · Early War",
                "Until the turn ends, each card the opponent plays loses one op, down to a minimum of 1.",
            ],
        ),
        ("? red scare", ["Red Scare/Purge — card 31 · 4 operations · neutral · Early War"]),
        ("card БОЯЗНЬ", ["Red Scare/Purge — card 31"]),
        ("card europe scoring", ["Europe Scoring — card 2 · scoring card · neutral · Early War"]),
        ("card de", ['"de" could be several cards: De Gaulle Leads France (17), Decolonization (30)']),
        ("card olimpic", ['No card is called "olimpic". The closest: Olympic Games (20).']),
        ("card", ["card NAME or NUMBER shows a card's text"]),
    ],
    "ru": [
        (
            "карта 5",
            [
                "Пятилетний план — карта 5 · 3 ОО · США · Начало войны",
                "СССР сбрасывает случайную карту с руки; если на ней событие США, оно происходит.",
            ],
        ),
        ("карта боязнь красных", ["Боязнь красных/Чистки — карта 31 · 4 ОО · нейтральная · Начало войны"]),
        ("? боязнь красных", ["Боязнь красных/Чистки — карта 31"]),
        ("текст red scare", ["Боязнь красных/Чистки — карта 31"]),
        ("карта китай", ["Карты «китай» нет. Ближе всего: «Карточка Китая» (6)."]),
        ("карта де", ["«де» подходит к нескольким картам: «Де Голль возглавляет Францию» (17)"]),
    ],
}


def flat(text: str) -> str:
    """The terminal's lines joined: a wrapped sentence reads as one."""
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_card_shows_a_cards_text_at_80_columns(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(SEED, lang), tmp_path, columns=80, lines=24)
    first = driver.question()
    assert first is not None
    for typed, expected in CASES[lang]:
        driver.send(typed)
        said = driver.until_prompt()
        for words in expected:
            assert flat(words) in flat(said), (typed, said)
        # No line is wider than the terminal (rich wraps it; nothing is cut with an ellipsis).
        assert all(len(line) <= 80 for line in said.splitlines()), said
        assert "…" not in said
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


def test_karta_alone_still_shows_the_board(tmp_path: Path) -> None:
    driver = PlayDriver(solo(SEED, "ru"), tmp_path, columns=80, lines=24)
    assert driver.question() is not None
    driver.send("карта")
    board = driver.question()  # the screen again, with the same question
    assert board is not None and "Карты «" not in board.screen
    driver.send("карта все")
    assert "Европа" in driver.until_prompt()
    driver.send("выход")
    assert driver.finish() == 0
    no_traceback(driver.output())


def test_an_options_whole_name_is_an_answer_not_a_command() -> None:
    """«Карта Китая» (the standard game's China Card) begins with the command word «карта»: typed whole,
    it answers the question; «карта» alone, or followed by a card's name, is a command."""
    from twilight.cli.play.input import Matcher
    from twilight.cli.session.text import PlayText
    from twilight.compiler import api

    text = PlayText("standard", "ru", api.compile_target("standard").ir)
    matcher = Matcher(["the_china_card", "nato"], text.names_of)
    assert matcher.is_a_name("Карта Китая") and matcher.is_a_name("нато")
    assert not matcher.is_a_name("карта") and not matcher.is_a_name("карта 6")
