"""A game copied at any decision (Engine.clone) goes on by itself: copies made at random decisions of
many games, each played to the end at once (while the game it was copied from waits at the decision)
with the answers and dice the game itself then gets, trace exactly what the game traces; and the game,
played on after its copies, traces what a game never copied does (nothing a copy did reached it)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import compiled_ir
from twilight.runtime.core.decisions import CautiousPlayer, Decision, ScriptedPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import ai_side_of, players_with_ai

GAMES = [("solo-v2", {"ai_side": "ussr"}), ("solo-v2", {"ai_side": "us"}), ("standard", None)]
SEEDS = range(3)
COPIES_PER_GAME = 8


def played(engine: Engine, settings: Any, person: type[CautiousPlayer] = CautiousPlayer) -> Engine:
    """The game played to its end, `person` (a cautious policy) on the people's sides."""
    seed = engine.seed
    people = {"us": person(seed), "ussr": person(seed + 100)}
    players, ai = players_with_ai(engine.ir, settings, people)
    engine.players = players
    for player in [*people.values(), ai]:
        if player is not None:
            player.engine = engine
    engine.run()
    return engine


def finish_copy(twin: Engine, answers: list[list[Any]], settings: Any) -> None:
    """Play a copy on with the answers the game gave from its decision on (the AI answers for itself)."""
    ai_side = ai_side_of(twin.ir, settings)
    later = answers[1:]
    people = {
        s: ScriptedPlayer([a for side, a in later if side == s]) for s in ("us", "ussr") if s != ai_side
    }
    players, ai = players_with_ai(twin.ir, settings, people)
    twin.players = players
    if ai is not None:
        ai.engine = twin
    twin.resume(answers[0][1])


@pytest.mark.parametrize(("ruleset", "settings"), GAMES, ids=["solo-us", "solo-ussr-human", "standard"])
@pytest.mark.parametrize("seed", SEEDS)
def test_copies_at_random_decisions_go_on_as_the_game_does(ruleset: str, settings: Any, seed: int) -> None:
    ir = compiled_ir(ruleset)
    reference = played(new_engine(ir, {}, seed=seed, settings=settings), settings)  # (never copied)
    people_decisions = sum(1 for side, _ in reference.answers if side != ai_side_of(reference.ir, settings))
    rng = random.Random(f"copies {ruleset} {settings} {seed}")
    copy_at = set(rng.sample(range(1, people_decisions + 1), min(COPIES_PER_GAME, people_decisions)))
    # (each copy is played to its end while the game waits inside its player's decision)
    copies: list[tuple[int, Engine]] = []
    engine = new_engine(ir, {}, seed=seed, settings=settings)
    asked = [0]

    class Person(CautiousPlayer):
        def decide(self, decision: Decision) -> Any:
            asked[0] += 1
            if asked[0] in copy_at:
                at = len(engine.answers)
                twin = engine.clone()
                pending = twin.pending()
                assert pending is not None and (pending.name, pending.options) == (
                    decision.name,
                    decision.options,
                )
                events_then = list(engine.events)
                finish_copy(twin, reference.answers[at:], settings)
                assert twin.events == reference.events, f"copy at answer {at} went another way"
                assert twin.state.digest() == reference.state.digest()
                assert engine.events == events_then  # (the copy changed nothing of the game)
                copies.append((at, twin))
            return super().decide(decision)

    played(engine, settings, Person)
    assert len(copies) == len(copy_at)
    # The game itself, copied along the way, played as the game never copied.
    assert engine.events == reference.events and engine.answers == reference.answers


def test_a_copy_of_a_copy_and_the_original_part_ways() -> None:
    """Two copies at one decision, answered differently, differ; each equals a game given that answer."""
    ir = compiled_ir("standard")
    twins: list[Engine] = []

    class CopyOnce(CautiousPlayer):
        def decide(self, decision: Decision) -> Any:
            if not twins and decision.name == "action_card" and len(decision.options) > 1:
                twins.extend([engine.clone(), engine.clone().clone()])
                raise StopIteration
            return super().decide(decision)

    engine = new_engine(ir, {}, seed=4)
    engine.players = {"us": CopyOnce(1), "ussr": CopyOnce(2)}
    for p in engine.players.values():
        p.engine = engine  # type: ignore[attr-defined]
    with pytest.raises(StopIteration):
        engine.run()
    first, second = twins
    options = first.pending().options
    ends = []
    for twin, option in ((first, options[0]), (second, options[1])):
        later = {"us": CautiousPlayer(7), "ussr": CautiousPlayer(8)}
        for p in later.values():
            p.engine = twin
        twin.players = later
        twin.resume(option)
        ends.append(twin)
    assert ends[0].events[len(engine.events)] != ends[1].events[len(engine.events)]
    assert all(e.state.game_over for e in ends)
