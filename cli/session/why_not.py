"""Why the operations question offers no coup or no realignment: asked of the rules themselves. For each
country the operation could aim at, the engine names every prohibition that refuses it there
(`attack_refusals`); the countries refused by the fewest are the near misses, and their reason is the
one a player is looking for (a country of the round's regions closed at this DEFCON, rather than the
whole rest of the map outside them)."""

from __future__ import annotations

from typing import Any

from twilight.cli.session.text import PlayText
from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision

# The engine's question of which operation to carry out, and the operations it may leave out.
OPERATIONS = "operations"
# The engine's question of how to play a card (its event, an operation, the Space Race).
PLAY_MODE = "play_mode"
ATTACKS = ("coup", "realign")
# The answers of the question of how to play a card that play it for operations.
OPERATION_MODES = ("influence", *ATTACKS)
# The answer that plays a card on the Space Race (and the action the rules' prohibitions name).
SPACE = "space"
# Near misses told: the groups of countries refused for the same reasons, the most particular first.
GROUPS_TOLD = 2


def why_not_lines(text: PlayText, engine: Any, decision: Decision) -> list[str]:
    """One line for each attack the operations question leaves out, saying why (one line for both when
    the same reasons keep out both); for the question of how to play a card, why its event is not
    offered, when a rule refuses it, and, when the card may be played for operations, why a coup or a
    realignment is not among them."""
    if decision.name == PLAY_MODE:
        offered = {str(o) for o in decision.options}
        played_for_ops = any(mode in offered for mode in OPERATION_MODES)
        return [
            *event_refused(text, engine, decision),
            *(attacks_left_out(text, engine, decision) if played_for_ops else []),
            *(space_refused(text, engine, decision) if played_for_ops else []),
        ]
    if decision.name == registry.ACTION_CARD.name:
        return cards_kept_back(text, engine, decision)
    if decision.name != OPERATIONS:
        return []
    return attacks_left_out(text, engine, decision)


def cards_kept_back(text: PlayText, engine: Any, decision: Decision) -> list[str]:
    """Why the question of the card to play leaves cards of the hand out when the cards the rules forbid
    holding past the turn's end (scoring cards) take every action round left: the others are named, with
    that rule's words and the rounds left."""
    from twilight.runtime.core.primitives.card_play import remaining_rounds

    hand = list(engine.state.hands.get(decision.side) or [])
    offered = {str(o) for o in decision.options}
    kept_back = [c for c in hand if c not in offered and c in text.cards]
    if not kept_back or not offered:
        return []
    held = {c: engine.refusals("hold", actor=decision.side, card=c) for c in sorted(offered)}
    if not all(held.values()):  # (a card offered may be held: something else left the others out)
        return []
    card, codes = next(iter(held.items()))
    reason = text.maybe(f"refusal-{codes[0]}", **text.card_args(card)) or codes[0]
    rounds = remaining_rounds(engine, decision.side)
    options = ", ".join(text.option(c) for c in kept_back)
    return [text.t("play-not-offered-held", options=options, reason=reason, rounds=rounds)]


def attacks_left_out(text: PlayText, engine: Any, decision: Decision) -> list[str]:
    """Why each attack missing from the question's answers is missing (see `why_not_lines`)."""
    from twilight.runtime.core.primitives.operations import attack_refusals

    offered = {str(o) for o in decision.options}
    card = decision.context.get("card")
    said: dict[str, tuple[str, str]] = {}  # action -> (message id, reasons)
    for action in ATTACKS:
        if action in offered:
            continue
        if decision.context.get("excluded") == action:
            if isinstance(card, str) and card in text.cards:
                said[action] = ("play-why-not-excluded", "")
            continue
        refusals = attack_refusals(engine, decision.side, action, card if isinstance(card, str) else None)
        if not refusals:
            said[action] = ("play-why-not-no-target", "")
        elif all(refusals.values()):  # (else a target there is: the rules left it out for another reason)
            reasons = [group_reason(text, codes, countries) for codes, countries in near_misses(refusals)]
            said[action] = ("play-why-not", " · ".join(reasons))
    if len(said) == len(ATTACKS) and said["coup"] == said["realign"] and said["coup"][0] == "play-why-not":
        return [text.t("play-why-not-both", reasons=said["coup"][1])]
    card_args = text.card_args(card) if isinstance(card, str) and card in text.cards else {}
    return [
        text.t(msg, action=text.option(action), reasons=reasons, **card_args)
        for action, (msg, reasons) in said.items()
    ]


def near_misses(refusals: dict[str, list[str]]) -> list[tuple[tuple[str, ...], list[str]]]:
    """The countries refused by the fewest prohibitions, grouped by what refuses them: the groups whose
    reasons refuse the fewest countries of the whole map first (the particular before the general),
    at most GROUPS_TOLD."""
    fewest = min(len(set(codes)) for codes in refusals.values())
    groups: dict[tuple[str, ...], list[str]] = {}
    for country, codes in refusals.items():
        if len(set(codes)) == fewest:
            groups.setdefault(tuple(dict.fromkeys(codes)), []).append(country)

    def reach(codes: tuple[str, ...]) -> int:
        return sum(1 for refused in refusals.values() if set(codes) <= set(refused))

    ordered = sorted(groups.items(), key=lambda item: (reach(item[0]), -len(item[1])))
    return ordered[:GROUPS_TOLD]


def group_reason(text: PlayText, codes: tuple[str, ...], countries: list[str]) -> str:
    """A group's reason: the rules' refusal for its first country, and how many more it holds."""
    first = countries[0]
    said = [text.maybe(f"refusal-{code}", **text.country_args(first)) or code for code in codes]
    return text.t("play-why-not-group", reason="; ".join(said), more=len(countries) - 1)


def space_refused(text: PlayText, engine: Any, decision: Decision) -> list[str]:
    """Why the Space Race is missing from how a card may be played: the rules that refuse it (the turn's
    attempts made, too few operations for the next box, the track's end). None when no rule does (a card
    that must be played for its operations is kept from it by the card's own rule, said elsewhere)."""
    card = decision.context.get("card")
    if SPACE in {str(o) for o in decision.options} or not isinstance(card, str) or card not in text.cards:
        return []
    codes = engine.refusals(SPACE, actor=decision.side, card=card)
    said = [text.maybe(f"refusal-{code}", **text.card_args(card)) for code in dict.fromkeys(codes)]
    reasons = "; ".join(reason for reason in said if reason)  # (a code without words is no reason to read)
    if not reasons:
        return []
    return [text.t("play-why-not", action=text.option(SPACE), reasons=reasons, **text.card_args(card))]


def event_refused(text: PlayText, engine: Any, decision: Decision) -> list[str]:
    """Why a card's event, the player's own or a neutral one, is missing from how it may be played: the
    rules that refuse it (UN Intervention with no event to cancel, a card in the headline…)."""
    card = decision.context.get("card")
    if "event" in {str(o) for o in decision.options} or not isinstance(card, str) or card not in text.cards:
        return []
    if text.cards[card].get("side") not in (decision.side, "neutral"):
        return []
    codes = engine.refusals("event", actor=decision.side, card=card)
    said = [text.maybe(f"refusal-{code}", **text.card_args(card)) or code for code in dict.fromkeys(codes)]
    if not said:
        return []
    reasons = "; ".join(said)
    return [text.t("play-why-not", action=text.option("event"), reasons=reasons, **text.card_args(card))]
