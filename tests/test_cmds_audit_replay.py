"""`twilight replay` as a player reads it: the replay's own edits (`--all`), its guesses and the `--step`
screens say cards, decisions, rounds and piles in the player's language, never by their ids; the English
summary counts in the singular and the plural."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from test_replay import HEADER, ROUND
from twilight.cli.replay.driver import Replay, ReplayResult
from twilight.cli.replay.log import parse_log
from twilight.cli.replay.names import compiled, ruleset_names
from twilight.cli.replay.report import report_json, report_lines
from twilight.cli.replay.step import show
from twilight.cli.session.text import PlayText

# (the log of tests/test_replay.py: a setup, a headline and two action rounds)
ROUNDS = ROUND

# The log's last round names its card and nothing else (a game resigned as the card was chosen): how to
# play it is an answer the log does not give, a guess.
LAST_ROUND_UNPLAYED = "\nTurn 1, USSR AR2: Nuclear Test Ban:\n"

LATIN_WORD = re.compile(r"[A-Za-z_]{3,}")


@lru_cache(maxsize=1)
def standard() -> tuple[dict[str, Any], Any]:
    return compiled("standard")


def replayed(text: str) -> ReplayResult:
    ir, program = standard()
    return Replay(parse_log(text, ruleset_names(ir)), ir, program).run()


def words(lang: str) -> PlayText:
    return PlayText("standard", lang, standard()[0])


def listed(text: PlayText, result: ReplayResult) -> list[str]:
    """The report's lines about one log line each (`line N: … | …`), without its summary."""
    return [line for line in report_lines(text, result, show_all=True) if " | " in line]


def after_the_log_excerpt(line: str) -> str:
    """What the report says of a log line: the part after the log's own (English) text."""
    return line.split(" | ", 1)[1]


@lru_cache(maxsize=1)
def with_a_guess() -> ReplayResult:
    result = replayed(HEADER + ROUNDS + LAST_ROUND_UNPLAYED)
    assert result.gaps and result.guesses
    return result


def test_cards_moved_into_a_hand_are_named_in_the_players_language() -> None:
    """`--all` lists each card the replay moved into a hand by its name and where it came from, in words:
    `defectors taken from the draw pile` showed an id, and English on a Russian screen."""
    result = with_a_guess()
    ir = standard()[0]
    english = [line for line in listed(words("en"), result) if "moved into" in line or "put in" in line]
    russian = [line for line in listed(words("ru"), result) if "перенесена" in line or "положена" in line]
    assert len(english) == len(russian) == len(result.gaps)
    moved_ids = {str(gap.facts.get("card")) for gap in result.gaps}
    assert {"defectors", "olympic_games", "nuclear_test_ban"} <= moved_ids
    for line in english:
        said = after_the_log_excerpt(line)
        assert not any(re.search(rf"\b{card}\b", said) for card in ir["cards"]), said
    assert any("Olympic Games" in line and "draw pile" in line for line in english)
    assert any("Nuclear Test Ban" in line and "discard pile" in line for line in english)
    for line in russian:
        said = after_the_log_excerpt(line)
        assert not LATIN_WORD.search(said), said
    assert any("«Олимпийские игры»" in line and "колод" in line for line in russian)
    assert any("«Запрет ядерных испытаний»" in line and "сброс" in line for line in russian)


def test_an_answer_the_log_does_not_give_is_told_in_words() -> None:
    """A guess names the question as the play screen asks it, why the log does not answer it and the
    answer taken; `play_mode: the log shows no way to play the card` was an id and English."""
    result = with_a_guess()
    (english,) = [line for line in listed(words("en"), result) if "not in the log" in line]
    (russian,) = [line for line in listed(words("ru"), result) if "нет в журнале" in line]
    assert "play_mode" not in english and "play_mode" not in russian
    assert "Choose how to play this card" in english
    assert not LATIN_WORD.search(after_the_log_excerpt(russian)), russian
    assert "Выберите, как разыграть эту карту" in russian
    # The JSON keeps its plain English notes, with the decision's id, for tools.
    guess = report_json(result)["guesses"][0]
    assert guess["ours"].startswith("play_mode:")


def test_the_english_summary_counts_one_and_many() -> None:
    """`1 answers the log does not give` / `1 divergences`: the counts take the singular for one."""
    (summary, *_) = report_lines(words("en"), with_a_guess())
    assert "1 answer the log does not give" in summary
    assert "0 divergences" in summary
    wrong = ROUNDS.replace("US +2 in Egypt [2][0]", "US +2 in Egypt [3][0]")
    (summary, *_) = report_lines(words("en"), replayed(HEADER + wrong))
    assert "1 divergence:" in summary


