"""`twilight scenario run`: scenario files (shared/spec/scenario-format.md)."""

from __future__ import annotations

import json
import shlex
import sys
from typing import Any

import click
from twilight.cli.output_file import NamedPath, not_empty
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.step_limits import step_limit_options, step_limits
from twilight.common.input_bounds import ECHO_CHARS, clip, printable


def find_ruleset(spec: str, rules_paths: tuple[str, ...] = ()) -> str:
    """A scenario's `ruleset:` found as `twilight play --ruleset` finds it (installed, in
    `$TWILIGHT_HOME/rules/`, in each `--rules-path`, `NAME@VERSION`): what the compiler is given;
    LookupError with the names or versions found when it names nothing."""
    from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target

    try:
        return ruleset_target(spec, rules_paths)
    except RulesetNotFound as err:
        raise LookupError(f"{printable(err.message)}; {printable(err.help)}") from None


@click.group()
def scenario() -> None:
    """Scenario files: set up a situation, make moves, check the result."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=NamedPath(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file.")
@rules_path_option(FOUND_TOO.replace("a name", "a file's `ruleset:` name"))
@step_limit_options
def run(
    files: tuple[str, ...],
    as_json: bool,
    rules_paths: tuple[str, ...],
    step_limit: int | None,
    game_step_limit: int | None,
) -> None:
    """Run scenario files: PASS or FAIL per file, then a count. Exit 0 when every file passed. A file's
    problems (unknown keys, values of the wrong type, unknown names) are all reported before any of its
    steps runs, each at its line and column; a rule that runs too long stops at the step limits. A PASS
    whose expectations all held before its steps ran is followed by a warning. A file's `ruleset:` is a
    ruleset's folder, or a name found as `twilight play --ruleset` finds it (`NAME@VERSION`: that version).
    An author tool: its messages are in English only."""
    from twilight.cli.versions import search_rules_in
    from twilight.harness.scenario import run_file

    search_rules_in(rules_paths)
    limits = step_limits(step_limit, game_step_limit)
    passed = failed = 0
    for path in files:
        result = run_file(path, limits, lambda spec: find_ruleset(spec, rules_paths))
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
@click.argument("files", nargs=-1, required=True, type=NamedPath(dir_okay=False))
@click.option(
    "--ruleset",
    default="standard",
    show_default=True,
    callback=not_empty("a ruleset's name or folder", "to count standard's cards"),
    help="The ruleset whose cards are counted.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@rules_path_option(FOUND_TOO.replace("a name", "the name --ruleset gives, and a file's `ruleset:` name,"))
def coverage(files: tuple[str, ...], ruleset: str, as_json: bool, rules_paths: tuple[str, ...]) -> None:
    """Which cards the passing scenarios exercise. Every card needs a scenario in which its event runs
    (The China Card: in which it is played); a card with a prerequisite or a card that can prevent it
    also needs one where its play is refused. Exit 1 when a card is missing either.

    A file counts when the ruleset it names (by name, or a variant's folder by path) is the one given
    here: the same name and version once compiled. The files of another ruleset are listed as not
    counted."""
    from twilight.cli.ruleset_target import compile_ruleset
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    compiled = compile_ruleset(ruleset, rules_paths)
    if compiled.ir is None or not compiled.ok:
        # (the name as typed: a terminal is to show it, not act on it)
        shown = clip(printable(ruleset), ECHO_CHARS * 2)
        command = printable(" ".join(shlex.quote(a) for p in rules_paths for a in ("--rules-path", p)))
        command = f"{command} {printable(shlex.quote(ruleset))}".strip()
        click.echo(f"{shown}: does not compile (run `twilight check {command}`)", err=True)
        sys.exit(1)
    tally = Tally(compiled.ir, rules_paths)
    for path in files:
        tally.count(path)
    if as_json:
        click.echo(json.dumps(tally.report(), ensure_ascii=False))
    else:
        for line in tally.lines():
            click.echo(line)
    sys.exit(1 if tally.no_run() or tally.no_refusal() or tally.failed else 0)


class Tally:
    """The cards of one ruleset, each with the passing scenario files that run its event and those that
    show its play refused; the files that failed, and those of another ruleset, apart."""

    def __init__(self, ir: dict[str, Any], rules_paths: tuple[str, ...] = ()) -> None:
        self.rules_paths = rules_paths  # (where a file's `ruleset:` name is found too)
        self.cards: dict[str, dict[str, Any]] = ir["cards"]
        self.name = ir["ruleset"]["name"]
        self.version = str(ir["ruleset"].get("version", ""))
        self.ran: dict[str, list[str]] = {c: [] for c in self.cards}
        self.refused: dict[str, list[str]] = {c: [] for c in self.cards}
        self.failed: list[str] = []
        self.other: list[dict[str, str]] = []  # files of another ruleset (or another version of this one)
        self.needs_refusal = {
            c for c, info in self.cards.items() if info.get("requires_any") or info.get("prevented_by")
        }

    def count(self, path: str) -> None:
        from twilight.harness.scenario import run_file

        result = run_file(path, find_ruleset=lambda spec: find_ruleset(spec, self.rules_paths))
        # A file is counted under the ruleset its `ruleset:` compiled to, whether it wrote a name or a
        # variant's folder by path. (A file that failed before its ruleset was known counts as failed.)
        if result.ruleset_name and (result.ruleset_name, result.ruleset_version) != (self.name, self.version):
            compiled = f"{result.ruleset_name} {result.ruleset_version}".strip()
            self.other.append({"path": path, "ruleset": result.ruleset, "compiled": compiled})
            return
        if not result.passed:
            self.failed.append(path)
            return
        for c in result.events + [c for c in result.played if self.cards.get(c, {}).get("no_event")]:
            if c in self.ran:
                self.ran[c].append(path)
        for c in result.refused:
            if c in self.refused:
                self.refused[c].append(path)

    def no_run(self) -> list[str]:
        return sorted((c for c in self.cards if not self.ran[c]), key=lambda c: self.cards[c]["number"])

    def no_refusal(self) -> list[str]:
        return sorted(
            (c for c in self.needs_refusal if not self.refused[c]), key=lambda c: self.cards[c]["number"]
        )

    def report(self) -> dict[str, Any]:
        no_run, no_refusal = self.no_run(), self.no_refusal()
        return {
            "ruleset": self.name,
            "cards": len(self.cards),
            "events_run": len(self.cards) - len(no_run),
            "needs_refusal": len(self.needs_refusal),
            "refusal_shown": len(self.needs_refusal) - len(no_refusal),
            "missing_event": no_run,
            "missing_refusal": no_refusal,
            "failed_files": self.failed,
            "other_ruleset_files": self.other,
            "by_card": {c: {"ran": self.ran[c], "refused": self.refused[c]} for c in self.cards},
        }

    def lines(self) -> list[str]:
        cards, no_run, no_refusal = self.cards, self.no_run(), self.no_refusal()
        lines = [
            f"{self.name}: {len(cards)} cards; event run for {len(cards) - len(no_run)}; refused case for "
            f"{len(self.needs_refusal) - len(no_refusal)} of {len(self.needs_refusal)} with a prerequisite "
            "or preventer",
            *(f"  no scenario runs the event of {cards[c]['number']} {c}" for c in no_run),
            *(f"  no scenario shows {cards[c]['number']} {c} refused" for c in no_refusal),
        ]
        # (a file's name, as a glob found it in someone's archive, is shown, not acted on)
        if self.failed:
            failing = ", ".join(printable(path) for path in self.failed[:5])
            lines.append(f"  {len(self.failed)} failing file(s) not counted: {failing}")
        if self.other:
            shown = ", ".join(f"{printable(o['path'])} ({printable(o['compiled'])})" for o in self.other[:5])
            more = f", and {len(self.other) - 5} more" if len(self.other) > 5 else ""
            lines.append(
                f"  {len(self.other)} file(s) of another ruleset not counted "
                f"(not {self.name} {self.version}): {shown}{more}"
            )
        return lines
