"""Test setup: run from the project root, with a private IR cache.

- The working directory is the project root for the whole run, so displayed paths (diagnostics, the
  IR's "src" fields, `overrides` keys) are "rules/…", whatever directory pytest was started from.
- TWILIGHT_CACHE points at a fresh temporary folder, so the tests neither read a stale cache nor fill
  the user's one; subprocesses started by the tests inherit it.
- TWILIGHT_NATIVE=0: no native evaluation, but in tests/test_native_eval.py.
- Hypothesis keeps its files (constants, patches for failing examples) in one folder under the system's
  temporary directory, not in .hypothesis/ at the project root.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import configuration as hypothesis_configuration

# The fixtures of the tests of `twilight serve` by HTTP (home, app, client) and in a browser (browser,
# server), shared by their modules.
pytest_plugins = ["web_client", "web_browser"]

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    # before collection: the hypothesis plugin reads the local constants while collecting
    hypothesis_configuration.set_hypothesis_home_dir(
        Path(tempfile.gettempdir()) / "twilight-tests-hypothesis"
    )


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    from helpers import SUMMARY

    for line in SUMMARY:
        terminalreporter.write_line(line)


@pytest.fixture(scope="session", autouse=True)
def _project_root_and_private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        mp.setenv("TWILIGHT_CACHE", str(tmp_path_factory.mktemp("twilight-cache")))
        # No native evaluation (runtime/backend/native) but where a test asks for it: a C compiler building
        # each variant's module in every worker would cost minutes, and tests/test_native_eval.py checks
        # that it answers as the Python code does.
        mp.setenv("TWILIGHT_NATIVE", "0")
        yield


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own (empty at the start)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TWILIGHT_CACHE", str(folder))
    assert os.environ["TWILIGHT_CACHE"] == str(folder)
    return folder
