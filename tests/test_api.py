"""The game API (twilight.api): a state stepped one action at a time, chance explicit, copies that go on
by themselves, what each player may know, and the way back from text."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from twilight.api import Game, GameError, State
from twilight.api.state import CHANCE, TERMINAL
from twilight.api.vocabulary import DONE
from twilight.runtime.core.decisions import ScriptedPlayer
from twilight.runtime.core.dice import ChanceDice
from twilight.runtime.core.engine import Engine
from twilight.runtime.solo.ai import RulesAIPlayer

GAMES = {
    "solo-us": ("solo-v2", {"ai_side": "ussr"}),
    "solo-ussr": ("solo-v2", {"ai_side": "us"}),
    "standard": ("standard", {}),
}


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return {name: Game(ruleset, settings) for name, (ruleset, settings) in GAMES.items()}


def random_game(game: Game, seed: int, until: int | None = None) -> tuple[State, list[int]]:
    """A game played by uniform actions (no coup at DEFCON 2 or less, so that games last), chance drawn
    uniformly; the chance outcomes in order. `until`: stop after that many actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    outcomes: list[int] = []
    coup = game.vocabulary.action("coup")
    while not state.is_terminal() and (until is None or len(state.history()) < until):
        if state.is_chance_node():
            outcome = rng.choice([o for o, _ in state.chance_outcomes()])
            outcomes.append(outcome)
            state.apply_action(outcome)
            continue
        actions = state.legal_actions()
        if state.engine.state.defcon <= 2 and coup in actions and len(actions) > 1:
            actions.remove(coup)
        state.apply_action(rng.choice(actions))
    return state, outcomes


def mid_game(game: Game, until: int) -> State:
    """The first uniform game still going after `until` actions, there."""
    for seed in range(100):
        state, _ = random_game(game, seed, until)
        if not state.is_terminal():
            return state
    raise AssertionError("no game lasted")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_of_actions_is_the_game_the_engine_plays(games: dict[str, Game], name: str) -> None:
    """Games played action by action, each answer and chance outcome on its own, trace what one engine
    traces playing them straight through (the same answers, the same dice): stopping at every decision
    and chance event changes nothing."""
    game = games[name]
    for seed in range(3):
        state, outcomes = random_game(game, seed)
        assert state.is_terminal() and state.current_player() == TERMINAL
        assert state.returns() in ([1.0] * game.num_players(), [-1.0] * game.num_players()) or (
            sorted(state.returns()) in ([-1.0, 1.0], [0.0] * game.num_players())
        )
        answers = state.engine.answers
        people = {side: ScriptedPlayer([a for s, a in answers if s == side]) for side in game.sides}
        straight = Engine(game.ir, people, settings=game.settings, program=game.program, track=False)
        if game.ai_side is not None:
            ai = RulesAIPlayer()
            straight.players[game.ai_side] = ai
            ai.engine = straight
        straight.dice = ChanceDice(outcomes)
        straight.run()
        assert straight.events == state.engine.events
        assert straight.dice.used == len(outcomes)  # (every outcome given was wanted)


@pytest.mark.parametrize("name", GAMES)
def test_every_question_is_asked_in_actions(games: dict[str, Game], name: str) -> None:
    """Uniform games meet every kind of question (multi-picks, numbers, yes/no): each option is one of
    the game's actions, the legal actions are sorted and each is named in both languages."""
    game = games[name]
    for seed in range(3, 8):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == sorted(actions) and actions
            if len(state.history()) % 7 == 0:  # (apply_action's own test of an action agrees, at a sample)
                legal = set(actions)
                assert all(
                    state._legal(a) == (a in legal) for a in range(-1, game.num_distinct_actions() + 1)
                )
            player = state.current_player()
            action = rng.choice(actions)
            for lang in ("en", "ru"):
                said = state.action_to_string(player, action, lang)
                assert said and "api-" not in said and "option-" not in said
            state.apply_action(action)


