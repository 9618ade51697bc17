"""`twilight serve` after a fifth player's audit: the cards of one's hand beside a question that is not a
choice among them (placing influence, choosing a country) showed their event only as the hover text of
their names. A phone has no pointer to hover: there the player could not read the cards they hold, which
the terminal's `card NAME` tells at any question. Now each card's event is folded under its name, opened
by a tap. By HTTP (the event in the page's text, not only in an attribute) and in Debian's Chromium at a
phone's size (skipped where there is none)."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import answer_first, start  # noqa: E402
from test_web_player_audit import HEADLINES_AFTER  # noqa: E402
from web_browser import CHROMIUM  # noqa: E402


def hand_part(page: str) -> str:
    assert 'id="hand"' in page
    return page.split('id="hand"')[1].split("</section>")[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_card_of_the_hand_holds_its_event_in_the_page(client: TestClient, lang: str) -> None:
    location = start(client, lang)
    answer_first(client, location, HEADLINES_AFTER + 1)  # (placing the headline's operations)
    hand = hand_part(client.get(location).text)
    cards = re.findall(r"<li[^>]*>(.*?)</li>", hand, re.S)
    assert cards
    for card in cards:
        said = re.search(r'title="([^"]+)"', card)
        assert said is not None
        text = re.sub(r"<[^>]+>", " ", card)  # (the page's text: no attribute of it)
        assert said.group(1) in text, card


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
def test_on_a_phone_a_tap_shows_a_cards_event(browser: Any, server: str) -> None:
    import httpx

    with httpx.Client(base_url=server, follow_redirects=True, timeout=120) as client:
        form = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": "en", "seed": "3"}
        location = str(client.post("/new", data=form).url)
        assert "/game/" in location
        path = location.removeprefix(server)
        for _ in range(HEADLINES_AFTER + 1):
            page = client.get(path).text
            n = re.search(r'name="n" value="(\d+)"', page)
            decision = re.search(r'name="decision" value="([^"]*)"', page)
            pick = re.search(r'name="pick" value="(\d+)"', page)
            assert n and decision and pick
            name = path.split("/")[2].split("?")[0]
            sent = {"n": n.group(1), "decision": decision.group(1), "pick": pick.group(1), "lang": "en"}
            client.post(f"/game/{name}/answer", data=sent)
    phone = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone.goto(location)
    card = phone.locator("#hand li").first
    event = card.locator(".card-name").get_attribute("title")
    assert event
    shown = card.locator("p", has_text=event[:30])
    assert shown.count() == 1 and not shown.is_visible()
    card.locator("summary").tap()
    assert shown.is_visible()
    phone.close()
