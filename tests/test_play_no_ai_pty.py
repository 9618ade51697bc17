"""A game without an AI (the hot-seat standard game) never offers the AI's reasons: the question's footer
and `?` name no `why`, and the end screen no `twilight explain trace` of the AI's moves; a solo game
still does, in each language."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from play_driver import PlayDriver
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

HOT_SEAT = ["--ruleset", "standard", "--seed", "2", "--set", "deluxe_map_canada=false", "--ids"]
WHY = {"en": " · why · ", "ru": " · почему · "}
WHY_HELP = {"en": "why the AI's last move", "ru": "почему — последний ход ИИ"}
HELP = {"en": "?", "ru": "?"}
QUIT = {"en": "quit", "ru": "выход"}
EXPLAIN = {"en": "The AI's reasons", "ru": "Почему ИИ так ходил"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hot_seat_game_names_no_why(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver([*HOT_SEAT, "--lang", lang], tmp_path)
    q = driver.question()
    assert q is not None
    assert WHY[lang] not in q.screen
    driver.send(HELP[lang])
    said = driver.until_prompt()
    assert WHY_HELP[lang] not in said and WHY[lang] not in said
    driver.send(QUIT[lang])
    driver.finish()
    no_traceback(driver.output())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_solo_game_still_names_why(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(5, lang), tmp_path)
    q = driver.question()
    assert q is not None and WHY[lang] in q.screen
    driver.send(HELP[lang])
    assert WHY_HELP[lang] in driver.until_prompt()
    driver.send(QUIT[lang])
    driver.finish()


@pytest.mark.parametrize(("ruleset", "explained"), [("standard", False), ("solo-v2", True)])
def test_the_end_screen_offers_the_ais_reasons_only_when_an_ai_played(
    tmp_path: Path, ruleset: str, explained: bool
) -> None:
    env = {**os.environ, "TWILIGHT_HOME": str(tmp_path), "COLUMNS": "200"}
    args = ["--ruleset", ruleset, "--human-policy", "cautious", "--delay", "0", "--seed", "4"]
    args += ["--lang", "ru", "--set", "deluxe_map_canada=false"]
    if ruleset == "solo-v2":
        args += ["--side", "us", "--level", "normal"]
    done = subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", "play", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "trace.jsonl" in done.stdout  # (the end screen, with the trace's path)
    assert (EXPLAIN["ru"] in done.stdout) is explained, done.stdout[-1500:]
