"""The `twilight` command.

Each subcommand lives in its own module, imported only when that command runs: `twilight play` must not
pay for the compiler's checker, the docs renderer or the diff views before its first question. COMMANDS
names every subcommand's module and function, with the first sentence of its help for `twilight --help`
(tests/test_cli_main.py checks that sentence against the command's docstring). Adding a command is one
entry there.
"""

from __future__ import annotations

import difflib
import importlib
import sys
from typing import NamedTuple

import click
from twilight.cli.startup import StartUp


class LazyCommand(NamedTuple):
    target: str  # "module:attribute", the click command or group
    help: str  # the first sentence of its docstring, for the command list of `twilight --help`


COMMANDS: dict[str, LazyCommand] = {
    "balance": LazyCommand(
        "twilight.cli.balance.cmd:balance",
        "The AI's win rate per level and side against a policy for the human side (one ruleset, or two "
        "compared), as an HTML report with plots and JSON.",
    ),
    "balance-report": LazyCommand(
        "twilight.cli.balance.merge:balance_report",
        "One report from the figures of several balance runs (the JSON each wrote), such as the cells of "
        "one sweep played on different machines or days: the same games, seed and player in each.",
    ),
    "bench": LazyCommand(
        "twilight.cli.bench.cmd:bench",
        "Measure compile time, load time, games per second, AI decision latency, memory, the --jobs 2 "
        "speed-up and the time `twilight play` takes to its first prompt, against their targets.",
    ),
    "board": LazyCommand(
        "twilight.cli.board.cmd:board",
        "Draw the board of a saved game (a file, or a name `twilight saves` lists) or of a new game "
        "(--seed N): every country with its influence and who controls it, the links, the regions, the "
        "tracks, The China Card and the events in effect, laid out by the ruleset's `layout`.",
    ),
    "check": LazyCommand(
        "twilight.cli.ruleset_cmds:check", "Check rulesets (by name or folder) or rule files."
    ),
    "codes": LazyCommand("twilight.cli.ruleset_cmds:codes", "The table of diagnostic codes."),
    "compile": LazyCommand(
        "twilight.cli.ruleset_cmds:compile_cmd",
        "Compile a ruleset to its IR (JSON that validates against compiler/schema/ir.schema.json).",
    ),
    "dev": LazyCommand("twilight.cli.ruleset_cmds:dev", "Developer tools."),
    "diff": LazyCommand(
        "twilight.cli.diff.cmd:diff",
        "What changed from RULESET_A to RULESET_B (names or folders, as `twilight check` takes them), in "
        "rule terms: cards, the solo AI's appendix and priority lists, tables, settings, procedures, "
        "functions, standing rules, the turn sequence, the map and the orders, each with its sources.",
    ),
    "docs": LazyCommand(
        "twilight.cli.docs.cmd:docs",
        "Write a browsable reference of a ruleset (by name or folder), read from its compiled IR: an "
        "overview, the turn sequence, every card, the AI's priority lists, the tables, the standing rules "
        "and the settings, each item with its sources and provisional marks; as HTML pages and as Markdown.",
    ),
    "explain": LazyCommand("twilight.cli.explain.cmd:explain", "Explain parts of a ruleset in words."),
    "fmt": LazyCommand(
        "twilight.cli.fmt_cmd:fmt",
        "Lay out rule files (.tsr) canonically: indentation, spacing, aligned table rows, blank lines.",
    ),
    # The group of i18n/check.py, with the translators' tools of i18n/tools.py added to it.
    "hint": LazyCommand(
        "twilight.cli.hint_cmd:hint",
        "What the search would answer to a saved game's question: the best answers with their scores, "
        "intervals and playouts, and one line of why (or JSON).",
    ),
    "i18n": LazyCommand(
        "twilight.cli.i18n.tools:i18n", "Translators' tools (what they print is in English)."
    ),
    "lsp": LazyCommand(
        "twilight.cli.lsp.cmd:lsp",
        "A language server for rule files (.tsr) over stdin and stdout, for editors.",
    ),
    "play": LazyCommand(
        "twilight.cli.play.cmd:play",
        "Play a game at the terminal: `twilight play` asks side, level and language, then you play.",
    ),
    "primitives": LazyCommand(
        "twilight.cli.ruleset_cmds:primitives",
        "The runtime primitives rule files may call, with their signatures.",
    ),
    "reference": LazyCommand(
        "twilight.cli.reference:reference",
        "The language reference: every form of the grammar and every primitive, trigger, action, quantity, "
        "expiry, status and moment of the runtime, each with its meaning (an author tool, in English).",
    ),
    "replay": LazyCommand(
        "twilight.cli.replay.cmd:replay",
        "Replay game logs of the official digital edition under the standard rules and report where our "
        "rules and the log disagree, each divergence judged (docs/replay.md).",
    ),
    "rulesets": LazyCommand(
        "twilight.cli.ruleset_cmds:rulesets",
        "List the rulesets found (installed, in $TWILIGHT_HOME/rules/, in each --rules-path), or with "
        "--changes what a version changes, in players' words.",
    ),
    "saves": LazyCommand(
        "twilight.cli.play.saves_cmd:saves",
        "List the unfinished games of `twilight play` (ruleset, your side, the AI's level, turn, when last "
        "saved, name), or delete one.",
    ),
    "scenario": LazyCommand(
        "twilight.cli.scenario_cmd:scenario",
        "Scenario files: set up a situation, make moves, check the result.",
    ),
    "sources": LazyCommand(
        "twilight.cli.sources_cmd:sources",
        "Which seed sections a ruleset's rules cite (with the declarations citing each, file:line), "
        "every provisional mark with its P-number, and the sections of the seeds' tables of contents no "
        "rule cites.",
    ),
    "serve": LazyCommand(
        "twilight.cli.web.cmd:serve",
        "Play in a browser (the solo game, or the standard game against the computer): starts a web server "
        "on this machine and prints its address.",
    ),
    "simulate": LazyCommand(
        "twilight.cli.simulate_cmd:simulate",
        "Play headless games with random players on both sides, and summarize them.",
    ),
}


