"""`twilight serve` on a phone and a laptop, in Debian's Chromium through Playwright (skipped where there is
none): a game's end says who won on the phone's first screen; the start page's list of games to continue
keeps a date whole on a line; no page scrolls sideways. The server runs in a thread of this test on a free
port of 127.0.0.1; the game is played to its end over HTTP."""

from __future__ import annotations

import urllib.parse
import urllib.request
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
from test_web import first_answer  # noqa: E402
from test_web_audit_forms import QUICK_LOSS  # noqa: E402
from web_browser import CHROMIUM  # noqa: E402  (the browser and server fixtures: tests/web_browser.py)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
WIDE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
WON = {"en": ("US wins.", "USSR wins."), "ru": ("Победа США.", "Победа СССР.")}


def post(base: str, path: str, form: dict[str, Any]) -> str:
    data = urllib.parse.urlencode(form, doseq=True).encode()
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method="POST")) as got:
        return str(got.geturl())


def finished_game(base: str, lang: str) -> str:
    """A solo game the expert AI wins on VP (always the first answer): its name."""
    name = post(base, "/new", {**QUICK_LOSS, "lang": lang}).split("/game/")[1].split("?")[0]
    for _ in range(200):
        with urllib.request.urlopen(f"{base}/game/{name}") as got:
            page = got.read().decode()
        if 'id="end"' in page:
            return name
        post(base, f"/game/{name}/answer", first_answer(page))
    raise AssertionError("the game did not end")


def sideways(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_end_of_a_game_is_on_a_phones_first_screen(browser: Any, server: str, lang: str) -> None:
    """On a phone the verdict came after the tracks and the whole of what just happened: a player who had
    just finished saw neither who won nor a New game button without scrolling."""
    name = finished_game(server, lang)
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/game/{name}?lang={lang}")
    end = page.locator("#end")
    assert any(won in end.inner_text() for won in WON[lang])
    box, happened = end.bounding_box(), page.locator("#happened").bounding_box()
    # (above what just happened, whose length varies from game to game: up to 14 lines, and dice)
    assert box is not None and happened is not None and box["y"] < happened["y"], (box, happened)
    assert box["y"] + box["height"] < PHONE["height"], box
    assert sideways(page) <= 0
    page.set_viewport_size(WIDE)  # a laptop: the verdict beside the map, the final board in view
    page.goto(f"{server}/game/{name}?lang={lang}")
    wide, board = page.locator("#end").bounding_box(), page.locator("#map").bounding_box()
    assert wide is not None and board is not None
    assert wide["y"] < WIDE["height"] and board["y"] < WIDE["height"]
    assert sideways(page) <= 0
    page.close()


def test_a_saved_games_date_is_whole_on_a_phone(browser: Any, server: str) -> None:
    """The list of games to continue broke "2026-12-06" at a hyphen on a phone."""
    post(server, "/new", {"ruleset": "solo-v2", "side": "ussr", "level": "expert", "lang": "ru", "seed": "4"})
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/?lang=ru")
    whole = page.locator(".games .whole")
    assert whole.count() == 2
    for i in range(whole.count()):
        rects = whole.nth(i).evaluate("el => el.getClientRects().length")
        assert rects == 1, whole.nth(i).inner_text()
    assert sideways(page) <= 0
    page.close()
