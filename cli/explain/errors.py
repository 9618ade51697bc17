"""The one-line errors of `twilight explain` (and of `twilight docs`, which finds and compiles a ruleset as
`explain` does), in the reader's language.

An error is raised with its English text (what `str()` gives, and what a language lacking the message
shows) and, when the program words it, the id of its message in cli/locales/*/explain.ftl with the
message's variables. The command says it in the language asked for, after the `error:` of that language.
"""

from __future__ import annotations

from typing import Any

import click
from twilight.cli.session.text import GameWords, bounded

# What an argument or option given empty (`hint ''`, `board ''`, `explain trace ''`, `--ruleset ''`, as an
# unset shell variable gives) is told to name instead: never read as the current folder (pathlib makes ''
# ".", and the error named a folder the player never gave) nor taken for "not given" (the default).
EMPTY_SAVE = "explain-error-empty-save"
EMPTY_TRACE = "explain-error-empty-trace"
EMPTY_RULESET = "explain-error-empty-ruleset"
EMPTY_CARD = "explain-error-empty-card"
# A file may be named by blanks (only '' names none); a ruleset or a card may not.
NAMES = (EMPTY_RULESET, EMPTY_CARD)
EMPTY_ENGLISH = {
    EMPTY_SAVE: "{name}: the value is empty: write a save's file, or its name as `twilight saves` lists it",
    EMPTY_TRACE: "{name}: the value is empty: write a game trace's file (DIR/game-NNNNN.jsonl, as "
    "`twilight simulate --trace-dir DIR` writes them)",
    EMPTY_RULESET: "{name}: the value is empty: write a ruleset's name (`twilight rulesets` lists them) or "
    "folder, or leave {name} out",
    EMPTY_CARD: "{name}: the value is empty: write a card's number, id or name, or all (every card)",
}


class WordedError(Exception):
    """A user mistake: one line, exit status 1. `msg_id` and `fields` word it in any language; `lang`
    is the language it was found in, when the command was not told one (a save's own)."""

    def __init__(self, english: str, msg_id: str | None = None, **fields: Any) -> None:
        super().__init__(english)
        self.msg_id = msg_id
        self.fields = fields
        self.lang: str | None = None

    def words(self, lang: str) -> str:
        """The error in `lang` (in English when the program does not word it, or the language lacks it)."""
        if self.msg_id is None:
            return str(self)
        return GameWords(lang).loc.text(self.msg_id, str(self), **bounded(self.fields))

    def reworded(self, other: WordedError) -> WordedError:
        """This error carrying the words of `other` (an error of a step below, said by this command)."""
        self.msg_id, self.fields, self.lang = other.msg_id, other.fields, other.lang
        return self


def error_line(err: WordedError, lang: str | None, prefix: str = "explain-error") -> str:
    """`error: …` in the language asked for, else the one the error was found in, else English."""
    said = lang or err.lang or "en"
    message = err.words(said)
    return GameWords(said).loc.text(prefix, f"error: {message}", **bounded({"message": message}))


def refuse_empty(value: str | None, msg_id: str, name: str, lang: str | None) -> None:
    """A usage error (exit status 2, as click gives) when `value` was given empty (a ruleset's or a card's
    name: or blank): what `name` (the argument or option) is to name instead, in the language asked for,
    else English."""
    if value is None or (value.strip() if msg_id in NAMES else value):
        return
    english = EMPTY_ENGLISH[msg_id].format(name=name)
    raise click.UsageError(GameWords(lang or "en").loc.text(msg_id, english, name=name))
