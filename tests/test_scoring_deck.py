"""The solo scoring deck, counted over whole games (rules/solo-v2/regions.tsr, "The reading"): whatever the
shuffles, every Early War turn has exactly one scoring round, in rounds 3 to 6, and ends its action rounds
with one face-down scoring card (000 · Игровые примечания); a Mid/Late War turn has two face-down cards at
the end of its round 6, its last scoring round (one once Southeast Asia Scoring has left the game); the
deck never runs dry within seven action rounds, so every round has a Primary and a Secondary region.

The games are read from their traces: every card that enters or leaves a zone of the ruleset is traced as
`zone`, so following the scoring cards' moves gives the size of the face-down deck at any moment."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from twilight.cli import simulate_cmd
from twilight.compiler import api

GAMES = 60  # per AI side


@dataclass
class Turn:
    period: str
    scoring_rounds: list[int] = field(default_factory=list)
    deck_at_round_start: dict[int, int] = field(default_factory=dict)  # before round n's first event
    deck_at_end: int | None = None  # as phase E begins: the action rounds are over
    rounds: int = 0
    regions: list[tuple[int, str, Any]] = field(default_factory=list)  # (round, variable, value)
    southeast_asia_gone_by_round_7: bool = False


def _turns(events: list[dict[str, Any]]) -> dict[int, Turn]:
    where: dict[str, str] = {}  # scoring card -> the zone it was last moved to
    turns: dict[int, Turn] = {}
    southeast_asia_gone = False
    in_action_rounds = False
    last_round = 0

    def deck() -> int:
        return sum(1 for zone in where.values() if zone == "scoring_deck")

    for event in events:
        number, kind = event["turn"], event["kind"]
        turn = turns.setdefault(number, Turn("early" if number <= 3 else "later"))
        if kind == "phase":
            in_action_rounds = event["phase"] == "action_rounds"
            if event["phase"] == "military_operations":
                turn.deck_at_end = deck()
            last_round = 0
        if in_action_rounds and event["round"] != last_round:
            last_round = event["round"]
            turn.deck_at_round_start[last_round] = deck()
            turn.rounds = max(turn.rounds, last_round)
            if last_round == 7:
                turn.southeast_asia_gone_by_round_7 = southeast_asia_gone
        if kind == "zone":
            where[event["card"]] = event["zone"]
        elif kind == "variable" and event["name"] in ("primary_region", "secondary_region"):
            turn.regions.append((event["round"], event["name"], event["value"]))
        elif kind == "variable" and event["name"] == "scoring_rounds":
            turn.scoring_rounds = list(event["value"])
        elif kind == "region_score_counted" and event["region"] == "southeast_asia":
            southeast_asia_gone = True  # (its scoring card leaves the game as the round ends)
    return turns


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[dict[int, Turn]]:
    ir = api.compile_target("solo-v2").ir
    assert ir is not None
    out = []
    for ai_side in ("ussr", "us"):
        folder = tmp_path_factory.mktemp(f"scoring-deck-{ai_side}")
        simulate_cmd._init_worker(ir, str(folder), False, {"ai_side": ai_side}, "greedy")
        for index in range(GAMES):
            record = simulate_cmd.play_game((index, simulate_cmd.game_seed(41, index)))
            assert "error" not in record, record
            lines = (folder / f"game-{index:05d}.jsonl").read_text(encoding="utf-8").splitlines()
            out.append(_turns([json.loads(line) for line in lines]))
    return out


def _whole(turns: dict[int, Turn]) -> list[Turn]:
    """The turns whose action rounds all took place (the last turn of a game may have stopped early)."""
    return [t for t in turns.values() if t.deck_at_end is not None]


def test_every_early_war_turn_has_one_scoring_round_and_ends_with_one_face_down_card(
    games: list[dict[int, Turn]],
) -> None:
    early = [t for turns in games for t in _whole(turns) if t.period == "early"]
    assert len(early) >= 2 * GAMES
    for turn in early:
        assert len(turn.scoring_rounds) == 1 and 3 <= turn.scoring_rounds[0] <= 6, turn
        assert turn.deck_at_end == 1, turn


def test_a_mid_or_late_war_turn_has_two_face_down_cards_after_its_round_six(
    games: list[dict[int, Turn]],
) -> None:
    later = [t for turns in games for t in _whole(turns) if t.period == "later" and t.rounds >= 7]
    assert len(later) >= GAMES
    counts = set()
    for turn in later:
        assert turn.scoring_rounds == [3, 6], turn
        wanted = 1 if turn.southeast_asia_gone_by_round_7 else 2
        assert turn.deck_at_round_start[7] == wanted, turn
        # round 7 reveals one card more (000 · X wins over the note's count, which holds through round 6)
        if turn.rounds == 7:  # (not an eighth round, the Space Race's, which may refill the deck)
            assert turn.deck_at_end == wanted - 1, turn
        counts.add(wanted)
    assert counts == {1, 2}  # both before and after Southeast Asia Scoring left


def test_the_deck_never_runs_dry_within_seven_rounds(games: list[dict[int, Turn]]) -> None:
    seen = 0
    for turns in games:
        for turn in turns.values():
            for round_number, name, value in turn.regions:
                if round_number <= 7:
                    assert value is not None, (name, round_number, turn)
                    seen += 1
    assert seen > 500


def test_a_whole_game_scores_three_times_in_the_early_war(games: list[dict[int, Turn]]) -> None:
    reached = [turns for turns in games if 4 in turns]
    assert reached
    for turns in reached:
        assert sum(len(turns[n].scoring_rounds) for n in (1, 2, 3)) == 3


def test_the_counts_are_read_from_the_trace_as_the_ruleset_moves_its_cards(tmp_path: Path) -> None:
    """The reader of this file against a trace written by hand: a card revealed, one scored back."""
    events = [
        {"turn": 4, "round": 0, "kind": "phase", "phase": "regions"},
        *(
            {"turn": 4, "round": 0, "kind": "zone", "card": card, "zone": "scoring_deck"}
            for card in ("a", "b", "c")
        ),
        {"turn": 4, "round": 0, "kind": "phase", "phase": "action_rounds"},
        {"turn": 4, "round": 1, "kind": "zone", "card": "a", "zone": "scoring_revealed"},
        {"turn": 4, "round": 2, "kind": "zone", "card": "b", "zone": "scoring_revealed"},
        {"turn": 4, "round": 2, "kind": "zone", "card": "a", "zone": "scoring_deck"},
        {"turn": 4, "round": 2, "kind": "phase", "phase": "military_operations"},
    ]
    turn = _turns(events)[4]
    assert turn.deck_at_round_start == {1: 3, 2: 2}
    assert turn.deck_at_end == 2
