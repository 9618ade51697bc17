"""`twilight lsp` checks a ruleset when a file of it is opened or changed, not because it was hovered: a
ruleset whose file was only asked about (hover, definition) with none of its files open is not checked
again, nor its problems published, on each keystroke in a file it reads; its next question is answered
from the editor's texts as they are then (cli/lsp/server.py: `followed`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from lsp_client import LspProcess

PARENT_MANIFEST = (
    'ruleset "parent-var" provisional "P11: a test variant" {\n  version "1"\n  extends "solo-v2"\n}\n'
)
PARENT = (
    'override card 18 captured_nazi_scientist provisional "P11: house rule: {ops} ops" {{\n'
    "  ops {ops} side neutral period early starred\n"
    '  event source "card text (deluxe) · 18" {{\n'
    "    space_advance(player, 1)\n"
    "  }}\n"
    "}}\n"
)
CHILD_MANIFEST = (
    'ruleset "child-var" provisional "P11: a test variant" {\n  version "1"\n  extends "parent-var"\n}\n'
)
# (a rule naming the card, to hover it in the child)
CHILD = (
    'rule scientist_first provisional "P11: test" {\n'
    "  forbid event captured_nazi_scientist when turn == 1\n"
    "}\n"
)


def _checked(lsp: LspProcess, name: str, since: int) -> list[str]:
    """The server's `checked NAME: …` log lines after the `since`-th notification kept."""
    return [
        m["params"]["message"]
        for m in lsp.notifications[since:]
        if m.get("method") == "window/logMessage" and m["params"]["message"].startswith(f"checked {name}:")
    ]


def _published(lsp: LspProcess, folder: Path, since: int) -> list[dict[str, Any]]:
    return [
        m["params"]
        for m in lsp.notifications[since:]
        if m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"].startswith(folder.as_uri() + "/")
    ]


def test_a_ruleset_only_hovered_is_not_checked_again_as_another_is_edited(tmp_path: Path) -> None:
    parent, child = tmp_path / "parent-var", tmp_path / "child-var"
    parent.mkdir()
    child.mkdir()
    (parent / "ruleset.tsr").write_text(PARENT_MANIFEST, encoding="utf-8")
    (parent / "variant.tsr").write_text(PARENT.format(ops=2), encoding="utf-8")
    (child / "ruleset.tsr").write_text(CHILD_MANIFEST, encoding="utf-8")
    (child / "rule.tsr").write_text(CHILD, encoding="utf-8")
    lsp = LspProcess(tmp_path)
    try:
        lsp.start(tmp_path)
        edited = (parent / "variant.tsr").as_uri()
        text = PARENT.format(ops=2)
        lsp.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": edited, "languageId": "twilight", "version": 1, "text": text}},
        )
        assert lsp.diagnostics_for(edited) == []
        # The child's file, never opened, is hovered (a peek, a hover in a preview): checked for it once.
        hovered = {
            "textDocument": {"uri": (child / "rule.tsr").as_uri()},
            "position": {"line": 1, "character": 20},
        }
        said = lsp.request("textDocument/hover", hovered)
        assert "ops 2" in said["contents"]["value"], said
        # Edits of the parent's file, which the child reads.
        since = len(lsp.notifications)
        for version, ops in ((2, 3), (3, 4)):
            lsp.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": edited, "version": version},
                    "contentChanges": [{"text": PARENT.format(ops=ops)}],
                },
            )
            assert lsp.diagnostics_for(edited) == []
        time.sleep(1.5)  # (long past the debounce: a check of the child would have come by now)
        lsp.request(
            "textDocument/hover", {"textDocument": {"uri": edited}, "position": {"line": 0, "character": 20}}
        )
        assert _checked(lsp, "child-var", since) == [], "the hovered-only ruleset was checked again"
        assert _published(lsp, child, since) == [], "problems of a ruleset no file of which is open"
        # Asked again, it answers from the texts as they are now (ops 4, the unsaved edit).
        since = len(lsp.notifications)
        said = lsp.request("textDocument/hover", hovered)
        assert "ops 4" in said["contents"]["value"], said
        assert len(_checked(lsp, "child-var", since)) == 1
    finally:
        assert lsp.stop() == 0
