"""The unfinished games of `twilight play` (a save of a game not yet over, of a known ruleset and language)
and the words that describe one (ruleset, the person's side, the AI's level, turn, when last saved):
`twilight saves` lists them, `twilight play` asks "continue or new" with them, and the browser's start
page offers them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twilight.cli.localizer import Localizer
from twilight.cli.session.rules_store import valid_pin
from twilight.cli.session.saves import (
    SAVE_SUFFIX,
    SaveError,
    check_save_names,
    person_played,
    printable_name,
    resumable_saves,
    save_name,
    save_names,
    saved_at,
    saved_turn,
    typed_save_name,
)
from twilight.cli.session.text import APP_FOLDER, TITLE_WORD, play_folders
from twilight.cli.versions import VERSION_SEP
from twilight.common.input_bounds import ECHO_CHARS, clip

LEVEL_SETTING = "level"  # runtime.registry.LEVEL's name, not imported: listing saves loads no runtime
AI_SIDE_SETTING = "ai_side"  # runtime.registry.AI_SIDE's name, likewise


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
        # A save pinned to its rules (cli/session/rules_store.py) may be of a variant no longer installed.
        pinned = valid_pin(data["play"].get("rules"))
        try:
            check_save_names(path, data, installed=not pinned)
        except SaveError as err:
            skipped.append(err)
            continue
        games.append(UnfinishedGame(path, data))
    return games


def typed_name(name: str) -> str:
    """A save's name as it is typed after a command (`twilight saves delete 'My game'`): quoted for the
    shell when it has a space or another character the shell reads; shown, never acted on. A name that is
    not UTF-8 in `$'...'` quoting (saves.py's `typed_save_name`)."""
    return typed_save_name(name)


def no_such_save(name: str) -> tuple[str, dict[str, str]]:
    """There is no save called `name`: the message (`play-saves-unknown*`) and its fields, with the name
    of the save it most likely means, else the names there are (shown, never acted on)."""
    from twilight.compiler.diagnostics import suggest

    shown = printable_name(clip(name, ECHO_CHARS))  # (a name that is not UTF-8 with its bytes escaped)
    names = save_names()
    close = suggest(name.removesuffix(SAVE_SUFFIX), names)
    if close is not None:
        return "play-saves-unknown-close", {"name": shown, "close": typed_name(close)}
    if names:
        return "play-saves-unknown", {"name": shown, "names": printable_name(", ".join(names))}
    return "play-saves-unknown-none", {"name": shown}


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

    def title(self, game: UnfinishedGame) -> str:
        """The game's ruleset by its title in this language ("solo game against the AI"), by its name only
        when it has none: a player chose a kind of game, not a folder."""
        return self.of_ruleset(game.ruleset).get(TITLE_WORD) or game.ruleset

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

    def describe(self, game: UnfinishedGame, *, opens_line: bool = False) -> str:
        """One line: the ruleset, the person's side, the level, the turn and when it was saved; its first
        letter a capital when it `opens_line` (a list's item, not words in brackets)."""
        line = self._described(game)
        return line[:1].upper() + line[1:] if opens_line else line

    def _described(self, game: UnfinishedGame) -> str:
        args = {"ruleset": self.title(game), "turn": self.turn(game), "saved": saved_at(game.path)}
        if len(game.humans) != 1:
            return self.t("play-saves-game-hotseat", **args)
        if AI_SIDE_SETTING not in game.data["settings"]:  # (no AI: the computer plays the other side)
            return self.t("play-saves-game-computer", side=self.side(game), **args)
        return self.t("play-saves-game", side=self.side(game), level=in_a_sentence(self.level(game)), **args)


def in_a_sentence(name: str) -> str:
    """A name the setup question offers as an answer ("Hard (the AI starts with 4 VP)"), as it reads in the
    middle of a sentence: its first letter small, unless the word is all capitals (an abbreviation)."""
    if len(name) > 1 and name[0].isupper() and name[1].islower():
        return name[0].lower() + name[1:]
    return name
