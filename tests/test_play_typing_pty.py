"""Input as people type it, at a real terminal, in both languages: a misspelt name gets "did you mean",
several influence points go in one answer, a huge paste gets the normal message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, Question, answer_for, read_save

pytest.importorskip("pexpect")

SEEDS_MAP = ("--set", "deluxe_map_canada=false")


def solo(seed: int, lang: str) -> list[str]:
    return ["--seed", str(seed), "--lang", lang, "--side", "us", "--level", "normal", *SEEDS_MAP, "--ids"]


def misspelt(label: str) -> str:
    """The name with two letters in its middle swapped, as a quick typist does."""
    name = re.sub(r" \(\d+\)$", "", label)
    middle = len(name) // 2
    return name[: middle - 1] + name[middle] + name[middle - 1] + name[middle + 1 :]


DID_YOU_MEAN = {"en": "Did you mean {}?", "ru": "Может быть, вы имели в виду «{}»?"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_misspelt_card_gets_did_you_mean(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(11, lang), tmp_path)
    q = driver.question()
    assert q is not None and q.options
    # The longest name: a swap in it is still close to it and to nothing else.
    _, label, _ = max(q.options, key=lambda o: len(o[1]))
    name = re.sub(r" \(\d+\)$", "", label)
    driver.send(misspelt(label))
    said = " ".join(driver.until_prompt().split())
    assert DID_YOU_MEAN[lang].format(name) in said, said
    driver.send("quit")
    assert driver.finish() == 0


def until_influence(driver: PlayDriver) -> Question:
    """Answer every question until the player is asked for an influence point."""
    answered = 0
    while True:
        q = driver.question()
        assert q is not None, "the game ended before an influence point was asked"
        if q.name == "influence_target" and q.side == "us":
            return q
        if q.name == "play_mode" and any(i == "influence" for _, _, i in q.options):
            driver.send(next(str(n) for n, _, i in q.options if i == "influence"))
            continue
        answered += 1
        driver.send(answer_for(q, answered))


NONE_TAKEN = {"en": "None of the answers was taken.", "ru": "Ни один из ответов не принят."}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_several_influence_points_in_one_answer(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(11, lang), tmp_path)
    q = until_influence(driver)
    _, label, country = q.options[0]
    # A wrong last point: nothing is placed, the message says which and suggests the name meant.
    driver.send(f"{label}, {misspelt(label)}")
    said = " ".join(driver.until_prompt().split())
    assert NONE_TAKEN[lang] in said and DID_YOU_MEAN[lang].format(label) in said, said
    assert "decision=" not in said  # asked again, nothing moved
    driver.send(f"{label}, {label}")
    after = driver.question()
    assert after is not None
    driver.send("quit")
    assert driver.finish() == 0
    save = read_save(tmp_path / "saves" / "solo-v2-11.json")
    placed = [a for _, a in save["answers"][-2:]]
    assert placed == [country, country], save["answers"][-4:]


@pytest.mark.parametrize(("lang", "said"), [("en", "There is no save called"), ("ru", "Сохранения «")])
def test_a_5000_character_paste_gets_the_normal_message(tmp_path: Path, lang: str, said: str) -> None:
    driver = PlayDriver(["--lang", lang, "--resume", "a" * 5000], tmp_path)
    assert driver.finish() == 1
    out = driver.output()
    assert "{???}" not in out and said in out, out[:300]
