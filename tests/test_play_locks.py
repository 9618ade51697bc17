"""One game writes a save at a time, its trace never through a symbolic link, and a file that cannot be
written ends the game with one line naming it and the cause, the previous save untouched."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.play.cmd import play
from twilight.cli.session.saves import (
    SaveLock,
    SaveLocked,
    SaveWriteError,
    TraceFile,
    read_save,
    stale_temp_files,
    write_atomic,
)

A_SAVE = {
    "format": 1,
    "ruleset": "solo-v2",
    "seed": 5,
    "settings": {"ai_side": "ussr"},
    "answers": [],
    "digest": "0123456789abcdef",
    "play": {"humans": ["us"], "lang": "en", "policy": "random"},
}
DEMO = ["--human-policy", "random", "--seed", "5", "--lang", "en", "--delay", "0"]


def run_play(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(play, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), (
        result.output
    )
    return result.exit_code, result.output


def last_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1]


def assert_clean(folder: Path, *names: str) -> None:
    """The folder holds these files and nothing else: no temporary file, no lock left behind (`home`, the
    data home a test gives the game, holds the rules store of its saves: cli/session/rules_store.py)."""
    assert sorted(p.name for p in folder.iterdir() if p.name != "home") == sorted(names)


# ---------------------------------------------------------------------------------------- the lock


def test_a_lock_is_exclusive_and_names_its_holder(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    with SaveLock(save):
        assert json.loads((tmp_path / "game.json.lock").read_text())["pid"] == os.getpid()
        with pytest.raises(SaveLocked) as held:
            SaveLock(save).acquire()
        assert held.value.holder["pid"] == os.getpid()
        assert held.value.since() == time.strftime("%H:%M", time.localtime(held.value.holder["started"]))
    # Released: taken again at once, and the lock file is gone once let go.
    with SaveLock(save):
        pass
    assert_clean(tmp_path)


def test_what_another_process_wrote_in_the_lock_file_is_told_only_when_it_makes_sense(
    tmp_path: Path,
) -> None:
    save = tmp_path / "game.json"
    with SaveLock(save) as lock:
        assert lock.fd is not None
        for junk, holder in (
            (b"", {}),
            (b"\xff[", {}),
            (b"[1]", {}),
            (b'{"pid": "x\\u001b[2J", "host": "h\\u001b", "started": "noon"}', {}),
            (b'{"pid": 1' + b"0" * 5000 + b"}", {}),
            (b'{"pid": 42, "host": "box", "started": 1e300}', {"pid": 42, "host": "box", "started": 1e300}),
        ):
            os.ftruncate(lock.fd, 0)
            os.pwrite(lock.fd, junk, 0)
            with pytest.raises(SaveLocked) as held:
                SaveLock(save).acquire()
            assert held.value.holder == holder
            assert held.value.since() == ""  # no time, or one the clock cannot show


def test_taking_the_lock_removes_the_temporary_files_a_killed_writer_left(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    write_atomic(save, {"format": 1})
    stale = [tmp_path / ".game.json.4242.0123abcd.tmp", tmp_path / ".game.json.k2_x9q7z.tmp"]
    others = [tmp_path / ".game.json.x.json.4242.0123abcd.tmp", tmp_path / ".other.json.1.0123abcd.tmp"]
    for path in stale + others:
        path.write_text("{")
    assert sorted(stale_temp_files(save)) == sorted(stale)
    with SaveLock(save):
        assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in others)


def test_a_second_game_on_a_save_in_use_is_refused_and_a_killed_game_frees_it(tmp_path: Path) -> None:
    """A slow demo game holds its save; a second `play --resume` and a new game with the same --save
    exit 1 naming the first one's process, and write nothing. Killed (SIGKILL: no clean-up runs), the
    first game leaves a trace of whole lines and a lock the kernel has let go: the next game resumes."""
    save = tmp_path / "game.json"
    lock_file = tmp_path / "game.json.lock"
    env = {**os.environ, "TWILIGHT_HOME": str(tmp_path / "home")}
    first = subprocess.Popen(
        [sys.executable, "-m", "twilight.cli.main", "play", *DEMO[:-1], "0.4", "--save", str(save)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not (save.exists() and lock_file.exists() and lock_file.read_text()):
            assert first.poll() is None and time.monotonic() < deadline, "the first game did not start"
            time.sleep(0.05)
        for args in (["--resume", str(save)], [*DEMO, "--save", str(save)]):
            second = subprocess.run(
                [sys.executable, "-m", "twilight.cli.main", "play", *args],
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert second.returncode == 1, second.stdout
            said = second.stdout.strip()
            assert said.count("\n") == 0 and "Traceback" not in second.stderr
            assert f"{save} is in use by another game: process {first.pid} on " in said
            assert first.poll() is None  # the first game plays on
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    trace = tmp_path / "game.trace.jsonl"
    events = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert events[0]["kind"] == "game_start" and [e["n"] for e in events] == list(range(len(events)))
    # What a save killed half-way leaves, and the lock file the kill left behind: neither stops the next.
    (tmp_path / f".game.json.{first.pid}.0badcafe.tmp").write_text('{"format": 1, "answ')
    assert lock_file.exists()
    status, output = run_play("--resume", str(save))
    assert status == 0, output
    assert output.startswith(f"Resumed {save}")
    assert read_save(save)["play"]["finished"] is True
    assert_clean(tmp_path, "game.json", "game.trace.jsonl")
    assert json.loads(trace.read_text(encoding="utf-8").splitlines()[-1])["kind"] == "game_end"


# ---------------------------------------------------------------------------------------- symbolic links


def test_a_symbolic_link_at_the_trace_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    games = tmp_path / "games"
    games.mkdir()
    (games / "game.trace.jsonl").symlink_to(target)
    status, output = run_play(*DEMO, "--save", str(games / "game.json"))
    assert status == 1
    assert output.strip() == (
        f"Cannot write {games / 'game.trace.jsonl'}: it is a symbolic link, and twilight does not write "
        "through one. Remove it, or save elsewhere with --save."
    )
    assert target.read_text() == "keep me\n"
    assert_clean(games, "game.trace.jsonl")


def test_a_symbolic_link_at_the_lock_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    (tmp_path / "game.json.lock").symlink_to(target)
    with pytest.raises(SaveWriteError) as err:
        SaveLock(tmp_path / "game.json").acquire()
    assert (err.value.code, err.value.path) == ("symlink", tmp_path / "game.json.lock")
    assert target.read_text() == "keep me\n"


# ---------------------------------------------------------------------------------------- faults


def test_a_save_path_under_a_file_is_one_line(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    status, output = run_play(*DEMO, "--save", str(a_file / "game.json"))
    assert status == 1
    assert output.strip() == (
        f"Cannot write {a_file / 'game.json'} (Not a directory: {a_file}): the game stops, and any save "
        "already there is left as it was."
    )


def test_a_new_game_does_not_write_over_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    status, output = run_play(*DEMO, "--save", str(notes))
    assert status == 1
    assert output.startswith(f"{notes} is there already and is not a twilight save (")
    assert output.count("\n") == 1 and output.rstrip().endswith("Choose another file with --save.")
    assert notes.read_text() == "my notes\n"
    assert_clean(tmp_path, "notes.txt")


class FullDisk:
    """os.fsync (or os.write to the trace) fails with ENOSPC once `allowed` calls have gone through;
    `saved` keeps each save as it was renamed into place."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, save: Path, allowed: int) -> None:
        self.save = save
        self.allowed = allowed
        self.saved: list[bytes] = []
        real_replace = os.replace

        def replace(src: Any, dst: Any) -> None:
            real_replace(src, dst)
            if Path(dst) == save:
                self.saved.append(save.read_bytes())

        monkeypatch.setattr(os, "replace", replace)

    def spend(self) -> None:
        if self.allowed <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.allowed -= 1


