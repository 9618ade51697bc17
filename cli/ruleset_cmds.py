"""The commands about rulesets themselves: `rulesets`, `check`, `compile`, `codes`, `primitives` and the
`dev` group (cli/main.py registers each by name)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from twilight.cli.localizer import LANGUAGES
from twilight.cli.output_file import NamedPath, not_empty, write_output_file
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.ruleset_target import compile_ruleset
from twilight.common.input_bounds import clip, printable, printable_json
from twilight.compiler import api
from twilight.compiler.diagnostics import CODES, Severity, render
from twilight.compiler.loader import known_rulesets


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per ruleset.")
@rules_path_option("to list too")
@click.option(
    "--changes",
    metavar="NAME[@VERSION]",
    default=None,
    help="What this ruleset changes against the one it extends, in a player's words.",
)
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="For --changes.")
def rulesets(as_json: bool, rules_paths: tuple[str, ...], changes: str | None, lang: str) -> None:
    """List the rulesets found (installed, in $TWILIGHT_HOME/rules/, in each --rules-path), or with
    --changes what a version changes, in players' words.

    Each ruleset found, every version of it: name, version, what it extends, description, folder
    (`--ruleset NAME@VERSION` picks one version, a bare NAME the highest)."""
    from twilight.cli.versions import UnknownRuleset, catalog, entry_of_folder, resolve, search_rules_in

    search_rules_in(rules_paths)  # (what `--changes` compiles finds a pinned parent where the list is made)
    entries = catalog(rules_paths)
    if changes is not None:
        try:
            entry = entry_of_folder(changes, rules_paths) or resolve(changes, entries)
        except UnknownRuleset:
            # (in the reader's language, as `explain` and `docs` say it; exit 2, a usage error, as ever)
            from twilight.cli.explain.errors import error_line
            from twilight.cli.explain.ruleset import unknown_ruleset

            click.echo(error_line(unknown_ruleset(changes, rules_paths), lang), err=True)
            sys.exit(2)
        show_changes(entry, lang)
        return
    rows, others = ruleset_rows(entries, rules_paths)
    if as_json:
        for row in rows + others:
            click.echo(printable_json(json.dumps(row, ensure_ascii=False)))
        return
    print_rulesets(rows)
    print_not_rulesets(others)


def ruleset_rows(
    entries: list[Any], rules_paths: tuple[str, ...]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`rulesets`' rows: each ruleset found, then each folder of rule files that is no ruleset (an
    author's variant without its ruleset.tsr), listed with why rather than left out without a word. In
    JSON each is a row of the same keys, `"ruleset": false`, no `spec` (no `--ruleset` plays it) and the
    reason (`problem`, `reason`)."""
    from twilight.cli.versions import not_rulesets

    rows: list[dict[str, Any]] = [
        {
            "name": e.name,
            "version": e.version,
            "extends": e.extends,
            "description": e.description,
            "path": str(e.folder),
            "spec": e.spec,
            "origin": e.origin,
            "ruleset": True,
        }
        for e in entries
    ]
    others: list[dict[str, Any]] = [
        {
            "name": n.name,
            "version": None,
            "extends": None,
            "description": None,
            "path": str(n.folder),
            "spec": None,
            "origin": n.origin,
            "ruleset": False,
            "problem": n.problem,
            "reason": not_ruleset_reason(n.name, n.problem, n.rule_files),
        }
        for n in not_rulesets(rules_paths)
    ]
    return rows, others


def print_rulesets(rows: list[dict[str, Any]]) -> None:
    # (a ruleset's words as a terminal shows them, not acts on them: a folder someone shared, put in
    # $TWILIGHT_HOME/rules, may hold escapes in its description that would set the title or clear the screen)
    rows = [{k: printable(v) if isinstance(v, str) else v for k, v in row.items()} for row in rows]
    width = max((len(r["name"]) for r in rows), default=4)
    # (the columns as wide as what they hold: `extends "house-base@1.0"` pushed the descriptions out of line)
    wide = max((len(r["version"] or "-") for r in rows), default=7)
    wide_extends = max((len(r["extends"] or "-") for r in rows), default=10)
    versions, parents = max(7, wide), max(10, wide_extends)
    click.echo(f"{'name':<{width}}  {'version':<{versions}}  {'extends':<{parents}}  description")
    for r in rows:
        version, extends = r["version"] or "-", r["extends"] or "-"
        click.echo(
            f"{r['name']:<{width}}  {version:<{versions}}  {extends:<{parents}}  {r['description'] or ''}"
        )
        click.echo(f"{'':<{width}}  {r['path']}")


def print_not_rulesets(others: list[dict[str, Any]]) -> None:
    if not others:
        return
    others = [{k: printable(v) if isinstance(v, str) else v for k, v in row.items()} for row in others]
    click.echo("")
    click.echo("not rulesets (folders of rule files that --ruleset cannot play):")
    wide_name = max(len(r["name"]) for r in others)
    for r in others:
        click.echo(f"{r['name']:<{wide_name}}  {r['reason']}")
        click.echo(f"{'':<{wide_name}}  {r['path']}")


