"""A replay's report: lines of text in the player's language, or one JSON object per log."""

from __future__ import annotations

from collections import Counter
from typing import Any

from twilight.cli.replay.driver import ReplayResult

KIND_IDS = {
    "our_bug": "replay-kind-our-bug",
    "edition_fault": "replay-kind-edition-fault",
    "log_gap": "replay-kind-log-gap",
}


def report_json(result: ReplayResult) -> dict[str, Any]:
    kinds = Counter(d.kind for d in result.divergences)
    return {
        "log": result.log.path,
        "lines": result.log.lines,
        "lines_replayed": result.lines_replayed,
        "complete": result.complete,
        "stopped": result.stopped,
        "divergences": [d.as_json() for d in result.divergences],
        "divergences_by_kind": dict(sorted(kinds.items())),
        "gaps": [d.as_json() for d in result.gaps],
        "guesses": [d.as_json() for d in result.guesses],
    }


def report_lines(text: Any, result: ReplayResult, show_all: bool = False) -> list[str]:
    kinds = Counter(d.kind for d in result.divergences)
    head = "replay-complete" if result.complete else "replay-incomplete"
    lines = [
        text.t(
            head,
            path=result.log.path,
            replayed=result.lines_replayed,
            lines=result.log.lines,
            divergences=len(result.divergences),
            bugs=kinds["our_bug"],
            faults=kinds["edition_fault"],
            gaps=kinds["log_gap"],
            moved=len(result.gaps),
            guesses=len(result.guesses),
        )
    ]
    if result.stopped:
        lines.append("  " + text.t("replay-stopped", why=result.stopped))
    for d in result.divergences:
        lines.append(
            "  "
            + text.t(
                "replay-divergence",
                line=d.line,
                log=d.log,
                ours=d.ours,
                kind=text.t(KIND_IDS[d.kind]),
                rule=d.rule or "-",
            )
        )
    if show_all:
        for d in result.gaps:
            lines.append("  " + text.t("replay-moved", line=d.line, log=d.log, what=d.ours))
        for d in result.guesses:
            lines.append("  " + text.t("replay-guessed", line=d.line, log=d.log, what=d.ours))
    return lines
