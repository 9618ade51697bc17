"""A manifest's `extends "NAME@VERSION"` is looked for where the command finds rulesets, in the same order
(compiler/loader.py, cli/versions.py `search_rules_in`): beside the variant first, then installed, in
`$TWILIGHT_HOME/rules/`, in each `--rules-path` (of the three, the one found last, as `--ruleset
NAME@VERSION` plays it). Before, only the folders beside the variant and the installed ones were looked
in: a variant in ~/my-rules extending "base@2" kept in another `--rules-path` folder (or in
`$TWILIGHT_HOME/rules/`) was E002, an unknown ruleset, though `twilight rulesets` listed base 2. A version
not found says where it was looked for.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import describe, errors, run_cli
from twilight.compiler import api
from twilight.compiler.loader import set_rules_search

SETTING = 'override setting deluxe_map_canada: bool = true provisional "P11: a test"\n'


def ruleset(folder: Path, name: str, version: str, parent: str, text: str = "# nothing yet\n") -> Path:
    """A ruleset folder: its manifest (`extends` on line 3, its string at column 11) and one rule file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{name}" provisional "P11: a test" {{\n  version "{version}"\n  extends "{parent}"\n}}\n',
        encoding="utf-8",
    )
    (folder / "rules.tsr").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """`my-rules/mine` 1 extends `base@2`, which is in `other/base`; `home` is the player's folder."""
    ruleset(tmp_path / "other" / "base", "base", "2", "solo-v2", SETTING)
    ruleset(tmp_path / "my-rules" / "mine", "mine", "1", "base@2")
    (tmp_path / "home").mkdir()
    return tmp_path


def env(root: Path) -> dict[str, str]:
    return {"TWILIGHT_HOME": str(root / "home")}


def canada_scenario(rules: Path, which: str, ruleset: str) -> Path:
    """A scenario file of `ruleset` (as its `ruleset:` key writes it) that holds when base 2's setting (the
    deluxe map's 2 US influence in Canada) reached the variant `which` through its pinned extends."""
    scenario = rules / "canada.yaml"
    scenario.write_text(
        f"name: base 2's setting, inherited by {which} through its pinned extends\n"
        f"ruleset: {ruleset}\n"
        "options: {ai_side: ussr, level: normal}\n"
        "setup: standard\n"
        "dice: [5]\n"
        "steps: []\n"
        "expect:\n  influence:\n    canada: {us: 2}\n  dice_unused: 0\n",
        encoding="utf-8",
    )
    return scenario


def test_rulesets_changes_finds_the_pinned_parent_in_another_rules_path(rules: Path) -> None:
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    status, out = run_cli(["rulesets", *paths, "--changes", "mine"], extra_env=env(rules))
    assert status == 0, out
    # (mine changes nothing of base: what it changes is told, not an error of its rules)
    assert "E002" not in out and "error" not in out, out


def test_play_finds_the_pinned_parent_in_another_rules_path(rules: Path) -> None:
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    status, out = run_cli(
        ["play", *paths, "--ruleset", "mine@1", "--human-policy", "random", "--seed", "1", "--side", "us"],
        extra_env=env(rules),
    )
    assert status == 0, out
    assert "E002" not in out and "victory" in out.lower(), out[-3000:]


def test_check_finds_the_pinned_parent_in_twilight_home(rules: Path) -> None:
    (rules / "other").rename(rules / "home" / "rules")
    status, out = run_cli(["check", str(rules / "my-rules" / "mine")], extra_env=env(rules))
    assert status == 0 and "0 errors" in out, out


