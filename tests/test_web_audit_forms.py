"""`twilight serve` against forged and out-of-date forms, by HTTP (Starlette's TestClient, no browser): each
gets a page in the player's language that says what is wrong (not "already answered" when nothing was),
and the game is left as it was."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import first_answer, game_name, problem, question  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402
from web_client import BASE  # noqa: E402

# Seed 3, the US against the expert AI, always the first answer: the AI wins on VP in a few dozen answers.
QUICK_LOSS = {"ruleset": "solo-v2", "side": "us", "level": "expert", "seed": "3"}


def started(client: TestClient, lang: str, form: dict[str, str] | None = None) -> str:
    sent = {**(form or {"ruleset": "solo-v2", "side": "us", "level": "normal", "seed": "3"}), "lang": lang}
    got = client.post("/new", data=sent, follow_redirects=False)
    assert got.status_code == 303, got.text[:300]
    return str(got.headers["location"])


def answers_of(name: str) -> list[object]:
    return list(read_save(saves_dir() / f"{name}.json")["answers"])


def test_a_form_for_another_question_says_so(client: TestClient) -> None:
    """A form with the right count of answers but another question's name was told "This question was
    already answered (in another tab…)": nothing had been answered."""
    said_in = {"en": "another question than the one the game asks now", "ru": "не на тот вопрос"}
    for lang, words in said_in.items():
        location = started(client, lang)
        name = game_name(location)
        q = question(client.get(location).text)
        for decision in ("coup_target", ""):
            form = {"n": q["n"], "decision": decision, "pick": "0", "lang": lang}
            got = client.post(f"/game/{name}/answer", data=form)
            assert got.status_code == 409
            said = problem(got.text)
            assert words in said and "already answered" not in said and "уже ответили" not in said
            assert "Traceback" not in got.text
        assert answers_of(name) == []
        # the game is unharmed: its own question still takes its answer
        got = client.post(f"/game/{name}/answer", data=first_answer(client.get(location).text))
        assert got.status_code == 200 and len(answers_of(name)) == 1


def test_a_finished_games_forms_say_the_game_is_over(client: TestClient) -> None:
    """The last question's page sent again after the game ended (a second tab, the Back button) was told
    the question had been answered in another tab; an undo of it likewise."""
    location = started(client, "ru", QUICK_LOSS)
    name = game_name(location)
    last: dict[str, object] = {}
    for _ in range(200):
        page = client.get(location).text
        if 'id="end"' in page:
            break
        last = first_answer(page)
        sent = client.post(f"/game/{name}/answer", data=last, follow_redirects=False)
        assert sent.status_code == 303, sent.text[:300]
    assert 'id="end"' in page and last
    answers = answers_of(name)
    again = client.post(f"/game/{name}/answer", data=last)
    assert again.status_code == 409 and "партия окончена" in problem(again.text), problem(again.text)
    undo = client.post(f"/game/{name}/undo", data={"n": last["n"], "lang": "ru"})
    assert undo.status_code == 409 and "партия окончена" in problem(undo.text), problem(undo.text)
    assert answers_of(name) == answers
    assert 'id="end"' in client.get(location).text


def test_undo_from_a_page_drawn_before_the_server_restarted_says_why_not(home: Path) -> None:
    """The server holds no earlier copy of a game it did not play since it started: an Undo sent from a
    page drawn before (its button was enabled then) was told the question had been answered elsewhere."""
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as first:
        location = started(first, "en")
        name = game_name(location)
        first.post(f"/game/{name}/answer", data=first_answer(first.get(location).text))
        n = question(first.get(location).text)["n"]
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as restarted:
        got = restarted.post(f"/game/{name}/undo", data={"n": n, "lang": "en"})
        assert got.status_code == 409
        said = problem(got.text)
        assert "no earlier answer of yours this server can take back" in said, said
        assert len(answers_of(name)) == int(n)


def test_the_end_shows_every_move_since_the_last_answer(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What just happened showed the last 14 moves: at the end of a standard game the final scoring of
    Europe and Asia (why the game ended as it did) was cut, and found only in the history. Here the cut
    is made 1 move (2 on a phone) so that a short game's end shows it."""
    from twilight.cli.web import page as web_page

    location = started(client, "en", QUICK_LOSS)
    name = game_name(location)
    for _ in range(200):
        page = client.get(location).text
        if 'id="end"' in page:
            break
        client.post(f"/game/{name}/answer", data=first_answer(page))
    monkeypatch.setattr(web_page, "LAST_MOVES", 1)
    monkeypatch.setattr(web_page, "PHONE_MOVES", 1)
    page = client.get(location).text
    assert 'id="end"' in page
    happened = page[page.index('id="happened"') : page.index("</section>", page.index('id="happened"'))]
    assert happened.count('<li class="move') > 2
    assert "earlier moves are not shown" not in happened and " early" not in happened
    assert 'class="move victory' in happened  # (the last line: who won and why)


def test_a_page_drawn_before_an_undo_in_another_tab_says_the_game_was_taken_back(client: TestClient) -> None:
    """Its answer was told the question "was already answered … the game has moved on": the game had
    gone back, not on."""
    location = started(client, "ru")
    name = game_name(location)
    client.post(f"/game/{name}/answer", data=first_answer(client.get(location).text))
    stale_tab = first_answer(client.get(location).text)  # (a second tab, drawn now)
    undone = client.post(
        f"/game/{name}/undo", data={"n": stale_tab["n"], "lang": "ru"}, follow_redirects=False
    )
    assert undone.status_code == 303
    answers = answers_of(name)
    for path, form in (("answer", stale_tab), ("undo", {"n": stale_tab["n"], "lang": "ru"})):
        got = client.post(f"/game/{name}/{path}", data=form)
        assert got.status_code == 409
        said = problem(got.text)
        assert "ход в игре отменили" in said and "уже ответили" not in said, said
    assert answers_of(name) == answers
