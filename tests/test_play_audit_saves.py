"""The unfinished games as `twilight saves` lists them and `twilight play` offers to continue them, in both
languages: the AI's level reads as part of the sentence ("level: hard (the AI starts with 4 VP)"), not as
the setup question's capitalised answer dropped in the middle of it ("you play US, Hard (…), turn 1")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from play_driver import PlayDriver
from twilight.cli.main import cli

LEVEL = {
    "en": "you play USSR, level: hard (the AI starts with 4 VP), turn 3",
    "ru": "вы за СССР, уровень: сложный (ИИ начинает с 4 ПО), ход 3",
}
CAPITALISED = {"en": ", Hard (", "ru": ", Сложный ("}


def solo_save(lang: str) -> dict[str, Any]:
    return {
        "format": 1,
        "ruleset": "solo-v2",
        "seed": 7,
        "settings": {"ai_side": "us", "level": "hard"},
        "answers": [],
        "digest": "0123456789abcdef",
        "state": {"turn": 3},
        "play": {"humans": ["ussr"], "lang": lang, "finished": False},
    }


def put(home: Path, lang: str) -> None:
    (home / "saves").mkdir(parents=True, exist_ok=True)
    (home / "saves" / "cold-war.json").write_text(json.dumps(solo_save(lang)), encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_twilight_saves_names_the_level_in_the_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    put(tmp_path, lang)
    result = CliRunner().invoke(cli, ["saves", "--lang", lang])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # as it reads, whatever the width it was wrapped at
    assert LEVEL[lang] in said, said
    assert CAPITALISED[lang] not in said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_question_to_continue_names_the_level_in_the_sentence(tmp_path: Path, lang: str) -> None:
    pytest.importorskip("pexpect")
    put(tmp_path, lang)
    driver = PlayDriver(["--lang", lang], tmp_path)
    said = " ".join(driver.until_prompt().split())
    assert LEVEL[lang] in said, said
    assert CAPITALISED[lang] not in said
    driver.child.sendcontrol("c")
    driver.finish()