def not_ruleset_reason(name: str, problem: str, rule_files: int) -> str:
    """Why a folder of rule files is no ruleset, and what makes it one (an author's words, in English as
    the rest of the list)."""
    from twilight.cli.versions import NO_MANIFEST

    files = f"{rule_files} rule file{'s' * (rule_files != 1)}"
    if problem == NO_MANIFEST:
        return (
            f"not a ruleset: {files} but no ruleset.tsr; write one there "
            f'(ruleset "{name}" {{ version "1.0" extends "PARENT" description "..." }}, '
            "see docs/new-ruleset.md)"
        )
    return f"not a ruleset: its ruleset.tsr names no ruleset ({files}); `twilight check FOLDER` says why"


def show_changes(entry: Any, lang: str) -> None:
    from twilight.cli.diff.compiled import DiffError
    from twilight.cli.explain.errors import error_line
    from twilight.cli.explain.ruleset import not_compiled
    from twilight.cli.session.changes import render_changes, ruleset_changes

    result = api.compile_target(str(entry.folder))
    if result.ir is None or not result.ok:
        # Its errors as `twilight check` shows them (place, caret, fix: an author's words, in English),
        # then, in the reader's language, that the rules have errors (`twilight explain`'s line).
        for d in result.diagnostics:
            if d.severity is Severity.ERROR:
                click.echo(render(d, result.sources), err=True)
                click.echo("", err=True)
        click.echo(error_line(not_compiled(str(entry.folder), result), lang), err=True)
        sys.exit(1)
    try:
        base, lines, words = ruleset_changes(entry, lang)
    except DiffError as err:
        click.echo(str(err), err=True)
        sys.exit(1)
    for line in render_changes(entry, base, lines, words):
        click.echo(line)


# How long a target may be in a summary line: a path typed whole is seldom longer.
TARGET_CHARS = 120


def shown_target(target: str) -> str:
    """A target as the summary line names it: as typed, or as a folder's name read from the disk, it may
    hold what a terminal acts on (an escape sequence, a line end) and be of any length."""
    return clip(printable(target), TARGET_CHARS)


def _report(result: api.CompileResult, fmt: str, told: int = 0) -> tuple[int, int]:
    """Print the diagnostics and the summary line; `told`: errors already printed (of the Fluent files),
    which the summary counts too."""
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    warnings = [d for d in result.diagnostics if d.severity is Severity.WARNING]
    if fmt == "json":
        for d in result.diagnostics:
            # `shown`, last: the message with its help, as one line for an editor's problem list (VS Code's
            # problem matcher reads one group per field, and would otherwise drop the help).
            shown = f"{d.message} (help: {d.help})" if d.help else d.message
            line = {"target": result.target, **d.to_json(), "shown": shown}
            click.echo(json.dumps(line, ensure_ascii=False))
    else:
        for d in errors + warnings:
            click.echo(render(d, result.sources))
            click.echo("")
        count = len(errors) + told
        state = "ok" if not count else "failed"
        cached = ", cached" if result.cached else ""
        click.echo(
            f"{shown_target(result.target)}: {state}: {count} error{'s' * (count != 1)}, "
            f"{len(warnings)} warning{'s' * (len(warnings) != 1)} ({result.seconds:.2f} s{cached})"
        )
    return len(errors), len(warnings)


@click.command()
@click.argument("targets", nargs=-1)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="json: one diagnostic per line, for editors and CI.",
)
@click.option("--no-cache", is_flag=True, help="Compile even when a cached IR exists.")
@click.option(
    "--base", default="standard", show_default=True, help="Ruleset a lone rule file is checked against."
)
@rules_path_option(FOUND_TOO)
def check(
    targets: tuple[str, ...], fmt: str, no_cache: bool, base: str, rules_paths: tuple[str, ...]
) -> None:
    """Check rulesets (by name or folder) or rule files. Exit 0 when clean, 1 on errors.

    Each error and warning is given at its file, line and column, with the source line, a caret and a
    hint. An author tool: its messages are in English only (the player's commands, such as `play` and
    `explain`, say in the player's language that a ruleset has errors)."""
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    names = list(targets) or list(known_rulesets())
    failed = False
    for target in names:
        result = compile_ruleset(target, rules_paths, use_cache=not no_cache, base=base)
        # (the texts of a ruleset that does not compile, or is not there, are told once it does; of the
        # folder the name was found at: a name found in $TWILIGHT_HOME/rules or a rules path is none)
        texts = (
            _fluent_report(_found(target, rules_paths), result.target, fmt) if result.ir is not None else 0
        )
        errors, _ = _report(result, fmt, texts)
        failed = failed or errors > 0 or texts > 0 or result.ir is None
    sys.exit(1 if failed else 0)


def _found(target: str, rules_paths: tuple[str, ...]) -> str:
    """What `target` names, as the compile found it (a folder, or an installed name); itself when none."""
    from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target

    try:
        return ruleset_target(target, rules_paths)
    except RulesetNotFound:
        return target


