"""`twilight serve` over HTTP (Starlette's TestClient, no browser): the guards (a foreign Host or Origin,
a huge body, garbage form data, an unknown game, a stale answer, a save another game holds), and saves
shared with the terminal game both ways. The whole game by clicks in Chromium: test_web_browser.py."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from twilight.cli.session.saves import SaveLock, read_save, saves_dir  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402
from web_client import BASE  # noqa: E402 (its fixtures home, app and client: conftest.py)


def start(client: TestClient, lang: str = "en", seed: int = 3) -> str:
    """A new game (US against the normal AI): its page's address."""
    form = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": lang, "seed": str(seed)}
    got = client.post("/new", data=form, follow_redirects=False)
    assert got.status_code == 303, got.text
    return str(got.headers["location"])


def question(page: str) -> dict[str, Any]:
    """The pending question's form: answers given so far, its name, its options' values, its bounds."""
    return {
        "n": re.search(r'name="n" value="(\d+)"', page).group(1),  # type: ignore[union-attr]
        "decision": re.search(r'name="decision" value="([^"]*)"', page).group(1),  # type: ignore[union-attr]
        "buttons": re.findall(r'<button type="submit" name="pick" value="(\d+)"', page),
        "boxes": re.findall(r'type="checkbox" name="pick" value="(\d+)"', page),
        "min": int(re.search(r'data-min="(\d+)"', page).group(1)),  # type: ignore[union-attr]
    }


def first_answer(page: str) -> dict[str, Any]:
    q = question(page)
    form: dict[str, Any] = {"n": q["n"], "decision": q["decision"]}
    form["pick"] = q["buttons"][0] if q["buttons"] else q["boxes"][: q["min"]]
    return form


def game_name(location: str) -> str:
    return location.split("/")[2].split("?")[0]


def problem(page: str) -> str:
    found = re.search(r'class="problem">(.*?)</p>', page, re.S)
    return found.group(1) if found else ""


