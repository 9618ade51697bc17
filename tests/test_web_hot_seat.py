"""The standard game in the browser played hot-seat: two people at one screen, as `twilight play --ruleset
standard --opponent person` plays it at the terminal. The start page offers it (in both languages) for a
ruleset without an AI; each question is shown only after a hand-over page whenever the side to answer
changes; no page served without the hand-over's seat (a reload, the game opened again, a form sent by
hand) holds the hand of a side, and no page of one side holds the other's hand or its face-down headline;
undo never goes back past the hand-over; the save is the terminal's (both sides people, no computer), so
the terminal and the browser continue each other's games, and the browser's starts at the hand-over."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import game_name, play_terminal, problem  # noqa: E402
from test_web_computer import an_answer  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402

HAND_OVER = 'id="hand-over"'
SAID = {
    "en": "Pass the screen to the {side} player — press to continue",
    "ru": "Передайте экран игроку за {side} и нажмите, чтобы продолжить",
}
SIDE_NAMES = {"en": {"us": "US", "ussr": "USSR"}, "ru": {"us": "США", "ussr": "СССР"}}


def start_hot_seat(client: TestClient, lang: str = "en", seed: int = 2) -> str:
    form = {
        "ruleset": "standard",
        "opponent": "person",
        "side": "us",  # (sent by a page without its script: left unread, the save names both sides)
        "lang": lang,
        "seed": str(seed),
        "setting-deluxe_map_canada": "no",
    }
    got = client.post("/new", data=form, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    return str(got.headers["location"])


def seat_of(page: str) -> str:
    found = re.search(r'name="seat" value="([^"]*)"', page)
    assert found, page[:2000]
    return found.group(1)


def hand_over_side(page: str) -> str | None:
    """The side a hand-over page passes the screen to (None: not a hand-over page)."""
    found = re.search(r'id="hand-over" data-side="(\w+)"', page)
    return found.group(1) if found else None


def take_screen(client: TestClient, name: str, page: str) -> str:
    """Press the hand-over page's button: the address of the side's page (with its seat)."""
    n = re.search(r'name="n" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    lang = re.search(r'name="lang" value="(\w+)"', page).group(1)  # type: ignore[union-attr]
    form = {"n": n, "side": hand_over_side(page), "lang": lang}
    got = client.post(f"/game/{name}/seat", data=form, follow_redirects=False)
    assert got.status_code == 303 and "seat=" in got.headers["location"], got.text[:500]
    return str(got.headers["location"])


def cards_shown(page: str, view: Any, cards: list[str]) -> list[str]:
    """Which of `cards` the page's HTML names: by the card's name in the page's language, or its id."""
    text = html.unescape(page)
    return [c for c in cards if view.text.card(c) in text or f'data-option="{c}"' in page]


def hidden_from(view: Any, side: str) -> list[str]:
    """The cards `side` may not see: the other side's hand, and its headline while still face down."""
    state = view.engine.state
    other = "ussr" if side == "us" else "us"
    cards = [str(c) for c in state.hands.get(other, [])]
    headline = state.headline.get(other)
    if headline and view.decision is not None and view.decision.name == "headline_card":
        cards.append(str(headline))
    return cards


def answer_form(page: str) -> dict[str, object]:
    form = an_answer(page)
    form["seat"] = seat_of(page)
    return form


def test_the_start_page_offers_two_players_on_this_screen(client: TestClient) -> None:
    en = client.get("/?lang=en").text
    ru = client.get("/?lang=ru").text
    for page, computer, person in (
        (en, "Against the computer", "Two players on this screen"),
        (ru, "Против компьютера", "Вдвоём за этим экраном"),
    ):
        field = re.search(r'<fieldset class="opponent">.*?</fieldset>', page, re.S)
        assert field, page[:3000]
        said = html.unescape(field.group(0))
        assert 'value="computer" checked' in said and computer in said
        assert 'value="person"' in said and person in said
    # a refused form comes back with the choice as it was
    form = {"ruleset": "standard", "opponent": "person", "lang": "en", "seed": "x"}
    refused = client.post("/new", data=form)
    assert refused.status_code == 400 and 'value="person" checked' in refused.text
    assert not list(saves_dir().glob("*.json"))


