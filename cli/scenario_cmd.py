"""`twilight scenario run`: scenario files (shared/spec/scenario-format.md)."""

from __future__ import annotations

import json
import sys
from typing import Any

import click


@click.group()
def scenario() -> None:
    """Scenario files: set up a situation, make moves, check the result."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file.")
def run(files: tuple[str, ...], as_json: bool) -> None:
    """Run scenario files: PASS or FAIL per file, then a count. Exit 0 when every file passed."""
    from twilight.harness.scenario import run_file

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


@scenario.command("coverage")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--ruleset", default="standard", show_default=True, help="The ruleset whose cards are counted.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def coverage(files: tuple[str, ...], ruleset: str, as_json: bool) -> None:
    """Which cards the passing scenarios exercise. Every card needs a scenario in which its event runs
    (The China Card: in which it is played); a card with a prerequisite or a card that can prevent it
    also needs one where its play is refused. Exit 1 when a card is missing either.

    A file counts when the ruleset it names (by name, or a variant's folder by path) is the one given
    here: the same name and version once compiled. The files of another ruleset are listed as not
    counted."""
    from twilight.cli.ruleset_target import compile_ruleset
    from twilight.harness.scenario import run_file

    compiled = compile_ruleset(ruleset)
    if compiled.ir is None or not compiled.ok:
        click.echo(f"{ruleset}: does not compile (run `twilight check {ruleset}`)", err=True)
        sys.exit(1)
    cards: dict[str, dict[str, Any]] = compiled.ir["cards"]
    name = compiled.ir["ruleset"]["name"]
    version = str(compiled.ir["ruleset"].get("version", ""))
    ran: dict[str, list[str]] = {c: [] for c in cards}
    refused: dict[str, list[str]] = {c: [] for c in cards}
    failed = []
    other: list[dict[str, str]] = []  # files of another ruleset (or another version of this one)
    for path in files:
        result = run_file(path)
        # A file is counted under the ruleset its `ruleset:` compiled to, whether it wrote a name or a
        # variant's folder by path. (A file that failed before its ruleset was known counts as failed.)
        if result.ruleset_name and (result.ruleset_name, result.ruleset_version) != (name, version):
            other.append(
                {
                    "path": path,
                    "ruleset": result.ruleset,
                    "compiled": f"{result.ruleset_name} {result.ruleset_version}".strip(),
                }
            )
            continue
        if not result.passed:
            failed.append(path)
            continue
        for c in result.events + [c for c in result.played if cards.get(c, {}).get("no_event")]:
            if c in ran:
                ran[c].append(path)
        for c in result.refused:
            if c in refused:
                refused[c].append(path)
    needs_refusal = {c for c, info in cards.items() if info.get("requires_any") or info.get("prevented_by")}
    no_run = sorted((c for c in cards if not ran[c]), key=lambda c: cards[c]["number"])
    no_refusal = sorted((c for c in needs_refusal if not refused[c]), key=lambda c: cards[c]["number"])
    if as_json:
        report = {
            "ruleset": name,
            "cards": len(cards),
            "events_run": len(cards) - len(no_run),
            "needs_refusal": len(needs_refusal),
            "refusal_shown": len(needs_refusal) - len(no_refusal),
            "missing_event": no_run,
            "missing_refusal": no_refusal,
            "failed_files": failed,
            "other_ruleset_files": other,
            "by_card": {c: {"ran": ran[c], "refused": refused[c]} for c in cards},
        }
        click.echo(json.dumps(report, ensure_ascii=False))
    else:
        click.echo(
            f"{name}: {len(cards)} cards; event run for {len(cards) - len(no_run)}; refused case for "
            f"{len(needs_refusal) - len(no_refusal)} of {len(needs_refusal)} with a prerequisite or preventer"
        )
        for c in no_run:
            click.echo(f"  no scenario runs the event of {cards[c]['number']} {c}")
        for c in no_refusal:
            click.echo(f"  no scenario shows {cards[c]['number']} {c} refused")
        if failed:
            click.echo(f"  {len(failed)} failing file(s) not counted: {', '.join(failed[:5])}")
        if other:
            shown = ", ".join(f"{o['path']} ({o['compiled']})" for o in other[:5])
            more = f", and {len(other) - 5} more" if len(other) > 5 else ""
            click.echo(
                f"  {len(other)} file(s) of another ruleset not counted (not {name} {version}): {shown}{more}"
            )
    sys.exit(1 if no_run or no_refusal or failed else 0)
