"""`twilight serve` in a real browser: Debian's Chromium (never one Playwright downloads), driven by
Playwright, plays a whole solo game by clicks, from the start page to the end screen, in Russian and in
English; a country offered is answered by a click on the map. The server runs in a thread of this test on
a free port of 127.0.0.1. Skipped where there is no Chromium or no Playwright."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# A game that ends soon when each question gets its first answer: the person plays the USSR, and the AI
# (US) wins on turn 1 (28 answers).
SEED = "10"
SIDE = "ussr"
MOST_CLICKS = 200


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    from twilight.cli.web.server import server_thread

    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    with server_thread("en") as base:
        yield base


def answer_by_clicks(page: Any) -> str:
    """Answer the question on the page with the first answer it offers, by clicks (a country on the
    map where one is offered): what was clicked."""
    first = page.locator(".options .option").first
    kind = first.get_attribute("data-kind")
    option = first.get_attribute("data-option")
    tag = first.evaluate("el => el.tagName")
    if tag == "BUTTON":
        if kind == "country":
            # the map's country, made clickable by the page for this question
            target = page.locator(f'.board [data-country="{option}"].offered').first
        else:
            target = first
        with page.expect_navigation(wait_until="domcontentloaded"):
            target.click()
        return f"{kind}:{option}"
    least = int(page.locator("form.answer").get_attribute("data-min"))
    boxes = page.locator(".options input[type=checkbox]")
    for i in range(least):
        boxes.nth(i).check()
    counts = page.locator(".options input[type=number]")
    for i in range(least if counts.count() else 0):
        counts.nth(i % counts.count()).fill(str(1 + i // counts.count()))
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#send").click()
    return f"several:{least}"


def play_to_the_end(browser: Any, base: str, lang: str) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{base}/?lang={lang}")
    page.locator(f"input[name=side][value={SIDE}]").check()
    page.locator("input[name=level][value=normal]").check()
    page.locator("details.more summary").click()
    page.locator("input[name=seed]").fill(SEED)
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#start").click()
    clicks: list[str] = []
    while page.locator("#end").count() == 0:
        assert page.locator(".problem").count() == 0, page.locator(".problem").inner_text()
        assert len(clicks) < MOST_CLICKS, "the game did not end"
        clicks.append(answer_by_clicks(page))
    return page, clicks


@pytest.mark.parametrize(
    ("lang", "over", "winner"), [("ru", "Игра окончена", "Победа США"), ("en", "Game over", "US wins")]
)
def test_a_whole_game_by_clicks(browser: Any, server: str, lang: str, over: str, winner: str) -> None:
    page, clicks = play_to_the_end(browser, server, lang)
    end = page.locator("#end").inner_text()
    assert over in end and winner in end
    assert page.locator("html").get_attribute("lang") == lang
    # the map was drawn and clicked
    assert page.locator(".board svg [data-country]").count() > 80
    assert any(c.startswith("country:") for c in clicks)
    assert any(c.startswith("card:") for c in clicks)
    page.close()
