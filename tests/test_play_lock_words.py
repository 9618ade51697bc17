"""A save another game holds is said to be in use in the language of the game it holds (unless `--lang`
names another), whether it is resumed by its file or as the last unfinished game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import test_play_locks
from click.testing import CliRunner
from twilight.cli.play.cmd import play
from twilight.cli.session.saves import SaveLock

# (test_play_locks's save, played in Russian by a person)
PLAYED = {"humans": ["us"], "lang": "ru", "policy": None, "finished": False}
A_SAVE = {**test_play_locks.A_SAVE, "play": PLAYED}
IN_USE = {"ru": "занято другой игрой", "en": "is in use by another game"}


@pytest.mark.parametrize(
    ("args", "lang"),
    [([], "ru"), (["--lang", "en"], "en"), (["--lang", "ru"], "ru")],
    ids=["the-saves", "lang-en", "lang-ru"],
)
def test_a_save_in_use_is_said_in_the_games_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], lang: str
) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saves / "solo-v2-5.json"
    save.write_text(json.dumps(A_SAVE), encoding="utf-8")
    with SaveLock(save):
        for resume in (["--resume", str(save)], ["--resume"]):
            result = CliRunner().invoke(play, [*resume, *args])
            assert result.exit_code == 1, result.output
            assert IN_USE[lang] in result.output, result.output
            assert str(os.getpid()) in result.output
