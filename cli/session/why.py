"""`why` at the game's prompt: the AI's last move as `twilight explain trace` tells it, in a player's words.
The player reads no trace: the move's title and steps carry no trace event numbers, a provisional ruling
is said in words ("our reading of a gap in the rules (P3.5)") rather than in a bracket, and an answer the
AI gave with no list of its own says which answer it took and by what rule ("the first of the countries
the event allows, in the map's order") rather than "by default"."""

from __future__ import annotations

from typing import Any

from twilight.cli.explain.trace import Move, TraceExplainer, _short, asked_words

# A move's title by its kind, without the trace's event numbers `twilight explain` gives.
TITLES = {
    "headline": "play-why-move-headline",
    "action": "play-why-move-action",
    "answer": "play-why-move-answer",
}
# An answer no list of the AI gives, by what it was: yes, countries, anything else.
DEFAULT_ANSWERS = {
    "yes": "play-why-default-yes",
    "country": "play-why-default-country",
    "first": "play-why-default-first",
}


def card_asking(ir: dict[str, Any], name: str) -> str | None:
    """The card whose event asks the question `name`, when a card's event (or its appendix entry) does."""
    from twilight.cli.session.homes import homes_of

    return next((ident for kind, ident, _ in homes_of(ir).get(name, []) if kind == "card"), None)


def computer_choice_line(t: Any, decision: Any, answer: str) -> str:
    """One choice of the computer, as `why` tells it: the question named in the third person (its own
    words, or the card whose event asks it), quoted as asked only when neither is known."""
    own = asked_words(t.loc, decision.name)
    if own is not None:
        return str(t.t("play-why-computer-asked", question=own, answer=answer))
    card = card_asking(t.ir, decision.name) if getattr(t, "ir", None) else None
    if card is not None:
        return str(t.t("play-why-computer-event", **t.card_args(card), answer=answer))
    from twilight.cli.session.question import prompt_text

    return str(t.t("play-why-computer-choice", question=prompt_text(t, decision), answer=answer))


# The heading of a move's steps, with how many choices the AI made.
CHOICES = "ai-explain-move-choices"
# The explainer's messages the player reads in words of the game's own: the state "as the move began" is
# the AI's move's, which a player between turns would read as the turn's ("к началу хода").
WORDED = {"ai-explain-state": "play-why-state"}


class PlayerExplainer(TraceExplainer):
    """The trace explainer of `twilight explain`, worded for the player at the game's prompt."""

    def __init__(self, loc: Any, ir: dict[str, Any], ruleset: str) -> None:
        super().__init__(loc, ir, ruleset)
        self.events: list[dict[str, Any]] = []  # the move being told (an answer looks for what it answered)
        self.choices_made: int | None = None  # the move being rendered: its steps that chose something

    def render(self, view: dict[str, Any]) -> list[str]:
        """The move in lines; "its N choices" counts the steps that chose something, not a list that
        offered nothing (the AI then went on to its next step: told, but no choice)."""
        made = sum(1 for step in view["steps"] if not offered_nothing(step))
        self.choices_made = made or None
        try:
            return super().render(view)
        finally:
            self.choices_made = None

    def move(self, number: int, move: Move) -> dict[str, Any]:
        self.events = move.events
        view = super().move(number, move)
        title = TITLES.get(move.kind, TITLES["action"])
        view["title"] = self.t(title, "AI move {$number} · {$when}", number=number, when=view["when"])
        return view

    def t(self, msg_id: str, default: str, **args: Any) -> str:
        if msg_id == CHOICES and self.choices_made is not None:
            args = {**args, "count": self.choices_made}
        own = WORDED.get(msg_id)
        got = self.loc.get(own, **args) if own is not None else None
        return got if got is not None else super().t(msg_id, default, **args)

    def step_prefix(self, step: dict[str, Any]) -> str:
        return ""

    def marked(self, text: str, marks: str) -> str:
        return f"{text} — {marks}" if marks else text

    def mark_text(self, mark: dict[str, list[str]]) -> str:
        """The sources, then "our reading of a gap in the rules (P3.5)" for a provisional ruling."""
        sources = super().mark_text({"sources": mark["sources"], "provisional": []})
        if not mark["provisional"]:
            return sources
        codes = ", ".join(_short(p) for p in mark["provisional"])
        reading = self.t("play-why-provisional", "our reading of a gap in the rules ({$codes})", codes=codes)
        return "; ".join(part for part in (sources, reading) if part)

    def answer(self, event: dict[str, Any]) -> dict[str, Any]:
        view = super().answer(event)
        if view["answered_by"] == "default":
            view["text"] = [self.default_answer(event)]
        return view

    def default_answer(self, event: dict[str, Any]) -> str:
        """An answer no list of the AI gives: which it took, and the AI's rule for such a choice (runtime/
        solo_ai.py: "yes" when offered, else the first options as the choice offers them, countries in
        the map's order)."""
        name = str(event.get("decision"))
        decision = self.decision_words(name)
        answer = self.answer_to(event)
        picks = answer if isinstance(answer, list) else [answer]
        if picks == ["yes"] or (picks and all(p == "yes" for p in picks)):
            return self.t(DEFAULT_ANSWERS["yes"], "", decision=decision)
        countries = (self.ir.get("map") or {}).get("countries") or {}
        said = ", ".join(self.target_name(None, p) or str(p) for p in picks if p is not None) or "-"
        kind = "country" if picks and all(str(p) in countries for p in picks) else "first"
        return self.t(DEFAULT_ANSWERS[kind], "", decision=decision, answer=said, count=len(picks))

    def answer_to(self, event: dict[str, Any]) -> Any:
        """What the AI answered: the `decision` event the engine traces right after its `ai_answer`."""
        after = False
        for e in self.events:
            if e is event:
                after = True
            elif after and e["kind"] == "decision" and e.get("decision") == event.get("decision"):
                return e.get("answer")
        return None


def offered_nothing(step: dict[str, Any]) -> bool:
    """Whether a step of a move is a priority list none of whose options offered anything."""
    return step.get("type") == "choice" and step.get("option") is None