def test_each_side_sees_its_own_hand_only_after_the_hand_over(app: Any, client: TestClient) -> None:
    location = start_hot_seat(client)
    name = game_name(location)
    saved = read_save(saves_dir() / f"{name}.json")
    assert saved["play"]["humans"] == ["us", "ussr"] and "opponent" not in saved["play"]
    assert "ai_side" not in saved["settings"]
    hand_overs: list[str] = []
    shown_side: str | None = None
    headlines_checked = 0
    followed = 0  # questions asked right after the same side's answer: no hand-over between
    after_hand_over = False
    for _ in range(16):
        page = client.get(location).text
        view = app.state.games.view(name)
        asked = str(view.decision.side)
        passed_to = hand_over_side(page)
        if passed_to is not None:
            assert passed_to == asked
            assert SAID["en"].format(side=SIDE_NAMES["en"][asked]) in html.unescape(page)
            # (nothing of either hand: the one who just chose leaves nothing on the screen)
            every = [str(c) for hand in view.engine.state.hands.values() for c in hand]
            assert cards_shown(page, view, every) == [], page
            assert 'name="pick"' not in page and 'id="hand"' not in page and "seat=" not in page
            hand_overs.append(asked)
            location = take_screen(client, name, page)
            shown_side, after_hand_over = asked, True
            continue
        # a question page: only ever of the side the screen was last passed to
        assert 'name="decision"' in page, problem(page)
        assert shown_side == asked, f"{asked}'s question shown without a hand-over"
        followed += 0 if after_hand_over else 1
        after_hand_over = False
        assert cards_shown(page, view, hidden_from(view, asked)) == [], view.decision.name
        assert cards_shown(page, view, [str(c) for c in view.engine.state.hands[asked]])  # its own, shown
        assert "Why the computer did it" not in page and "Why the AI did it" not in page  # (no AI)
        if view.decision.name == "headline_card" and view.engine.state.headline.get("ussr"):
            headlines_checked += 1  # (the US chooses: the USSR's headline lies face down)
        # a reload of the page (its address's seat is used up) is the hand-over page, not the hand
        again = client.get(location).text
        assert hand_over_side(again) == asked and 'name="pick"' not in again
        got = client.post(f"/game/{name}/answer", data=answer_form(page), follow_redirects=False)
        assert got.status_code == 303, problem(got.text)
        location = str(got.headers["location"])
    assert headlines_checked == 1
    assert hand_overs.count("us") >= 2 and hand_overs.count("ussr") >= 2, hand_overs
    assert followed >= 1  # (a card chosen, then how to play it: the same side, no hand-over)


def test_no_page_without_its_seat_holds_a_hand(app: Any, client: TestClient) -> None:
    location = start_hot_seat(client, seed=5)
    name = game_name(location)
    path = saves_dir() / f"{name}.json"
    for _ in range(4):  # through the setup to the USSR's headline
        page = client.get(location).text
        if hand_over_side(page):
            page = client.get(take_screen(client, name, page)).text
        got = client.post(f"/game/{name}/answer", data=answer_form(page), follow_redirects=False)
        assert got.status_code == 303, problem(got.text)
    view = app.state.games.view(name)
    every = [str(c) for hand in view.engine.state.hands.values() for c in hand]
    before = path.read_bytes()
    page = client.get(f"/game/{name}?lang=en").text
    form = {"n": str(view.answered), "decision": view.decision.name, "lang": "en", "pick": "0"}
    used = take_screen(client, name, page)
    assert hand_over_side(client.get(used).text) is None  # (its seat used up here)
    served = {
        "the game's address": client.get(f"/game/{name}"),
        "another language": client.get(f"/game/{name}?lang=ru"),
        "a made-up seat": client.get(f"/game/{name}?lang=en&seat=abc"),
        "the hint": client.get(f"/game/{name}/hint?lang=en"),
        "an answer without a seat": client.post(f"/game/{name}/answer", data=form),
        "an answer with a made-up seat": client.post(f"/game/{name}/answer", data={**form, "seat": "x"}),
        "too few ticked without a seat": client.post(f"/game/{name}/answer", data={**form, "pick": []}),
        "undo without a seat": client.post(f"/game/{name}/undo", data=form),
        "the hand-over of the other side": client.post(
            f"/game/{name}/seat", data={"n": form["n"], "side": "us", "lang": "en"}
        ),
    }
    for what, got in served.items():
        assert got.status_code in (200, 409), (what, got.status_code)
        assert cards_shown(got.text, view, every) == [], what
        assert 'name="pick"' not in got.text and "Traceback" not in got.text, what
    assert "nothing was changed" in served["an answer without a seat"].text
    assert hand_over_side(served["the hint"].text) == "ussr"
    assert hand_over_side(served["another language"].text) == "ussr"
    assert "Передайте экран игроку за СССР" in served["another language"].text
    assert path.read_bytes() == before  # nothing answered, nothing undone
    # a seat is good for one page: the one used above is not good for a second
    assert hand_over_side(client.get(used).text) == "ussr"
    # the language links of the side's page keep the screen with that side
    page = client.get(take_screen(client, name, client.get(f"/game/{name}").text)).text
    link = re.search(r'<a class="lang" href="([^"]*lang=ru[^"]*)"', page).group(1)  # type: ignore[union-attr]
    ru = client.get(html.unescape(link)).text
    assert hand_over_side(ru) is None and "Выберите" in ru and 'lang="ru"' in ru
    # the hint of the side's page: that page with the hint's lines, and a seat of its own
    page = client.get(take_screen(client, name, client.get(f"/game/{name}").text)).text
    link = re.search(r'id="hint" href="([^"]*)"', page).group(1)  # type: ignore[union-attr]
    hinted = client.get(html.unescape(link)).text
    assert 'id="hint-lines"' in hinted and hand_over_side(hinted) is None
    assert seat_of(hinted) != seat_of(page) and cards_shown(hinted, view, hidden_from(view, "ussr")) == []
    assert hand_over_side(client.get(html.unescape(link)).text) == "ussr"  # (and only once)


