"""A save written by another version of twilight whose game now goes another way: a fix of how the AI
plays (or of the runtime) may make the same seed and answers lead elsewhere, and the save's answers stop
fitting its game at some point. Such a save is not lost: the answers that still lead back are kept, the
game goes on live from there, and the file as it was is kept beside it (`NAME.json.old`, which no list of
saves counts) before the game writes its save again. The replay that finds how far the answers lead back
is the game's own: the terminal's (cli/play/catch_up.py) and the browser's (cli/web/game.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

# The file the save as it was is kept in, beside it (not `.json`: never listed or taken as a save).
OLD_SUFFIX = ".old"


def keep_old_save(path: Path) -> Path:
    """A copy of the save as it was, beside it (`NAME.json.old`; an earlier one replaced)."""
    old = path.with_name(path.name + OLD_SUFFIX)
    shutil.copyfile(path, old)
    return old
