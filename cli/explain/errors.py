"""The one-line errors of `twilight explain` (and of `twilight docs`, which finds and compiles a ruleset as
`explain` does), in the reader's language.

An error is raised with its English text (what `str()` gives, and what a language lacking the message
shows) and, when the program words it, the id of its message in cli/locales/*/explain.ftl with the
message's variables. The command says it in the language asked for, after the `error:` of that language.
"""

from __future__ import annotations

from typing import Any

from twilight.cli.session.text import GameWords, bounded


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
