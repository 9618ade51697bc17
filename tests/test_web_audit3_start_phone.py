"""The start page on a phone (390x844): the chosen ruleset's whole name and description can be read (a
drop-down cuts its text at the screen's edge, so it is said again under it, wrapped, and follows the
choice), and the unfinished games are the newest few with the older ones behind a fold, in both
languages."""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from test_web_audit3_lose_answer import howi_save
from twilight.cli.session.saves import saves_dir
from twilight.cli.web.page import RESUME_SHOWN

from tests.web_browser import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")

PHONE = {"width": 390, "height": 844}
GAMES = 14


def _saves(count: int) -> None:
    """`count` unfinished games (copies of one save)."""
    saves_dir().mkdir(parents=True, exist_ok=True)
    first = saves_dir() / "game-00.json"
    howi_save(first, "en")
    for k in range(1, count):
        shutil.copy(first, saves_dir() / f"game-{k:02d}.json")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_chosen_ruleset_is_said_whole_on_a_phone(browser: Any, server: str, lang: str) -> None:
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/?lang={lang}")
        select = page.locator("form.setup select[name=ruleset]")
        about = page.locator("#ruleset-about")
        assert about.is_visible()
        chosen = select.evaluate("s => s.selectedOptions[0].textContent")
        assert about.inner_text().strip() == chosen.strip()
        box = about.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # another ruleset chosen: its words follow
        values = select.evaluate("s => [...s.options].map(o => o.value)")
        other = next(v for v in values if v != select.input_value())
        select.select_option(other)
        said = select.evaluate("s => s.selectedOptions[0].textContent")
        assert said != chosen and about.inner_text().strip() == said.strip()
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_unfinished_games_are_the_newest_few_then_a_fold(browser: Any, server: str, lang: str) -> None:
    _saves(GAMES)
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/?lang={lang}")
        items = page.locator("ul.games li")
        assert items.count() == GAMES
        assert sum(items.nth(k).is_visible() for k in range(GAMES)) == RESUME_SHOWN
        fold = page.locator("#more-games > summary")
        older = GAMES - RESUME_SHOWN
        said = f"{older} older games" if lang == "en" else f"Еще {older} более ранних партий"
        assert fold.inner_text().strip() == said
        fold.click()
        assert all(items.nth(k).is_visible() for k in range(GAMES))
    finally:
        page.close()


def test_a_few_games_have_no_fold(browser: Any, server: str) -> None:
    _saves(RESUME_SHOWN)
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/")
        assert page.locator("ul.games li").count() == RESUME_SHOWN
        assert page.locator("#more-games").count() == 0
    finally:
        page.close()