def _fluent_report(target: str, shown: str, fmt: str) -> int:
    """Tell the ruleset's .ftl files that no reader would parse (`explain`, `docs`, `play` and the i18n
    tools would stop on them); how many. The compiler does not read Fluent: its summary line counts
    only its own diagnostics."""
    from twilight.cli.localizer import fluent_errors, ruleset_folders

    errors = fluent_errors(ruleset_folders(target))
    for err in errors:
        if fmt == "json":
            file, line, col = err.where.rsplit(":", 2)
            fields = {"file": file, "line": int(line), "col": int(col), "shown": err.what}
            click.echo(json.dumps({"target": shown, "severity": "error", "message": err.what, **fields}))
        else:
            click.echo(f"{err.where}: error: {err.what}")
    return len(errors)


@click.command("compile")
@click.argument("target")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    required=True,
    help="Where to write the IR (JSON).",
)
@click.option("--no-cache", is_flag=True, help="Compile even when a cached IR exists.")
@rules_path_option(FOUND_TOO)
def compile_cmd(target: str, output: str, no_cache: bool, rules_paths: tuple[str, ...]) -> None:
    """Compile a ruleset to its IR (JSON that validates against compiler/schema/ir.schema.json)."""
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    result = compile_ruleset(target, rules_paths, use_cache=not no_cache)
    if result.ir is None or not result.ok:
        _report(result, "text")
        sys.exit(1)
    text = json.dumps(result.ir, indent=1, ensure_ascii=False) + "\n"
    write_output_file(text, output)
    for d in result.diagnostics:
        click.echo(render(d, result.sources), err=True)
    wrote = f"wrote {printable(output)} ({len(text)} bytes, {result.seconds:.2f} s)"
    click.echo(f"{shown_target(result.target)}: {wrote}")


@click.command()
@click.option("--markdown", is_flag=True, help="Print the table as Markdown (docs/diagnostics.md).")
def codes(markdown: bool) -> None:
    """The table of diagnostic codes."""
    if markdown:
        click.echo("# Diagnostic codes\n")
        click.echo("Generated by `twilight codes --markdown`; the source is `compiler/diagnostics.py`.\n")
        click.echo("| code | severity | meaning | what to do |")
        click.echo("| --- | --- | --- | --- |")
    for code, (severity, title, fix) in CODES.items():
        if markdown:
            click.echo(f"| {code} | {severity.value} | {title} | {fix} |")
        else:
            click.echo(f"{code}  {severity.value:<7}  {title}. {fix}")


@click.command()
def primitives() -> None:
    """The runtime primitives rule files may call, with their signatures."""
    from twilight.compiler.vocab import vocabulary

    vocab = vocabulary()
    for name in sorted(vocab.primitives):
        sig = vocab.primitives[name]
        kind = "query " if sig.returns else "effect"
        click.echo(f"{kind}  {sig.render()}\n        {sig.doc}")


@click.group()
def dev() -> None:
    """Developer tools."""


@dev.command()
@click.option("--write", is_flag=True, help="Rewrite compiler/schema/ir.schema.json from the registry.")
def schema(write: bool) -> None:
    """Check (or rewrite) the IR schema against the runtime registry."""
    from twilight.compiler.vocab import schema_text
    from twilight.runtime.backend.schema import build_schema

    wanted = json.dumps(build_schema(), indent=1, ensure_ascii=False) + "\n"
    if write:
        path = Path(__file__).resolve().parent.parent / "compiler" / "schema" / "ir.schema.json"
        path.write_text(wanted, encoding="utf-8")
        click.echo(f"wrote {path}")
        return
    if schema_text() != wanted:
        click.echo("the schema differs from the runtime registry: run `twilight dev schema --write`")
        sys.exit(1)
    click.echo("schema and registry agree")


@dev.command("code")
@click.argument("ruleset", callback=not_empty("a ruleset's name or folder"))
@click.option(
    "-o",
    "--output",
    type=NamedPath(dir_okay=False, writable=True, left_out="to print the module"),
    default=None,
    help="Write the module to FILE instead of printing it.",
)
@rules_path_option(FOUND_TOO)
def code_cmd(ruleset: str, output: str | None, rules_paths: tuple[str, ...]) -> None:
    """Print the Python module a ruleset's rules are compiled into: every function the interpreter runs,
    named after its declaration, with the rule file and line it comes from (docs/runtime.md). RULESET is
    found as `twilight play --ruleset` finds it."""
    from twilight.cli.versions import search_rules_in
    from twilight.common.cachedir import cache_dir
    from twilight.runtime.game import build_program

    search_rules_in(rules_paths)
    result = compile_ruleset(ruleset, rules_paths)
    if result.ir is None or not result.ok:
        _report(result, "text")
        sys.exit(1)
    text = build_program(result.ir, code_cache=cache_dir()).codegen.source()
    if output is None:
        click.echo(text, nl=False)
        return
    write_output_file(text, output)
    click.echo(f"{shown_target(result.target)}: wrote {printable(output)} ({text.count(chr(10))} lines)")
