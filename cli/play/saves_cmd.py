"""`twilight saves`: the unfinished games of `twilight play` (ruleset, the person's side, the AI's level,
turn, when last saved, name) in the player's language, and deleting one by its name; and the words that
describe an unfinished game, which `twilight play` uses too when it asks "continue or new"."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.padding import Padding
from rich.text import Text
from twilight.cli.localizer import LANGUAGES, Localizer
from twilight.cli.play.rules_store import valid_pin
from twilight.cli.play.saves import (
    SAVE_SUFFIX,
    SaveError,
    SaveLocked,
    SaveWriteError,
    check_save_names,
    delete_save,
    person_played,
    resumable_saves,
    save_at,
    save_name,
    saved_at,
    saved_turn,
    saves_dir,
)
from twilight.cli.play.text import APP_FOLDER, play_folders
from twilight.cli.versions import VERSION_SEP
from twilight.common.input_bounds import ECHO_CHARS, clip

LEVEL_SETTING = "level"  # runtime.registry.LEVEL's name, not imported: listing saves loads no runtime


@dataclass
class UnfinishedGame:
    """A save of a game not yet over, whose ruleset and language are known ones."""

    path: Path
    data: dict[str, Any]

    @property
    def name(self) -> str:
        return save_name(self.path)

    @property
    def ruleset(self) -> str:
        return str(self.data["ruleset"])

    @property
    def humans(self) -> list[str]:
        return list(self.data["play"]["humans"])

    @property
    def lang(self) -> str:
        return str(self.data["play"]["lang"])

    @property
    def level(self) -> str | None:
        level = self.data["settings"].get(LEVEL_SETTING)
        return None if level is None else str(level)

    @property
    def played_by_person(self) -> bool:
        """Whether a person played it: a demo (`--human-policy`) killed before its end is not a game of
        the player's to go on with (resumed, it would play itself)."""
        return person_played(self.data)

    def matches(self, wanted: WantedGame) -> bool:
        """Whether the game is of the ruleset, side and level the command line named (each one named)."""
        pin = self.data["play"].get("rules")
        names = {Path(self.ruleset).name, *([str(pin.get("name"))] if isinstance(pin, dict) else [])}
        if wanted.ruleset is not None:
            name, _, version = wanted.ruleset.partition(VERSION_SEP)
            if Path(name).name not in names:
                return False
            if version and not (isinstance(pin, dict) and str(pin.get("version")) == version):
                return False
        if wanted.side is not None and self.humans != [wanted.side]:
            return False
        return wanted.level is None or self.level == wanted.level


@dataclass(frozen=True)
class WantedGame:
    """What the command line named of the game to play (`--ruleset`, `--side`, `--level`): a game to
    continue must be that game."""

    ruleset: str | None = None
    side: str | None = None
    level: str | None = None


def unfinished_games(skipped: list[SaveError]) -> list[UnfinishedGame]:
    """The unfinished games, newest first; a damaged save, or one naming an unknown ruleset or language,
    is added to `skipped` instead."""
    games = []
    for path, data in resumable_saves(skipped=skipped):
        # A save pinned to its rules (cli/play/rules_store.py) may be of a variant no longer installed.
        pinned = valid_pin(data["play"].get("rules"))
        try:
            check_save_names(path, data, installed=not pinned)
        except SaveError as err:
            skipped.append(err)
            continue
        games.append(UnfinishedGame(path, data))
    return games


