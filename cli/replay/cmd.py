"""`twilight replay LOG...`: the digital edition's game logs replayed under `standard`, with a report of
every place where our rules and the log disagree (docs/replay.md)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import click
from twilight.cli.localizer import LANGUAGES

if TYPE_CHECKING:
    from twilight.cli.session.text import PlayText


@click.command()
@click.argument("logs", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per log.")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="Language.")
@click.option("--all", "show_all", is_flag=True, help="Also list the replay's edits and guesses.")
@click.option("--step", is_flag=True, help="Step through the first log, action round by action round.")
def replay(logs: tuple[str, ...], as_json: bool, lang: str, show_all: bool, step: bool) -> None:
    """Replay game logs of the official digital edition under the standard rules and report where our
    rules and the log disagree, each divergence judged (docs/replay.md).

    Each played card is taken as given, the logged dice are the dice and the logged choices the answers;
    after every headline and action round our board is compared with the totals the log printed. Each
    divergence is listed with its log line, what our rules have instead and its judgment (our bug, a fault
    of the digital edition, a gap of the log). Exit 1 when a log cannot be read or a divergence is judged
    our bug."""
    from twilight.cli.replay.driver import Replay
    from twilight.cli.replay.ids import missing
    from twilight.cli.replay.log import LogError, read_log
    from twilight.cli.replay.names import RulesetBroken, compiled, ruleset_names
    from twilight.cli.replay.report import report_json, report_lines
    from twilight.cli.replay.step import step_through
    from twilight.cli.session.text import PlayText

    if step and as_json:
        raise click.UsageError(
            "--step shows a log round by round at the terminal, --json prints it whole: give one"
        )
    try:
        ir, program = compiled("standard")
    except RulesetBroken:
        click.echo("error: the ruleset 'standard' does not compile (`twilight check standard`)", err=True)
        sys.exit(1)
    text = PlayText("standard", lang, ir)
    lacking = missing(ir)
    if lacking:
        click.echo(text.t("replay-ruleset-lacks", ruleset="standard", names=", ".join(lacking)), err=True)
        sys.exit(1)
    names = ruleset_names(ir)
    failed = False
    totals: Counter[str] = Counter()
    for given in logs:
        try:
            log = read_log(Path(given), names)
        except LogError as err:
            line = text.t(err.message_id, line=err.line, **err.args_)
            if as_json:
                click.echo(json.dumps({"log": given, "error": line}, ensure_ascii=False))
            else:
                click.echo(text.t("replay-error", path=given, message=line), err=True)
            failed = True
            continue
        result = Replay(log, ir, program).run()
        if step:
            step_through(text, result)
            return
        if as_json:
            click.echo(json.dumps(report_json(result), ensure_ascii=False))
        else:
            for line in report_lines(text, result, show_all):
                click.echo(line)
        totals["logs"] += 1
        totals["complete"] += int(result.complete)
        totals["lines"] += result.lines_replayed
        for d in result.divergences:
            totals[d.kind] += 1
        failed = failed or any(d.kind == "our_bug" for d in result.divergences)
    if not as_json and totals["logs"] > 1:
        click.echo(_total_line(text, totals))
    sys.exit(1 if failed else 0)


def _total_line(text: PlayText, totals: Counter[str]) -> str:
    return text.t(
        "replay-total",
        logs=totals["logs"],
        complete=totals["complete"],
        lines=totals["lines"],
        bugs=totals["our_bug"],
        faults=totals["edition_fault"],
        gaps=totals["log_gap"],
    )
