"""`twilight lsp`: go to definition on the parent's name in a manifest's `extends "NAME@VERSION"` opens the
manifest of the folder that version is in, as the compiler finds it (compiler/loader.py), and on a plain
`extends "NAME"` the manifest of the folder of that name. Before, a pinned name answered nothing (the
name with its `@VERSION` is no ruleset's name), and a new version of a ruleset in a folder of the same name
(`solo-v2` 2.1 extending `solo-v2@2.0`) would have been led to both manifests of that name, its own
among them; the hover of a pinned name said nothing either (cli/lsp/server.py, analysis.py).
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from lsp_client import LspProcess
from twilight.compiler.loader import read_manifest, rules_root

_INSTALLED = read_manifest(rules_root() / "solo-v2")
V = _INSTALLED[1] if _INSTALLED is not None and _INSTALLED[1] else "2.0"
SETTING = 'override setting deluxe_map_canada: bool = true provisional "P11: a test"\n'


def ruleset(folder: Path, name: str, version: str, parent: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{name}" provisional "P11: a test" {{\n  version "{version}"\n  extends "{parent}"\n}}\n',
        encoding="utf-8",
    )
    (folder / "rules.tsr").write_text(SETTING, encoding="utf-8")
    return folder / "ruleset.tsr"


def definition(lsp: LspProcess, manifest: Path, character: int) -> Any:
    """Go to definition at line 3 (the `extends`), `character` (0-based) of the manifest."""
    where = {"textDocument": {"uri": manifest.as_uri()}, "position": {"line": 2, "character": character}}
    return lsp.request("textDocument/definition", where)


def hover(lsp: LspProcess, manifest: Path, character: int) -> str:
    where = {"textDocument": {"uri": manifest.as_uri()}, "position": {"line": 2, "character": character}}
    found = lsp.request("textDocument/hover", where)
    assert found is not None, f"no hover at {character}"
    text: str = found["contents"]["value"]
    return text


def ruleset_line(manifest: Path) -> int:
    lines = manifest.read_text(encoding="utf-8").split("\n")
    return next(number for number, line in enumerate(lines) if line.startswith("ruleset "))


def served(tmp_path: Path) -> LspProcess:
    lsp = LspProcess(tmp_path, env={"TWILIGHT_HOME": str(tmp_path / "home")})
    lsp.start(tmp_path)
    return lsp


def test_definition_of_a_pinned_parent_opens_that_versions_manifest(tmp_path: Path) -> None:
    manifest = ruleset(tmp_path / "mine", "mine", "1", f"solo-v2@{V}")
    installed = rules_root() / "solo-v2" / "ruleset.tsr"
    lsp = served(tmp_path)
    try:
        line = manifest.read_text(encoding="utf-8").split("\n")[2]
        # on the name, on the version, on the quotes: the parent's manifest
        for character in (line.index('"') + 1, line.index("@") + 2, line.index('"')):
            found = definition(lsp, manifest, character)
            assert found is not None and len(found) == 1, found
            assert found[0]["uri"] == installed.resolve().as_uri(), found
            assert found[0]["range"]["start"]["line"] == ruleset_line(installed), found
        # the keyword is no ruleset's name
        assert definition(lsp, manifest, 3) is None
        # and the hover describes the version pinned (it said nothing)
        assert f'ruleset "solo-v2": version {V}, extends standard' in hover(lsp, manifest, line.index("@"))
    finally:
        assert lsp.stop() == 0
    assert b"Traceback" not in b"".join(lsp.stderr)


def test_a_new_version_in_a_folder_of_the_same_name_is_led_to_the_one_it_extends(tmp_path: Path) -> None:
    """`$TWILIGHT_HOME/rules/solo-v2` at 2.1 extending `solo-v2@2.0`: both manifests say `ruleset
    "solo-v2"`, and the definition is the installed one's alone."""
    manifest = ruleset(tmp_path / "home" / "rules" / "solo-v2", "solo-v2", V + ".1", f"solo-v2@{V}")
    installed = rules_root() / "solo-v2" / "ruleset.tsr"
    lsp = served(tmp_path)
    try:
        line = manifest.read_text(encoding="utf-8").split("\n")[2]
        found = definition(lsp, manifest, line.index('"') + 2)
        assert [each["uri"] for each in found or []] == [installed.resolve().as_uri()], found
        said = hover(lsp, manifest, line.index('"') + 2)
        assert f'ruleset "solo-v2": version {V}, extends standard' in said and f"{V}.1" not in said, said
    finally:
        assert lsp.stop() == 0


def test_definition_of_a_plain_parent_in_a_folder_beside_it(tmp_path: Path) -> None:
    parent = ruleset(tmp_path / "base", "base", "1", "solo-v2")
    manifest = ruleset(tmp_path / "mine", "mine", "1", "base")
    lsp = served(tmp_path)
    try:
        line = manifest.read_text(encoding="utf-8").split("\n")[2]
        found = definition(lsp, manifest, line.index('"') + 2)
        assert [each["uri"] for each in found or []] == [parent.resolve().as_uri()], found
    finally:
        assert lsp.stop() == 0


def test_a_pinned_parent_in_twilight_home_or_a_rules_path_given_to_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server finds a pinned parent where the commands do: in `$TWILIGHT_HOME/rules/`, and in each
    `twilight lsp --rules-path DIR` (an editor's command line)."""
    home = ruleset(tmp_path / "home" / "rules" / "base", "base", "2", "solo-v2")
    other = ruleset(tmp_path / "other" / "base", "base", "3", "solo-v2")
    manifest = ruleset(tmp_path / "work" / "mine", "mine", "1", "base@2")
    line = manifest.read_text(encoding="utf-8").split("\n")[2]
    lsp = served(tmp_path)
    try:
        assert lsp.diagnostics_for(opened(lsp, manifest)) == []
        found = definition(lsp, manifest, line.index('"') + 2)
        assert [each["uri"] for each in found or []] == [home.resolve().as_uri()], found
    finally:
        assert lsp.stop() == 0
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("base@2", "base@3"), encoding="utf-8")
    real = subprocess.Popen

    def with_rules_path(command: list[str], *args: Any, **kwargs: Any) -> Any:
        return real([*command, "--rules-path", str(other.parent.parent)], *args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", with_rules_path)
    lsp = served(tmp_path)
    try:
        assert lsp.diagnostics_for(opened(lsp, manifest)) == []
        found = definition(lsp, manifest, line.index('"') + 2)
        assert [each["uri"] for each in found or []] == [other.resolve().as_uri()], found
    finally:
        assert lsp.stop() == 0


def opened(lsp: LspProcess, manifest: Path) -> str:
    uri = manifest.as_uri()
    text = manifest.read_text(encoding="utf-8")
    lsp.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "twilight", "version": 1, "text": text}},
    )
    return uri
