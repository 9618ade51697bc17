"""`twilight serve` after a player's audit, in Debian's Chromium through Playwright (skipped where there is
none): a pick of several counts its ticks and says what is wrong before sending, keeping them; the map
and the boxes agree on what is ticked; the countries offered are ringed, unlike the Primary region's gold;
on a phone the start page does not scroll sideways, the map reads without zooming and a bar at the foot
answers while the map is ticked; after an answer the keyboard starts at the question. The server runs in
a thread of this test on a free port of 127.0.0.1; the game is brought to its question over HTTP."""

from __future__ import annotations

import urllib.parse
import urllib.request
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
from test_web import first_answer  # noqa: E402
from test_web_audit import MARSHALL_AFTER, OPERATIONS_AFTER  # noqa: E402
from web_browser import CHROMIUM  # noqa: E402  (the browser and server fixtures: tests/web_browser.py)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
WIDE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
LEAST_TEXT_PX = 11.0
# What the count and the refusal say, in each language, with three of seven ticked.
SAID = {
    "en": ("3 of 7 ticked", "3 ticked: this question takes 7."),
    "ru": ("Отмечено: 3 из 7", "Отмечено: 3, а нужно 7."),
}


def post(base: str, path: str, form: dict[str, Any]) -> str:
    data = urllib.parse.urlencode(form, doseq=True).encode()
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method="POST")) as got:
        return str(got.geturl())


def game_at(base: str, answers: int, lang: str = "en") -> str:
    """A new game (seed 3, the US) after its first `answers` questions got their first answer: its name."""
    form = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": lang, "seed": "3"}
    name = post(base, "/new", form).split("/game/")[1].split("?")[0]
    for _ in range(answers):
        with urllib.request.urlopen(f"{base}/game/{name}") as got:
            page = got.read().decode()
        post(base, f"/game/{name}/answer", first_answer(page))
    return name


def boxes(page: Any) -> Any:
    return page.locator(".options input[type=checkbox]")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_too_few_ticked_is_said_on_the_page_and_the_ticks_stay(browser: Any, server: str, lang: str) -> None:
    """The form's bounds (data-min, data-max) were never checked by the page: three of seven were sent,
    and the answer was a page of its own with the ticks lost."""
    name = game_at(server, MARSHALL_AFTER, lang)
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/game/{name}?lang={lang}")
    for i in range(3):
        boxes(page).nth(i).check()
    count, wrong = SAID[lang]
    assert page.locator("#ticked").inner_text() == count
    assert page.locator("#tick-problem").is_hidden()
    url = page.url
    page.locator("#send").click()
    page.wait_for_timeout(300)
    assert page.url == url  # not sent
    assert page.locator("#tick-problem").is_visible()
    assert page.locator("#tick-problem").inner_text().startswith(wrong)
    assert page.locator(".options input:checked").count() == 3
    assert page.locator("#send").is_enabled()
    for i in range(3, 7):
        boxes(page).nth(i).check()
    assert page.locator("#tick-problem").is_hidden()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#send").click()
    assert "/answer" not in page.url and page.locator(".problem").count() == 0
    page.close()


def test_the_map_and_the_boxes_agree_on_what_is_ticked(browser: Any, server: str) -> None:
    """A box ticked below was not marked on the map; a country picked on the map filled all its boxes
    (its influence boxes too) yellow."""
    name = game_at(server, MARSHALL_AFTER)
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/game/{name}?lang=en")
    options = page.locator(".options [data-option]")
    first, second = options.nth(0).get_attribute("data-option"), options.nth(1).get_attribute("data-option")
    on_map = f'#map g.country[data-country="{first}"]'
    fills = "el => [...el.querySelectorAll('rect.influence-box')].map(r => getComputedStyle(r).fill)"
    before = page.locator(on_map).evaluate(fills)
    boxes(page).nth(0).check()
    assert "picked" in (page.locator(on_map).get_attribute("class") or "")
    assert page.locator(on_map).evaluate(fills) == before  # its influence keeps its colours
    box_fill = page.locator(f"{on_map} rect.box").evaluate("r => getComputedStyle(r).fill")
    assert box_fill != "rgb(255, 255, 255)"
    boxes(page).nth(0).uncheck()
    assert "picked" not in (page.locator(on_map).get_attribute("class") or "")
    page.locator(f'#map g.country[data-country="{second}"]').click()
    assert boxes(page).nth(1).is_checked()
    assert page.locator("#ticked").inner_text() == "1 of 7 ticked"
    page.close()


def test_the_countries_offered_are_ringed_not_framed_in_the_regions_gold(browser: Any, server: str) -> None:
    """The countries offered were outlined in gold, as the Primary region's countries are framed."""
    name = game_at(server, OPERATIONS_AFTER)
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/game/{name}?lang=en")
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator('.options [data-option="coup"]').click()
    rings = page.locator("#map g.country.offered .pick-ring")
    assert rings.count() >= 1
    ring = rings.first.evaluate("r => [getComputedStyle(r).stroke, getComputedStyle(r).strokeWidth]")
    frame = page.locator("#map g.region.marked path").last.evaluate("p => getComputedStyle(p).stroke")
    assert ring[0] == "rgb(17, 17, 17)" and ring[0] != frame, (ring, frame)
    # a country of the Primary region not offered has no ring
    assert page.locator("#map g.country:not(.offered) .pick-ring").count() == 0
    page.close()


def map_text_median(page: Any) -> float:
    heights = sorted(
        page.evaluate(
            "() => [...document.querySelectorAll('#map svg text')]"
            ".map(t => t.getBoundingClientRect().height).filter(h => h > 0)"
        )
    )
    return float(heights[len(heights) // 2])


def test_a_phone_neither_scrolls_sideways_nor_needs_zooming(browser: Any, server: str) -> None:
    """On a phone the start page scrolled sideways (its list of rulesets 894 px wide), the map's words
    were 5 to 8 px until zoomed, and the Answer button was far above the map its countries are ticked on."""
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/?lang=ru")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    name = game_at(server, MARSHALL_AFTER, "ru")
    page.goto(f"{server}/game/{name}?lang=ru")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert map_text_median(page) >= LEAST_TEXT_PX
    bar = page.locator("#send-bar")
    page.locator("#send").scroll_into_view_if_needed()
    page.wait_for_timeout(200)
    assert bar.is_hidden()  # the form's own Answer button is on the screen: the bar steps aside
    page.evaluate("document.getElementById('map').scrollIntoView()")  # ticking on the map
    page.locator("#map g.country.offered").first.click()
    page.wait_for_timeout(200)
    assert bar.is_visible() and bar.bounding_box()["y"] + bar.bounding_box()["height"] <= PHONE["height"] + 1
    assert bar.locator(".ticked-count").inner_text() == "Отмечено: 1 из 7"
    bar.locator("button").click()
    page.wait_for_timeout(300)
    assert "/answer" not in page.url and bar.locator(".ticked-count").inner_text().startswith(
        "Отмечено: 1, а нужно 7"
    )
    page.close()


def test_after_an_answer_the_keyboard_starts_at_the_question(browser: Any, server: str) -> None:
    """After each answer the focus was back at the page's top: two Tabs (New game, the other language)
    before the question's first answer."""
    name = game_at(server, 0)
    page = browser.new_page(viewport=WIDE)
    page.goto(f"{server}/game/{name}?lang=en")
    page.locator(".options .option").first.focus()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.closest('#question')")
    assert page.evaluate("window.scrollY") == 0  # (what just happened stays in view)
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('.options .option') !== null")
    first = page.evaluate("document.activeElement === document.querySelector('.options .option')")
    assert focused and first
    page.close()
