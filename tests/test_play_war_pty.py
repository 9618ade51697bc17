"""Through a real pseudo-terminal, in each language: at DEFCON 2 the coup's targets that would set off
nuclear war are marked in the list; picking one asks first (anything but yes chooses again, nothing taken),
and yes takes it: the game ends, lost. The hint names them before its advice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver
from test_hint_war import coup_save
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
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saves / "war.json"
    targets = coup_save(save, lang)
    driver = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    q = driver.question()
    assert q is not None and q.name == "coup_target"
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
