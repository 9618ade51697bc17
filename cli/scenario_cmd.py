"""`twilight scenario run`: scenario files (shared/spec/scenario-format.md)."""

from __future__ import annotations

import json
import sys

import click


@click.group()
def scenario() -> None:
    """Scenario files: set up a situation, make moves, check the result."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file.")
def run(files: tuple[str, ...], as_json: bool) -> None:
    """Run scenario files: PASS or FAIL per file, then a count. Exit 0 when every file passed."""
    from twilight.runtime.scenario import run_file

    passed = failed = 0
    for path in files:
        result = run_file(path)
        if as_json:
            click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        else:
            click.echo(result.line())
        passed += result.passed
        failed += not result.passed
    if not as_json:
        click.echo(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 else 1)
