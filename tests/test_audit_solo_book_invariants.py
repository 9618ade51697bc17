"""Rules of the solitaire rule book (seed 000) checked over whole games played through the public API
(twilight.api), a random player on your side, the AI on the other, both AI sides:

- hand sizes after step B (000 · B. Раздача карточек): when you are first asked for your headline card,
  your deck/hand holds 8 cards in turns 1-3 and 9 from turn 4 on, and so does the AI's (one fewer when it
  has already chosen its headline, as it does first when you hold the Space Race box-4 ability, 000 · C ·
  Исключение);
- your operations (P1.1): every country offered for a point of influence, a coup or a realignment, in
  your round or the AI's, lies in the Primary region or, outside a scoring round, in the Secondary region
  (000 · Раунд с Подсчетом Очков: in a scoring round only the Primary exists);
- the order of play (000 · Раунд с Подсчетом Очков): in a scoring round you act before the AI, whichever
  side you play; in any other round the USSR acts first.

The scoring rounds themselves (one a turn in the Early War, rounds 3 and 6 later) are counted over whole
games in tests/test_scoring_deck.py."""

from __future__ import annotations

import random
from typing import Any

import pytest
from twilight.api import Game

GAMES = 12  # per AI side
ACTS = ("influence_target", "coup_target", "realign_target")


def _in_region(countries: dict[str, Any], c: str, region: str | None) -> bool:
    info = countries.get(c)
    return (
        region is not None and info is not None and (info["region"] == region or region in info["subregions"])
    )


def _play(game: Game, seed: int, ai: str) -> dict[str, list[Any]]:
    human = "us" if ai == "ussr" else "ussr"
    rng = random.Random(seed)
    state = game.new_initial_state()
    countries = state.engine.ir["map"]["countries"]
    found: dict[str, list[Any]] = {"hands": [], "outside": []}
    seen_turns: set[int] = set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        decision, now = state.decision(), state.engine.state
        if decision.name == "headline_card" and now.turn not in seen_turns:
            seen_turns.add(now.turn)
            size = 8 if now.turn <= 3 else 9
            ai_chose = 1 if now.headline.get(ai) is not None else 0
            found["hands"].append((now.turn, len(now.hands[human]), len(now.hands[ai]) + ai_chose, size))
        if decision.name in ACTS and decision.side == human and not now.in_headline:
            primary, secondary = now.vars.get("primary_region"), now.vars.get("secondary_region")
            scoring = bool(now.vars.get("scoring_round"))
            for option in map(str, decision.options):
                if option in countries and not (
                    _in_region(countries, option, primary)
                    or (not scoring and _in_region(countries, option, secondary))
                ):
                    found["outside"].append(
                        (now.turn, now.action_round, decision.name, option, primary, secondary)
                    )
        state.apply_action(rng.choice(state.legal_actions()))
    found["events"] = state.engine.events
    return found


@pytest.fixture(scope="module", params=["ussr", "us"])
def games(request: pytest.FixtureRequest) -> tuple[str, list[dict[str, list[Any]]]]:
    ai = request.param
    game = Game("solo-v2", {"ai_side": ai})
    return ai, [_play(game, seed, ai) for seed in range(GAMES)]


def test_decks_hold_eight_then_nine_cards_after_the_deal(
    games: tuple[str, list[dict[str, list[Any]]]],
) -> None:
    _ai, played = games
    checked = [hand for game in played for hand in game["hands"]]
    assert any(turn >= 4 for turn, *_ in checked)  # the games reach the Mid War
    wrong = [hand for hand in checked if hand[1] != hand[3] or hand[2] != hand[3]]
    assert not wrong, wrong  # (turn, your cards, the AI's cards, wanted)


def test_your_operations_are_offered_only_in_the_rounds_regions(
    games: tuple[str, list[dict[str, list[Any]]]],
) -> None:
    _ai, played = games
    outside = [where for game in played for where in game["outside"]]
    assert not outside, outside[:5]


def test_you_act_first_in_a_scoring_round_and_the_ussr_otherwise(
    games: tuple[str, list[dict[str, list[Any]]]],
) -> None:
    ai, played = games
    human = "us" if ai == "ussr" else "ussr"
    scoring_rounds = 0
    for game in played:
        scoring = False
        first: dict[tuple[int, int], tuple[str, bool]] = {}
        for event in game["events"]:
            if event["kind"] == "variable" and event["name"] == "scoring_round":
                scoring = bool(event["value"])
            elif event["kind"] == "action_round":
                first.setdefault((event["turn"], event["round"]), (event["side"], scoring))
        for (turn, rnd), (side, scored) in first.items():
            if scored:
                scoring_rounds += 1
            # (a side with no card to play skips its round: then the other is the first to act)
            wanted = human if scored else "ussr"
            if side != wanted:
                others = [
                    e
                    for e in game["events"]
                    if e["kind"] == "action_round" and (e["turn"], e["round"]) == (turn, rnd)
                ]
                assert len(others) == 1, (turn, rnd, side, scored)
    assert scoring_rounds > 0
