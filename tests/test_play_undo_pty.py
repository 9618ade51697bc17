"""`undo` through a real pseudo-terminal, in each language: it takes back a point of influence and asks
again; it refuses once a die was rolled (a coup), saying which roll; what it took back stays taken back
after quit and resume; in a hot-seat game it never goes back across a hand-over. And the operations
question says why a coup or realignment is not offered."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from play_driver import PlayDriver, Question, answer_for, read_save
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

# Seeds whose games, answered with the first option each time, reach: an influence placement of two
# points or more (PLACE_SEED); an operations question that offers a coup (COUP_SEED); an operations
# question that offers neither coup nor realignment (NO_COUP_SEED: only influence, taken for the player).
PLACE_SEED = 27
COUP_SEED = 3
NO_COUP_SEED = 27
POINTS = re.compile(r"(\d+) (?:of|из) (\d+)")
UNDO = {"en": "undo", "ru": "отмена"}


def answer_until(driver: PlayDriver, stop: Callable[[Question], bool]) -> Question:
    """Answer with the first option until a question `stop` picks; that question (not answered)."""
    answered = 0
    while True:
        q = driver.question()
        assert q is not None, "the game ended first"
        if stop(q):
            return q
        answered += 1
        driver.send(answer_for(q, answered))


def points_left(q: Question) -> tuple[int, int]:
    found = POINTS.findall(q.screen)
    assert found, q.screen[-1500:]
    left, total = found[-1]
    return int(left), int(total)


def save_of(home: Path, seed: int) -> Path:
    return home / "saves" / f"solo-v2-{seed}.json"


def placement(q: Question) -> bool:
    return q.name == "influence_target" and points_left(q)[0] >= 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_takes_back_a_point_of_influence_and_the_save_follows(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(PLACE_SEED, lang), tmp_path)
    first = answer_until(driver, placement)
    left, total = points_left(first)
    country = re.sub(r" \([^)]*\)$", "", first.options[0][1])  # (a cost shown after the name)
    driver.send(answer_for(first, 1))
    second = driver.question()
    assert second is not None and second.name == "influence_target"
    assert points_left(second) == (left - 1, total)
    answers = len(read_save(save_of(tmp_path, PLACE_SEED))["answers"])

    driver.send(UNDO[lang])
    again = driver.question()
    assert again is not None and again.name == "influence_target"
    # The point is back, the placement said taken back, and the save on disk holds one answer fewer.
    assert points_left(again) == (left, total)
    taken = {"en": f"Taken back: {country}.", "ru": f"Ответ взят назад: {country}."}[lang]
    assert taken in again.screen
    assert len(read_save(save_of(tmp_path, PLACE_SEED))["answers"]) == answers - 1

    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())
    # The trace was written again from the start: it tells the game the save holds, no answer more.
    trace = save_of(tmp_path, PLACE_SEED).with_name(f"solo-v2-{PLACE_SEED}.trace.jsonl")
    events = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert sum(e["kind"] == "decision" for e in events) == answers - 1
    assert [e["n"] for e in events] == list(range(len(events)))
    # Resumed, the game is where undo left it: the same question with the point not placed.
    resumed = PlayDriver(["--resume", str(save_of(tmp_path, PLACE_SEED)), "--ids"], tmp_path)
    back = resumed.question()
    assert back is not None and back.name == "influence_target"
    assert points_left(back) == (left, total)
    resumed.send("quit")
    assert resumed.finish() == 0
    no_traceback(resumed.output())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_refuses_after_a_coup_and_says_which(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(COUP_SEED, lang), tmp_path)
    ops = answer_until(driver, lambda q: q.name == "operations" and any(i == "coup" for _, _, i in q.options))
    driver.send(next(str(n) for n, _, i in ops.options if i == "coup"))
    after = driver.question()
    if after is not None and after.name == "coup_target":  # (a single target is taken for the player)
        driver.send(answer_for(after, 0))
        after = driver.question()
    assert after is not None
    coups = re.findall(r"US coup in (.+?): roll", driver.output())
    assert lang == "ru" or coups
    answers = len(read_save(save_of(tmp_path, COUP_SEED))["answers"])

    driver.send(UNDO[lang])
    said = driver.until_prompt()
    expected = {
        "en": f"Cannot undo: dice were rolled since your answer (the coup in {coups[-1] if coups else ''}).",
        "ru": "Отменить нельзя: после вашего ответа бросали кубик (переворот ",
    }[lang]
    assert expected in " ".join(said.split()), said
    assert "decision=" not in said  # asked again where it was: nothing taken back
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())
    assert len(read_save(save_of(tmp_path, COUP_SEED))["answers"]) == answers


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["Coup and realignment are not offered:", "is outside this round's regions"]),
        ("ru", ["не предлагаются.", "вне регионов этого раунда"]),
    ],
)
def test_the_operations_question_says_why_no_coup(tmp_path: Path, lang: str, said: list[str]) -> None:
    driver = PlayDriver(solo(NO_COUP_SEED, lang), tmp_path)
    # The operations question offers influence alone: it is taken for the player, with the reason.
    answer_until(driver, lambda q: q.name == "influence_target")
    out = " ".join(driver.output().split())
    for words in said:
        assert words in out, words
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


@pytest.mark.parametrize(
    ("lang", "nothing", "handed"),
    [
        (
            "en",
            "Nothing to undo: you have given no answer",
            "Nothing to undo: the last answer was USSR's, given before",
        ),
        (
            "ru",
            "Отменять нечего: своих ответов",
            "Отменять нечего: последний ответ дал игрок за СССР до того, как ход передали вам",
        ),
    ],
)
def test_hot_seat_undo_never_crosses_a_hand_over(
    tmp_path: Path, lang: str, nothing: str, handed: str
) -> None:
    args = [
        "--ruleset",
        "standard",
        "--seed",
        "2",
        "--lang",
        lang,
        "--set",
        "deluxe_map_canada=false",
        "--ids",
    ]
    driver = PlayDriver(args, tmp_path)
    first = driver.question()
    assert first is not None and first.side == "ussr"
    driver.send(UNDO[lang])
    assert nothing in " ".join(driver.until_prompt().split())
    driver.send(answer_for(first, 0))
    us = driver.question()  # (after the hand-over screen)
    assert us is not None and us.side == "us" and driver.hand_overs == ["us"]
    driver.send(UNDO[lang])
    said = driver.until_prompt()
    assert handed in " ".join(said.split()), said
    assert "decision=" not in said
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())