def test_a_pick_of_several_is_a_sequence_of_picks_then_done(games: dict[str, Game]) -> None:
    game = games["solo-us"]
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and seen < 3:
            decision = state.decision()
            if decision is not None and not decision.single and len(decision.options) > 1:
                seen += 1
                numbers = [game.vocabulary.action(o) for o in decision.options]
                assert (DONE in state.legal_actions()) == (decision.min_count == 0)
                picked: list[Any] = []
                before = len(state.engine.answers)
                while len(state.engine.answers) == before:
                    choices = [a for a in state.legal_actions() if a != DONE]
                    if len(picked) >= decision.min_count and DONE in state.legal_actions() and not choices:
                        state.apply_action(DONE)
                        break
                    action = rng.choice(choices)
                    assert action in numbers
                    if decision.distinct:
                        assert game.vocabulary.answer(action) not in picked
                    picked.append(game.vocabulary.answer(action))
                    state.apply_action(action)
                    if len(state.engine.answers) == before and len(picked) >= decision.min_count:
                        assert DONE in state.legal_actions()
                        state.apply_action(DONE)
                side, answer = state.engine.answers[before]
                assert side == decision.side and answer == picked
                continue
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
        if seen >= 3:
            break
    assert seen >= 3


def test_a_copy_goes_on_by_itself_and_leaves_the_state_alone(games: dict[str, Game]) -> None:
    game = games["standard"]
    state = mid_game(game, 300)
    before = (state.history(), state.serialize(), state.information_state_string(0), str(state))
    twin = state.clone()
    rng = random.Random(2)
    for _ in range(200):
        if twin.is_terminal():
            break
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert (state.history(), state.serialize(), state.information_state_string(0), str(state)) == before
    assert twin.history()[: len(before[0])] == before[0] and len(twin.history()) > len(before[0])
    # The copy's later actions, taken by the state itself, lead where they led the copy.
    for action in twin.history()[len(before[0]) :]:
        state.apply_action(action)
    assert state.engine.events == twin.engine.events


def test_an_illegal_action_changes_nothing(games: dict[str, Game]) -> None:
    state = mid_game(games["solo-us"], 60)
    while state.is_chance_node():
        state.apply_action(0)
    history = state.history()
    illegal = next(
        a for a in range(games["solo-us"].num_distinct_actions()) if a not in state.legal_actions()
    )
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(illegal)
    for garbage in ("coup", 2.5, None, True, -1, 10**12):
        with pytest.raises(ValueError):
            state.apply_action(garbage)  # type: ignore[arg-type]
    assert state.history() == history
    fresh = games["solo-us"].new_initial_state()
    one = next(a for a in fresh.legal_actions() if a == 1)  # (True is the number 1 to `operator.index`)
    with pytest.raises(ValueError, match="whole number, not True"):
        fresh.apply_action(True)
    assert fresh.history() == [] and one in fresh.legal_actions()
    import numpy as np  # (an environment's actions are NumPy integers)

    state.apply_action(np.int64(state.legal_actions()[0]))
    assert state.history() == [*history, state.history()[-1]] and type(state.history()[-1]) is int


def test_chance_is_a_player_with_even_outcomes(games: dict[str, Game]) -> None:
    game = games["solo-us"]
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == CHANCE  # the deck is shuffled first
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == state.legal_actions()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(CHANCE, 2) == f"Shuffle: place 3 of {len(outcomes)}"
    assert state.action_to_string(CHANCE, 2, "ru") == f"Тасовка: место 3 из {len(outcomes)}"
    # A shuffle's steps follow one another: n, n - 1, ... 2 outcomes.
    sizes = []
    while state.is_chance_node():
        sizes.append(len(state.chance_outcomes()))
        state.apply_action(0)
    assert sizes[: len(outcomes) - 1] == list(range(len(outcomes), 1, -1))


def test_a_die_is_a_chance_event_named_by_its_roll(games: dict[str, Game]) -> None:
    game = games["solo-us"]
    rng = random.Random(3)
    state = game.new_initial_state()
    while not (state.is_chance_node() and len(state.chance_outcomes()) == 6 and state._chance_kind == "die"):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.action_to_string(CHANCE, 3) == "Die: 4"
    state.apply_action(3)
    assert any(e["kind"] == "die" and e["value"] == 4 for e in state.engine.events[-30:])


