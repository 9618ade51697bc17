"""`twilight serve` after a fifth player's audit: a refused request of a Russian game's pages was
answered in the server's language (English) when the refusal came before the page's handler ran: a GET
of the address a form posts to (405), a body said to be too big (413). Every other error of the game
came in its own language, as docs/web.md promises ("a page in the player's language"). By HTTP
(Starlette's TestClient, tests/web_client.py; the server's language English)."""

from __future__ import annotations

import re
import warnings

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import game_name, start  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402


def page_lang(page: str) -> str:
    found = re.search(r'<html lang="(\w+)"', page)
    assert found is not None, page[:200]
    return found.group(1)


def test_a_request_refused_before_its_handler_is_in_the_games_language(client: TestClient) -> None:
    name = game_name(start(client, "ru"))
    path = saves_dir() / f"{name}.json"
    before = path.read_bytes()

    got = client.get(f"/game/{name}/answer")  # (a form's address opened as a page)
    assert got.status_code == 405
    assert page_lang(got.text) == "ru", got.text
    assert "Вернуться к игре" in got.text  # (and it links back to the game)

    huge = client.post(
        f"/game/{name}/answer",
        content=b"n=0",
        headers={"content-length": str(10**9), "content-type": "text/plain"},
    )
    assert huge.status_code == 413
    assert page_lang(huge.text) == "ru", huge.text

    # A language asked for still wins; a page of no game is in the server's language.
    asked = client.get(f"/game/{name}/answer?lang=en")
    assert page_lang(asked.text) == "en"
    assert page_lang(client.get("/no/such/page").text) == "en"
    assert path.read_bytes() == before and read_save(path)["play"]["lang"] == "ru"
