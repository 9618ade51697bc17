"""Saves: stop a game at a decision, save it, reload it in a fresh engine, finish it; the result must be
the uninterrupted game's. A damaged or foreign save raises SaveMismatch and nothing else.

A save is (ruleset, seed, settings, answers, state digest): reloading replays the answers from the seed
and checks the digest once they are used up.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from playout import (
    CheckedEngine,
    Stop,
    cautious_players,
    play,
    random_players,
    standard_ir,
    standard_program,
    stopping_players,
)
from twilight.runtime.core.decisions import Decision, Player
from twilight.runtime.core.engine import Engine, SaveMismatch

SEEDS = [2, 23, 10_004]  # 10_004: a long (cautious) game


def players_for(seed: int) -> dict[str, Player]:
    return cautious_players(seed) if seed >= 10_000 else random_players(seed)


class Recording:
    """Keeps every decision a player is asked (to know the options of each answer)."""

    def __init__(self, inner: Player, log: list[Decision]) -> None:
        self.inner = inner
        self.log = log

    def decide(self, decision: Decision) -> Any:
        self.log.append(decision)
        return self.inner.decide(decision)


def reference(seed: int) -> tuple[Engine, str, list[Decision]]:
    log: list[Decision] = []
    players = {side: Recording(p, log) for side, p in players_for(seed).items()}
    engine, trace = play(seed, players, trace=True)
    return engine, trace, log


def stopped_save(seed: int, after: int) -> tuple[dict[str, Any], int, dict[str, Player]]:
    """Play until `after` decisions are answered, stop there: the save (through JSON), the number of
    trace events so far, and the players (to go on with)."""
    inner = players_for(seed)
    engine = CheckedEngine(
        standard_ir(), stopping_players(inner, after), seed=seed, program=standard_program()
    )
    for p in inner.values():  # cautious players look at the board
        if hasattr(p, "engine"):
            p.engine = engine
    with pytest.raises(Stop):
        engine.run()
    assert len(engine.answers) == after
    return json.loads(json.dumps(engine.save_data())), len(engine.events), inner


def resume(seed: int, save: dict[str, Any], players: dict[str, Player]) -> tuple[Engine, str]:
    return play(seed, players, trace=True, save=save)


@pytest.mark.parametrize("seed", SEEDS)
def test_stop_save_reload_finishes_like_the_uninterrupted_game(seed: int) -> None:
    ref, ref_trace, _ = reference(seed)
    total = len(ref.answers)
    ref_lines = ref_trace.splitlines()
    stops = sorted({0, 1, 7, total // 3, total // 2, total - 1})
    for after in stops:
        save, events_at_stop, players = stopped_save(seed, after)
        assert save["answers"] == json.loads(json.dumps(ref.answers[:after]))
        engine, trace = resume(seed, save, players)
        where = f"seed {seed}, stopped after {after} of {total} decisions"
        assert engine.state.digest() == ref.state.digest(), where
        lines = trace.splitlines()
        assert lines[events_at_stop:] == ref_lines[events_at_stop:], where
        assert lines == ref_lines, where
        assert engine.answers == ref.answers, where


def test_a_finished_game_saved_and_reloaded_ends_the_same() -> None:
    ref, ref_trace, _ = reference(2)
    save = json.loads(json.dumps(ref.save_data()))
    engine, trace = resume(2, save, random_players(999))  # no live decision is ever asked
    assert trace == ref_trace
    assert engine.state.digest() == save["digest"]


# ---------------------------------------------------------------------- damaged saves
def a_save(seed: int) -> tuple[dict[str, Any], list[Decision]]:
    ref, _, log = reference(seed)
    after = len(ref.answers) // 2
    # Saved just after an answer that changes the state at once (a card played, a point placed): a save
    # cut by its last answer then stops short of its digest. (An answer such as "operations" for a card
    # changes nothing until its first target; a save cut there replays to the very same state and asks
    # that question again, which is not damage.)
    while log[after - 1].name not in STATE_CHANGING:
        after += 1
    save, _, _ = stopped_save(seed, after)
    return save, log[:after]


def assert_mismatch(seed: int, save: dict[str, Any]) -> None:
    with pytest.raises(SaveMismatch):
        resume(seed, save, random_players(seed))


STATE_CHANGING = {"action_card", "headline_card", "influence_target", "coup_target", "realign_target"}
DAMAGED = 2  # the game whose save the damage tests edit: a five-turn game, saved half way


@pytest.fixture(scope="module")
def save_half_way() -> tuple[dict[str, Any], list[Decision]]:
    return a_save(DAMAGED)


def test_wrong_digest(save_half_way: tuple[dict[str, Any], list[Decision]]) -> None:
    save = copy.deepcopy(save_half_way[0])
    save["digest"] = "0" * 16
    assert_mismatch(DAMAGED, save)


@pytest.mark.parametrize("keep", [0, 1, 10, -1])
def test_truncated_answers(save_half_way: tuple[dict[str, Any], list[Decision]], keep: int) -> None:
    save = copy.deepcopy(save_half_way[0])
    save["answers"] = save["answers"][:keep]
    assert_mismatch(DAMAGED, save)


def test_extra_answers_after_the_end() -> None:
    ref, _, _ = reference(2)
    save = json.loads(json.dumps(ref.save_data()))
    save["answers"].append(copy.deepcopy(save["answers"][-1]))
    assert_mismatch(2, save)


def test_edited_answer_to_another_legal_one(save_half_way: tuple[dict[str, Any], list[Decision]]) -> None:
    save, log = save_half_way
    edited = 0
    for i in (0, 1, 2, len(log) // 2, len(log) - 1):
        decision = log[i]
        if not decision.single or len(decision.options) < 2:
            continue
        damaged = copy.deepcopy(save)
        damaged["answers"][i][1] = next(o for o in decision.options if o != save["answers"][i][1])
        assert_mismatch(DAMAGED, damaged)
        edited += 1
    # the first decision is the USSR's six setup points: always a different board
    damaged = copy.deepcopy(save)
    damaged["answers"][0][1] = list(reversed(log[0].options))[:6]
    assert damaged["answers"][0][1] != save["answers"][0][1]
    assert_mismatch(DAMAGED, damaged)
    assert edited >= 2


@pytest.mark.parametrize(
    "edit",
    [
        lambda a: [a[0], "no_such_country"],
        lambda a: ["ussr" if a[0] == "us" else "us", a[1]],
        lambda a: [a[0], None],
        lambda a: [a[0], 17],
        lambda a: [a[0], {"x": 1}],
        lambda a: [a[0], [a[1], a[1]]],
        lambda a: [a[0]],
        lambda a: ["nobody", a[1]],
        lambda a: "us",
        lambda a: None,
    ],
)
def test_garbled_answer(save_half_way: tuple[dict[str, Any], list[Decision]], edit: Any) -> None:
    save = copy.deepcopy(save_half_way[0])
    i = len(save["answers"]) // 3
    save["answers"][i] = edit(save["answers"][i])
    assert_mismatch(DAMAGED, save)


@pytest.mark.parametrize(
    "damage",
    [
        lambda s: s.pop("answers"),
        lambda s: s.pop("digest"),
        lambda s: s.update(answers="not a list"),
        lambda s: s.update(digest=12),
        lambda s: s.update(seed=s["seed"] + 1),
        lambda s: s.update(ruleset="solo-v2"),
        lambda s: s.update(settings={"optional_cards": True}),
    ],
)
def test_damaged_save_structure(save_half_way: tuple[dict[str, Any], list[Decision]], damage: Any) -> None:
    save = copy.deepcopy(save_half_way[0])
    damage(save)
    assert_mismatch(DAMAGED, save)


def test_not_a_save() -> None:
    for junk in ([], "save", None, 3, {"answers": [], "digest": None}):
        engine = Engine(standard_ir(), random_players(1), seed=1, program=standard_program())
        with pytest.raises(SaveMismatch):
            engine.resume_from(junk)  # type: ignore[arg-type]


def test_random_damage_only_ever_raises_save_mismatch(
    save_half_way: tuple[dict[str, Any], list[Decision]],
) -> None:
    """Random edits of one answer to one of that decision's other options, or deleting or duplicating
    one: the reload either fails with SaveMismatch or (rarely: an edit that changes nothing) finishes."""
    save, log = save_half_way
    rng = random.Random(7)
    mismatches = 0
    for _ in range(25):
        damaged = copy.deepcopy(save)
        i = rng.randrange(len(log))
        how = rng.choice(["option", "delete", "duplicate"])
        if how == "option":
            damaged["answers"][i][1] = rng.choice(log[i].options) if log[i].single else []
        elif how == "delete":
            del damaged["answers"][i]
        else:
            damaged["answers"].insert(i, copy.deepcopy(damaged["answers"][i]))
        try:
            resume(DAMAGED, damaged, random_players(DAMAGED))
        except SaveMismatch:
            mismatches += 1
    assert mismatches >= 15
