"""The hot-seat game (`twilight play --ruleset standard`: both sides people at one terminal): when the
side to decide changes, an empty screen asks for the terminal to be handed over, and nothing of the
side that just chose (its hand, its face-down headline) is on it; a solo game never shows it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PROMPT, PlayDriver, Question, answer_for, plain

pexpect = pytest.importorskip("pexpect")

HAND_OVER = {"en": "Hand over to the USSR player", "ru": "Очередь игрока за СССР"}
CARDS = {"en": "Cards to choose from", "ru": "Карты на выбор"}


def card_names(q: Question) -> list[str]:
    """The cards a question offers, by the name it shows (without the ops)."""
    return [re.sub(r" \(\d+\)$", "", label) for _, label, _ in q.options]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_terminal_is_handed_over_between_the_two_players(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(
        ["--ruleset", "standard", "--seed", "2", "--lang", lang, "--set", "deluxe_map_canada=false", "--ids"],
        tmp_path,
    )
    ussr_hand: list[str] = []
    for n in range(20):
        q = driver.question()
        assert q is not None
        if q.name == "headline_card" and q.side == "ussr":
            ussr_hand = card_names(q)
            ussr_headline = ussr_hand.pop(0)  # answer_for picks the first
        if q.name == "headline_card" and q.side == "us":
            break
        driver.send(answer_for(q, n))
    else:
        raise AssertionError("no US headline in the first questions")
    assert ussr_hand, "the USSR chooses its headline first"
    assert "us" in driver.hand_overs  # the USSR handed the terminal over before the US chose
    us_hand = card_names(q)
    driver.send("1")  # the US headline, face down

    # Everything the terminal shows from the US answer until Enter is pressed: the hand-over only.
    driver.child.expect(PROMPT)
    handed = plain(driver.child.before or "")
    assert HAND_OVER[lang] in handed
    for name in us_hand:
        assert name not in handed, name
    assert "\x1b[2J" in (driver.child.before or "")  # the US screen is cleared first

    driver.send("")
    after = driver.question()
    assert after is not None
    assert after.side == "ussr"
    # The USSR's own cards are on its screen (those left after its headline), none of the US hand but
    # the US headline, revealed with the USSR's.
    assert CARDS[lang] in after.screen or any(n in after.screen for n in ussr_hand)
    assert [n for n in ussr_hand if n in after.screen]
    assert ussr_headline not in card_names(after)
    us_headline = us_hand[0]
    assert [n for n in us_hand if n in after.screen and n != us_headline] == []
    driver.send("quit")
    assert driver.finish() == 0


def test_a_solo_game_and_a_demo_are_never_handed_over(tmp_path: Path) -> None:
    solo_args = "--seed 3 --lang en --side us --level normal --set deluxe_map_canada=false --ids"
    solo = PlayDriver(
        solo_args.split(),
        tmp_path / "solo",
    )
    for n in range(8):
        q = solo.question()
        assert q is not None
        solo.send(answer_for(q, n))
    solo.send("quit")
    assert solo.finish() == 0
    assert "Hand over" not in solo.output()

    demo_args = "--ruleset standard --seed 2 --lang en --human-policy random --delay 0"
    demo = PlayDriver(
        [*demo_args.split(), "--set", "deluxe_map_canada=false"],
        tmp_path / "demo",
    )
    demo.child.expect(pexpect.EOF)
    out = plain(demo.child.before or "")
    assert "Game over" in out or "won" in out
    assert "Hand over" not in out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hot_seat_game_resumed_is_handed_over_before_its_first_question(tmp_path: Path, lang: str) -> None:
    """Whoever resumes a hot-seat game may not be the player asked first: the terminal is handed over
    before the first question, and nothing of that side's hand is on the screen until Enter (it showed
    the hand at once)."""
    args = ["--ruleset", "standard", "--seed", "2", "--lang", lang, "--set", "deluxe_map_canada=false"]
    first = PlayDriver([*args, "--ids"], tmp_path)
    for n in range(3):
        q = first.question()
        assert q is not None
        first.send(answer_for(q, n))
    first.send("quit")
    assert first.finish() == 0
    (save,) = (tmp_path / "saves").glob("*.json")

    again = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    handed = again.until_prompt()
    assert re.search(r"\[hand_over side=(us|ussr)\]", handed), handed[-1500:]
    assert "[decision=" not in handed
    again.send("")
    q = again.question()
    assert q is not None and q.options
    assert again.hand_overs == []  # (the one above was read by hand, before the first question)
    again.send("quit")
    assert again.finish() == 0
