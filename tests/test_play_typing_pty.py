"""Input as people type it, at a real terminal, in both languages: a misspelt name gets "did you mean",
several influence points go in one answer, a huge paste gets the normal message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver

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
