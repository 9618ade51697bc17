"""`twilight play` with unfinished games, through a real pseudo-terminal: it asks whether to continue the
last game, choose another or start a new one, in the player's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, Question

pexpect = pytest.importorskip("pexpect")

FLAGS = ["--level", "normal", "--set", "deluxe_map_canada=false", "--ids"]


def quit_at_first_question(args: list[str], home: Path) -> Question:
    driver = PlayDriver(args, home)
    q = driver.question()
    assert q is not None
    driver.send("quit")
    assert driver.finish() == 0
    return q


def test_enter_continues_the_last_game_and_new_starts_one_with_a_readable_name(tmp_path: Path) -> None:
    quit_at_first_question(["--seed", "8", "--lang", "en", "--side", "ussr", *FLAGS], tmp_path)
    driver = PlayDriver(["--lang", "en", "--ids"], tmp_path)
    asked = driver.until_prompt()
    assert "You have unfinished games. Continue one?" in asked
    last = "1. Continue the last game (solo game against the AI, you play USSR, level: normal, turn 1, saved "
    assert last in asked
    assert "2. Start a new game" in asked  # one game: nothing else to choose
    driver.send("")
    q = driver.question()
    assert q is not None and q.side == "ussr"
    assert "Resumed" in driver.output() and "solo-v2-8.json" in driver.output()
    driver.send("quit")
    assert driver.finish() == 0

    # The same side named: the game matches the flags, so it is offered; "new" starts another.
    new = PlayDriver(["--lang", "en", "--side", "ussr", *FLAGS], tmp_path)
    new.until_prompt()
    new.send("new")
    q = new.question()
    assert q is not None and q.side == "ussr"
    new.send("quit")
    assert new.finish() == 0
    saves = sorted(p.name for p in (tmp_path / "saves").glob("*.json"))
    assert len(saves) == 2 and "solo-v2-8.json" in saves
    assert any(re.fullmatch(r"solo-v2-ussr-\d{4}-\d\d-\d\d-\d{4}\.json", name) for name in saves), saves


def test_another_game_is_chosen_in_russian(tmp_path: Path) -> None:
    quit_at_first_question(["--seed", "8", "--lang", "en", "--side", "us", *FLAGS], tmp_path)
    quit_at_first_question(["--seed", "9", "--lang", "ru", "--side", "ussr", *FLAGS], tmp_path)
    # No --lang: asked in the language of the last game.
    driver = PlayDriver(["--ids"], tmp_path)
    asked = driver.until_prompt()
    assert "У вас есть незаконченные игры. Продолжить?" in asked
    last = "1. Продолжить последнюю игру (одиночная игра против ИИ, вы за СССР, уровень: обычный, ход 1, "
    last += "сохранена "
    assert last in asked
    assert "2. Выбрать другую незаконченную игру" in asked and "3. Начать новую игру" in asked
    driver.send("выбрать")  # by the beginning of its words
    asked = driver.until_prompt()
    assert "Какую игру продолжить?" in asked
    listed = (
        r"2\. Одиночная игра против ИИ, вы за США, уровень: обычный, ход 1, сохранена [\d: -]+ · solo-v2-8"
    )
    assert re.search(listed, asked), asked
    driver.send("solo-v2-8")
    q = driver.question()
    assert q is not None and q.side == "us"
    assert "solo-v2-8.json" in driver.output()
    driver.send("выход")
    assert driver.finish() == 0
