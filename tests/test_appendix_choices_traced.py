"""The choices the solo AI makes in its card appendix (where De-Stalinization takes its points from and
puts them, where Decolonization's points go, which card UN Intervention pairs with…) are priority lists, so
each pick is traced as `ai_choice` with its option and how many candidates it had, and `why` tells it.
Whole games of the AI against the random policy are played until the AI has resolved De-Stalinization and
at least two other entries whose choices are such lists; each pick must be what the event then did."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from twilight.cli.explain.trace import group_moves
from twilight.cli.session.text import PlayText
from twilight.cli.session.why import PlayerExplainer
from twilight.cli.simulate_cmd import game_players
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import build_program

from tests.helpers import compiled_ir

# The lists each entry's own resolution (the AI playing the event) asks.
LISTS = {
    "de_stalinization": {
        "de_stalinization_solo_first_key",
        "de_stalinization_solo_second_key",
        "de_stalinization_solo_non_key",
        "de_stalinization_solo_spread_key",
        "de_stalinization_solo_source",
    },
    "decolonization": {"decolonization_solo_country"},
    "un_intervention": {"un_intervention_solo_ai_card"},
    "brush_war": {"brush_war_solo_target"},
    "iran_iraq_war": {"iran_iraq_war_solo_target"},
}
# The records that follow what a resolution made: the next card played, event, AI decision or turn.
ENDS_A_RESOLUTION = ("play", "event", "ai_decision", "turn")
# (enough games for all three in any case: each of these entries shows up in about a third of the games)
GAMES_AT_MOST = 120


def ai_games() -> Iterator[Engine]:
    ir = compiled_ir("solo-v2")
    program = build_program(ir)
    for seed in range(GAMES_AT_MOST // 2):
        for side in ("ussr", "us"):
            players = game_players(seed, "random", side)
            engine = Engine(ir, players, seed=seed, settings={"ai_side": side}, program=program, track=False)
            for player in players.values():
                if hasattr(player, "engine"):
                    player.engine = engine
            engine.run()
            yield engine


def resolutions(events: list[dict[str, Any]]) -> Iterator[tuple[str, int, list[dict[str, Any]]]]:
    """Each AI event of a converted entry played by its appendix resolution: the card, the index of its
    `event` record and the events it made (up to the next card played, event or AI decision)."""
    for i, event in enumerate(events):
        if event["kind"] != "event" or event.get("appendix") != "resolve" or event.get("card") not in LISTS:
            continue
        end = next(
            (
                j
                for j in range(i + 1, len(events))
                if events[j]["kind"] in ("play", "event", "ai_decision", "turn")
            ),
            len(events),
        )
        yield str(event["card"]), i, events[i + 1 : end]


def picks(made: list[dict[str, Any]], names: set[str]) -> list[dict[str, Any]]:
    return [e for e in made if e["kind"] == "ai_choice" and e["priority"] in names]


def influence_changes(made: list[dict[str, Any]], side: str, sign: int) -> list[str]:
    return [
        e["country"]
        for e in made
        if e["kind"] == "influence" and e["side"] == side and e["change"] * sign > 0
    ]


def check_traced(made: list[dict[str, Any]], names: set[str]) -> list[dict[str, Any]]:
    """The picks of the entry's lists, each with its option and candidate count; those that picked."""
    chosen = []
    for pick in picks(made, names):
        assert isinstance(pick["candidates"], int), pick
        if pick["option"] is None:
            assert pick["candidates"] == 0 and pick["target"] is None, pick
        else:
            assert pick["candidates"] >= 1 and pick["target"] is not None, pick
            chosen.append(pick)
    return chosen


@pytest.fixture(scope="module")
def found() -> dict[str, tuple[list[dict[str, Any]], int, list[dict[str, Any]], str]]:
    """For each converted entry the AI resolved: the game's events, where it began, what it made, the AI's
    side (the first time it happened), until De-Stalinization and two others have been seen."""
    seen: dict[str, tuple[list[dict[str, Any]], int, list[dict[str, Any]], str]] = {}
    for engine in ai_games():
        side = str(engine.state.settings["ai_side"])
        for card, start, made in resolutions(engine.events):
            seen.setdefault(card, (engine.events, start, made, side))
        if "de_stalinization" in seen and len(seen) >= 3:
            break
    return seen


def test_de_stalinization_and_two_more_entries_were_resolved(found: dict[str, Any]) -> None:
    assert "de_stalinization" in found and len(found) >= 3, sorted(found)


def test_de_stalinization_traces_where_the_points_come_from_and_go(found: dict[str, Any]) -> None:
    _, _, made, side = found["de_stalinization"]
    chosen = check_traced(made, LISTS["de_stalinization"])
    lists = [p["priority"] for p in picks(made, LISTS["de_stalinization"])]
    # The first listed Key country is always asked first: the plan starts from it or from its absence.
    assert lists[0] == "de_stalinization_solo_first_key", lists
    sources = [p["target"] for p in chosen if p["priority"] == "de_stalinization_solo_source"]
    assert sources and sources == influence_changes(made, side, -1)
    # the countries the plan's lists picked are those the points went to, in that order
    targets = [p["target"] for p in chosen if p["priority"] != "de_stalinization_solo_source"]
    assert targets == influence_changes(made, side, +1)


def test_the_other_entries_trace_what_they_picked(found: dict[str, Any]) -> None:
    checked = 0
    for card, (_, _, made, side) in found.items():
        chosen = check_traced(made, LISTS[card])
        assert chosen, (card, made)
        targets = [p["target"] for p in chosen]
        if card == "decolonization":
            # (points the lists could not place go by the AI's answer to a choice, after the lists' picks)
            assert influence_changes(made, side, +1)[: len(targets)] == targets
        elif card == "un_intervention":
            assert [e["card"] for e in made if e["kind"] == "discard"][:1] == targets
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(
    ("lang", "title"),
    [
        ("en", "where the AI takes a point of De-Stalinization from"),
        ("ru", "откуда ИИ снимает очко для Десталинизации"),
    ],
)
def test_why_tells_de_stalinization_choices(found: dict[str, Any], lang: str, title: str) -> None:
    events, start, made, _ = found["de_stalinization"]
    ir = compiled_ir("solo-v2")
    moves = group_moves(events[: start + 1 + len(made)])
    explainer = PlayerExplainer(PlayText("solo-v2", lang, ir).loc, ir, "solo-v2")
    lines = explainer.render(explainer.move(len(moves), moves[-1]))
    text = "\n".join(lines)
    assert title in text, text
    sources = [p for p in picks(made, {"de_stalinization_solo_source"}) if p["option"] is not None]
    count = sources[0]["candidates"]
    said = f"of {count} candidate" if lang == "en" else f"из {count} кандидат"
    assert said in text, text
