"""`twilight serve`'s start page against a form written by hand (HTTP, Starlette's TestClient:
tests/web_client.py). A `setting-NAME` field the page never offers (a misspelled name) once started the
game with that setting's default without a word; a value its setting does not take was refused only as
"not the form this page sends", naming nothing; a setting the ruleset declares but the page does not ask
(`setting-optional_cards`, `setting-level`) and an unknown opponent were ignored. Now each is refused with
the start page again, saying which field and what it takes, in the page's language, the form as it was
sent, and no save made."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402
from web_client import BASE  # noqa: E402 (its fixtures home, app and client: conftest.py)

FORM = {"ruleset": "solo-v2", "side": "us", "level": "normal", "seed": "11"}


def problem(page: str) -> str:
    found = re.search(r'class="problem">(.*?)</p>', page, re.S)
    return found.group(1) if found else ""


def saves(home: Path) -> list[Path]:
    return sorted((home / "saves").glob("*.json")) if (home / "saves").is_dir() else []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The start page has no setting “deluxe_map_canda” (did you mean “deluxe_map_canada”?)"),
        ("ru", "На стартовой странице нет настройки «deluxe_map_canda» (может быть, имелась в виду"),
    ],
)
def test_a_misspelled_setting_is_refused_naming_it(
    client: TestClient, home: Path, lang: str, said: str
) -> None:
    got = client.post("/new", data={**FORM, "lang": lang, "setting-deluxe_map_canda": "true"})
    assert got.status_code == 400
    assert problem(got.text).startswith(said), problem(got.text)
    assert saves(home) == []  # (no game was started)
    # the start page again, the form as it was sent: the seed typed is still there
    assert 'action="/new"' in got.text and 'name="seed"' in got.text and 'value="11"' in got.text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The deluxe edition&#x27;s map (deluxe_map_canada) takes one of: false, true, not “perhaps”"),
        ("ru", "Настройка «Карта делюкс-издания» (deluxe_map_canada) принимает одно из значений: false"),
    ],
)
def test_a_value_the_setting_does_not_take_is_refused_naming_the_setting(
    client: TestClient, home: Path, lang: str, said: str
) -> None:
    got = client.post("/new", data={**FORM, "lang": lang, "setting-deluxe_map_canada": "perhaps"})
    assert got.status_code == 400
    assert problem(got.text).startswith(said), problem(got.text)
    assert saves(home) == []


@pytest.mark.parametrize("field", ["setting-optional_cards", "setting-level", "setting-ai_side"])
def test_a_setting_the_page_does_not_ask_is_refused(client: TestClient, home: Path, field: str) -> None:
    """Declared by the ruleset, but not a field of the start page (the level and the side have their own):
    it was taken for nothing, and the game started without it."""
    got = client.post("/new", data={**FORM, "lang": "en", field: "true"})
    assert got.status_code == 400
    name = field.removeprefix("setting-")
    assert problem(got.text) == (
        f"The start page has no setting “{name}”; its settings: deluxe_map_canada. No game was started."
    )
    assert saves(home) == []


def test_an_unknown_opponent_is_refused(client: TestClient, home: Path) -> None:
    form = {**FORM, "ruleset": "standard", "lang": "ru", "opponent": "alien\x1b[31m"}
    got = client.post("/new", data=form)
    assert got.status_code == 400
    assert "но не «alien\ufffd[31m»: игра не начата" in problem(got.text)
    assert "\x1b" not in got.text
    assert saves(home) == []


def test_the_settings_the_page_sends_still_start_a_game(client: TestClient, home: Path) -> None:
    """The page's own form: its setting taken; sent with another listed ruleset, which asks it too."""
    for ruleset in ("solo-v2", "standard"):
        form = {**FORM, "ruleset": ruleset, "lang": "en", "setting-deluxe_map_canada": "true"}
        got = client.post("/new", data={**form, "opponent": "person"}, follow_redirects=False)
        assert got.status_code == 303, problem(got.text)
    assert len(saves(home)) == 2


