"""`twilight serve` takes up a save written by another version of twilight whose game now goes another
way (a fix of how the AI plays) as `twilight play --resume` does: from the last of its answers that still
leads back, the file as it was kept beside it (`NAME.json.old`); it showed an error page instead, and the
game could not go on."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, start  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402
from web_client import BASE  # noqa: E402


def test_a_save_that_no_longer_leads_back_goes_on_in_the_browser(client: TestClient, home: Path) -> None:
    location = start(client)
    name = game_name(location)
    for _ in range(8):
        page = client.get(location).text
        got = client.post(f"/game/{name}/answer", data=first_answer(page), follow_redirects=False)
        assert got.status_code == 303, got.text
        location = str(got.headers["location"])
    path = saves_dir() / f"{name}.json"
    data = read_save(path)
    answers = data["answers"]
    assert len(answers) > 6
    changed = {**data, "answers": [*answers[:5], [answers[5][0], "no_such_answer"], *answers[6:]]}
    written = json.dumps(changed)
    path.write_text(written, encoding="utf-8")

    # A server started afresh (nothing of the game in its memory) reads the save again.
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE, raise_server_exceptions=False) as c:
        got = c.get(f"/game/{name}")
        assert got.status_code == 200, got.text[:500]
        assert 'name="decision"' in got.text  # a question to answer, not an error page
    assert path.with_name(path.name + ".old").read_text(encoding="utf-8") == written
    resumed = read_save(path)
    assert resumed["answers"][:5] == answers[:5]
    assert "no_such_answer" not in json.dumps(resumed["answers"])
