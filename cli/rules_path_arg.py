"""`--rules-path DIR`: a folder of rulesets (or one ruleset's folder) a command looks in too, as `twilight
play` does (cli/versions.py `catalog`; compiler/loader.py finds `extends "NAME@VERSION"` pins there).

A module of its own, with no import but click's, so that every command declares the option the same way
without importing the compiler at start-up (tests/test_play_start.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

# What a `--rules-path` folder lends the rest of a command's lookups (the loader's pins and names).
FOUND_TOO = (
    'where a name, and a manifest\'s `extends "NAME@VERSION"`, is found too, as `twilight play --rules-path`'
    " finds them"
)


def rules_path_option(what: str, exists: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The `--rules-path` option of a command (repeatable, into `rules_paths`): "A folder of rulesets (or one
    ruleset's folder) " + `what`. `exists`: a missing folder is refused by click, else by the command."""
    return click.option(
        "--rules-path",
        "rules_paths",
        multiple=True,
        type=click.Path(exists=exists, file_okay=False),
        help=f"A folder of rulesets (or one ruleset's folder) {what} (repeatable).",
    )
