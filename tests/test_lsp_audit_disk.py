"""`twilight lsp` when a rule file changes on disk outside the editor (a checkout, `twilight fmt` in a
terminal, another program): the client is asked to watch rule files, and a file it says changed has the
rulesets that read it checked again, so that the problems it makes in the open files show (cli/lsp/server.py).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsp_client import LspProcess

ROOT = Path(__file__).resolve().parent.parent
SOLO = ROOT / "rules" / "solo-v2"
CREATED, CHANGED = 1, 2  # (the protocol's FileChangeType)


@pytest.fixture
def watching(tmp_path: Path) -> Iterator[tuple[LspProcess, Path]]:
    copy = tmp_path / "my-variant"
    shutil.copytree(SOLO, copy)
    lsp = LspProcess(ROOT)
    try:
        lsp.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": copy.as_uri(),
                "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}},
            },
        )
        lsp.notify("initialized", {})
        yield lsp, copy
        assert lsp.stop() == 0
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()


def open_file(lsp: LspProcess, path: Path) -> str:
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8")
    lsp.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "twilight", "version": 1, "text": text}},
    )
    assert lsp.diagnostics_for(uri) == []
    return uri


def test_the_server_asks_the_client_to_watch_rule_files(watching: tuple[LspProcess, Path]) -> None:
    lsp, copy = watching
    open_file(lsp, copy / "setup_tables.tsr")
    [asked] = [m for m in lsp.notifications if m.get("method") == "client/registerCapability"]
    [registration] = asked["params"]["registrations"]
    assert registration["method"] == "workspace/didChangeWatchedFiles"
    assert registration["registerOptions"]["watchers"] == [{"globPattern": "**/*.tsr"}]


def test_a_file_changed_on_disk_puts_its_problems_in_the_open_file(watching: tuple[LspProcess, Path]) -> None:
    lsp, copy = watching
    tables = open_file(lsp, copy / "setup_tables.tsr")
    settings = copy / "settings.tsr"
    original = settings.read_text(encoding="utf-8")
    # the skill level `hard` renamed in a file the editor does not hold: `row hard:` of the open
    # file's table names no value of the setting any more
    settings.write_text(original.replace("| hard |", "| very_hard |"), encoding="utf-8")
    lsp.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": settings.as_uri(), "type": CHANGED}]})
    [problem] = lsp.diagnostics_for(tables, timeout=20)
    assert problem["code"] == "E508" and "'hard' is not a value of setting 'level'" in problem["message"]
    assert problem["range"]["start"]["line"] == 31
    settings.write_text(original, encoding="utf-8")
    lsp.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": settings.as_uri(), "type": CHANGED}]})
    assert lsp.diagnostics_for(tables, timeout=20) == []


def test_a_new_file_in_the_ruleset_is_checked_with_it(watching: tuple[LspProcess, Path]) -> None:
    lsp, copy = watching
    open_file(lsp, copy / "setup_tables.tsr")
    added = copy / "added.tsr"
    added.write_text('function extra(): bool source "000 · x" { controls(us, polnd) }\n', encoding="utf-8")
    lsp.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": added.as_uri(), "type": CREATED}]})
    found = lsp.diagnostics_for(added.as_uri(), timeout=20)
    assert [(d["code"], d["range"]["start"]) for d in found] == [("E104", {"line": 0, "character": 55})]
