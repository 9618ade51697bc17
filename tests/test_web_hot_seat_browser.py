"""A hot-seat game in Chromium, in English and in Russian: chosen on the start page (the side is not asked
of two players), it opens at the hand-over page; each change of the side to answer passes by it, and a
reload of a side's page lands on it again. `HOT_SEAT_SHOTS=DIR` keeps a screenshot of each page."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

SHOTS = os.environ.get("HOT_SEAT_SHOTS")
HAND_OVER = {"en": "Pass the screen to the {side} player", "ru": "Передайте экран игроку за {side}"}
SIDE_NAMES = {"en": {"us": "US", "ussr": "USSR"}, "ru": {"us": "США", "ussr": "СССР"}}
START = {"en": "Two players on this screen", "ru": "Вдвоём за этим экраном"}


def shot(page: Any, lang: str, number: int, what: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{lang}-{number:02d}-{what}.png"), full_page=False)


def answer(page: Any) -> None:
    """Give the question its first answer by clicks (an answer that loses at once is left alone)."""
    buttons = page.locator("#answer-form button.option:not(.war)")
    if buttons.count():
        with page.expect_navigation(wait_until="domcontentloaded"):
            buttons.first.click()
        return
    low = int(page.locator("#answer-form").get_attribute("data-min") or "0")
    boxes = page.locator("#answer-form input[type=checkbox]")
    if boxes.count():
        for i in range(low):
            boxes.nth(i).check()
    else:
        page.locator("#answer-form input[type=number]").first.fill(str(low))
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#send").click()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hot_seat_game_in_the_browser_hands_the_screen_over(browser: Any, server: str, lang: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server}/?lang={lang}")
    page.select_option("select[name=ruleset]", "standard@1.0")
    assert page.locator("form.setup fieldset.opponent").is_visible()
    assert page.locator("form.setup fieldset.ai-level").is_hidden()
    page.get_by_label(START[lang], exact=False).check()
    assert page.locator("form.setup fieldset.side").is_hidden()  # (two players: both sides are played)
    shot(page, lang, 0, "start")
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#start").click()
    hand_overs: list[str] = []
    number = 0
    reloaded = went_back = False
    while len(hand_overs) < 7:
        number += 1
        assert number < 30, hand_overs
        passed = page.locator("#hand-over")
        if passed.count():
            side = str(passed.get_attribute("data-side"))
            said = HAND_OVER[lang].format(side=SIDE_NAMES[lang][side])
            assert said in passed.inner_text()
            assert page.locator("#hand, #answer-form, .option").count() == 0
            assert not re.search(r'class="[^"]*hand-card', page.content())
            hand_overs.append(side)
            shot(page, lang, number, f"hand-over-{side}")
            with page.expect_navigation(wait_until="domcontentloaded"):
                page.locator("#take-turn").click()
            continue
        assert page.locator("#answer-form").count() == 1, page.content()[:2000]
        side = hand_overs[-1]
        you = page.locator(".status .you")
        assert SIDE_NAMES[lang][side] in you.inner_text() and side in str(you.get_attribute("class"))
        shot(page, lang, number, f"question-{side}")
        if len(hand_overs) == 3 and not reloaded:  # a reload of a side's page: the hand-over again
            reloaded = True
            page.reload(wait_until="domcontentloaded")
            assert page.locator("#hand-over").count() == 1 and page.locator("#hand").count() == 0
            continue
        answer(page)
        if page.locator("#hand-over").count() and not went_back:  # Back to the side that just answered
            went_back = True
            page.go_back(wait_until="domcontentloaded")
            page.wait_for_selector("#hand-over")
            assert page.locator("#hand, #answer-form").count() == 0
            page.go_forward(wait_until="domcontentloaded")
    assert reloaded and went_back and set(hand_overs) == {"us", "ussr"}
    page.close()
