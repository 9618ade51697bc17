"""`twilight lsp`: the language server for rule files (cli/lsp/server.py), started by an editor."""

from __future__ import annotations

import click
from twilight.cli.rules_path_arg import rules_path_option


@click.command("lsp")
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk over stdin and stdout (the only way it talks; for clients that pass it).",
)
@rules_path_option(
    'where a manifest\'s `extends "NAME@VERSION"` finds its parent too, as `twilight play --rules-path` does',
    exists=False,
)
def lsp(stdio: bool, rules_paths: tuple[str, ...]) -> None:
    """A language server for rule files (.tsr) over stdin and stdout, for editors.

    It checks the ruleset an open file belongs to as you type (the compiler's diagnostics, with their
    codes, help and related places), goes to the declaration of a name and finds its uses across the
    ruleset and those it extends, shows what a name is on hover, completes names, lists a file's
    declarations and formats a file as `twilight fmt` does. docs/editors.md sets it up in VS Code,
    Neovim and Emacs. Started by the editor, not by hand: it reads the protocol on stdin.
    """
    from twilight.cli.lsp.server import serve
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    serve()