def test_serialized_and_read_back(games: dict[str, Game]) -> None:
    game = games["solo-us"]
    state = mid_game(game, 250)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.history() == state.history() and again.engine.events == state.engine.events
    bad = [
        "not json",
        json.dumps({"format": 9}),
        json.dumps({**json.loads(text), "ruleset": "standard"}),
        json.dumps({**json.loads(text), "actions": ["x"]}),
        json.dumps({**json.loads(text), "actions": [*json.loads(text)["actions"], 99999]}),
    ]
    for wrong in bad:
        with pytest.raises(GameError):
            game.deserialize_state(wrong)
    # Hostile text is refused in one line, never a RecursionError or a number of thousands of digits.
    for hostile, message in (
        ('{"actions": ' + "[" * 5000, "nested more than"),
        (text.replace('"format":1', '"format":true'), "format"),
        (text.replace('"format":1', '"format":1.0'), "format"),
        (text.replace('"actions":[', '"actions":[' + "1" * 5000 + ","), "digits"),
        (text.replace('"format":', '"format":1,"format":'), "given twice"),
    ):
        with pytest.raises(GameError, match=message):
            game.deserialize_state(hostile)
    import pickle

    assert pickle.loads(pickle.dumps(state)).history() == state.history()


def test_what_a_player_may_know(games: dict[str, Game]) -> None:
    """The US player's information state names no card of the USSR's hand that it cannot see, and no
    answer of the USSR's; its own hand and answers are in it. Hands are secret in the solo game."""
    game = games["standard"]
    state = mid_game(game, 120)
    while state.is_chance_node() or state.current_player() != 0:
        state.apply_action(random.Random(len(state.history())).choice(state.legal_actions()))
    s = state.engine.state
    us_view = state.information_state_string(0)
    public = set(s.discard) | set(s.removed) | set(s.hands["us"])
    shown = {
        c
        for e in state.engine.events
        if isinstance(e.get("cards"), list) and e.get("to") in ("us", None)
        for c in e["cards"]
    }
    shown |= {str(e.get("card")) for e in state.engine.events if e["kind"] in ("play", "event", "discard")}
    shown |= {str(v) for e in state.engine.events if e["kind"] == "headlines" for v in (e["us"], e["ussr"])}
    for card in s.hands["ussr"]:
        if card not in public and card not in shown:
            assert f'"{card}"' not in us_view, card
    lines = [json.loads(line) for line in us_view.splitlines()]
    decisions = [line for line in lines[:-1] if line["kind"] == "decision"]
    assert {d["side"] for d in decisions} == {"us", "ussr"}
    for d in decisions:  # its own answers with what it was offered; the other side's without the answer
        assert ("answer" in d and "offered" in d) if d["side"] == "us" else ("answer" not in d)
    observation = json.loads(state.observation_string(0))
    assert observation["hand"] == s.hands["us"] and observation["other_hand"] == len(s.hands["ussr"])
    assert "asked" in observation and observation["asked"]["options"] == state.decision().options
    assert len(state.observation_tensor(0)) == len(state.observation_tensor(1))
    solo = mid_game(games["solo-us"], 120)
    solo_lines = [json.loads(line) for line in solo.information_state_string(0).splitlines()]
    hidden = [e for e in solo_lines[:-1] if e["kind"] == "zone" and e["zone"] == "scoring_deck"]
    assert hidden and not any("card" in e for e in hidden)  # (the scoring deck lies face down)
    assert isinstance(solo_lines[-1]["zones"]["scoring_deck"], int)
    assert isinstance(json.loads(solo.observation_string(0))["hand"], int)
    assert not any(
        line.startswith('{"') and '"kind":"ai_' in line
        for line in solo.information_state_string(0).splitlines()
    )


