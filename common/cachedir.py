"""Where the compiler keeps its caches (parser tables, compiled IR, compiled rule code), and whether what
is found there may be used.

What the cache holds is loaded into the process (the parser's tables are pickled, the rule code is
marshalled Python code): a file someone else could have written or changed would run their code. So a
file is read only when it and its folder belong to the user running twilight and neither is writable by
anyone else; anything else is ignored, and what it would have given is built afresh.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from pathlib import Path

# Write permission for the group or for others.
_OPEN_TO_OTHERS = stat.S_IWGRP | stat.S_IWOTH

# The largest cache file read: the biggest the compiler writes (a ruleset's IR or rule code) is under
# 1 MB; a file far larger (a sparse file, a copy gone wrong) would only fill the memory, and is built afresh.
MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024

# Cache folders already found untrusted in this process (each is told about once).
_WARNED: set[str] = set()


def cache_dir() -> Path:
    """$TWILIGHT_CACHE, else $XDG_CACHE_HOME/twilight, else ~/.cache/twilight."""
    explicit = os.environ.get("TWILIGHT_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "twilight"


def ruleset_file_name(kind: str, ruleset: str, suffix: str) -> str:
    """The name of a cache file of one ruleset for this Python (its bytecode's tag): `kind-ruleset-tag
    suffix`, the ruleset's name with anything but letters, digits, `-` and `_` made `_`."""
    tag = sys.implementation.cache_tag or "python"
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in ruleset)
    return f"{kind}-{safe}-{tag}{suffix}"


def _owner() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else -1


def _ours(info: os.stat_result) -> bool:
    """Owned by the user running twilight and writable by nobody else (where the system has owners)."""
    if not hasattr(os, "geteuid"):  # no owners to check (Windows): the folder's place decides
        return True
    return info.st_uid == _owner() and not info.st_mode & _OPEN_TO_OTHERS


def _warn(folder: Path, why: str) -> None:
    key = str(folder)
    if key not in _WARNED:
        _WARNED.add(key)
        print(f"twilight: not using the cache folder {folder}: {why}; building afresh", file=sys.stderr)


def trusted_folder(folder: Path, create: bool = False) -> bool:
    """Whether cache files in `folder` may be read (and written): the folder is ours and writable by no
    one else. With `create`, a missing folder is made, private (0o700). An untrusted folder is told
    about once per process on stderr and is neither read nor written."""
    if create:
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            return False
    try:
        info = folder.stat()
    except OSError:
        return False  # missing or unreachable: nothing to read
    if not stat.S_ISDIR(info.st_mode):
        _warn(folder, "not a folder")
        return False
    if not _ours(info):
        owned = hasattr(os, "geteuid") and info.st_uid == _owner()
        _warn(folder, "others may write in it" if owned else "it belongs to another user")
        return False
    return True


def file_is_ours(path: Path) -> bool:
    """Whether `path`, if it exists, is a regular file of ours that no one else may write (a symbolic
    link is not followed). False for a missing file."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and _ours(info)


def read_trusted(path: Path) -> bytes | None:
    """The bytes of a cache file, or None when it is missing, unreadable, larger than MAX_CACHE_FILE_BYTES,
    or not to be trusted (see the module's note). The file is checked on the very handle it is read from,
    and a symbolic link is never followed."""
    if not trusted_folder(path.parent):
        return None
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _ours(info) or info.st_size > MAX_CACHE_FILE_BYTES:
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_CACHE_FILE_BYTES + 1)  # (a file that grew since fstat: still bounded)
        return data if len(data) <= MAX_CACHE_FILE_BYTES else None
    except OSError:
        return None
    finally:
        os.close(fd)


def write_private(path: Path, data: bytes) -> bool:
    """Write a cache file atomically, readable and writable by its owner alone; into a trusted folder
    only (made if missing). False when it could not be written: a cache that cannot be written only
    costs time."""
    folder = path.parent
    if not trusted_folder(folder, create=True):
        return False
    try:
        handle, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")  # 0o600
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        return False
    return True
