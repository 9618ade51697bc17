"""`twilight rulesets` as an author runs it: a --rules-path that does not exist is said, not skipped."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from twilight.cli.main import cli


def test_a_rules_path_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    """A misspelt --rules-path listed the installed rulesets only, as if the folder held none."""
    missing = tmp_path / "my-rulez"
    result = CliRunner().invoke(cli, ["rulesets", "--rules-path", str(missing)])
    assert result.exit_code == 2
    assert "--rules-path" in result.output and "does not exist" in result.output
    assert "solo-v2" not in result.output


def test_a_rules_path_that_exists_is_listed_too(tmp_path: Path) -> None:
    examples = Path(__file__).resolve().parent.parent / "docs" / "examples"
    result = CliRunner().invoke(cli, ["rulesets", "--rules-path", str(examples)])
    assert result.exit_code == 0, result.output
    assert "solo-v2-aggressive" in result.output
