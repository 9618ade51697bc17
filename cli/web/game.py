"""One game of `twilight serve` (solo, against the computer, or hot-seat), as HTTP meets it: the game is
its save (the terminal game's own file: seed, settings and every answer so far), and between clicks it is
kept in memory as an engine stopped at the person's question (the interpreter's place in the rules is
data: runtime/resumable.py).

A click answers the question on a copy of the kept engine (`Engine.clone`), which plays on (the AI's
moves) to the person's next question and stops there (`Suspended`); the copy is saved, its trace
written, and kept in place of the game before it. Nothing is replayed while the game stays in memory;
only a game it does not hold (a server just started, a game last played at the terminal, one of more than
`KEPT_GAMES`, a save changed on disk since) is read from its save and replayed to its question once. The
save stays the game: a restart or a second tab loses nothing, and a game started at the terminal
continues here (and back) with nothing to hand over. The kept engine stays as it was until its copy
has been played and saved: a click that fails changes nothing.

Every change of a save happens under its lock (`SaveLock`, the terminal game's: a terminal game that
holds the save refuses the browser and the other way round) and under a lock of this process per save
(two tabs answer one after the other). An answer names how many answers the game had when its question
was shown: an answer to a question already answered (another tab, a page sent twice) is refused.

A hot-seat game (both sides people at one screen) shows a side's page only with a seat, a one-use token
handed out when the screen is passed to that side (`Games.seat`): any other request of it gets the
hand-over page, so no page holds a side's hand before the screen was handed to it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import click
from twilight.cli.session.computer import COMPUTER, ComputerChoice, ComputerOpponent
from twilight.cli.session.diverged import OLD_SUFFIX, keep_old_save
from twilight.cli.session.question import copy_at_question
from twilight.cli.session.saves import (
    SEED_LIMIT,
    SaveError,
    SaveLock,
    SaveLocked,
    SaveWriteError,
    TraceFile,
    check_save_names,
    read_save,
    readable_save_path,
    save_at,
    seats_problem,
    shown_path,
    trace_path_for,
    write_atomic,
)
from twilight.cli.session.text import PlayText
from twilight.cli.settings_arg import read_settings, settings_problem
from twilight.cli.versions import RulesetEntry, UnknownRuleset, catalog, resolve
from twilight.common.input_bounds import ascii_digits
from twilight.runtime.core import registry
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import SIDES, US, opponent

AI_SIDE = registry.AI_SIDE.name
LEVEL = registry.LEVEL.name
# Games kept in memory as an engine stopped at the person's question (the last few played: a click
# answers on a copy of it, a page shown again is drawn from it).
KEPT_GAMES = 8


class WebError(Exception):
    """What the player is told instead of the page: a message id (cli/locales) and its arguments, and the
    HTTP status."""

    def __init__(self, msg_id: str, status: int = 400, **args: Any) -> None:
        super().__init__(msg_id)
        self.msg_id = msg_id
        self.status = status
        self.args_ = args


class SaveDiverged(WebError):
    """A save's answers stopped leading back to its game as it was replayed (`kept`: how many of them
    still did): a save of another version of twilight, whose game now goes another way."""

    def __init__(self, kept: int, detail: str) -> None:
        super().__init__("web-error-save", 400, detail=detail)
        self.kept = kept


def counts_typed(decision: Decision) -> bool:
    """A pick of several that may repeat an answer: the page has a number to type for each option (how
    many times it is picked: influence shared out), not a box to tick."""
    return not decision.single and not decision.distinct and decision.max_count > 1


class WrongCount(WebError):
    """A pick of several sent with too few or too many answers ticked (the page's script says so before
    sending; without it, the server does): the question is shown again, its ticks kept (`ticked`: each
    option's place in the question's list and how many times it was picked), with what is wrong."""

    def __init__(self, decision: Decision, ticked: dict[int, int]) -> None:
        count = sum(ticked.values())
        low, high = decision.min_count, decision.max_count
        if counts_typed(decision):  # (numbers typed in: no box ticked)
            msg_id = "web-count-too-few" if count < low else "web-count-too-many"
        else:
            msg_id = "web-tick-too-few" if count < low else "web-tick-too-many"
        same = "yes" if low == high else "no"
        super().__init__(msg_id, 400, count=count, min=low, max=high, same=same)
        self.ticked = ticked
        self.view: GameView | None = None  # the game at the question (set by `Games.answer`)


class NotSeated(WebError):
    """A page of a hot-seat game asked for, or a form of one sent, without the seat the hand-over gives
    (see `Games.seat`): a page drawn for the side asked is shown only after the screen was passed to it,
    so the hand-over page stands in its place (an answer or an undo is refused; nothing changed)."""

    def __init__(self, view: GameView) -> None:
        super().__init__("web-error-seat", 409)
        self.view = view


class ConfirmWar(WebError):
    """An answer that loses the game at once (a coup that sets off nuclear war) sent without its
    confirmation: the question is shown again with what it does and a button that makes it anyway
    (`place`: the answer's place in the question's list). Nothing was played."""

    def __init__(self, view: GameView, place: int) -> None:
        super().__init__("web-war-confirm", 200)
        self.view = view
        self.place = place


# The form's `confirm` that makes an answer that loses at once (the page's button sends it).
WAR_CONFIRMED = "yes"


def losing_answers(view: GameView) -> list[Any]:
    """The answers of the view's question that lose the game at once, as the terminal marks them
    (cli/session/danger.py: tried on copies of the game, whose dice are their own)."""
    from twilight.cli.session.danger import loses_at_once, marked

    if view.decision is None:
        return []
    return marked(view.engine, view.decision, loses_at_once(view.engine, view.decision))


# A pinned save's IR, its ruleset as it is now, and the IR that ruleset compiles to now when another.
PinnedRules = tuple[dict[str, Any], RulesetEntry | None, dict[str, Any] | None]


@dataclass
class SaveRules:
    """The rules a save is played under, found as `twilight play --resume` finds them (cli/session/rules.py's
    `pinned_ir`: a pinned save's IR from the rules store, whatever the rule files say now)."""

    key: str  # the compiled program's and the words' key: the IR's hash (pinned), else the ruleset's name
    ir: dict[str, Any]
    words_of: str  # the ruleset whose Fluent words the game speaks (its folder as it is now)
    entry: RulesetEntry | None  # the ruleset as it is now (None: an old save of an installed ruleset)
    new_ir: dict[str, Any] | None = None  # the rules as they are now, when no longer the save's


@dataclass
class GameView:
    """A game stopped at the person's question (or over): what a page is drawn from."""

    path: Path
    ir: dict[str, Any]
    text: PlayText
    engine: Any
    meta: dict[str, Any]
    decision: Decision | None  # None: the game is over
    answered: int  # the answers given before the pending question (the stale-answer check)
    live_from: int  # the first trace event played live in this process (before it: replayed)
    # The save's `play.rules` when its ruleset has changed since the game began (it goes on under its own).
    rules_changed: dict[str, Any] | None = None
    rules_key: str = ""  # the rules it is played under (SaveRules.key)
    # The person's earlier questions of this server's life, the latest last (`undo` goes back to them):
    # each the game copied as it stood there, never played on.
    earlier: tuple[GameView, ...] = ()
    # In a game without an AI (the standard game), the computer's choices since the person last answered.
    computer_choices: tuple[ComputerChoice, ...] = ()

    @property
    def name(self) -> str:
        return self.path.name.removesuffix(".json")

    @property
    def hot_seat(self) -> bool:
        """Both sides people at this screen (the two-player game played by two, `--opponent person`)."""
        return len(self.meta.get("humans") or []) > 1

    @property
    def person(self) -> str:
        """The side whose questions the page asks: in a hot-seat game, the side asked now."""
        if self.hot_seat and self.decision is not None:
            return str(self.decision.side)
        return str((self.meta.get("humans") or [US])[0])


def file_error(err: SaveWriteError) -> WebError:
    """A file of the game that cannot be written, as a page says it: the file from the data folder, never
    its absolute path."""
    return WebError("web-error-file", 500, path=shown_path(err.path), cause=err.cause_shown())


# How many of the person's earlier questions a game keeps in memory for `undo`.
UNDO_DEPTH = 60
# How many seats (see `Games.seat`) a server keeps: one a page of a hot-seat game shown.
KEPT_SEATS = 256
# The opponent the start page's form asks for in a game without an AI (`twilight play --opponent`).
PERSON = "person"


def stale(now: int, sent: int) -> WebError:
    """The refusal of a form drawn when the game had `sent` answers, which now has `now`: answered since
    (another tab, a page sent twice), or taken back since (an Undo in another tab)."""
    return WebError("web-error-taken-back" if now < sent else "web-error-stale", 409)


class StartRefused(WebError):
    """A start page's form no game is started from (a setting the page does not offer, a value its
    setting does not take, a seed that is no seed): the start page again, with what was wrong and the
    form as it was sent. Nothing was saved."""


def _start_settings(
    ir: dict[str, Any],
    side: str,
    level: str | None,
    asked: dict[str, str],
    words: Callable[[], PlayText],
    offered: Callable[[], set[str]],
) -> dict[str, Any]:
    """A new game's settings from the start page: the AI's side and level where the ruleset has an AI,
    the page's other asked settings read as `twilight play --set NAME=VALUE` reads them, the rest their
    defaults. StartRefused naming the field for a level the ruleset does not have, a `setting-NAME` the
    page never offers (a name misspelled once started the game with the default without a word) and a
    value its setting does not take (`words`: the ruleset's words, for saying so). `offered`: the
    settings the start page asks of any ruleset it lists (the form shows those of the ruleset chosen
    when it was drawn: another one's are left to the ruleset sent, which does not ask them)."""
    # (a ruleset without an AI, the standard game: against the computer (the search), or hot-seat)
    settings: dict[str, Any] = {AI_SIDE: opponent(side)} if AI_SIDE in ir["settings"] else {}
    if LEVEL in ir["settings"]:
        values = [str(v) for v in ir["settings"][LEVEL]["values"]]
        level = level or str(ir["settings"][LEVEL]["default"])
        if level not in values:
            raise not_offered(LEVEL, level, values)
        settings[LEVEL] = level
    page_asks = {name for name, setting in ir["settings"].items() if start_page_asks(name, setting)}
    for name, value in asked.items():  # the start page's other settings (the map…)
        if name not in page_asks:
            if name in offered():
                continue  # (another listed ruleset's setting, sent by its form; this one does not ask it)
            raise unknown_setting(name, page_asks | offered())
        try:  # (read as `twilight play --set NAME=VALUE` reads it)
            settings.update(read_settings(ir, (f"{name}={value}",)))
        except click.BadParameter:
            raise wrong_setting_value(name, ir["settings"][name], value, words()) from None
    for name, setting in ir["settings"].items():  # the other asked settings take their defaults
        settings.setdefault(name, setting["default"])
    return settings


def start_page_asks(name: str, setting: dict[str, Any]) -> bool:
    """Whether the start page has a field `setting-NAME` for this setting (page.py's `asked_settings`):
    a setting the ruleset asks at the start, but the side and the level, which have fields of their own."""
    return bool(setting.get("asked")) and name not in (AI_SIDE, LEVEL)


def not_offered(field: str, value: str, values: Iterable[str]) -> StartRefused:
    """The refusal of a value of the start page's field `field` (the side, the level) it does not offer."""
    from twilight.common.input_bounds import ECHO_CHARS, clip

    shown = clip(value, ECHO_CHARS)
    return StartRefused("web-error-start-field", 400, name=field, value=shown, values=", ".join(values))


def unknown_setting(name: str, known: set[str]) -> StartRefused:
    """The refusal of a `setting-NAME` the start page has no field for, naming it, the one it most likely
    means and the ones there are."""
    from twilight.common.input_bounds import ECHO_CHARS, clip
    from twilight.compiler.diagnostics import suggest

    close = suggest(name, sorted(known)) if known else None
    return StartRefused(
        "web-error-setting-unknown",
        400,
        name=clip(name, ECHO_CHARS),
        close=close or "none",
        names=", ".join(sorted(known)) or "-",
    )


def wrong_setting_value(name: str, setting: dict[str, Any], value: str, text: PlayText) -> StartRefused:
    """The refusal of a value a setting does not take (not one of its answers, not a whole number, out of
    its bounds), naming the setting as the page does and saying what it takes."""
    from twilight.cli.session.rules import setting_values
    from twilight.cli.settings_arg import int_bounds
    from twilight.common.input_bounds import ECHO_CHARS, clip

    if setting.get("type") == "int":
        bounds = int_bounds(setting)
        wanted = (
            text.t("web-setting-number", low=bounds[0], high=bounds[1])
            if bounds is not None
            else text.t("web-setting-any-number")
        )
    else:
        answers = ", ".join(setting_values(setting))
        wanted = text.t("web-setting-one-of", values=answers)
    shown = text.loc.get(f"setting-{name}", "name")  # (its name as the page's words give it, if any)
    return StartRefused(
        "web-error-setting-value",
        400,
        setting=shown or name,
        named="yes" if shown else "no",
        name=name,
        value=clip(value, ECHO_CHARS),
        wanted=wanted,
    )


class Games:
    """The games of one server: compiled rulesets, the locks, and the games kept in memory."""

    def __init__(self, rules_paths: tuple[str, ...] = ()) -> None:
        self.rules_paths = tuple(str(p) for p in rules_paths)
        self._irs: dict[str, dict[str, Any]] = {}
        self._compiled: dict[tuple[str, Any], dict[str, Any]] = {}  # `compiled`'s IRs, by folder and files
        self._pinned: dict[tuple[Any, ...], Any] = {}  # `pinned`'s answers, while the files stay as they were
        self._programs: dict[str, Any] = {}
        self._texts: dict[tuple[str, str, str], PlayText] = {}
        self._locks: dict[Path, threading.Lock] = {}
        self._guard = threading.Lock()
        self._kept: OrderedDict[Path, GameView] = OrderedDict()
        # Hot-seat: each seat handed out (a page shown to the side asked) -> its game, side and answers.
        self._seats: OrderedDict[str, tuple[Path, str, int]] = OrderedDict()

    # ------------------------------------------------------------------ rulesets
    def ir(self, ruleset: str) -> dict[str, Any]:
        from twilight.compiler import api

        with self._guard:
            if ruleset not in self._irs:
                result = api.compile_target(ruleset)
                if result.ir is None or not result.ok:
                    raise WebError("web-error-ruleset", 500, ruleset=ruleset)
                self._irs[ruleset] = result.ir
            return self._irs[ruleset]

    def entries(self) -> list[RulesetEntry]:
        """Every ruleset found (`twilight play`'s): installed, `$TWILIGHT_HOME/rules/`, `--rules-path`."""
        return catalog(self.rules_paths)

    def entry(self, spec: str, status: int = 400) -> RulesetEntry:
        """The ruleset a form or an address names (`NAME@VERSION`, or NAME at its highest version), found
        in `entries` alone: a path in a request names nothing. WebError with the names there are."""
        entries = self.entries()
        try:
            return resolve(spec, entries)
        except UnknownRuleset as err:
            shown = spec[:60]
            if err.versions:
                raise WebError(
                    "play-ruleset-unknown-version",
                    status,
                    ruleset=shown,
                    versions=", ".join(err.versions),
                    hint=err.hint or "none",
                ) from None
            names = ", ".join(sorted({e.name for e in entries}))
            hint = err.hint or "none"
            raise WebError("play-ruleset-unknown", status, ruleset=shown, names=names, hint=hint) from None

    def compiled(self, entry: RulesetEntry, found: tuple[Any, ...] | None = None) -> dict[str, Any]:
        """The IR of a ruleset's folder as it is now: kept while no file of the rulesets found changes
        (`found`: their `rules_stamp`, when the caller has it). Even from the compiler's cache a compile
        reads every rule file again and unmarshals the IR, about 0.1 s a ruleset on a loaded machine: the
        start page, which names every ruleset, took up to 2 s."""
        from twilight.compiler import api

        key = (str(entry.folder), found if found is not None else rules_stamp(self.entries()))
        with self._guard:
            kept = self._compiled.get(key)
        if kept is not None:
            return kept
        result = api.compile_target(str(entry.folder))
        if result.ir is None or not result.ok:
            raise WebError("web-error-ruleset", 500, ruleset=entry.spec)
        with self._guard:
            # (only the IRs of the rule files as they are now: a stamp of older files is dropped)
            self._compiled = {k: ir for k, ir in self._compiled.items() if k[1] == key[1]}
            self._compiled[key] = result.ir
        return result.ir

    def pinned(self, path: Path, data: dict[str, Any]) -> PinnedRules:
        """A pinned save's IR, its ruleset as it is now and, when its rules are no longer the save's, their
        IR: what `twilight play --resume` finds (cli/session/rules.py's `pinned_ir`, called here), found again
        only when a file of a ruleset found or the store's copy of the IR has changed (each request of a
        pinned game asks; even from the compiler's cache an IR is a fraction of a second to read)."""
        from twilight.cli.session.rules import pinned_ir
        from twilight.cli.session.rules_store import store_dir

        digest = data["play"]["rules"]["hash"]
        stored = tuple(files_stamp([store_dir() / f"{digest}{ext}" for ext in (".json", ".json.gz")]))
        found = rules_stamp(self.entries())
        key = (data["ruleset"], data["play"]["rules"].get("version"), digest, stored, found)
        with self._guard:
            if key in self._pinned:
                return cast(PinnedRules, self._pinned[key])
        said: dict[str, Any] = {}
        ir = pinned_ir(path, data, self.rules_paths, said)
        got = (ir, said.get("entry"), said.get("new_ir"))
        with self._guard:
            if len(self._pinned) >= KEPT_GAMES:
                self._pinned.clear()
            self._pinned[key] = got
        return got

    def program(self, key: str, ir: dict[str, Any]) -> Any:
        from twilight.common.cachedir import cache_dir
        from twilight.runtime.game import build_program

        with self._guard:
            if key not in self._programs:
                self._programs[key] = build_program(ir, code_cache=cache_dir())
            return self._programs[key]

    def text(self, rules: SaveRules, lang: str) -> PlayText:
        """The game's words in `lang` (loaded once: every language's messages are read for it)."""
        with self._guard:
            key = (rules.key, rules.words_of, lang)
            if key not in self._texts:
                self._texts[key] = PlayText(rules.words_of, lang, rules.ir)
            return self._texts[key]

    def lock_of(self, path: Path) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(path.resolve(), threading.Lock())

    # ------------------------------------------------------------------ games
    def start(
        self,
        ruleset: str,
        side: str,
        level: str | None,
        lang: str,
        seed: int | None = None,
        asked: dict[str, str] | None = None,
        opponent_kind: str | None = None,
    ) -> GameView:
        """A new game of the ruleset `ruleset` names (`NAME@VERSION`, or NAME: see `entry`), pinned to its
        rules as `twilight play` pins one; its save written at the person's first question. A ruleset
        without an AI is played against the computer, or (`opponent_kind` "person") by two people at this
        screen (hot-seat: both sides people, as `twilight play --opponent person` saves it)."""
        from twilight.cli.session.rules_store import pin_of, store_ir

        entry = self.entry(ruleset)
        ir = self.compiled(entry)
        hot_seat = AI_SIDE not in ir["settings"] and opponent_kind == PERSON
        if hot_seat:
            side = side if side in SIDES else US  # (no side to choose: the save names both)
        if side not in SIDES:
            raise not_offered("side", side, SIDES)
        humans = list(SIDES) if hot_seat else [side]

        def words() -> PlayText:
            return PlayText(str(entry.folder), lang, ir)

        settings = _start_settings(ir, side, level, asked or {}, words, self.offered_settings)
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise WebError("web-error-form", 400)
        seed = secrets.randbelow(2**48) if seed is None else seed
        try:
            store_ir(ir)
        except SaveWriteError as err:
            raise file_error(err) from None
        pin = pin_of(ir, entry.name)
        rules = SaveRules(pin["hash"], ir, str(entry.folder), entry)
        # (the name is chosen with its lock taken: two servers on one saves folder never share one)
        try:
            path, lock = readable_save_path(entry.folder.name, humans)
        except SaveWriteError as err:
            raise file_error(err) from None
        meta = {"humans": humans, "lang": lang, "policy": None, "ids": False, "rules": pin}
        if AI_SIDE not in ir["settings"] and not hot_seat:
            meta["opponent"] = COMPUTER
        data = {"ruleset": entry.name, "seed": seed, "settings": settings, "answers": [], "play": meta}
        try:
            with self.lock_of(path):
                return self._play(path, data, rules, lang, fresh=True)
        finally:
            lock.release()

    def offered_settings(self) -> set[str]:
        """The settings the start page asks of any ruleset it lists (`setting-NAME` fields)."""
        return {
            name
            for _entry, ir in self.playable()
            for name, setting in ir["settings"].items()
            if start_page_asks(name, setting)
        }

    def playable(self) -> list[tuple[RulesetEntry, dict[str, Any]]]:
        """The rulesets to play, as `twilight play` lists them (every version found in the installed
        rules, `$TWILIGHT_HOME/rules/` and each `--rules-path`), with their IR: those with an AI against
        it, the others (the standard game) against the computer or by two people at this screen. One that
        does not compile is left out."""
        out = []
        entries = self.entries()
        found = rules_stamp(entries)  # (once for the page: each ruleset's IR is kept while it holds)
        for entry in entries:
            try:
                out.append((entry, self.compiled(entry, found)))
            except WebError:
                continue
        return out

    def restart(self, name: str, lang: str | None, seat: str | None = None) -> GameView:
        """Start the game called `name` again, from its seed and settings, under its ruleset's rules as
        they are now (`twilight play --resume --new-rules`); WebError when they have not changed, and in
        a hot-seat game when the form is not of a page shown to the side asked (`seat`, as an answer's)."""
        from twilight.cli.session.rules_store import pin_of, store_ir

        path = self.path_of(name)
        with self.lock_of(path), self.save_lock(path):
            data, rules = self._read(path)
            # (its rules are the save's own: a page drawn before an earlier restart, or a request by hand)
            if rules.new_ir is None or rules.entry is None:
                raise WebError("web-error-no-restart", 409)
            if len(data["play"].get("humans") or []) > 1 and not data["play"].get("finished"):
                # (hot-seat: every form of a side's page carries its seat; a page without one, or one
                # already used, throws nobody's game away)
                kept = self._kept_view(path)
                if kept is None or not self._same(kept, data) or kept.rules_key != rules.key:
                    kept = self._play(path, data, rules, lang, fresh=False, write=False)
                if not self.take_seat(kept, seat):
                    raise NotSeated(kept)
            problem = settings_problem(rules.new_ir, data["settings"])
            if problem:
                raise WebError("play-rules-restart-refused", 400, detail=problem[:300])
            try:
                store_ir(rules.new_ir)
            except SaveWriteError as err:
                raise file_error(err) from None
            pin = pin_of(rules.new_ir, rules.entry.name)
            meta = {k: v for k, v in data["play"].items() if k != "finished"}
            fresh = {**data, "answers": [], "play": {**meta, "rules": pin}}
            try:  # (the game as it stood, kept beside its save: NAME.json.old, as a diverged save is)
                keep_old_save(path)
            except OSError as err:
                old = path.with_name(path.name + OLD_SUFFIX)
                raise file_error(SaveWriteError("write", old, err.strerror or str(err))) from None
            new_rules = SaveRules(pin["hash"], rules.new_ir, rules.words_of, rules.entry)
            return self._play(path, fresh, new_rules, lang, fresh=True)

    def path_of(self, name: str) -> Path:
        try:
            path = save_at(name)
        except OSError:
            path = None
        if path is None:
            raise WebError("web-error-no-game", 404, name=name[:60])
        return path

    def save_lang(self, name: str) -> str | None:
        """The language a saved game is played in (None when there is no such save, or it is damaged)."""
        from twilight.cli.localizer import LANGUAGES

        try:
            lang = read_save(self.path_of(name))["play"].get("lang")
        except (WebError, SaveError):
            return None
        return str(lang) if lang in LANGUAGES else None

    def view(self, name: str, lang: str | None = None) -> GameView:
        """The game called `name` at its pending question (from memory when the save has not changed)."""
        path = self.path_of(name)
        with self.lock_of(path):
            data, rules = self._read(path)
            kept = self._kept_view(path)
            if kept is not None and self._same(kept, data):
                # (whether the rules changed is asked anew: a rule file may change while the game is shown)
                changed = data["play"]["rules"] if rules.new_ir else None
                if lang is None or lang == kept.text.lang:
                    return replace(kept, rules_changed=changed)
                return self._in_language(kept, rules, lang, changed)
            # (no lock: viewing writes nothing, and a save is only ever replaced whole, so a read-only
            # saves folder or a game another process plays can still be looked at)
            return self._play(path, data, rules, lang, fresh=False, write=False)

    def _in_language(
        self, kept: GameView, rules: SaveRules, lang: str, changed: dict[str, Any] | None
    ) -> GameView:
        """The kept game with its words in `lang`: the language is only how the page is shown, so the
        game, its earlier questions (for undo) and the AI's reasons stay as they are (no replay), and the
        game is kept in that language (the save takes it at the next answer)."""
        text = self.text(rules, lang)
        shown = replace(kept, text=text, meta={**kept.meta, "lang": text.lang}, rules_changed=changed)
        return self._keep(shown, write=False)

    def answer(
        self,
        name: str,
        answered: int,
        decision_name: str,
        form: Any,
        lang: str | None,
        seat: str | None = None,
    ) -> GameView:
        """Give the pending question the answer `form` carries (see `answer_from_form`), then play on
        (the AI's moves) to the person's next question, and save there."""
        path = self.path_of(name)
        with self.lock_of(path), self.save_lock(path):
            data, rules = self._read(path)
            if data["play"].get("finished"):  # (a form of a page from before the end: nothing to answer)
                raise WebError("web-error-game-over", 409)
            kept = self._kept_view(path)
            if kept is None or not self._same(kept, data) or kept.rules_key != rules.key:
                kept = self._play(path, data, rules, lang, fresh=False, write=False)
            decision = kept.decision
            if decision is None:
                raise WebError("web-error-game-over", 409)
            if kept.answered != answered:  # (the page was drawn before the answers since, or an undo)
                raise stale(kept.answered, answered)
            if decision.name != decision_name:  # (a form this question's page never sent)
                raise WebError("web-error-other-question", 409)
            if not self.take_seat(kept, seat):  # (hot-seat: a form of a page not shown to the side asked)
                raise NotSeated(kept)
            try:
                given = answer_from_form(decision, form)
            except WrongCount as err:  # (shown again in the form's language: nothing was played)
                same = lang is None or lang == kept.text.lang
                err.view = kept if same else self._in_language(kept, rules, str(lang), kept.rules_changed)
                raise
            if decision.single and form.get("confirm") != WAR_CONFIRMED and given in losing_answers(kept):
                same = lang is None or lang == kept.text.lang
                shown = kept if same else self._in_language(kept, rules, str(lang), kept.rules_changed)
                raise ConfirmWar(shown, list(decision.options).index(given))
            return self._go_on(kept, given, rules, lang)

    # ------------------------------------------------------------------ hot-seat
    def seat(self, view: GameView) -> str | None:
        """A seat at a hot-seat game's question: a one-use token that the page drawn for the side asked
        carries in its links and forms, handed out when the screen is passed to that side (the hand-over
        page's button), after an answer followed by another question of the same side, and with each page
        of that side. A request of the game's page without one (a reload, the game opened from the start
        page, a server started again) gets the hand-over page: no page shows a side's hand before the
        screen was handed to it. None for any other game, or one over."""
        if not view.hot_seat or view.decision is None:
            return None
        token = secrets.token_urlsafe(16)
        with self._guard:
            self._seats[token] = (view.path.resolve(), str(view.decision.side), view.answered)
            while len(self._seats) > KEPT_SEATS:
                self._seats.popitem(last=False)
        return token

    def take_seat(self, view: GameView, token: str | None) -> bool:
        """Whether `token` is a seat handed out at this game's question as it is now (its side, its count
        of answers); a seat is used up by this. True for a game that is not hot-seat, or is over."""
        if not view.hot_seat or view.decision is None:
            return True
        with self._guard:
            held = self._seats.pop(token, None) if token else None
        return held == (view.path.resolve(), str(view.decision.side), view.answered)

    # ------------------------------------------------------------------ inside
    def _kept_view(self, path: Path) -> GameView | None:
        with self._guard:
            kept = self._kept.get(path)
            if kept is not None:
                self._kept.move_to_end(path)
            return kept

    @staticmethod
    def _same(kept: GameView, data: dict[str, Any]) -> bool:
        saved = kept.engine.save_data()
        return bool(saved["answers"] == data["answers"] and saved["digest"] == data["digest"])

    @staticmethod
    @contextlib.contextmanager
    def save_lock(path: Path) -> Iterator[None]:
        """The save's lock (`twilight play`'s), or WebError: another game holds it, or it cannot be taken."""
        lock = SaveLock(path)
        try:
            lock.acquire()
        except SaveLocked as err:
            holder = err.holder
            raise WebError(
                "web-error-locked", 409, pid=str(holder.get("pid", "?")), host=str(holder.get("host", "?"))
            ) from None
        except SaveWriteError as err:
            raise file_error(err) from None
        try:
            yield
        finally:
            lock.release()

    def _read(self, path: Path) -> tuple[dict[str, Any], SaveRules]:
        """The save at `path` and the rules it is played under: a save pinned to its rules (`play.rules`)
        gets its own IR from the rules store, as `twilight play --resume` gets it (`pinned_ir`, the same
        code); an older save, the installed ruleset it names."""
        from twilight.cli.session.rules_store import valid_pin

        try:
            data = read_save(path)
            if valid_pin(data["play"].get("rules")):
                check_save_names(path, data, installed=False)
                ir, entry, new_ir = self.pinned(path, data)
                words_of = str(entry.folder) if entry is not None else data["ruleset"]
                rules = SaveRules(data["play"]["rules"]["hash"], ir, words_of, entry, new_ir)
            else:
                check_save_names(path, data)
                name = data["ruleset"]
                rules = SaveRules(f"installed:{name}", self.ir(name), name, None)
        except SaveError as err:
            if err.code == "rules-missing":  # it says which ruleset, version and hash it needs
                raise WebError("play-save-rules-missing", 400, path=path.name, detail=err.detail) from None
            raise WebError(f"play-save-{err.code}", 400, path=path.name, detail=err.detail) from None
        problem = settings_problem(rules.ir, data["settings"]) or seats_problem(rules.ir, data)
        if problem:
            raise WebError("web-error-save", 400, detail=problem)
        return data, rules

    def _play(
        self,
        path: Path,
        data: dict[str, Any],
        rules: SaveRules,
        lang: str | None,
        fresh: bool,
        write: bool = True,
        check_digest: bool = True,
    ) -> GameView:
        """The game of `data` from its save: a new one played from its start, or a saved one replayed to
        its pending question (the only replay: once in memory, the game goes on from copies), to the
        person's question or the end; saved there when `write`, and kept. A save of another version of
        twilight whose game now goes another way goes on from where it still leads back, as `twilight
        play --resume` takes it up (cli/session/diverged.py): the file as it was is kept beside it."""
        from twilight.runtime.core.engine import SaveMismatch
        from twilight.runtime.game import new_engine

        program = self.program(rules.key, rules.ir)
        engine = new_engine(rules.ir, seed=data["seed"], settings=data["settings"], program=program)
        if not fresh:
            try:
                engine.resume_from(data, check_digest=check_digest)
            except SaveMismatch as err:
                raise WebError("web-error-save", 400, detail=str(err)[:300]) from None
        meta = {k: v for k, v in data["play"].items() if k != "finished"}
        meta["lang"] = lang or meta.get("lang") or "en"
        changed = data["play"].get("rules") if rules.new_ir is not None else None
        view = GameView(
            path, rules.ir, self.text(rules, meta["lang"]), engine, meta, None, 0, 0, changed, rules.key
        )
        try:
            played = self._played(view, lambda: engine.run())
        except SaveDiverged as diverged:
            if fresh or not check_digest:
                raise
            keep_old_save(path)
            kept = {**data, "answers": data["answers"][: diverged.kept]}
            return self._play(path, kept, rules, lang, fresh=False, write=True, check_digest=False)
        # (the AI answers nothing while a save is replayed: its reasons are known from the first event
        # played here on)
        played.live_from = first_live_event(engine.events, len(data["answers"]))
        return self._keep(played, write)

    def _go_on(self, kept: GameView, answer: Any, rules: SaveRules, lang: str | None) -> GameView:
        """Answer the kept game's question on a copy of it, play on to the person's next question (or the
        end), save and keep the copy."""
        twin = kept.engine.clone()
        meta = {**kept.meta, "lang": lang or kept.meta.get("lang") or "en"}
        changed = kept.rules_changed if rules.new_ir is not None else None
        text = self.text(rules, meta["lang"])
        earlier = (*kept.earlier, kept)[-UNDO_DEPTH:]  # (`kept` is left as it is: a copy answers)
        view = replace(kept, engine=twin, meta=meta, text=text, rules_changed=changed, earlier=earlier)
        return self._keep(self._played(view, lambda: twin.resume(answer)), write=True)

    def undo(self, name: str, answered: int, lang: str | None, seat: str | None = None) -> GameView:
        """Back to the person's previous question (the game as it stood there, kept in memory since this
        server played it: no replay), saved there. WebError when the page was stale or there is nothing
        this server can take back."""
        path = self.path_of(name)
        with self.lock_of(path), self.save_lock(path):
            data, rules = self._read(path)
            if data["play"].get("finished"):  # (the end page has no Undo: a page from before the end)
                raise WebError("web-error-game-over", 409)
            kept = self._kept_view(path)
            if kept is None and len(data["answers"]) == answered:  # (a page drawn before a restart)
                raise WebError("web-error-no-undo", 409)
            if kept is None or not self._same(kept, data) or kept.answered != answered:
                raise stale(len(data["answers"]), answered)
            if not self.take_seat(kept, seat):
                raise NotSeated(kept)
            if not kept.earlier:
                raise WebError("web-error-no-undo", 409)
            back = kept.earlier[-1]
            text = self.text(rules, lang or kept.text.lang)
            refused = undo_refused(replace(kept, text=text))
            if refused is not None:  # (the page's Undo is disabled and says so: a page sent without it)
                raise WebError("web-error-undo-refused", 409, why=refused)
            view = replace(back, text=text, meta={**back.meta, "lang": text.lang}, earlier=kept.earlier[:-1])
            # (the copy kept there is played on no more: the page's game is a copy of it)
            view = replace(view, engine=copy_at_question(back.engine))
            return self._keep(view, write=True)

    def hint(
        self, name: str, lang: str | None, seat: str | None = None
    ) -> tuple[GameView, list[str], list[Any]]:
        """The game called `name` at its question, the hint's lines on it (the terminal's `hint`: the
        search's best answers with their scores and why, from playouts on copies of the game; nothing of
        the game changes) and the answers it recommends (marked on the question's options)."""
        from twilight.cli.session.game import GameSession

        view = self.view(name, lang)
        if view.decision is None:  # (a finished game: there is no question to hint at)
            raise WebError("web-error-over", 409)
        if not self.take_seat(view, seat):  # (hot-seat: the hint's page shows the side's hand)
            raise NotSeated(view)
        with self.lock_of(view.path):
            # (the page's game is saved by the server at each click: the hint's session saves nothing)
            asked = GameSession(view.engine, view.text, view.meta)
            lines, picks = hint_and_picks(asked, view.decision)
            return view, lines, picks

    def _played(self, view: GameView, run: Any) -> GameView:
        """`view`'s engine, its AI seated, played by `run` until it stops at the person's question
        (`Suspended`: no player sits there) or the game ends."""
        from twilight.runtime.core.decisions import IllegalAnswer
        from twilight.runtime.core.engine import SaveMismatch, StepLimitExceeded
        from twilight.runtime.core.resumable import Suspended
        from twilight.runtime.core.rule_errors import RuleError
        from twilight.runtime.solo.ai import players_with_ai

        engine = view.engine
        players, ai = players_with_ai(view.ir, engine.state.settings, {})
        if ai is not None:
            ai.engine = engine
        computer = self._computer(view, players)
        engine.players = players
        decision: Decision | None = None
        try:
            run()
        except Suspended:
            decision = engine.pending()
        except SaveMismatch as err:
            raise SaveDiverged(len(engine.answers), str(err)[:300]) from None
        except (RuleError, IllegalAnswer, StepLimitExceeded) as err:
            raise WebError("web-error-rules", 500, detail=str(err)[:300]) from None
        choices = tuple(computer.choices) if computer is not None else ()
        return replace(view, decision=decision, answered=len(engine.answers), computer_choices=choices)

    @staticmethod
    def _computer(view: GameView, players: dict[str, Any]) -> ComputerOpponent | None:
        """In a game without an AI, the computer (the search player) seated on the side no person plays,
        its searches seeded by the game and the answers given (a page's search differs from the last)."""
        from twilight.runtime.players.search import SearchPlayer

        if AI_SIDE in view.ir["settings"] or view.hot_seat:  # (hot-seat: a person on each side)
            return None
        engine, person = view.engine, view.person
        computer = ComputerOpponent(None, SearchPlayer(int(engine.seed) * 2 + 1 + len(engine.answers) * 7919))
        for side in SIDES:
            if side != person and side not in players:
                players[side] = computer
        computer.engine = engine
        return computer

    def _keep(self, view: GameView, write: bool) -> GameView:
        """Save the game where it stopped, with its trace (when `write`), and keep it in memory."""
        engine = view.engine
        if write:
            saved = engine.save_data()
            saved["play"] = {**view.meta, "finished": view.decision is None}
            try:
                # The trace beside the save, whole, as `twilight play` writes it.
                with TraceFile(trace_path_for(view.path)) as trace:
                    trace.write_events(engine.events)
                write_atomic(view.path, saved)
            except SaveWriteError as err:
                raise file_error(err) from None
        with self._guard:  # (the games of other saves are played in other threads meanwhile)
            self._kept[view.path] = view
            self._kept.move_to_end(view.path)
            while len(self._kept) > KEPT_GAMES:
                self._kept.popitem(last=False)
        return view


def files_stamp(paths: Iterable[Path]) -> Iterator[tuple[str, int, int]]:
    """Each file with its time of change and size (a file that is not there, left out)."""
    for path in paths:
        with contextlib.suppress(OSError):
            info = path.stat()
            yield str(path), info.st_mtime_ns, info.st_size


def rules_stamp(entries: list[RulesetEntry]) -> tuple[tuple[str, int, int], ...]:
    """Every file of the rulesets found, with its time of change and size: another stamp, another rule
    file (or a ruleset added or removed)."""
    stamp: list[tuple[str, int, int]] = []
    for entry in entries:
        for folder, _dirs, files in os.walk(entry.folder):
            stamp += files_stamp(Path(folder, name) for name in files)
    return tuple(stamp)


def undo_refused(view: GameView) -> str | None:
    """Why Undo may not take back the person's last answer, in the game's words: the terminal's rule
    (cli/session/undo.py), never past a die rolled or a hidden card shown since that answer (the AI's card,
    the headlines, a card dealt): the player would answer again knowing them. None when it may (or when
    this server holds no earlier question to go back to)."""
    from twilight.cli.session.game import GameSession
    from twilight.cli.session.undo import decision_positions, first_blocker

    if not view.earlier:
        return None
    events = view.engine.events
    positions = decision_positions(events)
    taken = view.earlier[-1].answered  # (the answer taken back: the first after that question)
    if view.hot_seat:  # (the terminal's hot-seat rule: never an answer given before the hand-over)
        others = [str(who) for who, _ in view.engine.answers[taken:] if str(who) != view.person]
        if others:
            return view.text.t("web-undo-hand-over", **view.text.side_args(others[-1]))
    if taken >= len(positions):
        return None
    refusal = first_blocker(events, positions[taken] + 1, view.person, view.ir)
    if refusal is None:
        return None
    return str(GameSession(view.engine, view.text, view.meta).refusal_text(refusal))


def hint_and_picks(session: Any, decision: Decision) -> tuple[list[str], list[Any]]:
    """The hint's lines, as the terminal's `hint` says them, and the answers it recommends (none when it
    has no hint)."""
    from twilight.cli.session.hint import hint

    said = hint(session, decision)
    return said.lines, said.picks


def answer_from_form(decision: Decision, form: Any) -> Any:
    """The answer a page's form gives: `pick` holds options by their place in the question's list (one for
    a single answer, any number for a pick of several); `count-N` how many times option N is picked where
    a pick may repeat. WebError("web-error-answer") when it is not a legal answer; WrongCount when it is a
    pick of several with too few or too many."""
    options = decision.options
    if decision.single:
        picks_raw = list(form.getlist("pick"))
        if len(picks_raw) != 1:
            raise WebError("web-error-answer", 400)
        answer: Any = options[option_place(picks_raw[0], len(options))]
    else:
        ticked = ticked_in_form(decision, form)
        answer = [options[i] for i, times in ticked.items() for _ in range(times)]
        if not decision.min_count <= len(answer) <= decision.max_count:
            raise WrongCount(decision, ticked)
    if decision.check(answer) is not None:
        raise WebError("web-error-answer", 400)
    return answer


def option_place(raw: Any, count: int) -> int:
    """An option's place in a question's list of `count`, as a form gives it (WebError when it is not)."""
    if not isinstance(raw, str) or not ascii_digits(raw) or len(raw) > 6 or int(raw) >= count:
        raise WebError("web-error-answer", 400)
    return int(raw)


def ticked_in_form(decision: Decision, form: Any) -> dict[int, int]:
    """A pick of several as its form gives it: each option's place and how many times it is picked (a box
    ticked: once; where a pick may repeat, `count-N`), in the form's order."""
    count = len(decision.options)
    ticked: dict[int, int] = {}
    for raw in form.getlist("pick"):
        place = option_place(raw, count)
        ticked[place] = ticked.get(place, 0) + 1
    if not decision.distinct:
        for i in range(count):
            raw = form.get(f"count-{i}")
            if raw in (None, ""):
                continue
            if not isinstance(raw, str) or not ascii_digits(raw) or len(raw) > 3:
                raise WebError("web-error-answer", 400)
            if int(raw):
                ticked[i] = ticked.get(i, 0) + int(raw)
    return ticked


def first_live_event(events: list[dict[str, Any]], replayed: int) -> int:
    """The first trace event after the save's `replayed` answers (the ones played in this request)."""
    if not replayed:
        return 0
    seen = 0
    for i, event in enumerate(events):
        if event["kind"] == "decision":
            seen += 1
            if seen == replayed:
                return i + 1
    return len(events)