def test_a_refused_pick_is_shown_again_to_the_same_side_only(app: Any, client: TestClient) -> None:
    location = start_hot_seat(client, seed=2)
    name = game_name(location)
    page = client.get(take_screen(client, name, client.get(location).text)).text  # the USSR's setup
    form = {**answer_form(page), "count-0": "0"}  # (none given out: too few)
    got = client.post(f"/game/{name}/answer", data=form)
    assert got.status_code == 400 and "given out" in got.text
    view = app.state.games.view(name)
    assert cards_shown(got.text, view, hidden_from(view, "ussr")) == []
    assert cards_shown(got.text, view, [str(c) for c in view.engine.state.hands["ussr"]])
    again = seat_of(got.text)
    assert again != form["seat"]
    # its seat answers the question; the seat of the refused form was used up by it
    assert client.post(f"/game/{name}/answer", data=form).status_code == 409
    answered = client.post(f"/game/{name}/answer", data={**answer_form(page), "seat": again})
    assert answered.status_code == 200 and hand_over_side(answered.text) == "us"


def test_undo_never_goes_back_past_the_hand_over(app: Any, client: TestClient) -> None:
    location = start_hot_seat(client, seed=2)
    name = game_name(location)
    path = saves_dir() / f"{name}.json"
    page = client.get(take_screen(client, name, client.get(location).text)).text  # the USSR's setup
    got = client.post(f"/game/{name}/answer", data=answer_form(page), follow_redirects=False)
    page = client.get(take_screen(client, name, client.get(got.headers["location"]).text)).text
    # the US's first question: the last answer is the USSR's, given before the screen was handed over
    said = html.unescape(re.search(r'id="undo-refused">(.*?)</p>', page).group(1))  # type: ignore[union-attr]
    assert said.startswith("Nothing to undo: the last answer was USSR's, given before the screen was handed")
    assert re.search(r'<button type="submit" id="undo"[^>]* disabled>', page)
    before = path.read_bytes()
    n = re.search(r'name="n" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    forced = client.post(f"/game/{name}/undo", data={"n": n, "lang": "en", "seat": seat_of(page)})
    assert forced.status_code == 409 and "Your answer stands" in forced.text
    assert path.read_bytes() == before
    # on to the USSR's first action round: its card, then how to play it, with no hand-over between
    location = got.headers["location"]
    for _ in range(12):
        page = client.get(location).text
        if hand_over_side(page):
            page = client.get(take_screen(client, name, page)).text
        if re.search(r'name="decision" value="[^"]*"', page) and "Choose how to play this card" in page:
            break
        got = client.post(f"/game/{name}/answer", data=answer_form(page), follow_redirects=False)
        location = got.headers["location"]
    else:
        raise AssertionError("no question of how to play a card")
    assert not re.search(r'<button type="submit" id="undo"[^>]* disabled>', page)
    n = re.search(r'name="n" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    undone = client.post(f"/game/{name}/undo", data={"n": n, "lang": "en", "seat": seat_of(page)})
    assert undone.status_code == 200 and hand_over_side(undone.text) is None  # (followed: the same side)
    assert "Choose a card to play this action round" in undone.text
    assert len(read_save(path)["answers"]) == int(n) - 1


def test_the_terminal_and_the_browser_continue_each_others_hot_seat_game(
    app: Any, client: TestClient, home: Path
) -> None:
    location = start_hot_seat(client, lang="ru", seed=2)
    name = game_name(location)
    path = saves_dir() / f"{name}.json"
    for _ in range(8):  # to the action rounds (the terminal's "1" answers a choice of a card)
        page = client.get(location).text
        if hand_over_side(page):
            page = client.get(take_screen(client, name, page)).text
        if 'name="decision" value="action_round_card"' in page:
            break
        got = client.post(f"/game/{name}/answer", data=answer_form(page), follow_redirects=False)
        location = got.headers["location"]
    listed = subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", "saves", "--lang", "en"],
        capture_output=True,
        text=True,
        env={**os.environ, "TWILIGHT_HOME": str(home), "COLUMNS": "200"},
        timeout=120,
    )
    assert name in listed.stdout and "both sides" in listed.stdout, listed.stdout + listed.stderr
    given = len(read_save(path)["answers"])
    # (Enter at the hand-over a resumed hot-seat game begins with, then an answer)
    done = play_terminal(["--resume", name], "\n1\n\nquit\n", home)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"(повторено {given} ответов)" in done.stdout.splitlines()[0], done.stdout  # (the save's language)
    after = read_save(path)
    assert len(after["answers"]) > given and after["play"]["humans"] == ["us", "ussr"]
    assert "opponent" not in after["play"]
    # the browser goes on from there: first the hand-over, then the side's question
    page = client.get(f"/game/{name}").text
    asked = app.state.games.view(name).decision.side
    assert hand_over_side(page) == asked
    assert SAID["ru"].format(side=SIDE_NAMES["ru"][asked]) in html.unescape(page)
    page = client.get(take_screen(client, name, page)).text
    assert re.search(r'name="n" value="(\d+)"', page).group(1) == str(len(after["answers"]))  # type: ignore[union-attr]
    got = client.post(f"/game/{name}/answer", data=answer_form(page), follow_redirects=False)
    assert got.status_code == 303 and len(read_save(path)["answers"]) > len(after["answers"])


def test_a_hot_seat_game_begun_at_the_terminal_opens_at_the_hand_over(client: TestClient, home: Path) -> None:
    args = ["--ruleset", "standard", "--opponent", "person", "--seed", "4", "--lang", "en"]
    done = play_terminal([*args, "--set", "deluxe_map_canada=false"], "quit\n", home)
    assert done.returncode == 0, done.stdout + done.stderr
    (path,) = saves_dir().glob("*.json")
    assert read_save(path)["play"]["humans"] == ["us", "ussr"]
    listing = client.get("/?lang=en").text
    assert f'href="/game/{path.stem}?lang=en"' in listing and "both sides" in listing
    page = client.get(f"/game/{path.stem}").text
    assert hand_over_side(page) == "ussr" and 'name="pick"' not in page
    page = client.get(take_screen(client, path.stem, page)).text
    assert 'name="decision"' in page
    got = client.post(f"/game/{path.stem}/answer", data=answer_form(page), follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    assert read_save(path)["answers"]


def test_a_computer_game_has_no_hand_over(client: TestClient) -> None:
    form = {"ruleset": "standard", "opponent": "computer", "side": "us", "lang": "en", "seed": "2"}
    got = client.post("/new", data={**form, "setting-deluxe_map_canada": "no"}, follow_redirects=False)
    name = game_name(str(got.headers["location"]))
    page = client.get(got.headers["location"]).text
    assert HAND_OVER not in page and 'name="seat"' not in page and 'name="decision"' in page
    assert read_save(saves_dir() / f"{name}.json")["play"]["opponent"] == "computer"
    answered = client.post(f"/game/{name}/answer", data=an_answer(page), follow_redirects=False)
    assert answered.status_code == 303 and HAND_OVER not in client.get(answered.headers["location"]).text


def test_the_end_of_a_hot_seat_game_names_no_side_as_yours(app: Any, client: TestClient) -> None:
    """Both sides were played at this screen: the end page says no "You play US" (the save's first side)."""
    from dataclasses import replace

    from twilight.cli.web.page import GamePage

    name = game_name(start_hot_seat(client))
    view = app.state.games.view(name)
    assert 'class="you ussr"' in GamePage(view).html()  # (a question: the side asked)
    assert 'class="you' not in GamePage(replace(view, decision=None)).html()
