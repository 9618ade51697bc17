"""Every command that takes a ruleset finds it the way `twilight play` does (cli/ruleset_target.py): a
name found in `$TWILIGHT_HOME/rules/`, `NAME@VERSION`, an installed name, a folder or file path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from twilight.cli.main import cli
from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target
from twilight.cli.versions import rules_root

VARIANT = "solo-v2-calm"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A `$TWILIGHT_HOME` whose rules/ holds a copy of solo-v2-quickdeal renamed solo-v2-calm."""
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    target = tmp_path / "home" / "rules" / VARIANT
    shutil.copytree(rules_root() / "solo-v2-quickdeal", target)
    manifest = target / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace('ruleset "solo-v2-quickdeal"', f'ruleset "{VARIANT}"'), encoding="utf-8")
    return tmp_path / "home"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_check_takes_a_ruleset_of_twilight_home_by_name(home: Path) -> None:
    result = run("check", VARIANT)
    assert result.exit_code == 0, result.output
    assert "ok: 0 errors" in result.output


def test_diff_takes_a_home_ruleset_and_a_name_at_a_version(home: Path) -> None:
    result = run("diff", "solo-v2@2.0", VARIANT)
    assert result.exit_code == 0, result.output
    assert "solo-v2@2.0 (solo-v2 2.0) -> solo-v2-calm (solo-v2-calm 2.0)" in result.output
    assert "solo_deal" in result.output  # what quickdeal changes from solo-v2


def test_docs_take_a_home_ruleset(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "docs"
    result = run("docs", VARIANT, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "index.html").is_file()


def test_explain_card_takes_a_home_ruleset(home: Path) -> None:
    result = run("explain", "card", "103", "--ruleset", VARIANT)
    assert result.exit_code == 0, result.output
    assert "Defectors" in result.output


def test_simulate_takes_a_home_ruleset(home: Path) -> None:
    result = run("simulate", "--ruleset", VARIANT, "--games", "1")
    assert result.exit_code == 0, result.output


def test_compile_takes_a_name_at_a_version(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "ir.json"
    result = run("compile", f"{VARIANT}@2.0", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert VARIANT in out.read_text(encoding="utf-8")


def test_an_installed_name_and_a_path_are_compiled_as_before(home: Path) -> None:
    assert ruleset_target("solo-v2") == "solo-v2"
    assert ruleset_target("solo-v2@2.0") == "solo-v2"
    assert ruleset_target("rules/standard") == "rules/standard"
    assert Path(ruleset_target(VARIANT)) == home / "rules" / VARIANT


def test_an_unknown_name_lists_the_rulesets_found(home: Path) -> None:
    with pytest.raises(RulesetNotFound) as caught:
        ruleset_target("solo-v2-calmer")
    assert "did you mean 'solo-v2-calm'?" in caught.value.help
    assert VARIANT in caught.value.help and "standard" in caught.value.help
    result = run("check", "nosuch")
    assert result.exit_code == 1
    assert "'nosuch' is neither a known ruleset nor a file or folder" in result.output
    assert f"rulesets found: solo-v2, {VARIANT}," in result.output


def test_an_unknown_version_says_which_there_are(home: Path) -> None:
    result = run("diff", "solo-v2@9", VARIANT)
    assert result.exit_code == 1
    assert "versions found: 2.0" in result.output
