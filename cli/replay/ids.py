"""The ids of `standard` the replay reads a log by (standard.yaml), checked against the ruleset's IR.

The replay names no declaration of the rules in its Python: the contract's names come from the runtime's
registry (The China Card, the headline and action card decisions, the sides), and the few cards, decisions,
countries, settings and phases it treats in a way of its own are data, here, checked when a replay starts
(`missing`), so that a ruleset that renamed one is refused in one line instead of replayed wrongly.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from twilight.common.input_bounds import parse_yaml

IDS_FILE = Path(__file__).with_name("standard.yaml")


@dataclass(frozen=True)
class StandardIds:
    card_aliases: Mapping[str, str]  # the edition's card names that differ from ours -> our card ids
    country_aliases: Mapping[str, str]
    deluxe_map: str  # settings
    us_handicap: str
    opens_round: tuple[str, ...]  # decisions
    norad_point: str
    summit_choice: str
    defcon_choice: str
    china_card_or_pass: str
    china_card_play: str  # its answers
    china_card_pass: str
    from_the_deck: tuple[str, ...]  # cards
    grain_sales: str
    summit_roll_off: str
    defuse_places: Mapping[str, tuple[str, ...]]  # countries, by side
    unrest_home: str
    turn_end_phase: str  # a phase of the sequence

    def by_kind(self) -> Iterator[tuple[str, str]]:
        """Every id with the kind of declaration it names."""
        for card in (
            *self.card_aliases.values(),
            *self.from_the_deck,
            self.grain_sales,
            self.summit_roll_off,
        ):
            yield "card", card
        for country in (*self.country_aliases.values(), self.unrest_home):
            yield "country", country
        for places in self.defuse_places.values():
            yield from (("country", c) for c in places)
        yield from (("setting", s) for s in (self.deluxe_map, self.us_handicap))
        decisions = (
            *self.opens_round,
            self.norad_point,
            self.summit_choice,
            self.defcon_choice,
            self.china_card_or_pass,
        )
        yield from (("decision", d) for d in decisions)
        yield "phase", self.turn_end_phase


@lru_cache(maxsize=1)
def standard_ids() -> StandardIds:
    data: dict[str, Any] = parse_yaml(IDS_FILE.read_text(encoding="utf-8")) or {}
    settings, decisions, cards = data["settings"], data["decisions"], data["cards"]
    countries = data["countries"]
    return StandardIds(
        card_aliases={str(k): str(v) for k, v in (data.get("card_aliases") or {}).items()},
        country_aliases={str(k): str(v) for k, v in (data.get("country_aliases") or {}).items()},
        deluxe_map=str(settings["deluxe_map"]),
        us_handicap=str(settings["us_handicap"]),
        opens_round=tuple(map(str, decisions["opens_round"])),
        norad_point=str(decisions["norad_point"]),
        summit_choice=str(decisions["summit_choice"]),
        defcon_choice=str(decisions["defcon_choice"]),
        china_card_or_pass=str(decisions["china_card_alone"]["decision"]),
        china_card_play=str(decisions["china_card_alone"]["play"]),
        china_card_pass=str(decisions["china_card_alone"]["pass"]),
        from_the_deck=tuple(map(str, cards["from_the_deck"])),
        grain_sales=str(cards["grain_sales"]),
        summit_roll_off=str(cards["summit_roll_off"]),
        defuse_places={str(s): tuple(map(str, c)) for s, c in countries["defuse_missile_crisis"].items()},
        unrest_home=str(countries["unrest_home"]),
        turn_end_phase=str(data["phases"]["turn_end"]),
    )


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def declared(ir: dict[str, Any]) -> dict[str, set[str]]:
    """The ruleset's names of each kind the ids may name."""
    out: dict[str, set[str]] = {
        "card": set(ir["cards"]),
        "country": set(ir["map"]["countries"]),
        "setting": set(ir["settings"]),
        "decision": set(),
        "phase": set(),
    }
    for node in _walk([ir["sequence"], ir["procedures"], ir["cards"], ir.get("rules")]):
        if "choose" in node and isinstance(node.get("decision"), str):
            out["decision"].add(node["decision"])
        if isinstance(node.get("decide"), str):
            out["decision"].add(node["decide"])
        if isinstance(node.get("phase"), str):
            out["phase"].add(node["phase"])
    return out


def missing(ir: dict[str, Any], ids: StandardIds | None = None) -> list[str]:
    """The ids of standard.yaml the ruleset does not declare, each as `kind 'id'`."""
    names = declared(ir)
    return [f"{kind} '{name}'" for kind, name in (ids or standard_ids()).by_kind() if name not in names[kind]]
