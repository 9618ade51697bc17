"""`twilight serve` after a player's audit (games played through in Chromium, in English as the US and in
Russian as the USSR, and the standard game against the computer), by HTTP (Starlette's TestClient): Undo
never takes an answer back past a die rolled or a hidden card shown since (the terminal's rule); a pick
that may repeat (counts typed in) is worded as points shared out, not as boxes ticked; the person's hand
is shown when the question is not a choice of cards; the page says which side the person plays; an Undo
disabled by a restart of the server says why."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from test_web import first_answer, game_name, problem, question, start
from twilight.cli.session.saves import read_save, saves_dir
from twilight.cli.web.app import create_app
from web_client import BASE

# Seed 3, the US, each question given its first answer: after the eighth answer (the card sent to the
# bottom of the deck/hand) the AI's cards are shown and the headlines turned over before the next question
# (how to play the headline's operations); the ninth (Influence) leads to a question with nothing shown or
# rolled between.
HEADLINES_AFTER = 8


def answer_first(client: TestClient, location: str, times: int) -> None:
    for _ in range(times):
        form = first_answer(client.get(location).text)
        got = client.post(f"/game/{game_name(location)}/answer", data=form, follow_redirects=False)
        assert got.status_code == 303, got.text[:300]


def undo_button(page: str) -> str:
    return page.split('id="undo"')[1].split(">")[0]


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Cannot undo: a hidden card was shown since your answer ("),
        ("ru", "Отменить нельзя: после вашего ответа открылась скрытая карта ("),
    ],
)
def test_undo_never_goes_back_past_a_hidden_card_shown(
    client: TestClient, home: Path, lang: str, said: str
) -> None:
    """Undo once went back past anything: the player saw the AI's headline (or a die) and answered again
    knowing it; the terminal's `undo` refuses that, and so does the page, saying why."""
    location = start(client, lang)
    name = game_name(location)
    answer_first(client, location, HEADLINES_AFTER)
    page = client.get(location).text
    assert "disabled" in undo_button(page)
    assert said in text_of(page.split('class="tools"')[1])
    before = read_save(saves_dir() / f"{name}.json")["answers"]
    refused = client.post(f"/game/{name}/undo", data={"n": question(page)["n"], "lang": lang})
    assert refused.status_code == 409 and said in unescape(problem(refused.text))
    assert read_save(saves_dir() / f"{name}.json")["answers"] == before
    # an answer with nothing shown or rolled after it is taken back as before
    answer_first(client, location, 1)
    page = client.get(location).text
    assert "disabled" not in undo_button(page)
    back = client.post(f"/game/{name}/undo", data={"n": question(page)["n"], "lang": lang})
    assert back.status_code == 200 and question(back.text)["n"] == question(client.get(location).text)["n"]
    assert read_save(saves_dir() / f"{name}.json")["answers"] == before


def start_standard(client: TestClient, lang: str) -> str:
    """A standard game against the computer (seed 5, the US): its first question shares out the US's
    seven setup influence in Western Europe, a count typed for each country."""
    form = {"ruleset": "standard", "side": "us", "lang": lang, "seed": "5"}
    got = client.post("/new", data=form, follow_redirects=False)
    assert got.status_code == 303, got.text
    return str(got.headers["location"])


def question_part(page: str) -> str:
    return page.split('id="question"')[1].split('<details class="rules"')[0]


@pytest.mark.parametrize(
    ("lang", "how", "status", "wrong", "ticks"),
    [
        ("en", "Give out 7 in all", "3 of 7 given out", "3 given out: this question takes 7.", "tick"),
        ("ru", "Распределите всего 7", "Распределено: 3 из 7", "Распределено: 3, а нужно 7.", "отмет"),
    ],
)
def test_counts_typed_in_are_not_worded_as_boxes_ticked(
    client: TestClient, lang: str, how: str, status: str, wrong: str, ticks: str
) -> None:
    """The standard game's setup has a number to type for each country, and no box: the page said "Tick
    7", "3 of 7 ticked" and "Tick more" (in Russian "Отметьте 7 вариантов")."""
    location = start_standard(client, lang)
    page = client.get(location).text
    asked = question_part(page)
    assert 'type="number"' in asked and 'type="checkbox"' not in asked
    raw = unescape(re.search(r'data-said="([^"]*)"', asked).group(1))  # type: ignore[union-attr]
    said = " ".join(" ".join(pair) for pair in json.loads(raw))
    words = text_of(asked) + said  # (what the page says, and what its script says as counts change)
    assert how in words and status in words and wrong in words
    assert ticks not in words.lower()
    q = question(page)
    sent = {"n": q["n"], "decision": q["decision"], "lang": lang, "count-0": "3"}
    refused = client.post(f"/game/{game_name(location)}/answer", data=sent)
    assert refused.status_code == 400
    again = text_of(question_part(refused.text))
    assert wrong in again and ticks not in again.lower()


@pytest.mark.parametrize(("lang", "title"), [("en", "Hand of US"), ("ru", "Карты на руке США")])
def test_the_hand_is_shown_while_the_question_is_not_a_choice_of_cards(
    client: TestClient, lang: str, title: str
) -> None:
    """Placing influence, the player could not see the cards they hold (the terminal shows them under
    the board): the page showed a hand only when asking for one of its cards."""
    location = start(client, lang)
    answer_first(client, location, HEADLINES_AFTER + 1)  # (playing the headline's operations)
    page = client.get(location).text
    q = question(page)
    assert q["buttons"] and "card" not in question_part(page).split('data-kind="')[1][:6]
    hand = page.split('id="hand"')[1].split("</section>")[0]
    assert title in text_of(hand)
    names = re.findall(r'class="card-name [a-z]+"[^>]*>([^<]+)<', hand)
    assert len(names) >= 1
    # the cards to choose from are not shown twice: no hand beside a choice of cards
    first = client.get(start(client, lang)).text
    assert 'id="hand"' not in first


@pytest.mark.parametrize(
    ("lang", "side", "said"), [("en", "ussr", "You play USSR"), ("ru", "us", "Вы играете за США")]
)
def test_the_page_says_which_side_the_person_plays(
    client: TestClient, lang: str, side: str, said: str
) -> None:
    """Nothing on a game's page said which side was the person's: the status names the side in action,
    and in the standard game the computer's questions and the person's alternate."""
    form = {"ruleset": "solo-v2", "side": side, "level": "normal", "lang": lang, "seed": "3"}
    location = client.post("/new", data=form, follow_redirects=False).headers["location"]
    page = client.get(location).text
    status = page.split('class="status panel"')[1].split("</section>")[0]
    assert said in text_of(status)


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "this server can take back"), ("ru", "Этот сервер не может")]
)
def test_undo_disabled_by_a_restart_says_why(home: Path, lang: str, said: str) -> None:
    """A server started again holds no earlier question of a game: Undo was greyed out with nothing to
    say why (its tooltip still offered to take the last answer back)."""
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as c:
        location = start(c, lang)
        fresh = c.get(location).text
        answer_first(c, location, 2)
    assert said not in text_of(fresh.split('class="tools"')[1])  # (a new game: nothing to take back yet)
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=BASE) as c:
        page = c.get(location).text
    assert "disabled" in undo_button(page)
    assert said in text_of(page.split('class="tools"')[1]) and said in unescape(undo_button(page))
