"""The game logs `twilight serve` opens as read-only replays (issue 49): which logs it offers, each
replayed once under `standard` (cli/replay/driver.py) and kept, so that a step of it is a page drawn
from a snapshot, never a replay.

The logs offered, each by a short name (its file name without `.txt`; a name taken twice gets `-2`,
`-3`…): the ones given on the command line (`twilight serve --replay LOG|FOLDER`), the ones a player
opened in the browser (kept in the data folder, `replays/`, so that they are there the next time), and
the digital edition's league games beside the repository (`../shared/reference/real-games/`) when that
folder is there. A request names a log by its name alone: the name is looked up in that list, never read
as a path.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from twilight.cli.replay.log import MAX_LOG_BYTES, LogError
from twilight.cli.session.saves import (
    SaveWriteError,
    data_home,
    shown_path,
    write_text_atomic,
)
from twilight.cli.session.text import APP_FOLDER, PlayText
from twilight.cli.web.game import WebError

if TYPE_CHECKING:  # (the replay's driver, and the engine under it, are imported when a log is opened)
    from twilight.cli.replay.driver import ReplayResult, Snapshot

# The league games of the digital edition, beside the repository (absent from an installed copy).
REAL_GAMES = APP_FOLDER.parent.parent / "shared" / "reference" / "real-games"
UPLOADS = "replays"
# The logs opened in the browser the data folder keeps, at most: so many, so many bytes in all (the 32
# league games are 0.6 MB in all, the longest 25 kB; one log may be MAX_LOG_BYTES). Every upload was once
# kept, without end: a script sending logs filled the disk, and every page of the list read them all. A
# log past either bound is refused, saying so; none kept is ever removed to make room (each is a game
# someone played), and a log already kept opens again whatever the bounds.
MAX_OPENED_LOGS = 200
MAX_OPENED_BYTES = 20_000_000
# Replays kept in memory, the last few opened (each holds a copy of the game at every step: a few MB).
KEPT_REPLAYS = 4
# The list's one-line facts of each file (read from its text, not replayed): this many files' kept.
KEPT_SUMMARIES = 512
NAME_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
TURN_LINE = re.compile(r"^Turn (\d+),", re.M)
# A snapshot's label (cli/replay/driver.py's Segment.label): "T3 USSR AR2", "T3 headline", "setup".
ROUND_LABEL = re.compile(r"T(\d+) (US|USSR) AR(\d+)")
HEADLINE_LABEL = re.compile(r"T(\d+) headline")


@dataclass(frozen=True)
class LogFile:
    """A log the server offers: its name in addresses, its file, where it was found (given | opened |
    league)."""

    name: str
    path: Path
    source: str


@dataclass(frozen=True)
class Summary:
    """What the list says of a log without replaying it: its lines and the turns it covers (0: none)."""

    lines: int
    last_turn: int


@dataclass
class Step:
    """A snapshot as a page shows it: the round it follows (kind: setup | headline | ar), and the trace
    events our rules made in it (from `since` on in the snapshot's engine's events)."""

    shot: Snapshot
    kind: str
    turn: int
    side: str | None
    round: int
    since: int


@dataclass
class Replayed:
    """A log replayed: the result, the log's lines (for the lines beside the board) and its steps."""

    log: LogFile
    result: ReplayResult
    lines: list[str]
    steps: list[Step] = field(default_factory=list)

    def first_step_of_turn(self) -> dict[int, int]:
        """Each turn the steps cover -> its first step (1-based, as addresses count them)."""
        out: dict[int, int] = {}
        for number, step in enumerate(self.steps, start=1):
            out.setdefault(step.turn, number)
        return out


def step_of(shot: Snapshot, since: int) -> Step:
    """The snapshot's round read from its label; a label of another shape is the state's turn."""
    if found := ROUND_LABEL.fullmatch(shot.label):
        return Step(shot, "ar", int(found[1]), found[2].lower(), int(found[3]), since)
    if found := HEADLINE_LABEL.fullmatch(shot.label):
        return Step(shot, "headline", int(found[1]), None, 0, since)
    return Step(shot, "setup", int(shot.state.get("turn") or 0), None, 0, since)


