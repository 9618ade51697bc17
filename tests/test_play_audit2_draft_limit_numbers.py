"""The draft's "keep 3 of 6" answered by numbers on one line, one of which the draft's operations limit
keeps out once the cards before it are kept: refused with that limit as the reason (as the same card
named is, docs/play.md "Answering"), not as a card "no longer among the choices once the answers before
it are taken", which reads as if an answer had taken it already."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver, read_save

pytest.importorskip("pexpect")

# solo-v2, the US: seed 33's first draft offers COMECON (3), US/Japan Mutual Defense Pact (4), Duck and
# Cover (3), …: keeping the first two (7 ops), Duck and Cover (3 more) would keep more than the 7 given.
CASES = [
    ("en", "33", "1, 2, 3", "Not Duck and Cover:"),
    ("ru", "33", "1, 2, 3", "«Пригнись и укройся» выбрать нельзя:"),
]
NONE_TAKEN = {"en": "None of the answers was taken", "ru": "Ни один из ответов не принят"}
GONE = {"en": "is no longer among the choices", "ru": "уже нет среди вариантов"}


@pytest.mark.parametrize(("lang", "seed", "typed", "words"), CASES)
def test_a_number_the_ops_limit_keeps_out_is_refused_by_the_limit(
    tmp_path: Path, lang: str, seed: str, typed: str, words: str
) -> None:
    args = ["--seed", seed, "--lang", lang, "--side", "us", "--level", "normal"]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    q = driver.question()
    assert q is not None and q.name == "draft_keep", q.name
    driver.send(typed)
    said = ""
    for _ in range(3):  # (the prompt drawn again before the refusal: the refusal's own prompt after it)
        said = " ".join(driver.until_prompt().split())
        if NONE_TAKEN[lang] in said:
            break
    assert words in said, said
    assert GONE[lang] not in said, said
    driver.send("quit")
    assert driver.finish() == 0
    assert read_save(tmp_path / "saves" / f"solo-v2-{seed}.json")["answers"] == []
