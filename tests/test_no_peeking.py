"""No decision-maker reads what its side may not know. Each test swaps what the side cannot see (the other
side's hand or deck/hand, the draw pile's order, the dice still to roll) and asserts that the decision,
and every value it weighed, comes out the same:

- the solo AI's look-ahead (runtime/solo/ai.py `what_if`): the copies it plays events in deal your
  deck/hand and the draw pile anew (`deal_as_the_ai_sees`); they held the real ones, and whether Blockade,
  Latin American Debt Crisis or Missile Envy "has an effect" (the AI's headline test) or what it gains
  followed the cards on top of your face-down deck/hand;
- the at-once check (runtime/players/search.py `answer_loses_at_once`, the terminal's and the hint's
  warnings): its copies deal the hidden cards anew; they held the real ones, and a Missile Envy played
  at DEFCON 2 was said to set off the war exactly when the AI's real strongest card was Duck and Cover;
- the AI's own headline, played on in copies with your deck/hand and the draw pile dealt otherwise;
- the plans of a card's influence (runtime/players/influence_plans.py), the hint's advice and the
  computer opponent of the standard game: checked, they never read the hidden cards (the plans' copies
  now deal them anew too, and roll average dice, though a placement reads the board alone).
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from twilight.cli.session.computer import ComputerOpponent
from twilight.cli.session.danger import loses_at_once
from twilight.runtime.core.decisions import Decision, GreedyPlayer, RandomPlayer
from twilight.runtime.core.dice import Dice
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.state import GameState
from twilight.runtime.game import new_engine
from twilight.runtime.players.search import SearchPlayer, determinize
from twilight.runtime.solo import lookahead_queries
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import GreedyUntil, StopHere, compiled_ir

CHINA = "the_china_card"


def _rearranged_for_the_ai(state: GameState, human: str, rng: random.Random) -> None:
    """The cards the AI cannot see (your deck/hand, The China Card apart, and the draw pile) dealt
    otherwise among those places, each keeping its size."""
    places = [(state.draw_pile, i) for i in range(len(state.draw_pile))]
    hand = state.hands[human]
    places += [(hand, i) for i, card in enumerate(hand) if card != CHINA]
    cards = [pile[i] for pile, i in places]
    rng.shuffle(cards)
    for (pile, i), card in zip(places, cards, strict=True):
        pile[i] = card


@contextlib.contextmanager
def _dealt_otherwise(engine: Engine, deal: Any) -> Any:
    """`deal(state)` changes the hidden places of the game in place (the rules running at the question
    hold their lists); on leaving, the places and the dice are put back as they were."""
    state, dice = engine.state, engine.dice
    saved = (
        list(state.draw_pile),
        {side: list(cards) for side, cards in state.hands.items()},
        {name: list(cards) for name, cards in state.zones.items()},
        dict(state.headline),
    )
    deal(state)
    try:
        yield
    finally:
        draw, hands, zones, headline = saved
        state.draw_pile[:] = draw
        for side, cards in hands.items():
            state.hands[side][:] = cards
        for name, cards in zones.items():
            state.zones[name][:] = cards
        state.headline.update(headline)
        engine.dice = dice


# The events whose look-ahead may touch your deck/hand or the draw pile: they make you choose among your
# top cards, take one of yours (at random, or your strongest), draw, or turn the piles over.
HIDDEN_TOUCHING = (
    "blockade",
    "latin_american_debt_crisis",
    "missile_envy",
    "ask_not_what_your_country_can_do_for_you",
    "grain_sales_to_soviets",
    "terrorism",
    "five_year_plan",
    "aldrich_ames_remix",
    "star_wars",
    "un_intervention",
)
QUERIES = (
    "event_has_effect",
    "event_vp_gain",
    "event_influence_gain",
    "event_influence_removed",
    "event_control_gain",
)


def _looked_ahead(engine: Engine, ai: str) -> dict[tuple[str, str], Any]:
    """What the AI's look-ahead queries say of each event, each worked out afresh (no copy kept)."""
    out: dict[tuple[str, str], Any] = {}
    for card in HIDDEN_TOUCHING:
        for name in QUERIES:
            engine.lookahead_cache.clear()
            out[name, card] = getattr(lookahead_queries, name)(engine, ai, card)
    return out


