"""`TWILIGHT_HOME` naming a file (or a file standing at `$TWILIGHT_HOME/saves`): `twilight saves`,
`twilight saves delete` and `twilight play --resume` once said "no unfinished game" (or "there are no
saves"), as if the player's games were gone. They now say that the folder is a file and what to do, in
the player's language, exit 1. A save kept elsewhere still plays (`--resume FILE`, docs/play.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.play.cmd import play
from twilight.cli.session.saves import SaveError, resumable_saves


@pytest.fixture(params=["home", "saves"])
def blocker(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file where the home folder (or its saves folder) should be."""
    if request.param == "home":
        file = tmp_path / "home"
        monkeypatch.setenv("TWILIGHT_HOME", str(file))
    else:
        monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
        file = tmp_path / "saves"
    file.write_text("not a folder\n", encoding="utf-8")
    return file


def told(result: object) -> str:
    return " ".join(str(getattr(result, "output", "")).split())


def test_saves_says_the_folder_is_a_file(blocker: Path) -> None:
    result = CliRunner().invoke(cli, ["saves"])
    said = told(result)
    assert result.exit_code == 1, said
    assert f"{blocker} is a file, not a folder: twilight keeps its saves in the folder" in said, said
    assert "no unfinished game" not in said and "Traceback" not in said


def test_saves_says_it_in_russian(blocker: Path) -> None:
    result = CliRunner().invoke(cli, ["saves", "--lang", "ru"])
    said = told(result)
    assert result.exit_code == 1, said
    assert f"{blocker} — файл, а не папка" in said and "Укажите в TWILIGHT_HOME папку" in said, said


def test_delete_says_the_folder_is_a_file(blocker: Path) -> None:
    result = CliRunner().invoke(cli, ["saves", "delete", "game"])
    said = told(result)
    assert result.exit_code == 1 and f"{blocker} is a file, not a folder" in said, said
    assert "there are no saves" not in said


def test_resume_says_the_folder_is_a_file(blocker: Path) -> None:
    result = CliRunner().invoke(play, ["--resume", "--lang", "en"], input="")
    said = told(result)
    assert result.exit_code == 1, said
    assert f"{blocker} is a file, not a folder" in said and "TWILIGHT_HOME" in said, said
    assert "Traceback" not in said


def test_no_folder_yet_is_no_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from twilight.cli.session.saves import folder_problem

    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "not-yet"))
    assert folder_problem() is None
    skipped: list[SaveError] = []
    assert list(resumable_saves(skipped=skipped)) == [] and skipped == []
    result = CliRunner().invoke(cli, ["saves"])
    assert result.exit_code == 0 and "There is no unfinished game" in result.output


def test_a_new_game_refuses_before_its_first_move(blocker: Path) -> None:
    # (documented in docs/play.md: a game that cannot be saved would be lost; nothing is written)
    args = ["--side", "us", "--level", "normal", "--lang", "en", "--seed", "3"]
    result = CliRunner().invoke(play, [*args, "--set", "deluxe_map_canada=false"], input="")
    said = told(result)
    assert result.exit_code == 1, said
    assert "Cannot write" in said and str(blocker) in said and "Traceback" not in said
    assert blocker.read_text(encoding="utf-8") == "not a folder\n"
