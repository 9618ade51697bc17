"""How long `twilight play` takes to ask its first question: the real command in a pseudo-terminal (the
standard library's, so that no test-only dependency is needed), timed from spawn to its first prompt."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

# The prompt ends in "»"; prompt_toolkit then moves the cursor back to lay out the input line, which a
# «quote» inside a message never does (the same test as tests/play_driver.py).
PROMPT = re.compile(rb"\xc2\xbb\x1b\[\d+D")
ROWS, COLUMNS = 60, 220


class PlayProbeError(Exception):
    """`twilight play` did not reach its first prompt; the message says what it printed."""


def _terminal_env(home: str, pycache: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if pycache is not None:
        # Bytecode as an installed package has it (pip compiles on install), kept out of the source tree;
        # some environments set PYTHONDONTWRITEBYTECODE, which would compile every module at every start.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    env.update(
        TWILIGHT_HOME=home,  # the game saves itself: into a folder that is thrown away, never the user's
        PROMPT_TOOLKIT_NO_CPR="1",  # no cursor-position query that nobody would answer
        TERM="xterm",
        COLUMNS=str(COLUMNS),
        LINES=str(ROWS),
        PYTHONIOENCODING="utf-8",
    )
    env.pop("NO_COLOR", None)
    return env


def _read_until_prompt(master: int, deadline: float) -> tuple[bool, bytes]:
    """Read the terminal until the prompt shows (True), the program ends or the deadline passes."""
    seen = b""
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return False, seen
        ready, _, _ = select.select([master], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the program ended and closed the terminal
            return False, seen
        if not chunk:
            return False, seen
        seen += chunk
        if PROMPT.search(seen[-4096:]):
            return True, seen


def first_prompt_seconds(args: list[str], timeout: float = 60.0, pycache: str | None = None) -> float:
    """Seconds from spawning `python -m twilight.cli.main play ARGS` to its first prompt; the game is then
    killed. Its save folder is a temporary one, removed afterwards. `pycache`: a folder for Python's
    bytecode cache (PYTHONPYCACHEPREFIX)."""
    with tempfile.TemporaryDirectory(prefix="twilight-bench-") as home:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        command = [sys.executable, "-m", "twilight.cli.main", "play", *args]
        started = time.perf_counter()
        try:
            child = subprocess.Popen(
                command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=_terminal_env(home, pycache),
                start_new_session=True,  # its own session: the pty is its controlling terminal
                close_fds=True,
            )
        except OSError as err:
            os.close(master)
            os.close(slave)
            raise PlayProbeError(f"cannot start {sys.executable}: {err.strerror or err}") from None
        os.close(slave)
        try:
            found, seen = _read_until_prompt(master, started + timeout)
            seconds = time.perf_counter() - started
        finally:
            if child.poll() is None:
                os.kill(child.pid, signal.SIGKILL)
            child.wait()
            os.close(master)
        if not found:
            text = re.sub(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\r", b"", seen).decode("utf-8", "replace")
            tail = " | ".join(line for line in text.strip().splitlines()[-5:] if line.strip())
            why = "timed out" if child.returncode == -signal.SIGKILL else f"exited ({child.returncode})"
            raise PlayProbeError(f"twilight play {' '.join(args)} {why} before its first prompt: {tail}")
        return seconds
