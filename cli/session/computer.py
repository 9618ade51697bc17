"""The computer as a person's opponent in a game without a solo AI (the standard game): the search player
(runtime/players/search.py) seated on the other side. It sees what that side may see: the cards it cannot
see (the person's hand, the draw pile's order) are dealt anew in each of its playouts, never read from
the game. `why` tells its last choices: the question, its answer and, where it searched, the score of
each answer it weighed, and never a card the person cannot see (`hidden_from`: the computer's hand, its
headline while face down), which it says as hidden."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import opponent

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
    # The cards the person could not see when the computer chose (`hidden_from`): what `why` keeps
    # hidden when it is not told what the person sees now.
    secret: frozenset[str] = frozenset()


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
        if self.engine is not None:
            choice.secret = frozenset(hidden_from(self.engine, opponent(decision.side)))
        if self.search.last_searched is not before:  # (a new pair at each searched question)
            options, means = self.search.last_searched
            choice.weighed = sorted(zip(options, means, strict=True), key=lambda pair: -pair[1])
            choice.playouts = self.search.playouts_run - ran
        else:
            choice.planned = self.search.following_plan
        self.choices = [*self.choices, choice][-RECALLED:]
        return answer


def hidden_from(engine: Any, viewer: str) -> set[str]:
    """The cards `viewer` cannot see now: the other side's hand (but The China Card, whose holder the
    status line says, and the cards a rule keeps face up to the viewer: Aldrich Ames Remix) and the other
    side's headline while it lies face down (unless the rules showed it: Space Race box 4)."""
    from twilight.runtime.core.registry import THE_CHINA_CARD
    from twilight.runtime.core.shown import cards_revealed_to, cards_shown_this_turn

    state = engine.state
    hidden = {str(c) for c in state.hands.get(opponent(viewer), ())}
    hidden -= cards_revealed_to(engine, viewer) | {THE_CHINA_CARD.name}
    face_down = state.headline_face_down_to(viewer)
    if face_down is not None and face_down not in cards_shown_this_turn(engine.events, viewer):
        hidden.add(str(face_down))
    return hidden


def why_lines(t: Any, choices: Sequence[ComputerChoice], hidden: Collection[str] | None = None) -> list[str]:
    """`why` in a game against the computer: its last choices, the searched ones with their scores; a
    card of `hidden` (`hidden_from` the person now; not given: each choice's `secret`, the cards hidden
    when it was made) said as hidden, not by its name."""
    from twilight.cli.session.question import answer_words
    from twilight.cli.session.why import computer_choice_line

    secret: Collection[str] = ()

    def named(option: Any) -> str:
        return str(t.t("play-why-computer-hidden")) if str(option) in secret else answer_words(t, option)

    if not choices:
        return [t.t("play-why-computer-none")]
    lines = [t.t("play-why-computer-title", side=t.side(choices[-1].decision.side))]
    for choice in choices:
        secret = choice.secret if hidden is None else hidden
        answer = named(choice.answer) if isinstance(choice.answer, str) else answer_said(t, choice.answer)
        lines.append(computer_choice_line(t, choice.decision, answer))
        if choice.weighed:
            scores = [
                t.t("play-why-computer-score", answer=named(option), score=round(mean * 100))
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