def test_the_ai_looks_ahead_without_seeing_your_deck_or_the_draw_pile() -> None:
    """At each of your first action rounds of a few solo games, the AI's look-ahead queries on the events
    that touch hidden cards give the same values however your deck/hand and the draw pile really lie.
    (They did not: your two top cards decided whether Blockade had an effect, and so whether the AI
    headlined it.)"""
    ir = compiled_ir("solo-v2")
    compared = 0

    class Looking:
        def __init__(self) -> None:
            self.greedy = GreedyPlayer(5)
            self.engine: Any = None
            self.rounds = 0

        def decide(self, decision: Decision) -> Any:
            self.greedy.engine = engine = self.engine
            if decision.name == "action_card" and self.rounds < 4:
                nonlocal compared
                self.rounds += 1
                state = engine.state
                seen = _looked_ahead(engine, "ussr")
                real_hand = list(state.hands["us"])
                for n in range(2):
                    rng = random.Random(n)
                    with _dealt_otherwise(engine, lambda s, rng=rng: _rearranged_for_the_ai(s, "us", rng)):
                        assert state.hands["us"] != real_hand  # (really elsewhere)
                        assert _looked_ahead(engine, "ussr") == seen, (state.turn, state.action_round)
                    compared += 1
            return self.greedy.decide(decision)

    for seed in (0, 1):
        human, ai = Looking(), RulesAIPlayer()
        engine = new_engine(ir, {"us": human, "ussr": ai}, seed=seed)
        human.engine = ai.engine = engine
        engine.run()
    assert compared >= 8


class _Stopped(Exception):
    pass


def _said(event: dict[str, Any]) -> dict[str, Any]:
    """A traced event without its place in the trace."""
    return {k: v for k, v in event.items() if k != "n"}


class _HeadlineOnly:
    """Your side in a copy: the rest of your headline (which card goes under your deck/hand) answered by
    the first option, and the copy stopped at your next question of any other kind."""

    def decide(self, decision: Decision) -> Any:
        if decision.name.startswith("headline"):
            return decision.options[0]
        raise _Stopped


def test_the_ais_headline_is_the_same_however_your_deck_and_the_draw_pile_lie() -> None:
    """The AI's own decision: your headline chosen (seed 5: the AI's top card is Blockade, whose effect
    hangs on the two cards on top of your deck/hand), the AI turns its cards over for its headline. Played
    on in copies of the game with your deck/hand (but for the three cards offered you) and the draw pile
    dealt otherwise, it headlines the same card for the same reasons. (It did not: with the real cards it
    passed Blockade over for Warsaw Pact Formed, with others it headlined Blockade.)"""
    ir = compiled_ir("solo-v2")
    found: list[list[Any]] = []

    class Headlining:
        def __init__(self) -> None:
            self.random = RandomPlayer(11)
            self.engine: Any = None

        def decide(self, decision: Decision) -> Any:
            engine = self.engine
            if decision.name != "headline_card":
                return self.random.decide(decision)
            answer = decision.options[0]
            for n in range(4):
                ai = RulesAIPlayer()
                twin = engine.clone(players={"us": _HeadlineOnly(), "ussr": ai})
                ai.engine = twin
                state = twin.state
                if n:
                    offered, hand = set(decision.options), state.hands["us"]
                    rest = [(hand, i) for i, c in enumerate(hand) if c not in offered]
                    rest += [(state.draw_pile, i) for i in range(len(state.draw_pile))]
                    cards = [pile[i] for pile, i in rest]
                    random.Random(n).shuffle(cards)
                    for (pile, i), card in zip(rest, cards, strict=True):
                        pile[i] = card
                with contextlib.suppress(_Stopped):
                    twin.resume(answer)
                after = twin.events[len(engine.events) :]
                found.append([_said(e) for e in after if e["kind"].startswith("ai_")])
            raise StopHere

    human, ai = Headlining(), RulesAIPlayer()
    engine = new_engine(ir, {"us": human, "ussr": ai}, seed=5, settings={"ai_side": "ussr"})
    engine.track = engine.track_after = True
    human.engine = ai.engine = engine
    with contextlib.suppress(StopHere):
        engine.run()
    assert len(found) == 4 and any(e.get("what") == "headline" for e in found[0]), found[0]
    assert all(seen == found[0] for seen in found)


