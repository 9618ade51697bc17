"""A coup that loses the game on the spot, in the browser: the targets whose coup brings DEFCON to 1 are
marked among the answers (as the terminal marks them), and one sent without confirmation shows the
question again with what it does and a button that makes it anyway; nothing is played until then. The
game: test_hint_war.py's (solo-v2, the USSR's first coup at DEFCON 2, some targets battlegrounds)."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_hint_war import _war, at_the_coup, coup_save, play_mode_save  # noqa: E402
from twilight.cli.session.saves import read_save, saves_dir  # noqa: E402

NAME = "coup"


def _marked(page: str) -> dict[str, bool]:
    """Each answer button's option and whether it is marked as losing at once."""
    found = re.findall(
        r'<button type="submit" name="pick" value="\d+" class="([^"]*)" data-option="([^"]*)"', page
    )
    return {option: " war" in f" {cls}" for cls, option in found}


def _form(page: str, option: str, **extra: str) -> dict[str, str]:
    place = re.search(rf'name="pick" value="(\d+)"[^>]*data-option="{option}"', page)
    assert place, option
    n = re.search(r'name="n" value="(\d+)"', page)
    decision = re.search(r'name="decision" value="([^"]*)"', page)
    assert n and decision
    return {"pick": place.group(1), "n": n.group(1), "decision": decision.group(1), **extra}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_war_starting_coup_is_marked_and_asked_again_before_it_is_made(
    client: TestClient, home: Path, lang: str
) -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)
    save = saves_dir() / f"{NAME}.json"
    options = coup_save(save, lang)
    found: dict[str, list[str]] = {}
    at_the_coup(lambda engine, decision: found.update(war=_war(engine, decision)))
    war = found["war"]
    assert war and len(war) < len(options)
    page = client.get(f"/game/{NAME}?lang={lang}").text
    assert _marked(page) == {o: o in war for o in options}
    mark = "DEFCON 1: you lose at once" if lang == "en" else "DEFCON 1: вы сразу проиграете"
    assert page.count(mark) == len(war)
    before = read_save(save)["answers"]

    asked = client.post(f"/game/{NAME}/answer", data=_form(page, war[0], lang=lang), follow_redirects=False)
    assert asked.status_code == 200
    alert = re.search(r'<section class="war-confirm panel"[^>]*><p>(.*?)</p>', asked.text, re.S)
    assert alert, asked.text[:500]
    words = html.unescape(alert.group(1))
    assert ("nuclear war" if lang == "en" else "ядерная война") in words
    assert read_save(save)["answers"] == before  # nothing played yet
    assert _marked(asked.text) == _marked(page)  # the question is still there to choose again

    confirmed = _form(asked.text, war[0], lang=lang, confirm="yes")
    made = client.post(f"/game/{NAME}/answer", data=confirmed, follow_redirects=False)
    assert made.status_code == 303
    after = read_save(save)
    assert after["answers"][: len(before)] == before and after["answers"][len(before)] == ["ussr", war[0]]
    assert after["state"]["game_over"] and after["state"]["winner"] == "us"


def test_a_target_that_does_not_start_the_war_is_taken_at_once(client: TestClient, home: Path) -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)
    save = saves_dir() / f"{NAME}.json"
    options = coup_save(save, "en")
    before = len(read_save(save)["answers"])
    page = client.get(f"/game/{NAME}").text
    safe = [o for o, war in _marked(page).items() if not war]
    assert safe and set(safe) < set(options)
    made = client.post(f"/game/{NAME}/answer", data=_form(page, safe[0], lang="en"), follow_redirects=False)
    assert made.status_code == 303
    assert read_save(save)["answers"][before] == ["ussr", safe[0]]


def test_a_way_to_play_a_card_that_sets_off_the_war_is_asked_in_its_own_words(
    client: TestClient, home: Path
) -> None:
    """De-Stalinization at DEFCON 2 (test_hint_war.py): its coup is marked, and the
    confirmation speaks of a way to play the card, not of a coup's country."""
    saves_dir().mkdir(parents=True, exist_ok=True)
    save = saves_dir() / f"{NAME}.json"
    ways = play_mode_save(save, "ru")
    before = read_save(save)["answers"]
    page = client.get(f"/game/{NAME}").text
    assert _marked(page) == {w: w == "coup" for w in ways}
    asked = client.post(f"/game/{NAME}/answer", data=_form(page, "coup", lang="ru"), follow_redirects=False)
    assert asked.status_code == 200
    assert "при таком розыгрыше карты DEFCON дойдет до 1" in html.unescape(asked.text)
    assert "Все равно сыграть так" in asked.text and "Выбрать другой способ" in asked.text
    assert read_save(save)["answers"] == before  # nothing played yet
