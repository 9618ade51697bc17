"""A variant's `int` setting marked `asked` (docs/language.md, "Settings"): `twilight play` asks for a
whole number within its bounds, and the browser's start page gives a number field.

The defects this guards against: the terminal offered no choice at all (an int setting has no values to
list: "Enter takes the default" was the only answer), kept the default as the text "-3", and that save
was then refused by `play --resume` ("not a twilight save file (settings.cold_start: … got '-3')"); the
start page showed an empty fieldset."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from twilight.cli.play.cmd import ask_settings
from twilight.cli.session.text import PlayText
from twilight.cli.web.page import asked_settings
from twilight.compiler.api import compile_target

MANIFEST = """ruleset "cold-v2" provisional "P10: a test variant" {
  version "1"
  extends "solo-v2"
  description "solo-v2 with a setting asked below zero"
}
"""
SETTING = 'setting cold_start: int from -5 to -1 = -3 asked provisional "P10: a test"\n'
WORDS = {
    "en": "setting-cold_start = How cold a start?\n",
    "ru": "setting-cold_start = Насколько холодное начало?\n",
}


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rules") / "cold-v2"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(MANIFEST, encoding="utf-8")
    (folder / "more.tsr").write_text(SETTING, encoding="utf-8")
    for lang, text in WORDS.items():
        (folder / "locales" / lang).mkdir(parents=True)
        (folder / "locales" / lang / "play.ftl").write_text(text, encoding="utf-8")
    return folder


def compiled(folder: Path) -> dict[str, Any]:
    result = compile_target(str(folder))
    assert result.ok and result.ir is not None
    return result.ir


class Typed:
    """A reader that answers the questions with the lines given, in turn."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def read(self, prompt: str, words: Any) -> str:
        return self.lines.pop(0)


@pytest.mark.parametrize(
    ("lang", "refused"),
    [("en", "“x” is not a whole number from -5 to -1."), ("ru", "«x» — не целое число от -5 до -1.")],
)
def test_play_asks_a_whole_number_within_the_bounds(variant: Path, lang: str, refused: str) -> None:
    ir = compiled(variant)
    out = io.StringIO()
    settings: dict[str, Any] = {"deluxe_map_canada": False}  # (the map: asked too, given here)
    reader = Typed("x", "-9", "-4")
    ask_settings(reader, Console(file=out, width=200), PlayText(str(variant), lang, ir), ir, settings, True)  # type: ignore[arg-type]
    assert settings["cold_start"] == -4 and type(settings["cold_start"]) is int
    shown = out.getvalue()
    assert WORDS[lang].split(" = ")[1].strip() in shown
    assert refused in shown
    assert refused.replace("x", "-9") in shown
    assert not reader.lines


def test_enter_takes_the_default_as_a_number(variant: Path) -> None:
    ir = compiled(variant)
    settings: dict[str, Any] = {"deluxe_map_canada": False}  # (the map: asked too, given here)
    ask_settings(Typed(""), Console(file=io.StringIO()), PlayText(str(variant), "en", ir), ir, settings, True)  # type: ignore[arg-type]
    assert settings["cold_start"] == -3 and type(settings["cold_start"]) is int


def test_a_game_started_with_it_is_saved_with_a_number_and_resumes(variant: Path, tmp_path: Path) -> None:
    env = {**os.environ, "TWILIGHT_HOME": str(tmp_path / "home"), "COLUMNS": "120"}
    play = [sys.executable, "-m", "twilight.cli.main", "play"]
    first = [*play, "--ruleset", str(variant), "--side", "us", "--level", "normal", "--lang", "en"]
    first += ["--set", "deluxe_map_canada=false", "--seed", "4"]
    started = subprocess.run(first, input="-2\n", capture_output=True, text=True, env=env, timeout=120)
    assert "A whole number from -5 to -1; the default: -3" in started.stdout
    [save] = (tmp_path / "home" / "saves").glob("*.json")
    assert json.loads(save.read_text(encoding="utf-8"))["settings"]["cold_start"] == -2
    resumed = subprocess.run(
        [*play, "--resume", "--lang", "en"], input="", capture_output=True, text=True, env=env, timeout=120
    )
    assert "not a twilight save file" not in resumed.stdout + resumed.stderr
    assert "Traceback" not in resumed.stderr


def test_the_start_page_gives_a_number_field_within_the_bounds(variant: Path) -> None:
    ir = compiled(variant)
    html = "".join(asked_settings(None, PlayText(str(variant), "ru", ir), ir))  # type: ignore[arg-type]
    assert (
        '<input type="number" name="setting-cold_start" value="-3" step="1" min="-5" max="-1" required>'
        in html
    )
    assert "Насколько холодное начало?" in html and "Целое число от -5 до -1; по умолчанию: -3" in html
