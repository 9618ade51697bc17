"""What every measurement of `twilight bench` shares, below the command and the measurements that need
it (cli/bench/copies.py, hint.py, web.py): running a probe in a fresh Python process, the error that
says a measurement failed, and the latency percentiles in milliseconds."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from typing import Any


class BenchError(Exception):
    """A measurement failed (a game error, a process that did not answer); the message says which."""


# ---------------------------------------------------------------------- fresh processes
def run_probe(kind: str, args: dict[str, Any]) -> dict[str, Any]:
    """Run one probe in a fresh process; its JSON answer. The probe finds rulesets where this process
    does (`twilight bench --rules-path`: a variant measured by its folder finds its pinned parent)."""
    from twilight.cli.bench.probing import RULES_SEARCH
    from twilight.compiler.loader import rules_search

    roots = [[str(root), words] for root, words in rules_search()]
    sent = {**args, RULES_SEARCH: roots} if roots else args
    command = [sys.executable, "-m", "twilight.cli.bench.probe", kind, json.dumps(sent)]
    child = subprocess.run(command, capture_output=True, text=True)
    what = f"{kind} {args.get('ruleset', '')}".strip()
    try:
        answer = json.loads(child.stdout)
    except ValueError:
        stderr = child.stderr.strip()
        last = stderr.splitlines()[-1] if stderr else f"exit status {child.returncode}"
        raise BenchError(f"{what}: the measuring process failed: {last}") from None
    if "error" in answer or child.returncode != 0:
        raise BenchError(f"{what}: {answer.get('error', f'exit status {child.returncode}')}")
    return dict(answer)


def ms_stats(seconds: list[float], keys: tuple[str, ...]) -> dict[str, Any]:
    """Nearest-rank percentiles in milliseconds: p99 is the value 99% of the samples do not exceed."""
    ordered = sorted(seconds)
    out: dict[str, Any] = {"count": len(ordered)}
    for key in keys:
        if not ordered:
            out[f"{key}_ms"] = None
            continue
        if key == "median":
            value = statistics.median(ordered)
        elif key == "max":
            value = ordered[-1]
        else:
            rank = max(1, -(-int(key[1:]) * len(ordered) // 100))  # ceil(p * n / 100)
            value = ordered[rank - 1]
        out[f"{key}_ms"] = round(value * 1000, 3)
    return out
