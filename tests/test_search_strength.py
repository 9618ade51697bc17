"""The search's strength rules (runtime/players/search.py): it never starts the war itself when another
answer is open, even when every answer looks lost; the turn's military operations check counts in a
position cut at the horizon; the playouts spared by a decision whose answers all score alike go to the
next decisions, and the games stay reproducible for a seed."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.runtime.core.decisions import Decision, GreedyPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives.effects import add_influence
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.core.state import PRIMARY_REGION_VARIABLE, SECONDARY_REGION_VARIABLE
from twilight.runtime.game import new_engine
from twilight.runtime.players import search
from twilight.runtime.players.rollout import RolloutPlayer
from twilight.runtime.players.search import SearchPlayer, playout_value
from twilight.runtime.solo.ai import RulesAIPlayer

from tests.helpers import StopHere, compiled_ir, play_solo_until, play_solo_until_stopped


def _play_to_card(card: str, act: Any, seed: int) -> None:
    """The US greedy until it is asked how to play `card`; there `act` runs and the game stops. The game
    keeps its place as records: the search copies it at its decisions."""
    play_solo_until(lambda d: d.name == "play_mode" and d.context.get("card") == card, act, seed, track=True)


def test_the_search_never_starts_the_war_even_when_every_answer_looks_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Duck and Cover's event at DEFCON 2 brings DEFCON to 1 and loses the game for the US at once. With
    every playout scored as lost (a game past saving), the search used to take the first answer, the
    event; now it takes the best answer that does not lose at once."""
    answers: list[Any] = []

    def act(engine: Engine, decision: Decision) -> None:
        assert "event" in decision.options and decision.options[0] == "event"
        engine.state.defcon = 2
        monkeypatch.setattr(search, "playout_value", lambda twin, human: 0.0)
        for halving in (False, True):
            player = SearchPlayer(3, playouts=2 * len(decision.options), horizon=1, halving=halving)
            player.engine = engine
            answers.append(player.decide(decision))

    _play_to_card("duck_and_cover", act, seed=1)
    assert len(answers) == 2
    assert "event" not in answers


def test_a_military_operations_shortfall_counts_before_the_turn_ends() -> None:
    """A position cut at the horizon late in a turn: the side short of military operations will give
    VP at the turn's end, and the position is worth less to it than the same one with the shortfall
    made up."""
    found: dict[str, float] = {}

    def act(engine: Engine, decision: Decision) -> None:
        state = engine.state
        state.defcon = 4
        state.milops = {US: 0, USSR: 4}
        found["short"] = playout_value(engine, US)
        state.milops = {US: 4, USSR: 4}
        found["made_up"] = playout_value(engine, US)
        state.milops = {US: 4, USSR: 0}
        found["ai_short"] = playout_value(engine, US)

    _play_to_card("duck_and_cover", act, seed=1)
    assert found["short"] < found["made_up"] < found["ai_short"]


def test_the_whole_board_counts_as_the_final_scoring_nears() -> None:
    """A battleground taken outside the regions a round names (Asia's Japan, Asia neither Primary nor
    Secondary here) changes nothing a position is scored by in the middle of the game; in the last turn,
    where the final scoring will score every region, it is worth nearly its VP, and the turn before less.
    (Before, the final scoring counted only once a playout reached it: the US human lost every one of
    17 games of a 100-game run that ended there.)"""
    found: dict[int, tuple[float, float]] = {}

    def act(engine: Engine, decision: Decision) -> None:
        state = engine.state
        state.vars.update({PRIMARY_REGION_VARIABLE: "europe", SECONDARY_REGION_VARIABLE: "middle_east"})
        # (an even game: a side near its 20 VP is scored near a win or a loss whatever Japan is worth)
        state.vp = 0
        for turn in (5, 9, 10):
            state.turn = turn
            before = playout_value(engine, US)
            add_influence(engine, US, "japan", 4)
            found[turn] = (before, playout_value(engine, US))
            add_influence(engine, US, "japan", -4)

    _play_to_card("duck_and_cover", act, seed=1)
    gain = {turn: after - before for turn, (before, after) in found.items()}
    assert gain[5] == 0 < gain[9] < gain[10]


def _halving_game(seed: int) -> tuple[Any, ...]:
    from twilight.runtime.solo.ai import players_with_ai

    ir = compiled_ir("solo-v2")
    player = SearchPlayer(seed, playouts=6, horizon=1, halving=True)
    engine = new_engine(ir, {}, seed=seed, settings={"level": "normal", "ai_side": USSR})
    players, ai = players_with_ai(ir, engine.state.settings, {US: player})
    engine.players = players
    assert ai is not None
    ai.engine = player.engine = engine
    engine.track = engine.track_after = True
    state = engine.run()
    return state.winner, state.end_reason, state.vp, state.turn, state.digest(), player.playouts_run


