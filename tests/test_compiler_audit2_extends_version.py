"""`extends "NAME@VERSION"` in a manifest pins the parent's version (docs/new-ruleset.md): the folder,
beside the ruleset or installed, whose manifest names NAME at exactly that version, as `--ruleset
NAME@VERSION` finds one. It was E002 (unknown ruleset). A version not found is E002 at the string, with
the versions found and the `extends` to write; a new version of a ruleset in a folder of the same name
(`$TWILIGHT_HOME/rules/solo-v2`, 2.1) extends the installed one (2.0) without a cycle.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import describe, errors, run_cli
from twilight.compiler import api
from twilight.compiler.diagnostics import render
from twilight.compiler.loader import extended_folder, read_manifest, rules_root

# The installed solo-v2's version (2.0 when written), and one it does not have.
_INSTALLED = read_manifest(rules_root() / "solo-v2")
V = _INSTALLED[1] if _INSTALLED is not None and _INSTALLED[1] else "2.0"
OTHER = V + ".1"

SETTING = 'override setting deluxe_map_canada: bool = true provisional "P11: a test"\n'


def ruleset(folder: Path, name: str, version: str, parent: str | None, text: str = SETTING) -> Path:
    """A ruleset folder: its manifest (`extends` on line 3, its string at column 11) and one rule file."""
    folder.mkdir(parents=True, exist_ok=True)
    extends = f'  extends "{parent}"\n' if parent is not None else ""
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{name}" provisional "P11: a test" {{\n  version "{version}"\n{extends}}}\n',
        encoding="utf-8",
    )
    (folder / "rules.tsr").write_text(text, encoding="utf-8")
    return folder


def compile_folder(folder: Path, use_cache: bool = False) -> Any:
    return api.compile_target(str(folder), use_cache=use_cache)


def test_extends_an_installed_ruleset_at_its_version(tmp_path: Path) -> None:
    result = compile_folder(ruleset(tmp_path / "mine", "mine", "1", f"solo-v2@{V}"))
    assert not errors(result.diagnostics), describe(result.diagnostics)
    assert result.ir["ruleset"]["chain"] == ["standard", "solo-v2", "mine"]
    # the same as the bare name, which finds the same folder
    bare = compile_folder(ruleset(tmp_path / "bare" / "mine", "mine", "1", "solo-v2"))
    assert result.ir["settings"] == bare.ir["settings"]


def test_a_version_not_found_is_e002_at_the_string_with_the_versions_found(tmp_path: Path) -> None:
    result = compile_folder(ruleset(tmp_path / "mine", "mine", "1", f"solo-v2@{OTHER}"))
    (diag,) = errors(result.diagnostics)
    assert diag.code == "E002", diag
    assert diag.message == f"'solo-v2@{OTHER}' names no version of solo-v2 that is found"
    assert diag.pos is not None and diag.pos.file.endswith("mine/ruleset.tsr")
    assert (diag.pos.line, diag.pos.col, diag.pos.end_col) == (3, 11, 11 + len(f'"solo-v2@{OTHER}"')), (
        diag.pos
    )
    assert diag.help is not None and diag.help.startswith(
        f'write `extends "solo-v2@{V}"`; versions of solo-v2 found: {V} (in '
    )
    shown = render(diag, result.sources)
    quoted = f'"solo-v2@{OTHER}"'
    assert f"extends {quoted}" in shown and " " * 12 + "^" * len(quoted) in shown, shown


def test_an_unknown_name_with_a_version_suggests_the_name(tmp_path: Path) -> None:
    (diag,) = errors(compile_folder(ruleset(tmp_path / "mine", "mine", "1", f"solo-v3@{V}")).diagnostics)
    assert diag.code == "E002" and diag.message == f"unknown ruleset 'solo-v3' (in 'solo-v3@{V}')"
    assert diag.help == f"did you mean 'solo-v2@{V}'?"
    assert diag.pos is not None and (diag.pos.line, diag.pos.col) == (3, 11)


def test_two_versions_side_by_side_each_extended_exactly(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    # an older solo-v2 beside the variant, in a folder of another name (W001: it warns of the name)
    ruleset(
        rules / "solo-v2-old",
        "solo-v2",
        "1.9",
        "standard",
        'setting pinned_old: bool = true provisional "P11: a test"\n',
    )
    old = compile_folder(ruleset(rules / "mine", "mine", "1", "solo-v2@1.9", ""))
    assert not errors(old.diagnostics), describe(old.diagnostics)
    assert old.ir["ruleset"]["chain"] == ["standard", "solo-v2-old", "mine"]
    assert "pinned_old" in str(old.ir["settings"])
    new = compile_folder(ruleset(rules / "mine", "mine", "1", f"solo-v2@{V}", ""))
    assert not errors(new.diagnostics), describe(new.diagnostics)
    assert new.ir["ruleset"]["chain"] == ["standard", "solo-v2", "mine"]
    assert "pinned_old" not in str(new.ir["settings"])
    (diag,) = errors(compile_folder(ruleset(rules / "mine", "mine", "1", "solo-v2@3")).diagnostics)
    assert diag.help is not None and "versions of solo-v2 found: 1.9 (in " in diag.help, diag.help
    assert f"solo-v2-old), {V} (in " in diag.help, diag.help


def test_a_new_version_in_a_folder_of_the_same_name_extends_the_installed_one(tmp_path: Path) -> None:
    # as in $TWILIGHT_HOME/rules/solo-v2: a bare `extends "solo-v2"` would find the folder itself
    home = ruleset(tmp_path / "home" / "solo-v2", "solo-v2", OTHER, f"solo-v2@{V}")
    result = compile_folder(home)
    assert not errors(result.diagnostics), describe(result.diagnostics)
    assert result.ir["ruleset"]["version"] == OTHER
    assert result.ir["ruleset"]["chain"] == ["standard", "solo-v2", "solo-v2"]
    # and again from the compile cache, which follows `extends` by the manifests' texts
    assert compile_folder(home, use_cache=True).ir == compile_folder(home, use_cache=True).ir


def test_extending_its_own_version_is_a_cycle(tmp_path: Path) -> None:
    result = compile_folder(ruleset(tmp_path / "home" / "solo-v2", "solo-v2", OTHER, f"solo-v2@{OTHER}"))
    codes = [d.code for d in errors(result.diagnostics)]
    assert codes == ["E004"], describe(result.diagnostics)


def test_check_accepts_the_versioned_extends(tmp_path: Path) -> None:
    folder = ruleset(tmp_path / "mine", "mine", "1", f"solo-v2@{V}")
    status, out = run_cli(["check", str(folder)])
    assert status == 0 and "0 errors" in out, out


def test_the_commands_find_the_extended_folder_as_the_compiler_does(tmp_path: Path) -> None:
    mine = ruleset(tmp_path / "mine", "mine", "1", f"solo-v2@{V}")
    assert extended_folder(mine, f"solo-v2@{V}") == rules_root() / "solo-v2"
    assert extended_folder(mine, f"solo-v2@{OTHER}") is None
    assert extended_folder(mine, "solo-v2") == rules_root() / "solo-v2"


def test_versions_sort_whatever_digits_they_are_written_in() -> None:
    # `version "²"` (a digit to str.isdigit, not to int) and a number of 5,000 digits made int() raise
    # while `twilight rulesets` sorted the versions found
    from twilight.cli.versions import version_key

    assert version_key("²") == ((1, "²"),)
    assert version_key("9" * 5000)[0][0] == 1
    assert version_key("2.10") > version_key("2.9")


def test_the_changes_of_a_variant_pinning_its_parents_version_are_told(tmp_path: Path) -> None:
    """`twilight rulesets --changes` follows `extends "NAME@VERSION"` to that version's folder, as the
    compiler does; it said the variant "changes no other ruleset"."""
    ruleset(tmp_path / "pinned", "pinned", "1", f"solo-v2@{V}")
    status, out = run_cli(["rulesets", "--rules-path", str(tmp_path), "--changes", "pinned"])
    assert status == 0, out
    assert "changes no other ruleset" not in out, out
    assert "Canada" in out, out  # (its one change: the setting's default)
