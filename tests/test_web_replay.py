"""`twilight serve` opens a game log of the digital edition as a read-only replay (issue 49, item 4), over
HTTP (Starlette's TestClient): the list of logs, each step's board, log lines and divergences, forward,
back and to a turn, a log opened in the browser, bad logs and bad steps as pages, both languages, and the
log replayed once however many steps are shown. In a real browser: test_web_replay_browser.py."""

from __future__ import annotations

import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402
from twilight.cli.web.replays import KEPT_REPLAYS, REAL_GAMES  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_replay import HEADER, ROUND  # noqa: E402

BASE = "http://127.0.0.1:8000"
# A made-up game of seven steps (the setup, the headline, five action rounds) whose line 27 prints a total
# our rules do not reach (Egypt [3][0]: ours [2][0]): one divergence, in step 4.
MORE = """
Turn 1, USSR AR2: Decolonization: Place Influence (2 Ops):
USSR +2 in Iraq [0][3]

Turn 1, US AR2: Special Relationship: Place Influence (2 Ops):
US +2 in Japan [3][0]

Turn 1, USSR AR3: Romanian Abdication*: Place Influence (1 Ops):
USSR +1 in Syria [0][2]
"""
MADE_UP = HEADER + ROUND.replace("US +2 in Egypt [2][0]", "US +2 in Egypt [3][0]") + MORE
STEPS = 7


