"""Save files of `twilight play`: where they live, written so that a crash never leaves half a file, and
read back with a clear reason when one is damaged; one game at a time writes a save and its trace.

A save is the engine's own save data (ruleset, seed, settings, every answer so far and the state digest
they lead to, see `Engine.save_data`) plus a `play` block: who plays which side, the language, and
whether the game is over. Replaying the answers rebuilds the game exactly, so a save is small and a
resumed game is the same game.

A game holds an exclusive lock on its save for as long as it runs (`SaveLock`, a `flock` on
`NAME.json.lock` beside the save, which names the process holding it): a second `twilight play` on the
same save is refused instead of interleaving its writes with the first's. The kernel drops a `flock`
when its process ends, however it ends, so a killed game never leaves its save locked.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import re
import secrets
import socket
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not POSIX: saves are written the same way, without the lock
    fcntl = None  # type: ignore[assignment]

from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.common.input_bounds import ECHO_CHARS, InputRefused, clip, parse_json, printable
from twilight.common.input_bounds import SEED_LIMIT as SEED_LIMIT
from twilight.runtime.core.sides import SIDES

SAVE_SUFFIX = ".json"
# A save holds a game's answers and its state: a whole game's is ~20 KB. A file far bigger is not a save
# (and is not read into memory to find out).
MAX_SAVE_BYTES = 8 * 1024 * 1024
# Why a save cannot be used (`SaveError.code`; each is a `play-save-<code>` message).
SAVE_CODES = (
    "missing",
    "unreadable",
    "not-json",
    "not-a-save",
    "rules-missing",
    "symlink",
    *("no-format", "other-format", "newer-format"),
    *("folder", "folder-is-file"),
)
# The save format this version writes and reads (`format` in a save). A JSON object without it, or with
# another value, is not a save of ours: said as what the file lacks, in the player's language, by its own
# code (`play-save-no-format`, `-other-format`: another program's; `-newer-format`: a newer twilight's),
# never as the value's Python spelling ("format None").
SAVE_FORMAT = 1
FORMAT_CODES = ("no-format", "other-format", "newer-format")
# A save read to be drawn or weighed (`twilight board`, `twilight hint`, cli/board/game.py) whose ruleset is
# not installed (a variant's: its folder is given with --ruleset; `ruleset`), or is not the one --ruleset
# gives (`ruleset`, `given`); both also name the save (`path`).
SAVE_RULESET_UNKNOWN = "play-save-unknown-ruleset"
SAVE_RULESET_OTHER = "play-save-other-ruleset"


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


def shown_path(path: Path) -> str:
    """A file of twilight's as a page shows it: from the data folder (`saves/NAME.json`), never the
    absolute path (a page may be seen by others than the machine's owner); the file's name alone for a
    file elsewhere."""
    with contextlib.suppress(ValueError, OSError):
        return path.resolve().relative_to(data_home().resolve()).as_posix()
    return path.name


def new_save_path(ruleset: str, seed: int) -> Path:
    return saves_dir() / f"{ruleset}-{seed}{SAVE_SUFFIX}"


def trace_path_for(save: Path) -> Path:
    """The game's trace (JSON lines) sits beside its save."""
    return save.with_name(save.name.removesuffix(SAVE_SUFFIX) + ".trace.jsonl")


# Never write through a symbolic link standing where a save's file should be; no descriptor leaks into a
# child process.
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
CLOSE_ON_EXEC = getattr(os, "O_CLOEXEC", 0)
NON_BLOCKING = getattr(os, "O_NONBLOCK", 0)
# What a file of the game that cannot be written is (`SaveWriteError.code`; a `play-file-<code>` message).
WRITE_CODES = ("write-failed", "symlink")


class SaveWriteError(Exception):
    """A file of the game (the save, its trace, its lock) that cannot be written: `cause` is the system's
    reason ("No space left on device", "Read-only file system"…); `code` is "symlink" for a symbolic link
    found where the file should be. Whatever the fault, the save on disk is the previous one, whole."""

    def __init__(self, code: str, path: Path, cause: str, other: Path | None = None) -> None:
        super().__init__(f"{path}: {cause}")
        self.code = code
        self.path = path
        self.cause = cause
        self.other = other  # (another file the cause names: a folder on the way; its path ends `cause`)

    def cause_shown(self) -> str:
        """The cause as a page shows it: another file it names, from the data folder (`shown_path`)."""
        if self.other is None:
            return self.cause
        return f"{self.cause.removesuffix(': ' + str(self.other))}: {shown_path(self.other)}"


class SaveLocked(Exception):
    """Another process holds the save's lock: `holder` is what it wrote in the lock file (pid, host,
    started: seconds since the epoch), empty when it could not be read."""

    def __init__(self, path: Path, holder: dict[str, Any]) -> None:
        super().__init__(f"{path}: in use by {holder or 'another process'}")
        self.path = path
        self.holder = holder

    def since(self) -> str:
        """When the holder started, in local time ("" when unknown)."""
        started = self.holder.get("started")
        if not isinstance(started, (int, float)) or isinstance(started, bool):
            return ""
        try:
            moment = time.localtime(started)
        except (OverflowError, OSError, ValueError):
            return ""
        same_day = moment[:3] == time.localtime()[:3]
        return time.strftime("%H:%M" if same_day else "%Y-%m-%d %H:%M", moment)


def write_fault(path: Path, err: OSError) -> SaveWriteError:
    """The system's error while writing `path`, as one line: the cause, and the file it concerns when that
    is another one (a folder on the way)."""
    if err.errno == errno.ELOOP and os.path.islink(path):
        return SaveWriteError("symlink", path, "a symbolic link")
    cause = err.strerror or str(err)
    other = None
    if err.filename is not None and os.fsdecode(err.filename) not in (str(path), ""):
        other = Path(os.fsdecode(err.filename))
        cause = f"{cause}: {other}"
    return SaveWriteError("write-failed", path, cause, other)


def ensure_folder(path: Path) -> None:
    """Create the folder of `path` if need be; SaveWriteError naming `path` when that cannot be done."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        # mkdir says "File exists" when a file stands where a folder should be: say which is no folder.
        blocker = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
        fault = err
        if blocker is not None:
            fault = NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(blocker))
        raise write_fault(path, fault) from None


def temp_path_for(path: Path) -> Path:
    """A new temporary file's name for writing `path`: hidden, the writer's pid and a random part, so
    that `stale_temp_files` finds the ones a killed writer left."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def stale_temp_files(path: Path) -> list[Path]:
    """The temporary files of `path`'s writers (ours, and `tempfile.mkstemp`'s of earlier versions):
    with the save's lock held, no one else is writing it, so every one of them was left by a killed
    writer."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.(\d+\.[0-9a-f]{{8}}|[a-z0-9_]{{8}})\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.parent / name for name in names if pattern.fullmatch(name)]


def write_atomic(path: Path, data: dict[str, Any]) -> None:
    """Write a save's JSON whole (`write_text_atomic`)."""
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def write_text_atomic(path: Path, text: str) -> None:
    """Write text to a private temporary file in the same folder, flush it to disk, then rename it over
    the old file: at every moment the path holds either the old text or the new one, whole. A fault (full
    disk, read-only folder…) raises SaveWriteError and leaves the old file and no temporary file."""
    ensure_folder(path)
    tmp = temp_path_for(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW | CLOSE_ON_EXEC, 0o600)
    except OSError as err:
        raise write_fault(path, err) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise write_fault(path, err) from None
        raise
    # The rename itself reaches the disk only when the folder is flushed too (POSIX).
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


class TraceFile(io.TextIOBase):
    """A game's trace (JSON lines), written as it goes: opened for appending and never through a
    symbolic link, each line reaching the file in one `write` call, so that the file only ever holds
    whole lines (a game killed between two lines leaves every line before whole). A resumed game
    replays from the start, so the trace is emptied when opened; the save's lock keeps any other game
    from writing it meanwhile."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        ensure_folder(path)
        # Not blocking while opened: a pipe put at the trace's path refuses at once instead of waiting.
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | NO_FOLLOW | CLOSE_ON_EXEC | NON_BLOCKING
        try:
            self.fd = os.open(path, flags, 0o644)
        except OSError as err:
            raise write_fault(path, err) from None
        try:
            if not stat.S_ISREG(os.fstat(self.fd).st_mode):  # a pipe, a device: not a trace
                raise SaveWriteError("write-failed", path, "not a regular file")
            if NON_BLOCKING:
                os.set_blocking(self.fd, True)
            os.ftruncate(self.fd, 0)
        except OSError as err:
            os.close(self.fd)
            raise write_fault(path, err) from None
        except SaveWriteError:
            os.close(self.fd)
            raise

    def writable(self) -> bool:
        return True

    def restart(self) -> None:
        """Empty the trace: the game is played again from its start (`undo` rebuilds it)."""
        try:
            os.ftruncate(self.fd, 0)
        except OSError as err:
            raise write_fault(self.path, err) from None

    def write_events(self, events: list[dict[str, Any]]) -> None:
        """Write the trace anew: these events, the game's so far (a game copied at a decision goes on
        from there, its earlier events written once more)."""
        from twilight.runtime.core.engine import trace_line

        self.restart()
        if events:
            self.write("".join(map(trace_line, events)))

    def write(self, text: str) -> int:
        if self.closed:
            raise ValueError("write to a closed trace")
        data = text.encode("utf-8")
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.fd, view) :]
        except OSError as err:
            raise write_fault(self.path, err) from None
        return len(text)

    def fileno(self) -> int:
        return self.fd

    def close(self) -> None:
        if not self.closed:
            os.close(self.fd)
        super().close()


class SaveLock:
    """The exclusive lock of one save and its trace, held for the life of a game: `flock` on
    `NAME.json.lock` beside the save, which holds the pid, host and start time of its holder. The
    kernel releases a `flock` when the process ends (a crash or a kill too), so a lock file left on disk
    locks nothing; a clean release removes it. Taking the lock removes the temporary files a killed
    writer of this save left."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = save.with_name(save.name + ".lock")
        self.fd: int | None = None

    def acquire(self) -> SaveLock:
        """Take the lock, or raise SaveLocked (another game has it) or SaveWriteError (the folder or the
        lock file cannot be written)."""
        if fcntl is None:
            return self
        # A folder that cannot be written is the save's fault, told with the save's name: the lock file
        # beside it is ours, not the player's.
        ensure_folder(self.save)
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | NO_FOLLOW | CLOSE_ON_EXEC, 0o644)
            except OSError as err:
                fault = write_fault(self.path, err)
                raise (fault if fault.code == "symlink" else write_fault(self.save, err)) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as err:
                os.close(fd)
                if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise SaveLocked(self.save, self.holder()) from None
                raise write_fault(self.save, err) from None
            # The holder before us may have removed the file between our open and our lock: a lock on
            # a file no longer at the path locks nothing, so take the one that is there now.
            try:
                same = os.stat(self.path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
            except OSError:
                same = False
            if same:
                break
            os.close(fd)
        self.fd = fd
        me = {"pid": os.getpid(), "host": socket.gethostname(), "started": time.time()}
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(me).encode("utf-8"), 0)
        except OSError as err:
            self.release()
            raise write_fault(self.save, err) from None
        for stale in stale_temp_files(self.save):
            with contextlib.suppress(OSError):
                stale.unlink()
        return self

    def holder(self) -> dict[str, Any]:
        """What the process holding the lock wrote in the lock file ({} when unreadable)."""
        try:
            fd = os.open(self.path, os.O_RDONLY | NO_FOLLOW | CLOSE_ON_EXEC)
        except OSError:
            return {}
        try:
            raw = os.read(fd, 4096)
        except OSError:
            return {}
        finally:
            os.close(fd)
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict):
            return {}
        # Only what makes sense is told: the file is the other process's, and could hold anything.
        holder: dict[str, Any] = {}
        pid, host, started = data.get("pid"), data.get("host"), data.get("started")
        if isinstance(pid, int) and not isinstance(pid, bool) and 0 < pid < 2**32:
            holder["pid"] = pid
        if isinstance(host, str) and 0 < len(host) <= 255 and host.isprintable():
            holder["host"] = host
        if isinstance(started, (int, float)) and not isinstance(started, bool):
            holder["started"] = started
        return holder

    def release(self) -> None:
        """Remove the lock file (while still holding it, so that no one locks the removed file) and
        let go."""
        if self.fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> SaveLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def read_save(path: Path) -> dict[str, Any]:
    """A save's data, or SaveError saying what is wrong with the file (a symbolic link in the saves folder
    is not read: `save_kind`)."""
    if save_kind(path) == LINKED and in_saves_folder(path):
        raise SaveError("symlink", path)
    try:
        # (only a regular file: a FIFO named as a save once waited for a writer for ever)
        raw = read_bounded(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError("missing", path) from None
    except NotRegularFile:
        raise SaveError("unreadable", path, "a folder" if path.is_dir() else "not a regular file") from None
    except FileTooLarge:
        raise SaveError("not-a-save", path, f"over {MAX_SAVE_BYTES // 2**20} MiB") from None
    except OSError as err:
        raise SaveError("unreadable", path, str(err.strerror or err)) from None
    try:
        data = parse_json(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise SaveError("not-json", path, str(err)) from None
    except InputRefused as err:
        raise SaveError("not-json" if err.syntax else "not-a-save", path, str(err)) from None
    if not isinstance(data, dict):
        raise SaveError("not-a-save", path, "not a JSON object")
    not_ours = format_problem(path, data)
    if not_ours is not None:
        raise not_ours
    # (each told with what it must hold, as the other problems are: "digest" alone read as a word)
    problems = [
        f"{key}: {expected} is expected"
        for key, kind, expected in (
            ("ruleset", str, "a name"),
            ("seed", int, "a whole number"),
            ("settings", dict, "a map of settings"),
            ("answers", list, "a list of answers"),
            ("digest", str, "the game's digest (text)"),
            ("play", dict, "a map"),
        )
        if not isinstance(data.get(key), kind)
    ]
    if problems:
        raise SaveError("not-a-save", path, "; ".join(problems))
    problem = _bounds_problem(data)
    if problem:
        raise SaveError("not-a-save", path, problem)
    return data


def format_problem(path: Path, data: dict[str, Any]) -> SaveError | None:
    """Why a JSON object is not a save of this version by its `format`: none (`no-format`), a format
    twilight never wrote (`other-format`: another program's file; `true` and `1.0` are not 1 either), or
    a later one (`newer-format`). `detail` is the value found, as JSON writes it (`null`, `"x"`, `2`)."""
    if "format" not in data:
        return SaveError("no-format", path)
    value = data["format"]
    if type(value) is int and value == SAVE_FORMAT:
        return None
    if type(value) is int and value > SAVE_FORMAT:
        return SaveError("newer-format", path, clip(str(value), ECHO_CHARS))
    shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, (dict, list)) else "{…}"
    if isinstance(value, list):
        shown = "[…]"
    return SaveError("other-format", path, printable(clip(shown, ECHO_CHARS)))


def in_the_way(path: Path) -> str | None:
    """Why a new game must not write its save over what is at `path`: a file that is not a twilight save
    (a typo in --save must not cost the file it names). None when nothing is there, or a save."""
    try:
        info = path.stat()
    except OSError:  # nothing there, or nothing reachable: writing the save will tell
        return None
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    if info.st_size > MAX_SAVE_BYTES:
        return f"{info.st_size} bytes"
    try:
        read_save(path)
    except SaveError as err:
        if err.code == "no-format":
            return 'no "format"'
        if err.code in FORMAT_CODES:
            return f'"format": {err.detail}'
        return err.detail or err.code
    return None


def unfinished_at(path: Path) -> bool:
    """Whether `path` holds the save of a game not over yet (a new game must not take its place)."""
    try:
        data = read_save(path)
    except SaveError:
        return False
    state = data.get("state")
    return not (isinstance(state, dict) and state.get("game_over"))


def free_seed_save_path(ruleset: str, seed: int) -> tuple[Path, SaveLock]:
    """The save of a new game named by its seed, reserved (`reserve_save`): `ruleset-seed.json`, or `-2`,
    `-3`… when an unfinished game (or a game being played: its lock) already has that name. A finished
    game's save gives way."""
    first = new_save_path(ruleset, seed)

    def named(number: int) -> Path:
        return first if number == 1 else first.with_name(f"{ruleset}-{seed}-{number}{SAVE_SUFFIX}")

    return reserve_save(named, lambda path: not unfinished_at(path))


# How many names a new game tries before it gives up (each taken by a game or held by another process).
NAMES_TRIED = 10_000


def reserve_save(named: Callable[[int], Path], free: Callable[[Path], bool]) -> tuple[Path, SaveLock]:
    """The first of `named(1)`, `named(2)`… that is `free`, with its lock taken: the name is checked
    again once the lock is held, so two games started at once (two `twilight serve`, a `twilight play`
    in the same minute) never take one name: the second finds the lock held, or the first's save, and
    goes on to the next name. The caller releases the lock (or keeps it for the game's life).
    SaveWriteError when the folder cannot be written."""
    for number in range(1, NAMES_TRIED + 1):
        path = named(number)
        if not free(path):
            continue
        lock = SaveLock(path)
        try:
            lock.acquire()
        except SaveLocked:
            continue
        if free(path):
            return path, lock
        lock.release()
    raise SaveWriteError("write-failed", named(NAMES_TRIED), f"{NAMES_TRIED} names tried, all taken")


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
    if not play["humans"] or len(set(play["humans"])) != len(play["humans"]):
        return "play.humans: the sides people play (us, ussr, or both), each once, are expected"
    if play.get("opponent", "computer") not in ("computer", "person"):
        return (
            f"play.opponent: computer or person is expected, got {clip(repr(play['opponent']), ECHO_CHARS)}"
        )
    for name, value in data["settings"].items():
        if not isinstance(value, (str, int)):  # bool is an int
            return f"settings.{clip(str(name), ECHO_CHARS)}: a word, a number or true/false is expected"
    return None


def saves_newest_first(folder: Path | None = None) -> list[Path]:
    """Every save of the saves folder (`save_files`), the most recently written first."""
    found = []
    for path in save_files(folder):
        with contextlib.suppress(OSError):  # gone since the listing: not a candidate
            found.append((path.lstat().st_mtime, path))
    return [path for _, path in sorted(found, key=lambda item: item[0], reverse=True)]


# Why the saves folder itself cannot be listed (`SaveError.code`, a `play-save-<code>` message): a file
# stands where it or a folder above it should be (TWILIGHT_HOME set to a file), or the system refuses it.
FOLDER_CODES = ("folder", "folder-is-file")


def folder_problem(folder: Path | None = None) -> SaveError | None:
    """Why the saves folder cannot be listed, None when it can or is not there yet (no game saved: no
    saves). A file where a folder should be is named (`folder-is-file`), so that "no unfinished game" is
    never said of games a wrong TWILIGHT_HOME hides."""
    folder = folder or saves_dir()
    try:
        os.listdir(folder)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        blocker = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), folder)
        return SaveError("folder-is-file", blocker)
    except (OSError, ValueError) as err:
        cause = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        return SaveError("folder", folder, cause)
    return None