def test_a_foreign_host_is_refused_with_a_page(client: TestClient) -> None:
    got = client.get("/", headers={"host": "evil.example:8000"})
    assert got.status_code == 421
    assert "only at its own address" in got.text and "Traceback" not in got.text
    # its own address, by number and as localhost, is served
    assert client.get("/static/web.css", headers={"host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/static/web.css", headers={"host": "localhost:8000"}).status_code == 200
    # the right name on another port is another server
    assert client.get("/static/web.css", headers={"host": "127.0.0.1:9000"}).status_code == 421
    assert client.get("/?lang=ru", headers={"host": "evil.example"}).status_code == 421


def test_a_form_from_another_site_is_refused(client: TestClient) -> None:
    location = start(client)
    form = first_answer(client.get(location).text)
    got = client.post(
        f"/game/{game_name(location)}/answer", data=form, headers={"origin": "http://evil.example"}
    )
    assert got.status_code == 403
    assert "another site" in got.text


def test_bad_requests_get_a_page_in_the_players_language(client: TestClient, home: Path) -> None:
    location = start(client, "ru")
    name = game_name(location)
    page = client.get(location).text
    before = read_save(saves_dir() / f"{name}.json")["answers"]
    q = question(page)
    garbage = [
        {"n": q["n"], "decision": q["decision"], "pick": "999", "lang": "ru"},  # no such option
        {"n": q["n"], "decision": q["decision"], "pick": "x", "lang": "ru"},
        {"n": "not a number", "decision": q["decision"], "lang": "ru"},
        {"n": "²", "decision": q["decision"], "lang": "ru"},  # a digit `int` refuses
        {"n": q["n"], "decision": q["decision"], "pick": "²", "lang": "ru"},
    ]
    for form in garbage:
        got = client.post(f"/game/{name}/answer", data=form)
        assert got.status_code == 400, form
        assert "ничего не изменилось" in problem(got.text)
        assert "Traceback" not in got.text
    got = client.post(
        f"/game/{name}/answer?lang=ru",
        content=b"\xff\xfe=\x00",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert got.status_code == 400 and "ничего не изменилось" in got.text
    huge = client.post(f"/game/{name}/answer?lang=ru", content=b"a=" + b"1" * 200_000)
    assert huge.status_code == 413 and "больше любого ответа" in huge.text
    odd_seed = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": "ru", "seed": "²"}
    refused_seed = client.post("/new", data=odd_seed, follow_redirects=False)
    assert refused_seed.status_code == 400 and "целое число" in problem(refused_seed.text)
    missing = client.get("/game/no-such-game?lang=ru")
    assert missing.status_code == 404 and "no-such-game" in missing.text and "нет" in missing.text
    assert client.get("/game/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/nothing/here").status_code == 404
    # nothing of it reached the save
    assert read_save(saves_dir() / f"{name}.json")["answers"] == before


def test_an_answer_to_a_question_already_answered_is_refused(client: TestClient) -> None:
    location = start(client)
    name = game_name(location)
    form = first_answer(client.get(location).text)
    assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303
    answers = len(read_save(saves_dir() / f"{name}.json")["answers"])
    again = client.post(f"/game/{name}/answer", data=form)  # a second tab, or the page sent twice
    assert again.status_code == 409
    assert "already answered" in problem(again.text)
    assert len(read_save(saves_dir() / f"{name}.json")["answers"]) == answers


def test_a_save_another_game_holds_is_not_touched(client: TestClient) -> None:
    location = start(client)
    name = game_name(location)
    form = first_answer(client.get(location).text)
    path = saves_dir() / f"{name}.json"
    before = path.read_bytes()
    with SaveLock(path):  # what a terminal game on this save holds
        got = client.post(f"/game/{name}/answer", data=form)
    assert got.status_code == 409 and "open elsewhere" in got.text
    assert path.read_bytes() == before
    assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303


def test_a_game_is_viewed_without_its_lock_and_errors_name_saves_not_paths(
    client: TestClient, home: Path
) -> None:
    """Viewing once took the save's lock: with a saves folder the server cannot write (here: the lock
    file cannot be made) or a game another process holds, the page was an error; and error pages showed
    the save's absolute path."""
    location = start(client)
    name = game_name(location)
    path = saves_dir() / f"{name}.json"
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as fresh:  # nothing in memory
        with SaveLock(path):  # a terminal game plays it
            shown = fresh.get(location)
        assert shown.status_code == 200 and question(shown.text)["decision"], shown.text[:500]
        Path(str(path) + ".lock").mkdir()  # no lock can be taken here
        shown = fresh.get(location)
        assert shown.status_code == 200 and question(shown.text)["decision"], shown.text[:500]
        refused = fresh.post(f"/game/{name}/answer", data=first_answer(shown.text))
    assert refused.status_code == 500
    assert f"saves/{name}.json" in refused.text and str(home) not in refused.text


def play_terminal(args: list[str], typed: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TWILIGHT_HOME": str(home), "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", "play", *args],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_the_terminal_continues_a_browser_game_and_back(client: TestClient, home: Path) -> None:
    location = start(client)
    name = game_name(location)
    for _ in range(3):
        form = first_answer(client.get(location).text)
        assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303
    path = saves_dir() / f"{name}.json"
    given = len(read_save(path)["answers"])
    # the terminal resumes the browser's save, answers one question and quits (saving)
    done = play_terminal(["--resume", name], "1\nquit\n", home)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"({given} answers replayed)" in done.stdout
    after = read_save(path)
    assert len(after["answers"]) > given
    # and the browser goes on from where the terminal left it
    page = client.get(location).text
    assert question(page)["n"] == str(len(after["answers"]))
    form = first_answer(page)
    assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303
    assert len(read_save(path)["answers"]) > len(after["answers"])


def test_the_browser_continues_a_terminal_game(client: TestClient, home: Path) -> None:
    args = ["--ruleset", "solo-v2", "--side", "us", "--level", "normal", "--seed", "3", "--lang", "ru"]
    done = play_terminal(args, "1\nquit\n", home)
    assert done.returncode == 0, done.stdout + done.stderr
    (path,) = saves_dir().glob("*.json")
    saved = read_save(path)
    page = client.get(f"/game/{path.stem}").text
    assert 'lang="ru"' in page  # the save's language
    assert question(page)["n"] == str(len(saved["answers"]))
    assert "Сумеречная борьба" in page
    form = first_answer(page)
    assert client.post(f"/game/{path.stem}/answer", data=form, follow_redirects=False).status_code == 303
    assert len(read_save(path)["answers"]) > len(saved["answers"])


def test_a_save_with_a_person_at_the_ais_side_is_refused_by_both(client: TestClient, home: Path) -> None:
    """A save edited so that its person plays the side its AI plays: the AI took that seat and the other
    side's first question, with no one to answer it, reached the terminal as a traceback. Now both the
    terminal and the browser refuse the save with the field that is wrong, and leave it as it was."""
    args = ["--ruleset", "solo-v2", "--side", "us", "--level", "normal", "--seed", "3", "--lang", "en"]
    assert play_terminal(args, "1\nquit\n", home).returncode == 0
    (path,) = saves_dir().glob("*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["settings"]["ai_side"] == "ussr"
    data["play"]["humans"] = ["ussr"]
    path.write_text(json.dumps(data), encoding="utf-8")
    edited = path.read_bytes()
    done = play_terminal(["--resume", path.stem], "", home)
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "Traceback" not in said and "internal error" not in said
    assert "play.humans: ussr is the side the AI plays" in " ".join(said.split())
    page = client.get(f"/game/{path.stem}")
    assert page.status_code == 400 and "play.humans" in page.text
    assert path.read_bytes() == edited


def test_an_internal_error_is_a_page_not_a_traceback(
    app: Any, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in the server")

    monkeypatch.setattr(app.state.games, "view", broken)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        got = c.get("/game/any-game?lang=ru")
    assert got.status_code == 500
    assert "Последнее сохранение игры цело" in got.text
    assert "Traceback" not in got.text and "a bug in the server" not in got.text


def test_the_page_shows_the_question_the_map_and_the_ais_reasons(client: TestClient) -> None:
    location = start(client)
    name = game_name(location)
    page = client.get(location).text
    assert page.count('class="option card"') >= 2  # the cards to choose from, each a button
    assert "<svg" in page and page.count("data-country=") > 80  # the map
    for _ in range(12):
        form = first_answer(page)
        assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303
        page = client.get(location).text
        if 'class="why panel"' in page:
            break
    assert 'class="why panel"' in page  # the AI moved since: its reasons are shown
    why = page.split('class="why panel"')[1].split("</section>")[0]
    assert "trace event" not in why and not re.search(r"#\d", why) and "[provisional" not in why
    assert 'class="happened panel"' in page  # what just happened, at the top


def test_two_tabs_answering_at_once_give_one_answer(home: Path) -> None:
    """Two tabs send the same question's answer at the same moment to a real server: one is taken, the
    other is told the question was already answered, and the save holds one answer more."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx
    from twilight.cli.web.server import server_thread

    with server_thread("en") as base, httpx.Client(base_url=base, timeout=120) as tab:
        location = start(tab)  # type: ignore[arg-type]
        name = game_name(location)
        form = first_answer(tab.get(location).text)
        before = len(read_save(saves_dir() / f"{name}.json")["answers"])
        with ThreadPoolExecutor(2) as pool:
            sent = list(pool.map(lambda _: tab.post(f"/game/{name}/answer", data=form), range(2)))
    assert sorted(r.status_code for r in sent) == [303, 409]
    refused = next(r for r in sent if r.status_code == 409)
    assert "already answered" in problem(refused.text)  # it waited for the other, then saw it answered
    after = read_save(saves_dir() / f"{name}.json")["answers"]
    assert len(after) > before and after[before][1] is not None


def test_half_sent_requests_and_idle_connections_are_closed(
    home: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """A connection that sent half a request (or nothing) was once held open for ever, and a few hundred
    of them used up the server's open files. Now a request must arrive whole within a deadline, and
    connections beyond a bound are closed at once; a whole request is still answered, however long the
    game takes to answer it."""
    import socket
    from urllib.parse import urlsplit

    import httpx
    from twilight.cli.web import bounded
    from twilight.cli.web.server import server_thread

    monkeypatch.setattr(bounded, "REQUEST_SECONDS", 1.0)
    monkeypatch.setattr(bounded, "MAX_CONNECTIONS", 6)

    def closed_within(sock: socket.socket, seconds: float) -> bool:
        sock.settimeout(seconds)
        try:
            return sock.recv(1024) == b""
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True

    with server_thread("en") as base:
        where = urlsplit(base)
        at = (where.hostname, where.port)
        half = socket.create_connection(at)
        head = f"POST /new HTTP/1.1\r\nHost: 127.0.0.1:{where.port}\r\nContent-Length: 100\r\n\r\n"
        half.sendall(head.encode() + b"ruleset=")
        silent = socket.create_connection(at)
        assert closed_within(half, 8) and closed_within(silent, 8)
        idle = [socket.create_connection(at) for _ in range(10)]
        shut = sum(closed_within(sock, 0.5) for sock in idle[6:])
        assert shut == 4  # (the six within the bound stay until their deadline)
        for sock in idle:
            sock.close()
        with httpx.Client(base_url=base, timeout=120) as tab:
            location = start(tab)  # type: ignore[arg-type]
            assert tab.get(location).status_code == 200
    assert "Traceback" not in capfd.readouterr().err  # (a request cut off is no internal error)


# ------------------------------------------------------------------------------ versions and pinned rules
def house_rules(root: Path, version: str = "1.0", folder: str | None = None) -> Path:
    """A copy of solo-v2-quickdeal under `root`, its manifest naming ruleset `house` at `version`."""
    from twilight.cli.versions import rules_root

    target = root / (folder or f"house-{version}")
    shutil.copytree(rules_root() / "solo-v2-quickdeal", target)
    manifest = target / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8").replace('ruleset "solo-v2-quickdeal"', 'ruleset "house"')
    manifest.write_text(text.replace('version "2.0"', f'version "{version}"'), encoding="utf-8")
    return target


def start_with(client: TestClient, ruleset: str, lang: str = "en", seed: int = 5) -> Any:
    form = {"ruleset": ruleset, "side": "us", "level": "normal", "lang": lang, "seed": str(seed)}
    return client.post("/new", data=form, follow_redirects=False)


def answer_first(client: TestClient, location: str, times: int) -> None:
    for _ in range(times):
        page = client.get(location).text
        address = f"/game/{game_name(location)}/answer"
        got = client.post(address, data=first_answer(page), follow_redirects=False)
        assert got.status_code == 303, problem(got.text)


def test_a_game_started_in_the_browser_is_pinned_to_its_rules(client: TestClient, home: Path) -> None:
    from twilight.cli.session.rules_store import ir_hash, load_ir
    from twilight.compiler import api

    name = game_name(start(client))
    saved = read_save(saves_dir() / f"{name}.json")
    pin = saved["play"]["rules"]
    ir = api.compile_target("solo-v2").ir
    assert ir is not None
    assert pin == {"name": "solo-v2", "version": ir["ruleset"]["version"], "hash": ir_hash(ir)}
    assert load_ir(pin["hash"]) == ir  # kept in saves/rules beside the save
    assert list((home / "saves" / "rules").glob(f"{pin['hash']}.json*"))


def test_a_variant_of_home_rules_is_listed_played_and_resumed_under_its_own_rules(
    app: Any, client: TestClient, home: Path
) -> None:
    folder = house_rules(home / "rules", "1.0")
    house_rules(home / "rules", "2.0")  # two versions of one ruleset, both listed
    listing = client.get("/").text
    listed = r'<option value="house@1.0" data-ai="yes">house 1.0 \(changes solo-v2\) — [^<]+'
    assert re.search(listed, listing)
    assert '<option value="house@2.0" data-ai="yes">' in listing
    assert '<option value="solo-v2@2.0" data-ai="yes" selected>' in listing  # the default stays solo-v2
    changes = client.get("/changes/house@1.0?lang=ru")
    assert changes.status_code == 200 and "Раздача карточек" in changes.text

    got = start_with(client, "house@1.0")
    assert got.status_code == 303, problem(got.text)
    location = str(got.headers["location"])
    name = game_name(location)
    answer_first(client, location, 3)
    first = read_save(saves_dir() / f"{name}.json")
    pin = first["play"]["rules"]
    assert (pin["name"], pin["version"]) == ("house", "1.0")
    assert "have changed" not in client.get(location).text

    # The rule file changes (smaller first hands): the game goes on under the rules it began with.
    dealing = folder / "dealing.tsr"
    changed = dealing.read_text(encoding="utf-8").replace("then 8 else 9", "then 7 else 9")
    assert changed != dealing.read_text(encoding="utf-8")
    dealing.write_text(changed, encoding="utf-8")
    page = client.get(location)
    assert page.status_code == 200, problem(page.text)
    assert "The rules of this game (house 1.0) have changed since it began" in page.text
    assert 'id="restart"' in page.text and "Start again under the new rules" in page.text
    view = app.state.games.view(name)
    assert view.engine.state.digest() == first["digest"]
    ru = client.get(f"/game/{name}?lang=ru").text
    assert "Правила этой партии (house 1.0) изменились с" in ru  # (её or ее: play.ftl's spelling)
    assert "Начать заново по новым правилам" in ru
    answer_first(client, location, 1)  # it plays on under its own rules
    second = read_save(saves_dir() / f"{name}.json")
    assert second["answers"][: len(first["answers"])] == first["answers"]
    assert len(second["answers"]) > len(first["answers"]) and second["play"]["rules"] == pin

    # The button: the same game (seed, settings) again under the new rules, pinned to them.
    restarted = client.post(f"/game/{name}/restart", data={"lang": "en"}, follow_redirects=False)
    assert restarted.status_code == 303, problem(restarted.text)
    third = read_save(saves_dir() / f"{name}.json")
    assert third["seed"] == first["seed"] and third["settings"] == first["settings"]
    assert third["play"]["rules"]["hash"] != pin["hash"]
    assert len(third["answers"]) < len(second["answers"])
    assert "have changed" not in client.get(location).text
    again = client.post(f"/game/{name}/restart", data={"lang": "en"})
    assert again.status_code == 409 and "nothing to restart" in problem(again.text)  # nothing new


def test_a_browser_game_whose_rules_are_gone_names_the_ones_it_needs(client: TestClient, home: Path) -> None:
    folder = house_rules(home / "rules", "1.0")
    location = str(start_with(client, "house@1.0").headers["location"])
    pin = read_save(saves_dir() / f"{game_name(location)}.json")["play"]["rules"]
    shutil.rmtree(folder)
    shutil.rmtree(home / "saves" / "rules")
    gone = client.get(location)
    assert gone.status_code == 400
    assert f"needs ruleset house 1.0 (rules {pin['hash'][:16]})" in problem(gone.text)
    assert "Traceback" not in gone.text


def test_a_rules_path_is_offered_by_serve(home: Path, tmp_path: Path) -> None:
    extra = tmp_path / "elsewhere"
    house_rules(extra, "3.1")
    with TestClient(create_app("127.0.0.1", 8000, "en", (str(extra),)), base_url=BASE) as with_path:
        assert '<option value="house@3.1" data-ai="yes">' in with_path.get("/").text
        got = start_with(with_path, "house@3.1")
        assert got.status_code == 303, problem(got.text)
        pin = read_save(saves_dir() / f"{game_name(got.headers['location'])}.json")["play"]["rules"]
        assert (pin["name"], pin["version"]) == ("house", "3.1")
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as without:
        assert "house@3.1" not in without.get("/").text


def test_what_a_variant_that_no_longer_compiles_changes_is_a_page_not_an_error(
    home: Path, tmp_path: Path
) -> None:
    extra = tmp_path / "elsewhere"
    broken = house_rules(extra, "3.2")
    (broken / "broken.tsr").write_text("function oops(: int { 1 }\n", encoding="utf-8")
    with TestClient(create_app("127.0.0.1", 8000, "en", (str(extra),)), base_url=BASE) as c:
        got = c.get("/changes/house@3.2")
        assert got.status_code == 422, got.text[:300]
        assert "The ruleset house@3.2 has errors" in got.text and "Traceback" not in got.text


def test_a_ruleset_the_list_does_not_hold_is_refused_with_a_page(client: TestClient) -> None:
    from twilight.cli.versions import rules_root

    unknown = start_with(client, "solo-v3", "ru")
    assert unknown.status_code == 400
    assert "Набора правил solo-v3 нет" in problem(unknown.text) and "solo-v2" in problem(unknown.text)
    version = start_with(client, "solo-v2@9.9")
    assert version.status_code == 400
    assert "There is no solo-v2@9.9: the versions found are 2.0" in problem(version.text)
    # A folder named in the request is no ruleset of the list (never compiled from the request's path).
    for path in (str(rules_root() / "solo-v2"), "../rules/solo-v2", "rules/solo-v2"):
        refused = start_with(client, path)
        assert refused.status_code == 400 and "There is no ruleset" in problem(refused.text), path
    assert client.get("/changes/..%2Fetc").status_code == 404
    assert not list(saves_dir().glob("*.json"))


@pytest.mark.parametrize(
    ("lang", "title", "asked_by", "source"),
    [
        (
            "en",
            "The rules behind this question",
            "part of: dealing the cards",
            "Human vs AI rule book · B. Dealing",
        ),
        (
            "ru",
            "Правила, по которым задан этот вопрос",
            "процедуру: Раздача карточек",
            "Свод правил «Человек против ИИ» · B.",
        ),
    ],
)
def test_the_question_shows_the_rules_behind_it(
    client: TestClient, lang: str, title: str, asked_by: str, source: str
) -> None:
    """As the terminal's `?`: what asks the question (the draft's procedure) and the rule book's sections,
    in the page's language, folded under a title."""
    import html

    page = client.get(start(client, lang=lang)).text
    found = re.search(r'<details class="rules"><summary>(.*?)</summary>(.*?)</details>', page, re.S)
    assert found, page
    assert html.unescape(found.group(1)) == title
    said = html.unescape(found.group(2))
    assert asked_by in said and source in said, said


def test_clicks_go_on_from_the_game_kept_in_memory(home: Path, replays: list[int]) -> None:
    """A game the server holds goes on from a copy of it at each click: nothing is replayed. A server
    that does not hold it (just started) replays its save once, then holds it. The save and the trace
    follow every click."""

    def click(c: TestClient, location: str, times: int) -> None:
        for _ in range(times):
            page = c.get(location).text
            got = c.post(f"/game/{game_name(location)}/answer", data=first_answer(page))
            assert got.status_code == 200, problem(got.text)

    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as c:
        location = start(c)
        click(c, location, 12)
    assert replays == []
    name = game_name(location)
    saved = read_save(saves_dir() / f"{name}.json")
    assert len(saved["answers"]) >= 12
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as c:  # the server restarted
        click(c, location, 6)
    assert replays == [len(saved["answers"])]
    again = read_save(saves_dir() / f"{name}.json")
    assert len(again["answers"]) > len(saved["answers"])
    trace = (saves_dir() / f"{name}.trace.jsonl").read_text(encoding="utf-8").splitlines()
    numbers = [int(line.split('"n": ')[1].split(",")[0]) for line in trace]
    assert numbers == list(range(len(trace)))
    decisions = sum('"kind": "decision"' in line for line in trace)
    assert decisions == len(again["answers"])


# ------------------------------------------------------------------------------ the second pass (issue 20)
def test_undo_goes_back_to_the_previous_question_without_a_replay(client: TestClient, home: Path) -> None:
    """Undo takes back the person's last answer (and the AI's moves after it) from the game kept in
    memory, and saves there; with nothing to take back, a page says so and nothing changes."""
    location = start(client)
    name = game_name(location)
    page = client.get(location).text
    first = question(page)
    refused = client.post(f"/game/{name}/undo", data={"n": first["n"], "lang": "en"})
    assert refused.status_code == 409 and "no earlier answer" in problem(refused.text)
    assert 'id="undo" title=' in page and "disabled" in page.split('id="undo"')[1].split(">")[0]
    for _ in range(3):
        form = first_answer(client.get(location).text)
        assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303
    before = read_save(saves_dir() / f"{name}.json")["answers"]
    now = question(client.get(location).text)
    back = client.post(f"/game/{name}/undo", data={"n": now["n"], "lang": "en"}, follow_redirects=False)
    assert back.status_code == 303
    after = read_save(saves_dir() / f"{name}.json")["answers"]
    assert len(after) < len(before) and after == before[: len(after)]
    assert question(client.get(location).text)["n"] == str(len(after))
    stale = client.post(f"/game/{name}/undo", data={"n": now["n"], "lang": "en"})
    assert stale.status_code == 409  # (the page that asked was already taken back)


def test_hint_shows_the_searchs_best_answers_under_the_question(client: TestClient) -> None:
    location = start(client)
    name = game_name(location)
    before = read_save(saves_dir() / f"{name}.json")
    got = client.get(f"/game/{name}/hint?lang=en")
    assert got.status_code == 200
    panel = got.text.split('id="hint-lines"')[1].split("</section>")[0]
    assert panel.count("<li>") >= 1 and ("playouts" in panel or "heuristic" in panel or "hint" in panel)
    assert read_save(saves_dir() / f"{name}.json") == before  # nothing of the game changed
    ru = client.get(f"/game/{name}/hint?lang=ru").text
    assert "Подсказка" in ru


def test_the_start_page_offers_the_rulesets_asked_settings(client: TestClient) -> None:
    """The deluxe map's Canada (a setting solo-v2 asks at the start) is on the start page, and taken."""
    home_page = client.get("/?lang=en").text
    assert 'name="setting-deluxe_map_canada"' in home_page
    form = {"ruleset": "solo-v2", "side": "us", "level": "normal", "lang": "en", "seed": "3"}
    got = client.post("/new", data={**form, "setting-deluxe_map_canada": "true"}, follow_redirects=False)
    assert got.status_code == 303
    saved = read_save(saves_dir() / f"{game_name(got.headers['location'])}.json")
    assert saved["settings"]["deluxe_map_canada"] is True
    bad = client.post("/new", data={**form, "setting-deluxe_map_canada": "perhaps"})
    assert bad.status_code == 400


def test_the_page_puts_what_just_happened_first_and_counts_the_regions(client: TestClient) -> None:
    """What just happened (with dice drawn as dice when a die was rolled) comes before the question and
    the map; bookkeeping goes to the history; the regions' levels and battlegrounds are listed."""
    location = start(client)
    name = game_name(location)
    seen_dice = False
    for _ in range(40):
        page = client.get(location).text
        if 'class="happened panel"' in page:
            assert page.index('class="happened panel"') < page.index('class="question panel"')
            assert page.index('class="happened panel"') < page.index('class="board panel"')
            happened = page.split('class="happened panel"')[1].split("</section>")[0]
            assert "Scoring deck" not in happened and "Scoring cards face up" not in happened
            seen_dice = seen_dice or 'class="die"' in happened
        if 'class="question panel"' not in page:
            break
        assert 'class="regions-now panel"' in page and "battlegrounds" in page
        if seen_dice:
            break
        form = first_answer(page)
        client.post(f"/game/{name}/answer", data=form, follow_redirects=False)
    assert seen_dice


def test_a_pick_of_several_says_how_many_in_the_pages_words(client: TestClient) -> None:
    """A pick of several says how many to tick in the page's words ("Tick 3", not the terminal's "Pick
    3 to 3, separated by commas")."""
    location = start(client)
    name = game_name(location)
    said = []
    for _ in range(60):
        page = client.get(location).text
        if 'class="question panel"' not in page:
            break
        assert "separated by commas" not in page and "Enter for none" not in page
        if "how-many" in page:
            said.append(page.split('class="dim how-many">')[1].split("</p>")[0])
        client.post(f"/game/{name}/answer", data=first_answer(page), follow_redirects=False)
    assert said and all(s.startswith("Tick") for s in said), said
    assert not [s for s in said if re.fullmatch(r"Tick (\d+) to \1", s)]
