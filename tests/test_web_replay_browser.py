"""A replayed game log stepped through in a real browser (issue 49, item 4): Debian's Chromium, driven by
Playwright, opens a log from the list of game logs, clicks forward three times and back once, and finds
the board and the log's lines of that round; the arrow keys step too. The server runs in a thread of
this test on a free port of 127.0.0.1. Skipped where there is no Chromium or no Playwright.

With UPDATE_SCREENSHOTS=1 the pages' screenshots (1280x800, English and Russian) are written to
docs/web/replay-*.png: a step with a divergence, of a league game when one of those beside the repository
has any, else of the made-up game."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
from web_browser import CHROMIUM  # noqa: E402  (the browser and server fixtures: tests/web_browser.py)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
LAPTOP = {"width": 1280, "height": 800}
DOCS_WEB = Path(__file__).resolve().parent.parent / "docs" / "web"


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    from test_web_replay import MADE_UP
    from twilight.cli.web.server import server_thread

    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "made-up.txt").write_text(MADE_UP, encoding="utf-8")
    with server_thread("en", replays=(str(folder),)) as base:
        yield base


def click(page: Any, selector: str) -> None:
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator(selector).click()


def shown_lines(page: Any) -> list[str]:
    return [str(t) for t in page.locator("#log-lines li code").all_inner_texts()]


def test_a_replay_is_stepped_through_by_clicks(browser: Any, server: str) -> None:
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{server}/?lang=en")
    click(page, "#replays")
    click(page, 'a[data-log="made-up"]')
    assert "step 1 of 7" in page.locator("#where").inner_text()
    for _ in range(3):
        click(page, "#forward")
    assert "step 4 of 7" in page.locator("#where").inner_text()
    click(page, "#back")
    assert page.locator("#where").inner_text().endswith("step 3 of 7: Turn 1 · Action round 1: USSR")
    lines = shown_lines(page)
    assert (
        lines[0].startswith("Turn 1, USSR AR1: Nuclear Test Ban: Coup") and "USSR +2 in Iran [0][2]" in lines
    )
    # the board after the coup: Iran's boxes on the map hold the log's totals, and it is marked as changed
    iran = page.locator('#map g.country[data-country="iran"]')
    assert (iran.get_attribute("data-us"), iran.get_attribute("data-ussr")) == ("0", "2")
    assert "changed" in str(iran.get_attribute("class"))
    assert iran.locator("text.influence.ussr").text_content() == "2"
    # the arrow key goes on to the next round, where the log's Egypt total is not ours: marked there
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.keyboard.press("ArrowRight")
    assert "step 4 of 7" in page.locator("#where").inner_text()
    diverges = page.locator("#log-lines li.diverges")
    assert diverges.count() == 1 and "Egypt [3][0]" in diverges.inner_text()
    assert "≠ our bug" in diverges.locator(".divergence").inner_text()
    # a turn chosen is gone to at once, in Russian too
    click(page, "header a.lang")
    assert "шага 4 из 7" in page.locator("#where").inner_text()
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#turn").select_option("1")
    assert page.url.rsplit("/", 1)[-1].split("?")[0] in ("1", "2") and "lang=ru" in page.url
    page.close()


def test_screenshots_of_a_replay(browser: Any, server: str, tmp_path: Path) -> None:
    """The step page and the list, in English and Russian: a step with a divergence, of a league game
    when one has any (else of the made-up game)."""
    from twilight.cli.web.replays import REAL_GAMES, Replays

    name, step = "made-up", 4
    if REAL_GAMES.is_dir():
        replays = Replays()
        for log in replays.logs():
            replayed = replays.replayed(log.name, "en")
            lines = {d.line for d in replayed.result.divergences}
            found = [
                n
                for n, s in enumerate(replayed.steps, 1)
                if any(s.shot.first_line <= x <= s.shot.last_line for x in lines)
            ]
            if found:
                name, step = log.name, found[0]
                break
    for lang in ("en", "ru"):
        page = browser.new_page(viewport=LAPTOP)
        page.goto(f"{server}/replay/{name}/{step}?lang={lang}")
        assert page.locator("#log-lines").is_visible() and page.locator("#map svg").is_visible()
        shot = tmp_path / f"replay-{lang}.png"
        page.screenshot(path=str(shot))
        page.goto(f"{server}/replays?lang={lang}")
        listed = tmp_path / f"replay-list-{lang}.png"
        page.screenshot(path=str(listed))
        page.close()
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":
            shutil.copy(shot, DOCS_WEB / shot.name)
            shutil.copy(listed, DOCS_WEB / listed.name)


def test_a_log_file_chosen_in_the_browser_is_opened(browser: Any, server: str, tmp_path: Path) -> None:
    """The player's own log: its file chosen on the list's form is read into the form by the page's
    script, sent, kept, and opened at its first step."""
    from test_web_replay import MADE_UP

    mine = tmp_path / "my online game.txt"
    mine.write_text(MADE_UP, encoding="utf-8")
    page = browser.new_page(viewport=LAPTOP)
    page.goto(f"{server}/replays?lang=ru")
    page.locator("#log-file").set_input_files(str(mine))
    page.wait_for_function("() => document.querySelector('textarea[name=log]').value.length > 0")
    click(page, "#open-log")
    assert "/replay/my-online-game/1" in page.url
    assert "шага 1 из 7" in page.locator("#where").inner_text()
    assert (tmp_path / "home" / "replays" / "my-online-game.txt").read_text(encoding="utf-8") == MADE_UP
    page.close()
