"""What the probes of `twilight bench` share (cli/bench/probe.py runs them; cli/bench/copies.py holds two):
the error a probe reports as its answer, a ruleset's IR loaded as a game loads it, and the CPU clock the
search's and the hint's probes read. Only the standard
library at the top, as in probe.py: a probe's import time is measured."""

from __future__ import annotations

import resource
from typing import Any


def cpu_seconds() -> float:
    """CPU time of this process and of its reaped children (a playout that ran in one), user and system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class ProbeError(Exception):
    """A measurement that could not be made; its message is for the user."""


# The folders the bench's command finds rulesets in besides the installed ones (`twilight bench
# --rules-path`, `$TWILIGHT_HOME/rules/`), as [folder, words] pairs: given to each probe with its arguments
# (`rules_search`), so that a variant's pinned `extends "NAME@VERSION"` is found there as in the command.
RULES_SEARCH = "rules_search"
_rules_search: list[tuple[str, str]] = []


def take_rules_search(args: dict[str, Any]) -> None:
    """Keep the probe's `rules_search` (out of its arguments) for the compiles to come."""
    _rules_search[:] = [(str(root), str(words)) for root, words in args.pop(RULES_SEARCH, None) or []]


def use_rules_search() -> None:
    """Have the compiler look where the command looks (once the compiler is imported: its import time is
    measured apart)."""
    if _rules_search:
        from pathlib import Path

        from twilight.compiler.loader import set_rules_search

        set_rules_search([(Path(root), words) for root, words in _rules_search])


def load_ir(ruleset: str) -> dict[str, Any]:
    """The ruleset's IR (from the compiler's cache when it is there), or a ProbeError saying it does not
    compile."""
    from twilight.compiler import api  # (imported when a game probe starts: not counted as import time)

    use_rules_search()
    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        raise ProbeError(f"{ruleset} does not compile (twilight check {ruleset} says why)")
    return result.ir
