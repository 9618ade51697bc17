"""`--step-limit` and `--game-step-limit` of `twilight play` and `twilight simulate`: how many steps the
rules may take between two decisions and in a game before the game is stopped as one that never ends
(runtime/limits.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
from click.core import ParameterSource
from twilight.common.input_bounds import ECHO_CHARS, clip
from twilight.runtime.core.limits import GAME_STEP_LIMIT, STEP_LIMIT

# The most digits a step count is read with (a count past it stops no game sooner than none).
MOST_DIGITS = 18


class StepCount(click.ParamType[int]):
    """A whole number of steps, at least 1. A wrong one set in the environment is told as the variable's
    (`TWILIGHT_STEP_LIMIT=…`), not as the flag the person never typed; the value echoed clipped."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value
        else:
            text = str(value).strip()
            number = int(text) if text.isascii() and text.isdigit() and len(text) <= MOST_DIGITS else None
        if number is not None and number >= 1:
            return number
        got = clip(repr(str(value)), ECHO_CHARS)
        said = f"a whole number of steps, at least 1, is expected, got {got}"
        source = ctx.get_parameter_source(param.name) if ctx is not None and param and param.name else None
        variable = getattr(param, "envvar", None)
        if source == ParameterSource.ENVIRONMENT and isinstance(variable, str):
            raise click.UsageError(f"{variable} (the environment's {param.opts[0] if param else ''}): {said}")
        self.fail(said, param, ctx)


def step_limit_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The two options, added to a command (its function takes `step_limit` and `game_step_limit`)."""
    command = click.option(
        "--game-step-limit",
        type=StepCount(),
        default=None,
        envvar="TWILIGHT_GAME_STEP_LIMIT",
        help=f"Steps the rules may take in a whole game [default: {GAME_STEP_LIMIT:,}; "
        "env TWILIGHT_GAME_STEP_LIMIT].",
    )(command)
    return click.option(
        "--step-limit",
        type=StepCount(),
        default=None,
        envvar="TWILIGHT_STEP_LIMIT",
        help="Steps (loop iterations, calls of procedures, hooks and events) the rules may take between "
        f"two decisions before the game stops as one that never ends [default: {STEP_LIMIT:,}; env "
        "TWILIGHT_STEP_LIMIT].",
    )(command)


def step_limits(step_limit: int | None, game_step_limit: int | None) -> dict[str, int]:
    """The limits chosen, as keyword arguments of Engine (none: its defaults)."""
    out = {}
    if step_limit is not None:
        out["step_limit"] = step_limit
    if game_step_limit is not None:
        out["game_step_limit"] = game_step_limit
    return out
