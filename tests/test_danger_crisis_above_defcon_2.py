"""The Cuban Missile Crisis (card 40) above DEFCON 2. The crisis sets DEFCON to 2, but SALT Negotiations
(card 43) played after it raises DEFCON by 2 while the crisis stays in force to the turn's end: a coup by
the crisis's opponent still ends the game at once (card text (deluxe) · 40). The loss check of the
screen and the hint (cli/session/danger.py) tried a coup's targets only at DEFCON 2 or lower, so above it
nothing was marked. Reached by play: the USSR plays the crisis for its event, the US SALT Negotiations
for its event (DEFCON 4), and in its next round a card for a coup, with no way out (no US influence in
West Germany or Turkey)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from twilight.cli.session.danger import loses_at_once, losing_reasons, marked
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.resumable import Suspended
from twilight.runtime.game import new_engine

from tests.helpers import compiled_ir

SEED = 3


def _step(engine: Any, answer: Any) -> Decision:
    with contextlib.suppress(Suspended):
        engine.resume(answer)
    return engine.pending()


def _until(engine: Any, greedy: GreedyPlayer, wanted: Callable[[Decision], bool]) -> Decision:
    """Greedy answers up to the first question `wanted` takes."""
    decision = engine.pending()
    while not wanted(decision):
        decision = _step(engine, greedy.decide(decision))
    return decision


def _given(engine: Any, side: str, card: str, decision: Decision) -> None:
    """`card` put in `side`'s hand (from wherever it lies) and among the cards it is asked to play."""
    state = engine.state
    for pile in (state.draw_pile, state.discard, state.hands["us"], state.hands["ussr"]):
        if card in pile:
            pile.remove(card)
    state.hands[side].append(card)
    if card not in decision.options:
        decision.options.append(card)


def _action_card(side: str) -> Callable[[Decision], bool]:
    return lambda d: d.side == side and d.name == "action_card"


def at_the_us_coup(crisis_owner: str = "ussr", how_played: bool = False) -> tuple[Any, Decision]:
    """Standard, seed 3, greedy play to turn 1's action rounds; the crisis played for its event by
    `crisis_owner` (the USSR: a US coup loses; the US: a US coup is safe), SALT Negotiations then played
    by the US for its event (DEFCON 4), and in the US's next round a card played for a coup: the engine
    stopped at the question of its target (`how_played`: at the question before, how the card is played)."""
    engine = new_engine(compiled_ir("standard"), {}, seed=SEED, settings={})
    greedy = GreedyPlayer(7)
    greedy.engine = engine
    with contextlib.suppress(Suspended):
        engine.run()
    decision = _until(engine, greedy, _action_card(crisis_owner))
    _given(engine, crisis_owner, "cuban_missile_crisis", decision)
    decision = _step(engine, "cuban_missile_crisis")
    assert decision.name == "play_mode" and "event" in decision.options
    _step(engine, "event")
    assert engine.state.defcon == 2
    assert any(e.card == "cuban_missile_crisis" for e in engine.state.in_effect)
    decision = _until(engine, greedy, _action_card("us"))
    _given(engine, "us", "salt_negotiations", decision)
    _step(engine, "salt_negotiations")
    _step(engine, "event")
    decision = _until(engine, greedy, _action_card("us"))
    # The way out closed, and a target of each kind open at DEFCON 4: Venezuela a battleground, Honduras not.
    state = engine.state
    for country, side, n in (("west_germany", "us", 0), ("turkey", "us", 0)):
        state.influence[country] = {**state.influence[country], side: n}
    for country in ("venezuela", "honduras"):
        state.influence[country] = {**state.influence[country], "ussr": 1}
    _given(engine, "us", "truman_doctrine", decision)  # (the US's own card: no event first)
    decision = _step(engine, "truman_doctrine")
    assert decision.name == "play_mode" and "coup" in decision.options
    if how_played:
        return engine, decision
    decision = _step(engine, "coup")
    assert decision.name == "coup_target" and {"venezuela", "honduras"} <= set(decision.options)
    assert engine.state.defcon > 2, engine.state.defcon
    assert any(e.card == "cuban_missile_crisis" for e in engine.state.in_effect)
    return engine, decision


def test_a_coup_under_the_opponents_crisis_above_defcon_2_is_marked() -> None:
    engine, decision = at_the_us_coup()
    found = dict(losing_reasons(engine, decision))
    assert set(found) == set(decision.options), found
    assert found["honduras"] == {"cuban_missile_crisis"}
    assert found["venezuela"] == {"cuban_missile_crisis"}  # (no DEFCON 1 from DEFCON 4)
    every = loses_at_once(engine, decision)
    assert marked(engine, decision, every) == every  # (a coup's targets: marked even when all lose)


def test_a_coup_under_ones_own_crisis_above_defcon_2_is_not_marked() -> None:
    engine, decision = at_the_us_coup(crisis_owner="us")
    assert losing_reasons(engine, decision) == []


def test_the_searchs_unweighed_question_leaves_out_a_coup_under_the_crisis_above_defcon_2() -> None:
    """The search's fallback for a question it does not weigh (runtime/players/search.py
    `_not_losing_at_once`) had the same DEFCON gate: above DEFCON 2 it kept a coup the crisis loses."""
    from twilight.runtime.players.search import SearchPlayer

    engine, decision = at_the_us_coup(how_played=True)
    search = SearchPlayer(0)
    search.engine = engine
    kept = search._not_losing_at_once(engine, decision)
    assert "coup" not in kept.options and set(kept.options) == set(decision.options) - {"coup"}
    engine, decision = at_the_us_coup(crisis_owner="us", how_played=True)
    assert search._not_losing_at_once(engine, decision).options == decision.options
