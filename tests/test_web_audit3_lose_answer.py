"""How I Learned to Stop Worrying asks its player for a DEFCON level: 1 sets off nuclear war, which the
side that chose it loses at once (at any DEFCON, not only at 2). The page marks that answer as it marks a
game-losing coup, and one sent without confirmation shows the question again with what it does and a
button that makes it anyway; nothing is played until then; the other levels are taken at once. The game:
solo-v2, seed 1, the USSR played greedily but for How I Learned as its event (turn 5, DEFCON 5)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_hint_war import _play_until
from twilight.cli.session.saves import read_save, saves_dir
from twilight.runtime.core.decisions import Decision

from tests.web_browser import CHROMIUM

CARD = "how_i_learned_to_stop_worrying"
SEED = 1


def howi_save(path: Path, lang: str) -> dict[str, Any]:
    """A save stopped at the USSR's DEFCON question of How I Learned; what the game was there."""
    found: dict[str, Any] = {}

    def steer(engine: Any, decision: Decision) -> Any:
        if decision.single and CARD in decision.options:
            return CARD
        if (
            decision.name == "play_mode"
            and decision.context.get("card") == CARD
            and "event" in decision.options
        ):
            return "event"
        return None

    def act(engine: Any, decision: Decision) -> None:
        found.update(defcon=engine.state.defcon, options=list(decision.options))
        data = {**engine.save_data(), "play": {"humans": ["ussr"], "lang": lang, "ids": True}}
        path.write_text(json.dumps(data), encoding="utf-8")

    _play_until(SEED, lambda engine, decision: decision.name == "how_i_learned_defcon", act, steer)
    return found


def _buttons(page: str) -> dict[str, str]:
    """Each answer button's option and its class."""
    found = re.findall(
        r'<button type="submit" name="pick" value="\d+" class="([^"]*)" data-option="([^"]*)"', page
    )
    return {option: cls for cls, option in found}


def _form(page: str, option: str, **extra: str) -> dict[str, str]:
    place = re.search(rf'name="pick" value="(\d+)"[^>]*data-option="{option}"', page)
    n = re.search(r'name="n" value="(\d+)"', page)
    decision = re.search(r'name="decision" value="([^"]*)"', page)
    assert place and n and decision
    return {"pick": place.group(1), "n": n.group(1), "decision": decision.group(1), **extra}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_defcon_1_is_marked_and_asked_again_before_it_is_made(
    client: TestClient, home: Path, lang: str
) -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)
    save = saves_dir() / "howi.json"
    found = howi_save(save, lang)
    assert found["defcon"] == 5 and found["options"] == [1, 2, 3, 4, 5]
    page = client.get(f"/game/howi?lang={lang}").text
    marked = {o: " war" in f" {cls}" for o, cls in _buttons(page).items()}
    assert marked == {"1": True, "2": False, "3": False, "4": False, "5": False}
    mark = "ends the game: you lose" if lang == "en" else "конец игры: вы проиграете"
    assert page.count(mark) == 1
    before = read_save(save)["answers"]

    asked = client.post("/game/howi/answer", data=_form(page, "1", lang=lang), follow_redirects=False)
    assert asked.status_code == 200
    alert = re.search(r'<section class="war-confirm panel"[^>]*><p>(.*?)</p>', asked.text, re.S)
    assert alert, asked.text[:500]
    words = html.unescape(alert.group(1))
    assert ("you lose" if lang == "en" else "поражением") in words and "1" in words
    assert read_save(save)["answers"] == before  # nothing played yet
    assert "Traceback" not in asked.text

    made = client.post(
        "/game/howi/answer", data=_form(asked.text, "1", lang=lang, confirm="yes"), follow_redirects=False
    )
    assert made.status_code == 303
    after = read_save(save)
    assert after["answers"][len(before)] == ["ussr", 1]
    assert after["state"]["game_over"] and after["state"]["winner"] == "us"


def test_another_level_is_taken_at_once(client: TestClient, home: Path) -> None:
    saves_dir().mkdir(parents=True, exist_ok=True)
    save = saves_dir() / "howi.json"
    howi_save(save, "en")
    before = len(read_save(save)["answers"])
    page = client.get("/game/howi").text
    made = client.post("/game/howi/answer", data=_form(page, "3"), follow_redirects=False)
    assert made.status_code == 303
    after = read_save(save)
    assert after["answers"][before] == ["ussr", 3] and not after["state"].get("game_over")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")
def test_in_the_browser_defcon_1_asks_first(browser: Any, server: str) -> None:
    """A click on 1 shows the confirmation (the game goes on); its button ends the game."""
    saves_dir().mkdir(parents=True, exist_ok=True)
    howi_save(saves_dir() / "howi.json", "en")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{server}/game/howi?lang=en")
        one = page.locator('.options .option[data-option="1"]')
        assert "ends the game: you lose" in one.inner_text()
        one.click()
        page.wait_for_load_state()
        assert page.locator("#war-confirm").is_visible()
        assert page.locator("#question").count() == 1  # still asked
        page.locator("#war-go").click()
        page.wait_for_load_state()
        assert page.locator("#question").count() == 0
        assert "nuclear war" in page.locator("main").inner_text()
    finally:
        page.close()


def test_no_answer_is_marked_where_every_answer_loses() -> None:
    """Seed 3, turn 5: the US at 18 VP, the USSR asked whether its card's US event comes first; either
    way that event brings the US to 20 VP. No answer avoids the loss, so none is marked (a confirmation
    on every answer would only stand in the way)."""
    from types import SimpleNamespace

    from twilight.cli.web.game import losing_answers
    from twilight.runtime.players.search import SearchPlayer

    found: dict[str, Any] = {}

    def stops(engine: Any, decision: Decision) -> bool:
        return decision.name == "event_first" and (engine.state.turn, engine.state.action_round) == (5, 3)

    def act(engine: Any, decision: Decision) -> None:
        search = SearchPlayer(1)
        search.engine = engine
        search.at_once_within = (engine.state.turn, engine.state.action_round)
        found["each"] = [
            search.answer_loses_at_once(engine, decision, k, o) for k, o in enumerate(decision.options)
        ]
        view = SimpleNamespace(engine=engine, decision=decision)
        found["marked"] = losing_answers(view)  # type: ignore[arg-type]

    _play_until(3, stops, act)
    assert found["each"] == [True, True]  # (the position: every answer loses)
    assert found["marked"] == []
