"""Whole solitaire games: the ruleset's AI against a policy on your side, every invariant checked after
every step, for both AI sides and both solo rulesets; the AI must never make an illegal move (an illegal
operation asked by its procedures is refused by the runtime, which would end the game with an error);
games replay exactly; and the AI beats a uniformly random opponent in the large majority of games."""

from __future__ import annotations

import functools
import io
import os
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.compiler.api import compile_target
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import GreedyPlayer, RandomPlayer, ScriptedPlayer
from twilight.runtime.core.invariants import CheckedEngine, check_finished
from twilight.runtime.game import IMPLEMENTATIONS
from twilight.runtime.solo.ai import RulesAIPlayer, ai_side_of

SOLO_GAMES = int(os.environ.get("TWILIGHT_SOLO_PLAYOUTS", "12"))


@functools.cache
def compiled(ruleset: str) -> tuple[dict[str, Any], Program]:
    result = compile_target(ruleset)
    assert result.ir is not None and result.ok, ruleset
    return result.ir, Program(result.ir, IMPLEMENTATIONS)


def solo_game(
    ruleset: str, seed: int, ai_side: str, policy: str = "random", answers: list[Any] | None = None
) -> tuple[CheckedEngine, str]:
    ir, program = compiled(ruleset)
    settings = {"ai_side": ai_side}
    human = "us" if ai_side == "ussr" else "ussr"
    you: Any = (GreedyPlayer if policy == "greedy" else RandomPlayer)(seed * 2 + 1)
    ai: Any = RulesAIPlayer()
    players: dict[str, Any] = {human: you, ai_side: ai}
    if answers is not None:
        players = {s: ScriptedPlayer([a for side, a in answers if side == s]) for s in ("us", "ussr")}
    out = io.StringIO()
    engine = CheckedEngine(ir, players, seed=seed, settings=settings, program=program, trace_to=out)
    for p in (you, ai):
        p.engine = engine
    engine.run()
    check_finished(engine)
    return engine, out.getvalue()


@pytest.mark.parametrize("ruleset", ["solo-v2", "solo-v2-quickdeal"])
@pytest.mark.parametrize("ai_side", ["ussr", "us"])
def test_solo_games_keep_every_invariant_and_the_ai_wins_most(ruleset: str, ai_side: str) -> None:
    ir, _ = compiled(ruleset)
    assert ai_side_of(ir, {"ai_side": ai_side}) == ai_side
    winners: Counter[str] = Counter()
    for seed in range(SOLO_GAMES):
        engine, _ = solo_game(ruleset, 500 + seed, ai_side)
        assert engine.state.game_over and engine.rating is not None
        winners[str(engine.state.winner)] += 1
        kinds = Counter(e["kind"] for e in engine.events)
        # the AI explained itself: each of its cards has a reason, each placement a priority option
        assert kinds["ai_decision"] > 0 and kinds["ai_choice"] > 0
    assert winners[ai_side] >= 0.75 * SOLO_GAMES, winners


def test_the_greedy_policy_plays_whole_games() -> None:
    for seed in range(3):
        engine, _ = solo_game("solo-v2", 900 + seed, "ussr", policy="greedy")
        assert engine.state.game_over


def test_a_solo_game_replays_exactly_from_its_answers() -> None:
    first, trace1 = solo_game("solo-v2", 77, "us")
    _, trace2 = solo_game("solo-v2", 77, "us")
    assert trace1 == trace2
    # Given back as recorded answers (a save), the game is the same move for move; only the AI's
    # explanations of its answers are missing, since a scripted player does not reason.
    replay, _ = solo_game("solo-v2", 77, "us", answers=first.answers)
    assert replay.state.digest() == first.state.digest()

    def moves(engine: CheckedEngine) -> list[tuple[Any, ...]]:
        return [
            tuple(sorted((k, str(v)) for k, v in e.items() if k != "n"))
            for e in engine.events
            if e["kind"] not in ("ai_answer", "ai_choice", "ai_options_rated")
        ]

    assert moves(replay) == moves(first)


def test_simulate_reports_the_ai_win_rate() -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli, ["simulate", "--ruleset", "solo-v2", "--games", "3", "--human-policy", "greedy", "--json"]
    )
    assert result.exit_code == 0, result.output
    import json

    data = json.loads(result.output)
    assert data["ai_side"] == "ussr" and data["players"] == "greedy"
    assert data["errors"] == 0 and sum(data["winners"].values()) == 3
    assert sum(data["ratings"].values()) == 3
    text = runner.invoke(cli, ["simulate", "--ruleset", "solo-v2", "--games", "2", "--set", "ai_side=us"])
    assert text.exit_code == 0 and "AI (us) against the random policy: wins" in text.output
    refused = runner.invoke(
        cli, ["simulate", "--ruleset", "standard", "--games", "1", "--human-policy", "random"]
    )
    assert refused.exit_code == 2 and "no AI opponent" in refused.output
    assert "Traceback" not in refused.output
