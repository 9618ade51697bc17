"""Several answers typed on one line, through a real pseudo-terminal in each language: a pick of one or
none asked again and again (De-Stalinization's pick-ups) takes them as Suez's removals do; a card the
draft's operations limit keeps out is refused with that reason, not as "not one of the choices"; and a
fixed number of picks reads "Pick 6", never "Pick 6 to 6"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, Question, answer_for
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

# A hot-seat standard game whose USSR player, answering the first option each time, is offered
# De-Stalinization as an action card (turn 2).
DE_STALINIZATION_SEED = 3
NONE_TAKEN = {"en": "None of the answers was taken.", "ru": "Ни один из ответов не принят."}
NOT_A_CHOICE = {"en": "is not one of the choices", "ru": "нет среди вариантов"}
DRAFT_LIMIT = {
    "en": "the cards you keep would then total more operations than those you give the AI",
    "ru": "тогда сумма ОО оставленных карт стала бы больше суммы отданных ИИ",
}


def flat(text: str) -> str:
    return " ".join(text.split())


def name_of(label: str) -> str:
    return re.sub(r" \([^)]*\)$", "", label)  # (a card's ops, a country's cost)


def standard(lang: str) -> list[str]:
    return ["--ruleset", "standard", "--seed", str(DE_STALINIZATION_SEED), "--lang", lang]


def until_de_stalinization(driver: PlayDriver) -> Question:
    """Answer with the first option until the USSR may play De-Stalinization; play it as its event; the
    question of the first influence to pick up."""
    answered = 0
    while True:
        q = driver.question()
        assert q is not None, "the game ended first"
        ids = [ident for _, _, ident in q.options]
        if q.name == "action_card" and q.side == "ussr" and "de_stalinization" in ids:
            driver.send(str(ids.index("de_stalinization") + 1))
        elif q.name == "play_mode" and "event" in ids:
            driver.send(str(ids.index("event") + 1))
        elif q.name == "de_stalinization_remove":
            return q
        else:
            answered += 1
            driver.send(answer_for(q, answered))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_four_pick_ups_typed_at_once_are_taken(tmp_path: Path, lang: str) -> None:
    args = [*standard(lang), "--set", "deluxe_map_canada=false", "--ids"]
    driver = PlayDriver(args, tmp_path)
    q = until_de_stalinization(driver)
    countries = [name_of(label) for _, label, _ in q.options[:4]]
    assert len(countries) == 4, q.options
    driver.send(", ".join(countries))
    after = driver.question()
    assert after is not None
    said = flat(driver.transcript[-1])
    assert NONE_TAKEN[lang] not in said, said
    # The four were picked up: the game goes on to where the moved influence goes.
    assert after.name == "de_stalinization_add", said[-1500:]
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_card_the_draft_limit_keeps_out_says_so(tmp_path: Path, lang: str) -> None:
    driver = PlayDriver(solo(11, lang), tmp_path)
    q = driver.question()
    assert q is not None and q.name == "draft_keep"
    ops = {label: int(re.findall(r"\((\d+)\)$", label)[0]) for _, label, _ in q.options}
    highest = sorted(ops, key=lambda label: -ops[label])[:3]
    kept = sum(ops[label] for label in highest)
    assert kept > sum(ops.values()) - kept  # keeping the three highest breaks the limit
    driver.send(", ".join(name_of(label) for label in highest))
    said = flat(driver.until_prompt())
    assert NONE_TAKEN[lang] in said and DRAFT_LIMIT[lang] in said, said
    assert NOT_A_CHOICE[lang] not in said, said
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())


@pytest.mark.parametrize(
    ("lang", "pick"), [("en", "Pick 6, separated by commas"), ("ru", "Выберите 6 через запятую")]
)
def test_a_fixed_number_of_picks_reads_pick_n(tmp_path: Path, lang: str, pick: str) -> None:
    args = [*standard(lang), "--set", "deluxe_map_canada=false", "--ids"]
    driver = PlayDriver(args, tmp_path)
    q = driver.question()
    assert q is not None and q.low == q.high == 6, q.name  # the USSR's setup influence
    assert pick in q.screen
    assert re.search(r"Pick 6 to 6|от 6 до 6", q.screen) is None
    driver.send(", ".join(str(n) for n, _, _ in q.options[:2]))
    said = flat(driver.until_prompt())
    assert {"en": "Pick 6 (you gave 2).", "ru": "Выберите 6 (вы указали 2)."}[lang] in said, said
    driver.send("quit")
    assert driver.finish() == 0