def test_an_event_with_no_effect_still_has_none_in_the_copy_dealt_anew() -> None:
    """The look-ahead's copy begins with your deck/hand and the draw pile dealt anew: that dealing is no
    effect of the event. Fidel with Cuba already the USSR's and none of your influence there changes
    nothing; Terrorism, which takes a card of your deck/hand, changes something whichever card it is."""
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        state = engine.state
        before = state.influence["cuba"]
        # (a country's influence is a value replaced when it changes, never changed in place)
        state.influence["cuba"] = {"us": 0, "ussr": 3}
        try:
            engine.lookahead_cache.clear()
            found["fidel"] = lookahead_queries.event_has_effect(engine, "ussr", "fidel")
            engine.lookahead_cache.clear()
            found["terrorism"] = lookahead_queries.event_has_effect(engine, "ussr", "terrorism")
        finally:
            state.influence["cuba"] = before

    human = GreedyUntil(lambda d: d.name == "action_card", act)
    ai = RulesAIPlayer()
    engine = new_engine(compiled_ir("solo-v2"), {"us": human, "ussr": ai}, seed=2)
    human.engine = ai.engine = engine
    with contextlib.suppress(StopHere):
        engine.run()
    assert found == {"fidel": False, "terrorism": True}


def _missile_envy_at_defcon_2(seed: int, act: Any) -> None:
    """A solo game (you the US) steered to your Missile Envy played at DEFCON 2, with Duck and Cover (your
    event, which lowers DEFCON) the AI's one card worth 3 operations; `act(engine, decision)` runs at the
    question of how the card is played."""
    ir = compiled_ir("solo-v2")
    cards = ir["cards"]

    def take_out(state: GameState, card: str) -> None:
        for pile in (state.draw_pile, state.discard, state.removed, state.hands["us"], state.hands["ussr"]):
            if card in pile:
                pile.remove(card)

    class Steered:
        def __init__(self) -> None:
            self.greedy = GreedyPlayer(1)
            self.engine: Any = None
            self.set_up = False

        def decide(self, decision: Decision) -> Any:
            self.greedy.engine = engine = self.engine
            state = engine.state
            if decision.name == "headline_card" and not self.set_up:
                self.set_up = True
                for card in ("missile_envy", "duck_and_cover"):
                    take_out(state, card)
                state.hands["us"].insert(3, "missile_envy")  # (under the three offered for the headline)
                low = [c for c in state.draw_pile if cards[c].get("ops", 0) <= 2][:6]
                for card in low:
                    state.draw_pile.remove(card)
                state.draw_pile.extend(state.hands["ussr"])
                state.hands["ussr"][:] = [*low[:2], "duck_and_cover", *low[2:]]
            if decision.name == "action_card" and "missile_envy" in decision.options:
                state.defcon = 2
                return "missile_envy"
            if decision.name == "play_mode" and decision.context.get("card") == "missile_envy":
                act(engine, decision)
                raise StopHere
            return self.greedy.decide(decision)

    human, ai = Steered(), RulesAIPlayer()
    engine = new_engine(ir, {"us": human, "ussr": ai}, seed=seed)
    engine.track = engine.track_after = True  # (the check copies the game at the question)
    human.engine = ai.engine = engine
    with pytest.raises(StopHere):
        engine.run()


def test_the_war_warning_does_not_read_the_ais_real_deck() -> None:
    """Missile Envy's event takes the AI's strongest card and plays it when it is your event: with Duck and
    Cover there, at DEFCON 2, that is the war. Whether the screen and the hint warn of the event must not
    depend on which card the AI really holds: the same answers are said to lose at once with Duck and
    Cover in the AI's deck/hand or in the draw pile. (They were not: the check's copy held the AI's real
    cards, and warned of the event only when Duck and Cover was there.)"""
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        state = engine.state
        found["real"] = loses_at_once(engine, decision)
        hand = state.hands["ussr"]
        i = hand.index("duck_and_cover")
        j = next(k for k, c in enumerate(state.draw_pile) if engine.ir["cards"][c].get("ops", 0) <= 2)
        hand[i], state.draw_pile[j] = state.draw_pile[j], hand[i]
        found["swapped"] = loses_at_once(engine, decision)
        found["options"] = list(decision.options)

    _missile_envy_at_defcon_2(1, act)
    assert "event" in found["options"]
    assert found["real"] == found["swapped"]
    assert "event" not in found["real"]  # (the AI's deck/hand dealt anew hardly ever makes it the war)


