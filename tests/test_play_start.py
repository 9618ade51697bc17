"""What `twilight play` needs before its first question, and no more: the start of a game imports none of
the other commands' modules, and what play names for itself agrees with `twilight simulate`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from helpers import compiled_ir
from twilight.cli import settings_arg, simulate_cmd
from twilight.cli.play import cmd as play_cmd
from twilight.compiler import api

PROBE = """
import atexit, json, sys
import gc
atexit.register(lambda: print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.stderr))
atexit.register(lambda: print("GC", gc.isenabled(), gc.get_freeze_count(), file=sys.stderr))
from twilight.cli.main import main
sys.argv = ["twilight", "play", *ARGS]
main()
"""


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A compiler cache of this test's own, holding solo-v2's IR: a game starts with a warm cache, and
    another process clearing the shared one cannot make this test compile."""
    folder = tmp_path_factory.mktemp("cache")
    saved = os.environ.get("TWILIGHT_CACHE")
    os.environ["TWILIGHT_CACHE"] = str(folder)
    try:
        assert api.compile_target("solo-v2").ok
    finally:
        if saved is None:
            del os.environ["TWILIGHT_CACHE"]
        else:
            os.environ["TWILIGHT_CACHE"] = saved
    return folder


def modules_at_first_question(args: list[str], home: Path, cache: Path) -> set[str]:
    """The modules a game has imported when it stops at its first question (the input ends there)."""
    env = {**os.environ, "TWILIGHT_HOME": str(home), "TWILIGHT_CACHE": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE.replace("ARGS", json.dumps(args))],
        input="",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr  # 1: the input ended before the game began
    # The game ran with the collector working, what start-up loaded (the ruleset's IR) frozen out of it.
    gc_line = next(line for line in done.stderr.splitlines() if line.startswith("GC "))
    _, enabled, frozen = gc_line.split()
    assert enabled == "True" and int(frozen) > 20_000  # the ruleset's IR alone is tens of thousands
    line = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "en", "--side", "us", "--seed", "1"],
        [
            "--lang",
            "ru",
            "--side",
            "us",
            "--seed",
            "1",
            "--level",
            "hard",
            "--set",
            "deluxe_map_canada=false",
        ],
    ],
    ids=["asks-the-level", "first-question-of-the-game"],
)
def test_a_game_starts_without_the_other_commands(args: list[str], tmp_path: Path, warm_cache: Path) -> None:
    loaded = modules_at_first_question(args, tmp_path, warm_cache)
    assert "twilight.cli.play.cmd" in loaded and "rich.console" in loaded
    others = [
        m
        for m in loaded
        if m.startswith("twilight.cli.")
        and m.removeprefix("twilight.cli.").split("_")[0]
        in ("docs", "diff", "explain", "simulate", "fmt", "ruleset")
    ]
    assert others == []
    for heavy in ("multiprocessing", "jsonschema", "yaml", "twilight.cli.reference", "twilight.cli.outline"):
        assert heavy not in loaded
    # With the IR cached, neither the parser nor the checker is needed (manifests are remembered too).
    for compiler_part in ("lark", "twilight.compiler.parser", "twilight.compiler.decls"):
        assert compiler_part not in loaded


def test_the_demo_policies_are_simulates() -> None:
    assert play_cmd.HUMAN_POLICIES == simulate_cmd.HUMAN_POLICIES


def test_settings_are_read_as_simulate_reads_them() -> None:
    ir = compiled_ir("solo-v2")
    # Both commands read `--set` with the one function of settings_arg (play without importing simulate).
    assert simulate_cmd.read_settings is settings_arg.read_settings
    assert play_cmd.assigned_settings(ir, ()) == settings_arg.read_settings(ir, ()) == {}
    given = ("level=hard", "ai_side=us", "deluxe_map_canada=true")
    assert play_cmd.assigned_settings(ir, given) == {
        "level": "hard",
        "ai_side": "us",
        "deluxe_map_canada": True,
    }
    for wrong in ("no_such_setting=1", "level=godlike", "deluxe_map_canada=maybe"):
        with pytest.raises(click.BadParameter):
            play_cmd.assigned_settings(ir, (wrong,))


@pytest.mark.parametrize(
    ("lang", "help_word", "quit_word", "said"),
    [("en", "?", "quit", "Type the number or the name"), ("ru", "помощь", "выход", "Введите номер")],
)
def test_help_and_quit_are_understood_at_the_questions_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, help_word: str, quit_word: str, said: str
) -> None:
    """The map question before the game said "? for help" and then refused `?`, and `quit`."""
    from click.testing import CliRunner

    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    args = ["--side", "us", "--level", "normal", "--seed", "3", "--lang", lang]
    result = CliRunner().invoke(play_cmd.play, args, input=f"{help_word}\n{quit_word}\n")
    assert said in result.output, result.output
    assert "is not one of the choices" not in result.output and "не среди вариантов" not in result.output
    assert result.exit_code == 1 and not list((tmp_path / "saves").glob("*.json"))
