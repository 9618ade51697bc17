"""An operation's influence is placed one point at a time, and its realignments are rolled one at a
time; the countries offered for each point (with their costs) or roll are kept from the last where it
changes the rules' answers only in its own country (primitives.operations, Engine.changes_stay_at_target),
which runtime/locality.py reads from the rules themselves."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.backend.locality import reads_board_only_at
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.test_permitted_filter import compiled


class Recording(Engine):
    """Keeps what each influence point offered (the countries and their costs), and each realignment."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.offers: list[Any] = []
        self.kept: dict[str, int] = {"influence": 0, "realign": 0}

    def ask(self, name: str, side: str, options: list[Any], *rest: Any, **kw: Any) -> list[Any]:
        if name == "influence_target":
            context = rest[-1] if rest else kw.get("context")
            self.offers.append(dict(context["costs"]))
        elif name == "realign_target":
            self.offers.append(list(options))
        return super().ask(name, side, options, *rest, **kw)

    def changes_stay_at_target(self, action: str, quantity: str | None, trigger: str) -> bool:
        apart = super().changes_stay_at_target(action, quantity, trigger)
        self.kept[action] += apart
        return apart


class AskingAfresh(Recording):
    """The same, with every point's countries and costs asked of the rules afresh."""

    def changes_stay_at_target(self, action: str, quantity: str | None, trigger: str) -> bool:
        return False


def _game(engine_class: type[Recording], ruleset: str, seed: int) -> Recording:
    ir, program = compiled(ruleset)
    if ruleset == "standard":
        players: dict[str, Any] = {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 50)}
        engine = engine_class(ir, players, seed=seed, program=program, track=False)  # (decisions via `ask`)
    else:
        ai = RulesAIPlayer()
        engine = engine_class(
            ir, {"us": RandomPlayer(seed), "ussr": ai}, seed=seed, program=program, track=False
        )
        ai.engine = engine
    engine.run()
    return engine


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_the_points_offer_what_asking_afresh_offers(ruleset: str) -> None:
    kept = {"influence": 0, "realign": 0}
    for seed in range(6):
        game, afresh = _game(Recording, ruleset, seed), _game(AskingAfresh, ruleset, seed)
        assert game.offers == afresh.offers
        assert game.events == afresh.events
        kept = {action: kept[action] + n for action, n in game.kept.items()}
    assert min(kept.values()) > 5, kept  # (the kept answers were used, and offered the same)


def _call(name: str, *args: Any) -> dict[str, Any]:
    return {"call": {name: list(args)}}


TARGET = {"var": "target"}
ACTOR = {"var": "actor"}
FUNCTIONS = {
    "own_control": {"params": [{"name": "c"}], "body": _call("controls", ACTOR, {"var": "c"})},
    "region_held": {
        "params": [{"name": "c"}],
        "body": {
            "agg": "count",
            "item": {"var": "n"},
            "bind": "n",
            "in": _call("countries", _call("region_of", {"var": "c"})),
            "where": _call("controls", ACTOR, {"var": "n"}),
        },
    },
}


@pytest.mark.parametrize(
    ("node", "local"),
    [
        (_call("accessible", ACTOR, TARGET), True),  # (access is as the round began)
        (_call("controls", _call("opponent", ACTOR), TARGET), True),
        ({"op": ">=", "args": [_call("placed_this_round", ACTOR, TARGET), 2]}, True),
        ({"fn": "own_control", "args": [TARGET]}, True),
        ({"ref": "variable", "id": "primary_region"}, True),
        # the board elsewhere: a neighbour, the country's region, a country named
        (
            {
                "agg": "any",
                "item": _call("controls", ACTOR, {"var": "n"}),
                "bind": "n",
                "in": _call("neighbours", TARGET),
            },
            False,
        ),
        ({"fn": "region_held", "args": [TARGET]}, False),
        ({"fn": "own_control", "args": ["france"]}, False),
        (_call("controls", ACTOR, "france"), False),
        # what is not known to read none of the board, counts as reading all of it
        (_call("scoring_level", ACTOR, _call("region_of", TARGET)), False),
        ({"fn": "no_such_function", "args": []}, False),
        ({"pick": "ai_coup_target", "args": [ACTOR]}, False),
        # a comprehension's variable named as the target hides it
        ({"agg": "count", "item": TARGET, "bind": "target", "in": _call("countries", "europe")}, False),
    ],
)
def test_what_reads_the_board_only_at_its_target(node: Any, local: bool) -> None:
    assert reads_board_only_at(node, frozenset({"target"}), FUNCTIONS) is local


def test_the_rulesets_place_by_operations_reading_the_board_at_the_target_only() -> None:
    for ruleset in ("standard", "solo-v2"):
        _, program = compiled(ruleset)
        assert program.reads_board_only_at("influence", "influence_cost", "target"), ruleset
