"""Command-line values that an audit of hostile input found empty or contradictory and taken all the same:
`-o ''` wrote a docs site into the current folder, `--trace-dir ''` the traces, `i18n review -o ''` printed
instead, `play --ruleset ''` and `--save ''` took the defaults, `balance --sides ,,,` or `--levels ''`
started a full run, `simulate --players us=search,us=greedy` kept the last. Each is now a usage error
(exit status 2) on one line that names the option, says what is wrong and what to write instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from twilight.cli.main import cli


def invoked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> Result:
    """`twilight ARGS` run in an empty folder of its own, with its own TWILIGHT_HOME."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return CliRunner().invoke(cli, args, input="", env={"TWILIGHT_HOME": str(tmp_path / "home")})


def refused(result: Result, option: str) -> str:
    """The error line of a usage error about `option` (the rest of the output is click's usage lines)."""
    said = result.output
    assert result.exit_code == 2, said[-600:]
    assert "Traceback" not in said and "internal error" not in said, said
    errors = [line for line in said.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, said
    assert option in errors[0], errors[0]
    return errors[0]


@pytest.mark.parametrize(
    ("args", "option", "instead"),
    [
        (["docs", "solo-v2", "-o", ""], "-o", "a folder's name"),
        (["simulate", "--games", "1", "--trace-dir", ""], "--trace-dir", "a folder's name"),
        (["i18n", "review", "solo-v2", "-o", ""], "-o", "a file's name"),
        (
            ["play", "--save", "", "--seed", "1", "--side", "us", "--level", "normal", "--lang", "en"],
            "--save",
            "a file's name",
        ),
    ],
    ids=["docs-o", "simulate-trace-dir", "i18n-review-o", "play-save"],
)
def test_an_empty_path_is_refused_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], option: str, instead: str
) -> None:
    line = refused(invoked(tmp_path, monkeypatch, args), option)
    assert "empty" in line and instead in line, line
    assert list((tmp_path / "work").iterdir()) == []  # (once: 14 pages, or game-00000.jsonl, right here)
    assert not (tmp_path / "home" / "saves").exists() or not list(
        (tmp_path / "home" / "saves").glob("*.json")
    )


def test_a_folder_option_says_how_to_name_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = refused(invoked(tmp_path, monkeypatch, ["docs", "solo-v2", "-o", ""]), "-o")
    assert "'.'" in line, line


def test_the_current_folder_named_with_a_dot_is_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = invoked(tmp_path, monkeypatch, ["docs", "solo-v2", "-o", "."])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "work" / "index.html").is_file()


def test_an_empty_ruleset_is_refused_not_the_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["play", "--ruleset", "", "--seed", "1", "--side", "us", "--level", "normal", "--lang", "en"]
    line = refused(invoked(tmp_path, monkeypatch, args), "--ruleset")
    assert "empty" in line and "solo-v2" in line, line


@pytest.mark.parametrize(
    ("option", "value", "example"),
    [
        ("--sides", ",,,", "--sides us,ussr"),
        ("--levels", "", "--levels normal,expert"),
        ("--levels", " , ", ""),
    ],
    ids=["sides-commas", "levels-empty", "levels-blank"],
)
def test_a_balance_list_of_no_word_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str, value: str, example: str
) -> None:
    args = ["balance", "solo-v2", option, value, "--policy", "random", "--games", "1", "--jobs", "1"]
    line = refused(invoked(tmp_path, monkeypatch, [*args, "-o", "r.json"]), option)
    assert "names no" in line and example in line, line
    assert not (tmp_path / "work" / "r.json").exists()


@pytest.mark.parametrize(
    "players",
    ["us=search,us=greedy", "ussr=random,us=greedy,ussr=random", " us=greedy , us = random"],
    ids=["us-twice", "ussr-twice-same", "spaces"],
)
def test_simulate_refuses_a_side_given_two_policies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: str
) -> None:
    line = refused(
        invoked(tmp_path, monkeypatch, ["simulate", "--games", "1", "--players", players]), "--players"
    )
    assert "twice" in line and "us=search,ussr=greedy" in line, line


def test_simulate_still_takes_each_side_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = invoked(
        tmp_path, monkeypatch, ["simulate", "--games", "1", "--players", "ussr=greedy,us=random", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert '"players": "us=random,ussr=greedy"' in result.output