def test_a_full_disk_while_saving_stops_the_game_and_keeps_the_last_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    disk = FullDisk(monkeypatch, save, allowed=3)
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if ".tmp" in os.readlink(f"/proc/self/fd/{fd}"):
            disk.spend()
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    status, output = run_play(*DEMO, "--save", str(save))
    assert status == 1
    assert last_line(output) == (
        f"Cannot write {save} (No space left on device): the game stops, and any save already there is "
        "left as it was."
    )
    assert len(disk.saved) == 3 and save.read_bytes() == disk.saved[-1]
    assert_clean(tmp_path, "game.json", "game.trace.jsonl")


def test_a_full_disk_while_tracing_stops_the_game_and_keeps_the_last_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    disk = FullDisk(monkeypatch, save, allowed=400)
    real_write = os.write

    def write(fd: int, data: Any) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".trace.jsonl"):
            disk.spend()
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    status, output = run_play(*DEMO, "--save", str(save))
    assert status == 1
    trace = tmp_path / "game.trace.jsonl"
    assert last_line(output) == (
        f"Cannot write {trace} (No space left on device): the game stops, and any save already there is "
        "left as it was."
    )
    assert disk.saved and save.read_bytes() == disk.saved[-1]
    assert len(trace.read_text(encoding="utf-8").splitlines()) == 400
    assert_clean(tmp_path, "game.json", "game.trace.jsonl")


def test_a_read_only_save_folder_is_one_line_and_the_save_is_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder of a save turns read-only (a remount; chmod would not stop root, who runs CI)."""
    save = tmp_path / "game.json"
    write_atomic(save, A_SAVE)
    before = save.read_bytes()
    real_open = os.open

    def read_only(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(os.fsdecode(path)).parent == tmp_path and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))
        return int(real_open(path, flags, *args, **kwargs))

    monkeypatch.setattr(os, "open", read_only)
    for args in (["--resume", str(save)], [*DEMO, "--save", str(save)]):
        status, output = run_play(*args)
        assert status == 1
        assert output.strip() == (
            f"Cannot write {save} (Read-only file system: {save}.lock): the game stops, and any save "
            "already there is left as it was."
        )
        assert save.read_bytes() == before
    assert_clean(tmp_path, "game.json")


def test_a_failed_write_names_the_save_and_the_cause(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    write_atomic(path, {"format": 1})

    def no_room(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_room)
    with pytest.raises(SaveWriteError) as err:
        write_atomic(path, {"format": 1, "more": 1})
    assert (err.value.code, err.value.path, err.value.cause) == (
        "write-failed",
        path,
        "No space left on device",
    )
    assert json.loads(path.read_text()) == {"format": 1}
    assert_clean(tmp_path, "game.json")


def test_a_trace_line_is_one_write_and_a_pipe_is_no_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[bytes] = []
    real_write = os.write

    def write(fd: int, data: Any) -> int:
        calls.append(bytes(data))
        return int(real_write(fd, data))

    path = tmp_path / "t.jsonl"
    path.write_text("old line\n")
    with TraceFile(path) as trace:
        monkeypatch.setattr(os, "write", write)
        line = json.dumps({"n": 0, "text": "é" * 10000}) + "\n"
        trace.write(line)
        monkeypatch.undo()
    assert calls == [line.encode("utf-8")]
    assert path.read_text(encoding="utf-8") == line  # a resumed game's trace starts afresh
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(SaveWriteError) as err:
        TraceFile(fifo)
    assert err.value.path == fifo
