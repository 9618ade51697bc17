"""The first thing `?` says at a question: the mechanics behind it in two or three plain sentences, in the
player's language, before the rules it cites. The words are the ruleset's (`mechanics-<decision>`, so a
solo ruleset says how its face-down deck works where the standard game says how a hand does), else those
of what the choice does with its pick (`mechanics-intent-<intent>`: an event placing influence, a free
coup…), else the game's own word on any question."""

from __future__ import annotations

from collections.abc import Iterable

from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.registry import CHOICE_INTENTS

# What a choice asked by the rules' own steps alone (no card's event: the setup's influence, the held cards
# discarded at a turn's end) does with its pick, by intent: the ruleset's `mechanics-intent-*` say "this
# event".
RULES_INTENTS = {"place": "play-mechanics-rules-place", "discard": "play-mechanics-rules-discard"}


def mechanics_key(t: PlayText, decision: Decision) -> str | None:
    """The message that explains `decision`: by its name, else by its intent (an event's, or the rules'
    own steps' when no card asks it); None when neither is worded (the game's general word is shown
    then)."""
    candidates = [f"mechanics-{decision.name}"]
    intent = decision.context.get("intent")
    if isinstance(intent, str):
        if asked_by_no_card(t, decision):
            if intent in RULES_INTENTS:
                candidates.append(RULES_INTENTS[intent])
        else:
            candidates.append(f"mechanics-intent-{intent}")
    return next((key for key in candidates if t.maybe(key) is not None), None)


def asked_by_no_card(t: PlayText, decision: Decision) -> bool:
    """Whether only the rules' procedures ask `decision`, no card's event (cli/session/homes.py)."""
    from twilight.cli.session.homes import homes_of

    homes = homes_of(t.ir).get(decision.name, [])
    return bool(homes) and all(kind == "procedure" for kind, _, _ in homes)


def mechanics_line(t: PlayText, decision: Decision) -> str:
    """The explanation of `decision`, one paragraph (the terminal wraps it)."""
    key = mechanics_key(t, decision)
    return t.t(key, **t.side_args(decision.side)) if key else t.t("play-mechanics-any")


def mechanics_message_ids(asked: Iterable[str]) -> set[str]:
    """Every explanation a ruleset may word: one per question it asks (`asked`, the decisions' names, as
    `twilight i18n check` reads them from the rules), one per intent of a choice."""
    return {f"mechanics-{name}" for name in asked} | {f"mechanics-intent-{i}" for i in CHOICE_INTENTS}
