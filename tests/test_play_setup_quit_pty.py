"""The question of the language, asked before there is one (a new game chosen from the Russian "continue"
menu, or a first start), takes the quit word of either language: `выход` stops there as `quit` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver
from test_play_continue_pty import FLAGS, quit_at_first_question
from test_play_pty import no_traceback

pexpect = pytest.importorskip("pexpect")

LANGUAGE = "Language / Язык"


@pytest.mark.parametrize("word", ["выход", "quit"])
def test_a_new_game_from_the_russian_menu_quits_at_the_language_question(tmp_path: Path, word: str) -> None:
    quit_at_first_question(["--seed", "9", "--lang", "ru", "--side", "ussr", *FLAGS], tmp_path)
    driver = PlayDriver([], tmp_path)
    assert "У вас есть незаконченные игры. Продолжить?" in driver.until_prompt()
    driver.send("Начать новую игру")
    asked = driver.until_prompt()
    assert LANGUAGE in asked, asked[-800:]
    driver.send(word)
    assert driver.finish() == 1
    out = driver.output()
    no_traceback(out)
    assert "is not one of the choices" not in out.split(LANGUAGE)[-1]
    assert [p.name for p in (tmp_path / "saves").glob("*.json")] == ["solo-v2-9.json"]
