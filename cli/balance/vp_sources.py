"""Where a game's victory points came from, read from its events: each change of the VP track is put down
to what moved it (a region's scoring, a phase of the turn such as the military operations check, or the
card being played or resolved), so that the lab can say which rules give one side its edge.

The attribution reads only the engine's own event kinds; the regions, phases and cards are the ruleset's
names as the events carry them, so it holds for any ruleset."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from twilight.runtime.core.sides import US

# What a key's first part says; the report groups by it.
SCORING = "scoring"
PHASE = "phase"
CARD = "card"


def vp_sources(events: list[dict[str, Any]]) -> dict[str, int]:
    """Every source of VP in one game, as `kind:name` (`scoring:europe`, `phase:military_operations`,
    `card:nato`) to the VP it moved, positive towards the US (the VP track's own sense)."""
    moved: Counter[str] = Counter()
    scoring: str | None = None  # a region being scored: between its region_score events and `scored`
    context: str | None = None  # the latest phase begun, or card played or resolved
    for event in events:
        kind = event["kind"]
        if kind == "region_score":
            scoring = f"{SCORING}:{event['region']}"
        elif kind == "scored":
            scoring = None
        elif kind == "phase":
            context = f"{PHASE}:{event['phase']}"
        elif kind in ("play", "event") and event.get("card"):
            context = f"{CARD}:{event['card']}"
        elif kind == "vp":
            source = scoring or context or f"{PHASE}:?"
            change = int(event["change"])
            moved[source] += change if event["side"] == US else -change
    return {source: vp for source, vp in moved.items() if vp}


def towards(sources: dict[str, int], side: str) -> dict[str, int]:
    """The same VP, positive towards `side`."""
    sign = 1 if side == US else -1
    return {source: sign * vp for source, vp in sources.items()}


def cell_sources(records: list[dict[str, Any]], human: str, top_cards: int = 8) -> dict[str, Any]:
    """A cell's VP by source, towards the human side, as the mean over its finished games: each region's
    scorings, each phase, the cards' events and operations together and the cards that moved most, and the
    three groups' totals. Empty when the records carry no sources (a run made before they were kept)."""
    done = [r for r in records if "error" not in r and "vp_sources" in r]
    if not done:
        return {}
    total: defaultdict[str, int] = defaultdict(int)
    for record in done:
        for source, vp in towards(record["vp_sources"], human).items():
            total[source] += vp
    games = len(done)

    def mean(vp: int) -> float:
        return round(vp / games, 3)

    groups: dict[str, dict[str, float]] = {SCORING: {}, PHASE: {}, CARD: {}}
    for source, vp in total.items():
        group, _, name = source.partition(":")
        groups.setdefault(group, {})[name] = mean(vp)
    cards = groups.pop(CARD, {})
    by_size = sorted(cards.items(), key=lambda item: (-abs(item[1]), item[0]))
    return {
        "games": games,
        "side": human,
        "totals": {
            SCORING: round(sum(groups.get(SCORING, {}).values()), 3),
            PHASE: round(sum(groups.get(PHASE, {}).values()), 3),
            CARD: round(sum(cards.values()), 3),
        },
        "scorings": dict(sorted(groups.get(SCORING, {}).items(), key=lambda item: item[1])),
        "phases": dict(sorted(groups.get(PHASE, {}).items(), key=lambda item: item[1])),
        "cards": dict(by_size[:top_cards]),
    }
