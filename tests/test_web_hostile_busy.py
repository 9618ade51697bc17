"""`twilight serve` against many slow requests at once, on a real server (tests/web_client.py's helpers
are not needed: httpx against `server_thread`). A hint is about a second of playouts, a game log's replay
a fraction of one; each ran in a thread of the server's pool (40), and those of one game waited there
for its lock: thirty hints of one game asked at once kept its page waiting for seconds, and some sixty
(a GET each, which any page may send) held every thread, every other game's click with them. Now at
most a few hints and one replay are worked out at once; the others wait their turn without a thread,
and one that waits too long is told the server is busy, in its page's language, with nothing changed."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path
from typing import Any

import httpx
import pytest
from twilight.cli.web import app as app_module
from twilight.cli.web.game import Games
from twilight.cli.web.replays import Replays
from twilight.cli.web.server import server_thread

FORM = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": "ru", "seed": "5"}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    return tmp_path


def problem(page: str) -> str:
    found = re.search(r'class="problem">(.*?)</p>', page, re.S)
    return unescape(found.group(1)) if found else ""


class Counted:
    """A slow stand-in for a method, counting how many run at once."""

    def __init__(self, real: Callable[..., Any], seconds: float) -> None:
        self.real = real
        self.seconds = seconds
        self.now = self.most = 0
        self.guard = threading.Lock()

    def __call__(self, *args: Any) -> Any:
        with self.guard:
            self.now += 1
            self.most = max(self.most, self.now)
        try:
            time.sleep(self.seconds)
            return self.real(*args)
        finally:
            with self.guard:
                self.now -= 1


def at_once(base: str, paths: list[str]) -> list[httpx.Response]:
    def get(path: str) -> httpx.Response:
        with httpx.Client(base_url=base, timeout=120) as tab:
            return tab.get(path)

    with ThreadPoolExecutor(len(paths)) as pool:
        return list(pool.map(get, paths))


def test_hints_asked_at_once_are_worked_out_a_few_at_a_time(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "MAX_HINTING", 2, raising=False)
    monkeypatch.setattr(app_module, "HINT_WAIT_SECONDS", 1.5, raising=False)
    counted = Counted(Games.hint, 0.5)
    monkeypatch.setattr(Games, "hint", lambda self, *args: counted(self, *args))
    with server_thread("en") as base:
        with httpx.Client(base_url=base, timeout=120) as tab:
            started = tab.post("/new", data=FORM, follow_redirects=False)
            name = started.headers["location"].split("/")[2].split("?")[0]
        got = at_once(base, [f"/game/{name}/hint"] * 10)
    assert counted.most == 2  # (before: all ten at once, nine of them holding a thread for its lock)
    codes = [r.status_code for r in got]
    assert codes.count(200) >= 2 and 503 in codes, codes
    busy = next(r for r in got if r.status_code == 503)
    said = "Сервер сейчас занят другими подсказками: попросите снова чуть позже. В игре ничего не изменилось."
    assert problem(busy.text) == said
    assert f'href="/game/{name}?lang=ru"' in busy.text  # (back to the game, as it stands)


def test_replays_asked_at_once_are_made_one_at_a_time(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from test_web_hostile_uploads import log_text

    monkeypatch.setattr(app_module, "REPLAY_WAIT_SECONDS", 1.2, raising=False)
    counted = Counted(Replays.replayed, 0.5)
    monkeypatch.setattr(Replays, "replayed", lambda self, *args: counted(self, *args))
    folder = home / "logs"
    folder.mkdir()
    for n in range(6):
        (folder / f"g{n}.txt").write_text(log_text(n), encoding="utf-8")
    with server_thread("en", replays=(str(folder),)) as base:
        got = at_once(base, [f"/replay/g{n}/1?lang=en" for n in range(6)])
    assert counted.most == 1
    codes = [r.status_code for r in got]
    assert codes.count(200) >= 1 and 503 in codes, codes
    busy = next(r for r in got if r.status_code == 503)
    assert problem(busy.text).startswith("The server is reading other game logs just now")
