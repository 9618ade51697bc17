"""A question of the game in words, as the terminal's screen and the browser's page both say it: the prompt,
how many answers it takes, where the player is in a repeated choice, the candidates a rule left out and
why, the operations points left; and the state the ruleset declares, as the tracks show it."""

from __future__ import annotations

from typing import Any

from twilight.cli.declared_state import label, variable_text, zone_text
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import SIDES
from twilight.runtime.players.influence_plans import InfluencePlan


def prompt_text(t: PlayText, decision: Decision) -> str:
    """The question, in the ruleset's words (`decision-<name>`)."""
    args = {
        **rule_args(t, decision),
        "min": decision.min_count,
        "max": decision.max_count,
        **t.side_args(decision.side),
    }
    prompt = t.maybe(f"decision-{decision.name}", **args)
    if prompt is None:
        # A yes/no an `allow` offers, or a decision a ruleset forgot to word (i18n check reports it).
        prompt = t.t("play-decision-unworded", name=decision.name, **args)
    return prompt


def rule_args(t: PlayText, decision: Decision) -> dict[str, Any]:
    """The variables of the rule that asks a `decide` (its `vars`), for its question's words: a country,
    side, card or region by its name (a country with its grammatical forms, `$way_out_gen`…), a list of
    countries as their names joined by "or" ("West Germany or Turkey", each form too), a number as it is.
    Anything else is left out (a message cannot use it)."""
    found = decision.context.get("vars")
    if not isinstance(found, dict):
        return {}
    args: dict[str, Any] = {}
    for name, value in found.items():
        if isinstance(value, bool) or not isinstance(name, str):
            continue
        if isinstance(value, int):
            args[name] = value
        elif isinstance(value, str) and value in t.countries:
            args.update(t.country_args(value, name))
        elif isinstance(value, str) and value in SIDES:
            args.update(t.side_args(value, name))
        elif isinstance(value, str) and value in t.cards:
            args.update(t.card_args(value, name))
        elif isinstance(value, str) and value in t.regions:
            args.update(t.region_args(value, name))
        elif isinstance(value, list) and value and all(countries(t, value)):
            named = [t.country_args(v, name) for v in value]
            for form in named[0]:
                args[form] = either(t, [n[form] for n in named])
    return args


def countries(t: PlayText, values: list[Any]) -> list[bool]:
    """For each value, whether it is a country's id."""
    return [isinstance(v, str) and v in t.countries for v in values]


def either(t: PlayText, names: list[str]) -> str:
    """Names joined as alternatives: "A", "A or B", "A, B or C" (in the player's language)."""
    if len(names) == 1:
        return names[0]
    return t.t("play-list-or", first=", ".join(names[:-1]), second=names[-1])


def how_many(t: PlayText, decision: Decision) -> str | None:
    if decision.single:
        return None
    if decision.min_count == decision.max_count:  # "Pick 7", never "Pick 7 to 7"
        return t.t("play-how-many-exactly", count=decision.max_count)
    return t.t("play-how-many", min=decision.min_count, max=decision.max_count)


def progress(t: PlayText, decision: Decision) -> str | None:
    """Where a player is in a choice the rules ask again and again (a `choose` in a `repeat`): the
    ruleset's own words for the decision when it has them (`decision-<id>-progress`), else
    "pick 2 of 3"."""
    at = decision.context.get("progress")
    if not at:
        return None
    own = t.maybe(f"decision-{decision.name}-progress", **at)
    return own if own is not None else t.t("play-progress", **at)


def refusals(decision: Decision) -> list[tuple[Any, str]]:
    """The candidates a rule left out of the question, each with that rule: worked out when asked (the
    engine's function), or as a copy made for going back to it holds them (`copy_at_question`)."""
    refused = decision.context.get("refused")
    if refused is None:
        return []
    return list(refused()) if callable(refused) else [(option, rule) for option, rule in refused]


def copy_at_question(engine: Any, decision: Decision | None = None) -> Any:
    """A copy of the game at the question it stands at (`decision`, or its pending one), to go back to
    (undo): it keeps what the question refuses, worked out here, where the game is at the question. (A
    copy keeps none of the question's functions, `Engine.clone`: they read the game that asked.)"""
    twin = engine.clone()
    asked = decision if decision is not None else engine.pending()
    copied = twin.pending()
    if asked is not None and copied is not None and callable(asked.context.get("refused")):
        copied.context["refused"] = refusals(asked)
    return twin


def not_offered(t: PlayText, decision: Decision) -> list[str]:
    """Why candidates are missing from the list: the ones a rule function refused (as the engine
    evaluates the choice's condition), named with that function's words, one line per function."""
    by_rule: dict[str, list[str]] = {}
    for option, rule in refusals(decision):
        by_rule.setdefault(rule, []).append(t.option(option))
    lines = []
    for rule, names in by_rule.items():
        why = t.maybe(f"function-{rule}")
        if why is not None:  # a function without words is not named (`twilight i18n check` asks for them)
            lines.append(t.t("play-not-offered", options=", ".join(names), count=len(names), why=why))
    return lines


def points_left(t: PlayText, decision: Decision) -> str | None:
    """Where a player is in spending a card's operations: the points of influence left of the card's, as
    the engine counts them (the decision's context), and that a marked country costs more; the
    realignment rolls left; or, asked which operations, how many there are to spend."""
    context = decision.context
    if context.get("rolls_left") is not None and context.get("rolls") is not None:
        return t.t("play-rolls-left", left=context["rolls_left"], total=context["rolls"])
    if decision.name == "operations" and context.get("ops") is not None:
        return t.t("play-operations-to-spend", ops=context["ops"])
    left, total = context.get("points_left"), context.get("points")
    if left is None or total is None:
        return None
    costs = decision.context.get("costs") or {}
    dearer = any(cost != 1 for cost in costs.values())
    return t.t("play-points-left", left=left, total=total, marked="yes" if dearer else "no")


def declared_state(t: PlayText, engine: Any) -> list[str]:
    """The variables the ruleset declares that hold a value, then its zones: a face-up zone's cards by
    name, a face-down zone's by number only."""
    state, ir = engine.state, engine.ir
    shown = [
        t.t("play-status-state", name=label(t.loc, name), value=variable_text(t.loc, ir, name, value))
        for name, value in state.vars.items()
        if value is not None and value != []
    ]
    for zone, cards in state.zones.items():
        content = zone_text(t.loc, ir, zone, cards, t.t("play-status-zone-size", count=len(cards)))
        shown.append(t.t("play-status-state", name=label(t.loc, zone), value=content))
    return shown


def answer_words(t: Any, option: Any) -> str:
    """How an answer the hint or the computer rates reads: a plan for the card's points as the influence
    it adds in each country, in the order it places them; any other as the question's option."""
    if isinstance(option, InfluencePlan):
        points = [t.t("play-advice-plan-point", country=t.country(c), count=n) for c, n in option.placed]
        return str(t.t("play-advice-plan", points=", ".join(points)))
    return str(t.option(option))
