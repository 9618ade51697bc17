"""The paths a search's playouts run hot, made cheaper without changing a game (issue 43's playouts per
CPU-second): the greedy's placement works control out in place, a table's cell is looked up in an
index, and a quiet engine skips making the events it would drop. Each is checked against what it
replaced: the greedy's answers against its definition, a cell against the table's rows, a quiet game
against the same game traced in full."""

from __future__ import annotations

import random
from typing import Any

import pytest
from twilight.runtime.core.decisions import Decision, GreedyPlayer, RandomPlayer
from twilight.runtime.core.engine import Engine, QuietEngine
from twilight.runtime.core.primitives import board, controls, ops_to_control, other
from twilight.runtime.core.primitives.basics import table_value
from twilight.runtime.core.primitives.scoring import net_region_score
from twilight.runtime.game import build_program, new_game
from twilight.runtime.players.rollout import RolloutPlayer

from tests.helpers import compiled_ir


def _defined_best_country(player: GreedyPlayer, decision: Decision, rng: random.Random) -> Any:
    """The greedy's placement as it is defined: each country's point tried on the board (`controls`,
    `ops_to_control`, the regions' scores by `net_region_score`, each in a memory of its own), the best by
    (score gained, battleground, closest to control), a tie drawn with `rng`."""
    engine = player.engine
    side = decision.side
    b = board(engine)
    influence_now = engine.state.influence

    def net(region: str) -> int:
        engine.memo = {}
        try:
            return net_region_score(engine, side, region)
        finally:
            engine.memo = None

    scored = {}
    for c in decision.options:
        swing = 0
        regions = [(r, w) for r, w in player.weighed_regions(engine) if c in b.members.get(r, ())]
        if regions:
            influence = influence_now[c]
            held = (controls(engine, side, c), controls(engine, other(side), c))
            influence_now[c] = {**influence, side: influence[side] + 1}
            try:
                changed = (controls(engine, side, c), controls(engine, other(side), c)) != held
            finally:
                influence_now[c] = influence
            for region, weight in regions if changed else ():
                before = net(region)
                influence_now[c] = {**influence, side: influence[side] + 1}
                try:
                    swing += weight * (net(region) - before)
                finally:
                    influence_now[c] = influence
        scored[c] = (swing, int(b.battleground[c]), -ops_to_control(engine, side, c))
    best = max(scored.values())
    return rng.choice([c for c, v in scored.items() if v == best])


class _Checked:
    """The human side: a greedy player whose every placement is compared with the definition's (on a copy
    of its random state, which the two must use alike)."""

    def __init__(self, player: GreedyPlayer) -> None:
        self.player = player
        self.engine: Any = None
        self.placements = 0

    def decide(self, decision: Decision) -> Any:
        self.player.engine = self.engine
        if decision.single and decision.name == "influence_target":
            rng = random.Random()
            rng.setstate(self.player.rng.getstate())
            expected = _defined_best_country(self.player, decision, rng)
            answer = self.player.decide(decision)
            assert answer == expected, (decision.options, answer, expected)
            assert self.player.rng.getstate() == rng.getstate()
            self.placements += 1
            return answer
        return self.player.decide(decision)


@pytest.mark.parametrize("kind", [GreedyPlayer, RolloutPlayer])
def test_the_greedy_places_each_point_where_its_definition_does(kind: type[GreedyPlayer]) -> None:
    ir = compiled_ir("solo-v2")
    program = build_program(ir)
    placements = 0
    for seed in range(1, 5):
        human = _Checked(kind(seed))
        engine = new_game(ir, {"us": human}, seed=seed, program=program, track=False)
        human.engine = engine
        engine.run()
        placements += human.placements
    assert placements > 100  # (whole games: many points placed, in every region's situation)


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
def test_a_table_cell_is_the_one_the_table_s_rows_give(ruleset: str) -> None:
    ir = compiled_ir(ruleset)
    engine = new_game(ir, {}, seed=1, program=build_program(ir))
    looked_up = 0
    for name, table in ir["tables"].items():
        labels = [c["label"] for c in table["columns"]]
        for row in table["rows"]:
            if len(row["keys"]) != 1:
                continue
            (key,) = row["keys"]
            first = next(r for r in table["rows"] if r["keys"] == [key])  # (the first row of the key)
            for col, label in enumerate(labels):
                if labels.index(label) != col:
                    continue  # (a label twice: the first one's column, as `index` finds it)
                try:
                    expected = int(first["cells"][col])
                except (TypeError, ValueError):
                    continue  # (a cell that is no number: not a value table's)
                assert table_value(engine, name, key, label) == expected
                if key.isdigit():  # (a number's row asked by the number, as the Space Race's boxes are)
                    assert table_value(engine, name, int(key), label) == expected
                looked_up += 1
        if labels:
            assert table_value(engine, name, "no_such_row", labels[0]) == 0
            with pytest.raises(ValueError):
                table_value(engine, name, "no_such_row", "no_such_column")
    assert looked_up > 0


