"""`twilight play`: a whole game at the terminal, against the solo AI (or hot-seat for two), in English
or Russian, saved as it goes."""

from __future__ import annotations

import errno
import functools
import os
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text
from twilight.cli.localizer import LANGUAGES
from twilight.cli.number_arg import whole_number_option
from twilight.cli.output_file import NamedPath, not_empty
from twilight.cli.play.catch_up import SaveToReplay, catch_up
from twilight.cli.play.input import LineReader, Matcher, Problem, command_of, command_words_of
from twilight.cli.play.session import (
    DemoPlayer,
    PlaySession,
    QuitGame,
    TerminalPlayer,
    wait,
)
from twilight.cli.rules_path_arg import rules_path_option
from twilight.cli.session.computer import COMPUTER, OPPONENTS, PERSON, ComputerOpponent
from twilight.cli.session.game import AutosavingPlayer, new_game_engine
from twilight.cli.session.log import Narrator
from twilight.cli.session.rules import (
    AI_SIDE,
    DEFAULT_RULESET,
    LEVEL,
    pinned_ir,
    ruleset_label,
    setting_options,
)
from twilight.cli.session.rules_store import pin_of, store_ir, valid_pin
from twilight.cli.session.saves import (
    SEED_LIMIT,
    SaveError,
    SaveLock,
    SaveLocked,
    SaveWriteError,
    TraceFile,
    check_save_names,
    free_seed_save_path,
    in_the_way,
    new_save_path,
    person_played,
    read_save,
    readable_save_path,
    resumable_saves,
    save_at,
    save_name,
    saves_dir,
    seats_problem,
    trace_path_for,
)
from twilight.cli.session.text import GameWords, PlayText, Words
from twilight.cli.session.undo import UndoTo
from twilight.cli.session.unfinished import SaveWords, WantedGame, no_such_save, unfinished_games
from twilight.cli.settings_arg import read_settings, settings_problem
from twilight.cli.startup import start_up_loading
from twilight.cli.step_limits import step_limit_options, step_limits
from twilight.cli.versions import (
    VERSION_SEP,
    RulesetEntry,
    UnknownRuleset,
    catalog,
    resolve,
    search_rules_in,
    unlisted_folder,
)
from twilight.common.input_bounds import ECHO_CHARS, clip, could_be_path, printable
from twilight.compiler import api
from twilight.compiler.diagnostics import Severity, render
from twilight.compiler.loader import MANIFEST
from twilight.runtime.core.sides import SIDES, US, opponent

# The policies that may play the person's side in a demo: simulate's own (tests/test_play_start.py holds
# the two together), named here so that a game does not import simulate's module (multiprocessing and
# all) to start.
HUMAN_POLICIES = ("random", "greedy", "cautious")


