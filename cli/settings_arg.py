"""`--set NAME=VALUE`: a ruleset's settings chosen on the command line (`twilight simulate`, `twilight play`).

A module of its own so that `twilight play` reads them without importing the simulator (its start-up
imports only what a game needs: tests/test_play_start.py)."""

from __future__ import annotations

from typing import Any

import click

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def read_settings(ir: dict[str, Any], assignments: tuple[str, ...]) -> dict[str, Any]:
    """`NAME=VALUE` pairs read by the type of each setting; a bad one is a usage error naming it."""
    declared: dict[str, Any] = ir.get("settings", {})
    out: dict[str, Any] = {}
    for text in assignments:
        name, sep, raw = text.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or name not in declared:
            known = ", ".join(sorted(declared)) or "none"
            raise click.BadParameter(
                f"{text!r}: expected NAME=VALUE with NAME one of: {known}", param_hint="--set"
            )
        kind = declared[name].get("type")
        values = [str(v) for v in declared[name].get("values") or []]
        if kind == "bool":
            if raw.lower() not in _TRUE | _FALSE:
                raise click.BadParameter(f"{name}: expected true or false, got {raw!r}", param_hint="--set")
            out[name] = raw.lower() in _TRUE
        elif kind == "int":
            try:
                out[name] = int(raw)
            except ValueError:
                raise click.BadParameter(
                    f"{name}: expected a whole number, got {raw!r}", param_hint="--set"
                ) from None
        elif values and raw not in values:
            raise click.BadParameter(
                f"{name}: expected one of {', '.join(values)}, got {raw!r}", param_hint="--set"
            )
        else:
            out[name] = raw
    return out
