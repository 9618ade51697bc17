"""Through a real pseudo-terminal, in each language: at DEFCON 2 the coup's targets that would set off
nuclear war are marked in the list; picking one asks first (anything but yes chooses again, nothing taken),
and yes takes it: the game ends, lost. The hint names them before its advice."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from play_driver import PlayDriver
from test_hint_war import coup_save, play_mode_save
from test_play_pty import no_traceback

pexpect = pytest.importorskip("pexpect")

MARK = {"en": "(DEFCON 1: you lose at once)", "ru": "(DEFCON 1: вы сразу проигрываете)"}
ASKED = {"en": "brings DEFCON to 1 — nuclear war", "ru": "доведет DEFCON до 1 — ядерная война"}
HINT = {"en": "hint", "ru": "подсказка"}
WAR_HINT = {"en": ": a coup there brings DEFCON to 1", "ru": ": переворот там доведет DEFCON до 1"}
YES_NO = {"en": ("no", "yes"), "ru": ("нет", "да")}
LOST = {"en": "US wins.", "ru": "Победа США."}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_coup_that_sets_off_the_war_is_marked_and_asked_before_it_is_made(
    tmp_path: Path, lang: str
) -> None:
    driver, q, targets = resumed_at(tmp_path, coup_save, lang)
    assert q.name == "coup_target"
    assert [ident for _, _, ident in q.options] == targets
    marked = {ident for _, label, ident in q.options if MARK[lang] in _line_of(q.screen, ident)}
    assert marked and marked != set(targets), q.screen[-2000:]
    assert marked == {"angola", "south_africa"}
    driver.send(HINT[lang])
    said = driver.until_prompt()
    (war_line,) = [line for line in said.splitlines() if WAR_HINT[lang] in line]
    number = next(n for n, _, ident in q.options if ident == "angola")
    no, yes = YES_NO[lang]
    driver.send(str(number))
    assert ASKED[lang] in driver.until_prompt()
    driver.send(no)  # not taken: the question again
    driver.send(str(number))
    assert ASKED[lang] in driver.until_prompt()
    driver.send(yes)
    assert driver.question() is None  # the game ended
    assert driver.finish() == 0
    out = driver.output()
    no_traceback(out)
    assert LOST[lang] in out, out[-2000:]
    assert war_line


def _line_of(screen: str, ident: str) -> str:
    """The part of the list's line that shows the option `ident` (up to the next option)."""
    found = re.search(rf"\[{ident}\]([^\[\n]*?)(?=\s+\d+\. |\n|$)", screen)
    return found.group(1) if found else ""


MODE_ASKED = {
    "en": "playing the card this way brings DEFCON to 1 whatever you choose after it",
    "ru": "при таком розыгрыше карты DEFCON дойдет до 1, что бы вы ни выбрали дальше",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_way_to_play_a_card_that_sets_off_the_war_is_marked_and_asked_before_it_is_taken(
    tmp_path: Path, lang: str
) -> None:
    """De-Stalinization at DEFCON 2 (test_hint_war.py): its coup (one target, a battleground, which the
    game then takes for the player without asking) is marked; choosing the coup asks first, in the words of
    a way to play the card; "no" asks the question again, and the Space Race is taken at once."""
    driver, q, ways = resumed_at(tmp_path, play_mode_save, lang)
    assert q.name == "play_mode"
    assert [ident for _, _, ident in q.options] == ways
    marked = {ident for _, _, ident in q.options if MARK[lang] in _line_of(q.screen, ident)}
    assert marked == {"coup"}, q.screen[-2000:]
    coup = next(n for n, _, ident in q.options if ident == "coup")
    driver.send(str(coup))
    assert MODE_ASKED[lang] in driver.until_prompt()
    driver.send(YES_NO[lang][0])
    driver.until_prompt()  # (the same question, asked again)
    space = next(n for n, _, ident in q.options if ident == "space")
    driver.send(str(space))
    after = driver.question()
    assert after is not None and after.name != "play_mode"
    assert MODE_ASKED[lang] not in after.screen
    no_traceback(driver.output())


FORCED = {
    "en": "only one choice, South Africa, taken for you",
    "ru": "вариант только один — Южная Африка, он выбран за вас",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_coup_taken_anyway_ends_the_game_and_its_forced_target_is_said_once(
    tmp_path: Path, lang: str
) -> None:
    """ "yes" makes the coup; its one target is taken for the player (said as it happens) and the game
    ends, lost: the end of the game, printed under that line, does not say it again."""
    driver, q, _ = resumed_at(tmp_path, play_mode_save, lang)
    assert q.name == "play_mode"
    driver.send(str(next(n for n, _, ident in q.options if ident == "coup")))
    assert MODE_ASKED[lang] in driver.until_prompt()
    driver.send(YES_NO[lang][1])
    assert driver.question() is None
    assert driver.finish() == 0
    out = driver.output()
    no_traceback(out)
    assert LOST[lang] in out, out[-2000:]
    assert out.count(FORCED[lang]) == 1, out[-3000:]


def resumed_at(tmp_path: Path, save_made: Any, lang: str) -> tuple[PlayDriver, Any, list[str]]:
    """`twilight play --resume` of the save `save_made` writes (test_hint_war.py), at its first question:
    the driver, the question, the options the save's question offered."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saves / "war.json"
    offered = save_made(save, lang)
    driver = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    q = driver.question()
    assert q is not None
    return driver, q, offered
