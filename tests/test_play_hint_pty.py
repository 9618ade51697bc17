"""`hint` through a real pseudo-terminal, in each language: at a choice of one card among several it names
up to three of the offered cards, each with its score and playouts, and says how many playouts it ran;
it changes nothing: the save on disk is the same bytes after it, and the game played on after a hint
reaches the same state as the same game played without one (no die of the real game was rolled)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, read_save
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

SEED = 5  # its first question is the draft: one card to keep among six
HINT = {"en": "hint", "ru": "подсказка"}
TITLE = {
    "en": re.compile(r"Hint from the search: (\d+) playouts? in (\d+) ms"),
    "ru": re.compile(r"Подсказка поиска: (\d+) разыгрывани\w* за (\d+) мс"),
}
MOVE = {
    "en": re.compile(
        r"^(\d)\. (.+): scores (\d+)% \[\d+–\d+%\] \((\d+) playouts?\)(?:, tied with the best)?$", re.M
    ),
    "ru": re.compile(
        r"^(\d)\. (.+): оценка (\d+)% \[\d+–\d+%\] \((\d+) разыгрывани\w*\)(?:, наравне с лучшим)?$", re.M
    ),
}
AFTER = 8  # questions answered after the hinted one, before quitting


def play(home: Path, lang: str, hint: bool) -> tuple[list[str], str, dict[str, object]]:
    """The game to the first question, a hint there (or not), then the first option to each question
    until AFTER more were answered; quit. The first question's options (their names), what the hint
    printed ("" without one) and the save."""
    driver = PlayDriver(solo(SEED, lang), home)
    first = driver.question()
    assert first is not None and first.single and len(first.options) >= 2, first
    printed = ""
    save = home / "saves" / f"solo-v2-{SEED}.json"
    if hint:
        before = save.read_bytes()
        driver.send(HINT[lang])
        printed = driver.until_prompt()
        assert save.read_bytes() == before  # the hint wrote nothing
    driver.send("1")
    for _ in range(AFTER):
        q = driver.question()
        assert q is not None, "the game ended first"
        driver.send("1" if q.single else ", ".join(str(n) for n, _, _ in q.options[: max(q.low, 1)]))
    driver.question()
    driver.send("quit" if lang == "en" else "выход")
    assert driver.finish() == 0
    no_traceback(driver.output())
    names = [re.sub(r" \(\d+\)$", "", label) for _, label, _ in first.options]  # (a card's ops)
    return names, printed, read_save(save)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hint_names_up_to_three_moves_and_changes_nothing(tmp_path: Path, lang: str) -> None:
    offered, printed, hinted = play(tmp_path / "hinted", lang, hint=True)
    title = TITLE[lang].search(" ".join(printed.split()))
    assert title, printed
    playouts, ms = int(title.group(1)), int(title.group(2))
    assert playouts >= 2 and 0 < ms < 1000
    moves = MOVE[lang].findall(printed)
    assert 1 <= len(moves) <= 3, printed
    assert [int(rank) for rank, *_ in moves] == list(range(1, len(moves) + 1))
    for _, name, score, count in moves:
        assert name in offered, (name, offered)  # an offered card by its name, never an id
        assert 0 <= int(score) <= 100 and 1 <= int(count) <= playouts
    assert len(moves) == min(3, len(offered))
    assert len({name for _, name, _, _ in moves}) == len(moves)
    # One line of why, in the game's language, naming the best answer (or its tie with the next).
    why = {"en": ("Why ", " are tied: "), "ru": ("Почему «", " наравне: ")}[lang]
    flat = " ".join(printed.split())
    lines = [part for part in re.split(r"(?=Why |Почему «)", flat) if part.startswith(why[0])]
    assert (lines and moves[0][1] in lines[0]) or why[1] in flat, printed
    # The same game without the hint: the same answers and the same state, die for die.
    _, _, plain = play(tmp_path / "plain", lang, hint=False)
    assert hinted["answers"] == plain["answers"]
    assert hinted["digest"] == plain["digest"]
