"""The search policy for the human side (runtime/search.py): it deals the hidden cards anew and keeps the
known ones, and its answers depend on what the human can know, never on the real hidden cards or dice."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from typing import Any

from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.dice import Dice
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.state import GameState
from twilight.runtime.game import new_engine
from twilight.runtime.players.search import SearchPlayer, _Deal, determinize
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import compiled_ir, play_solo_until


def _play_to(name: str, act: Any, seed: int = 3) -> None:
    """The US greedy until the first decision named `name`, where `act` runs and the game stops."""
    play_solo_until(lambda decision: decision.name == name, act, seed)


def _places(state: GameState) -> dict[str, list[str]]:
    return {
        "draw": list(state.draw_pile),
        "hand:us": list(state.hands["us"]),
        "hand:ussr": list(state.hands["ussr"]),
        **{f"zone:{n}": list(z) for n, z in state.zones.items()},
    }


def test_determinize_deals_the_hidden_cards_anew_and_keeps_the_known_ones() -> None:
    seen: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> Any:
        ir, state = engine.ir, engine.state
        known = {c for c in decision.options if c in ir["cards"]}
        assert known and all(c in state.hands["us"] for c in known if c != "the_china_card")
        before = state.clone()
        deals = []
        for n in range(6):
            twin = state.clone()
            determinize(twin, ir, "us", known, random.Random(n))
            deals.append(twin)
        seen["check"] = (before, deals, known, ir)
        return decision.options[0]

    _play_to("action_card", act)
    before, deals, known, ir = seen["check"]
    face_down = {n for n, z in ir["zones"].items() if z.get("face_down")}
    assert face_down, "solo-v2's scoring deck is a face-down zone"
    hidden_before = Counter(before.draw_pile + before.hands["us"] + before.hands["ussr"])
    for twin in deals:
        # Public places do not move: board, tracks, discards, removed cards, headlines, effects.
        for name in ("influence", "vp", "defcon", "discard", "removed", "headline", "china_holder", "turn"):
            assert getattr(twin, name) == getattr(before, name), name
        # The known cards stay where they are, the sizes of every place too.
        for i, card in enumerate(before.hands["us"]):
            if card in known:
                assert twin.hands["us"][i] == card
        for place, cards in _places(before).items():
            assert len(_places(twin)[place]) == len(cards), place
        # The same cards stay hidden, and a face-down zone keeps its own cards.
        assert Counter(twin.draw_pile + twin.hands["us"] + twin.hands["ussr"]) == hidden_before
        for zone in face_down:
            assert Counter(twin.zones[zone]) == Counter(before.zones[zone])
    # ... but the hidden cards are dealt anew: the AI's hand and the draw pile differ between deals.
    assert len({tuple(t.hands["ussr"]) for t in deals}) > 1
    assert len({tuple(t.draw_pile) for t in deals}) > 1
    assert any(t.hands["ussr"] != before.hands["ussr"] for t in deals)


def test_a_deal_drawn_once_gives_every_copy_what_determinize_and_the_seeds_give() -> None:
    """Playout j of every answer shares one deal (`_Deal`, drawn once per decision and sample): each copy
    it is given to holds the cards `determinize` deals from the sample's generator, and the deal's seeds of
    the dice and of the rollout player are that generator's next two draws, as when each playout drew its
    own. Drawing it leaves the game as it was."""
    seen: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> Any:
        ir, state = engine.ir, engine.state
        known = {c for c in decision.options if c in ir["cards"]}
        before = _places(state)
        for sample in (0, 1, 7, 2**62 + 5):
            alone = state.clone()
            rng = random.Random(sample)
            determinize(alone, ir, "us", known, rng)
            seeds = (rng.getrandbits(63), rng.getrandbits(63))
            deal = _Deal(state, ir, "us", known, sample)
            assert _places(state) == before, "drawing a deal deals nothing in the game it is drawn in"
            for _ in range(2):
                shared = state.clone()
                deal.deal(shared, ir, "us", known)
                assert _places(shared) == _places(alone)
            assert (deal.dice_seed, deal.rollout_seed) == seeds
            seen.setdefault("deals", []).append(_places(alone))
        return decision.options[0]

    _play_to("action_card", act)
    assert len({tuple(d["hand:ussr"]) for d in seen["deals"]}) > 1, "the samples deal differently"


def test_the_search_never_sees_the_hidden_cards_or_the_dice() -> None:
    """The same decision searched twice: once in the real game, once after the hidden cards were dealt
    otherwise and the dice reseeded. A player that used the real hidden cards or the real dice would
    (almost surely) score the answers differently; this one scores them identically."""
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> Any:
        first = SearchPlayer(11, playouts=2 * len(decision.options), horizon=1)
        first.engine = engine
        answer = first.decide(decision)
        known = {c for c in decision.options if c in engine.ir["cards"]}
        real_ai_hand = list(engine.state.hands["ussr"])
        determinize(engine.state, engine.ir, "us", known, random.Random(99))
        assert engine.state.hands["ussr"] != real_ai_hand  # the hidden cards really are elsewhere now
        engine.dice = Dice(12345)
        second = SearchPlayer(11, playouts=2 * len(decision.options), horizon=1)
        second.engine = engine
        again = second.decide(decision)
        found.update(first=(answer, first.last_values), second=(again, second.last_values))
        return answer

    _play_to("action_card", act)
    assert found["first"][1], "the decision was searched"
    assert found["first"] == found["second"]


def test_the_search_values_depend_on_its_seed() -> None:
    """The playouts are really played (the values are not a constant): other deals, other scores."""
    found: list[dict[str, float]] = []

    def act(engine: Engine, decision: Decision) -> Any:
        for seed in (1, 2):
            player = SearchPlayer(seed, playouts=2 * len(decision.options), horizon=2)
            player.engine = engine
            player.decide(decision)
            found.append(player.last_values)
        return decision.options[0]

    _play_to("action_card", act)
    assert len(found) == 2
    assert all(0.0 <= v <= 1.0 for values in found for v in values.values())
    assert found[0] != found[1]


def test_simulate_puts_the_search_with_its_budget_on_the_human_side() -> None:
    from twilight.cli import simulate_cmd

    ir = compiled_ir("solo-v2")
    simulate_cmd._init_worker(ir, None, False, {"ai_side": "us"}, "search", None, {"playouts": 3})
    players = simulate_cmd.game_players(7, "search", "us")
    assert isinstance(players["us"], RulesAIPlayer)
    human = players["ussr"]
    assert isinstance(human, SearchPlayer) and human.playouts == 3 and human.seed == 7 * 2 + 2
    budget = simulate_cmd.search_budget(None, 250.0)
    assert budget == {"budget_ms": 250.0}


def test_the_horizon_option_reaches_the_search() -> None:
    """`--horizon` sets how many action rounds a playout plays; it is refused below 1."""
    from click.testing import CliRunner
    from twilight.cli import simulate_cmd
    from twilight.cli.main import cli

    budget = simulate_cmd.search_budget(1, None, 2)
    assert budget == {"playouts": 1, "horizon": 2}
    ir = compiled_ir("solo-v2")
    simulate_cmd._init_worker(ir, None, False, {"ai_side": "ussr"}, "search", None, budget)
    human = simulate_cmd.game_players(3, "search", "ussr")["us"]
    assert isinstance(human, SearchPlayer) and (human.horizon, human.playouts) == (2, 1)
    refused = CliRunner().invoke(cli, ["simulate", "--ruleset", "solo-v2", "--horizon", "0"])
    assert refused.exit_code == 2 and "--horizon" in refused.output and "Traceback" not in refused.output


def test_the_search_models_a_non_ai_opponent_by_the_heuristic_not_by_its_real_player() -> None:
    """Head to head (`--players us=search,ussr=greedy`) the playouts play the USSR by a greedy player of
    their own: the real opponent's object (its random state) is never consulted. Against the AI, the AI
    itself plays in the playouts (its rules are public)."""
    from twilight.cli import simulate_cmd
    from twilight.runtime.core.decisions import GreedyPlayer

    simulate_cmd._init_worker(compiled_ir("standard"), None, False, {}, "us=search,ussr=greedy", None, {})
    players = simulate_cmd.game_players(5, "us=search,ussr=greedy")
    search, greedy = players["us"], players["ussr"]
    assert isinstance(search, SearchPlayer) and isinstance(greedy, GreedyPlayer)
    model = search.opponents["ussr"]
    assert isinstance(model, GreedyPlayer) and model is not greedy
    solo = simulate_cmd.game_players(5, "search", "ussr")
    assert isinstance(solo["us"], SearchPlayer) and solo["us"].opponents == {}


def test_a_searching_run_gives_the_same_games_on_lean_workers() -> None:
    """A searching run's games are the same in a pool of workers as in one process (the playouts run on
    copies of the game in each worker)."""
    import json

    from click.testing import CliRunner
    from twilight.cli import simulate_cmd
    from twilight.cli.main import cli

    assert simulate_cmd.pool_context().get_start_method() == "fork"
    runs = []
    for jobs in ("1", "2"):
        args = ["simulate", "--ruleset", "solo-v2", "--human-policy", "search", "--playouts", "1", "--json"]
        args += ["--horizon", "1", "--max-candidates", "2", "--games", "2", "--seed", "4", "--jobs", jobs]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        runs.append(data["records"])
    assert runs[0] == runs[1] and all(r["playouts"] > 0 for r in runs[0])


def test_the_rollout_player_places_for_the_region_scored_soonest() -> None:
    """At an influence point, the rollout player weighs the Secondary region (the next round's Primary)
    twice the Primary outside a scoring round, and the Primary twice the Secondary in one: on the same
    board, a point that wins the Secondary's scoring beats one that wins as much of the Primary's only
    outside a scoring round."""
    from twilight.runtime.core.decisions import Decision, GreedyPlayer
    from twilight.runtime.core.primitives import board, controls
    from twilight.runtime.core.primitives.scoring import net_region_score
    from twilight.runtime.core.state import (
        PRIMARY_REGION_VARIABLE,
        SCORING_ROUND_VARIABLE,
        SECONDARY_REGION_VARIABLE,
    )
    from twilight.runtime.players.rollout import RolloutPlayer

    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {}, seed=4, settings={"level": "normal", "ai_side": "ussr"})
    state = engine.state
    members = board(engine).members
    # A board where one point gives the US Italy (Europe) and one gives it Iran (the Middle East).
    for country in state.influence:
        state.influence[country] = {"us": 0, "ussr": 0}
    state.influence["italy"] = {"us": board(engine).stability["italy"] - 1, "ussr": 0}
    state.influence["iran"] = {"us": board(engine).stability["iran"] - 1, "ussr": 0}
    assert "italy" in members["europe"] and "iran" in members["middle_east"]
    state.vars[PRIMARY_REGION_VARIABLE] = "europe"
    state.vars[SECONDARY_REGION_VARIABLE] = "middle_east"
    decision = Decision("influence_target", "us", ["italy", "iran"])
    gains = {}
    for country, region in (("italy", "europe"), ("iran", "middle_east")):
        before = net_region_score(engine, "us", region)
        state.influence[country]["us"] += 1
        assert controls(engine, "us", country)
        gains[country] = net_region_score(engine, "us", region) - before
        state.influence[country]["us"] -= 1
    # (each point gains its region's score alike: the weights alone decide)
    assert gains["italy"] == gains["iran"] > 0, gains

    def picks(player: GreedyPlayer) -> str:
        player.engine = engine
        return str(player.decide(decision))

    for scoring, wanted in ((False, "iran"), (True, "italy")):
        state.vars[SCORING_ROUND_VARIABLE] = scoring
        weights = dict(RolloutPlayer(1).weighed_regions(engine))
        assert weights == ({"europe": 2, "middle_east": 1} if scoring else {"europe": 1, "middle_east": 2})
        assert picks(RolloutPlayer(1)) == wanted
    # The plain greedy policy weighs the Primary alone: Italy, whatever the round.
    assert picks(GreedyPlayer(1)) == "italy"


def test_a_headline_chosen_face_down_is_not_seen_by_the_side_choosing_after_it() -> None:
    """Standard 4.5 C: the USSR chooses its headline first and the two are turned over together, so the
    US (the computer's search, or the hint of a person playing the US) cannot know the USSR's card while
    it chooses its own. The search's copies deal that card anew like a card of the USSR's hand, always one
    the USSR could have headlined: the US's answer and every value it weighed come out the same whatever
    the USSR's real headline was. (The copies kept the real card, and the computer headlined Defectors
    against the Korean War it could see.)"""
    from tests.helpers import GreedyUntil, StopHere

    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> Any:
        state = engine.state
        real = state.headline["ussr"]
        assert real is not None and state.headline["us"] is None
        values = []
        for swap in (None, 0):
            if swap is not None:  # the USSR headlined another card of its hand instead
                hand = state.hands["ussr"]
                other = next(
                    i
                    for i, c in enumerate(hand)
                    if engine.forbidden("headline", actor="ussr", card=c) is None
                )
                hand[other], state.headline["ussr"] = state.headline["ussr"], hand[other]
                assert state.headline["ussr"] != real
            player = SearchPlayer(7, playouts=2 * len(decision.options), horizon=1)
            player.engine = engine
            values.append((player.decide(decision), player.last_values))
        found["values"] = values
        raise StopHere

    ir = compiled_ir("standard")
    for seed in (1, 2, 3):
        us = GreedyUntil(lambda d: d.name == "headline_card" and d.side == "us", act)
        engine = new_engine(ir, {"us": us, "ussr": GreedyPlayer(seed)}, seed=seed)
        us.engine = engine
        engine.players["ussr"].engine = engine
        with contextlib.suppress(StopHere):
            engine.run()
        first, second = found.pop("values")
        assert first == second, seed


def test_the_copies_deal_the_face_down_headline_only_among_cards_it_could_be() -> None:
    """Each copy's USSR headline is a card the rules let the USSR headline, dealt from the cards the US
    cannot see (its own hand's cards never), and not always the real one."""
    from twilight.runtime.players.search import _headline_dealt_as_allowed, _hidden_places

    from tests.helpers import GreedyUntil, StopHere

    seen: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> Any:
        real, dealt = engine.state.headline["ussr"], []
        us_hand = set(engine.state.hands["us"])
        for n in range(40):
            twin = engine.clone()
            places = _hidden_places(twin.state, twin.ir, "us", set(decision.options))
            _Deal(twin.state, twin.ir, "us", set(decision.options), n, places).deal(
                twin.state, twin.ir, "us", set(decision.options), places
            )
            _headline_dealt_as_allowed(twin, "us")
            card = twin.state.headline["ussr"]
            assert card not in us_hand
            assert twin.forbidden("headline", actor="ussr", card=card) is None, card
            dealt.append(card)
        assert engine.state.headline["ussr"] == real  # the game itself untouched
        seen.update(real=real, dealt=dealt)
        raise StopHere

    us = GreedyUntil(lambda d: d.name == "headline_card" and d.side == "us", act)
    engine = new_engine(compiled_ir("standard"), {"us": us, "ussr": GreedyPlayer(4)}, seed=4)
    us.engine = engine
    engine.players["ussr"].engine = engine
    with contextlib.suppress(StopHere):
        engine.run()
    assert len(set(seen["dealt"])) > 10 and seen["dealt"].count(seen["real"]) < 10