class SaveWords:
    """The game's own words (cli/locales) in one language, and each ruleset's names of sides and levels."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.loc = Localizer.for_folders([APP_FOLDER], lang)
        self.rulesets: dict[str, Localizer] = {}

    def t(self, msg_id: str, **args: Any) -> str:
        got = self.loc.get(msg_id, **args)
        return msg_id if got is None else got

    def of_ruleset(self, ruleset: str) -> Localizer:
        if ruleset not in self.rulesets:
            self.rulesets[ruleset] = Localizer.for_folders(play_folders(ruleset), self.lang)
        return self.rulesets[ruleset]

    def side(self, game: UnfinishedGame) -> str:
        if len(game.humans) != 1:
            return self.t("play-saves-hotseat")
        return self.of_ruleset(game.ruleset).side(game.humans[0])

    def level(self, game: UnfinishedGame) -> str:
        if game.level is None:
            return "-"
        return self.of_ruleset(game.ruleset).get(f"setting-{LEVEL_SETTING}-{game.level}") or game.level

    def turn(self, game: UnfinishedGame) -> str:
        turn = saved_turn(game.data)
        return "?" if turn is None else str(turn)

    def describe(self, game: UnfinishedGame) -> str:
        """One line: the ruleset, the person's side, the level, the turn and when it was saved."""
        args = {"ruleset": game.ruleset, "turn": self.turn(game), "saved": saved_at(game.path)}
        if len(game.humans) != 1:
            return self.t("play-saves-game-hotseat", **args)
        return self.t("play-saves-game", side=self.side(game), level=self.level(game), **args)


def problem_text(words: SaveWords, err: SaveError) -> str:
    return words.t(f"play-save-{err.code}", path=str(err.path), detail=clip(err.detail))


def make_console() -> Console:
    return Console(file=sys.stdout, highlight=False, soft_wrap=False)


def list_saves(lang: str | None) -> int:
    skipped: list[SaveError] = []
    games = unfinished_games(skipped)
    # The player's language: the one asked for, else the one of the last game they played.
    words = SaveWords(lang or (games[0].lang if games else "en"))
    console = make_console()
    if games:
        # A block per game, not a table: the name (what `--resume` and `delete` take) whole on its own
        # line, and what the game is as a sentence that wraps at any width.
        console.print(Text(words.t("play-saves-title"), style="bold"))
        for game in games:
            console.print(Text("  " + game.name, style="bold"))
            console.print(Padding(Text(words.describe(game)), (0, 0, 0, 4), expand=False))
    else:
        console.print(words.t("play-saves-none"), markup=False)
    for err in skipped:
        name = save_name(err.path)
        said = words.t("play-saves-damaged", problem=problem_text(words, err), name=name)
        console.print(said, style="yellow", markup=False, soft_wrap=True)
    if games:
        console.print(words.t("play-saves-hint"), markup=False, soft_wrap=True)
    return 0


def delete_named(name: str, lang: str | None) -> int:
    """Delete the save called `name`: 0 when done; 1 with a message when there is none by that name, when
    another game holds it, or when it cannot be removed."""
    words = SaveWords(lang or "en")
    console = make_console()
    shown = clip(name, ECHO_CHARS)
    path = save_at(name)
    if path is None:
        from twilight.compiler.diagnostics import suggest

        folder = saves_dir()
        names = (
            sorted(p.name.removesuffix(SAVE_SUFFIX) for p in folder.glob(f"*{SAVE_SUFFIX}"))
            if folder.is_dir()
            else []
        )
        close = suggest(name.removesuffix(SAVE_SUFFIX), names)
        if close is not None:
            said = words.t("play-saves-unknown-close", name=shown, close=close)
        elif names:
            said = words.t("play-saves-unknown", name=shown, names=", ".join(names))
        else:
            said = words.t("play-saves-unknown-none", name=shown)
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        return 1
    try:
        delete_save(path)
    except SaveLocked as err:
        pid = str(err.holder.get("pid", "?"))
        console.print(
            words.t("play-saves-locked", name=save_name(path), pid=pid),
            style="bold red",
            markup=False,
            soft_wrap=True,
        )
        return 1
    except SaveWriteError as err:
        said = words.t(f"play-file-{err.code}", path=str(err.path), cause=err.cause)
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        return 1
    console.print(words.t("play-saves-deleted", name=save_name(path)), markup=False)
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
