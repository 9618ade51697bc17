"""A bounded random sweep: whole games through the public API (`twilight.api`) with simple policies, for
every ruleset and its declared settings (the human on either side, each AI level, the deluxe map's
Canada, the optional cards, the handicap), and games on a checking engine held in play long enough to
reach the Late War. No game may stop with an error of the rules, offer a question with no answer, run
without end, or break an invariant.

The seeds are spread wide on purpose. `CHE_SEEDS` are four solo games that stop with a rules error on the
Che event as it was before de028bd (it offered coup targets outside the human's Primary and Secondary
regions and then refused the pick): with those rules, `test_the_che_games_end_cleanly` fails, and so do
five other tests here. A wider sweep by hand: `python tests/test_random_sweep.py GAMES`.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest
from twilight.api import Game, State
from twilight.compiler.api import compile_target
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import CautiousPlayer, Decision, Player, RandomPlayer
from twilight.runtime.core.invariants import CheckedEngine, check_finished, track_values
from twilight.runtime.core.state import SIDES
from twilight.runtime.game import IMPLEMENTATIONS
from twilight.runtime.solo.ai import RulesAIPlayer, ai_side_of

# Actions one game may take before it counts as a game that never ends (the longest seen: about 1,600).
MOST_ACTIONS = 20_000

# (ruleset, settings): every ruleset, and each declared setting away from its default at least once.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("solo-v2", {}),
    ("solo-v2", {"ai_side": "us", "level": "expert", "optional_cards": True}),
    ("solo-v2", {"deluxe_map_canada": True, "setup_dice": "lower_of_two", "level": "experienced"}),
    ("solo-v2", {"ai_side": "us", "level": "hard", "us_handicap_influence": 10, "deluxe_map_canada": True}),
    ("solo-v2-quickdeal", {"ai_side": "us", "optional_cards": True, "level": "hard"}),
    ("solo-v2-quickdeal", {"deluxe_map_canada": True, "us_handicap_influence": 2}),
    ("standard", {"optional_cards": True}),
    ("standard", {"deluxe_map_canada": True, "us_handicap_influence": 2}),
]
POLICIES = ("random", "first", "last", "cautious")
# Four seeds for each configuration and policy, far apart (a game's dice and the policy's picks both
# follow from its seed).
SEEDS = (7, 20_261_206, 987_654_321, 4_294_967_311)
# Solo games, optional cards in, the AI on the US side, played by the random policy: each stopped with
# "the rules stopped the game: RuleError: ussr may not coup in …: region_restricted" before de028bd.
CHE_SEEDS = (1_000_000, 1_000_003, 1_000_019, 1_000_064)


@functools.cache
def game(ruleset: str, settings: tuple[tuple[str, Any], ...]) -> Game:
    return Game(ruleset, dict(settings))


def policy_pick(policy: str, state: State, legal: list[int], rng: random.Random) -> int:
    """The action a simple policy takes: uniform, the first or last legal, or uniform but no coup at
    DEFCON 2 when something else is open (random games end in a nuclear war within a few turns)."""
    if policy == "first":
        return legal[0]
    if policy == "last":
        return legal[-1]
    if policy == "cautious":
        decision = state.decision()
        if decision is not None and decision.single and state.engine.state.defcon <= 2:
            coup = state.game.vocabulary.action("coup") if "coup" in decision.options else None
            legal = [a for a in legal if a != coup] or legal
    return rng.choice(legal)


def check_state(state: State) -> None:
    """What holds at every decision: influence a whole number >= 0, each track within its bounds, each
    card in one place, The China Card held by a side, and a question with an answer."""
    if state.is_terminal() or state.is_chance_node():
        return
    s = state.engine.state
    for country, influence in s.influence.items():
        for side in SIDES:
            assert type(influence[side]) is int and influence[side] >= 0, (country, side, influence)
    if not s.in_final_scoring:
        for label, low, high, value in track_values(s, state.game.ir):
            assert label == "vp" or low <= value <= high, (label, value, low, high)
    for card, places in s.card_locations().items():
        assert len(places) == 1 and card in state.game.ir["cards"], (card, places)
    assert s.china_holder in SIDES
    decision = state.decision()
    assert decision is not None and decision.options, decision
    assert state.legal_actions()


def api_game(ruleset: str, settings: dict[str, Any], seed: int, policy: str) -> State:
    """A whole game through the API: chance outcomes from one generator, the policy's picks from
    another; every state checked. Raises whatever stops the game."""
    state = game(ruleset, tuple(sorted(settings.items()))).new_initial_state()
    chance, picks = random.Random(seed), random.Random(seed * 7919 + 17)
    for _ in range(MOST_ACTIONS):
        if state.is_terminal():
            check_finished(state.engine)
            return state
        legal = state.legal_actions()
        action = chance.choice(legal) if state.is_chance_node() else policy_pick(policy, state, legal, picks)
        state.apply_action(action)
        check_state(state)
    raise AssertionError(f"{ruleset} {settings} seed {seed} ({policy}): no end after {MOST_ACTIONS} actions")


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(
    ("ruleset", "settings"), CONFIGS, ids=[f"{r}-{i}" for i, (r, _s) in enumerate(CONFIGS)]
)
def test_api_games_end_cleanly(ruleset: str, settings: dict[str, Any], policy: str) -> None:
    for seed in SEEDS:
        state = api_game(ruleset, settings, seed, policy)
        assert state.returns() != [0.0] * len(state.returns()) or state.engine.state.winner == "draw"


def test_the_che_games_end_cleanly() -> None:
    for seed in CHE_SEEDS:
        api_game("solo-v2", {"optional_cards": True, "ai_side": "us"}, seed, "random")


@pytest.mark.parametrize("ruleset", ["solo-v2", "solo-v2-quickdeal", "standard"])
def test_a_game_read_back_from_its_text_is_the_same(ruleset: str) -> None:
    state = api_game(ruleset, {"optional_cards": True}, 424_242, "cautious")
    again = state.game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.returns() == state.returns()
    assert again.engine.state.digest() == state.engine.state.digest()


# ---------------------------------------------------------------------------------------- long games
@functools.cache
def compiled(ruleset: str) -> tuple[dict[str, Any], Program]:
    result = compile_target(ruleset)
    assert result.ir is not None and result.ok, ruleset
    return result.ir, Program(result.ir, IMPLEMENTATIONS)


class HeldInPlay:
    """A player that, before each answer, brings the VP back within ±`most` and lifts DEFCON 2 to 3 most
    of the time: random players lose the solo game by 20 VP or a nuclear war within a few turns, and a
    game kept going reaches the Mid and Late War cards, the later scoring rounds and final scoring. Each
    value set is one the game can hold; nothing else is touched."""

    def __init__(self, inner: Player, most: int, seed: int) -> None:
        self.inner = inner
        self.most = most
        self.rng = random.Random(seed)
        self.engine: Any = None

    def decide(self, decision: Decision) -> Any:
        s = self.engine.state
        s.vp = max(-self.most, min(self.most, s.vp))
        if s.defcon < 3 and self.rng.random() < 0.7:
            s.defcon = 3
        return self.inner.decide(decision)


def long_game(ruleset: str, settings: dict[str, Any], seed: int, cautious: bool) -> CheckedEngine:
    ir, program = compiled(ruleset)
    full = {name: s["default"] for name, s in ir.get("settings", {}).items()} | settings
    ai_side = ai_side_of(ir, full)
    make: Callable[[int], RandomPlayer] = CautiousPlayer if cautious else RandomPlayer
    humans = {
        side: HeldInPlay(make(seed * 2 + i), 8, seed + i) for i, side in enumerate(SIDES) if side != ai_side
    }
    players: dict[str, Any] = dict(humans)
    ai = None
    if ai_side is not None:
        ai = players[ai_side] = RulesAIPlayer()
    engine = CheckedEngine(ir, players, seed=seed, settings=full, program=program, every_event=True)
    for p in [*humans.values(), *([ai] if ai is not None else [])]:
        p.engine = engine
        if isinstance(getattr(p, "inner", None), CautiousPlayer):
            p.inner.engine = engine
    engine.run()
    check_finished(engine)
    return engine


@pytest.mark.parametrize(
    ("ruleset", "settings"),
    [
        ("solo-v2", {"optional_cards": True}),
        ("solo-v2", {"ai_side": "us", "optional_cards": True, "level": "expert"}),
        ("solo-v2-quickdeal", {"ai_side": "us", "deluxe_map_canada": True}),
        ("standard", {"optional_cards": True}),
    ],
    ids=["solo-v2", "solo-v2-ai-us", "solo-v2-quickdeal", "standard"],
)
def test_long_games_keep_every_invariant(ruleset: str, settings: dict[str, Any]) -> None:
    turns = []
    for seed in (31_337, 271_828_182, 5_000_000_007):
        for cautious in (True, False):
            turns.append(long_game(ruleset, settings, seed, cautious).state.turn)
    assert max(turns) >= 8, turns  # (the Late War reached: its cards dealt and played)


def sweep(games: int) -> int:
    """The wider sweep by hand: `games` API games over every configuration and policy, seeds from
    10**8 on; prints each failure; returns how many failed."""
    failed = 0
    for i in range(games):
        ruleset, settings = CONFIGS[i % len(CONFIGS)]
        policy = POLICIES[(i // len(CONFIGS)) % len(POLICIES)]
        seed = 10**8 + i
        try:
            api_game(ruleset, settings, seed, policy)
        except Exception as err:
            failed += 1
            print(f"{ruleset} {settings} seed {seed} ({policy}): {type(err).__name__}: {err}")
    print(f"{games} games, {failed} failed")
    return failed


if __name__ == "__main__":
    sys.exit(1 if sweep(int(sys.argv[1]) if len(sys.argv) > 1 else 1000) else 0)
