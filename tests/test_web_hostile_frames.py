"""`twilight serve`'s pages inside another site's frame (HTTP, Starlette's TestClient:
tests/web_client.py). A page of the game could be framed by any site the player visits, and a page there
laid over the game's buttons clicked them for the player: the frame's forms carry the game's own origin
and host, which the guards take. Now every response forbids a frame of another site (CSP frame-ancestors
and X-Frame-Options), takes scripts and styles from the server alone, and sends no address of the game
to another site; the pages still post their forms (a Referrer-Policy of `no-referrer` would make a
browser send `Origin: null`, which the guard refuses)."""

from __future__ import annotations

import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

FORM = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": "en", "seed": "3"}


def framed_nowhere(headers: object) -> None:
    got = {k.lower(): v for k, v in headers.items()}  # type: ignore[attr-defined]
    policy = got.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy, got
    assert got.get("x-frame-options") == "DENY"
    assert got.get("x-content-type-options") == "nosniff"
    assert got.get("referrer-policy") == "same-origin"


@pytest.mark.parametrize(
    "path", ["/", "/?lang=ru", "/replays", "/static/web.js", "/favicon.ico", "/game/none", "/nothing/here"]
)
def test_every_page_forbids_a_frame_of_another_site(client: TestClient, path: str) -> None:
    framed_nowhere(client.get(path).headers)


def test_refusals_and_redirects_forbid_it_too(client: TestClient) -> None:
    framed_nowhere(client.get("/", headers={"host": "evil.example:8000"}).headers)  # (421, the guard's)
    framed_nowhere(client.post("/new", data=FORM, headers={"origin": "http://evil.example"}).headers)
    framed_nowhere(client.post("/new", content=b"x" * 70_000).headers)  # (413, the guard's)
    started = client.post("/new", data=FORM, follow_redirects=False)
    assert started.status_code == 303
    framed_nowhere(started.headers)
    framed_nowhere(client.get(started.headers["location"]).headers)


@pytest.mark.parametrize(
    ("site", "mode", "dest", "served"),
    [
        ("cross-site", "no-cors", "image", False),  # <img src> on another site's page
        ("cross-site", "no-cors", "script", False),
        ("same-site", "cors", "empty", False),  # a fetch of a page of another port of this machine
        ("cross-site", "navigate", "document", True),  # a link followed from another site
        ("same-origin", "no-cors", "image", True),  # the game's own pages
        ("none", "navigate", "document", True),  # typed or a bookmark
    ],
)
def test_a_request_another_sites_page_makes_is_refused(
    client: TestClient, site: str, mode: str, dest: str, served: bool
) -> None:
    """Any page the player visits could ask for `/game/NAME/hint` (a second of the server's work) or
    tell by the answer whether a game is saved here; the browser says who asks (Sec-Fetch-*)."""
    started = client.post("/new", data=FORM, follow_redirects=False)
    name = started.headers["location"].split("/")[2].split("?")[0]
    asked = {"sec-fetch-site": site, "sec-fetch-mode": mode, "sec-fetch-dest": dest}
    for path in (f"/game/{name}/hint", f"/game/{name}", "/static/web.js"):
        got = client.get(path, headers=asked)
        assert (got.status_code == 200) is served, (path, got.status_code)
        if not served:
            assert got.status_code == 403
            assert "A page of another site asked for this one" in got.text
            framed_nowhere(got.headers)
