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
from pathlib import Path
from typing import Any

SAVE_SUFFIX = ".json"
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
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("missing", path) from None
    except IsADirectoryError:
        raise SaveError("unreadable", path, "a folder") from None
    except OSError as err:
        raise SaveError("unreadable", path, str(err.strerror or err)) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SaveError("not-json", path, str(err)) from None
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
    play = data["play"]
    if not isinstance(play.get("humans"), list) or not isinstance(play.get("lang"), str):
        raise SaveError("not-a-save", path, "play")
    return data


def latest_save(folder: Path | None = None) -> Path | None:
    """The most recently written save of a game not yet over, if any."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return None
    candidates = sorted(
        (p for p in folder.glob(f"*{SAVE_SUFFIX}") if p.is_file()),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for path in candidates:
        try:
            data = read_save(path)
        except SaveError:
            continue
        if not data["play"].get("finished"):
            return path
    return None


def _shown_name(value: str, limit: int = 40) -> str:
    return repr(value if len(value) <= limit else value[:limit] + "…")


def check_save_names(path: Path, data: dict[str, Any]) -> None:
    """A save's `ruleset` and `lang` are names, looked up among the known rulesets and languages, never
    paths: a save names the game it belongs to, it does not say where rules or words are read from.
    SaveError ("not-a-save") otherwise."""
    from twilight.cli.i18n import LANGUAGES
    from twilight.compiler.loader import is_ruleset_name, known_rulesets

    ruleset, lang = data["ruleset"], data["play"]["lang"]
    known = known_rulesets()
    if not is_ruleset_name(ruleset) or ruleset not in known:
        listed = ", ".join(known) or "(none)"
        raise SaveError(
            "not-a-save", path, f"ruleset {_shown_name(ruleset)} is not a known ruleset: {listed}"
        )
    if lang not in LANGUAGES:
        raise SaveError(
            "not-a-save", path, f"language {_shown_name(lang)} is not one of {', '.join(LANGUAGES)}"
        )
