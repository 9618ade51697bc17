"""Save files of `twilight play`: where they live, written so that a crash never leaves half a file, and
read back with a clear reason when one is damaged.

A save is the engine's own save data (ruleset, seed, settings, every answer so far and the state digest
they lead to, see `Engine.save_data`) plus a `play` block: who plays which side, the language, and
whether the game is over. Replaying the answers rebuilds the game exactly, so a save is small and a
resumed game is the same game.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from twilight.runtime.input_bounds import ECHO_CHARS, InputRefused, clip, parse_json

SAVE_SUFFIX = ".json"
# A save holds a game's answers and its state: a whole game's is ~20 KB. A file far bigger is not a save
# (and is not read into memory to find out).
MAX_SAVE_BYTES = 8 * 1024 * 1024
# A seed is a number below 2**64 either way (`twilight play --seed` takes no other).
SEED_LIMIT = 2**64
SIDES = ("us", "ussr")
# Why a save cannot be used (`SaveError.code`; each is a `play-save-<code>` message).
SAVE_CODES = ("missing", "unreadable", "not-json", "not-a-save")


class SaveError(Exception):
    """A save that cannot be used: `code` names the reason (a `play-save-<code>` message), `detail` adds
    what was found."""

    def __init__(self, code: str, path: Path, detail: str = "") -> None:
        super().__init__(f"{path}: {code}{': ' + detail if detail else ''}")
        self.code = code
        self.path = path
        self.detail = detail


def data_home() -> Path:
    """Where twilight keeps a player's files: $TWILIGHT_HOME, else $XDG_DATA_HOME/twilight, else
    ~/.local/share/twilight."""
    explicit = os.environ.get("TWILIGHT_HOME")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "twilight"


def saves_dir() -> Path:
    return data_home() / "saves"


def new_save_path(ruleset: str, seed: int) -> Path:
    return saves_dir() / f"{ruleset}-{seed}{SAVE_SUFFIX}"


def trace_path_for(save: Path) -> Path:
    """The game's trace (JSON lines) sits beside its save."""
    return save.with_name(save.name.removesuffix(SAVE_SUFFIX) + ".trace.jsonl")


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write JSON to a temporary file in the same folder, flush it to disk, then rename it over the old
    save: at every moment the path holds either the old save or the new one, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    # The rename itself reaches the disk only when the folder is flushed too (POSIX).
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def read_save(path: Path) -> dict[str, Any]:
    """A save's data, or SaveError saying what is wrong with the file."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError("missing", path) from None
    except IsADirectoryError:
        raise SaveError("unreadable", path, "a folder") from None
    except OSError as err:
        raise SaveError("unreadable", path, str(err.strerror or err)) from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError("not-a-save", path, f"over {MAX_SAVE_BYTES // 2**20} MiB")
    try:
        data = parse_json(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise SaveError("not-json", path, str(err)) from None
    except InputRefused as err:
        raise SaveError("not-json" if err.syntax else "not-a-save", path, str(err)) from None
    if not isinstance(data, dict):
        raise SaveError("not-a-save", path, "not a JSON object")
    if data.get("format") != 1:
        raise SaveError("not-a-save", path, f"format {data.get('format')!r}")
    problems = [
        key
        for key, kind in (
            ("ruleset", str),
            ("seed", int),
            ("settings", dict),
            ("answers", list),
            ("digest", str),
            ("play", dict),
        )
        if not isinstance(data.get(key), kind)
    ]
    if problems:
        raise SaveError("not-a-save", path, ", ".join(problems))
    problem = _bounds_problem(data)
    if problem:
        raise SaveError("not-a-save", path, problem)
    return data


def _bounds_problem(data: dict[str, Any]) -> str | None:
    """What in a save (of the right shape) is out of what a game can hold: a seed `--seed` never takes,
    an answer that is not a [side, answer] pair, a player who is not a side, a setting that is not a word,
    a number or true/false."""
    seed = data["seed"]
    if isinstance(seed, bool) or not -SEED_LIMIT < seed < SEED_LIMIT:
        return "seed: a number below 2**64 is expected"
    for i, answer in enumerate(data["answers"]):
        if not (isinstance(answer, list) and len(answer) == 2 and answer[0] in SIDES):
            return f"answers[{i}]: a [side, answer] pair is expected"
    play = data["play"]
    if not isinstance(play.get("humans"), list) or not isinstance(play.get("lang"), str):
        return "play"
    for i, side in enumerate(play["humans"]):
        if side not in SIDES:
            return f"play.humans[{i}]: us or ussr is expected, got {clip(repr(side), ECHO_CHARS)}"
    for name, value in data["settings"].items():
        if not isinstance(value, (str, int)):  # bool is an int
            return f"settings.{clip(str(name), ECHO_CHARS)}: a word, a number or true/false is expected"
    return None


def saves_newest_first(folder: Path | None = None) -> list[Path]:
    folder = folder or saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"*{SAVE_SUFFIX}"):
        with contextlib.suppress(OSError):  # gone or unreadable since the listing: not a candidate
            if path.is_file():
                found.append((path.stat().st_mtime, path))
    return [path for _, path in sorted(found, key=lambda item: item[0], reverse=True)]


def resumable_saves(
    folder: Path | None = None, skipped: list[SaveError] | None = None
) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The saves of games not yet over, newest first, with their data; a damaged one is left out (and,
    when `skipped` is given, added to it as it is met, so that the caller can say which it skipped)."""
    for path in saves_newest_first(folder):
        try:
            data = read_save(path)
        except SaveError as err:
            if skipped is not None:
                skipped.append(err)
            continue
        if not data["play"].get("finished"):
            yield path, data


def latest_save(folder: Path | None = None, skipped: list[SaveError] | None = None) -> Path | None:
    """The most recently written save of a game not yet over, if any (damaged ones skipped)."""
    for path, _ in resumable_saves(folder, skipped):
        return path
    return None