def test_the_halving_search_plays_the_same_game_for_a_seed() -> None:
    assert _halving_game(4) == _halving_game(4)


def test_the_search_remembers_its_own_cards_offered_and_not_played() -> None:
    """Solo-v2 offers the human the top two cards of its deck/hand; the one not played goes to the
    bottom, where the human knows it is. At the next question (how to play the card taken) that card is
    known, not dealt anew in the playouts; the one played is not in the hand any more."""
    ir = compiled_ir("solo-v2")
    found: dict[str, Any] = {}

    class Human:
        def __init__(self) -> None:
            self.search = SearchPlayer(2, playouts=4, horizon=1)
            self.greedy = GreedyPlayer(5)
            self.engine: Any = None

        def decide(self, decision: Decision) -> Any:
            self.search.engine = self.greedy.engine = self.engine
            cards = [o for o in decision.options if o in ir["cards"] and o != "the_china_card"]
            if "offered" not in found and decision.name == "action_card" and len(cards) >= 2:
                self.search._known_cards(decision)
                found["offered"] = cards
                return cards[0]
            if "offered" in found:
                found["known"] = self.search._known_cards(decision)
                found["held"] = list(self.engine.state.hands[US])
                raise StopHere
            return self.greedy.decide(decision)

    human = Human()
    ai = RulesAIPlayer()
    engine = new_engine(ir, {US: human, USSR: ai}, seed=1)
    human.engine = ai.engine = engine
    with pytest.raises(StopHere):
        engine.run()
    played, kept = found["offered"][0], found["offered"][1]
    assert kept in found["held"] and kept in found["known"]
    assert played not in found["known"]


def test_no_gamble_on_the_war_head_to_head() -> None:
    """Standard game 8 of `simulate --players us=search,ussr=greedy --seed 2026 --playouts 16 --horizon 2`:
    at DEFCON 2 the search used to play Summit for its event; the greedy USSR won the roll and degraded
    DEFCON, and the US lost to DEFCON 1 on turn 4. The playouts never saw that risk (the greedy model
    drew the same choice in every playout); now they draw anew per playout, an answer that lost a
    playout to DEFCON 1 within its own round is not taken while another risked none, and the game is
    not lost to the war."""
    from twilight.cli import simulate_cmd

    ir = compiled_ir("standard")
    seed = simulate_cmd.game_seed(2026, 8)
    simulate_cmd._init_worker(
        ir, None, False, {}, "us=search,ussr=greedy", None, {"playouts": 16, "horizon": 2}
    )
    players = simulate_cmd.game_players(seed, "us=search,ussr=greedy")
    engine = new_engine(ir, players, seed=seed)
    for player in players.values():
        player.engine = engine
    engine.track = engine.track_after = True
    state = engine.run()
    assert not (state.end_reason == "defcon_1" and state.winner == USSR)


class _UssrAtOrtega:
    """The USSR side of a solo game against the AI as the US: greedy until its first action round, where
    it plays Ortega Elected in Nicaragua (put in its hand at the headline) for its event at DEFCON 2, the
    US having influence in Costa Rica and Cuba (Nicaragua's neighbours; Cuba is a battleground); at the
    event's free coup, `act` answers and the game stops."""

    def __init__(self, act: Any) -> None:
        self.act = act
        self.greedy = GreedyPlayer(5)
        self.engine: Any = None

    def decide(self, decision: Decision) -> Any:
        engine = self.engine
        self.greedy.engine = engine
        if decision.name == "headline_card" and ORTEGA not in engine.state.hands[USSR]:
            engine.state.hands[USSR].append(ORTEGA)
        if decision.name == "action_card" and ORTEGA in decision.options:
            return ORTEGA
        if decision.name == "play_mode" and decision.context.get("card") == ORTEGA:
            for country in ("costa_rica", "cuba"):
                add_influence(engine, US, country, 2)
            engine.state.defcon = 2
            return "event"
        if decision.name == "ortega_coup_target":
            self.act(engine, decision)
            raise StopHere
        return self.greedy.decide(decision)


ORTEGA = "ortega_elected_in_nicaragua"


class _LastPick:
    """A fallback that takes the last option alone (Cuba, here): what the heuristic may well do."""

    engine: Any = None

    def decide(self, decision: Decision) -> Any:
        return [decision.options[-1]]


