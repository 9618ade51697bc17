"""The numbers behind outcomes on the screen of `twilight play`, through a real pseudo-terminal, in both
languages: a war's die and the number it needed, a region's scoring breakdown for each side, a roll-off
(the Olympic Games) with both dice; the card table's Ops column under Containment (the player's ops, as
in the answer list); and the influence question's points left.

The demo games (`--human-policy random --delay 0`) play on without input: the test reads the screen as
it is printed and stops the game once it has seen what it looks for, so that it need not wait for the
game's end."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from play_driver import TIMEOUT, PlayDriver, answer_for, plain

pexpect = pytest.importorskip("pexpect")


def watch(driver: PlayDriver, wanted: list[str]) -> str:
    """The screen as printed (ANSI codes removed) until every pattern of `wanted` has shown up, or the
    game ended; the game is then stopped."""
    seen = ""
    deadline = time.monotonic() + TIMEOUT
    try:
        while time.monotonic() < deadline:
            try:
                seen += driver.child.read_nonblocking(1 << 16, timeout=TIMEOUT)
            except pexpect.EOF:
                break
            text = plain(seen)
            if all(re.search(pattern, text) for pattern in wanted):
                break
    finally:
        driver.child.close(force=True)
    return plain(seen)


def missing(text: str, wanted: list[str]) -> list[str]:
    return [pattern for pattern in wanted if not re.search(pattern, text)]


def demo(seed: int, lang: str) -> list[str]:
    return ["--human-policy", "random", "--seed", str(seed), "--lang", lang, "--delay", "0"]


# Seed 7, turn 1: the AI (USSR) headlines Containment, so every card the US plays is worth one more op
# this turn; its Blockade then asks you (US) for a card worth 3 or more: Decolonization, printed at 2, is
# worth 3 to you, in the card table as in the answer list. Later in the turn the USSR wins the
# Indo-Pakistani War.
SEED = 7
ON_SCREEN = {
    "en": [
        r"In effect: Containment",
        # the full table or, when the screen is short, its one-line-per-card form
        r"\b30 [│ ] ?Decolonization\s*│?\s+3 ",
        re.escape("1. Decolonization (3)"),
        re.escape("Indo-Pakistani War: USSR rolls 4, needing 4 or more: success."),
    ],
    "ru": [
        r"Действуют: Сдерживание",
        r"\b30 [│ ] ?Деколонизация\s*│?\s+3 ",
        re.escape("1. Деколонизация (3)"),
        re.escape("«Индо-пакистанская война»: бросок СССР — 4, а нужно не меньше 4: удача."),
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_containment_ops_and_war_dice_on_screen(tmp_path: Path, lang: str) -> None:
    wanted = ON_SCREEN[lang]
    shown = watch(PlayDriver(demo(SEED, lang), tmp_path), wanted)
    assert "Traceback" not in shown
    assert not missing(shown, wanted), shown[-3000:]
    # The printed value is 2, the USSR's: the table does not show the card's own side's ops instead.
    assert not re.search(r"\b30 [│ ] ?(Decolonization|Деколонизация)\s*│?\s+2 ", shown)


# Seed 28: Europe scored, each side's part shown among the last moves.
SCORING_SEED = 28
SCORING = {
    "en": [
        "Europe, US: presence 3 + 1 for battlegrounds + 0 for countries next to the USSR = 4 VP.",
        "Europe, USSR: domination 7 + 2 for battlegrounds + 0 for countries next to the US = 9 VP.",
    ],
    "ru": [
        "Европа, США: присутствие 3 + 1 за Ключевые страны + 0 за соседство с СССР = 4 ПО.",
        "Европа, СССР: доминирование 7 + 2 за Ключевые страны + 0 за соседство с США = 9 ПО.",
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scoring_breakdown_for_each_side_on_screen(tmp_path: Path, lang: str) -> None:
    wanted = [re.escape(line) for line in SCORING[lang]]
    shown = watch(PlayDriver(demo(SCORING_SEED, lang), tmp_path), wanted)
    assert "Traceback" not in shown
    assert not missing(shown, wanted), shown[-3000:]


# Seed 4, turn 1: the Olympic Games, hosted by the USSR, rolled off with both dice.
ROLL_OFF_SEED = 4
ROLL_OFF = {
    "en": "Olympic Games: USSR rolls 2 + 2 = 4, US rolls 6: US wins.",
    "ru": "«Олимпийские игры»: бросок СССР — 2 + 2 = 4, бросок США — 6: побеждает США.",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_roll_off_on_screen(tmp_path: Path, lang: str) -> None:
    wanted = [re.escape(ROLL_OFF[lang])]
    shown = watch(PlayDriver(demo(ROLL_OFF_SEED, lang), tmp_path), wanted)
    assert not missing(shown, wanted), shown[-3000:]


# The setup question of the rules' own settings answered by a flag: the seeds' map (no Canada).
SEEDS_MAP = ("--set", "deluxe_map_canada=false")
POINTS_LEFT = {
    "en": r"Influence: (\d) of (\d) points? left",
    "ru": r"Размещение влияния: осталось (\d) из (\d) очк",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_placing_influence_says_the_points_left(tmp_path: Path, lang: str) -> None:
    """An interactive solo game: the first influence question says how many of the card's points are left,
    and after one point is placed the next one says one fewer."""
    driver = PlayDriver(
        [*("--seed", "11", "--lang", lang, "--side", "us", "--level", "normal"), *SEEDS_MAP, "--ids"],
        tmp_path,
    )
    counts: list[tuple[int, int]] = []
    asked = 0
    try:
        while len(counts) < 2 and asked < 80:
            q = driver.question()
            assert q is not None
            asked += 1
            if q.name == "influence_target":
                found = re.findall(POINTS_LEFT[lang], q.screen)
                assert found, q.screen[-2000:]
                counts.append((int(found[-1][0]), int(found[-1][1])))
            elif q.name == "play_mode":
                # Influence, when the card offers it.
                influence = [n for n, _, ident in q.options if ident == "influence"]
                if influence:
                    driver.send(str(influence[0]))
                    continue
            driver.send(answer_for(q, asked))
    finally:
        driver.child.close(force=True)
    assert len(counts) == 2, counts
    (left, total), (after, same_total) = counts
    assert left == total and total == same_total
    assert after < left