def test_check_finds_the_pinned_parent_and_the_variant_in_a_rules_path(rules: Path) -> None:
    mine = str(rules / "my-rules" / "mine")
    status, out = run_cli(["check", "--rules-path", str(rules / "other"), mine], extra_env=env(rules))
    assert status == 0 and "0 errors" in out, out
    # by its name, found in a rules path as `twilight play --rules-path` finds it
    paths = ["--rules-path", str(rules / "other"), "--rules-path", str(rules / "my-rules")]
    status, out = run_cli(["check", *paths, "mine@1"], extra_env=env(rules))
    assert status == 0 and "0 errors" in out, out
    # without it, base 2 is not found, and the places looked in are said
    status, out = run_cli(["check", mine], extra_env=env(rules))
    assert status == 1 and "unknown ruleset 'base' (in 'base@2')" in out, out
    assert "looked for in this order: beside it (" in out, out


def test_a_scenario_of_a_variant_pinning_a_parent_in_twilight_home(rules: Path) -> None:
    (rules / "other").rename(rules / "home" / "rules")
    scenario = canada_scenario(rules, "mine", str(rules / "my-rules" / "mine"))
    status, out = run_cli(["scenario", "run", str(scenario)], extra_env=env(rules))
    assert status == 0 and "1 passed" in out, out


def test_a_version_not_found_says_where_it_was_looked_for(rules: Path) -> None:
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    ruleset(rules / "my-rules" / "mine", "mine", "1", "base@3")
    status, out = run_cli(["rulesets", *paths, "--changes", "mine"], extra_env=env(rules))
    assert status == 1, out
    assert "ruleset.tsr:3:11: error[E002]: 'base@3' names no version of base that is found" in out, out
    assert '   3 |   extends "base@3"\n' + " " * 17 + "^" * len('"base@3"') + "\n" in out, out
    assert 'help: write `extends "base@2"`; versions of base found: 2 (in ' in out, out
    other = str(rules / "other")
    assert (
        f"looked for in this order: beside it ({rules / 'my-rules'}); installed (" in out
        and f"$TWILIGHT_HOME/rules ({rules / 'home' / 'rules'}); --rules-path ({rules / 'my-rules'}); "
        f"--rules-path ({other})"
        in out
    ), out


def test_the_order_beside_then_the_last_found_of_installed_home_and_rules_paths(tmp_path: Path) -> None:
    home = ruleset(
        tmp_path / "home" / "base",
        "base",
        "2",
        "solo-v2",
        'setting in_home: bool = true provisional "P11: a test"\n',
    )
    path = ruleset(
        tmp_path / "path" / "base",
        "base",
        "2",
        "solo-v2",
        'setting in_path: bool = true provisional "P11: a test"\n',
    )
    mine = ruleset(tmp_path / "work" / "mine", "mine", "1", "base@2")

    def chain_setting(roots: list[tuple[Path, str]]) -> str:
        previous = set_rules_search(roots)
        try:
            result = api.compile_target(str(mine), use_cache=False)
        finally:
            set_rules_search(previous)
        assert not errors(result.diagnostics), describe(result.diagnostics)
        return next(name for name in ("in_home", "in_path", "beside") if name in str(result.ir["settings"]))

    roots = [(home.parent, "$TWILIGHT_HOME/rules"), (path, "--rules-path")]
    assert chain_setting(roots) == "in_path"  # (a rules path over the player's folder, as `catalog`)
    assert chain_setting(roots[:1]) == "in_home"
    ruleset(
        tmp_path / "work" / "base-copy",
        "base",
        "2",
        "solo-v2",
        'setting beside: bool = true provisional "P11: a test"\n',
    )
    assert chain_setting(roots) == "beside"  # (beside the variant first, as ever)
    # a program that sets nothing finds the installed rulesets and those beside the variant only
    (tmp_path / "work" / "base-copy").rename(tmp_path / "elsewhere")
    result = api.compile_target(str(mine), use_cache=False)
    assert [d.code for d in errors(result.diagnostics)] == ["E002"], describe(result.diagnostics)