class PlayStop(Exception):
    """Ends the command with a message already printed and an exit status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def other(side: str) -> str:
    return opponent(side)


def compile_ruleset(ruleset: str, console: Console, lang: str | None = None) -> dict[str, Any]:
    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        for d in result.diagnostics:
            if d.severity is Severity.ERROR:
                console.print(render(d, result.sources), markup=False, highlight=False)
        # The ruleset's own words cannot be read; the game's are enough for this.
        said = GameWords(lang or "en").t("play-ruleset-errors", ruleset=ruleset)
        console.print(said, style="bold red", markup=False)
        raise PlayStop(1)
    return result.ir


def ask_choice(
    reader: LineReader,
    console: Console,
    text: Words,
    question: str,
    options: list[tuple[str, str]],
    default: str,
) -> str:
    """A numbered question before the game: Enter takes the default; a number or a name picks."""
    labels = dict(options)
    values = [v for v, _ in options]

    def names_of(value: Any) -> list[str]:
        return [str(value), labels[str(value)]]

    matcher = Matcher(values, names_of)
    console.print(Text(question, style="bold"))
    for i, (value, label) in enumerate(options, 1):
        mark = "  " + text.t("play-setup-default") if value == default else ""
        console.print(f"  {i}. {label}{mark}", markup=False, highlight=False)
    while True:
        typed, command = read_setup_answer(reader, console, text, [label for _, label in options])
        if not typed.strip():
            return default
        if command == "help":  # (the question again, and how it is answered)
            console.print(Text(question, style="bold"))
            for i, (value, label) in enumerate(options, 1):
                mark = "  " + text.t("play-setup-default") if value == default else ""
                console.print(f"  {i}. {label}{mark}", markup=False, highlight=False)
            console.print(text.t("play-setup-help"), style="dim", markup=False)
            continue
        got = matcher.one(typed)
        if isinstance(got, Problem):
            args = dict(got.args)
            if "matches" in args:
                args["matches"] = ", ".join(labels[str(m)] for m in args["matches"])
            if "suggestion" in args:
                args["suggestion"] = labels[str(args["suggestion"])]
            console.print(text.t(f"play-input-{got.code}", **args), style="bold red", markup=False)
            continue
        return str(got)


def read_setup_answer(
    reader: LineReader, console: Console, text: Words, words: list[str]
) -> tuple[str, str | None]:
    """A line typed at a question before the game (`words` complete it), and the command it is (`help`,
    or None); Ctrl-D, Ctrl-C or `quit` start no game (PlayStop)."""
    try:
        typed = reader.read(text.t("play-setup-prompt"), words)
    except (EOFError, KeyboardInterrupt):
        console.print(text.t("play-setup-aborted"))
        raise PlayStop(1) from None
    command = setup_command(typed, text) if typed.strip() else None
    if command == "quit":
        console.print(text.t("play-setup-aborted"))
        raise PlayStop(1)
    return typed, command


def setup_command(typed: str, text: Words) -> str | None:
    """`help` (or `?`) and `quit` at a question before the game, in the player's language or any other
    (the question of the language is asked before there is one: `выход` quits it too)."""
    loc = getattr(text, "loc", None)
    words = command_words_of(loc, ("help", "quit")) if loc is not None else {"help": "help", "quit": "quit"}
    for word, command in setup_words().items():
        words.setdefault(word, command)
    found = command_of(typed, words)
    return found[0] if found is not None else None


@functools.cache
def setup_words() -> dict[str, str]:
    """The words of `help` and `quit` in every language of the game."""
    words: dict[str, str] = {}
    for lang in LANGUAGES:
        for word, command in command_words_of(GameWords(lang).loc, ("help", "quit")).items():
            words.setdefault(word, command)
    return words


def ask_ruleset(reader: LineReader, console: Console, words: GameWords, entries: list[RulesetEntry]) -> str:
    """Which rules: every ruleset found (installed, `$TWILIGHT_HOME/rules/`, `--rules-path`), by
    `NAME@VERSION`; the default is solo-v2 (its highest version)."""
    lang = words.loc.lang
    options = [(entry.spec, ruleset_label(words, entry, lang)) for entry in entries]
    try:
        default = resolve(DEFAULT_RULESET, entries).spec
    except UnknownRuleset:
        default = options[0][0] if options else DEFAULT_RULESET
    if not options:
        return DEFAULT_RULESET
    return ask_choice(reader, console, words, words.t("play-setup-ruleset"), options, default)


def side_and_level_set(
    settings: dict[str, Any], side: str | None, level: str | None, console: Console, text: PlayText
) -> tuple[str | None, str | None]:
    """`--side` and `--level`, with what `--set ai_side=…` and `--set level=…` say taken as them (they
    were once overwritten without a word); both ways given and disagreeing stop before any game starts."""
    for name, given, option in ((AI_SIDE, side, "--side"), (LEVEL, level, "--level")):
        if name not in settings:
            continue
        wanted = other(str(settings[name])) if name == AI_SIDE else str(settings[name])
        if given is not None and given != wanted:
            shown = f"{name}={clip(str(settings[name]), ECHO_CHARS)}"
            said = text.t("play-set-disagrees", setting=shown, option=f"{option} {clip(given, ECHO_CHARS)}")
            console.print(said, markup=False)
            raise PlayStop(2)
        if name == AI_SIDE:
            side = wanted
        else:
            level = wanted
    return side, level


def ruleset_entry(
    spec: str, entries: list[RulesetEntry], console: Console, lang: str | None
) -> RulesetEntry | None:
    """The ruleset `--ruleset` (or the list) names: `NAME@VERSION`, or a bare NAME at its highest version
    (said when there are several); None for a folder or a lone file given by its path (compiled as it
    is). Stops with the versions there are when the name or version is unknown."""
    path = Path(spec)
    exists = could_be_path(spec) and path.exists()  # (pathlib raises for a name too long to be a file)
    if VERSION_SEP not in spec and exists and not any(e.name == spec for e in entries):
        return None
    words = GameWords(lang or "en")
    try:
        entry = resolve(spec, entries)
    except UnknownRuleset as err:
        if err.versions:
            said = words.t(
                "play-ruleset-unknown-version",
                ruleset=clip(spec, ECHO_CHARS),
                versions=", ".join(err.versions),
                hint=err.hint or "none",
            )
        else:
            said = words.t(
                "play-ruleset-unknown",
                ruleset=clip(spec, ECHO_CHARS),
                names=", ".join(sorted({e.name for e in entries})),
                hint=err.hint or "none",
            )
        console.print(said, style="bold red", markup=False)
        raise PlayStop(2) from None
    versions = sorted({e.version or "-" for e in entries if e.name == entry.name})
    if VERSION_SEP not in spec and len(versions) > 1:
        said = words.t(
            "play-ruleset-highest",
            name=entry.name,
            version=entry.version or "-",
            versions=", ".join(versions),
        )
        console.print(said, markup=False)
    return entry


def unmade_ruleset(
    spec: str, entries: list[RulesetEntry], rules_paths: tuple[str, ...], console: Console, lang: str | None
) -> str:
    """`spec`, unless it names a folder of rule files that is no ruleset: given by its path, or by its name
    in `$TWILIGHT_HOME/rules/` or a rules path (where the list leaves it out). Without a ruleset.tsr, stop
    (status 1) saying that the folder was found, what it lacks and what to write in it; with a ruleset.tsr
    that names no ruleset, the folder, compiled so that its errors are shown (it was "no ruleset NAME")."""
    if VERSION_SEP in spec or not could_be_path(spec) or any(e.name == spec for e in entries):
        return spec
    folder = Path(spec) if Path(spec).is_dir() else unlisted_folder(spec, rules_paths)
    if folder is None:
        # (a rules path given as one ruleset's folder, and named: `--rules-path ~/mine/draft --ruleset draft`)
        folder = next((Path(p) for p in rules_paths if Path(p).name == spec and Path(p).is_dir()), None)
    if folder is None:
        return spec
    if (folder / MANIFEST).is_file():
        return str(folder)
    name = printable(clip(folder.resolve().name, ECHO_CHARS))
    # (the manifest is code, not words: printed as it is to be written, after the message that asks for it)
    manifest = (
        f'ruleset "{name}" {{',
        '  version "1.0"',
        f'  extends "{DEFAULT_RULESET}"',
        f'  description "{name}: what it changes"',
        "}",
    )
    words = GameWords(lang or "en")
    said = words.t("play-ruleset-no-manifest", folder=printable(str(folder)))
    console.print(said, style="bold red", markup=False, soft_wrap=True)
    for line in manifest:
        console.print(f"    {line}", markup=False, highlight=False, soft_wrap=True)
    console.print(words.t("play-ruleset-no-manifest-after", name=name), markup=False, soft_wrap=True)
    raise PlayStop(1)


def stop_unless_savable(console: Console, lang: str | None, save_file: str | None) -> None:
    """Stop (status 1) when a new game could not be saved: a file where the saves folder (or a folder
    above it, TWILIGHT_HOME naming a file) should be, or a folder that cannot be written. Told before the
    first question (it was told after the player had answered them all). The saves folder holds the
    game's rules (rules_store) even when `--save` puts the save elsewhere, whose folder is checked too.
    Nothing is created: the first folder that is there on the way is what is judged."""
    words = GameWords(lang or "en")
    if save_file and could_be_path(save_file):
        # (the save named: said as a save that cannot be written is, naming it and what is in the way)
        save = Path(save_file)
        problem = unwritable(save.absolute().parent)
        if problem is not None:
            there, cause = problem
            fault = SaveWriteError("write-failed", save, f"{cause}: {printable(str(there))}")
            console.print(file_fault_text(words, fault), style="bold red", markup=False, soft_wrap=True)
            raise PlayStop(1)
    folder = saves_dir()
    problem = unwritable(folder)
    if problem is not None:
        there, cause = problem
        cause = cause if there == folder else f"{cause}: {printable(str(there))}"
        said = words.t("play-saves-unwritable", path=printable(str(folder)), cause=cause)
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1)


def unwritable(folder: Path) -> tuple[Path, str] | None:
    """Why `folder` cannot be made or written: (the path in the way, the system's words for why); None
    when it can (it, or the first folder above it that is there, can be written)."""
    there = folder
    while not os.path.lexists(there) and there.parent != there:
        there = there.parent
    if not there.is_dir():  # (a file, or a link to none: TWILIGHT_HOME naming a file)
        return there, os.strerror(errno.ENOTDIR)
    if not os.access(there, os.W_OK | os.X_OK):
        return there, os.strerror(errno.EROFS if read_only(there) else errno.EACCES)
    return None


def read_only(folder: Path) -> bool:
    """Whether `folder` is on a file system mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


def pin_rules(
    ir: dict[str, Any], entry: RulesetEntry | None, console: Console, words: PlayText
) -> dict[str, Any]:
    """Keep the game's IR in the rules store beside the saves; what its save records of its rules."""
    try:
        store_ir(ir)
    except SaveWriteError as err:
        console.print(file_fault_text(words, err), style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1) from None
    return pin_of(ir, entry.name if entry is not None else None)


def assigned_settings(ir: dict[str, Any], assignments: tuple[str, ...]) -> dict[str, Any]:
    """The `--set NAME=VALUE` settings, read as `twilight simulate` reads them."""
    if not assignments:
        return {}
    return read_settings(ir, assignments)


def ask_settings(
    reader: LineReader,
    console: Console,
    text: PlayText,
    ir: dict[str, Any],
    settings: dict[str, Any],
    asks: bool,
) -> None:
    """The settings the ruleset marks `asked` that `--set` did not answer, after side and level (a demo
    takes each default): each asked with the ruleset's `setting-NAME` message, its answers
    `setting-NAME-VALUE`."""
    for name, setting in ir["settings"].items():
        if not setting.get("asked") or name in settings:
            continue
        if setting["type"] == "int":  # (a number, not a choice among values: it has none)
            settings[name] = ask_number(reader, console, text, ir, name) if asks else setting["default"]
            continue
        default = str(setting["default"]).lower() if setting["type"] == "bool" else str(setting["default"])
        options = setting_options(text, ir, name)
        chosen = (
            ask_choice(reader, console, text, text.t(f"setting-{name}"), options, default)
            if asks
            else default
        )
        settings[name] = chosen == "true" if setting["type"] == "bool" else chosen


def ask_number(reader: LineReader, console: Console, text: PlayText, ir: dict[str, Any], name: str) -> int:
    """An `int` setting asked before the game: a whole number within its bounds, if it has any (read as
    `--set NAME=VALUE` reads it, so a save holds a number, never the text typed); Enter takes the
    default."""
    setting = ir["settings"][name]
    default = int(setting["default"])
    bounded = "min" in setting and "max" in setting
    bounds = {"low": setting["min"], "high": setting["max"]} if bounded else {}
    console.print(Text(text.t(f"setting-{name}"), style="bold"))
    said = text.t("play-setup-number" if bounded else "play-setup-number-any", default=default, **bounds)
    console.print(f"  {said}", markup=False, highlight=False)
    while True:
        typed, command = read_setup_answer(reader, console, text, [])
        if not typed.strip():
            return default
        if command != "help":
            try:
                return int(read_settings(ir, (f"{name}={typed.strip()}",))[name])
            except click.BadParameter:
                shown = clip(typed.strip(), ECHO_CHARS)
                wrong = "play-setup-not-number" if bounded else "play-setup-not-number-any"
                console.print(text.t(wrong, typed=shown, **bounds), style="bold red", markup=False)
                continue
        console.print(f"  {said}", markup=False, highlight=False)
        console.print(text.t("play-setup-number-help"), style="dim", markup=False)


# The longest pause a demo makes on a card choice (`--delay`): a minute is already more than anyone waits.
MAX_DELAY = 60.0


def check_delay(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """`--delay`: seconds from 0 to MAX_DELAY (not negative, not `nan` or `inf`)."""
    if value is not None and not 0 <= value <= MAX_DELAY:
        raise click.BadParameter(f"{value} is not a number of seconds from 0 to {MAX_DELAY:g}")
    return value


def make_console(stream: IO[str] | None = None) -> Console:
    return Console(file=stream or sys.stdout, highlight=False, soft_wrap=False)


@click.command()
@click.option(
    "--ruleset",
    default=None,
    callback=not_empty(
        f"a ruleset's name ({DEFAULT_RULESET}, standard) or folder", f"to play {DEFAULT_RULESET}"
    ),
    help=f"Ruleset to play (default {DEFAULT_RULESET}; standard: against the computer or hot-seat).",
)
@click.option(
    "--side",
    type=click.Choice(SIDES),
    default=None,
    help="Your side (in the standard game: against the computer, unless --opponent person).",
)
@click.option("--level", default=None, help="The AI's level (solo): normal, experienced, hard, expert.")
@click.option(
    "--opponent",
    "opponent_kind",
    type=click.Choice(OPPONENTS),
    default=None,
    help="A game without a solo AI (standard): the other side played by the computer (the search player) "
    "or by a person at this terminal (hot-seat). Default: asked; with --side, the computer; with --seed, "
    "a person.",
)
@click.option(
    "--seed",
    default=None,
    callback=whole_number_option(SEED_LIMIT),
    help="The game's seed (default: a random one).",
)
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language of the game.")
@click.option(
    "--resume",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[FILE]",
    help="Continue a saved game: a file, or a name `twilight saves` lists (default: the last game not "
    "finished).",
)
@click.option(
    "--human-policy",
    type=click.Choice(HUMAN_POLICIES),
    default=None,
    help="Watch a game: a policy plays your side (random or greedy), no input needed.",
)
@click.option(
    "--delay",
    type=float,
    default=None,
    callback=check_delay,
    help=f"Demo: seconds to pause on each card choice (0 to {MAX_DELAY:g}).",
)
@click.option(
    "--save",
    "save_file",
    type=NamedPath(dir_okay=False, left_out="to save under the game's own name"),
    default=None,
    help="Where to save.",
)
@click.option("--set", "assignments", multiple=True, metavar="NAME=VALUE", help="Any other setting.")
@click.option(
    "--ids", is_flag=True, help="Show the ids of decisions and options (as scenario files write them)."
)
@rules_path_option("to choose from too", exists=False)
@click.option(
    "--new-rules",
    is_flag=True,
    help="Resuming a game whose rules changed since it began: start it again under the new rules "
    "(default: ask; it continues under the rules it began with).",
)
@step_limit_options
def play(
    ruleset: str | None,
    side: str | None,
    level: str | None,
    opponent_kind: str | None,
    seed: int | None,
    lang: str | None,
    resume: str | None,
    human_policy: str | None,
    delay: float | None,
    save_file: str | None,
    assignments: tuple[str, ...],
    ids: bool,
    rules_paths: tuple[str, ...],
    new_rules: bool,
    step_limit: int | None,
    game_step_limit: int | None,
) -> None:
    """Play a game at the terminal: `twilight play` asks side, level and language, then you play."""
    search_rules_in(rules_paths)  # (a variant's `extends "NAME@VERSION"` is found where the variant is)
    console = make_console()
    reader = LineReader()
    try:
        if resume is not None:
            given = {
                "--ruleset": ruleset,
                "--side": side,
                "--level": level,
                "--opponent": opponent_kind,
                "--seed": seed,
                "--human-policy": human_policy,
                "--save": save_file,
                "--set": assignments or None,
            }
            refuse_new_game_flags(
                console, resume, lang, [flag for flag, value in given.items() if value is not None]
            )
        with start_up_loading():
            if resume is None and seed is None and save_file is None and human_policy is None:
                resume = continue_or_new(console, reader, lang, WantedGame(ruleset, side, level))
            if resume is not None:
                session = resume_game(console, reader, resume, lang, delay, ids, rules_paths, new_rules)
            else:
                session = new_game(
                    console,
                    reader,
                    ruleset,
                    side,
                    level,
                    seed,
                    lang,
                    human_policy,
                    delay,
                    save_file,
                    assignments,
                    ids,
                    rules_paths,
                    opponent_kind,
                )
        session.engine.set_step_limits(**step_limits(step_limit, game_step_limit))
        status = run_game(session)
    except PlayStop as stop:
        status = stop.status
    sys.exit(status)


def opponent_of_game(
    reader: LineReader, console: Console, text: PlayText, kind: str | None, side: str | None, ask: bool
) -> str:
    """Who plays the other side of a game without a solo AI: as `--opponent` says; else the computer
    when the person named their side, asked in a game started without a script's flags, a person at the
    same terminal (hot-seat) in one started with them (a seed names a game both sides play)."""
    if kind is not None:
        return kind
    if side is not None:
        return COMPUTER
    if not ask:
        return PERSON
    options = [(COMPUTER, text.t("play-opponent-computer")), (PERSON, text.t("play-opponent-person"))]
    return ask_choice(reader, console, text, text.t("play-setup-opponent"), options, COMPUTER)


def solo_side_and_level(
    reader: LineReader,
    console: Console,
    text: PlayText,
    ir: dict[str, Any],
    settings: dict[str, Any],
    side: str | None,
    level: str | None,
    asks: bool,
) -> str:
    """A solo game's person's side and the AI's level, as the flags or `--set` say them or asked, set in
    `settings` (the AI's side, the level); an unknown level is refused (PlayStop 2). The person's side."""
    side, level = side_and_level_set(settings, side, level, console, text)
    if side is None:
        default_side = other(str(ir["settings"][AI_SIDE]["default"]))
        options = [(s, text.side(s)) for s in SIDES]
        question = text.t("play-setup-side")
        side = ask_choice(reader, console, text, question, options, default_side) if asks else default_side
    settings[AI_SIDE] = other(side)
    if LEVEL in ir["settings"]:
        values = [str(v) for v in ir["settings"][LEVEL]["values"]]
        if level is not None and level not in values:
            said = text.t("play-level-unknown", level=clip(level, ECHO_CHARS), levels=", ".join(values))
            console.print(said, markup=False)
            raise PlayStop(2)
        if level is None:
            default_level = str(ir["settings"][LEVEL]["default"])
            options = setting_options(text, ir, LEVEL)
            question = text.t("play-setup-level")
            level = (
                ask_choice(reader, console, text, question, options, default_level) if asks else default_level
            )
        settings[LEVEL] = level
    return side


def people_of_game(
    reader: LineReader,
    console: Console,
    text: PlayText,
    ir: dict[str, Any],
    settings: dict[str, Any],
    side: str | None,
    level: str | None,
    opponent_kind: str | None,
    asks: bool,
    unscripted: bool,
) -> tuple[list[str], str | None]:
    """The sides people play, and who plays the other (a solo game: the AI, its side and level set in
    `settings`; a game without an AI: the computer or a person, `opponent_of_game`), each asked unless a
    flag says it; a flag of the other kind of game is refused (PlayStop 2)."""
    solo = AI_SIDE in ir["settings"]
    misplaced = "play-opponent-solo" if solo and opponent_kind else None
    misplaced = misplaced or ("play-level-no-ai" if not solo and level is not None else None)
    if misplaced:  # (a flag of the other kind of game, said rather than left unread)
        console.print(text.t(misplaced, ruleset=ir["ruleset"]["name"]), markup=False, soft_wrap=True)
        raise PlayStop(2)
    if solo:
        side = solo_side_and_level(reader, console, text, ir, settings, side, level, asks)
        humans = [side]
    else:
        opponent_kind = opponent_of_game(reader, console, text, opponent_kind, side, unscripted)
        if opponent_kind == COMPUTER:
            if side is None:
                options = [(s, text.side(s)) for s in SIDES]
                question = text.t("play-setup-side")
                side = ask_choice(reader, console, text, question, options, US) if asks else US
            humans = [side]
        else:
            humans = list(SIDES)
    return humans, opponent_kind


def new_game(
    console: Console,
    reader: LineReader,
    ruleset: str | None,
    side: str | None,
    level: str | None,
    seed: int | None,
    lang: str | None,
    policy: str | None,
    delay: float | None,
    save_file: str | None,
    assignments: tuple[str, ...],
    ids: bool,
    rules_paths: tuple[str, ...] = (),
    opponent_kind: str | None = None,
) -> PlaySession:
    asks = policy is None  # the demo asks nothing
    # (before any question: a game that cannot be saved is refused before the player set it up)
    stop_unless_savable(console, lang, save_file)
    scripted = seed is not None or side is not None
    entries = catalog(rules_paths)
    if ruleset is None and asks and seed is None and side is None:
        # A start without the flags of a scripted one: the player picks the rules, in their language.
        if lang is None:
            early = GameWords("en")
            options = [(code, early.t(f"play-language-{code}")) for code in LANGUAGES]
            lang = ask_choice(reader, console, early, early.t("play-setup-language"), options, "en")
        ruleset = ask_ruleset(reader, console, GameWords(lang), entries)
    spec = unmade_ruleset(ruleset or DEFAULT_RULESET, entries, rules_paths, console, lang)
    entry = ruleset_entry(spec, entries, console, lang)
    ruleset = str(entry.folder) if entry is not None else spec
    ir = compile_ruleset(ruleset, console, lang)
    if lang is None:
        english = PlayText(ruleset, "en", ir)
        options = [(code, english.t(f"play-language-{code}")) for code in LANGUAGES]
        question = english.t("play-setup-language")
        lang = ask_choice(reader, console, english, question, options, "en") if asks else "en"
    text = PlayText(ruleset, lang, ir)
    settings = assigned_settings(ir, assignments)
    solo = AI_SIDE in ir["settings"]
    humans, opponent_kind = people_of_game(
        reader, console, text, ir, settings, side, level, opponent_kind, asks, asks and not scripted
    )
    ask_settings(reader, console, text, ir, settings, asks)
    reserved: SaveLock | None = None  # (a new save's name is chosen with its lock taken)
    if save_file:
        save_path = Path(save_file)
    elif seed is not None:  # the seed names the game (and never takes an unfinished game's save)
        named_by = seed
        save_path, reserved = reserve_new_save(
            lambda: free_seed_save_path(Path(ruleset).name, named_by), console, text
        )
        kept = new_save_path(Path(ruleset).name, seed)
        if save_path != kept:
            said = text.t("play-seed-save-kept", kept=save_name(kept), name=save_name(save_path))
            console.print(said, markup=False, soft_wrap=True)
    else:  # a name a person reads: the ruleset, their side, the minute the game began
        save_path, reserved = reserve_new_save(
            lambda: readable_save_path(Path(ruleset).name, humans), console, text
        )
    seed = seed if seed is not None else secrets.randbelow(2**48)
    meta: dict[str, Any] = {"humans": humans, "lang": lang, "policy": policy, "ids": ids}
    if not solo and opponent_kind == COMPUTER:
        meta["opponent"] = COMPUTER
    meta["rules"] = pin_rules(ir, entry, console, text)
    obstacle = in_the_way(save_path)
    if obstacle is not None:
        said = text.t("play-save-in-the-way", path=str(save_path), detail=obstacle)
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1)
    if save_file and players_game_at(save_path):
        # (`--save` naming the save of a game the player has not finished, a typo or an old command
        # line, would cost them that game at the new game's first save)
        said = text.t("play-save-in-the-way-unfinished", path=str(save_path))
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1)
    if reserved is None:
        hold_save(save_path, console, text)
    return build_session(console, reader, ir, text, seed, settings, save_path, meta, delay)


