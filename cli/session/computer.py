"""The computer as a person's opponent in a game without a solo AI (the standard game): the search player
(runtime/players/search.py) seated on the other side. It sees what that side may see: the cards it cannot
see (the person's hand, the draw pile's order) are dealt anew in each of its playouts, never read from
the game. `why` tells its last choices: the question, its answer and, where it searched, the score of
each answer it weighed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from twilight.runtime.core.decisions import Decision

# The value of `--opponent` (and of a save's `play.opponent`) that seats the computer.
COMPUTER = "computer"
PERSON = "person"
OPPONENTS = (PERSON, COMPUTER)
# The choices `why` recalls after the last searched one (each influence point of a plan, a target…).
RECALLED = 6


@dataclass
class ComputerChoice:
    """One answer of the computer: the question, the answer, and, when it searched the question, each
    answer weighed with its mean score (0 to 1) and the playouts the search ran for it."""

    decision: Decision
    answer: Any
    weighed: list[tuple[Any, float]] = field(default_factory=list)
    playouts: int = 0
    planned: bool = False  # a point of influence placed by the plan searched at the card's first point


class ComputerOpponent:
    """Seats the search player for a side: each decision saved before (as the AI's are; `session` None:
    not saved) and passed to it; its last choices kept for `why`."""

    def __init__(self, session: Any, search: Any) -> None:
        self.session = session
        self.search = search
        self.choices: list[ComputerChoice] = []

    @property
    def engine(self) -> Any:
        return self.search.engine

    @engine.setter
    def engine(self, engine: Any) -> None:
        self.search.engine = engine

    def decide(self, decision: Decision) -> Any:
        if self.session is not None:  # (the browser's game is saved at the person's question only)
            self.session.autosave(decision, person=False)
        before, ran = self.search.last_searched, self.search.playouts_run
        answer = self.search.decide(decision)
        choice = ComputerChoice(decision, answer)
        if self.search.last_searched is not before:  # (a new pair at each searched question)
            options, means = self.search.last_searched
            choice.weighed = sorted(zip(options, means, strict=True), key=lambda pair: -pair[1])
            choice.playouts = self.search.playouts_run - ran
        else:
            choice.planned = self.search.following_plan
        self.choices = [*self.choices, choice][-RECALLED:]
        return answer


def why_lines(t: Any, choices: Sequence[ComputerChoice]) -> list[str]:
    """`why` in a game against the computer: its last choices, the searched ones with their scores."""
    from twilight.cli.session.question import answer_words, prompt_text

    if not choices:
        return [t.t("play-why-computer-none")]
    lines = [t.t("play-why-computer-title", side=t.side(choices[-1].decision.side))]
    for choice in choices:
        question = prompt_text(t, choice.decision)
        lines.append(t.t("play-why-computer-choice", question=question, answer=answer_said(t, choice.answer)))
        if choice.weighed:
            scores = [
                t.t("play-why-computer-score", answer=answer_words(t, option), score=round(mean * 100))
                for option, mean in choice.weighed[:3]
            ]
            lines.append(
                "  " + t.t("play-why-computer-searched", playouts=choice.playouts, scores="; ".join(scores))
            )
        elif choice.planned:
            lines.append("  " + t.t("play-why-computer-plan"))
        elif len(choice.decision.options) == 1:
            lines.append("  " + t.t("play-why-computer-only"))
        else:
            lines.append("  " + t.t("play-why-computer-heuristic"))
    return lines


def answer_said(t: Any, answer: Any) -> str:
    """An answer as `why` says it: a pick of several as its options, none picked as "nothing"."""
    if isinstance(answer, list):
        return ", ".join(t.option(o) for o in answer) or str(t.t("play-why-computer-nothing"))
    return str(t.option(answer))
