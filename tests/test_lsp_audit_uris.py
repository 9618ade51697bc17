"""`twilight lsp` on a ruleset in a folder whose name has a space and Cyrillic letters ("мой вариант"):
what the server sends about a file names it by the uri the client knows it by, percent-encoded as the
client wrote it (cli/lsp/server.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from lsp_client import LspProcess

ROOT = Path(__file__).resolve().parent.parent


def test_a_folder_with_a_space_and_cyrillic_keeps_the_clients_uris(tmp_path: Path) -> None:
    copy = tmp_path / "мой вариант"
    shutil.copytree(ROOT / "rules" / "solo-v2", copy)
    manifest = copy / "ruleset.tsr"
    renamed = manifest.read_text(encoding="utf-8").replace('ruleset "solo-v2"', 'ruleset "мой вариант"')
    manifest.write_text(renamed, encoding="utf-8")
    priorities = copy / "ai" / "influence_priority.tsr"
    text = priorities.read_text(encoding="utf-8")
    uri = priorities.as_uri()  # (file:///…/%D0%BC%D0%BE%D0%B9%20…: as editors write it)
    assert "%20%D0%B2" in uri
    lsp = LspProcess(ROOT)
    try:
        lsp.start(copy)
        lsp.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "twilight", "version": 1, "text": text}},
        )
        # (`diagnostics_for` waits for a notification naming exactly this uri)
        assert lsp.diagnostics_for(uri, timeout=30) == []
        broken = text.replace("rank(region_country_priority, c)", "rank(region_country_priorty, c)")
        lsp.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": broken}]},
        )
        [unknown] = lsp.diagnostics_for(uri, timeout=30)
        assert unknown["code"] == "E104"
        # a name declared in a file the editor does not hold: that file's own uri, encoded
        used = text.index("region_country_priority, c)")
        position = {"line": text[:used].count("\n"), "character": used - text.rfind("\n", 0, used)}
        lsp.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": text}]},
        )
        assert lsp.diagnostics_for(uri, timeout=30) == []
        [order] = lsp.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": position})
        assert order["uri"] == (copy / "ai" / "region_country_priority.tsr").as_uri()
        assert lsp.stop() == 0
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()
