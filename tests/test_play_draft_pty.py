"""The solo game's card draft through a real pseudo-terminal, in each language: each question says which
pick of the keep it is ("Keep 3 of 6: pick 2 of 3"), and a card the ops-balance rule takes off the list
is named with the rule's words, both on a question and on a pick taken for the player."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver, Question
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

# At seed 7 (US) the first draft offers one 4-ops card among 3s and a 1; the second offers two 4s.
SEED = 7
WORDS = {
    "en": {
        "progress": "Keep 3 of 6: pick {pick} of 3",
        "not_offered": "Not offered: {cards} — the cards you keep would then total more operations "
        "than those you give the AI",
        "cards": ("De Gaulle Leads France, Socialist Governments, Containment", "Marshall Plan"),
    },
    "ru": {
        "progress": "Оставляете себе 3 из 6: карта {pick} из 3",
        "not_offered": "Нет в списке: {cards} — тогда сумма ОО оставленных карт стала бы больше суммы "
        "отданных ИИ",
        "cards": (
            "Де Голль возглавляет Францию, Социалистические правительства, Сдерживание",
            "План Маршалла",
        ),
    },
}


def four_ops(q: Question) -> str:
    """The number of the (first) option worth 4 operations."""
    return next(str(n) for n, label, _ in q.options if label.endswith("(4)"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_draft_says_the_pick_and_why_a_card_left_the_list(tmp_path: Path, lang: str) -> None:
    words = WORDS[lang]
    driver = PlayDriver(solo(SEED, lang), tmp_path)
    first = driver.question()
    assert first is not None and first.name == "draft_keep", first and first.screen[-1500:]
    assert words["progress"].format(pick=1) in first.screen
    assert len(first.options) == 6
    driver.send(four_ops(first))
    second = driver.question()
    assert second is not None and second.name == "draft_keep"
    assert words["progress"].format(pick=2) in second.screen
    driver.send("1")
    # The third pick has one card left: it is taken for the player, and the others are said.
    third = driver.question()
    assert third is not None and third.name == "draft_keep"
    refused_line = words["not_offered"].format(cards=words["cards"][0])
    assert words["progress"].format(pick=3) in third.screen
    assert refused_line in " ".join(third.screen.split())
    assert words["progress"].format(pick=1) in third.screen  # the second draft's first question
    driver.send(four_ops(third))
    fourth = driver.question()
    assert fourth is not None and fourth.name == "draft_keep"
    screen = " ".join(fourth.screen.split())
    assert words["progress"].format(pick=2) in screen
    assert words["not_offered"].format(cards=words["cards"][1]) in screen
    assert all(not label.startswith(words["cards"][1]) for _, label, _ in fourth.options)
    driver.send("quit")
    driver.finish()
    no_traceback(driver.output())
