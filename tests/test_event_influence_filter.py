"""The countries a `choose` offers for influence an event places (intent "place") are filtered by the
prohibitions of `event_influence` all at once (`Engine.permitted`, program.py's `question`), as asking
`Engine.forbidden` of each country would: in solo-v2 the human's headline events place only in the
Primary and Secondary regions (solo-v2/human.tsr), a rule that bites only in the headline."""

from __future__ import annotations

from typing import Any

from twilight.runtime.core.engine import Engine

from tests.helpers import compiled_ir, play_solo_until

CARDS = (None, "junta", "decolonization", "the_china_card")


def _one_by_one(engine: Engine, side: str, card: Any, countries: list[str]) -> list[str]:
    return [
        c for c in countries if engine.forbidden("event_influence", actor=side, card=card, target=c) is None
    ]


def test_the_countries_offered_are_those_no_prohibition_refuses_one_by_one() -> None:
    countries = list(compiled_ir("solo-v2")["map"]["countries"])
    seen = {"refused": 0, "states": 0}

    def act(engine: Engine, decision: Any) -> Any:
        for in_headline in (False, True):
            copy = engine.clone(events=False)
            copy.state.in_headline = in_headline
            for side in ("us", "ussr"):
                for card in CARDS:
                    offered = list(
                        copy.permitted("event_influence", "target", countries, actor=side, card=card)
                    )
                    assert offered == _one_by_one(copy, side, card, countries), (in_headline, side, card)
                    seen["refused"] += len(countries) - len(offered)
            seen["states"] += 1
        return decision.options[0]

    for seed in (1, 2, 3):
        play_solo_until(lambda d: d.name == "action_card" and d.side == "us", act, seed, track=True)
    assert seen["states"] == 6
    assert seen["refused"] > 0, "the headline's restriction refused some country"
