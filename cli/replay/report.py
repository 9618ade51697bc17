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
    if result.stopped_over is not None:
        reason, segment = result.stopped_over
        over = text.maybe(f"end-{reason}") or reason
        lines.append("  " + text.t("replay-stopped-over", reason=over, round=round_words(text, segment)))
    elif result.stopped:
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
            into = "replay-put-in-discard" if d.facts.get("to") == "discard" else "replay-moved"
            lines.append("  " + text.t(into, line=d.line, log=d.log, what=moved_words(text, d)))
        for d in result.guesses:
            lines.append("  " + text.t("replay-guessed", line=d.line, log=d.log, what=guess_words(text, d)))
    return lines


# Where the replay took a card it moved (a gap's `from` fact).
SOURCE_IDS = {
    "draw": "replay-from-draw",
    "discard": "replay-from-discard",
    "other-hand": "replay-from-other-hand",
    "us-hand": "replay-from-us-hand",
    "ussr-hand": "replay-from-ussr-hand",
    "removed": "replay-from-removed",
}


def moved_words(text: PlayText, found: Finding) -> str:
    """A card the replay moved (into a hand, or into the discard pile) and where it took it from, by its
    name ("Olympic Games from the draw pile")."""
    card = found.facts.get("card")
    source = SOURCE_IDS.get(str(found.facts.get("from")))
    if not card or source is None:
        return found.ours
    return text.t("replay-moved-card", card=text.card(str(card)), source=text.t(source))


# Why the log leaves a decision open (a guess's `why` fact: driver.GUESS_WHY's keys).
WHY_IDS = {
    "no-mode": "replay-why-no-mode",
    "no-card": "replay-why-no-card",
    "no-card-for-it": "replay-why-no-card-for-it",
    "no-options": "replay-why-no-options",
    "no-country": "replay-why-no-country",
    "few-countries": "replay-why-few-countries",
    "few-cards": "replay-why-few-cards",
    "not-said": "replay-why-not-said",
}


def guess_words(text: PlayText, found: Finding) -> str:
    """An answer the log does not give: the question as the play screen asks it, why the log leaves it
    open, and the answer taken; or the die the replay rolled."""
    facts = found.facts
    if "die" in facts:
        return text.t("replay-guess-die", die=facts["die"])
    name = facts.get("decision")
    if not name:
        return found.ours
    side = str(facts.get("side") or "")
    args = {"min": facts.get("min", 1), "max": facts.get("max", 1), **(text.side_args(side) if side else {})}
    question = text.maybe(f"decision-{name}", **args)
    if question is None:
        question = text.t("play-decision-unworded", name=str(name), **args)
    answer = facts.get("answer")
    picked = answer if isinstance(answer, list) else [] if answer is None else [answer]
    answer_words = ", ".join(text.option(o) for o in picked) or text.t("replay-answer-none")
    return text.t(
        "replay-guess",
        question=question,
        why=text.t(WHY_IDS.get(str(facts.get("why")), "replay-why-not-said")),
        answer=answer_words,
    )


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