def refuse_new_game_flags(console: Console, resume: str, lang: str | None, flags: list[str]) -> None:
    """Stop (status 2) when flags that set up a new game come with `--resume`: a saved game goes on as it
    was saved, and they were once left unused without a word (`--side ussr` went on playing the US,
    `--save` went on writing the old file). Said in the language of the save when it can be read."""
    if not flags:
        return
    # (a name longer than the file system takes names no save: the message in English)
    path = Path(resume) if resume and could_be_path(resume) and Path(resume).exists() else None
    path = path or (save_at(resume) if resume else None)
    words = (words_of_save(path, lang) if path is not None else None) or GameWords(lang or "en")
    console.print(words.t("play-resume-new-game-flags", flags=", ".join(flags)), markup=False, soft_wrap=True)
    raise PlayStop(2)


def players_game_at(path: Path) -> bool:
    """Whether `path` holds the save of a game a person played and has not finished (a demo's save, or a
    finished game's, may give way to a new game)."""
    try:
        data = read_save(path)
    except SaveError:
        return False
    state = data.get("state")
    over = bool(data["play"].get("finished")) or (isinstance(state, dict) and bool(state.get("game_over")))
    return person_played(data) and not over


def continue_or_new(
    console: Console, reader: LineReader, lang: str | None, wanted: WantedGame | None = None
) -> str | None:
    """When unfinished games are saved, ask whether to continue the newest, choose another, or start a
    new game: the save to resume, or None for a new game (and when there is none to continue). Asked in
    the language given, else in that of the newest game. Only the person's own games are offered (a
    demo's policy played the others), and only those of the ruleset, side and level the command line
    named: the flags typed are the game wanted, so Enter never goes on with another."""
    wanted = wanted or WantedGame()
    # (a damaged save is told about when it is resumed by name, not here)
    games = [g for g in unfinished_games([]) if g.played_by_person and g.matches(wanted)]
    if not games:
        return None
    words = SaveWords(lang or games[0].lang)
    # (a save's name and what it holds are shown, never acted on by the terminal: see saves_cmd.py)
    options = [("continue", words.t("play-resume-continue", game=printable(words.describe(games[0]))))]
    if len(games) > 1:
        options.append(("pick", words.t("play-resume-pick")))
    options.append(("new", words.t("play-resume-new")))
    chosen = ask_choice(reader, console, words, words.t("play-resume-question"), options, "continue")
    if chosen == "new":
        return None
    if chosen == "continue":
        return str(games[0].path)
    listed = [(g.name, printable(f"{words.describe(g, opens_line=True)} · {g.name}")) for g in games]
    name = ask_choice(reader, console, words, words.t("play-resume-which"), listed, games[0].name)
    return str(next(game.path for game in games if game.name == name))


