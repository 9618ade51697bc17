"""`twilight play --set ai_side=…` and `--set level=…` say what `--side` and `--level` say: the game is
played as they ask (they were once overwritten by the side and level asked or defaulted, without a word),
and when both ways are given and disagree, no game starts and one line says why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.play import cmd as play_cmd


def play(tmp_path: Path, *args: str) -> tuple[int, str, list[dict[str, Any]]]:
    """`twilight play` (solo-v2) with `args`, one answer and `quit`: its exit code, its output and the
    saves it left."""
    result = CliRunner().invoke(
        play_cmd.play,
        ["--ruleset", "solo-v2", *args],
        input="1\nquit\n",
        env={"TWILIGHT_HOME": str(tmp_path), "COLUMNS": "200"},
    )
    saves = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.rglob("saves/*.json"))]
    return result.exit_code, result.output, saves


def test_set_level_and_ai_side_are_played(tmp_path: Path) -> None:
    code, output, saves = play(tmp_path / "a", "--lang", "en", "--side", "us", "--set", "level=expert")
    assert code == 0, output[-400:]
    (save,) = saves
    assert save["settings"]["level"] == "expert" and save["settings"]["ai_side"] == "ussr"
    code, output, saves = play(tmp_path / "b", "--lang", "ru", "--level", "hard", "--set", "ai_side=us")
    assert code == 0, output[-400:]
    (save,) = saves
    assert save["settings"]["ai_side"] == "us" and save["play"]["humans"] == ["ussr"]
    assert save["settings"]["level"] == "hard"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--lang", "en", "--level", "hard", "--set", "level=expert"), "--set level=expert and --level hard"),
        (("--lang", "en", "--side", "us", "--set", "ai_side=us"), "--set ai_side=us and --side us"),
        (("--lang", "ru", "--side", "us", "--set", "ai_side=us"), "задают разные партии"),
    ],
)
def test_set_and_its_option_disagreeing_start_no_game(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    code, output, saves = play(tmp_path, *args)
    assert code == 2 and said in output and "Traceback" not in output
    assert saves == []
