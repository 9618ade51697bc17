"""Save files of `twilight play`: written whole or not at all, read back with a reason when damaged."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from twilight.cli.session.saves import SaveError, SaveWriteError, latest_save, read_save, write_atomic


def a_save(answers: int = 3, finished: bool = False) -> dict[str, Any]:
    return {
        "format": 1,
        "ruleset": "solo-v2",
        "seed": 7,
        "settings": {"ai_side": "ussr"},
        "answers": [["us", "nato"]] * answers,
        "digest": "0123456789abcdef",
        "state": {},
        "play": {"humans": ["us"], "lang": "ru", "finished": finished},
    }


def test_written_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "game.json"
    write_atomic(path, a_save())
    assert read_save(path) == a_save()
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_a_failed_write_leaves_the_old_save_and_no_litter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    write_atomic(path, a_save(1))

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveWriteError):
        write_atomic(path, a_save(50))
    assert read_save(path) == a_save(1)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


WRITER = """
import sys
from pathlib import Path
from twilight.cli.session.saves import write_atomic
path = Path(sys.argv[1])
n = 0
print("ready", flush=True)
while True:
    n += 1
    save = {"format": 1, "ruleset": "solo-v2", "seed": n, "settings": {}, "digest": "x",
            "answers": [["us", "card_%d" % i] for i in range(2000 + n % 500)],
            "play": {"humans": ["us"], "lang": "en"}}
    write_atomic(path, save)
"""


def test_a_crash_while_saving_never_leaves_half_a_file(tmp_path: Path) -> None:
    """A writer saving as fast as it can is killed (SIGKILL: no clean-up runs) at 15 moments; every time,
    the save on disk is a whole one."""
    path = tmp_path / "game.json"
    for attempt in range(15):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(0.05 + 0.013 * attempt)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        if path.exists():
            data = read_save(path)
            assert len(data["answers"]) >= 2000
    assert path.exists()


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (None, "missing"),
        (b"{", "not-json"),
        (b"", "not-json"),
        (b"\xff\xfe", "not-json"),
        (b"[]", "not-a-save"),
        (b'{"format": 2}', "newer-format"),  # (a later twilight's: said so, in the player's words)
        (b'{"format": 1, "ruleset": "solo-v2", "seed": "x"}', "not-a-save"),
    ],
)
def test_a_damaged_save_says_why(tmp_path: Path, content: bytes | None, code: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert err.value.code == code
    assert err.value.path == path


def test_a_save_without_its_play_block_is_refused(tmp_path: Path) -> None:
    data = a_save()
    data["play"] = {"lang": "en"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert err.value.code == "not-a-save"


def test_a_folder_is_not_a_save(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as err:
        read_save(tmp_path)
    assert err.value.code == "unreadable"


def test_latest_save_is_the_newest_unfinished_game(tmp_path: Path) -> None:
    assert latest_save(tmp_path) is None
    old, done, broken = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    write_atomic(old, a_save())
    write_atomic(done, a_save(finished=True))
    broken.write_text("{", encoding="utf-8")
    now = time.time()
    os.utime(old, (now - 100, now - 100))
    os.utime(done, (now - 10, now - 10))
    assert latest_save(tmp_path) == old


@pytest.mark.parametrize("humans", [[], ["us", "us"]])
def test_a_save_nobody_plays_is_refused_with_its_field(tmp_path: Path, humans: list[str]) -> None:
    """`play.humans: []` once reached the browser game's page as an internal error."""
    data = a_save()
    data["play"]["humans"] = humans
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert err.value.code == "not-a-save" and "play.humans" in str(err.value.detail)


def test_a_save_missing_a_key_says_what_the_key_must_hold(tmp_path: Path) -> None:
    """The browser's error page shows the detail: a bare key ("digest") told nothing of what was wrong."""
    data = a_save()
    del data["digest"]
    data["seed"] = "x"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        read_save(path)
    wanted = "seed: a whole number is expected; digest: the game's digest (text) is expected"
    assert err.value.detail == wanted
