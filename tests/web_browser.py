"""The browser the tests of `twilight serve` drive, shared by their modules (a pytest plugin, named in
conftest.py): Debian's Chromium through Playwright (never a browser Playwright downloads), and the server
in a thread of the test on a free port of 127.0.0.1 with a home of the test's own. A module that uses them
skips itself where there is no Chromium (`CHROMIUM` None) or no Playwright."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The address of `twilight serve` (in English by default), its saves in the test's own folder."""
    from twilight.cli.web.server import server_thread

    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    with server_thread("en") as base:
        yield base
