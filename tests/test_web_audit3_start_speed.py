"""`twilight serve` after a fifth player's audit: the start page took 0.4-2 s on the shared development
machine, the first page a player sees and the one after *New game*: each time it was drawn, every
ruleset found was compiled twice (from the compiler's cache: every rule file read again to check it, the
IR unmarshalled), once for its settings and once more for the words of its line in the list. Now a
ruleset's IR is kept while none of the rule files found changes, and the line is worded from it: a
second start page compiles nothing, and a rule file changed is compiled anew (the page never stale). By
HTTP (Starlette's TestClient, tests/web_client.py)."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402
from test_web import house_rules  # noqa: E402
from twilight.compiler import api  # noqa: E402


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each folder the compiler is asked for."""
    asked: list[str] = []
    real = api.compile_target

    def counted(target: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(str(target))
        return real(target, *args, **kwargs)

    monkeypatch.setattr(api, "compile_target", counted)
    return asked


def test_a_second_start_page_compiles_nothing_until_a_rule_file_changes(
    client: TestClient, home: Path, compiles: list[str]
) -> None:
    folder = house_rules(home / "rules", "1.0")
    first = client.get("/?lang=en")
    assert first.status_code == 200 and "house@1.0" in first.text
    assert compiles, "the first page compiles the rulesets found"
    compiles.clear()
    again = client.get("/?lang=en")
    assert again.text == first.text
    assert compiles == []
    dealing = folder / "dealing.tsr"
    dealing.write_text(dealing.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert client.get("/?lang=ru").status_code == 200
    assert str(folder) in compiles and len(compiles) == len(set(compiles)), compiles  # (each once)
