"""Reading what the player types: a numbered choice, a name in either language (id, English, Russian,
or an unambiguous beginning of one), several names for a multiple choice, or a command (`?`, `why`, `log`,
`board`, `card`, `save`, `quit`). Parsing never touches the game: a wrong answer is a `Problem` to show,
and the question is asked again."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from twilight.cli.startup import start_up_loading
from twilight.common.input_bounds import ECHO_CHARS, clip, whole_number
from twilight.compiler.diagnostics import suggest
from twilight.runtime.core.decisions import Decision

# Commands and the words that call them; each language's words come from `play-command-<name>`
# (its value, then the words of its `.aliases` attribute), so a translator adds their own.
COMMANDS = ("help", "why", "log", "board", "region", "save", "quit", "undo", "hint", "card")
COMMAND_SYMBOLS = {"?": "help"}
# What prompt_toolkit's Application.exit() raises when a second Ctrl-C (or Ctrl-D) arrives while the prompt
# is already ending: "Application is not running. Application.exit() failed." or "Return value already
# set. Application.exit() failed."
PROMPT_CLOSING = ("Application is not running.", "Return value already set.")


def normalize(text: str) -> str:
    """Case, `ё`, underscores, dashes, quotes and repeated spaces do not matter when matching a name."""
    text = text.casefold().replace("ё", "е")
    text = re.sub(r"[_\-‐–—’'`«»\".]", " ", text)
    return " ".join(text.split())


@dataclass
class Problem:
    """Why an input is not an answer: `code` is a `play-input-<code>` message, `args` its variables."""

    code: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass
class Matcher:
    """Matches typed text against a decision's options, by the names `names_of` gives each option."""

    options: Sequence[Any]
    names_of: Callable[[Any], list[str]]

    @functools.cached_property
    def keys(self) -> list[list[str]]:
        """Each option's names, normalized: worked out at the first answer typed, not before the
        question is shown (the names in every language are read for them)."""
        return [[normalize(n) for n in self.names_of(o)] for o in self.options]

    def is_a_name(self, typed: str) -> bool:
        """Whether `typed` is an option's whole name ("Карта Китая" is the China Card, not the command
        `карта` followed by a card's name)."""
        text = normalize(typed)
        return bool(text) and any(text in keys for keys in self.keys)

    def one(self, typed: str) -> Any | Problem:
        raw = typed.strip()
        shown = clip(raw, ECHO_CHARS)  # what a message repeats of it: a line at most
        if re.fullmatch(r"[+-]?\d+", raw):
            index = whole_number(raw)
            if index is None:  # no choice has that many digits (and int() refuses over 4,300)
                return Problem("number", {"text": shown, "count": len(self.options)})
            if self.options and all(isinstance(o, int) and not isinstance(o, bool) for o in self.options):
                # The options are numbers themselves (a DEFCON level): a number names its value.
                return index if index in self.options else Problem("unknown", {"text": shown})
            if raw.isdigit() and 1 <= index <= len(self.options):
                return self.options[index - 1]
            return Problem("number", {"text": shown, "count": len(self.options)})
        text = normalize(typed)
        if not text:
            return Problem("empty" if not raw else "unknown", {"text": shown})
        if text.replace(" ", "").isdigit():  # "1." or "1 2": not a name, and not one number
            return Problem("unknown", {"text": shown})
        exact = [o for o, keys in zip(self.options, self.keys, strict=True) if text in keys]
        if len(exact) == 1:
            return exact[0]
        begins = [
            o
            for o, keys in zip(self.options, self.keys, strict=True)
            if any(k.startswith(text) for k in keys)
        ]
        if not begins:
            # "china" for The China Card: the beginning of a later word of the name.
            begins = [
                o
                for o, keys in zip(self.options, self.keys, strict=True)
                if any((" " + k).find(" " + text) > 0 for k in keys)
            ]
        if len(begins) == 1:
            return begins[0]
        if begins:
            return Problem("ambiguous", {"text": shown, "matches": begins})
        close = self.closest(text)
        if close is not None:
            return Problem("suggest", {"text": shown, "suggestion": close})
        return Problem("unknown", {"text": shown})

    def closest(self, text: str) -> Any | None:
        """The option one of whose names (in any language) is closest to a misspelt `text` ("Itlay",
        "Италя"), by the compiler's "did you mean" measure; None when none is close."""
        owner = {key: o for o, keys in zip(self.options, self.keys, strict=True) for key in keys}
        found = suggest(text, owner)
        return None if found is None else owner[found]


