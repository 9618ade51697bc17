"""A translator's Fluent file that holds no message yet (a header comment alone, or nothing) is a file of
the ruleset like any other: the game's words are read around it. Reading it stopped every command that
shows the ruleset's words with "internal error: ValueError: zip()…"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import ROOT, run_cli


@pytest.mark.parametrize("text", ["# Words of the new cards, to come\n", ""])
def test_a_fluent_file_with_no_message_is_read_as_none(tmp_path: Path, text: str) -> None:
    folder = tmp_path / "standard_copy"
    shutil.copytree(ROOT / "rules" / "standard", folder)
    (folder / "locales" / "ru" / "new_cards.ftl").write_text(text, encoding="utf-8")
    status, out = run_cli(["explain", "card", "nato", "--ruleset", str(folder), "--lang", "ru"])
    assert status == 0, out
    assert "internal error" not in out
    assert "#21 НАТО (nato)" in out