def resumable_saves(
    folder: Path | None = None, skipped: list[SaveError] | None = None
) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The saves of games not yet over, newest first, with their data; a damaged one is left out (and,
    when `skipped` is given, added to it as it is met, so that the caller can say which it skipped). A
    saves folder that cannot be listed is added to `skipped` too (`folder_problem`)."""
    if skipped is not None:
        problem = folder_problem(folder)
        if problem is not None:
            skipped.append(problem)
            return
    for path in saves_newest_first(folder):
        try:
            data = read_save(path)
        except SaveError as err:
            if skipped is not None:
                skipped.append(err)
            continue
        if not data["play"].get("finished"):
            yield path, data


def person_played(data: dict[str, Any]) -> bool:
    """Whether the game's answers on the person's side were a person's: a demo's policy (`play.policy`)
    answered them for the player."""
    return data["play"].get("policy") is None


def latest_save(folder: Path | None = None, skipped: list[SaveError] | None = None) -> Path | None:
    """The most recently written save of a game not yet over, if any (damaged ones skipped)."""
    for path, _ in resumable_saves(folder, skipped):
        return path
    return None


def _shown_name(value: str, limit: int = 40) -> str:
    return repr(value if len(value) <= limit else value[:limit] + "…")


def seats_problem(ir: dict[str, Any], data: dict[str, Any]) -> str | None:
    """What is wrong with who plays a save's game: a person at the side the game's AI plays (the AI
    would take that seat and the other side's questions would have no one to answer them)."""
    from twilight.runtime.solo.ai import ai_side_of

    ai = ai_side_of(ir, data["settings"])
    if ai is not None and ai in data["play"]["humans"]:
        return f"play.humans: {ai} is the side the AI plays in this game (settings.ai_side), not a person"
    return None


def check_save_names(path: Path, data: dict[str, Any], installed: bool = True) -> None:
    """A save's `ruleset` and `lang` are names, looked up among the known rulesets and languages, never
    paths: a save names the game it belongs to, it does not say where rules or words are read from.
    SaveError ("not-a-save") otherwise. `installed=False`: the ruleset need not be installed (a save
    whose rules are kept in the rules store); it must still be a name."""
    from twilight.cli.localizer import LANGUAGES
    from twilight.compiler.loader import is_ruleset_name, known_rulesets

    ruleset, lang = data["ruleset"], data["play"]["lang"]
    known = known_rulesets()
    if not is_ruleset_name(ruleset) or (installed and ruleset not in known):
        listed = ", ".join(known) or "(none)"
        raise SaveError(
            "not-a-save", path, f"ruleset {_shown_name(ruleset)} is not a known ruleset: {listed}"
        )
    if lang not in LANGUAGES:
        raise SaveError(
            "not-a-save", path, f"language {_shown_name(lang)} is not one of {', '.join(LANGUAGES)}"
        )


# ---------------------------------------------------------------------------------------- names and lists
# Which files of the saves folder are saves, and which file a save's name stands for: one definition, read
# by the list (`twilight saves`, `play`'s "continue or new", the browser's start page) and by every lookup
# by name (`play --resume NAME`, `hint`, `board`, `explain state`, `saves delete`, the browser's game
# pages), so that what one shows the other finds. A save is a file `NAME.json` directly in the folder,
# whatever its NAME (a save renamed by hand, with spaces or in Cyrillic, is still one), except a hidden
# one (a writer's temporary file, an editor's backup). A symbolic link named so is listed, said to be a
# link (`SaveError` "symlink") and deletable by its name, never read: the game writes its save by
# replacing the file, which would break the link, and a link can lead out of the folder.
REGULAR, LINKED = "file", "link"


def named_as_save(file_name: str) -> bool:
    """Whether a file of the saves folder is named as a save is (`NAME.json`, not hidden)."""
    hidden = file_name.startswith(".")
    return file_name.endswith(SAVE_SUFFIX) and len(file_name) > len(SAVE_SUFFIX) and not hidden


def save_kind(path: Path) -> str | None:
    """REGULAR for a regular file, LINKED for a symbolic link (not followed), None for anything else (a
    folder, a pipe, nothing) or a path the system refuses (a name too long)."""
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return None
    return REGULAR if stat.S_ISREG(mode) else LINKED if stat.S_ISLNK(mode) else None


def in_saves_folder(path: Path) -> bool:
    """Whether `path` is a file directly in the saves folder."""
    try:
        return os.path.samefile(path.parent, saves_dir())
    except (OSError, ValueError):
        return False


def save_files(folder: Path | None = None) -> list[Path]:
    """The saves of the folder (regular files and symbolic links named as saves), in no order."""
    folder = folder or saves_dir()
    try:
        names = os.listdir(folder)
    except OSError:  # no folder yet, or not one: no saves
        return []
    return [folder / name for name in names if named_as_save(name) and save_kind(folder / name) is not None]


def save_name(path: Path) -> str:
    """A save's name, as the list shows it and every command takes it: its file's name without `.json`."""
    return path.name.removesuffix(SAVE_SUFFIX)


# Characters a shell word cannot hold as they are shown: a byte of a file name that is not UTF-8 (Python
# reads it as a lone surrogate, U+DC80-U+DCFF, shown as "�"), and what `printable` escapes (a control
# character, a direction mark).
_UNTYPABLE = re.compile("[\udc80-\udcff\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable_name(text: str) -> str:
    """A file's name or path as `printable` shows it, each byte that is not UTF-8 written as its escape
    (`bad\\xff`): a lone surrogate cannot be written to a terminal that takes UTF-8 strictly (the
    command stopped on it with an internal error)."""
    return re.sub("[\udc80-\udcff]", lambda m: f"\\x{ord(m[0]) - 0xDC00:02x}", printable(text))


def typed_save_name(name: str) -> str:
    """A save's name as it is typed after a command (`twilight saves delete 'My game'`), shown, never
    acted on: quoted for the shell when it has a space or another character the shell reads; a name
    with a character that cannot be typed as it is shown (a file name that is not UTF-8: `bad\\xff`) in
    the shell's `$'...'` quoting, each such character as its escape (`$'bad\\xff'`), which bash and zsh
    read back as the file's very bytes: the command shown works as it is copied."""
    import shlex

    if not _UNTYPABLE.search(name):
        return printable(shlex.quote(name))

    def escaped(char: str) -> str:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # (the byte the file system holds)
            return f"\\x{code - 0xDC00:02x}"
        if _UNTYPABLE.fullmatch(char):
            return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"
        return "\\" + char if char in "\\'" else char

    return "$'" + "".join(map(escaped, name)) + "'"


def save_at(name: str, folder: Path | None = None) -> Path | None:
    """The save whose name (`save_name`) is `name`, in the saves folder; None when the list has no such
    save. `NAME.json` names it too (unless a save is called `NAME.json` itself: its name wins). A name
    with a folder in it (`../x`, `/etc/passwd`) names no save."""
    folder = folder or saves_dir()
    if not name or "/" in name or (os.altsep and os.altsep in name) or "\0" in name:
        return None
    for file_name in (name + SAVE_SUFFIX, name):
        if named_as_save(file_name) and save_kind(folder / file_name) is not None:
            return folder / file_name
    return None


def save_names(folder: Path | None = None) -> list[str]:
    """The names of the folder's saves, sorted (for "did you mean")."""
    return sorted(save_name(path) for path in save_files(folder))


# The moment in a new save's name: sorts by date, reads as a date, and needs no character a shell or a
# file system treats specially.
NAME_MOMENT = "%Y-%m-%d-%H%M"


def readable_save_path(ruleset: str, humans: list[str], moment: float | None = None) -> tuple[Path, SaveLock]:
    """A new game's save when no seed names it, reserved (`reserve_save`): the ruleset, the person's side
    in a solo game, and the minute the game began (`solo-v2-us-2026-12-01-1830.json`), with `-2`, `-3`…
    when a save or its trace by that name is already there, or another game holds its lock."""
    stamp = time.strftime(NAME_MOMENT, time.localtime(time.time() if moment is None else moment))
    side = f"-{humans[0]}" if len(humans) == 1 else ""
    base = f"{ruleset}{side}-{stamp}"
    folder = saves_dir()

    def named(number: int) -> Path:
        return folder / f"{base}{'' if number == 1 else f'-{number}'}{SAVE_SUFFIX}"

    def free(path: Path) -> bool:
        return not any(os.path.lexists(p) for p in (path, trace_path_for(path)))

    return reserve_save(named, free)


def saved_at(path: Path) -> str:
    """When the save was last written, in local time ("" when its file cannot be read)."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        return ""


def saved_turn(data: dict[str, Any]) -> int | None:
    """The turn the saved game is at (None when the save does not say)."""
    state = data.get("state")
    turn = state.get("turn") if isinstance(state, dict) else None
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def delete_save(path: Path) -> None:
    """Remove a save and its trace, holding the save's lock while doing so: a save another game holds
    raises SaveLocked and is left as it is; the lock file goes with the lock."""
    with SaveLock(path):
        for part in (path, trace_path_for(path)):
            try:
                part.unlink()
            except FileNotFoundError:
                pass
            except OSError as err:
                raise write_fault(part, err) from None
