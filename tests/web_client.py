"""The fixtures of the tests of `twilight serve` by HTTP (Starlette's TestClient, no browser): a home
folder of the test's own, the app, a client of it, and the replays of saves the server makes. Imported
by the test modules that use them."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from twilight.cli.web.app import create_app  # noqa: E402

BASE = "http://127.0.0.1:8000"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app("127.0.0.1", 8000, "en")


@pytest.fixture
def client(app: Any, home: Path) -> Iterator[TestClient]:
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Each replay of a save (its answers' count), as the server makes one."""
    from twilight.runtime.core.engine import Engine

    made: list[int] = []
    resume = Engine.resume_from

    def counted(engine: Any, save: Any, **options: Any) -> None:
        made.append(len(save["answers"]))
        resume(engine, save, **options)

    monkeypatch.setattr(Engine, "resume_from", counted)
    yield made
