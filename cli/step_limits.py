"""`--step-limit` and `--game-step-limit` of `twilight play` and `twilight simulate`: how many steps the
rules may take between two decisions and in a game before the game is stopped as one that never ends
(runtime/limits.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
from twilight.runtime.core.limits import GAME_STEP_LIMIT, STEP_LIMIT


def step_limit_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The two options, added to a command (its function takes `step_limit` and `game_step_limit`)."""
    command = click.option(
        "--game-step-limit",
        type=click.IntRange(min=1),
        default=None,
        envvar="TWILIGHT_GAME_STEP_LIMIT",
        help=f"Steps the rules may take in a whole game [default: {GAME_STEP_LIMIT:,}; "
        "env TWILIGHT_GAME_STEP_LIMIT].",
    )(command)
    return click.option(
        "--step-limit",
        type=click.IntRange(min=1),
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
