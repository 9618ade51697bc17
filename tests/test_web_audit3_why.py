"""`twilight serve` after a fifth player's audit: the AI's reasons. The page showed *Why the AI did it*
only for the AI's moves since the person's last answer; at about half of the questions (the way to play
a card just chosen, the second influence point, the next card of the draft) none had come since, and the
section was gone: the reasons read a click before could not be read again, where the terminal's `why`
tells the AI's last move at any question. Now such a page keeps that move, folded under a line that says
it came before the last answer. By HTTP (Starlette's TestClient, tests/web_client.py)."""

from __future__ import annotations

import re
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, start  # noqa: E402

EARLIER = {
    "en": "Why the AI did it: its last move, before your last answer",
    "ru": "Почему ИИ так сыграл: его последний ход, до вашего прошлого ответа",
}
MOST_ANSWERS = 40


def why_heads(page: str) -> list[str]:
    """The moves the page's reasons tell (their first lines)."""
    return re.findall(r'<div class="why-move"><h3>(.*?)</h3>', page, re.S)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_ais_last_move_stays_readable_at_the_next_question(client: TestClient, lang: str) -> None:
    location = start(client, lang, seed=3)
    name = game_name(location)
    told: list[str] = []  # the AI's last move as a page told it in the open
    checked = 0
    for _ in range(MOST_ANSWERS):
        page = client.get(location).text
        if 'name="decision"' not in page:
            break
        if '<section class="why panel">' in page:
            told = why_heads(page)
        elif told:  # nothing new since the last answer: the last move told, folded
            fold = re.search(
                r'<details class="why panel earlier"><summary>(.*?)</summary>(.*?)</details>', page, re.S
            )
            assert fold is not None, "the AI's reasons are gone from the page"
            assert fold.group(1) == EARLIER[lang]
            assert why_heads(fold.group(2)) == told[-1:]
            checked += 1
        got = client.post(
            f"/game/{name}/answer", data={**first_answer(page), "lang": lang}, follow_redirects=False
        )
        assert got.status_code == 303, got.text
    assert checked >= 3
