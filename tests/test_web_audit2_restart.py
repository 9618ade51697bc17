"""`twilight serve` after a fourth player's audit: a game whose rules changed since it began offers to start
it again under the new ones, and that throws every move away. The button stood in the open beside the
question, one click from a whole game lost (a hot-seat game of 611 answers went in one click, no question
asked): now it is behind a fold that says what starting again costs, and the save as it stood is kept
beside it (NAME.json.old, as a save whose game diverged is). By HTTP (Starlette's TestClient) and in
Debian's Chromium (skipped where there is none), the server in a thread of the test on a free port."""

from __future__ import annotations

import re
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import answer_first, game_name, house_rules, problem, start_with  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402
from web_browser import CHROMIUM  # noqa: E402

SAID = {
    "en": "every move made so far is lost",
    "ru": "все сделанные ходы пропадут",
}


def changed_rules_game(client: TestClient, home: Path) -> str:
    """A game of home rules three answers in, whose rule files then change: its name."""
    folder = house_rules(home / "rules", "1.0")
    got = start_with(client, "house@1.0")
    assert got.status_code == 303, problem(got.text)
    location = str(got.headers["location"])
    answer_first(client, location, 3)
    dealing = folder / "dealing.tsr"
    dealing.write_text(dealing.read_text(encoding="utf-8").replace("then 8 else 9", "then 7 else 9"), "utf-8")
    return game_name(location)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_starting_again_is_behind_a_fold_that_says_what_it_costs(
    client: TestClient, home: Path, lang: str
) -> None:
    name = changed_rules_game(client, home)
    page = client.get(f"/game/{name}?lang={lang}").text
    panel = re.search(r'<section class="panel rules-changed">(.*?)</section>', page, re.S)
    assert panel is not None
    fold = re.search(r"<details[^>]*>(.*?)</details>", panel.group(1), re.S)
    assert fold is not None and 'id="restart"' in fold.group(1), panel.group(1)
    assert SAID[lang] in fold.group(1) and f"{name}.json.old" in fold.group(1)


def test_starting_again_keeps_the_save_as_it_stood(client: TestClient, home: Path) -> None:
    name = changed_rules_game(client, home)
    before = read_save(saves_dir() / f"{name}.json")
    assert len(before["answers"]) >= 3
    got = client.post(f"/game/{name}/restart", data={"lang": "en"}, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    kept = saves_dir() / f"{name}.json.old"
    assert kept.exists()
    assert read_save(kept)["answers"] == before["answers"]
    assert len(read_save(saves_dir() / f"{name}.json")["answers"]) < len(before["answers"])
    listed = client.get("/?lang=en").text  # (the kept file is no game of the list)
    assert listed.count(f"/game/{name}?") <= 1


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
def test_in_a_browser_the_button_shows_only_once_the_fold_is_opened(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from twilight.cli.web.server import server_thread

    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    folder = house_rules(tmp_path / "rules", "1.0")
    with server_thread("en") as base:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{base}/?lang=en")
        page.select_option("select[name=ruleset]", "house@1.0")
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.locator("#start").click()
        for _ in range(2):
            with page.expect_navigation(wait_until="domcontentloaded"):
                page.locator(".options .option").first.click()
        dealing = folder / "dealing.tsr"
        text = dealing.read_text(encoding="utf-8").replace("then 8 else 9", "then 7 else 9")
        dealing.write_text(text, encoding="utf-8")
        page.reload()
        assert page.locator(".rules-changed").is_visible()
        assert not page.locator("#restart").is_visible()  # (one click away no more)
        page.locator(".rules-changed summary").click()
        assert page.locator("#restart").is_visible()
        assert SAID["en"] in page.locator(".rules-changed").inner_text()
        name = page.url.split("/game/")[1].split("?")[0]
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.locator("#restart").click()
        assert page.locator(".rules-changed").count() == 0
        assert (tmp_path / "saves" / f"{name}.json.old").exists()
        page.close()


def house_standard(root: Path) -> Path:
    """A copy of the standard rules under `root`, its manifest naming ruleset `housestd` (no AI: the
    start page offers it hot-seat)."""
    from twilight.cli.versions import rules_root

    target = root / "housestd-1.0"
    shutil.copytree(rules_root() / "standard", target)
    manifest = target / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8").replace('ruleset "standard"', 'ruleset "housestd"')
    manifest.write_text(text, encoding="utf-8")
    return target


def test_a_hot_seat_game_starts_again_only_from_a_page_shown_to_the_side_asked(
    client: TestClient, home: Path
) -> None:
    """The restart form carried no seat and none was asked for: a reload, the game opened from the start
    page or any page drawn before could throw a hot-seat game away, where an answer or an undo from
    such a page is refused (409, nothing changed)."""
    folder = house_standard(home / "rules")
    form = {"ruleset": "housestd@1.0", "opponent": "person", "side": "us", "level": "normal", "lang": "en"}
    got = client.post("/new", data={**form, "seed": "5"}, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    location = str(got.headers["location"])
    name = game_name(location)
    sequence = folder / "sequence.tsr"
    text = sequence.read_text(encoding="utf-8")
    assert "then 8 else 9" in text
    sequence.write_text(text.replace("then 8 else 9", "then 7 else 9"), encoding="utf-8")
    before = read_save(saves_dir() / f"{name}.json")

    refused = client.post(f"/game/{name}/restart", data={"lang": "en"})
    assert refused.status_code == 409, problem(refused.text)
    assert "passed to the player whose turn it is" in problem(refused.text)
    assert read_save(saves_dir() / f"{name}.json")["play"]["rules"] == before["play"]["rules"]
    assert not (saves_dir() / f"{name}.json.old").exists()

    # The side asked takes the screen: its page's restart form carries its seat, and starts the game again.
    hand_over = client.get(location).text
    side = re.search(r'name="side" value="(\w+)"', hand_over)
    assert side is not None
    taken = client.post(f"/game/{name}/seat", data={"n": "0", "side": side.group(1), "lang": "en"})
    page = taken.text
    restart_form = re.search(r'action="/game/[^"]+/restart">(.*?)</form>', page, re.S)
    assert restart_form is not None, page[:300]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', restart_form.group(1)))
    assert fields.get("seat"), restart_form.group(1)
    done = client.post(f"/game/{name}/restart", data=fields, follow_redirects=False)
    assert done.status_code == 303, problem(done.text)
    assert read_save(saves_dir() / f"{name}.json")["play"]["rules"] != before["play"]["rules"]
    again = client.post(f"/game/{name}/restart", data=fields)  # (a seat serves once)
    assert again.status_code == 409
