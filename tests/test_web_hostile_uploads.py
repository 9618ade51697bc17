"""`twilight serve`'s game logs opened in the browser, against a client that sends many (HTTP, Starlette's
TestClient, and a real server for the logs sent at once). Every log a player opened was kept in the data
folder without a bound: a script sending logs filled the disk, and each page of the list read them all.
Now the folder keeps at most MAX_OPENED_LOGS logs and MAX_OPENED_BYTES in all; a log past either bound
is refused with the list again, saying so in the page's language, and its text still in the form; no log
kept is removed to make room, and one already kept opens again, bounds or not. A few logs are read at
once, at most: the others wait, or are told to come back."""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from twilight.cli.web import replays as replays_module  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_replay import HEADER, ROUND  # noqa: E402

BASE = "http://127.0.0.1:8000"
LOG = HEADER + ROUND


def log_text(n: int) -> str:
    """A game log of its own: the same game, `n` blank lines more at its end (another text, another file)."""
    return LOG + "\n" * n


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def client(home: Path) -> Iterator[TestClient]:
    app = create_app("127.0.0.1", 8000, "en")
    app.state.replays.league = None  # (only the logs opened here)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


def problem(page: str) -> str:
    found = re.search(r'class="problem">(.*?)</p>', page, re.S)
    return unescape(found.group(1)) if found else ""


def textarea(page: str) -> str:
    found = re.search(r'<textarea name="log"[^>]*>\n(.*?)</textarea>', page, re.S)
    return unescape(found.group(1)) if found else ""


def kept(home: Path) -> list[Path]:
    folder = home / "replays"
    return sorted(folder.glob("*.txt")) if folder.is_dir() else []


def open_log(client: TestClient, text: str, name: str, lang: str = "en") -> object:
    form = {"log": text, "name": name, "lang": lang}
    return client.post(f"/replays/open?lang={lang}", data=form, follow_redirects=False)


def test_the_logs_kept_are_bounded_in_number(
    client: TestClient, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replays_module, "MAX_OPENED_LOGS", 3, raising=False)
    for n in range(3):
        got = open_log(client, log_text(n), f"game-{n}.txt")
        assert got.status_code == 303, problem(got.text)  # type: ignore[attr-defined]
    before = {path.name: path.read_bytes() for path in kept(home)}
    refused = open_log(client, log_text(9), "my game.txt")
    assert refused.status_code == 507  # type: ignore[attr-defined]
    said = problem(refused.text)  # type: ignore[attr-defined]
    assert said.startswith("This server keeps 3 game logs opened in the browser already")
    assert "at most 3 of them" in said and "delete a log you no longer need from the folder replays" in said
    # nothing of it is lost: its text and its file's name are in the form again; nothing kept was removed
    assert textarea(refused.text) == log_text(9)  # type: ignore[attr-defined]
    assert 'name="name" value="my game.txt"' in refused.text  # type: ignore[attr-defined]
    assert {path.name: path.read_bytes() for path in kept(home)} == before
    # a log already kept still opens, and its steps show
    again = open_log(client, log_text(1), "game-1.txt")
    assert again.status_code == 303 and again.headers["location"] == "/replay/game-1/1?lang=en"  # type: ignore[attr-defined]
    assert client.get("/replay/game-1/1").status_code == 200
    # room made by hand (a log deleted from the folder): the refused one is kept now
    (home / "replays" / "game-0.txt").unlink()
    assert open_log(client, log_text(9), "my game.txt").status_code == 303  # type: ignore[attr-defined]


