"""The flags typed win, through a real pseudo-terminal in each language: `twilight play --side us` (or
`--level`, `--ruleset`) starts that game when the unfinished game is another one, and offers to continue
only a game that matches every flag named; a demo killed before its end (a policy played the person's
side) is never offered as the player's game."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from play_driver import PlayDriver, read_save
from test_play_continue_pty import FLAGS, quit_at_first_question
from test_play_pty import no_traceback

pexpect = pytest.importorskip("pexpect")

QUESTION = {
    "en": "You have unfinished games. Continue one?",
    "ru": "У вас есть незаконченные игры. Продолжить?",
}
RULES = {"en": "Which rules?", "ru": "По каким правилам играем?"}
OPPONENT = {"en": "Who plays the other side?", "ru": "Кто играет за другую сторону?"}
SIDE = {"en": "Which side do you play?", "ru": "За какую сторону вы играете?"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_side_named_starts_that_game_not_the_unfinished_other(tmp_path: Path, lang: str) -> None:
    quit_at_first_question(["--seed", "8", "--lang", lang, "--side", "ussr", *FLAGS], tmp_path)
    driver = PlayDriver(["--lang", lang, "--side", "us", *FLAGS], tmp_path)
    q = driver.question()
    assert q is not None and q.side == "us"
    assert QUESTION[lang] not in driver.output()
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_level_or_ruleset_named_starts_that_game(tmp_path: Path, lang: str) -> None:
    quit_at_first_question(["--seed", "8", "--lang", lang, "--side", "us", *FLAGS], tmp_path)
    args = ["--lang", lang, "--side", "us", "--level", "hard", "--set", "deluxe_map_canada=false", "--ids"]
    driver = PlayDriver(args, tmp_path)
    q = driver.question()
    assert q is not None and q.side == "us"
    assert QUESTION[lang] not in driver.output()
    driver.send("quit")
    assert driver.finish() == 0
    hard = [p for p in (tmp_path / "saves").glob("*.json") if read_save(p)["settings"]["level"] == "hard"]
    assert len(hard) == 1
    # The ruleset named is another one (the standard game): nothing is offered; it asks who plays the
    # other side (Enter: the computer), and the game starts.
    standard = ["--ruleset", "standard", "--lang", lang, "--set", "deluxe_map_canada=false", "--ids"]
    driver = PlayDriver(standard, tmp_path)
    assert OPPONENT[lang] in driver.until_prompt()
    driver.send("")
    assert SIDE[lang] in driver.until_prompt()
    driver.send("")
    q = driver.question()
    assert q is not None
    assert QUESTION[lang] not in driver.output()
    driver.send("quit")
    assert driver.finish() == 0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_matching_every_flag_is_offered_and_enter_continues_it(tmp_path: Path, lang: str) -> None:
    quit_at_first_question(["--seed", "8", "--lang", lang, "--side", "ussr", *FLAGS], tmp_path)
    quit_at_first_question(["--seed", "9", "--lang", lang, "--side", "us", *FLAGS], tmp_path)
    # The newest game is the US one; `--side ussr` offers the USSR game, the one that matches.
    driver = PlayDriver(["--lang", lang, "--side", "ussr", "--level", "normal", "--ids"], tmp_path)
    asked = driver.until_prompt()
    assert QUESTION[lang] in asked
    driver.send("")
    q = driver.question()
    assert q is not None and q.side == "ussr"
    assert "solo-v2-8.json" in driver.output()
    driver.send("quit")
    assert driver.finish() == 0


def killed_demo(home: Path, lang: str) -> Path:
    """A demo game (`--human-policy random`) killed once its save is on disk: the save of an unfinished
    game a policy played."""
    args = ["--human-policy", "random", "--seed", "5", "--lang", lang, "--delay", "0.2"]
    demo = PlayDriver(args, home)
    save = home / "saves" / "solo-v2-5.json"
    deadline = time.monotonic() + 60
    while not save.exists() and time.monotonic() < deadline:
        demo.child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.2)
    demo.child.kill(signal.SIGKILL)
    demo.child.close()
    data = read_save(save)
    assert data["play"]["policy"] == "random" and not data["play"].get("finished")
    return save


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_killed_demo_is_never_offered_as_the_players_game(tmp_path: Path, lang: str) -> None:
    killed_demo(tmp_path, lang)
    driver = PlayDriver(["--lang", lang, "--ids"], tmp_path)
    asked = driver.until_prompt()  # the new game's first question: which rules
    assert RULES[lang] in asked and QUESTION[lang] not in asked
    driver.child.sendcontrol("d")
    driver.finish()
    # `--resume` alone goes on with the player's last game: there is none.
    resumed = PlayDriver(["--resume", "--lang", lang], tmp_path)
    resumed.finish()
    none = {"en": "There is no unfinished game to resume.", "ru": "Нет незаконченной игры"}[lang]
    assert none in resumed.output()
    no_traceback(resumed.output())
