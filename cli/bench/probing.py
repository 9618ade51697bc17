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


def load_ir(ruleset: str) -> dict[str, Any]:
    """The ruleset's IR (from the compiler's cache when it is there), or a ProbeError saying it does not
    compile."""
    from twilight.compiler import api  # (imported when a game probe starts: not counted as import time)

    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        raise ProbeError(f"{ruleset} does not compile (twilight check {ruleset} says why)")
    return result.ir
