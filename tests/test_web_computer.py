"""The standard game in the browser, against the computer (the search player): the start page offers the
ruleset as played against the computer; a game started there asks the person their own side's questions
only, the computer answering the other side's between two pages; its choices since the person's last
answer are told under "Why the computer did it", with the scores of the answers it weighed; the save
records the opponent, so `twilight play --resume` goes on against the computer too."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, problem  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402

ANSWERS = 16


def an_answer(page: str) -> dict[str, object]:
    """The first answer the page offers: its first button, its first boxes, or its first count filled."""
    form: dict[str, object] = first_answer(page)
    counts = re.findall(r'name="count-(\d+)"', page)
    if not form["pick"] and counts:
        low = int(re.search(r'data-min="(\d+)"', page).group(1))  # type: ignore[union-attr]
        form.pop("pick")
        form[f"count-{counts[0]}"] = str(low)
    return form


def test_the_standard_game_against_the_computer_in_the_browser(client: TestClient, home: Path) -> None:
    start = client.get("/?lang=ru").text
    offered = r'<option value="standard@1\.0" data-ai="no">[^<]*\[без бумажного ИИ: против компьютера\]'
    assert re.search(offered, start), start[:3000]

    form = {
        "ruleset": "standard",
        "side": "ussr",
        "lang": "en",
        "seed": "3",
        "setting-deluxe_map_canada": "no",
    }
    got = client.post("/new", data=form, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    location = str(got.headers["location"])
    name = game_name(location)
    said_why = False
    for _ in range(ANSWERS):
        page = client.get(location).text
        assert 'name="decision"' in page, page[:2000]
        if "Why the computer did it" in page:
            panel = html.unescape(page.split("Why the computer did it", 1)[1].split("</section>", 1)[0])
            assert "The computer (US): its last choices" in panel
            if "games ahead from here" in panel and "%" in panel:
                said_why = True
        answered = client.post(f"/game/{name}/answer", data=an_answer(page), follow_redirects=False)
        assert answered.status_code == 303, problem(answered.text)
    assert said_why
    data = read_save(saves_dir() / f"{name}.json")
    assert data["play"]["humans"] == ["ussr"] and data["play"]["opponent"] == "computer"
    assert "ai_side" not in data["settings"]
    answered_by = {side for side, _ in data["answers"]}
    assert answered_by == {"us", "ussr"}  # (the computer's answers are the game's, saved with the person's)


def test_the_ais_level_is_asked_only_for_a_ruleset_with_an_ai(browser: Any, server: str) -> None:
    """In Chromium: the start page hides the AI's level while the standard game (no AI: the computer,
    which has none) is chosen, and shows it again for solo-v2; the game starts against the computer."""
    page = browser.new_page()
    page.goto(f"{server}/?lang=en")
    level = page.locator("form.setup fieldset.ai-level")
    assert level.is_visible()
    page.select_option("select[name=ruleset]", "standard@1.0")
    assert level.is_hidden()
    page.select_option("select[name=ruleset]", "solo-v2@2.0")
    assert level.is_visible()
    page.select_option("select[name=ruleset]", "standard@1.0")
    page.check("input[name=side][value=ussr]")
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator("#start").click()
    assert "/game/standard-ussr-" in page.url
    assert page.locator("#answer-form").count() == 1
    page.close()
