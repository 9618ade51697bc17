"""`twilight serve` after a player's audit in Chromium, by HTTP (Starlette's TestClient, no browser): the
language of a game's page is only its words (a switch keeps the game and its undo, with no replay); a
pick of several with too few or too many ticked is shown again with its ticks and what is wrong (the
page's script says it first: test_web_audit_browser.py); error pages of a game link back to it; the hint
is at its link's end, marks its pick and numbers its lines once; the map's legend is the web map's; a
phone is told how many earlier moves it does not show; a refused seed keeps the start form; a finished
game's hint says the game is over; the pages have an icon."""

from __future__ import annotations

import html
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, question, start  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402
from web_client import BASE  # noqa: E402

# Seed 3, the US, first answers: the 22nd question is the Marshall Plan's "tick 7 of 13 countries".
MARSHALL_AFTER = 21
# Seed 3, the US: the 9th question asks the kind of operations (influence, coup, realignment).
OPERATIONS_AFTER = 8


def said(page: str, cls: str) -> str:
    found = re.search(rf'class="[^"]*\b{cls}\b[^"]*"[^>]*>(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def answers_of(name: str) -> list[Any]:
    return list(read_save(saves_dir() / f"{name}.json")["answers"])


def answer_first(client: TestClient, location: str, times: int) -> None:
    for _ in range(times):
        form = first_answer(client.get(location).text)
        got = client.post(f"/game/{game_name(location)}/answer", data=form, follow_redirects=False)
        assert got.status_code == 303, got.text[:300]


# ------------------------------------------------------------------------------ 1. the language
def test_switching_the_language_keeps_undo_and_replays_nothing(
    client: TestClient, replays: list[int]
) -> None:
    """A switch of language once replayed the save into a game with no earlier copies: Undo was disabled
    for good, and the answer before the switch could never be taken back."""
    location = start(client, "en")
    name = game_name(location)
    first = question(client.get(location).text)
    answer_first(client, location, 1)
    ru = client.get(f"/game/{name}?lang=ru").text
    assert '<html lang="ru"' in ru and "Отменить" in ru
    assert "disabled" not in ru.split('id="undo"')[1].split(">")[0], "undo was lost with the language"
    assert client.get(f"/game/{name}?lang=en").status_code == 200  # and back
    back = client.post(
        f"/game/{name}/undo", data={"n": question(ru)["n"], "lang": "ru"}, follow_redirects=False
    )
    assert back.status_code == 303 and "lang=ru" in back.headers["location"]
    again = client.get(back.headers["location"]).text
    assert question(again)["n"] == first["n"] and '<html lang="ru"' in again
    assert answers_of(name) == []
    assert replays == [], "a switch of language replayed the save"


def test_a_switch_of_language_keeps_the_ais_reasons(client: TestClient) -> None:
    """The AI's reasons are known from the moves played live: the replay a switch once made kept a few
    lines of them (3 of 53 here)."""
    location = start(client, "en")
    name = game_name(location)

    def reasons(page: str) -> int:
        return (
            page.split('class="why panel"')[1].split("</section>")[0].count("<li")
            if "why panel" in page
            else 0
        )

    for _ in range(30):
        page = client.get(location).text
        if reasons(page) > 10:
            break
        answer_first(client, location, 1)
    assert reasons(page) > 10
    assert reasons(client.get(f"/game/{name}?lang=ru").text) == reasons(page)


# ------------------------------------------------------------------------------ 2. too few ticked
def marshall(client: TestClient, lang: str) -> tuple[str, dict[str, Any]]:
    location = start(client, lang)
    answer_first(client, location, MARSHALL_AFTER)
    page = client.get(location).text
    q = question(page)
    assert q["min"] == 7 and len(q["boxes"]) > 7, q
    return location, q


@pytest.mark.parametrize(
    ("lang", "few", "many"),
    [
        ("en", "3 ticked: this question takes 7. Tick more", "9 ticked: this question takes 7. Untick some"),
        ("ru", "Отмечено: 3, а нужно 7. Отметьте ещё", "Отмечено: 9, а можно только 7. Снимите лишние"),
    ],
)
def test_too_few_or_too_many_ticked_shows_the_question_again_with_the_ticks(
    client: TestClient, lang: str, few: str, many: str
) -> None:
    """Three boxes of seven ticked once got a page of its own ("That answer is not one the question
    offers… Reload the game's page") with a link to the start page alone, and the ticks were lost."""
    location, q = marshall(client, lang)
    name = game_name(location)
    before = answers_of(name)
    for ticked, words in ((q["boxes"][:3], few), (q["boxes"][:9], many)):
        form = {"n": q["n"], "decision": q["decision"], "pick": ticked, "lang": lang}
        got = client.post(f"/game/{name}/answer", data=form)
        assert got.status_code == 400
        assert 'id="answer-form"' in got.text and f'<html lang="{lang}"' in got.text
        assert words in said(got.text, "tick-problem"), said(got.text, "tick-problem")
        checked = re.findall(r'name="pick" value="(\d+)" checked', got.text)
        assert checked == ticked
        assert "web-back-home" not in got.text and 'class="error"' not in got.text
        assert answers_of(name) == before
    # the ticks, shown again, are marked on the map too
    assert got.text.count('class="country clickable picked') == 9
    # the page's script says each count in the page's words
    counts = json.loads(html.unescape(re.search(r'data-said="([^"]*)"', got.text).group(1)))  # type: ignore[union-attr]
    assert counts[7][1] == "" and counts[3][1].startswith(few.split(".")[0])
    assert counts[7][0] == ("7 of 7 ticked" if lang == "en" else "Отмечено: 7 из 7")
    # and the right count goes through
    right = {"n": q["n"], "decision": q["decision"], "pick": q["boxes"][:7], "lang": lang}
    assert client.post(f"/game/{name}/answer", data=right, follow_redirects=False).status_code == 303


def test_an_answer_no_question_offers_is_still_refused_with_a_page(client: TestClient) -> None:
    location, q = marshall(client, "en")
    form = {"n": q["n"], "decision": q["decision"], "pick": ["999"], "lang": "en"}
    got = client.post(f"/game/{game_name(location)}/answer", data=form)
    assert got.status_code == 400 and "not one the question offers" in said(got.text, "problem")


# ------------------------------------------------------------------------------ 3. back to the game
@pytest.mark.parametrize(("lang", "back"), [("en", "Back to the game"), ("ru", "Вернуться к игре")])
def test_the_error_pages_of_a_game_link_back_to_it(client: TestClient, lang: str, back: str) -> None:
    """A stale tab's answer once got a page that said "Reload the game's page" (which sent the form
    again) with a link to the start page alone."""
    location = start(client, lang)
    name = game_name(location)
    form = {**first_answer(client.get(location).text), "lang": lang}
    assert client.post(f"/game/{name}/answer", data=form, follow_redirects=False).status_code == 303
    link = f'href="/game/{name}?lang={lang}"'
    for got in (
        client.post(f"/game/{name}/answer", data=form),  # the other tab
        client.get(f"/game/{name}/answer?lang={lang}"),  # its address typed
        client.post(f"/game/{name}/undo", data={"n": "0", "lang": lang}),
    ):
        assert got.status_code in (405, 409), got.status_code
        assert link in got.text and back in got.text, got.text[-600:]
        assert f'href="/?lang={lang}"' in got.text  # the start page still
    huge = client.post(f"/game/{name}/answer?lang={lang}", content=b"a=" + b"1" * 200_000)
    assert huge.status_code == 413 and link in huge.text  # (refused before the application)
    foreign = client.post(f"/game/{name}/answer?lang={lang}", data=form, headers={"host": "evil.example"})
    assert foreign.status_code == 421 and back not in foreign.text  # (another host's page: no link)
    missing = client.get(f"/game/no-such-game?lang={lang}")
    assert missing.status_code == 404 and back not in missing.text


# ------------------------------------------------------------------------------ 4. the hint
def test_the_hint_opens_at_its_lines_marks_its_pick_and_numbers_once(client: TestClient) -> None:
    location = start(client, "en")
    name = game_name(location)
    page = client.get(location).text
    assert f'href="/game/{name}/hint?lang=en#hint-lines"' in page
    got = client.get(f"/game/{name}/hint?lang=en").text
    panel = got.split('id="hint-lines"')[1].split("</section>")[0]
    assert '<ul class="hint-lines">' in panel  # (the lines number the answers: no list marks)
    assert got.index('id="hint-lines"') < got.index('id="question"')
    ranked = re.findall(r"<li>1\. ([^:<]+):", panel)
    marked = re.findall(r'class="option [a-z]+ hinted"', got)
    assert len(marked) == 1 and ranked, (marked, panel[:400])
    button = html.unescape(got.split('hinted"')[1].split("</button>")[0])
    assert html.unescape(ranked[0]) in button and "the hint's pick" in button
    assert "marked among the answers" in panel


def test_the_hint_of_a_finished_game_says_it_is_over(client: TestClient) -> None:
    """It once said the question was already answered in another tab."""
    form = {"ruleset": "solo-v2", "side": "ussr", "level": "normal", "lang": "en", "seed": "10"}
    location = client.post("/new", data=form, follow_redirects=False).headers["location"]
    name = game_name(location)
    for _ in range(200):
        page = client.get(location).text
        if 'id="end"' in page:
            break
        answer_first(client, location, 1)
    got = client.get(f"/game/{name}/hint?lang=en")
    assert got.status_code == 409
    assert "This game is over" in said(got.text, "problem") and "already answered" not in got.text
    assert f'href="/game/{name}?lang=en"' in got.text
    assert "Эта партия окончена" in client.get(f"/game/{name}/hint?lang=ru").text


# ------------------------------------------------------------------------------ 5, 7. the map's legend
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("name on purple: a battleground", "number in the circle: the stability", "black ring")),
        (
            "ru",
            ("название на фиолетовом — Ключевая страна", "число в кружке — стабильность", "чёрное кольцо"),
        ),
    ],
)
def test_the_legend_is_the_web_maps_and_offered_countries_are_ringed(
    client: TestClient, lang: str, words: tuple[str, ...]
) -> None:
    """The legend once was the terminal board's ("★ battleground · highlighted number…"), and the
    countries offered were outlined in the gold of the Primary region's frame."""
    location = start(client, lang)
    answer_first(client, location, OPERATIONS_AFTER)
    page = client.get(location).text
    q = question(page)
    coup = re.findall(r'data-option="([^"]*)"', page).index("coup")
    form = {"n": q["n"], "decision": q["decision"], "pick": str(coup), "lang": lang}
    client.post(f"/game/{game_name(location)}/answer", data=form)
    page = client.get(location).text
    legend = page.split('<ul class="legend"')[1].split("</ul>")[0]
    assert "★" not in legend and all(w in html.unescape(legend) for w in words), legend
    offered = re.findall(r'<g class="country clickable[^"]*" id="country-([^"]+)"', page)
    assert offered
    rings = re.findall(
        r'<g class="country clickable[^>]*>(?:<title>[^<]*</title>)?<rect class="pick-halo"', page
    )
    assert len(rings) == len(offered) == page.count('class="pick-ring"')
    # the Primary region's frame is the map's own, and says so in the legend
    assert 'data-marked="primary_region"' in page and "sw-marked" in legend