def resume_game(
    console: Console,
    reader: LineReader,
    resume: str,
    lang: str | None,
    delay: float | None,
    ids: bool,
    rules_paths: tuple[str, ...] = (),
    new_rules: bool = False,
) -> PlaySession:
    from twilight.runtime.core.engine import SaveMismatch

    pinned: dict[str, Any] = {}
    path, data, ir = choose_save(console, resume, lang, rules_paths, pinned)
    ruleset = data["ruleset"]
    play_meta = data["play"]
    current: RulesetEntry | None = pinned.get("entry")
    # The words: the installed ruleset's (the rules store keeps the IR alone, see rules_store).
    words_of = str(current.folder) if current is not None else ruleset
    text = PlayText(words_of, lang or play_meta["lang"], ir)
    meta = {**play_meta, "lang": text.lang, "ids": ids or bool(play_meta.get("ids"))}
    meta.pop("finished", None)
    new_ir = pinned.get("new_ir")
    if new_ir is not None:
        pin = play_meta["rules"]
        console.print(
            text.t("play-rules-changed", name=pin["name"], version=pin.get("version") or "-"),
            style="yellow",
            markup=False,
        )
        tell_rules_changes(console, text, ir, new_ir, current, pin)
        restart = new_rules
        if not restart and play_meta.get("policy") is None:
            options = [("keep", text.t("play-rules-keep")), ("restart", text.t("play-rules-restart"))]
            restart = (
                ask_choice(reader, console, text, text.t("play-rules-question"), options, "keep") == "restart"
            )
        if restart:
            problem = settings_problem(new_ir, data["settings"])
            if problem:
                console.print(text.t("play-rules-restart-refused", detail=problem), style="bold red")
                raise PlayStop(1)
            text = PlayText(words_of, text.lang, new_ir)
            meta["rules"] = pin_rules(new_ir, current, console, text)
            session = build_session(
                console, reader, new_ir, text, data["seed"], data["settings"], path, meta, delay
            )
            console.print(text.t("play-rules-restarted", path=str(path)), markup=False)
            return session
    session = build_session(console, reader, ir, text, data["seed"], data["settings"], path, meta, delay)
    try:
        session.engine.resume_from(data)  # (checked now; replayed when play starts: catch_up)
    except SaveMismatch as err:
        console.print(
            text.t("play-save-mismatch", path=printable(str(path)), detail=printable(clip(str(err)))),
            style="bold red",
            markup=False,
        )
        raise PlayStop(1) from None
    session.save_to_replay = SaveToReplay(ir, data)
    session.hand_over_first = True  # (only a hot-seat game hands over: `TerminalPlayer.decide`)
    return session