@pytest.fixture
def logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of its own, and a folder with the made-up log and a file that is no game log."""
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "made-up.txt").write_text(MADE_UP, encoding="utf-8")
    (folder / "notes.txt").write_text("a shopping list\nmilk\n", encoding="utf-8")
    return folder


@pytest.fixture
def client(logs: Path) -> Iterator[TestClient]:
    app = create_app("127.0.0.1", 8000, "en", replay_logs=(str(logs),))
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


def problem(page: str) -> str:
    found = re.search(r'class="problem">(.*?)</p>', page, re.S)
    return found.group(1) if found else ""


def where(page: str) -> str:
    found = re.search(r'<p class="where" id="where">(.*?)</p>', page)
    return found.group(1) if found else ""


def link(page: str, ident: str) -> str | None:
    """The address of the navigation link `ident` (first, back, forward, last), None when disabled."""
    found = re.search(rf'<a class="button" id="{ident}"[^>]*href="([^"]+)"', page)
    return found.group(1).replace("&amp;", "&") if found else None


def log_lines(page: str) -> dict[int, str]:
    return {int(n): text for n, text in re.findall(r'data-line="(\d+)"><code>(.*?)</code>', page)}


def influence(page: str, country: str) -> tuple[int, int]:
    found = re.search(rf'data-country="{country}"[^>]*data-us="(\d+)" data-ussr="(\d+)"', page)
    assert found, country
    return int(found[1]), int(found[2])


def test_the_logs_are_listed_and_the_start_page_leads_there(client: TestClient) -> None:
    start = client.get("/")
    assert 'href="/replays?lang=en"' in start.text
    listed = client.get("/replays")
    assert listed.status_code == 200
    names = re.findall(r'data-log="([^"]+)"', listed.text)
    assert names[:2] == ["made-up", "notes"]  # (those given first; the league's after them when present)
    if REAL_GAMES.is_dir():
        assert "game-14" in names
    assert "36 lines, up to turn 1" in listed.text
    russian = client.get("/replays?lang=ru")
    assert "Открыть партию, сыгранную онлайн" in russian.text and "36 строк, до хода 1" in russian.text


def test_forward_and_back_step_through_the_rounds(client: TestClient) -> None:
    """Each step is our board after a round, the round's log lines beside it: forward three times from
    the first step, then back once, reaches the Soviet coup in Iran (the third step)."""
    page = client.get("/replay/made-up/1").text
    assert link(page, "back") is None and link(page, "first") is None
    assert "step 1 of 7" in where(page) and "Setup" in where(page)
    assert influence(page, "iran") == (2, 0)  # (the US handicap point placed there)
    for _ in range(3):
        page = client.get(str(link(page, "forward"))).text
    assert "step 4 of 7" in where(page)
    page = client.get(str(link(page, "back"))).text
    assert "step 3 of 7: Turn 1 · Action round 1: USSR" in where(page)
    lines = log_lines(page)
    assert min(lines) == 18 and lines[18].startswith("Turn 1, USSR AR1: Nuclear Test Ban: Coup")
    assert "USSR +2 in Iran [0][2]" in lines.values()
    assert influence(page, "iran") == (0, 2)  # our board after the coup: the log's totals
    assert "Our rules agree with the log in this round." in page
    # what our rules did in that round, in their own words, with the coup's die drawn
    ours = page[page.index('id="ours"') :]
    assert "Nuclear Test Ban" in ours and 'class="die"' in ours
    last = client.get("/replay/made-up/7").text
    assert link(last, "forward") is None and link(last, "last") is None
    assert influence(last, "syria") == (0, 2)


def test_a_divergence_is_marked_under_its_line_in_both_languages(client: TestClient) -> None:
    page = client.get("/replay/made-up/4").text
    assert re.search(
        r'<li class="line diverges" value="27" data-line="27"><code>US \+2 in Egypt \[3\]\[0\]', page
    )
    mark = re.search(r'<p class="divergence our_bug">(.*?)</p>', page)
    assert (
        mark
        and "≠ our bug" in mark[1]
        and "ours: Egypt: US 2, USSR 0" in mark[1]
        and "Olympic Games, played to place influence" in mark[1]
    )
    assert "One place in this round where our rules disagree" in page
    russian = client.get("/replay/made-up/4?lang=ru").text
    assert (
        "≠ наша ошибка" in russian
        and "у нас: Египет: США 2, СССР 0" in russian
        and "«Олимпийские игры»" in russian
    )
    assert "Наше поле после шага 4 из 7: Ход 1 · Раунд действий 1: США" in where(russian)
    assert 'lang="ru"' in russian and "Вперёд" in russian
    # a step with no divergence says so
    assert "В этом раунде наши правила согласны с записью." in client.get("/replay/made-up/3?lang=ru").text


def test_a_turn_is_jumped_to(client: TestClient) -> None:
    got = client.get("/replay/made-up?turn=1&lang=ru", follow_redirects=False)
    assert got.status_code == 303 and re.fullmatch(r"/replay/made-up/[12]\?lang=ru", got.headers["location"])
    page = client.get("/replay/made-up/5").text
    assert '<option value="1" selected>Turn 1</option>' in page
    assert (
        client.get("/replay/made-up", follow_redirects=False).headers["location"]
        == "/replay/made-up/1?lang=en"
    )


@pytest.mark.parametrize("step", ["0", "8", "abc", "99999999999", "-1"])
def test_an_unknown_step_is_a_page(client: TestClient, step: str) -> None:
    got = client.get(f"/replay/made-up/{step}")
    assert got.status_code == 404
    assert problem(got.text) == f"This replay has no step “{step}”: its steps are 1 to {STEPS}."
    assert "Traceback" not in got.text
    russian = client.get(f"/replay/made-up/{step}?lang=ru")
    assert problem(russian.text).startswith("В этой переигровке нет шага")


def test_bad_logs_and_unknown_names_are_pages(client: TestClient) -> None:
    got = client.get("/replay/notes/1")
    assert got.status_code == 422
    assert "“notes” cannot be replayed: not a game log of the digital edition" in problem(got.text)
    assert "/tmp" not in got.text and "Traceback" not in got.text
    russian = client.get("/replay/notes/1?lang=ru")
    assert problem(russian.text).startswith("«notes» не переиграть:")
    unknown = client.get("/replay/passwd/1")
    assert unknown.status_code == 404 and problem(unknown.text).startswith(
        "There is no game log called “passwd”"
    )
    # a name is looked up in the list, never read as a path
    assert client.get("/replay/..%2F..%2Fetc%2Fpasswd/1").status_code == 404
    assert client.get("/replay/%2Fetc%2Fpasswd/1").status_code == 404
    turn = client.get("/replay/made-up?turn=12")
    assert turn.status_code == 404 and problem(turn.text) == "The log has no turn “12”."


def test_a_log_opened_in_the_browser_is_kept_and_stepped_through(client: TestClient, logs: Path) -> None:
    form = {"log": MADE_UP.replace("\n", "\r\n"), "name": "my game (online).txt", "lang": "ru"}
    got = client.post("/replays/open", data=form, follow_redirects=False)
    assert got.status_code == 303 and got.headers["location"] == "/replay/my-game-online/1?lang=ru"
    kept = logs.parent / "home" / "replays" / "my-game-online.txt"
    assert kept.read_text(encoding="utf-8") == MADE_UP
    assert (kept.stat().st_mode & 0o777) == 0o600
    # the same text again is the same log; another text of the same name, another
    again = client.post("/replays/open", data=form, follow_redirects=False)
    assert again.headers["location"] == got.headers["location"]
    other = {**form, "log": MADE_UP.replace("[3][0]", "[2][0]")}
    assert (
        "/replay/my-game-online-2/1"
        in client.post("/replays/open", data=other, follow_redirects=False).headers["location"]
    )
    page = client.get(got.headers["location"])
    assert page.status_code == 200 and "шаг 1 из 7" in page.text
    assert "opened in the browser" in client.get("/replays").text


def test_a_text_that_is_no_log_is_refused_with_a_page(client: TestClient, logs: Path) -> None:
    got = client.post("/replays/open", data={"log": "hello\nworld\n", "name": "x.txt", "lang": "en"})
    assert got.status_code == 422
    assert "“x” cannot be replayed: not a game log of the digital edition" in problem(got.text)
    cut = client.post("/replays/open", data={"log": HEADER, "name": "cut.txt", "lang": "ru"})
    assert cut.status_code == 422 and problem(cut.text).startswith("«cut» не переиграть:")
    assert not (logs.parent / "home" / "replays").exists()  # (nothing kept of a text that is no log)
    huge = client.post("/replays/open", content=b"log=" + b"x" * 7_000_000)
    assert huge.status_code == 413


def test_a_log_is_replayed_once_for_all_its_steps(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from twilight.cli.replay import driver

    runs: list[str] = []
    real_run = driver.Replay.run

    def counted(self: Any) -> Any:
        runs.append(self.log.path)
        return real_run(self)

    monkeypatch.setattr(driver.Replay, "run", counted)
    for step in (1, 2, 3, 4, 3, 2, 7):
        assert client.get(f"/replay/made-up/{step}").status_code == 200
    client.get("/replay/made-up/5?lang=ru")
    assert len(runs) == 1


def test_the_replays_kept_are_bounded(logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from twilight.cli.web.replays import Replays

    for n in range(KEPT_REPLAYS + 2):
        (logs / f"copy-{n}.txt").write_text(MADE_UP, encoding="utf-8")
    replays = Replays((str(logs),), league=None)
    for n in range(KEPT_REPLAYS + 2):
        replays.replayed(f"copy-{n}", "en")
    assert len(replays._kept) == KEPT_REPLAYS
    assert all(replayed.log.name != "copy-0" for replayed in replays._kept.values())


@pytest.mark.skipif(not REAL_GAMES.is_dir(), reason="the real games are not beside the repository")
def test_a_league_game_steps_to_its_end(client: TestClient) -> None:
    first = client.get("/replay/game-14/1")
    assert first.status_code == 200
    count = int(re.search(r"step 1 of (\d+)", where(first.text))[1])  # type: ignore[index]
    last = client.get(f"/replay/game-14/{count}?lang=ru")
    assert last.status_code == 200 and f"шага {count} из {count}" in where(last.text)
    assert log_lines(last.text)
