"""`twilight simulate`'s summary counts its games in the singular and the plural."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli


def test_one_game_is_one_game() -> None:
    """`standard: 1 games (seed 0, 1 job)`."""
    result = CliRunner().invoke(cli, ["simulate", "--games", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("standard: 1 game (seed 0, 1 job)")
    result = CliRunner().invoke(cli, ["simulate", "--games", "2"])
    assert result.output.startswith("standard: 2 games (seed 0, 1 job)")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "1", "--playouts", "5"],
        ["simulate", "--games", "1", "--players", "greedy", "--horizon", "2", "--max-candidates", "4"],
        ["simulate", "--ruleset", "solo-v2", "--games", "1", "--human-policy", "greedy", "--budget-ms", "5"],
        [
            "balance",
            "solo-v2",
            "--games",
            "1",
            "--levels",
            "normal",
            "--sides",
            "us",
            "--policy",
            "random",
            "--playouts",
            "5",
        ],
    ],
)
def test_a_search_budget_without_a_search_is_refused(args: list[str]) -> None:
    """`--playouts 5` with random players played the games as if it had not been given."""
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "no side plays by search" in result.output
    assert "games/s" not in result.output


def test_a_search_budget_for_a_search_is_taken() -> None:
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "--games",
            "1",
            "--players",
            "us=search,ussr=random",
            "--playouts",
            "2",
            "--horizon",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "players:        us search, ussr random" in result.output
