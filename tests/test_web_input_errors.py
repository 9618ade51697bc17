"""`twilight serve` answers hostile or mistaken input with a page that says what was wrong (Starlette's
TestClient, no browser): a malformed seed is refused, not quietly swapped for a random one; a restart of
a game whose rules have not changed, and a request of a method a page does not take, each say so in
words of their own, in English and in Russian. The other guards: test_web.py."""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from twilight.cli.session.saves import SEED_LIMIT, read_save, saves_dir  # noqa: E402

FORM = {"ruleset": "solo-v2", "side": "us", "level": "normal"}
# What each language's page says of a malformed seed, of a restart with nothing new, of a wrong method.
SAID = {
    "en": {
        "seed": "The seed must be a whole number written in the digits 0–9 alone",
        "no-restart": "There is nothing to restart: the rules of this game have not changed",
        "method": "(method not allowed)",
    },
    "ru": {
        "seed": "Зерно — это целое число, записанное одними цифрами 0–9",
        "no-restart": "Начинать заново незачем: правила этой партии не менялись",
        "method": "(такой метод не разрешён)",
    },
}
# The messages these once showed instead, in each language.
FORMER = {
    "en": ("already answered", "does not hold the form"),
    "ru": ("уже ответили", "нет формы"),
}


def problem(page: str) -> str:
    import html

    found = re.search(r'class="problem">(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def saves() -> list[Path]:
    return sorted(saves_dir().glob("*.json"))


def started_save(location: str) -> dict[str, Any]:
    """The save of the game a start's redirect names."""
    return read_save(saves_dir() / f"{location.split('/')[2].split('?')[0]}.json")


@pytest.mark.parametrize(
    "seed",
    [
        "x",
        "-1",
        "1e5",
        "٣",  # an Arabic-Indic digit: `str.isdigit` takes it
        "²",  # a digit `int` refuses
        " 5",
        "5 ",
        "3.0",
        "+7",
        str(SEED_LIMIT),  # twenty digits, one past the largest seed
        "1" * 21,
        "9" * 200,
    ],
)
def test_a_malformed_seed_is_refused_with_a_page_and_starts_no_game(client: TestClient, seed: str) -> None:
    """A malformed seed once started a game with a random seed (a 303 to it), as if the seed were taken."""
    got = client.post("/new", data={**FORM, "lang": "en", "seed": seed}, follow_redirects=False)
    assert got.status_code == 400, (seed, got.headers.get("location"))
    assert SAID["en"]["seed"] in problem(got.text), problem(got.text)
    assert "Traceback" not in got.text
    assert saves() == []


def test_the_seed_page_speaks_the_players_language(client: TestClient) -> None:
    got = client.post("/new", data={**FORM, "lang": "ru", "seed": "x"}, follow_redirects=False)
    assert got.status_code == 400
    assert SAID["ru"]["seed"] in problem(got.text) and str(SEED_LIMIT) in problem(got.text)
    by_query = client.post("/new?lang=ru", data={**FORM, "seed": "-1"}, follow_redirects=False)
    assert by_query.status_code == 400 and SAID["ru"]["seed"] in problem(by_query.text)
    assert saves() == []


@pytest.mark.parametrize("form", [{"seed": ""}, {}], ids=["empty", "missing"])
def test_an_empty_or_missing_seed_still_starts_a_game_with_a_random_seed(
    client: TestClient, form: dict[str, str]
) -> None:
    got = client.post("/new", data={**FORM, "lang": "en", **form}, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    seed = started_save(str(got.headers["location"]))["seed"]
    assert isinstance(seed, int) and 0 <= seed < SEED_LIMIT


def test_the_largest_seed_is_taken(client: TestClient) -> None:
    largest = str(SEED_LIMIT - 1)
    got = client.post("/new", data={**FORM, "lang": "en", "seed": largest}, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    assert started_save(str(got.headers["location"]))["seed"] == SEED_LIMIT - 1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_restart_with_rules_unchanged_says_there_is_nothing_to_restart(
    client: TestClient, lang: str
) -> None:
    """It once said the question was already answered in another tab: not what happened."""
    got = client.post("/new", data={**FORM, "lang": lang, "seed": "3"}, follow_redirects=False)
    assert got.status_code == 303, problem(got.text)
    location = str(got.headers["location"])
    before = started_save(location)
    name = location.split("/")[2].split("?")[0]
    refused = client.post(f"/game/{name}/restart", data={"lang": lang})
    assert refused.status_code == 409
    said = problem(refused.text)
    assert SAID[lang]["no-restart"] in said, said
    assert FORMER[lang][0] not in said
    assert started_save(location) == before  # nothing of the game changed


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/new"),
        ("GET", "/game/some-game/answer"),
        ("GET", "/game/some-game/restart"),
        ("GET", "/replays/open"),
        ("PUT", "/game/some-game/undo"),
        ("DELETE", "/game/some-game"),
        ("POST", "/replays"),
    ],
)
def test_a_method_a_page_does_not_take_is_named_as_such(
    client: TestClient, lang: str, method: str, path: str
) -> None:
    """A wrong method once got the page of a malformed form ("does not hold the form this page sends")."""
    got = client.request(method, f"{path}?lang={lang}")
    assert got.status_code == 405
    said = problem(got.text)
    assert SAID[lang]["method"] in said and method in said and path in said, said
    assert FORMER[lang][1] not in said
    assert "Traceback" not in got.text
    assert got.headers["allow"]  # the methods the page does take
    assert got.headers["cache-control"] == "no-store"
    assert saves() == []
