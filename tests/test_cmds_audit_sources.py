"""`twilight sources`: asking for two forms of the report at once is refused, not half-obeyed."""

from __future__ import annotations

from click.testing import CliRunner
from twilight.cli.main import cli


def test_json_and_markdown_together_are_refused() -> None:
    """`--json --markdown` printed the JSON and ignored --markdown without a word."""
    result = CliRunner().invoke(cli, ["sources", "solo-v2", "--json", "--markdown"])
    assert result.exit_code == 2
    assert "--json" in result.output and "--markdown" in result.output
    assert '"ruleset"' not in result.output


def test_markdown_alone_still_prints_the_report() -> None:
    result = CliRunner().invoke(cli, ["sources", "solo-v2", "--markdown"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# Sources of solo-v2")
