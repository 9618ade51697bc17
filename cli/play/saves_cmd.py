"""`twilight saves`: the unfinished games of `twilight play` (ruleset, the person's side, the AI's level,
turn, when last saved, name) in the player's language, and deleting one by its name. The unfinished
games and the words that describe one are cli/session/unfinished.py's (`twilight play` asks "continue or
new" with them, and the browser's start page lists them)."""

from __future__ import annotations

import sys

import click
from rich.console import Console
from rich.padding import Padding
from rich.text import Text
from twilight.cli.localizer import LANGUAGES
from twilight.cli.session.saves import (
    FOLDER_CODES,
    SaveError,
    SaveLocked,
    SaveWriteError,
    delete_save,
    folder_problem,
    printable_name,
    save_at,
    save_name,
    typed_save_name,
)
from twilight.cli.session.unfinished import SaveWords, no_such_save, typed_name, unfinished_games
from twilight.common.input_bounds import clip, printable


def problem_text(words: SaveWords, err: SaveError) -> str:
    # (a file name that is not UTF-8 is shown with its bytes escaped: `printable_name`)
    shown = {"path": printable_name(str(err.path)), "detail": printable_name(clip(err.detail))}
    return words.t(f"play-save-{err.code}", **shown)


def make_console() -> Console:
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def list_saves(lang: str | None) -> int:
    skipped: list[SaveError] = []
    games = unfinished_games(skipped)
    # A saves folder that cannot be listed (TWILIGHT_HOME set to a file) is said, not taken for "no game".
    folder_faults = [err for err in skipped if err.code in FOLDER_CODES]
    # The player's language: the one asked for, else the one of the last game they played.
    words = SaveWords(lang or (games[0].lang if games else "en"))
    console = make_console()
    if games:
        # A block per game, not a table: the name (what `--resume` and `delete` take) whole on its own
        # line, and what the game is as a sentence that wraps at any width.
        console.print(Text(words.t("play-saves-title"), style="bold"))
        # (what a save's file is called and what it holds are shown, never acted on by the terminal: a
        # save someone sent, named or filled with escape sequences, could otherwise erase or fake lines)
        for game in games:
            # (a name that cannot be typed as it is shown, a file name that is not UTF-8, is shown as the
            # shell types it: `$'bad\\xff'`, what `--resume` and `delete` then take)
            console.print(Text("  " + shown_name(game.name), style="bold"))
            described = Text(printable(words.describe(game, opens_line=True)))
            console.print(Padding(described, (0, 0, 0, 4), expand=False))
    elif not folder_faults:
        console.print(words.t("play-saves-none"), markup=False)
    for err in skipped:
        if err.code in FOLDER_CODES:  # (the folder, not a save: nothing to delete)
            console.print(problem_text(words, err), style="bold red", markup=False, soft_wrap=True)
            continue
        name = typed_name(save_name(err.path))
        said = words.t("play-saves-damaged", problem=problem_text(words, err), name=name)
        console.print(said, style="yellow", markup=False, soft_wrap=True)
    if games:
        console.print(words.t("play-saves-hint"), markup=False, soft_wrap=True)
    return 1 if folder_faults else 0


def shown_name(name: str) -> str:
    """A save's name on its own line of the list: as it is (`My game`), unless it cannot be typed as it
    is shown; then as the shell types it (`typed_save_name`)."""
    typed = typed_save_name(name)
    return typed if typed.startswith("$'") else printable_name(name)


def delete_named(name: str, lang: str | None) -> int:
    """Delete the save called `name`: 0 when done; 1 with a message when there is none by that name, when
    another game holds it, or when it cannot be removed."""
    words = SaveWords(lang or "en")
    console = make_console()
    path = save_at(name)
    fault = folder_problem() if path is None else None
    if fault is not None:  # (TWILIGHT_HOME set to a file: said, rather than "there are no saves")
        console.print(problem_text(words, fault), style="bold red", markup=False, soft_wrap=True)
        return 1
    if path is None:
        msg_id, fields = no_such_save(name)
        console.print(words.t(msg_id, **fields), style="bold red", markup=False, soft_wrap=True)
        return 1
    try:
        delete_save(path)
    except SaveLocked as err:
        pid = str(err.holder.get("pid", "?"))
        console.print(
            words.t("play-saves-locked", name=shown_name(save_name(path)), pid=pid),
            style="bold red",
            markup=False,
            soft_wrap=True,
        )
        return 1
    except SaveWriteError as err:
        said = words.t(
            f"play-file-{err.code}", path=printable_name(str(err.path)), cause=printable_name(err.cause)
        )
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        return 1
    console.print(words.t("play-saves-deleted", name=shown_name(save_name(path))), markup=False)
    return 0


LANG_HELP = "Language of what is shown (default: that of your last game)."


@click.group(invoke_without_command=True)
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help=LANG_HELP)
@click.option("--delete", "delete", metavar="NAME", default=None, help="Delete the save called NAME.")
@click.pass_context
def saves(ctx: click.Context, lang: str | None, delete: str | None) -> None:
    """List the unfinished games of `twilight play` (ruleset, your side, the AI's level, turn, when last
    saved, name), or delete one.

    `twilight saves --delete NAME` and `twilight saves delete NAME` delete the save called NAME (and its
    trace); a save another game is playing is left alone."""
    ctx.meta["saves-lang"] = lang
    if ctx.invoked_subcommand is not None:
        return
    sys.exit(delete_named(delete, lang) if delete is not None else list_saves(lang))


@saves.command("delete")
@click.argument("name")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language of the message.")
@click.pass_context
def delete_cmd(ctx: click.Context, name: str, lang: str | None) -> None:
    """Delete the save called NAME (and its trace), unless another game is playing it."""
    sys.exit(delete_named(name, lang or ctx.meta.get("saves-lang")))
