"""`twilight lsp` on a new variant folder that `extends` a copy of solo-v2 (docs/new-ruleset.md), as an
author writes it: what a place with no name says (a table's column, a word of a comment), and the names
of a file being typed (cli/lsp/server.py, analysis.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspProcess

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = 'ruleset "harder" provisional "P10: a test variant" {\n  version "1"\n  extends "my-solo"\n}\n'
# `vp` is the name of the table's column here, and elsewhere the name of standard's track of VP
VARIANT = (
    "# a harder Hard level: poland is not named here, this is a comment\n"
    'patch table ai_head_start provisional "P10: harder" {\n'
    "  cell hard column vp: 5\n"
    "}\n"
)


class Variant:
    def __init__(self, lsp: LspProcess, file: Path) -> None:
        self.lsp = lsp
        self.uri = file.as_uri()
        self.text = file.read_text(encoding="utf-8")
        self.version = 1
        lsp.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": self.uri, "languageId": "twilight", "version": 1, "text": self.text}},
        )
        self.opened_with = lsp.diagnostics_for(self.uri)

    def edit(self, text: str) -> list[dict[str, Any]]:
        """The whole text replaced (unsaved), and the diagnostics it gets."""
        self.version += 1
        self.lsp.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": [{"text": text}]},
        )
        return self.lsp.diagnostics_for(self.uri)

    def at(self, needle: str, offset: int = 1) -> dict[str, int]:
        for number, line in enumerate(self.text.split("\n")):
            if needle in line:
                return {"line": number, "character": line.index(needle) + offset}
        raise AssertionError(f"{needle!r} is not in the file")

    def ask(self, method: str, needle: str, offset: int = 1) -> Any:
        return self.lsp.request(
            method, {"textDocument": {"uri": self.uri}, "position": self.at(needle, offset)}
        )


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Variant]:
    root = tmp_path_factory.mktemp("variant")
    solo = root / "my-solo"
    shutil.copytree(ROOT / "rules" / "solo-v2", solo)
    manifest = solo / "ruleset.tsr"
    renamed = manifest.read_text(encoding="utf-8").replace('ruleset "solo-v2"', 'ruleset "my-solo"')
    manifest.write_text(renamed, encoding="utf-8")
    harder = root / "harder"
    harder.mkdir()
    (harder / "ruleset.tsr").write_text(MANIFEST, encoding="utf-8")
    (harder / "variant.tsr").write_text(VARIANT, encoding="utf-8")
    lsp = LspProcess(ROOT)
    try:
        lsp.start(harder)
        opened = Variant(lsp, harder / "variant.tsr")
        yield opened
        assert lsp.stop() == 0
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()


def test_the_variant_checks_clean_on_top_of_the_copy(variant: Variant) -> None:
    assert variant.opened_with == []
    [table] = variant.ask("textDocument/definition", "ai_head_start")
    assert table["uri"].endswith("/my-solo/setup_tables.tsr")


def test_a_tables_column_is_not_the_track_of_the_same_name(variant: Variant) -> None:
    assert variant.ask("textDocument/definition", "vp:") is None
    assert variant.ask("textDocument/hover", "vp:") is None
    # the row's key is the setting's value
    [value] = variant.ask("textDocument/definition", "hard column")
    assert value["uri"].endswith("/my-solo/settings.tsr")


def test_a_word_of_a_comment_is_no_name(variant: Variant) -> None:
    assert variant.ask("textDocument/hover", "poland is not") is None
    assert variant.ask("textDocument/definition", "poland is not") is None


def test_a_file_being_typed_still_finds_the_names_of_the_words_under_the_cursor(variant: Variant) -> None:
    """Right after a keystroke, before the file is checked again, and while it does not parse, the
    tables are of an earlier text: the word under the cursor is looked up."""
    typed = variant.text + "patch priority ai_influence_placement {\n  move option key_new before\n"
    assert variant.edit(typed)  # (it does not parse)
    [table] = variant.ask("textDocument/definition", "ai_head_start")
    assert table["uri"].endswith("/my-solo/setup_tables.tsr")
    line = len(typed.split("\n")) - 2
    [priority] = variant.lsp.request(
        "textDocument/definition",
        {"textDocument": {"uri": variant.uri}, "position": {"line": line - 1, "character": 20}},
    )
    assert priority["uri"].endswith("/my-solo/ai/influence_priority.tsr")
    assert variant.edit(variant.text) == []


def test_a_new_file_not_saved_yet_says_it_is_not_checked_until_saved(variant: Variant) -> None:
    """A ruleset's files are those on disk: a new file the editor holds but never saved is not part of
    the check, and its empty list must not pass for a clean one."""
    lsp = variant.lsp
    new = Path(variant.uri.removeprefix("file://")).parent / "new.tsr"
    text = 'function wanted(): bool source "000 · x" { controls(us, polnd) }\n'
    # (each check of the ruleset gives every open file its list, in no set order: both are read after
    # each step, from the notifications since it)
    since = len(lsp.notifications)
    lsp.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": new.as_uri(), "languageId": "twilight", "version": 1, "text": text}},
    )
    [unsaved] = lsp.published(new.as_uri(), since)
    assert unsaved["severity"] == 3 and "save it" in unsaved["message"]  # (information)
    assert lsp.published(variant.uri, since) == []
    new.write_text(text, encoding="utf-8")
    since = len(lsp.notifications)
    lsp.notify("textDocument/didSave", {"textDocument": {"uri": new.as_uri()}})
    [saved] = lsp.published(new.as_uri(), since)
    assert saved["code"] == "E104"
    assert saved["range"]["start"] == {"line": 0, "character": text.index("polnd")}
    assert lsp.published(variant.uri, since) == []
    new.unlink()
    since = len(lsp.notifications)
    lsp.notify("textDocument/didClose", {"textDocument": {"uri": new.as_uri()}})
    assert lsp.published(variant.uri, since) == []


def test_a_name_the_variant_removes_is_not_offered(variant: Variant) -> None:
    def offered() -> set[str]:
        items = variant.lsp.request(
            "textDocument/completion",
            {"textDocument": {"uri": variant.uri}, "position": {"line": 3, "character": 1}},
        )["items"]
        return {item["label"] for item in items}

    assert "war_hindrance" in offered()
    removed = variant.text + 'remove function war_hindrance provisional "P10: no hindrance"\n'
    assert variant.edit(removed) == []  # (the calls it breaks are in the parents' files)
    assert "war_hindrance" not in offered() and "war" in offered()
    assert variant.edit(variant.text) == []
    assert "war_hindrance" in offered()