def test_a_free_coup_of_several_picks_is_not_made_where_it_starts_the_war() -> None:
    """Ortega's free coup is a question of up to one pick, which the search answers by its heuristic. At
    DEFCON 2 a coup in Cuba (a battleground) brings DEFCON to 1 and the USSR loses at once: game 67 of
    seed 2026's 400 (the human as the USSR) was lost that way with Costa Rica open. The answers that lose
    at once are now left out of such questions too."""
    answers: list[Any] = []

    def act(engine: Engine, decision: Decision) -> None:
        assert not decision.single and decision.options == ["costa_rica", "cuba"]
        player = SearchPlayer(3, playouts=4, horizon=1)
        player.engine = engine
        player.fallback = _LastPick()
        answers.append(player.decide(decision))

    ir = compiled_ir("solo-v2")
    human = _UssrAtOrtega(act)
    ai = RulesAIPlayer()
    engine = new_engine(ir, {US: ai, USSR: human}, seed=4, settings={"ai_side": US})
    engine.track = engine.track_after = True
    human.engine = ai.engine = engine
    with pytest.raises(StopHere):
        engine.run()
    assert answers == [["costa_rica"]]


def test_a_question_of_several_picks_asks_for_no_more_than_the_answers_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ask Not What Your Country Can Do For You at DEFCON 2: discard up to two of the cards held, one of
    which loses the game at once picked alone. The question left has one card and asks for at most one:
    before, it still asked for up to two, the heuristic drew two of the one card, and the game stopped
    with an error (turn 10 of a 100-game run of seed 2026, game 61)."""
    engine = new_engine(compiled_ir("solo-v2"), {}, seed=3)
    engine.track = True
    engine.state.defcon = 2
    player = SearchPlayer(3)
    player.engine = engine
    losing = "pershing_ii_deployed"
    monkeypatch.setattr(player, "answer_loses_at_once", lambda engine, decision, k, option: option == losing)
    asked = Decision("ask_not_discard", US, [losing, "grain_sales_to_soviets"], min_count=0, max_count=2)
    kept = player._not_losing_at_once(engine, asked)
    assert kept.options == ["grain_sales_to_soviets"] and (kept.min_count, kept.max_count) == (0, 1)
    for seed in range(40):
        heuristic = RolloutPlayer(seed)
        heuristic.engine = engine
        answer = heuristic.decide(kept)
        assert asked.check(answer) is None and losing not in answer


def test_the_rollout_player_sends_the_opponents_event_to_space_at_defcon_2() -> None:
    """In a playout the search's own player cannot try an event first: at DEFCON 2 it sends a card that
    carries the opponent's event to the Space Race when it may (game 236 of the same run was lost when
    Duck and Cover, the US's event, was kept for the last round and played for operations). Its own
    event, or DEFCON 3, leaves the greedy choice."""
    ir = compiled_ir("solo-v2")
    engine = new_engine(ir, {US: GreedyPlayer(1), USSR: GreedyPlayer(2)}, seed=1)
    player = RolloutPlayer(7)
    player.engine = engine
    modes = ["event", "influence", "coup", "realign", "space"]

    def asked(card: str) -> Decision:
        return Decision("play_mode", USSR, modes, context={"card": card})

    engine.state.defcon = 2
    assert player.decide(asked("duck_and_cover")) == "space"
    assert player.decide(asked("ortega_elected_in_nicaragua")) == "influence"  # its own event
    engine.state.defcon = 3
    assert player.decide(asked("duck_and_cover")) == "influence"


def _coup_at_defcon_2(open_to_coup: set[str], max_candidates: int) -> dict[str, Any]:
    """The US asked how to play Suez Crisis (the USSR's event), set at DEFCON 2 with Central and South
    America the round's regions and the USSR's influence only in `open_to_coup` (battlegrounds: a coup
    there brings DEFCON to 1): what the search's at-once check makes of "coup" and "influence", the
    question without the answers that lose at once, and the board after the checks."""
    found: dict[str, Any] = {}

    def act(engine: Engine, decision: Decision) -> None:
        state = engine.state
        assert "coup" in decision.options and "influence" in decision.options
        state.defcon = 2
        state.vars["primary_region"] = "central_america"
        state.vars["secondary_region"] = "south_america"
        for country, influence in state.influence.items():
            influence[USSR] = 3 if country in open_to_coup else 0
        player = SearchPlayer(3, playouts=4, horizon=1, max_candidates=max_candidates)
        player.engine = engine
        for answer in ("coup", "influence"):
            found[answer] = player.answer_loses_at_once(
                engine, decision, decision.options.index(answer), answer
            )
        found["kept"] = player._not_losing_at_once(engine, decision).options
        found["board"] = {c: dict(state.influence[c]) for c in open_to_coup}

    play_solo_until(
        lambda d: d.name == "play_mode" and "coup" in d.options and "influence" in d.options,
        act,
        seed=1,
        track=True,
    )
    return found


def test_an_answer_whose_every_next_answer_loses_at_once_is_left_out() -> None:
    """Game 38 of seed 2026's 400 (the human as the US) was lost when Junta's follow-up was answered
    "coup" under the Cuban Missile Crisis: the coup itself was asked for at the next question, where every
    target ended the game, and the check looked only up to that question. Here the same shape at DEFCON 2:
    Suez Crisis (the USSR's event) played for a coup by the US when the only country open to one is a
    battleground (its coup brings DEFCON to 1). "coup" stops at whether the event comes first, each answer
    of which stops at the target, every one of which loses: so it loses at once; influence does not."""
    found = _coup_at_defcon_2({"panama"}, max_candidates=8)
    assert found["coup"] is True and found["influence"] is False
    assert "coup" not in found["kept"] and "influence" in found["kept"]
    assert found["board"]["panama"][USSR] == 3, "the checks leave the game as it was"


def test_a_question_with_many_answers_is_followed_by_the_rollout_players_answer() -> None:
    """Game 100 of the 400-game cell of the human as the USSR (seed 69615602473572): at DEFCON 2 the search
    played KAL 007 (the US's event) for influence, operations first: its points of influence were placed,
    then the event brought DEFCON to 1. The question of the points has more answers than the at-once check
    tries one by one, so the check stopped there. Now it follows such a question by the rollout player's
    answer. Here: the same coup setting as above, with three battlegrounds open to the coup and a search
    that tries at most two answers of a question: "coup" is still found to lose at once."""
    found = _coup_at_defcon_2({"panama", "cuba", "mexico"}, max_candidates=2)
    assert found["coup"] is True and found["influence"] is False


def _search_at_a_wide_coup(max_candidates: int) -> dict[str, Any]:
    """The US played by the greedy heuristic until it may play a card for a coup; there the USSR is given
    a point of influence in countries of the round's regions where neither side has any, until it holds
    some in 12 of them (a coup may take each), and the card goes to a coup; at the question of its target
    (more than 8 countries) a search that weighs up to `max_candidates` answers picks one. What it
    answered, the answers it rated, and the countries offered."""
    found: dict[str, Any] = {}
    greedy = GreedyPlayer(5)

    class CoupEverywhere:
        engine: Any = None

        def decide(self, decision: Decision) -> Any:
            engine = greedy.engine = self.engine
            state = engine.state
            if decision.name == "play_mode" and "coup" in decision.options and state.turn >= 2:
                regions = {state.vars[PRIMARY_REGION_VARIABLE], state.vars.get(SECONDARY_REGION_VARIABLE)}
                inside = [c for c, info in engine.ir["map"]["countries"].items() if info["region"] in regions]
                held = sum(1 for c in inside if state.influence[c][USSR])
                for country in inside:
                    influence = state.influence[country]
                    if held < 12 and not influence[US] and not influence[USSR]:
                        add_influence(engine, USSR, country, 1)
                        held += 1
                return "coup"
            if decision.name == "coup_target":
                player = SearchPlayer(3, playouts=4, horizon=1, max_candidates=max_candidates)
                player.engine = engine
                found["answer"] = player.decide(decision)
                found["rated"] = dict(player.last_values)
                found["offered"] = list(decision.options)
                raise StopHere
            return greedy.decide(decision)

    play_solo_until_stopped(CoupEverywhere(), seed=1, track=True)
    return found


def test_a_coup_with_many_targets_is_searched_not_left_to_the_rollout_player() -> None:
    """A coup or a realignment may offer 9 to 16 countries; with at most 8 answers searched, the rollout
    player's pick decided every such question (about 4 a game as the USSR). The search now weighs up to 16
    answers: each target of the coup is rated by its playouts; with `max_candidates=8` the question still
    goes to the rollout player, which rates nothing."""
    found = _search_at_a_wide_coup(search.DEFAULT_MAX_CANDIDATES)
    assert 8 < len(found["offered"]) <= search.DEFAULT_MAX_CANDIDATES
    assert set(found["rated"]) == {str(c) for c in found["offered"]}
    best = max(found["rated"].values())
    assert found["rated"][str(found["answer"])] == best
    narrow = _search_at_a_wide_coup(8)
    assert narrow["rated"] == {} and narrow["answer"] in narrow["offered"]
