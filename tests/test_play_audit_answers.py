"""Several answers typed on one line at a question asked again and again (the draft's "keep 3 of 6", an
influence point after another), played at a real terminal: a number means the option of that number in
the list on the screen when it was typed, not in the shorter list the question shows once the answers
before it are taken."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver, Question, read_save

pytest.importorskip("pexpect")

# The seed's first draft (solo-v2, the US) offers six cards: picking the 1st, 4th and 5th keeps 6 ops
# of the 13, within the draft's limit (no more than the cards given to the AI).
SEED = "21"


def draft(tmp_path: Path, lang: str) -> tuple[PlayDriver, Question]:
    args = ["--seed", SEED, "--lang", lang, "--side", "us", "--level", "normal"]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    q = driver.question()
    assert q is not None and q.single and len(q.options) == 6, q
    return driver, q


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_numbers_typed_together_name_the_options_on_the_screen(tmp_path: Path, lang: str) -> None:
    driver, q = draft(tmp_path, lang)
    wanted = [q.options[i][2] for i in (0, 3, 4)]
    driver.send("1, 4, 5")
    after = driver.question()
    assert after is not None and after.options != q.options  # the draft's next six cards
    driver.send("quit")
    assert driver.finish() == 0
    save = read_save(tmp_path / "saves" / f"solo-v2-{SEED}.json")
    assert [answer for _, answer in save["answers"][:3]] == wanted


GONE = {"en": "is no longer among the choices", "ru": "уже нет среди вариантов"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_number_repeated_for_a_card_already_kept_is_refused_by_its_name(tmp_path: Path, lang: str) -> None:
    """`1, 1`: the first card is kept by the first answer; the second names the same card, which the
    question no longer offers: refused, saying which card, and nothing is taken."""
    driver, q = draft(tmp_path, lang)
    first = q.options[0][1].rsplit(" (", 1)[0]
    driver.send("1, 1")
    said = " ".join(driver.until_prompt().split())
    assert GONE[lang] in said and first in said, said
    assert "decision=" not in said  # asked again, nothing taken
    driver.send("quit")
    assert driver.finish() == 0
    save = read_save(tmp_path / "saves" / f"solo-v2-{SEED}.json")
    assert save["answers"] == []
