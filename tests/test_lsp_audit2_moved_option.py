"""`twilight lsp`'s hover of an option a variant's patch moves (docs/new-ruleset.md, change 1): the number
the option has in the variant, the one its declaration writes, the move's mark and the patch's place.
Before, it showed the parent's declaration alone: `option 7 key_new` where the variant plays it as option
6, without the `provisional` mark the move gives it (cli/lsp/describe.py, analysis.py)."""

from __future__ import annotations

from pathlib import Path

from lsp_client import LspProcess

MANIFEST = 'ruleset "moved" provisional "P11: a test variant" {\n  version "1"\n  extends "solo-v2"\n}\n'
VARIANT = (
    "patch priority ai_influence_placement {\n"
    '  move option key_new before key_spread provisional "P11: house rule: new Key countries first"\n'
    "}\n"
)


def opened(tmp_path: Path, name: str) -> tuple[LspProcess, str]:
    """The variant written in `tmp_path/moved`, a language server started there with the file `name` of it
    open (and checked clean); the caller stops the server."""
    folder = tmp_path / "moved"
    folder.mkdir()
    texts = {"ruleset.tsr": MANIFEST, "variant.tsr": VARIANT}
    for file, text in texts.items():
        (folder / file).write_text(text, encoding="utf-8")
    uri = (folder / name).as_uri()
    lsp = LspProcess(tmp_path)
    lsp.start(tmp_path)
    try:
        lsp.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "twilight", "version": 1, "text": texts[name]}},
        )
        assert lsp.diagnostics_for(uri) == []
    except BaseException:
        lsp.stop()
        raise
    return lsp, uri


def test_the_hover_of_a_moved_option_gives_its_number_in_the_variant_and_the_moves_mark(
    tmp_path: Path,
) -> None:
    lsp, uri = opened(tmp_path, "variant.tsr")
    try:
        line = VARIANT.split("\n")[1]
        hovers = {}
        for name in ("key_new", "key_spread"):
            at = {"line": 1, "character": line.index(name) + 1}
            hovers[name] = lsp.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at})
        moved = hovers["key_new"]["contents"]["value"]
        assert "option 6 key_new  (of priority ai_influence_placement; option 7 where declared)" in moved, (
            moved
        )
        assert 'provisional "P11: house rule: new Key countries first"' in moved, moved
        assert "patched or removed at `moved/variant.tsr:2`" in moved, moved
        other = hovers["key_spread"]["contents"]["value"]
        assert (
            "option 7 key_spread  (of priority ai_influence_placement; option 6 where declared)" in other
        ), other
        assert "P11" not in other, other
    finally:
        assert lsp.stop() == 0


def test_the_hover_of_a_manifest_gives_the_version_a_scenario_or_ruleset_flag_pins(tmp_path: Path) -> None:
    """The manifest's hover named the ruleset alone: its version (what `NAME@VERSION` pins) and what it
    extends are there now, for the variant and for the parent its `extends` names."""
    lsp, uri = opened(tmp_path, "ruleset.tsr")
    try:
        lines = MANIFEST.split("\n")
        said = {}
        for line, word in ((0, '"moved"'), (2, '"solo-v2"')):
            at = {"line": line, "character": lines[line].index(word) + 2}
            said[word] = lsp.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at})
        assert 'ruleset "moved": version 1, extends solo-v2\n' in said['"moved"']["contents"]["value"]
        assert 'ruleset "solo-v2": version 2.0, extends standard\n' in said['"solo-v2"']["contents"]["value"]
    finally:
        assert lsp.stop() == 0
