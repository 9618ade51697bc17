"""Reading a file a user names, with a bound: only a regular file, and never more bytes than asked for.

A path on the command line may name /dev/zero, a FIFO or a folder: its size from stat() says nothing of
how much a read returns (0 for a device), and opening a FIFO for reading waits for a writer. Reading
through one open descriptor, checked with fstat(), refuses those without blocking and without a race
between the check and the read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegularFile(Exception):
    """The path names a folder, a device, a FIFO or a socket."""


class FileTooLarge(Exception):
    """The file holds more than the bound: only the bound and one byte more were read."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at `path` (symbolic links followed), at most `limit` of them.

    NotRegularFile, FileTooLarge, or OSError when it cannot be opened or read."""
    # O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer; it changes
    # nothing for a regular file, which is all that is read here.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    if not regular:
        os.close(fd)
        raise NotRegularFile(str(path))
    with open(fd, "rb") as file:
        # (one byte past the bound tells a file that is larger without reading it all)
        raw = file.read(limit + 1)
    if len(raw) > limit:
        raise FileTooLarge(limit)
    return raw