def log_name(raw: str) -> str:
    """A file's name as an address may carry it: its stem, letters, digits and `._-` only."""
    stem = raw.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    stem = stem[:-4] if stem.lower().endswith(".txt") else stem
    name = NAME_CHARS.sub("-", stem).strip(".-")[:60]
    return name or "game"


def uploads_dir() -> Path:
    return data_home() / UPLOADS


def files_of(given: str | Path) -> list[Path]:
    """A path given: the file itself, or a folder's `*.txt` files by name."""
    path = Path(given)
    if path.is_dir():
        return sorted(p for p in path.glob("*.txt") if p.is_file())
    return [path]


def summary_of(path: Path) -> Summary:
    """The lines and the last turn of a log file, read from its text (a file unreadable: 0 and 0)."""
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            return Summary(0, 0)
        text = path.read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return Summary(0, 0)
    turns = [int(n) for n in TURN_LINE.findall(text)]
    return Summary(len(text.splitlines()), max(turns, default=0))


class Replays:
    """The logs one server offers and the replays it keeps."""

    def __init__(self, given: tuple[str, ...] = (), league: Path | None = REAL_GAMES) -> None:
        self.given = tuple(given)
        self.league = league
        self._guard = threading.Lock()
        self._replaying = threading.Lock()  # (one replay at a time: two tabs opening one log replay it once)
        self._rules: tuple[dict[str, Any], Any, Any] | None = None
        self._texts: dict[str, PlayText] = {}
        self._kept: OrderedDict[tuple[str, int, int], Replayed] = OrderedDict()
        self._summaries: dict[tuple[str, int, int], Summary] = {}

    # ------------------------------------------------------------------ the list
    def logs(self) -> list[LogFile]:
        """Every log offered, named: those given, those opened in the browser, the league's."""
        found: list[tuple[Path, str]] = []
        for given in self.given:
            found += [(p, "given") for p in files_of(given)]
        found += [(p, "opened") for p in files_of(uploads_dir())] if uploads_dir().is_dir() else []
        if self.league is not None and self.league.is_dir():
            found += [(p, "league") for p in sorted(self.league.glob("game-*.txt"))]
        out: list[LogFile] = []
        taken: set[str] = set()
        seen: set[Path] = set()
        for path, source in found:
            key = path.resolve()
            if key in seen:
                continue
            seen.add(key)
            name = base = log_name(path.name)
            count = 1
            while name in taken:
                count += 1
                name = f"{base}-{count}"
            taken.add(name)
            out.append(LogFile(name, path, source))
        return out

    def log(self, name: str) -> LogFile:
        for log in self.logs():
            if log.name == name:
                return log
        raise WebError("web-replay-no-log", 404, name=name[:60])

    def summary(self, log: LogFile) -> Summary:
        key = stamp(log.path)
        with self._guard:
            if key in self._summaries:
                return self._summaries[key]
        got = summary_of(log.path)
        with self._guard:
            if len(self._summaries) >= KEPT_SUMMARIES:
                self._summaries.clear()
            self._summaries[key] = got
        return got

    # ------------------------------------------------------------------ the rules and their words
    def rules(self) -> tuple[dict[str, Any], Any, Any]:
        """`standard`'s IR, its program and the log reader's names (compiled once)."""
        from twilight.cli.replay.ids import missing
        from twilight.cli.replay.names import RulesetBroken, compiled, ruleset_names

        with self._guard:
            if self._rules is None:
                try:
                    ir, program = compiled("standard")
                except RulesetBroken:
                    raise WebError("web-error-ruleset", 500, ruleset="standard") from None
                if missing(ir):  # (a ruleset without what the replay reads a log by: cli/replay/ids.py)
                    raise WebError("web-error-ruleset", 500, ruleset="standard")
                self._rules = (ir, program, ruleset_names(ir))
            return self._rules

    def text(self, lang: str) -> PlayText:
        ir = self.rules()[0]
        with self._guard:
            if lang not in self._texts:
                self._texts[lang] = PlayText("standard", lang, ir)
            return self._texts[lang]

    # ------------------------------------------------------------------ replays
    def replayed(self, name: str, lang: str) -> Replayed:
        """The log called `name`, replayed (once: then kept, while its file stays as it was); WebError
        with the reader's one line when it is no game log."""
        log = self.log(name)
        key = stamp(log.path)
        with self._replaying:
            with self._guard:
                kept = self._kept.get(key)
                if kept is not None:
                    self._kept.move_to_end(key)
                    return kept
            got = self._replay(log, lang)
            with self._guard:
                self._kept[key] = got
                while len(self._kept) > KEPT_REPLAYS:
                    self._kept.popitem(last=False)
            return got

    def _replay(self, log: LogFile, lang: str) -> Replayed:
        from twilight.cli.replay.driver import Replay
        from twilight.cli.replay.log import read_log

        ir, program, names = self.rules()
        try:
            game = read_log(log.path, names)
        except LogError as err:
            raise self.bad_log(log.name, err, lang) from None
        result = Replay(game, ir, program).run()
        try:
            lines = log.path.read_text(encoding="utf-8-sig").splitlines()
        except (OSError, UnicodeDecodeError):
            lines = []
        replayed = Replayed(log, result, lines)
        since = 0
        for shot in result.snapshots:
            replayed.steps.append(step_of(shot, since))
            since = len(shot.engine.events) if shot.engine is not None else since
        return replayed

    def bad_log(self, name: str, err: LogError, lang: str) -> WebError:
        from twilight.cli.web.page import web_words

        problem = web_words(lang).t(err.message_id, line=err.line, **{**err.args_, "path": name})
        return WebError("web-replay-bad-log", 422, name=name[:60], problem=problem)

    # ------------------------------------------------------------------ a log opened in the browser
    def open_text(self, text: str, file_name: str, lang: str) -> LogFile:
        """A log a player opened in the browser (its text): read first (WebError when it is no game log),
        then kept in the data folder under its file's name (the same text again: the same log)."""
        from twilight.cli.replay.log import parse_log

        name = log_name(file_name or "game")
        if len(text.encode("utf-8")) > MAX_LOG_BYTES:
            raise WebError("web-replay-too-big", 413)
        text = text.replace("\r\n", "\n")
        try:
            parse_log(text, self.rules()[2], name)
        except LogError as err:
            raise self.bad_log(name, err, lang) from None
        folder = uploads_dir()
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        with self._guard:
            for candidate in [name, *(f"{name}-{n}" for n in range(2, 1000))]:
                path = folder / f"{candidate}.txt"
                try:
                    same = hashlib.sha256(path.read_bytes()).hexdigest() == digest
                except OSError:
                    same = None  # (no such file: the name is free)
                if same is None:
                    self._check_room(folder, len(text.encode("utf-8")))
                    try:
                        write_text_atomic(path, text)
                    except SaveWriteError as err:
                        raise WebError(
                            "web-error-file", 500, path=shown_path(err.path), cause=err.cause_shown()
                        ) from None
                    break
                if same:
                    break
            else:
                raise WebError("web-replay-too-many", 409, name=name)
        for log in self.logs():
            if log.path.resolve() == path.resolve():
                return log
        raise WebError("web-replay-no-log", 404, name=name)  # (a given file of the same name shadows it)

    @staticmethod
    def _check_room(folder: Path, size: int) -> None:
        """WebError ("web-replay-full") when a log of `size` bytes more would take the logs opened in the
        browser past MAX_OPENED_LOGS or MAX_OPENED_BYTES."""
        count, total = opened_usage(folder)
        if count + 1 > MAX_OPENED_LOGS or total + size > MAX_OPENED_BYTES:
            raise WebError(
                "web-replay-full",
                507,
                count=count,
                most=MAX_OPENED_LOGS,
                megabytes=round(total / 1_000_000, 1),
                most_megabytes=MAX_OPENED_BYTES // 1_000_000,
                folder=shown_path(folder),
            )


def opened_usage(folder: Path) -> tuple[int, int]:
    """How many logs the folder of logs opened in the browser holds, and their bytes in all."""
    count = total = 0
    if not folder.is_dir():
        return 0, 0
    for path in files_of(folder):
        try:
            total += path.stat().st_size
        except OSError:
            continue
        count += 1
    return count, total


def stamp(path: Path) -> tuple[str, int, int]:
    """The file with its time of change and size: another stamp, another text (replayed anew)."""
    try:
        info = path.stat()
    except OSError:
        return (str(path), 0, 0)
    return (str(path.resolve()), info.st_mtime_ns, info.st_size)
