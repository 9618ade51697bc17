"""Test setup: run from the project root, with a private IR cache.

- The working directory is the project root for the whole run, so displayed paths (diagnostics, the
  IR's "src" fields, `overrides` keys) are "rules/…", whatever directory pytest was started from.
- TWILIGHT_CACHE points at a fresh temporary folder, so the tests neither read a stale cache nor fill
  the user's one; subprocesses started by the tests inherit it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def _project_root_and_private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        mp.setenv("TWILIGHT_CACHE", str(tmp_path_factory.mktemp("twilight-cache")))
        yield


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own (empty at the start)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TWILIGHT_CACHE", str(folder))
    assert os.environ["TWILIGHT_CACHE"] == str(folder)
    return folder