def test_a_quiet_game_is_the_game_traced_in_full_keeping_only_its_dice() -> None:
    ir = compiled_ir("solo-v2")
    program = build_program(ir)
    finals = {}
    for cls in (Engine, QuietEngine):
        human = RandomPlayer(7)
        engine = new_game(ir, {"us": human}, seed=7, program=program, engine_class=cls, track=False)
        engine.run()
        finals[cls] = (engine.state.digest(), engine.answers)
        kinds = {event["kind"] for event in engine.events}
        if cls is QuietEngine:
            assert kinds == {"die"}
        else:
            assert {"decision", "influence", "ai_choice", "die"} <= kinds
    assert finals[Engine] == finals[QuietEngine]


# ---------------------------------------------------------------------- the gains the greedy keeps
def test_the_region_scoring_is_described_by_the_influence_it_reads() -> None:
    from twilight.runtime.backend.locality import board_reads

    ir = compiled_ir("solo-v2")
    reads = board_reads(ir, "region_vp")
    assert reads is not None
    assert reads.region_params == (1,)  # (the region's countries: region_vp(side, region))
    # Formosan Resolution's Taiwan, and Southeast Asia's countries (its scoring is a function of its own)
    assert {"taiwan", "thailand", "vietnam"} <= set(reads.countries)
    assert reads.effects and reads.quantities == ("scoring_battlegrounds",)


@pytest.mark.parametrize(
    "extra",
    [
        {"ref": "setting", "id": "level"},  # a setting
        {"call": {"turn": []}},  # a track
        {"call": {"influence": [{"ref": "side", "id": "us"}, {"var": "c"}]}},  # a country it is given
        {  # a country reached otherwise than through a region's countries
            "agg": "count",
            "item": {"var": "x"},
            "bind": "x",
            "in": {"call": {"neighbours": [{"var": "c"}]}},
            "where": {"call": {"controls": [{"ref": "side", "id": "us"}, {"var": "x"}]}},
        },
    ],
)
def test_a_function_that_reads_anything_else_is_not_described(extra: Any) -> None:
    from twilight.runtime.backend.locality import board_reads

    ir = dict(compiled_ir("solo-v2"))
    body = {"op": "==", "args": [{"fn": "region_vp", "args": [{"var": "s"}, {"var": "r"}]}, extra]}
    params = [
        {"name": "s", "type": "side"},
        {"name": "r", "type": "region"},
        {"name": "c", "type": "country"},
    ]
    ir["functions"] = {**ir["functions"], "probe": {"params": params, "returns": "bool", "body": body}}
    assert board_reads(ir, "probe") is None
    assert board_reads(ir, "region_vp") is not None


def test_the_greedy_keeps_no_gain_of_a_score_that_reads_more_than_the_board() -> None:
    """A variant whose region scoring also reads the turn (each VP counted turn times): a gain kept from
    one turn would be wrong in the next, so none is kept, and the greedy still places as defined."""
    from twilight.runtime.core.decisions import _Gains

    ir = dict(compiled_ir("solo-v2"))
    region_vp = dict(ir["functions"]["region_vp"])
    region_vp["body"] = {"op": "*", "args": [region_vp["body"], {"call": {"turn": []}}]}
    ir["functions"] = {**ir["functions"], "region_vp": region_vp}
    program = build_program(ir)
    assert program.board_reads("region_vp") is None
    human = _Checked(RolloutPlayer(3))
    engine = new_game(ir, {"us": human}, seed=3, program=program, track=False)
    human.engine = engine
    assert _Gains.of(engine, "us", "ussr") is None
    engine.run()
    assert human.placements > 10
