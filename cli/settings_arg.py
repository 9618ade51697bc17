"""`--set NAME=VALUE`: a ruleset's settings chosen on the command line (`twilight simulate`, `twilight play`),
and the check of settings read from a save: every setting against its declared type and values, and an int
setting declared `int from MIN to MAX` against its bounds.

A module of its own so that `twilight play` reads them without importing the simulator (its start-up
imports only what a game needs: tests/test_play_start.py)."""

from __future__ import annotations

import re
from typing import Any

import click
from twilight.common.input_bounds import ECHO_CHARS, clip, show, whole_number

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def read_settings(ir: dict[str, Any], assignments: tuple[str, ...]) -> dict[str, Any]:
    """`NAME=VALUE` pairs read by the type of each setting; a bad one is a usage error naming it."""
    declared: dict[str, Any] = ir.get("settings", {})
    out: dict[str, Any] = {}
    for text in assignments:
        name, sep, raw = text.partition("=")
        name, raw = name.strip(), raw.strip()
        shown = repr(clip(raw, ECHO_CHARS))
        if not sep:
            known = ", ".join(sorted(declared)) or "none"
            raise click.BadParameter(
                f"{clip(text, ECHO_CHARS)!r}: expected NAME=VALUE with NAME one of: {known}",
                param_hint="--set",
            )
        if name not in declared:
            raise click.BadParameter(not_a_setting(name, declared), param_hint="--set")
        kind = declared[name].get("type")
        values = [str(v) for v in declared[name].get("values") or []]
        if kind == "bool":
            if raw.lower() not in _TRUE | _FALSE:
                raise click.BadParameter(f"{name}: expected true or false, got {shown}", param_hint="--set")
            out[name] = raw.lower() in _TRUE
        elif kind == "int":
            number = whole_number(raw) if re.fullmatch(r"[+-]?[0-9]+", raw) else None
            bounds = int_bounds(declared[name])
            if number is None or not within(number, bounds):
                raise click.BadParameter(
                    f"{name}: expected {whole_number_wanted(bounds)}, got {shown}", param_hint="--set"
                )
            out[name] = number
        elif values and raw not in values:
            raise click.BadParameter(
                f"{name}: expected one of {', '.join(values)}, got {shown}", param_hint="--set"
            )
        else:
            out[name] = raw
    return out


def settings_problem(ir: dict[str, Any], settings: dict[str, Any]) -> str | None:
    """What is wrong with settings read from a file (a save), checked as `--set` checks them: a name the
    ruleset does not declare, or a value not of the setting's type, not one of its values or outside its
    bounds."""
    declared: dict[str, Any] = ir.get("settings", {})
    for name, value in settings.items():
        setting = declared.get(name)
        if setting is None:
            return "settings." + not_a_setting(str(name), declared)
        kind = setting.get("type")
        values = [str(v) for v in setting.get("values") or []]
        if kind == "bool":
            fits, wanted = isinstance(value, bool), "true or false"
        elif kind == "int":
            bounds = int_bounds(setting)
            is_int = isinstance(value, int) and not isinstance(value, bool)
            fits, wanted = is_int and within(value, bounds), whole_number_wanted(bounds)
        elif values:
            fits, wanted = isinstance(value, str) and value in values, f"one of {', '.join(values)}"
        else:
            fits, wanted = isinstance(value, str), "a word"
        if not fits:
            return f"settings.{name}: {wanted} is expected, got {show(value)}"
    return None


def not_a_setting(name: str, declared: dict[str, Any]) -> str:
    """A name the ruleset declares no setting by, in the same words on the command line, in a save and
    through the API: the setting it most likely means, and the ones there are."""
    from twilight.compiler.diagnostics import suggest

    known = ", ".join(sorted(declared)) or "none"
    close = suggest(name, declared)
    meant = f" (did you mean {close}?)" if close else ""
    return f"{clip(name, ECHO_CHARS)}: not a setting of the ruleset{meant}; its settings: {known}"


def int_bounds(setting: dict[str, Any]) -> tuple[int, int] | None:
    """The bounds of an int setting declared `int from MIN to MAX` (both included), None when it has none."""
    low, high = setting.get("min"), setting.get("max")
    if isinstance(low, int) and isinstance(high, int):
        return low, high
    return None


def within(number: int, bounds: tuple[int, int] | None) -> bool:
    return bounds is None or bounds[0] <= number <= bounds[1]


def whole_number_wanted(bounds: tuple[int, int] | None) -> str:
    """What an int setting takes, as a message says it."""
    return "a whole number" if bounds is None else f"a whole number from {bounds[0]} to {bounds[1]}"
