"""`twilight explain state SAVE` takes a save as `twilight saves` names it, as `board` and `hint` do."""

from __future__ import annotations

from pathlib import Path

import pytest
from board_saves import write_save
from helpers import run_cli


def test_a_save_is_found_by_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`explain state standard-23` said there was no such save file, though `twilight saves` lists it by
    that name (and `board`, `hint` take it)."""
    folder = tmp_path / "home" / "saves"
    folder.mkdir(parents=True)
    write_save("standard", folder / "my-game.json", seed=11, turn=3)
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    code, out = run_cli(["explain", "state", "my-game", "--lang", "ru"])
    assert code == 0, out
    assert "now" not in out and "сейчас" in out
    assert "ход 3" in out.splitlines()[0]


def test_a_missing_save_is_still_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    code, out = run_cli(["explain", "state", "no-such-game"])
    assert code == 1
    assert out.strip().count("\n") == 0 and "no-such-game" in out