def test_the_search_at_defcon_2_keeps_the_same_answers_whatever_the_ais_deck() -> None:
    """The search drops the answers that lose at once before its rollout player answers (a question it
    does not weigh): the answers it keeps are the same whatever the AI really holds."""
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        kept = []
        for swap in (False, True):
            if swap:
                state = engine.state
                hand = state.hands["ussr"]
                i = hand.index("duck_and_cover")
                hand[i], state.draw_pile[0] = state.draw_pile[0], hand[i]
            player = SearchPlayer(3)
            player.engine = engine
            kept.append(player._not_losing_at_once(engine, decision).options)
        found["kept"] = kept

    _missile_envy_at_defcon_2(1, act)
    first, second = found["kept"]
    assert first == second


def test_the_plans_of_a_cards_influence_do_not_read_the_hidden_cards_or_the_dice() -> None:
    """The plans offered for a card's points (each played to its end in a copy of the game) are the same
    when the cards you cannot see are dealt otherwise and the dice reseeded: a placement reads the board
    only. (Checked: no leak.)"""
    compared = 0

    def first_points(engine: Engine, decision: Decision) -> bool:
        shown = decision.context
        return decision.name == "influence_target" and bool(shown.get("points_left") == shown.get("points"))

    class Planning:
        def __init__(self) -> None:
            self.greedy = GreedyPlayer(4)
            self.engine: Any = None

        def decide(self, decision: Decision) -> Any:
            nonlocal compared
            self.greedy.engine = engine = self.engine
            if first_points(engine, decision) and compared < 4:
                plans = []
                for n in range(2):

                    def deal(state: GameState, n: int = n) -> None:
                        if n:
                            determinize(state, engine.ir, "us", set(decision.options), random.Random(n))
                            engine.dice = Dice(1000 + n)

                    with _dealt_otherwise(engine, deal):
                        search = SearchPlayer(8)
                        search.engine = engine
                        asked = search._plans_question(engine, decision, "plans", 8)
                        plans.append(None if asked is None else [(str(p), p.board) for p in asked.options])
                assert plans[0] == plans[1]
                compared += plans[0] is not None
            return self.greedy.decide(decision)

    ir = compiled_ir("solo-v2")
    for seed in (3, 4, 5):
        human, ai = Planning(), RulesAIPlayer()
        engine = new_engine(ir, {"us": human, "ussr": ai}, seed=seed)
        engine.track = engine.track_after = True
        human.engine = ai.engine = engine
        engine.run()
        if compared >= 4:
            break
    assert compared >= 2


def _standard_until(side: str, where: Any, act: Any, seed: int) -> None:
    ir = compiled_ir("standard")
    until = GreedyUntil(where, act)
    other = "ussr" if side == "us" else "us"
    engine = new_engine(ir, {side: until, other: GreedyPlayer(seed)}, seed=seed)
    engine.track = engine.track_after = True
    until.engine = engine
    engine.players[other].engine = engine
    with contextlib.suppress(StopHere):
        engine.run()


def test_the_computer_opponent_and_the_hint_never_read_the_persons_hand_or_the_draw_pile() -> None:
    """The computer of the standard game (cli/session/computer.py) and the hint's advice answer from
    playouts dealt anew: the person's hand and the draw pile dealt otherwise, and the dice reseeded, give
    the same answer and the same scores. (Checked: no leak.)"""
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        seen = []
        real_hand = list(engine.state.hands["us"])
        for n in range(2):

            def deal(state: GameState, n: int = n) -> None:
                if n:
                    # (the computer's own hand stays: it holds it)
                    determinize(state, engine.ir, "ussr", set(state.hands["ussr"]), random.Random(5))
                    assert state.hands["us"] != real_hand
                    engine.dice = Dice(777)

            with _dealt_otherwise(engine, deal):
                seen.append(_computer_and_hint(engine, decision))
        found["seen"] = seen

    _standard_until("ussr", lambda d: d.name == "action_card" and len(d.options) > 1, act, seed=6)
    first, second = found["seen"]
    assert first[1], "the computer searched the question"
    assert first == second


def _computer_and_hint(engine: Engine, decision: Decision) -> Any:
    """The computer's answer and the scores it weighed, and the hint's rated answers, at the question."""
    computer = ComputerOpponent(None, SearchPlayer(21, playouts=2 * len(decision.options), horizon=1))
    computer.engine = engine
    answer = computer.decide(decision)
    choice = computer.choices[-1]
    hint = SearchPlayer(22)
    hint.engine = engine
    advice = hint.advise(decision, None, playouts=2 * len(decision.options))
    assert advice is not None
    rated = [(str(r.option), round(r.mean, 6)) for r in advice.ranked]
    return answer, [(str(o), round(m, 6)) for o, m in choice.weighed], rated