def tell_rules_changes(
    console: Console,
    text: PlayText,
    ir: dict[str, Any],
    new_ir: dict[str, Any],
    current: RulesetEntry | None,
    pin: dict[str, Any],
) -> None:
    """What the rules as they are now change against the game's own, in numbers and then the rules'
    changed words (cli/session/numbers.py), and which version starting again would take."""
    from twilight.cli.session.numbers import numbers_and_words

    numbers, words = numbers_and_words(ir, new_ir, text.loc)
    for title, lines in (("play-numbers-title", numbers), ("play-words-title", words)):
        if lines:
            console.print(text.t(title), markup=False)
            for line in lines:
                console.print(f"  · {line}", markup=False)
    name = current.name if current is not None else pin["name"]
    version = (current.version if current is not None else None) or "-"
    console.print(text.t("play-rules-restart-takes", name=name, version=version), markup=False)


def reserve_new_save(
    reserve: Callable[[], tuple[Path, SaveLock]], console: Console, words: GameWords | PlayText
) -> tuple[Path, SaveLock]:
    """A new game's save name with its lock taken (`reserve`), held for the rest of the command as
    `hold_save` holds one; or stop: the saves folder cannot be written."""
    try:
        path, lock = reserve()
    except SaveWriteError as err:
        console.print(file_fault_text(words, err), style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1) from None
    context = click.get_current_context(silent=True)
    if context is not None:
        context.call_on_close(lock.release)
    return path, lock


