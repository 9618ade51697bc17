"""`twilight serve` as a player reads it, by HTTP (Starlette's TestClient, no browser): the header of a
game's page names its ruleset by the ruleset's own title in the page's language (as the terminal's board
panel does), never by its id; the start page's list of games to continue reads as words of the page's
language (the ruleset's title, the side, the level as a label's value), never as ids."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

SOLO = {"ruleset": "solo-v2", "side": "us", "level": "hard", "seed": "3"}
COMPUTER = {"ruleset": "standard", "side": "ussr", "opponent": "computer", "seed": "4"}
HOT_SEAT = {"ruleset": "standard", "opponent": "person", "seed": "5"}


def started(client: TestClient, form: dict[str, str], lang: str) -> str:
    got = client.post("/new", data={**form, "lang": lang}, follow_redirects=False)
    assert got.status_code == 303, got.text[:300]
    return str(got.headers["location"])


def heading(page: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert found, page[:300]
    return html.unescape(found.group(1))


def resume_lines(page: str) -> list[str]:
    listed = re.search(r'<ul class="games">(.*?)</ul>', page, re.S)
    assert listed, "no list of games to continue"
    items = re.findall(r"<li>(.*?)</li>", listed.group(1), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", " ", item)) for item in items]


def test_the_game_header_names_the_ruleset_by_its_title_in_the_pages_language(client: TestClient) -> None:
    """The header said "Twilight Struggle · solo-v2": the ruleset's id, where the terminal says "solo game
    against the AI" (its locale's ruleset-title)."""
    solo = started(client, SOLO, "ru")
    assert heading(client.get(solo).text) == "Сумеречная борьба · одиночная игра против ИИ"
    name = solo.split("/")[2].split("?")[0]
    assert heading(client.get(f"/game/{name}?lang=en").text) == "Twilight Struggle · solo game against the AI"
    computer = started(client, COMPUTER, "en")
    page = client.get(computer).text
    assert heading(page) == "Twilight Struggle · standard rules"
    assert "<title>Twilight Struggle · standard rules</title>" in page


def test_the_hand_over_page_names_the_ruleset_by_its_title(client: TestClient) -> None:
    hot_seat = started(client, HOT_SEAT, "ru")
    page = client.get(hot_seat).text
    assert 'id="hand-over"' in page
    assert heading(page) == "Сумеречная борьба · стандартные правила"


def test_the_games_to_continue_read_as_words_not_ids(client: TestClient, home: Path) -> None:
    """The list said "solo-v2, you play US, Hard (the AI starts with 4 VP), turn 1": the ruleset's id and
    a level's name capitalised in the middle of a sentence."""
    for form in (SOLO, COMPUTER, HOT_SEAT):
        started(client, form, "en")
    english = " | ".join(resume_lines(client.get("/?lang=en").text))
    assert "solo-v2," not in english and "standard," not in english
    assert "Solo game against the AI" in english and "Standard rules" in english
    assert "Level: Hard (the AI starts with 4 VP)" in english
    assert ", Hard" not in english
    assert "You play USSR against the computer" in english
    assert "You play both sides (two players on this screen)" in english
    russian = " | ".join(resume_lines(client.get("/?lang=ru").text))
    assert "Одиночная игра против ИИ" in russian and "Стандартные правила" in russian
    assert "Уровень: Сложный (ИИ начинает с 4 ПО)" in russian
    assert ", Сложный" not in russian
    assert "Вы за СССР против компьютера" in russian
    # The save's file name stays beside each line: `twilight play --resume NAME` takes it.
    assert "solo-v2-us-" in russian


def test_the_start_page_is_headed_by_the_games_name_not_one_of_its_rulesets(client: TestClient) -> None:
    """It was headed "Twilight Struggle · solo game" above a list that offers the standard game too."""
    for lang, name in (("en", "Twilight Struggle"), ("ru", "Сумеречная борьба")):
        page = client.get(f"/?lang={lang}").text
        assert 'value="standard@' in page
        assert heading(page) == name
        assert f"<title>{name}</title>" in page


def test_the_maps_title_is_the_pages_heading(client: TestClient) -> None:
    """The map's own title (its tooltip) said "Сумеречная борьба · solo-v2" under a Russian heading."""
    solo = started(client, SOLO, "ru")
    page = client.get(solo).text
    svg = page[page.index("<svg") :]
    assert re.search(r"<svg[^>]*><title>([^<]*)</title>", svg).group(1) == heading(page)  # type: ignore[union-attr]
