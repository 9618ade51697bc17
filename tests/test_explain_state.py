"""`twilight explain state`: the state a ruleset declares (variables, zones, tracks) with its provenance,
at the start of a game or in a saved game of `twilight play`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from twilight.cli.localizer import Localizer


def line_of(out: str, name: str) -> str:
    """The line of the declared thing `name` (`Label (name): …`)."""
    found = [line for line in out.splitlines() if f"({name}):" in line]
    assert len(found) == 1, out
    return found[0]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            {
                "primary_region": ("Primary region (primary_region): a region", "starts: none"),
                "scoring_deck": ("Scoring deck (scoring_deck): face down", "starts: empty"),
                "vp": ("Victory points (vp): from -20 to 20",),
                "space": ("Space Race (space): from 0 to 8", "one marker per side"),
                "scoring_rounds": ("a list of numbers",),
            },
        ),
        (
            "ru",
            {
                "primary_region": ("Первичный регион (primary_region): регион", "в начале: нет"),
                "scoring_deck": ("Колода подсчета очков (scoring_deck): лицом вниз", "в начале: пусто"),
                "vp": ("Победные очки (vp): от -20 до 20",),
                "space": ("Космическая гонка (space): от 0 до 8", "по фишке у каждой стороны"),
                "scoring_rounds": ("список чисел",),
            },
        ),
    ],
)
def test_the_ruleset_view_lists_its_own_and_inherited_state(
    lang: str, words: dict[str, tuple[str, ...]]
) -> None:
    code, out = run_cli(["explain", "state", "--ruleset", "solo-v2", "--lang", lang])
    assert code == 0, out
    for name, parts in words.items():
        line = line_of(out, name)
        assert [part for part in parts if part not in line] == [], line
    lines = out.splitlines()
    # Each thing's provenance follows it: a source with its file, or the gap it fills (P2.1).
    deck = lines.index(line_of(out, "scoring_deck"))
    assert "000 · Расстановка · 2 (solo-v2/regions.tsr:" in lines[deck + 1]
    discard = lines.index(line_of(out, "scoring_discard"))
    assert "P2.1: a Primary card that did not score goes face up" in lines[discard + 1]
    assert lines[discard + 1].strip().startswith("Provisional:" if lang == "en" else "Предварительно:")
    vp = lines.index(line_of(out, "vp"))
    assert "victory.automatic (standard/tracks.tsr:" in lines[vp + 1]  # inherited from standard
    assert "{" not in out and "$" not in out


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A short game of `twilight play` watched to its end (a policy plays the person's side)."""
    save = tmp_path_factory.mktemp("saves") / "game.json"
    args = ["play", "--ruleset", "solo-v2", "--side", "us", "--level", "normal", "--seed", "5"]
    args += ["--lang", "en", "--human-policy", "random", "--delay", "0", "--save", str(save)]
    code, out = run_cli(args)
    assert code == 0, out
    return save, json.loads(save.read_text(encoding="utf-8"))


def test_a_save_shows_the_values_now_and_a_face_down_zone_by_size(
    saved_game: tuple[Path, dict[str, Any]],
) -> None:
    save, data = saved_game
    recorded = data["state"]  # what the game wrote; the command replays the answers to reach it
    primary = recorded["vars"]["primary_region"]
    deck = recorded["zones"]["scoring_deck"]
    assert primary and deck
    code, out = run_cli(["explain", "state", str(save)])
    assert code == 0, out
    loc = Localizer.for_ruleset("solo-v2", "en")
    assert f"now: {loc.region(primary)}" in line_of(out, "primary_region")
    deck_line = line_of(out, "scoring_deck")
    assert f"now: {len(deck)} card" in deck_line
    shown = [c for c in deck if loc.card(c) in out]
    assert shown == [], f"the face-down deck's cards are shown: {shown}"
    assert f"now: {recorded['vp']}" in line_of(out, "vp")
    # In the save's language unless told otherwise.
    code, out = run_cli(["explain", "state", str(save), "--lang", "ru"])
    assert code == 0 and "Колода подсчета очков (scoring_deck)" in out, out


def test_json(saved_game: tuple[Path, dict[str, Any]]) -> None:
    save, data = saved_game
    code, out = run_cli(["explain", "state", "--ruleset", "solo-v2", "--json"])
    assert code == 0, out
    view = json.loads(out)
    assert view["game"] is None and view["save"] is None and view["ruleset"] == "solo-v2"
    variables = {v["name"]: v for v in view["variables"]}
    assert variables["primary_region"]["type"] == "region" and variables["primary_region"]["start"] is None
    assert variables["primary_region"]["source"]["src"].startswith("solo-v2/regions.tsr:")
    zones = {z["name"]: z for z in view["zones"]}
    assert zones["scoring_deck"]["face_down"] and zones["scoring_deck"]["start"] == {"count": 0}
    assert zones["scoring_discard"]["source"]["provisional"][0].startswith("P2.1")
    tracks = {t["name"]: t for t in view["tracks"]}
    assert (tracks["vp"]["min"], tracks["vp"]["max"], tracks["vp"]["per_side"]) == (-20, 20, False)
    assert tracks["space"]["per_side"] and "now" not in tracks["space"]

    code, out = run_cli(["explain", "state", str(save), "--json"])
    assert code == 0, out
    game = json.loads(out)
    assert game["save"] == str(save) and game["game"]["over"] is True
    zones = {z["name"]: z for z in game["zones"]}
    # A face-down zone: how many cards, never which.
    assert zones["scoring_deck"]["now"] == {"count": len(data["state"]["zones"]["scoring_deck"])}
    assert zones["scoring_discard"]["now"]["cards"] == data["state"]["zones"]["scoring_discard"]
    tracks = {t["name"]: t for t in game["tracks"]}
    assert tracks["space"]["now"] == data["state"]["space"] and tracks["vp"]["now"] == data["state"]["vp"]
    assert {v["name"]: v["now"] for v in game["variables"]} == data["state"]["vars"]


def test_a_damaged_or_foreign_save_is_one_line(
    saved_game: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    _, data = saved_game
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1, "ruleset": "solo-v2", "answers": [', encoding="utf-8")
    forged = tmp_path / "forged.json"
    forged.write_text(
        json.dumps({**data, "answers": [["us", "nonsense"], *data["answers"][1:]]}), encoding="utf-8"
    )
    for path, says in (
        (broken, "is damaged: it is not valid JSON"),
        (forged, "does not lead back to its game"),
        (tmp_path / "nothing.json", "There is no save file"),
    ):
        code, out = run_cli(["explain", "state", str(path)])
        assert code == 1, out
        assert out.strip().count("\n") == 0 and out.startswith("error: ") and says in out, out
        assert "Traceback" not in out
    code, out = run_cli(["explain", "state", str(saved_game[0]), "--ruleset", "standard"])
    assert code == 1 and "is a game of solo-v2, not of standard" in out, out