def hold_save(path: Path, console: Console, words: GameWords | PlayText) -> None:
    """Lock the save and its trace for the rest of the command (released when the command ends; by the
    kernel if the process dies), or stop: another game holds it, or its folder cannot be written."""
    lock = SaveLock(path)
    try:
        context = click.get_current_context(silent=True)
        if context is not None:
            context.with_resource(lock)
        else:  # called outside the command: held until the process ends
            lock.acquire()
    except SaveLocked as err:
        holder = err.holder
        if "pid" in holder:
            said = words.t(
                "play-save-locked",
                path=str(path),
                pid=str(holder["pid"]),
                host=str(holder.get("host", "?")),
                since=err.since() or "?",
            )
        else:
            said = words.t("play-save-locked-unknown", path=str(path))
        console.print(said, style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1) from None
    except SaveWriteError as err:
        console.print(file_fault_text(words, err), style="bold red", markup=False, soft_wrap=True)
        raise PlayStop(1) from None


def file_fault_text(words: GameWords | PlayText, err: SaveWriteError) -> str:
    return words.t(f"play-file-{err.code}", path=str(err.path), cause=err.cause)


def choose_save(
    console: Console,
    resume: str,
    lang: str | None,
    rules_paths: tuple[str, ...] = (),
    pinned: dict[str, Any] | None = None,
) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    """The save to resume, its data and its ruleset's IR. `--resume FILE`: that file, or a message and exit
    1 when it cannot be used. `--resume` alone: the newest save of an unfinished game that can be used; each
    damaged one newer than it is skipped with a warning. FILE may be a save's name, as `twilight saves`
    lists it."""
    # Before the save is read there is no ruleset: the game's own words say what went wrong.
    early = GameWords(lang or "en")

    def usable(path: Path, data: dict[str, Any]) -> dict[str, Any]:
        if valid_pin(data["play"].get("rules")):
            # A save pinned to its rules is replayed under the IR it began with, from the rules store.
            check_save_names(path, data, installed=False)
            ir = pinned_ir(path, data, rules_paths, {} if pinned is None else pinned)
        else:
            check_save_names(path, data)  # names, never folders, before the ruleset is looked up
            ir = compile_ruleset(data["ruleset"], console, lang or data["play"]["lang"])
        problem = settings_problem(ir, data["settings"]) or seats_problem(ir, data)
        if problem:
            raise SaveError("not-a-save", path, problem)
        return ir

    def said(err: SaveError) -> str:
        # (what the save holds is shown, never acted on by the terminal: see saves_cmd.py)
        detail = printable(clip(err.detail))
        return early.t(f"play-save-{err.code}", path=printable(str(err.path)), detail=detail)

    def locked(path: Path) -> tuple[Path, dict[str, Any], dict[str, Any]]:
        """The save at `path`, locked first and then read: the save read is the last one written."""
        hold_save(path, console, words_of_save(path, lang) or early)
        try:
            data = read_save(path)
            return path, data, usable(path, data)
        except SaveError as err:
            console.print(said(err), style="bold red", markup=False)
            raise PlayStop(1) from None

    if resume:
        path = Path(resume)
        # A save's name (as `twilight saves` lists it) stands for the save of that name.
        there = could_be_path(resume) and path.exists()
        by_name = None if there else save_at(resume)
        if by_name is None and not there and "/" not in resume:
            # (a name, not a file: said as `twilight saves delete` says it, with the names there are, in
            # the language of the player's last game when none is asked for)
            games = unfinished_games([])
            words = SaveWords(lang or (games[0].lang if games else "en"))
            msg_id, fields = no_such_save(resume)
            console.print(words.t(msg_id, **fields), style="bold red", markup=False, soft_wrap=True)
            raise PlayStop(1)
        return locked(by_name or path)
    skipped: list[SaveError] = []
    chosen: tuple[Path, dict[str, Any], dict[str, Any]] | None = None
    for path, data in resumable_saves(skipped=skipped):
        if not person_played(data):  # a demo's: not the player's game to go on with
            continue
        try:
            chosen = path, data, usable(path, data)
            break
        except SaveError as err:
            skipped.append(err)
    for damaged in skipped:
        console.print(early.t("play-save-skipped", problem=said(damaged)), style="yellow", markup=False)
    if chosen is None:
        console.print(early.t("play-save-none"), style="bold red")
        raise PlayStop(1)
    # Read again under the lock: another game may have written the chosen save since.
    return locked(chosen[0])


