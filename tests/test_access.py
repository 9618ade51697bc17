"""The countries a side may place influence in by operations (6.1.1: where it had influence as the
round began, their neighbours, and the countries next to its superpower) are worked out again only when
that influence changed, and from the last round's when the side only gained countries
(map_queries._accessible_now). At every decision of whole games they must be what the definition gives,
and the round's starting influence what the board held as the round began (map_queries.
influence_as_round_begins, kept from the changes noted since the last round)."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives import map_queries
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.test_permitted_filter import compiled


def _by_the_definition(engine: Engine, side: str) -> frozenset[str]:
    b = map_queries.board(engine)
    start = set(engine.state.round_start_influence[side])
    return frozenset(
        c for c in b.countries if c in start or start & b.neighbour_set[c] or c in b.by_superpower[side]
    )


class AccessCheckingEngine(Engine):
    looked = 0
    gained_only = 0

    def ask(self, name: str, side: str, options: list[Any], *rest: Any, **kw: Any) -> list[Any]:
        for actor in ("us", "ussr"):
            cached = self.accessible_cache.get(actor)
            if cached is not None and cached[0] != self.state.round_start_influence[actor]:
                AccessCheckingEngine.gained_only += cached[2] <= set(self.state.round_start_influence[actor])
            assert map_queries._accessible_now(self, actor) == _by_the_definition(self, actor), (
                self.state.turn,
                self.state.action_round,
                actor,
            )
            AccessCheckingEngine.looked += 1
        return super().ask(name, side, options, *rest, **kw)


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_the_accessible_countries_are_those_of_the_definition(ruleset: str) -> None:
    ir, program = compiled(ruleset)
    AccessCheckingEngine.looked = AccessCheckingEngine.gained_only = 0
    for seed in range(3):
        if ruleset == "solo-v2":
            ai = RulesAIPlayer()
            players: dict[str, Any] = {"us": RandomPlayer(seed), "ussr": ai}
        else:
            players = {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 100)}
        # (no records kept: every decision comes through `ask`, which this engine checks at)
        engine = AccessCheckingEngine(ir, players, seed=seed, program=program, track=False)
        if ruleset == "solo-v2":
            ai.engine = engine
        engine.run()
    assert AccessCheckingEngine.looked > 500
    assert AccessCheckingEngine.gained_only > 10  # (the shortcut was taken, and checked)
