"""Whole-number options read bounded: click's own `int` would echo a 4,000-digit value back in full, and
Python refuses to convert text over 4,300 digits, so such an option takes its text and reads it here."""

from __future__ import annotations

import re
from collections.abc import Callable

import click
from twilight.common.input_bounds import ECHO_CHARS, clip, whole_number

Callback = Callable[[click.Context, click.Parameter, "str | int | None"], "int | None"]


def whole_number_option(limit: int, low: int | None = None) -> Callback:
    """The callback of an option taking a whole number strictly between -`limit` and `limit` (a seed:
    2**64), or from `low` up to below `limit`; a bad value is a usage error naming what is expected."""
    bottom = -limit if low is None else low - 1
    expected = (
        f"a whole number below 2**{limit.bit_length() - 1} either way"
        if low is None
        else f"a whole number from {low} up"
    )

    def check(ctx: click.Context, param: click.Parameter, value: str | int | None) -> int | None:
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value
        else:
            text = str(value).strip()
            number = (
                whole_number(text) if re.fullmatch(r"[+-]?[0-9]+", text) else None
            )  # (ASCII digits: "٣" is no seed)
        if number is None or not bottom < number < limit:
            raise click.BadParameter(f"{expected} is expected, got {clip(repr(value), ECHO_CHARS)}")
        return number

    return check
