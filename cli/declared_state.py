"""The state a ruleset declares (`variable`, `zone`, `track`) in words, for the play log, the play screen
and `twilight explain`: each thing by its label (`state-<name>` in the ruleset's locale files, else its
name made readable), each value by its type (a region, card, country or side by name; yes / no; a list
joined), a face-down zone by its size only. Nothing here names a ruleset's state: it reads the IR."""

from __future__ import annotations

from typing import Any

from twilight.cli.localizer import Localizer, readable

# The words for values every ruleset with declared state needs (in rules/standard/locales/*/play.ftl).
VALUE_WORDS = ("state-value-yes", "state-value-no", "state-value-none")
# What each named type is shown as: the Localizer method naming its values.
NAMED_TYPES = {"region": "region", "card": "card", "country": "country", "side": "side"}


def declared_names(ir: dict[str, Any]) -> list[str]:
    """Every variable, zone and track the ruleset declares, in that order."""
    return [*(ir.get("variables") or {}), *(ir.get("zones") or {}), *(ir.get("tracks") or {})]


def label(loc: Localizer, name: str) -> str:
    """A declared variable, zone or track as the player reads it."""
    return loc.text(f"state-{name}", readable(name))


def value_text(loc: Localizer, typ: str, value: Any) -> str:
    """A variable's value in words, by its declared type."""
    if value is None or value == []:
        return loc.text("state-value-none", "-")
    if isinstance(value, bool):
        return loc.text("state-value-yes" if value else "state-value-no", "yes" if value else "no")
    if isinstance(value, list):
        element = typ[5:-1] if typ.startswith("list[") else ""
        return ", ".join(value_text(loc, element, v) for v in value)
    method = NAMED_TYPES.get(typ)
    if method is not None:
        return str(getattr(loc, method)(str(value)))
    return str(value)


def variable_text(loc: Localizer, ir: dict[str, Any], name: str, value: Any) -> str:
    typ = ((ir.get("variables") or {}).get(name) or {}).get("type", "")
    return value_text(loc, str(typ), value)


def face_down(ir: dict[str, Any], zone: str) -> bool:
    """Whether a declared zone's cards are hidden from the players (`zone NAME face down`)."""
    return bool(((ir.get("zones") or {}).get(zone) or {}).get("face_down"))


def zone_text(loc: Localizer, ir: dict[str, Any], zone: str, cards: list[str], count_word: str) -> str:
    """A zone's content: its cards by name, or (face down, or too many to list) how many."""
    if face_down(ir, zone) or not cards:
        return count_word
    # A zone of one kind of card (the scoring cards) after its label: "Scoring discard: Asia", not
    # "Scoring discard: Asia Scoring"
    short = [loc.card_short(c) for c in cards]
    if all(short):
        return ", ".join(str(s) for s in short)
    return ", ".join(loc.card(c) for c in cards)


# The attribute of a declared yes/no variable's label that is said to a player at the start of each of
# their action rounds while the variable holds (`state-scoring_round` `.your-round`: "you act first").
ROUND_NOTICE = "your-round"


def round_notices(loc: Localizer, ir: dict[str, Any], values: dict[str, Any]) -> list[str]:
    """What the ruleset's words say of each declared yes/no variable that is now true, for the start of
    a player's action round (only those whose label has a `.your-round` attribute)."""
    notices = []
    for name, info in (ir.get("variables") or {}).items():
        if (info or {}).get("type") == "bool" and values.get(name) is True:
            notice = loc.get(f"state-{name}", ROUND_NOTICE)
            if notice:
                notices.append(notice)
    return notices
