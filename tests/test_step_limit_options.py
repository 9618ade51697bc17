"""`--step-limit` and `--game-step-limit`, and their environment variables: a wrong value set in the
environment is told as the variable's (the person never typed the flag), any wrong value echoed clipped;
a good one in either place is taken."""

from __future__ import annotations

from click.testing import CliRunner
from twilight.cli.main import cli


def _simulate(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--seed", "1", *args], env=env)
    return result.exit_code, result.output


def test_a_wrong_value_in_the_environment_is_told_as_the_variables() -> None:
    code, said = _simulate(env={"TWILIGHT_STEP_LIMIT": "abc"})
    assert code == 2
    assert "TWILIGHT_STEP_LIMIT (the environment's --step-limit): a whole number of steps" in said
    assert "Invalid value for '--step-limit'" not in said


def test_a_huge_value_is_echoed_clipped() -> None:
    code, said = _simulate(env={"TWILIGHT_GAME_STEP_LIMIT": "9" * 5000})
    assert code == 2 and "TWILIGHT_GAME_STEP_LIMIT" in said
    assert len(said) < 400, len(said)


def test_a_wrong_flag_is_told_as_the_flag_and_good_values_are_taken() -> None:
    code, said = _simulate("--step-limit", "0")
    assert code == 2 and "Invalid value for '--step-limit'" in said and "at least 1" in said
    assert _simulate("--step-limit", "20000")[0] == 0
    assert _simulate(env={"TWILIGHT_GAME_STEP_LIMIT": "200000"})[0] == 0