def test_the_logs_kept_are_bounded_in_bytes_and_said_so_in_russian(
    client: TestClient, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replays_module, "MAX_OPENED_BYTES", 3 * len(LOG) + 100, raising=False)
    assert open_log(client, log_text(0), "a.txt").status_code == 303  # type: ignore[attr-defined]
    assert open_log(client, log_text(1), "b.txt").status_code == 303  # type: ignore[attr-defined]
    big = log_text(2000)  # (over what is left)
    refused = open_log(client, big, "c.txt", "ru")
    assert refused.status_code == 507  # type: ignore[attr-defined]
    said = problem(refused.text)  # type: ignore[attr-defined]
    assert said.startswith("Сервер уже хранит 2 журнала партий, открытых в браузере"), said
    assert "Этот журнал не сохранен" in said and '<html lang="ru"' in refused.text  # type: ignore[attr-defined]
    assert textarea(refused.text) == big  # type: ignore[attr-defined]
    assert [path.name for path in kept(home)] == ["a.txt", "b.txt"]
    assert open_log(client, log_text(3), "d.txt").status_code == 303  # type: ignore[attr-defined]


def test_a_text_that_is_no_log_is_refused_with_its_text_kept_in_the_form(
    client: TestClient, home: Path
) -> None:
    refused = open_log(client, "hello\r\nworld\r\n", "notes.txt", "ru")  # (a browser's line ends)
    assert refused.status_code == 422  # type: ignore[attr-defined]
    assert problem(refused.text).startswith("«notes» не переиграть:")  # type: ignore[attr-defined]
    assert textarea(refused.text) == "hello\nworld\n"  # type: ignore[attr-defined]
    assert kept(home) == []
    # a text that closes the form's box is given back as text, never as the page's own markup
    hostile = "</textarea><script>alert(1)</script>\n"
    again = open_log(client, hostile, "x.txt")
    assert "<script>alert" not in again.text and textarea(again.text) == hostile  # type: ignore[attr-defined]


def test_the_default_bounds_hold_a_players_games() -> None:
    """Room for many games of the league's size (the longest is 25 kB), and for a few of the largest log
    read at all."""
    from twilight.cli.replay.log import MAX_LOG_BYTES

    assert replays_module.MAX_OPENED_LOGS >= 100
    assert replays_module.MAX_OPENED_BYTES >= 5 * MAX_LOG_BYTES
    assert replays_module.MAX_OPENED_BYTES >= replays_module.MAX_OPENED_LOGS * 40_000


def test_logs_sent_at_once_are_read_a_few_at_a_time(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many logs sent at the same moment to a real server: at most MAX_OPENING are read at once (each
    could hold a thread for seconds); one that waits too long is told to send it again, in its page's
    language; none is lost or half kept."""
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    import httpx
    from twilight.cli.web import app as app_module
    from twilight.cli.web.replays import Replays
    from twilight.cli.web.server import server_thread

    monkeypatch.setattr(app_module, "OPENING_WAIT_SECONDS", 1.0, raising=False)
    reading = {"now": 0, "most": 0}
    guard = threading.Lock()
    real = Replays.open_text

    def slow(self: Replays, text: str, name: str, lang: str) -> object:
        with guard:
            reading["now"] += 1
            reading["most"] = max(reading["most"], reading["now"])
        try:
            time.sleep(0.6)
            return real(self, text, name, lang)
        finally:
            with guard:
                reading["now"] -= 1

    monkeypatch.setattr(Replays, "open_text", slow)
    with server_thread("en") as base:

        def send(n: int) -> httpx.Response:
            with httpx.Client(base_url=base, timeout=60) as tab:
                form = {"log": log_text(n), "name": f"g{n}.txt", "lang": "ru"}
                return tab.post("/replays/open?lang=ru", data=form)

        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(send, range(8)))
    assert reading["most"] == app_module.MAX_OPENING
    codes = sorted(r.status_code for r in got)
    assert set(codes) == {303, 503}, codes  # (303: a log opened, to its first step)
    busy = next(r for r in got if r.status_code == 503)
    assert (
        problem(busy.text)
        == "Сервер сейчас читает другие журналы партий: отправьте этот чуть позже. Ничего не сохранено."
    )
    assert len(kept(home)) == codes.count(303)
