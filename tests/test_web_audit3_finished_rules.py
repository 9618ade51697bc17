"""`twilight serve` after a fifth player's audit: a game over whose rules changed since it began (a rule
file edited, a newer version installed) still said, above *Game over*, that it *goes on under the rules it
was started with*, and offered to start it again under the new ones, every move lost: neither is so of a
game that has ended (the terminal resumes no finished game). By HTTP (Starlette's TestClient,
tests/web_client.py)."""

from __future__ import annotations

import warnings
from pathlib import Path

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, house_rules, problem  # noqa: E402

MOST_ANSWERS = 300


def test_a_finished_game_is_not_offered_to_start_again(client: TestClient, home: Path) -> None:
    folder = house_rules(home / "rules", "1.0")
    form = {"ruleset": "house@1.0", "side": "us", "level": "expert", "seed": "3", "lang": "en"}
    got = client.post("/new", data=form, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    location = str(got.headers["location"])
    name = game_name(location)
    dealing = folder / "dealing.tsr"
    text = dealing.read_text(encoding="utf-8")
    assert "then 8 else 9" in text
    dealing.write_text(text.replace("then 8 else 9", "then 7 else 9"), encoding="utf-8")
    page = client.get(location).text
    assert 'class="panel rules-changed"' in page  # (while it goes on: said, and offered)
    for _ in range(MOST_ANSWERS):
        if 'id="end"' in page:
            break
        sent = client.post(f"/game/{name}/answer", data=first_answer(page), follow_redirects=False)
        assert sent.status_code == 303, problem(sent.text)
        page = client.get(location).text
    assert 'id="end"' in page, "the game did not end"
    assert 'class="panel rules-changed"' not in page and 'id="restart"' not in page
