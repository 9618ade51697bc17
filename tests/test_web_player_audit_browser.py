"""`twilight serve` after a second player's audit, in Debian's Chromium through Playwright (skipped where
there is none): a game started by keyboard begins at its first question, as every later page does after
an answer. The server runs in a thread of this test on a free port of 127.0.0.1."""

from __future__ import annotations

from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
from web_browser import CHROMIUM  # noqa: E402  (the browser and server fixtures: tests/web_browser.py)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
WIDE = {"width": 1366, "height": 768}


def test_a_game_started_by_keyboard_begins_at_its_first_question(browser: Any, server: str) -> None:
    """The start button led to a page whose focus was at its top: two Tabs (New game, the other
    language) before the first answer, where every page after an answer starts at the question."""
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/?lang=en")
    page.locator("#start").focus()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.keyboard.press("Enter")
    assert "/game/" in page.url
    page.wait_for_function("document.activeElement && document.activeElement.closest('#question')")
    assert page.evaluate("window.scrollY") == 0  # (what just happened stays in view)
    page.keyboard.press("Tab")
    first = page.evaluate("document.activeElement === document.querySelector('.options .option')")
    assert first
    page.close()