@pytest.mark.parametrize("moved", [1, 21])
def test_the_russian_summary_says_lines_in_the_right_case(moved: int) -> None:
    """«из 21 строки», «из 504 строк»: the number of the log's lines after «из»."""
    text = words("ru")
    line = text.t(
        "replay-complete",
        path="x",
        replayed=moved,
        lines=moved,
        divergences=0,
        bugs=0,
        faults=0,
        gaps=0,
        moved=0,
        guesses=0,
    )
    assert f"из {moved} строки)" in line
    assert "из 504 строк)" in text.t(
        "replay-complete",
        path="x",
        replayed=504,
        lines=504,
        divergences=0,
        bugs=0,
        faults=0,
        gaps=0,
        moved=0,
        guesses=0,
    )


def test_a_step_names_its_round_and_divergence_in_the_players_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--step --lang ru` headed each step `T1 USSR AR1` / `setup` and told a divergence in English with
    ids (`egypt [2][0]`); its influence list is in the order of the names the player reads."""
    wrong = ROUNDS.replace("US +2 in Egypt [2][0]", "US +2 in Egypt [3][0]")
    result = replayed(HEADER + wrong)
    lines = (HEADER + wrong).splitlines()
    text = words("ru")
    shots = result.snapshots
    show(text, shots, 0, lines, result)
    setup = capsys.readouterr().out
    assert "расстановка" in setup.splitlines()[0] and "setup" not in setup
    changed = next(line for line in setup.splitlines() if "Польша [0][4]" in line)
    names = [item.split(" [")[0] for item in changed.strip().split(", ")]
    assert names == sorted(names, key=str.casefold)
    last = len(shots) - 1
    show(text, shots, last, lines, result)
    step = capsys.readouterr().out
    head = step.splitlines()[0]
    assert "1-й ход, раунд 1, США" in head and "AR" not in head
    assert "у нас: Египет: США 2, СССР 0" in step and "egypt" not in step
    show(words("en"), shots, 1, lines, result)
    headline = capsys.readouterr().out.splitlines()[0]
    assert "the headline phase of turn 1" in headline


def test_every_reason_of_a_guess_has_its_words() -> None:
    """Each reason the driver gives for a guess is worded in both languages (none falls back to another)."""
    from twilight.cli.replay.driver import GUESS_WHY
    from twilight.cli.replay.report import WHY_IDS

    assert set(WHY_IDS) == set(GUESS_WHY)
    for lang in ("en", "ru"):
        said = {words(lang).maybe(message) for message in WHY_IDS.values()}
        assert None not in said and len(said) == len(WHY_IDS)


def test_a_step_shows_a_country_left_with_no_influence(capsys: pytest.CaptureFixture[str]) -> None:
    """De-Stalinization takes the USSR's last point from Austria: the step lists Austria at [0][0] among
    the countries that changed (the board keeps only countries with influence, so it was left out)."""
    rounds = """
Turn 1, Headline Phase: Nasser* & Defectors: USSR Headlines Nasser*
US Headlines Defectors
Event: Defectors

Turn 1, USSR AR1: De-Stalinization*: Event: De-Stalinization*
USSR -1 in Poland [0][3]
USSR -1 in Austria [0][0]
USSR +1 in Chile [0][1]
USSR +1 in Algeria [0][1]
"""
    result = replayed(HEADER + rounds)
    assert result.complete and not result.divergences
    show(words("en"), result.snapshots, len(result.snapshots) - 1, (HEADER + rounds).splitlines(), result)
    step = capsys.readouterr().out
    assert "Austria [0][0]" in step and "Poland [0][3]" in step


def test_step_and_json_together_are_refused(tmp_path: Path) -> None:
    """`--step --json` stepped through the log at the terminal and printed no JSON."""
    from click.testing import CliRunner
    from twilight.cli.main import cli

    log = tmp_path / "game.txt"
    log.write_text(HEADER + ROUNDS, encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", "--step", "--json", str(log)], input="q\n")
    assert result.exit_code == 2
    assert "--step" in result.output and "--json" in result.output
    assert "──" not in result.output


def test_a_replay_stopped_by_our_game_ending_says_so_in_words() -> None:
    """`stopped: our game ended (defcon_1) before T1 US AR1` was an id and English on a Russian screen."""
    import dataclasses

    done = replayed(HEADER + ROUNDS)
    segment = done.snapshots[-1].segment
    assert segment is not None
    stopped = dataclasses.replace(
        done,
        complete=False,
        stopped=f"our game ended (defcon_1) before {segment.label()}",
        stopped_over=("defcon_1", segment),
    )
    (english,) = [line for line in report_lines(words("en"), stopped) if "stopped:" in line]
    (russian,) = [line for line in report_lines(words("ru"), stopped) if "остановка" in line]
    assert "defcon_1" not in english and "AR1" not in english
    assert "turn 1, US action round 1" in english and "DEFCON" in english
    assert "1-й ход, раунд 1, США" in russian and "defcon_1" not in russian
    assert report_json(stopped)["stopped"].startswith("our game ended (defcon_1)")
