"""A game: a ruleset compiled once, its settings, who plays it, and its actions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from os import PathLike, fspath
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twilight.api.errors import SERIAL_FORMAT, GameError
from twilight.api.state import State
from twilight.api.vocabulary import Vocabulary
from twilight.common.input_bounds import ECHO_CHARS, InputRefused, clip, parse_json
from twilight.runtime.core.state import SIDES

if TYPE_CHECKING:
    from twilight.cli.session.text import PlayText


class Game:
    """A ruleset to play, by name ("solo-v2") or folder, with `settings` (the ruleset's, by name, as
    `twilight play --set` takes them: values of their types, or text read as `--set` reads it) and the
    language of `action_to_string` ("en" or "ru").

    Players: in a ruleset with an AI (a setting `ai_side`), one, the side the AI does not play (its AI
    answers inside the game, as part of it); else two, player 0 the US and player 1 the USSR."""

    def __init__(
        self, ruleset: str = "solo-v2", settings: Mapping[str, Any] | None = None, lang: str = "en"
    ) -> None:
        from twilight.common.cachedir import cache_dir
        from twilight.compiler.api import compile_target
        from twilight.compiler.loader import MANIFEST
        from twilight.runtime.game import build_program
        from twilight.runtime.solo.ai import ai_side_of

        _check_language(lang)
        if not isinstance(ruleset, (str, PathLike)) or not str(ruleset).strip():
            # (an empty name would be the folder the program runs in)
            shown = clip(repr(ruleset), ECHO_CHARS)
            raise GameError(f"a ruleset is a name (`twilight rulesets` lists them) or a folder, not {shown}")
        ruleset = fspath(ruleset)
        if settings is not None and not isinstance(settings, Mapping):
            raise GameError(
                f"settings are a mapping of names to values, not {clip(repr(settings), ECHO_CHARS)}"
            )
        result = compile_target(ruleset)
        if not result.ok or result.ir is None:
            first = next((d for d in result.diagnostics if d.severity.value == "error"), None)
            where = f"{first.pos.file}:{first.pos.line}:{first.pos.col}: " if first and first.pos else ""
            said = f"{where}{first.message}" if first else "it does not compile"
            shown = clip(repr(ruleset), ECHO_CHARS)
            raise GameError(f"the ruleset {shown} cannot be played: {said} (`twilight check` shows all)")
        folder = Path(ruleset)
        # (a ruleset folder is kept by its whole path, as the compiler found it: a state pickled here is
        # read back in a process working in another folder)
        is_folder = folder.is_dir() and (folder / MANIFEST).is_file()
        self.ruleset = str(folder.resolve()) if is_folder else ruleset
        self.lang = lang
        self.ir: dict[str, Any] = result.ir
        self.settings = self._settings(dict(settings or {}))
        self.program = build_program(self.ir, code_cache=cache_dir())
        self.ai_side = ai_side_of(self.ir, self.settings)
        self.sides: tuple[str, ...] = tuple(s for s in SIDES if s != self.ai_side)
        self.vocabulary = Vocabulary(self.ir)
        self._text: dict[str, PlayText] = {}

    def _settings(self, given: dict[str, Any]) -> dict[str, Any]:
        """The settings of every game of this one: the ruleset's defaults, with those given (checked)."""
        from twilight.cli.settings_arg import settings_problem

        declared = self.ir.get("settings", {})
        as_text = {k: v for k, v in given.items() if isinstance(v, str) and k in declared}
        read = _read_text_settings(self.ir, as_text)
        given.update(read)
        problem = settings_problem(self.ir, given)
        if problem is not None:
            raise GameError(problem)
        return {**{name: s["default"] for name, s in declared.items()}, **given}

    # ------------------------------------------------------------------ OpenSpiel's questions
    def num_players(self) -> int:
        return len(self.sides)

    def num_distinct_actions(self) -> int:
        return len(self.vocabulary)

    def max_chance_outcomes(self) -> int:
        """The most outcomes one chance event has: a die's 6, or the first step of shuffling (or picking
        from) the most cards there are."""
        return max(6, len(self.ir["cards"]))

    def player_of(self, side: str) -> int:
        """A side's player number (-1: the side the game's AI plays)."""
        return self.sides.index(side) if side in self.sides else -1

    def new_initial_state(self) -> State:
        return State(self)

    def text(self, lang: str | None = None) -> PlayText:
        """The words of the game in a language (this game's by default), made once each."""
        from twilight.cli.session.text import PlayText

        lang = self.lang if lang is None else lang
        _check_language(lang)
        if lang not in self._text:
            name = self.ir["ruleset"]["name"]
            target = self.ruleset if Path(self.ruleset).is_dir() else name
            self._text[lang] = PlayText(target, lang, self.ir)
        return self._text[lang]

    # ------------------------------------------------------------------ states as text and back
    def deserialize_state(self, text: str) -> State:
        """The state `State.serialize` wrote: its actions played again from the start of a game of this
        one (a state that is not one of this game's is a GameError saying why)."""
        if not isinstance(text, str):
            raise GameError(f"not a serialized state: text is wanted, not {type(text).__name__}")
        try:
            # (the project's bounded reader: a hostile text nested thousands deep, a number of thousands of
            # digits or a key given twice is refused in one line, never a RecursionError)
            data = parse_json(text)
        except InputRefused as err:
            raise GameError(f"not a serialized state: {err}") from None
        form = data.get("format") if isinstance(data, dict) else None
        if type(form) is not int or form != SERIAL_FORMAT:  # (not true, nor 1.0: the number written)
            raise GameError(f"not a serialized state of format {SERIAL_FORMAT}")
        for key, mine in (("ruleset", self.ir["ruleset"]["name"]), ("settings", self.settings)):
            if data.get(key) != mine:
                raise GameError(f"the state's {key} {data.get(key)!r} is not this game's ({mine!r})")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in actions
        ):
            raise GameError("a serialized state wants its actions as a list of numbers")
        state = self.new_initial_state()
        for i, action in enumerate(actions):
            if action not in state.legal_actions():
                raise GameError(f"action {i + 1} of the state ({action}) is not legal where it is played")
            state.apply_action(action)
        return state

    @staticmethod
    def restore_state(ruleset: str, settings: dict[str, Any], lang: str, serialized: str) -> State:
        """A pickled state read back (`State.__reduce__`): its actions played again in a game of its
        parameters, made once per process."""
        key = (ruleset, json.dumps(settings, sort_keys=True), lang)
        game = _GAMES.get(key)
        if game is None:
            game = _GAMES[key] = Game(ruleset, settings, lang)
        return game.deserialize_state(serialized)

    def __repr__(self) -> str:
        return f"Game({self.ruleset!r}, players={self.num_players()}, actions={len(self.vocabulary)})"


def _read_text_settings(ir: dict[str, Any], given: dict[str, str]) -> dict[str, Any]:
    """Settings given as text (OpenSpiel's parameters, a command line) read by their declared types."""
    import click
    from twilight.cli.settings_arg import read_settings

    try:
        return read_settings(ir, tuple(f"{k}={v}" for k, v in given.items()))
    except click.BadParameter as err:
        raise GameError(err.message) from None


_GAMES: dict[tuple[str, str, str], Game] = {}  # the games pickled states were read into


def _check_language(lang: Any) -> None:
    """GameError unless `lang` is a language the game's words are written in (a game's, or one asked of
    `action_to_string`)."""
    from twilight.cli.localizer import LANGUAGES

    if lang not in LANGUAGES:
        raise GameError(f"language {clip(repr(lang), ECHO_CHARS)}: one of {', '.join(LANGUAGES)} is expected")