def words_of_save(path: Path, lang: str | None) -> GameWords | None:
    """The words of the game a save holds, in its language (unless `--lang` names one), read before its
    lock is taken: that another game holds it is said in the player's language. None when the save says
    no language (or cannot be read: the message after the lock says why)."""
    if lang is not None:
        return None
    try:
        play = read_save(path).get("play")
    except SaveError:
        return None
    saved = play.get("lang") if isinstance(play, dict) else None
    return GameWords(saved) if saved in LANGUAGES else None


def build_session(
    console: Console,
    reader: LineReader,
    ir: dict[str, Any],
    text: PlayText,
    seed: int,
    settings: dict[str, Any],
    save_path: Path,
    meta: dict[str, Any],
    delay: float | None,
) -> PlaySession:
    from twilight.runtime.core.decisions import CautiousPlayer, GreedyPlayer, RandomPlayer
    from twilight.runtime.players.search import SearchPlayer
    from twilight.runtime.solo.ai import players_with_ai

    humans = [s for s in meta["humans"] if s in SIDES] or list(SIDES)
    # (a save of one person in a game without an AI has the computer opposite, `play.opponent` or not)
    against_computer = AI_SIDE not in ir["settings"] and (meta.get("opponent") == COMPUTER or len(humans) < 2)
    secret = AI_SIDE in ir["settings"]  # (the screen only ever shows the hand of the side asked)
    engine = new_game_engine(ir, seed, settings)
    session = PlaySession(engine, text, console, save_path, meta, reader, secret_hands=secret)
    policy = meta.get("policy")

    def seat_players(engine: Any) -> None:
        """The players of this game at `engine` (a game rebuilt by `undo` gets new ones too)."""
        people: dict[str, Any] = {}
        bound: list[Any] = []
        for side in humans:
            if policy in HUMAN_POLICIES:
                cls = {"greedy": GreedyPlayer, "cautious": CautiousPlayer}.get(policy, RandomPlayer)
                inner = cls(seed * 2 + (1 if side == US else 2))
                bound.append(inner)
                pause = delay if delay is not None else (0.8 if sys.stdout.isatty() else 0.0)
                people[side] = DemoPlayer(session, inner, pause, wait)
            else:
                people[side] = TerminalPlayer(session)
        players, ai = players_with_ai(ir, engine.state.settings, people)
        if ai is not None:
            bound.append(ai)
            ai_side = next(s for s, p in players.items() if p is ai)
            players[ai_side] = AutosavingPlayer(session, ai)
        for side in SIDES if against_computer else ():
            if side not in players:
                computer = ComputerOpponent(session, SearchPlayer(seed * 2 + (1 if side == US else 2)))
                bound.append(computer)
                players[side] = session.computer = computer
        engine.players = players
        # A copy of the game at each of the people's questions, for `undo` (none in a demo).
        session.people = {side for side, p in players.items() if isinstance(p, TerminalPlayer)}
        engine.at_decision = session.remember
        # Two people at one terminal: each change of side is handed over on an empty screen.
        session.hot_seat = sum(isinstance(p, TerminalPlayer) for p in players.values()) > 1
        for player in bound:
            player.engine = engine

    seat_players(engine)
    session.seat_players = seat_players
    return session


