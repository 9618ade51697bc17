"""`twilight serve` after a fifth player's audit: the tracks' line of the events in effect (*In effect:
Marshall Plan, Red Scare/Purge*) gave their names alone, with no way on the page to read what they do
(the terminal's `card NAME` tells it at any question). Now each one's event is folded under the line. By
HTTP (Starlette's TestClient, tests/web_client.py)."""

from __future__ import annotations

import html
import re
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, start  # noqa: E402
from twilight.cli.session.text import PlayText  # noqa: E402

MOST_ANSWERS = 60


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_event_in_effect_says_what_it_does(client: TestClient, lang: str) -> None:
    location = start(client, lang, seed=3)
    name = game_name(location)
    for _ in range(MOST_ANSWERS):
        page = client.get(location).text
        effects = re.search(r'<(p|details) class="effects">(.*?)</\1>', page, re.S)  # (the tracks' line)
        if effects is not None:
            break
        got = client.post(
            f"/game/{name}/answer", data={**first_answer(page), "lang": lang}, follow_redirects=False
        )
        assert got.status_code == 303, got.text
    assert effects is not None, "no event came into effect"
    from twilight.api import Game

    text = PlayText("solo-v2", lang, Game("solo-v2").ir)
    shown = html.unescape(re.sub(r"<[^>]+>", " ", effects.group(2)))
    head = re.search(r"<summary>(.*?)</summary>", effects.group(2), re.S)
    line = html.unescape(head.group(1) if head else effects.group(2))  # (the line that names them)
    named = [card for card in text.cards if text.card(card) in line]
    assert named
    for card in named:
        assert text.summary(card) in shown, (card, shown)
