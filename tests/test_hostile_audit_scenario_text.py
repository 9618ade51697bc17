"""Scenario files a second audit of hostile input found told without a place or wrongly: a file that is
not UTF-8 (Python's codec words, with a byte offset), a file that is no map of keys (no line), and a
long file of steps that take no decision stopped as if a rule never ended."""

from __future__ import annotations

import os
import time
import tracemalloc
from pathlib import Path

import pytest
from twilight.harness.scenario import run_file

BODY = "ruleset: standard\nsetup: empty\n"


def reason(tmp_path: Path, data: bytes) -> str:
    """The FAIL reason of a scenario file of `data` ("" when it passes), from the file's name on."""
    path = tmp_path / "case.yaml"
    path.write_bytes(data)
    result = run_file(path)
    assert "internal error" not in result.reason, result.reason
    return "" if result.passed else result.reason.removeprefix(f"{tmp_path}{os.sep}")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (
            (BODY + "name: café\n").encode("latin-1"),
            "case.yaml:3:10: not UTF-8 text (the byte 0xe9): save the file as UTF-8",
        ),
        (
            "ruleset: standard\n".encode("utf-16"),
            "case.yaml:1:1: not UTF-8 text (the byte 0xff): save the file as UTF-8",
        ),
    ],
    ids=["latin-1", "utf-16"],
)
def test_a_file_not_utf8_is_told_at_the_byte(tmp_path: Path, data: bytes, said: str) -> None:
    """Once: `cannot read the file: 'utf-8' codec can't decode byte 0xe9 in position 40: invalid
    continuation byte`, with no line and no way out."""
    assert reason(tmp_path, data) == said


@pytest.mark.parametrize(
    ("text", "at"),
    [("", "1:1"), ("# only a comment\n", "1:1"), ("\n\n  - 1\n  - 2\n", "3:3"), ("---\n5\n", "2:1")],
    ids=["empty", "comment", "list", "number"],
)
def test_a_file_that_is_no_map_is_told_at_its_start(tmp_path: Path, text: str, at: str) -> None:
    said = reason(tmp_path, text.encode("utf-8"))
    assert (
        said
        == f"case.yaml:{at}: a scenario is a YAML map of keys (name, ruleset, setup, state, steps, expect...)"
    )


def test_steps_that_take_no_decision_each_have_the_step_budget(tmp_path: Path) -> None:
    """The budget of steps "since the last decision" (10,000) ran on from one step of the file to the next
    when none of them asked a decision: a file of 3,000 `end_turn` steps (four rule steps each) failed
    with `the call of procedure 'add_war_cards' was still running after 10,000 steps since the last
    decision …; does it ever end?`, of a rule that ends every time. The whole game's budget (100,000)
    still bounds the file."""
    steps = "steps:\n" + "  - end_turn: true\n" * 3000
    assert reason(tmp_path, (BODY + steps + "expect: {turn: 10}\n").encode("utf-8")) == ""
    path = tmp_path / "case.yaml"
    bounded = run_file(path, {"game_step_limit": 5000})
    assert not bounded.passed
    assert "5,000 steps in this game (the game's step limit, --game-step-limit)" in bounded.reason


def test_scenario_coverage_shows_names_escaped(tmp_path: Path) -> None:
    """`scenario run` showed a file's name escaped; `scenario coverage` listed the files it did not count
    as they were named (a file `bad<ESC>[2J.yaml` from someone's archive cleared the terminal), and the
    `--ruleset` it could not compile likewise."""
    from click.testing import CliRunner
    from twilight.cli.main import cli

    bad = tmp_path / "bad\x1b[2J.yaml"
    bad.write_text(BODY + "steps: [{end_turn: true}]\nexpect: {turn: 9}\n", encoding="utf-8")
    done = CliRunner().invoke(cli, ["scenario", "coverage", str(bad)], color=True)
    assert done.exit_code == 1
    assert "\x1b" not in done.output and "bad\\x1b[2J.yaml" in done.output, done.output[-500:]
    done = CliRunner().invoke(cli, ["scenario", "coverage", "--ruleset", "\x1b[2Jq", str(bad)], color=True)
    assert done.exit_code == 1
    assert done.output == "\\x1b[2Jq: does not compile (run `twilight check '\\x1b[2Jq'`)\n", done.output


SETUP = (Path(__file__).parent / "scenarios" / "standard" / "3_setup_standard.yaml").read_text(
    encoding="utf-8"
)


@pytest.mark.parametrize("count", ["99999999999999999999", "100000000"], ids=["20-digits", "1e8"])
def test_an_answer_map_with_a_huge_count_does_not_fit_and_is_not_expanded(tmp_path: Path, count: str) -> None:
    """`{poland: N}` answers a decision with N picks of Poland: the list was built whole before it was
    checked, and N = 10**20 took 22 GB in 20 s and went on (the machine's memory, then the kernel's
    killer). Only as many picks as the decision takes, and one more, are made: then it does not fit."""
    text = SETUP.replace("{poland: 4, hungary: 2}", "{poland: " + count + "}")
    assert text != SETUP
    tracemalloc.start()
    start = time.process_time()
    said = reason(tmp_path, text.encode("utf-8"))
    spent = time.process_time() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert spent < 10 and peak < 200 * 2**20, (spent, peak)
    assert f"answers[0] = {{poland: {count}}} does not fit ussr_setup_influence (ussr)" in said, said
