"""`twilight balance` and `balance-report` as an author runs them: an output name that is neither a page
nor JSON is refused before any game is played, and a merged report never overwrites the runs it reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from twilight.cli.main import cli

# One quick cell: the random policy, one game.
ONE_GAME = ["solo-v2", "--levels", "normal", "--sides", "ussr", "--policy", "random", "--games", "1"]


def run(args: list[str]) -> Result:
    return CliRunner().invoke(cli, args)


@pytest.mark.parametrize("name", ["report.txt", "report", "report.HTML.bak"])
def test_balance_refuses_an_output_that_is_neither_a_page_nor_json(tmp_path: Path, name: str) -> None:
    """`-o report.txt` played every game (minutes with the default search), then wrote the HTML page into
    report.txt; now it is refused at once, saying which names it takes, and nothing is written."""
    result = run(["balance", *ONE_GAME, "-o", str(tmp_path / name)])
    assert result.exit_code == 2, result.output
    assert ".html" in result.output and ".json" in result.output
    assert "AI wins" not in result.output  # (no game was played)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def one_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("audit-balance-run")
    result = run(["balance", *ONE_GAME, "-o", str(folder / "normal-ussr.json")])
    assert result.exit_code == 0, result.output
    return folder / "normal-ussr.json"


@pytest.mark.parametrize("output", ["normal-ussr.html", "normal-ussr.json"])
def test_a_merged_report_never_overwrites_a_run_it_reads(one_run: Path, tmp_path: Path, output: str) -> None:
    """`balance-report normal-ussr.json … -o normal-ussr.html` wrote the merged figures as
    normal-ussr.json beside the page: over the run it had just read, whose figures were lost."""
    run_file = tmp_path / "normal-ussr.json"
    run_file.write_bytes(one_run.read_bytes())
    before = run_file.read_bytes()
    result = run(["balance-report", str(run_file), "-o", str(tmp_path / output)])
    assert result.exit_code != 0, result.output
    assert "normal-ussr.json" in result.output and "overwrite" in result.output
    assert run_file.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["normal-ussr.json"]


def test_balance_report_refuses_an_output_that_is_neither_a_page_nor_json(
    one_run: Path, tmp_path: Path
) -> None:
    result = run(["balance-report", str(one_run), "-o", str(tmp_path / "merged.txt")])
    assert result.exit_code == 2, result.output
    assert ".html" in result.output and ".json" in result.output
    assert list(tmp_path.iterdir()) == []


def test_balance_report_still_writes_a_page_and_its_figures(one_run: Path, tmp_path: Path) -> None:
    result = run(["balance-report", str(one_run), "-o", str(tmp_path / "merged.html")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["merged.html", "merged.json"]


@pytest.mark.parametrize(("setting", "option"), [("level=hard", "--levels"), ("ai_side=us", "--sides")])
def test_the_level_and_side_are_not_set_with_set(tmp_path: Path, setting: str, option: str) -> None:
    """`--levels normal --set level=hard` played at normal, the --set overridden without a word."""
    result = run(["balance", *ONE_GAME, "--set", setting, "-o", str(tmp_path / "r.json")])
    assert result.exit_code == 2, result.output
    assert option in result.output and "AI wins" not in result.output
    assert list(tmp_path.iterdir()) == []
