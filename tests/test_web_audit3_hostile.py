"""`twilight serve` after a fifth player's audit, hostile requests: a control character in a request's
path (a game's or a game log's name: `%00`, `%1b`) went into the error page as it was, a byte no HTML may
hold as text (a NUL in the page). Now it is shown as the replacement character. By HTTP (Starlette's
TestClient, tests/web_client.py)."""

from __future__ import annotations

import re
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.mark.parametrize(
    "path", ["/game/abc%00def", "/game/a%1b%5b31mb/hint", "/replay/x%00y/1", "/game/%c2%9bz"]
)
def test_a_control_character_of_the_request_never_reaches_the_page(client: TestClient, path: str) -> None:
    got = client.get(path)
    assert got.status_code == 404, got.text[:300]
    assert not CONTROLS.search(got.text), repr(got.text)
    assert "\ufffd" in got.text  # (said where it was)
