"""The log of `twilight play` gives the numbers behind an outcome: a war's die with its modifier and the
number it needed, and each side's score in a region part by part (level, battlegrounds, countries next to
the enemy superpower), in both languages, each number as the game used it."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import compiled_ir
from twilight.cli.play.log import Narrator
from twilight.cli.play.text import PlayText
from twilight.runtime.decisions import RandomPlayer
from twilight.runtime.engine import Engine

# A random game of the standard rules in which a war is rolled with a hindrance (seed 0: the Korean War at
# -1) and regions are scored.
SEED = 0


@pytest.fixture(scope="module")
def events() -> list[dict[str, Any]]:
    engine = Engine(
        compiled_ir("standard"), {"us": RandomPlayer(SEED), "ussr": RandomPlayer(SEED + 1)}, seed=SEED
    )
    engine.run()
    return engine.events


def test_the_trace_carries_the_war_roll_and_the_score_parts(events: list[dict[str, Any]]) -> None:
    rolls = [i for i, e in enumerate(events) if e["kind"] == "roll"]
    assert rolls and any(events[i]["modifier"] < 0 for i in rolls)
    for i in rolls:
        roll = events[i]
        assert events[i - 1] == {**events[i - 1], "kind": "die", "value": roll["die"]}
        assert roll["total"] == roll["die"] + roll["modifier"]
        assert roll["success"] == (roll["total"] >= roll["needed"])
    scores = [i for i, e in enumerate(events) if e["kind"] == "region_score"]
    assert scores
    for i in scores[::2]:
        us, ussr = events[i], events[i + 1]
        assert (us["side"], ussr["side"], us["region"]) == ("us", "ussr", ussr["region"])
        for side in (us, ussr):
            assert side["vp"] == side["level_vp"] + side["battlegrounds"] + side["adjacent"]
        net = us["vp"] - ussr["vp"]
        after = next(e for e in events[i + 2 :] if e["kind"] in ("vp", "scored"))
        if net == 0:
            assert after["kind"] == "scored"
        else:
            assert (
                after["kind"] == "vp"
                and (after["change"] if after["side"] == "us" else -after["change"]) == net
            )


@pytest.mark.parametrize(
    ("lang", "war", "score"),
    [
        (
            "en",
            "Korean War: USSR rolls 1 − 1 = 0, needing 4: failure.",
            "{region}, USSR: {level} {level_vp}"
            " + {battlegrounds} for battlegrounds + {adjacent} for countries next to the US = {vp} VP.",
        ),
        (
            "ru",
            "«Корейская война»: бросок СССР — 1 − 1 = 0, а нужно не меньше 4: неудача.",
            "{region}, СССР: {level} {level_vp} + {battlegrounds} за ключевые страны"
            " + {adjacent} за соседство с США = {vp} ПО.",
        ),
    ],
)
def test_the_log_tells_a_war_roll_and_a_scoring_breakdown(
    events: list[dict[str, Any]], lang: str, war: str, score: str
) -> None:
    text = PlayText("standard", lang, compiled_ir("standard"))
    lines = Narrator(text).lines(events)
    assert war in lines
    scored = [e for e in events if e["kind"] == "region_score" and e["side"] == "ussr"]
    for e in scored:
        level = text.t(f"outline-enum-{e['level']}")
        args = {k: e[k] for k in ("level_vp", "battlegrounds", "adjacent", "vp")}
        assert score.format(region=text.region(e["region"]), level=level, **args) in lines