def test_a_game_that_cannot_be_made_says_why() -> None:
    with pytest.raises(GameError, match="neither a known ruleset"):
        Game("no-such-ruleset")
    with pytest.raises(GameError, match="not a setting"):
        Game("solo-v2", {"colour": "red"})
    with pytest.raises(GameError, match="level"):
        Game("solo-v2", {"level": "impossible"})
    with pytest.raises(GameError, match="language"):
        Game("solo-v2", lang="fr")
    for ruleset in (None, 1, ["solo-v2"], "", "  "):  # ("" would be the folder the program runs in)
        with pytest.raises(GameError, match="a ruleset is a name"):
            Game(ruleset)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="settings are a mapping"):
        Game("solo-v2", "level=hard")  # type: ignore[arg-type]
    assert Game("solo-v2", {"ai_side": "us", "optional_cards": "true"}).sides == ("ussr",)


def test_an_answer_the_question_does_not_take_changes_nothing(games: dict[str, Game]) -> None:
    """`apply_answer` refuses, with a ValueError saying why, an answer that is not the question's
    (too many picks, which would run on into the next questions; a pick not offered, or twice; a word
    where a list is wanted, or a list where one answer is), and the state is as it was."""
    state = games["standard"].new_initial_state()
    while state.is_chance_node() or state.decision().single:
        state.apply_action(random.Random(len(state.history())).choice(state.legal_actions()))
    several = state.decision()
    assert several.name == "ussr_setup_influence" and several.max_count > 1
    offered, most = list(several.options), several.max_count
    history = state.history()
    for wrong, message in (
        ([offered[0]] * (most + 20), "more picks, not"),
        ([*offered[: most - 1], "nowhere"], "not an answer the question"),
        (offered[0], "takes a list of picks"),
        (None, "takes a list of picks"),
        ([[offered[0]], *offered[1:most]], "not an answer the question"),
    ):
        with pytest.raises(ValueError, match=message):
            state.apply_answer(wrong)
        assert state.history() == history and state.picks() == [] and state.decision() is several
    if several.distinct:
        with pytest.raises(ValueError, match="picked twice"):
            state.apply_answer([offered[0], *offered[: most - 1]])
    state.apply_answer(offered[:most])
    assert state.decision() is not several and len(state.history()) > len(history)
    while state.is_chance_node() or not state.decision().single:
        state.apply_action(random.Random(len(state.history())).choice(state.legal_actions()))
    single, history = state.decision(), state.history()
    for wrong in ([single.options[0]], {"a": 1}, "nowhere"):
        with pytest.raises(ValueError, match="not an answer the question"):
            state.apply_answer(wrong)
        assert state.history() == history


def test_words_for_actions_no_player_could_take_are_refused(games: dict[str, Game]) -> None:
    """`action_to_string`, the observations and the information state refuse a player or an action
    outside the game, or not a whole number, with a ValueError; a language the game has not with a
    GameError, as `Game` does."""
    state = games["standard"].new_initial_state()
    assert state.is_chance_node()
    places = len(state.legal_actions())
    assert state.action_to_string(CHANCE, places - 1).endswith(f"{places} of {places}")
    for player, action in ((CHANCE, -1), (CHANCE, places), (CHANCE, 10**27), (CHANCE, 2.5), (0, -1)):
        with pytest.raises(ValueError):
            state.action_to_string(player, action)
    for player, action in ((0, len(games["standard"].vocabulary)), (0, None), (0, "x"), (2, 1), (True, 1)):
        with pytest.raises(ValueError):
            state.action_to_string(player, action)  # type: ignore[arg-type]
    for read in (state.observation_string, state.information_state_string, state.observation_tensor):
        for player in (None, "0", 1.0, 2, -1, True):
            with pytest.raises(ValueError, match="player"):
                read(player)  # type: ignore[arg-type]
    for lang in ("de", "", "EN", 1):
        with pytest.raises(GameError, match="language"):
            state.action_to_string(0, 1, lang)  # type: ignore[arg-type]
    assert state.action_to_string(0, 1, "ru") and state.action_to_string(0, 1) != ""


def docs_examples() -> list[str]:
    """The Python examples of docs/api.md, in order."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_documented_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(docs_examples()[0], "docs/api.md", "exec"), {})
    printed = capsys.readouterr().out
    assert printed.startswith("1 ('us',)") and "  if " in printed and '"asked"' in printed
