"""Where the compiler keeps its caches (parser tables, compiled IR)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """$TWILIGHT_CACHE, else $XDG_CACHE_HOME/twilight, else ~/.cache/twilight."""
    explicit = os.environ.get("TWILIGHT_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "twilight"