# ------------------------------------------------------------------------------ 6. what a phone leaves out
def test_a_phone_is_told_how_many_earlier_moves_it_does_not_show(client: TestClient) -> None:
    """A phone showed the last six moves and said only how many lines of bookkeeping went to the history."""
    location = start(client, "ru")
    seen = 0
    for _ in range(40):
        page = client.get(location).text
        happened = page.split('id="happened"')[1].split("</section>")[0]
        early = happened.count(' early"')
        note = re.search(r'class="dim more phone-only">Ещё (\d+) более ран', happened)
        if early:
            assert note and int(note.group(1)) >= early, happened
            seen += 1
        else:
            assert note is None or ' wide-only"' in happened
        if 'id="question"' not in page or seen >= 2:
            break
        answer_first(client, location, 1)
    assert seen, "no page with more moves than a phone shows"


# ------------------------------------------------------------------------------ 9. words, seed, icon
def test_an_answer_that_moved_nothing_is_not_said_as_waiting(client: TestClient) -> None:
    location = start(client, "en")
    answer_first(client, location, OPERATIONS_AFTER)  # (the kind of operations: nothing moves after it)
    answer_first(client, location, 1)
    page = client.get(location).text
    assert "Nothing yet" not in page and "Nothing moved on the board since your last answer" in page


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_seed_shows_the_start_form_again_with_its_values(client: TestClient, lang: str) -> None:
    form = {
        "ruleset": "solo-v2",
        "side": "ussr",
        "level": "hard",
        "setting-deluxe_map_canada": "true",
        "lang": lang,
        "seed": "9" * 20,
    }
    got = client.post("/new", data=form, follow_redirects=False)
    assert got.status_code == 400
    assert 'action="/new"' in got.text and said(got.text, "problem")
    assert 'name="side" value="ussr" checked' in got.text
    assert 'name="level" value="hard" checked' in got.text
    assert 'name="setting-deluxe_map_canada" value="true" checked' in got.text
    assert f'value="{"9" * 20}"' in got.text and '<details class="more" open>' in got.text
    assert list(saves_dir().glob("*.json")) == []


def test_the_pages_have_an_icon(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert client.get("/static/favicon.svg").status_code == 200
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").text
    assert 'rel="icon"' in client.get("/game/none").text and 'rel="icon"' in client.get("/replays").text


def test_a_fresh_server_still_replays_a_saved_game_once(home: Path, replays: list[int]) -> None:
    """The kept game is only this server's: another server replays the save once, in any language."""
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as c:
        location = start(c, "en")
        answer_first(c, location, 2)
    name = game_name(location)
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as c:
        assert c.get(f"/game/{name}?lang=ru").status_code == 200
        assert c.get(f"/game/{name}?lang=en").status_code == 200
    assert replays == [2]
