"""Audit 2: an event's influence for the AI outside its Primary and Secondary regions (solo-v2's
`ai_answer_place`, option `the_cards_region`) is chosen by the options of the AI Influence Placement
Priority first; the Region/Country Priority Table only breaks a tie between equal options (000 · Приоритет
Действий ИИ · Размещение очков влияния: «Выбрав подходящий вариант, ИИ переходит ко 2-му приоритету…
В случае дальнейших равнозначных вариантов… Таблицу Приоритетов Региона/Страны»).

On random boards of Africa and Southeast Asia (Colonial Rear Guards' countries), with South America Primary
and Europe Secondary, the answer's pick must come from the region whose own placement fires the
lowest-numbered option, whichever region the table puts first (the bug: the table chose the region first)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from twilight.runtime.backend.program import Program
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.frames import Frame
from twilight.runtime.game import IMPLEMENTATIONS

from tests.helpers import compiled_ir

AI = "us"
HUMAN = "ussr"


def _setup() -> tuple[dict[str, Any], Program, list[str]]:
    ir = compiled_ir("solo-v2")
    program = Program(ir, IMPLEMENTATIONS)
    countries = ir["map"]["countries"]
    offered = [
        c
        for c, v in countries.items()
        if v["region"] == "africa" or "southeast_asia" in v.get("subregions", [])
    ]
    return ir, program, offered


def _engine(ir: dict[str, Any], program: Program, seed: int, offered: list[str]) -> Engine:
    engine = Engine(ir, {}, program=program, settings={"ai_side": AI})
    rng = random.Random(seed)
    for c in offered:
        engine.state.influence[c] = {
            AI: rng.choice([0, 0, 0, 1, 2, 3]),
            HUMAN: rng.choice([0, 0, 0, 1, 2, 3]),
        }
    engine.state.vars["primary_region"] = "south_america"
    engine.state.vars["secondary_region"] = "europe"
    engine.state.vars["scoring_round"] = False
    return engine


def _placement(engine: Engine, program: Program, region: str | None, offered: list[str]) -> tuple[Any, Any]:
    """The placement priority's pick for one event point in `region` (None: each country in its own), and
    the option that fired."""
    plist = program.priorities["ai_influence_placement"]
    values = {
        "ai": AI,
        "region": region,
        "in_secondary": False,
        "ops_left": 1,
        "offered": offered,
        "by_event": True,
    }
    before = len(engine.events)
    target = plist.pick(Frame(engine, values), list(program.domains["country"]))
    picks = [e for e in engine.events[before:] if e["kind"] == "ai_choice"]
    return target, picks[-1]["option"] if picks else None


@pytest.mark.parametrize("seed", range(60))
def test_the_options_pick_the_region_the_table_only_breaks_ties(seed: int) -> None:
    ir, program, offered = _setup()
    engine = _engine(ir, program, seed, offered)
    answer = program.priorities["ai_answer_place"]
    chosen = answer.pick(Frame(engine, {"ai": AI, "offered": offered}), list(offered))
    by_region = {
        region: _placement(
            engine, program, region, [c for c in offered if ir["map"]["countries"][c]["region"] == region]
        )
        for region in ("africa", "asia")
    }
    fired = {r: o for r, (t, o) in by_region.items() if t is not None}
    if not fired:
        return
    best = min(fired.values())
    region_of_chosen = ir["map"]["countries"][chosen]["region"]
    assert fired.get(region_of_chosen) == best, (chosen, by_region)
    if list(fired.values()).count(best) == 1:  # no tie: the region of the best option, its own pick
        assert chosen == by_region[region_of_chosen][0], (chosen, by_region)