def load_command(name: str) -> click.Command:
    """Import the module of a command of COMMANDS and return the command."""
    module_name, _, attribute = COMMANDS[name].target.partition(":")
    command = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(command, click.Command):
        raise TypeError(f"{COMMANDS[name].target} is not a click command")
    return command


class LazyGroup(click.Group):
    """A group whose commands are imported on first use; its command list comes from COMMANDS alone."""

    def __init__(self, *args: object, lazy: dict[str, LazyCommand], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.add_command(load_command(cmd_name), cmd_name)
            start_up = ctx.find_object(StartUp)
            if start_up is not None:
                start_up.loaded()
        return self.commands.get(cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as err:
            # click (8.2 on) suggests a close name among the commands loaded so far: every command is one.
            close = difflib.get_close_matches(args[0], self.list_commands(ctx)) if args else []
            if getattr(err, "command_name", None) is not None and close:
                err.possibilities = close  # type: ignore[attr-defined]
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list, from COMMANDS' help sentences: no command module is imported for it."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is None:
                # A stand-in with the same help shortens it exactly as click shortens the real one's.
                command = click.Command(name, help=self.lazy[name].help)
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """twilight: the Twilight Struggle rules compiler and interpreter."""
    from twilight.cli.versions import search_rules_in

    # (every command compiles as it finds rulesets: a manifest's `extends "NAME@VERSION"` is looked for in
    # $TWILIGHT_HOME/rules/ too; the commands that take --rules-path add theirs)
    search_rules_in()


def main() -> None:
    """Entry point: no traceback ever reaches a user."""
    try:
        cli(standalone_mode=True, obj=StartUp())
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as err:
        click.echo(f"internal error: {err.__class__.__name__}: {err}", err=True)
        click.echo("please report this with the command you ran", err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()