def split_picks(text: str) -> list[str]:
    """`1, 3, 4` or `1 3 4` or `Poland, East Germany`: commas (or semicolons) separate names; numbers
    alone may be separated by spaces."""
    parts = [p.strip() for p in re.split(r"[,;]", text) if p.strip()]
    if len(parts) == 1 and all(token.isdigit() for token in parts[0].split()):
        return parts[0].split()
    return parts


def parse_answer(typed: str, decision: Decision, matcher: Matcher) -> Any | Problem:
    """The answer `typed` gives to `decision`, or the Problem with it."""
    if decision.single:
        return matcher.one(typed)
    picks: list[Any] = []
    for part in split_picks(typed):
        got = matcher.one(part)
        if isinstance(got, Problem):
            return got
        picks.append(got)
    if not decision.min_count <= len(picks) <= decision.max_count:
        return count_problem(decision, len(picks))
    if decision.distinct and len({str(p) for p in picks}) != len(picks):
        return Problem("repeat")
    return picks


def count_problem(decision: Decision, got: int) -> Problem:
    """Too few or too many picks: "pick 4" when the number is fixed, else "pick 1 to 4"."""
    if decision.min_count == decision.max_count:
        return Problem("count-exactly", {"count": decision.max_count, "got": got})
    return Problem("count", {"min": decision.min_count, "max": decision.max_count, "got": got})


def command_words_of(loc: Any, commands: Sequence[str] = COMMANDS) -> dict[str, str]:
    """Every word that calls one of `commands` in one language's messages (`play-command-NAME` and its
    `.aliases`), and each command's own name -> the command."""
    words: dict[str, str] = {}
    for command in commands:
        spelled = loc.get(f"play-command-{command}")
        aliases = loc.get(f"play-command-{command}", "aliases") or ""
        for word in [command, *(spelled or "").split(), *aliases.split()]:
            words.setdefault(normalize(word), command)
    return words


def command_of(typed: str, words: dict[str, str]) -> tuple[str, str] | None:
    """(command, the rest of the line) when the line is a command: `log all` -> ("log", "all")."""
    stripped = typed.strip()
    if stripped[:1] in COMMAND_SYMBOLS:  # `?`, or `? red scare`: help on what follows
        return COMMAND_SYMBOLS[stripped[:1]], stripped[1:].strip()
    head, _, rest = stripped.partition(" ")
    found = words.get(normalize(head))
    return (found, rest.strip()) if found else None


class LineReader:
    """One line of input. At a terminal it offers completion of the current choices (prompt_toolkit);
    from a pipe it reads plain lines. Ctrl-D or the end of input raises EOFError, Ctrl-C
    KeyboardInterrupt: the caller saves and stops."""

    def __init__(self, interactive: bool | None = None) -> None:
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty() if interactive is None else interactive
        self._session: Any = None

    def read(self, prompt: str, words: Sequence[str] | Callable[[], Sequence[str]]) -> str:
        """A line; `words` (or a function giving them, called at the first Tab) are the completions."""
        prompt = prompt.rstrip() + " "  # Fluent trims a message's trailing space
        if not self.interactive:
            sys.stdout.write(prompt)
            sys.stdout.flush()
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        if self._session is None:
            # prompt_toolkit is the last big load before the first prompt: its modules stay for good.
            with start_up_loading():
                from prompt_toolkit import PromptSession

                self._session = PromptSession()
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(
            (lambda: list(words())) if callable(words) else list(words), ignore_case=True, sentence=True
        )
        try:
            return str(self._session.prompt(prompt, completer=completer, complete_while_typing=False))
        except Exception as err:
            # Ctrl-C pressed again while prompt_toolkit is already closing the prompt (it raises a bare
            # Exception for it): the interrupt it is, not a crash.
            if str(err).startswith(PROMPT_CLOSING):
                raise KeyboardInterrupt from None
            raise
