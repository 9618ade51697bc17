"""A replay's report: lines of text in the player's language, or one JSON object per log."""

from __future__ import annotations

from collections import Counter
from typing import Any

from twilight.cli.replay.driver import Finding, ReplayResult, Segment
from twilight.cli.session.text import PlayText
from twilight.runtime.core.sides import US, USSR

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
                ours=ours_words(text, d),
                kind=text.t(KIND_IDS[d.kind]),
                rule=rule_words(text, d) or "-",
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


MODE_IDS = {
    "event": "replay-mode-event",
    "influence": "replay-mode-influence",
    "coup": "replay-mode-coup",
    "realign": "replay-mode-realign",
    "space": "replay-mode-space",
}
QUESTION_IDS = {"headline": "replay-question-headline", "ar": "replay-question-ar"}


def ours_words(text: PlayText, found: Finding) -> str:
    """What our rules have where the log says otherwise, in the player's language (the finding's values;
    its `ours` is the same in English, for --json)."""
    facts = found.facts
    if found.what == "influence" and "country" in facts:
        return text.t(
            "replay-ours-influence",
            country=text.country(facts["country"]),
            us=facts[US],
            ussr=facts[USSR],
        )
    if found.what == "vp" and "vp" in facts:
        return text.t("replay-ours-vp", score=score_words(text, int(facts["vp"])))
    if found.what == "defcon" and "defcon" in facts:
        return text.t("replay-ours-defcon", defcon=facts["defcon"])
    if found.what in ("milops", "space") and "side" in facts:
        message = "replay-ours-milops" if found.what == "milops" else "replay-ours-space"
        return text.t(message, side=text.side(facts["side"]), value=facts["value"])
    if "over" in facts:
        reason = text.maybe(f"end-{facts['over']}") or str(facts["over"])
        return text.t("replay-ours-over", reason=reason)
    if "asks" in facts:
        question = text.t(QUESTION_IDS.get(str(facts["asks"]), "replay-question-other"))
        side = text.side(facts["side"]) if facts.get("side") else text.t("replay-both-sides")
        return text.t("replay-ours-asks", question=question, side=side)
    return found.ours


def rule_words(text: PlayText, found: Finding) -> str:
    """The card behind a divergence and how it was played ("Olympic Games, to place influence"), or the
    rule a judgment names."""
    if found.judgment:
        return found.rule
    card = found.facts.get("card")
    if not card:
        return found.rule
    mode = text.t(MODE_IDS.get(str(found.facts.get("mode")), "replay-mode-played"))
    return text.t("replay-rule-card", card=text.card(str(card)), mode=mode)


def score_words(text: PlayText, vp: int) -> str:
    if vp == 0:
        return text.t("replay-score-even")
    return text.t("replay-score-ahead", side=text.side(US if vp > 0 else USSR), vp=abs(vp))