def run_game(session: PlaySession) -> int:
    """Play until the end or until the player quits; 0 either way, 1 when the game cannot go on (a file
    that cannot be written included: the last save stands)."""
    try:
        return play_through(session)
    except SaveWriteError as err:
        session.console.print(
            file_fault_text(session.text, err), style="bold red", markup=False, soft_wrap=True
        )
        return 1


def play_through(session: PlaySession) -> int:
    from twilight.runtime.core.decisions import IllegalAnswer
    from twilight.runtime.core.engine import ASK_AGAIN, SaveMismatch, StepLimitExceeded
    from twilight.runtime.core.rule_errors import RuleError

    text, console = session.text, session.console
    trace_path = trace_path_for(session.save_path)
    with TraceFile(trace_path) as trace:
        try:
            ended = False
            if session.save_to_replay is not None:
                ended = catch_up(session, trace)
                session.ask_again = True  # (the replay stopped at its first question past the save)
            while not ended:
                session.engine.trace_to = trace
                try:
                    if session.ask_again:
                        session.ask_again = False
                        session.engine.resume(ASK_AGAIN)
                    else:
                        session.engine.run()
                    break
                except UndoTo as undo:
                    # The game as it was at the question taken back (a copy made there): its trace is
                    # written again, to that question.
                    session.rebuild(undo.keep)
                    trace.write_events(session.engine.events)
        except QuitGame:
            session.save()
            # (soft_wrap: a path longer than the line is left to the terminal to wrap, never broken by
            # a line break of ours, so that it can be copied whole)
            console.print(text.t("play-quit", path=str(session.save_path)), markup=False, soft_wrap=True)
            return 0
        except KeyboardInterrupt:
            # Outside a prompt (the AI thinking): the last autosave stands; the state now is between
            # decisions and is not saved.
            console.print(
                text.t("play-interrupted", path=str(session.save_path)), markup=False, soft_wrap=True
            )
            return 130
        except SaveMismatch as err:
            console.print(
                text.t("play-save-mismatch", path=str(session.save_path), detail=clip(str(err))),
                style="bold red",
                markup=False,
                soft_wrap=True,  # (a long path is not folded in two: it stays one word to copy)
            )
            return 1
        except StepLimitExceeded as err:
            # A rule that never ends: its file and line. The last autosave stands (the state now is in
            # the middle of a rule, which no save could lead back to).
            console.print(
                text.t("play-step-limit", detail=str(err), path=str(session.save_path)),
                style="bold red",
                markup=False,
                soft_wrap=True,
            )
            return 1
        except (RuleError, IllegalAnswer) as err:
            console.print(text.t("play-rules-error", detail=clip(str(err))), style="bold red", markup=False)
            return 1
    session.save(finished=True)
    end_screen(session, trace_path)
    return 0


def end_screen(session: PlaySession, trace_path: Path) -> None:
    text, state, engine = session.text, session.engine.state, session.engine
    narrator = Narrator(text)
    for line in session.recent_lines(below_live=True)[-12:]:
        session.console.print("  " + line, markup=False, highlight=False)
    lines = []
    if state.winner == "draw":
        lines.append(text.t("play-end-draw"))
    else:
        lines.append(text.t("play-end-winner", **text.side_args(str(state.winner))))
    lines.append(text.t("play-end-reason", reason=narrator.reason(state.end_reason, state.winner)))
    lines.append(text.t("play-end-vp", vp=state.vp, standing=narrator.standing(state.vp)))
    lines.append(text.t("play-end-turn", turn=state.turn))
    if engine.rating is not None:
        humans = session.meta.get("humans") or []
        mine = len(humans) == 1 and state.winner in humans
        lines.append(
            text.t(
                "play-end-rating",
                rating=text.maybe(f"rating-{engine.rating}") or engine.rating,
                mine="yes" if mine else "no",
            )
        )
    session.console.print(Panel(Text("\n".join(lines)), title=text.t("play-end-title"), expand=True))
    # Below the box, never folded: a path (and the command that reads it) is copied whole.
    after = [text.t("play-end-trace", path=str(trace_path))]
    # (a hot-seat game has no AI's reasons to explain, and the computer's are no rules' trace: `why`)
    if session.ai_plays and session.computer is None:
        after.append(text.t("play-end-explain", path=str(trace_path)))
    for line in after:
        session.console.print(line, markup=False, highlight=False, soft_wrap=True)
