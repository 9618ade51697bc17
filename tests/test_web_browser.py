"""`twilight serve` in a real browser: Debian's Chromium (never one Playwright downloads), driven by
Playwright, plays a whole solo game by clicks, from the start page to the end screen, in Russian and in
English; a country offered is answered by a click on the map. The server runs in a thread of this test on
a free port of 127.0.0.1. Skipped where there is no Chromium or no Playwright."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
from web_browser import CHROMIUM  # noqa: E402  (the browser and server fixtures: tests/web_browser.py)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
# A game that ends soon when each question gets its first answer: the person plays the USSR, and the AI
# (US) wins on turn 1 (28 answers).
SEED = "10"
SIDE = "ussr"
MOST_CLICKS = 200


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


# The layout facts of issue 20, at 1280x800: the map's words readable without zooming, what just happened
# (the last roll, the AI's last move) above the fold.
LAPTOP = {"width": 1280, "height": 800}
LEAST_TEXT_PX = 11.0
# Screenshots for docs/web (written there when UPDATE_SCREENSHOTS=1).
DOCS_WEB = Path(__file__).resolve().parent.parent / "docs" / "web"


def map_text_heights(page: Any) -> list[float]:
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('#map svg text')]"
            ".map(t => t.getBoundingClientRect().height).filter(h => h > 0)"
        )
    )


def check_layout(page: Any, facts: dict[str, Any]) -> None:
    """The layout facts on this page: the median height of the map's text, and the bottom of what just
    happened (when shown) within the first screen."""
    heights = sorted(map_text_heights(page))
    if heights:
        facts.setdefault("median_text_px", []).append(heights[len(heights) // 2])
    bottom = page.evaluate(
        "() => { const h = document.getElementById('happened');"
        " return h && h.getBoundingClientRect().bottom; }"
    )
    if bottom is not None:
        facts.setdefault("happened_bottom", []).append(bottom)
        if page.locator("#happened .die").count():
            facts["dice_seen"] = facts.get("dice_seen", 0) + 1


def shoot(page: Any, name: str, tmp: Path) -> None:
    import os
    import shutil as files

    path = tmp / name
    page.screenshot(path=str(path))
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        files.copy(path, DOCS_WEB / name)


def play_to_the_end(browser: Any, base: str, lang: str, tmp: Path) -> tuple[Any, list[str], dict[str, Any]]:
    """A whole game by clicks at 1280x800, taking back one answer (undo) and asking for a hint once on
    the way: the page, what was clicked, and the layout facts met on the way."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{base}/?lang={lang}")
    page.locator(f"input[name=side][value={SIDE}]").check()
    page.locator("input[name=level][value=normal]").check()
    page.locator("details.more summary").click()
    page.locator("input[name=seed]").fill(SEED)
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#start").click()
    clicks: list[str] = []
    facts: dict[str, Any] = {}
    while page.locator("#end").count() == 0:
        assert page.locator(".problem").count() == 0, page.locator(".problem").inner_text()
        assert len(clicks) < MOST_CLICKS, "the game did not end"
        check_layout(page, facts)
        if len(clicks) == 6 and "hint" not in facts:
            with page.expect_navigation(wait_until="domcontentloaded"):
                page.locator("#hint").click()
            facts["hint"] = page.locator("#hint-lines li").count()
            if lang == "en":
                shoot(page, "web-hint-laptop-en.png", tmp)
        if len(clicks) >= 8 and "undo" not in facts and page.locator("#undo").is_enabled():
            answered = int(page.locator("form.answer input[name=n]").get_attribute("value"))
            with page.expect_navigation(wait_until="domcontentloaded"):
                page.locator("#undo").click()
            facts["undo"] = (answered, int(page.locator("form.answer input[name=n]").get_attribute("value")))
        if page.locator("#happened .die").count() and "shot" not in facts:
            facts["shot"] = len(clicks)
            shoot(page, f"web-laptop-{lang}.png", tmp)
            phone = page.context.browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(page.url)
            shoot(phone, f"web-phone-{lang}.png", tmp)
            wide = page.context.browser.new_page(viewport={"width": 1366, "height": 768})
            wide.goto(page.url)
            shoot(wide, f"web-wide-{lang}.png", tmp)
            phone.close()
            wide.close()
        clicks.append(answer_by_clicks(page))
    return page, clicks, facts


@pytest.mark.parametrize(
    ("lang", "over", "winner"), [("ru", "Игра окончена", "Победа США"), ("en", "Game over", "US wins")]
)
def test_a_whole_game_by_clicks(
    browser: Any, server: str, lang: str, over: str, winner: str, tmp_path: Path
) -> None:
    page, clicks, facts = play_to_the_end(browser, server, lang, tmp_path)
    end = page.locator("#end").inner_text()
    assert over in end and winner in end
    assert page.locator("html").get_attribute("lang") == lang
    # the map was drawn and clicked
    assert page.locator(".board svg [data-country]").count() > 80
    assert any(c.startswith("country:") for c in clicks)
    assert any(c.startswith("card:") for c in clicks)
    # undo took an answer back, the hint gave lines, dice were drawn
    before, after = facts["undo"]
    assert after < before, facts["undo"]
    assert facts["hint"] >= 1 and facts.get("dice_seen", 0) >= 1
    # readable map text, and what just happened above the fold, on every page of the game
    median = sorted(facts["median_text_px"])[len(facts["median_text_px"]) // 2]
    assert min(facts["median_text_px"]) >= LEAST_TEXT_PX, (median, min(facts["median_text_px"]))
    assert max(facts["happened_bottom"]) <= LAPTOP["height"], max(facts["happened_bottom"])
    page.close()