# A variant with a setting of its own, a whole number within bounds (tests/test_asked_int_setting.py).
MANIFEST = """ruleset "cold-v2" provisional "P10: a test variant" {
  version "1"
  extends "solo-v2"
  description "solo-v2 with a setting asked below zero"
}
"""
SETTING = 'setting cold_start: int from -5 to -1 = -3 asked provisional "P10: a test"\n'


@pytest.fixture
def variant_client(home: Path, tmp_path: Path) -> Iterator[TestClient]:
    folder = tmp_path / "rules" / "cold-v2"
    folder.mkdir(parents=True)
    (folder / "ruleset.tsr").write_text(MANIFEST, encoding="utf-8")
    (folder / "more.tsr").write_text(SETTING, encoding="utf-8")
    for lang in ("en", "ru"):
        (folder / "locales" / lang).mkdir(parents=True)
        words = folder / "locales" / lang / "play.ftl"
        words.write_text("setting-cold_start = How cold?\n", encoding="utf-8")
    app = create_app("127.0.0.1", 8000, "en", rules_paths=(str(folder.parent),))
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize(
    ("value", "lang", "said"),
    [
        ("-9", "en", "The setting “cold_start” takes a whole number from -5 to -1, not “-9”"),
        ("0", "en", "The setting “cold_start” takes a whole number from -5 to -1, not “0”"),
        ("cold", "ru", "Настройка «cold_start» принимает целое число от -5 до -1, а не «cold»"),
        ("9" * 500, "en", "The setting “cold_start” takes a whole number from -5 to -1, not “999"),
    ],
)
def test_a_number_out_of_its_bounds_or_no_number_is_refused(
    variant_client: TestClient, home: Path, value: str, lang: str, said: str
) -> None:
    form = {**FORM, "ruleset": "cold-v2@1", "lang": lang, "setting-cold_start": value}
    got = variant_client.post("/new", data=form)
    assert got.status_code == 400
    assert problem(got.text).startswith(said), problem(got.text)
    assert len(problem(got.text)) < 300  # (a long value is cut short)
    assert saves(home) == []
    # the variant's own setting is its alone: sent with solo-v2, which does not ask it, it is left out
    taken = variant_client.post(
        "/new", data={**FORM, "lang": "en", "setting-cold_start": "-2"}, follow_redirects=False
    )
    assert taken.status_code == 303
    good = variant_client.post("/new", data={**form, "setting-cold_start": "-4"}, follow_redirects=False)
    assert good.status_code == 303


@pytest.mark.parametrize("field", ["side", "setting-deluxe_map_canada", "seed"])
def test_a_field_sent_twice_is_refused_naming_it(client: TestClient, home: Path, field: str) -> None:
    """The page has one of each: `side=us&side=ussr` started a game of the USSR without a word."""
    values = {"side": ("us", "ussr"), "setting-deluxe_map_canada": ("true", "false"), "seed": ("1", "2")}
    pairs = [*((k, v) for k, v in {**FORM, "lang": "ru"}.items() if k != field)]
    pairs += [(field, value) for value in values[field]]
    body = urlencode(pairs).encode("utf-8")
    got = client.post("/new", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert got.status_code == 400
    assert problem(got.text) == (
        f"Форма отправляет поле «{field}» дважды: какое из значений имелось в виду? Игра не начата."
    )
    assert saves(home) == []


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("side", "mars", "The field “side” takes one of: us, ussr, not “mars”: no game was started."),
        ("level", "god", "The field “level” takes one of: normal, experienced, hard, expert, not “god”"),
    ],
)
def test_a_side_or_level_the_page_does_not_offer_is_refused_naming_it(
    client: TestClient, home: Path, field: str, value: str, said: str
) -> None:
    """Refused before as "not the form this page sends", naming neither the field nor what it takes."""
    got = client.post("/new", data={**FORM, "lang": "en", field: value})
    assert got.status_code == 400
    assert problem(got.text).startswith(said), problem(got.text)
    assert saves(home) == []