def test_a_scenario_names_a_variant_and_version_found_in_a_rules_path(rules: Path) -> None:
    """`twilight scenario run --rules-path DIR`: a file's `ruleset: NAME@VERSION` is found there, and the
    variant's pinned parent too, as `twilight play --rules-path` finds them (docs/new-ruleset.md, 7)."""
    scenario = canada_scenario(rules, "mine 1", "mine@1")
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    status, out = run_cli(["scenario", "run", *paths, str(scenario)], extra_env=env(rules))
    assert status == 0 and "1 passed" in out, out
    # without them, the name is not found, and the rulesets that are are listed
    status, out = run_cli(["scenario", "run", str(scenario)], extra_env=env(rules))
    assert status == 1 and "'mine@1' is neither a known ruleset" in out, out


def test_the_list_keeps_its_columns_with_a_pinned_extends(rules: Path) -> None:
    """`twilight rulesets`: an `extends "NAME@VERSION"` longer than the column pushed that row's
    description out of line with the others."""
    ruleset(rules / "other" / "longer-base", "longer-base", "2.0", "solo-v2")
    manifest = ruleset(rules / "my-rules" / "mine", "mine", "1", "longer-base@2.0") / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("}\n", '  description "mine, on base 2"\n}\n'), encoding="utf-8")
    paths = ["--rules-path", str(rules / "my-rules"), "--rules-path", str(rules / "other")]
    status, out = run_cli(["rulesets", *paths], extra_env=env(rules))
    assert status == 0, out
    lines = out.splitlines()
    header = lines[0].index("description")
    rows = [line for line in lines[1:] if not line.startswith(" ")]
    mine = next(line for line in rows if line.startswith("mine "))
    assert mine[header:] == "mine, on base 2", out
    assert mine.split()[2] == "longer-base@2.0", out


def test_the_guides_version_not_found_is_what_check_prints(tmp_path: Path) -> None:
    """docs/new-ruleset.md (Extending a version) quotes the E002 of a version not found: its lines are
    `twilight check`'s, the guide's folders standing for the test's."""
    guide = (Path(__file__).resolve().parent.parent / "docs" / "new-ruleset.md").read_text(encoding="utf-8")
    # (an indented block: the guide's fenced blocks are its example's files and commands)
    start = guide.index("    mine/ruleset.tsr:3:11: error[E002]")
    quoted = "\n".join(line[4:] for line in guide[start : guide.index("\n\n", start)].split("\n"))
    mine = ruleset(tmp_path / "work" / "mine", "mine", "1", "solo-v2@2.1")
    other = tmp_path / "other-rules"
    other.mkdir()
    home = tmp_path / "share" / "twilight"
    status, out = run_cli(
        ["check", "--rules-path", str(other), "mine"], cwd=mine.parent, extra_env={"TWILIGHT_HOME": str(home)}
    )
    assert status == 1, out
    root = str(Path(__file__).resolve().parent.parent)
    shown = (
        out.replace(str(home / "rules"), "/home/me/.local/share/twilight/rules")
        .replace(str(other), "/home/me/other-rules")
        .replace(f"{root}/rules", "rules")
    )
    assert quoted in shown, shown


def test_check_by_name_reads_the_fluent_files_of_a_ruleset_found_in_a_rules_path(rules: Path) -> None:
    """`twilight check NAME@VERSION` of a ruleset found in a rules path (or `$TWILIGHT_HOME/rules/`) told
    nothing of its .ftl files that no reader parses: they were looked for by the name as a folder."""
    locales = rules / "my-rules" / "mine" / "locales" / "en"
    locales.mkdir(parents=True)
    (locales / "play.ftl").write_bytes(b"ruleset-description = \xff\n")  # (no UTF-8: no reader reads it)
    paths = ["--rules-path", str(rules / "other"), "--rules-path", str(rules / "my-rules")]
    by_folder = run_cli(["check", *paths, str(rules / "my-rules" / "mine")], extra_env=env(rules))
    by_name = run_cli(["check", *paths, "mine@1"], extra_env=env(rules))
    assert by_folder[0] == 1 and "play.ftl" in by_folder[1], by_folder
    assert by_name[0] == 1 and "play.ftl" in by_name[1], by_name
