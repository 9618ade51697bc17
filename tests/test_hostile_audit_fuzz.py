"""A fuzzer over the commands that read a player's save, run as a user runs them (the click command
line, in-process): a real save of an unfinished game, damaged at random (bits flipped, cut short, lines
lost or repeated, hostile pieces put in: huge numbers, deep nesting, NUL, invalid UTF-8), given to
`play --resume`, `hint`, `explain state` and `board`. Each must end with status 0, 1 or 2, never a
traceback, and leave the file as it was unless the game was resumed (and saved again on quitting)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playout import Stop, random_players, standard_ir, standard_program, stopping_players
from twilight.cli.main import cli
from twilight.runtime.core.invariants import CheckedEngine

PIECES = [
    b"[",
    b"]",
    b"{",
    b"}",
    b'"',
    b",",
    b":",
    b"9" * 40,
    b"-1",
    b"1e999",
    b"null",
    b"true",
    b'"us"',
    b"[" * 60,
    b"\x00",
    b"\xff\xfe",
    b'"\\ud800"',
    b'"../../x"',
    b'"ru"',
    b'"solo-v2"',
    b'["us", 3]',
    b"\n",
]


@pytest.fixture(scope="module")
def good_save() -> bytes:
    """A hot-seat game of the standard rules stopped after 30 answers, as `twilight play` saves one."""
    engine = CheckedEngine(
        standard_ir(), stopping_players(random_players(2), 30), seed=2, program=standard_program()
    )
    with pytest.raises(Stop):
        engine.run()
    data: dict[str, Any] = json.loads(json.dumps(engine.save_data()))
    data["play"] = {"humans": ["us", "ussr"], "lang": "en", "policy": None, "finished": False}
    return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")


@st.composite
def damaged(draw: st.DrawFn, good: bytes) -> bytes:
    data = bytearray(good)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "drop-lines", "repeat-lines"]))
        if kind == "flip":
            at = draw(st.integers(0, len(data) - 1))
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "cut":
            data = data[: draw(st.integers(0, len(data)))]
        elif kind == "insert":
            at = draw(st.integers(0, len(data)))
            data[at:at] = draw(st.sampled_from(PIECES))
        else:
            lines = bytes(data).split(b"\n")
            at, count = draw(st.integers(0, len(lines) - 1)), draw(st.integers(1, 4))
            if kind == "drop-lines":
                del lines[at : at + count]
            else:
                lines[at:at] = lines[at : at + count]
            data = bytearray(b"\n".join(lines))
        if not data:
            break
    return bytes(data)


def commands(save: Path, out: Path) -> list[list[str]]:
    return [
        ["play", "--resume", str(save), "--lang", "en"],
        ["hint", str(save)],
        ["explain", "state", str(save)],
        ["board", str(save), "-o", str(out)],
    ]


def run_all(folder: Path, raw: bytes) -> list[str]:
    """What went wrong with each command on a save holding `raw` (an empty list when nothing did)."""
    save = folder / "saves" / "game.json"
    wrong = []
    for args in commands(save, folder / "board.svg"):
        save.parent.mkdir(parents=True, exist_ok=True)
        save.write_bytes(raw)
        result = CliRunner().invoke(cli, args, input="q\n")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            wrong.append(f"{args[0]}: {type(result.exception).__name__}: {result.exception}")
        elif result.exit_code not in (0, 1, 2):
            wrong.append(f"{args[0]}: status {result.exit_code}")
        elif "Traceback" in result.output or "internal error" in result.output:
            wrong.append(f"{args[0]}: {result.output[-400:]}")
        elif save.read_bytes() != raw and not (args[0] == "play" and result.exit_code == 0):
            wrong.append(f"{args[0]}: the save changed though the game was not resumed")
    return wrong


def test_the_good_save_is_read_by_every_command(
    good_save: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fuzzer starts from a save each command takes (else it would only ever test refusals)."""
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    assert run_all(tmp_path, good_save) == []
    result = CliRunner().invoke(cli, ["play", "--resume", str(tmp_path / "saves" / "game.json")], input="q\n")
    assert "Resumed" in result.output and "(30 answers replayed)" in result.output, result.output


def test_a_damaged_save_is_refused_or_read_never_crashed_on(
    good_save: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))

    @settings(
        max_examples=25,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(damaged(good_save))
    def fuzz(raw: bytes) -> None:
        assert run_all(tmp_path, raw) == []

    fuzz()
