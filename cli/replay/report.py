"""A replay's report: lines of text in the player's language, or one JSON object per log."""

from __future__ import annotations

from collections import Counter
from typing import Any

from twilight.cli.replay.driver import ReplayResult, Segment
from twilight.cli.session.text import PlayText

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
        "game_over": result.end_reason is not None,
        "end_reason": result.end_reason,
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
    elif result.complete and result.end_reason:
        reason = text.maybe(f"end-{result.end_reason}") or result.end_reason
        lines.append("  " + text.t("replay-game-over", reason=reason))
    elif result.complete:
        lines.append("  " + text.t("replay-open-end", round=round_words(text, result.last_segment)))
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


def round_words(text: PlayText, segment: Segment | None) -> str:
    """A headline phase or action round as the player reads it ("turn 8, the US's action round 3")."""
    if segment is None or segment.kind == "setup":
        return text.t("replay-round-setup")
    if segment.kind == "headline":
        return text.t("replay-round-headline", turn=segment.turn)
    side = text.side(segment.side)
    return text.t("replay-round-action", turn=segment.turn, side=side, ar=segment.events[0].data.get("ar"))
