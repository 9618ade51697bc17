"""Drives `twilight play` through a real pseudo-terminal (pexpect), as a person at a keyboard would.

With `--ids` the game shows, under each question, `[decision=NAME side=SIDE pick=MIN-MAX]` and each
option's id in brackets: the driver reads those to know what it is being asked, and answers by number,
by name or by the beginning of a name, in the game's language.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pexpect

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
DECISION = re.compile(r"\[decision=(\w+) side=(\w+) pick=(\d+)-(\d+)\]")
# The hot-seat game's hand-over screen between the two players (with `--ids`).
HAND_OVER = re.compile(r"\[hand_over side=(\w+)\]")
OPTION = re.compile(r"(\d+)\. (.+?) \[([^\]\s]+)\]")
# The prompt ends in "»", and prompt_toolkit then moves the cursor back to lay out the line: a «quote»
# in a message is never followed by a cursor move.
PROMPT = r"»\x1b\[\d+D"
TIMEOUT = 60


def plain(text: str) -> str:
    return ANSI.sub("", text)


@dataclass
class Question:
    name: str
    side: str
    low: int
    high: int
    options: list[tuple[int, str, str]] = field(default_factory=list)  # (number, label, id)
    screen: str = ""

    @property
    def single(self) -> bool:
        return self.low == self.high == 1


class PlayDriver:
    def __init__(self, args: list[str], home: Path, columns: int = 220, lines: int = 60) -> None:
        env = dict(os.environ)
        env.update(
            TWILIGHT_HOME=str(home),
            PROMPT_TOOLKIT_NO_CPR="1",
            COLUMNS=str(columns),
            LINES=str(lines),
            TERM="xterm",
            PYTHONIOENCODING="utf-8",
        )
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "twilight.cli.main", "play", *args],
            env=env,
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(lines, columns),
        )
        self.transcript: list[str] = []
        self.hand_overs: list[str] = []  # the sides the terminal was handed over to, in order

    # ------------------------------------------------------------------ reading
    def until_prompt(self) -> str:
        """Everything printed up to the next prompt (ANSI codes removed)."""
        self.child.expect(PROMPT)
        text = plain(self.child.before or "")
        self.transcript.append(text)
        return text

    def question(self) -> Question | None:
        """The next question of the game, or None when the game ended (the process exits)."""
        index = self.child.expect([PROMPT, pexpect.EOF])
        text = plain(self.child.before or "")
        self.transcript.append(text)
        if index == 1:
            return None
        found = list(DECISION.finditer(text))
        handed = HAND_OVER.search(text)
        if not found and handed:
            # The hot-seat hand-over: the next player takes the terminal and presses Enter.
            self.hand_overs.append(handed.group(1))
            self.send("")
            return self.question()
        if not found:
            raise AssertionError(f"no decision line before the prompt:\n{text[-2000:]}")
        last = found[-1]
        name, side, low, high = last.group(1), last.group(2), int(last.group(3)), int(last.group(4))
        options = [(int(n), label, ident) for n, label, ident in OPTION.findall(text[last.end() :])]
        return Question(name, side, low, high, options, text)

    def send(self, line: str) -> None:
        """Type a line and Enter; the terminal's redraws of the prompt while it is typed end with the
        line break of Enter, and are skipped."""
        self.child.sendline(line)
        self.child.expect("\n")

    def finish(self) -> int:
        self.child.expect(pexpect.EOF)
        self.transcript.append(plain(self.child.before or ""))
        self.child.close()
        return int(self.child.exitstatus if self.child.exitstatus is not None else -1)

    def output(self) -> str:
        return "".join(self.transcript)


def answer_for(q: Question, turn: int) -> str:
    """A legal answer, typed in varied ways: the number, the whole name, or its first letters."""
    if not q.single:
        count = max(q.low, 1) if q.options else 0
        return ", ".join(str(n) for n, _, _ in q.options[:count])
    number, label, _ = q.options[0]
    label = re.sub(r" \(\d+\)$", "", label)  # a card's ops
    style = turn % 3
    if style == 0:
        return str(number)
    if style == 1:
        return label
    # a beginning that only this option's names share
    others = [re.sub(r" \(\d+\)$", "", o[1]).casefold() for o in q.options[1:]]
    for size in range(3, len(label) + 1):
        prefix = label[:size]
        if prefix[-1] in " -/'’":  # the game reads "De " as "de"
            continue
        if not any(o.startswith(prefix.casefold()) for o in others):
            return prefix
    return str(number)


def read_save(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
