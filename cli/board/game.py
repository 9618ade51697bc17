"""The game state a picture of the board shows: a save's (its answers replayed by the interpreter, as
`twilight play --resume` does) or a new game's at its first question (`--seed N`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from twilight.cli.explain.errors import WordedError
from twilight.cli.localizer import LANGUAGES
from twilight.cli.session.saves import (
    SAVE_RULESET_OTHER,
    SAVE_RULESET_UNKNOWN,
    SaveError,
    check_save_names,
    read_save,
    save_at,
)
from twilight.cli.session.text import GameWords
from twilight.common.input_bounds import clip, could_be_path, printable
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.core.state import GameState


class BoardError(WordedError):
    """Why there is no board to draw (or hint to give), in one line for the user: worded in any language
    (cli/explain/errors.py), in the save's when it was read and no language was asked for."""


def worded(msg_id: str, lang: str | None = None, **fields: str) -> BoardError:
    """The error of message `msg_id` of the game's own words (cli/locales), its English the message's."""
    err = BoardError(GameWords("en").t(msg_id, **fields), msg_id, **fields)
    err.lang = lang
    return err


def save_problem(err: SaveError, lang: str | None = None) -> BoardError:
    """A save that cannot be used, said as `twilight play --resume` says it (`play-save-<code>`)."""
    shown = {"path": printable(str(err.path)), "detail": printable(clip(err.detail))}
    return worded(f"play-save-{err.code}", lang, **shown)


def no_save_called(name: str) -> BoardError:
    """There is no save by that name: the names there are, as `twilight saves delete` says it, in the
    language of the player's last game."""
    from twilight.cli.session.unfinished import no_such_save, unfinished_games

    games = unfinished_games([])
    msg_id, fields = no_such_save(name)
    return worded(msg_id, games[0].lang if games else None, **fields)


class _Reached(Exception):
    """The game has come to a question nobody in it answers: the state to draw."""


class _Stop:
    """A player who stops the game at its first own question (after `at_question` looked at it, with the
    engine stopped there: the engine then keeps its place in the rules as records, to be copied)."""

    def __init__(self, at_question: Any = None) -> None:
        self.at_question = at_question
        self.engine: Engine | None = None

    def decide(self, decision: Decision) -> Any:
        if self.at_question is not None:
            self.at_question(self.engine, decision)
        raise _Reached


def _found_variant(name: Any, rules_paths: tuple[str, ...]) -> bool:
    """Whether a ruleset of this name is found besides the installed ones (cli/versions.py `catalog`)."""
    from twilight.cli.versions import catalog

    return isinstance(name, str) and any(
        e.name == name and e.origin != "installed" for e in catalog(rules_paths)
    )


def find_save(given: str) -> Path:
    """A save by its path, or by its name as `twilight saves` lists it (`save_at`: the list's own
    definition of a save's name); the path given when it is neither (reading it says so)."""
    path = Path(given)
    if could_be_path(given) and path.exists():
        return path
    return save_at(given) or path


def save_state(
    path: Path,
    ir_for: Any,
    ruleset: str | None = None,
    at_question: Any = None,
    rules_paths: tuple[str, ...] = (),
) -> tuple[dict[str, Any], GameState, dict[str, Any]]:
    """(IR, state, save) of the save at `path`: its answers replayed on its seed and settings, up to where
    it was saved. `ir_for(name)` compiles a ruleset (BoardError when it cannot); `ruleset` (a name or a
    folder) stands for the save's own when the save is of a ruleset that is not installed (a variant).
    A save of a variant whose rules it does not keep is of the variant of its name found in
    `$TWILIGHT_HOME/rules/` or `rules_paths`, as `twilight play --resume` finds it.
    `at_question(engine, decision)`: called at the question the save stopped at (`twilight hint`)."""
    from twilight.runtime.core.engine import SaveMismatch, StepLimitExceeded
    from twilight.runtime.core.rule_errors import RuleError

    data = _read_save(path)
    saved = data["play"].get("lang")
    lang = saved if saved in LANGUAGES else None  # (what goes wrong from here is said in the save's)
    ir = save_ir(path, data, lang, ir_for, ruleset, rules_paths)
    engine = _engine(ir, data["seed"], data["settings"], at_question)
    try:
        engine.resume_from(data)
        engine.run()
    except _Reached:
        pass
    except (SaveMismatch, RuleError, StepLimitExceeded, ValueError, TypeError) as err:
        shown = {"path": printable(str(path)), "detail": printable(clip(str(err)))}
        raise worded("play-save-mismatch", lang, **shown) from None
    return ir, engine.state, data


def _read_save(path: Path) -> dict[str, Any]:
    """The save at `path`, or the BoardError that says why it cannot be read."""
    try:
        return read_save(path)
    except SaveError as err:
        if err.code == "missing" and "/" not in str(path):  # (a name: what saves there are is said)
            raise no_save_called(str(path)) from None
        raise save_problem(err) from None


def save_ir(
    path: Path,
    data: dict[str, Any],
    lang: str | None,
    ir_for: Any,
    ruleset: str | None,
    rules_paths: tuple[str, ...],
) -> dict[str, Any]:
    """The IR the save `data` is replayed under (`save_state`, `explain state`): the rules it keeps, else
    `ruleset`'s, else its own ruleset's (installed, or found in `$TWILIGHT_HOME/rules/` or `rules_paths`);
    checked to be of the save's ruleset and to take its settings. `ir_for` raises a WordedError when it
    cannot compile; a ruleset found nowhere is said with the folders it was looked for in."""
    from twilight.cli.session.rules_store import load_ir, valid_pin
    from twilight.cli.settings_arg import settings_problem

    stored = None
    try:
        pin = data["play"].get("rules")
        # A save pinned to its rules (cli/session/rules_store.py) is shown under the IR it was played with.
        stored = load_ir(pin["hash"]) if ruleset is None and valid_pin(pin) else None
        if ruleset is None:
            found = stored is None and _found_variant(data["ruleset"], rules_paths)
            check_save_names(path, data, installed=stored is None and not found)
    except SaveError as err:
        if err.code == "not-a-save" and "not a known ruleset" in err.detail:
            # (a variant's save: its folder, given with --ruleset, has its rules)
            shown = {
                "path": printable(str(path)),
                "ruleset": printable(clip(str(data["ruleset"]))),
                "places": looked_in(rules_paths),
            }
            raise worded(SAVE_RULESET_UNKNOWN, lang, **shown) from None
        raise save_problem(err, lang) from None
    try:
        ir: dict[str, Any] = stored if stored is not None else ir_for(ruleset or data["ruleset"])
    except BoardError as err:
        err.lang = err.lang or lang
        raise
    if ir["ruleset"]["name"] != data["ruleset"]:
        shown = {
            "path": printable(str(path)),
            "ruleset": printable(clip(str(data["ruleset"]))),
            "given": str(ir["ruleset"]["name"]),
        }
        raise worded(SAVE_RULESET_OTHER, lang, **shown)
    problem = settings_problem(ir, data["settings"]) if isinstance(data["settings"], dict) else "settings"
    if problem is not None:
        raise save_problem(SaveError("not-a-save", path, problem), lang)
    return ir


def looked_in(rules_paths: tuple[str, ...]) -> str:
    """The folders besides the installed rulesets that a save's ruleset was looked for in, each with what
    put it there (`$TWILIGHT_HOME/rules`, `--rules-path`), as cli/versions.py `catalog` looks."""
    from twilight.cli.versions import search_roots

    return ", ".join(f"{printable(clip(str(root)))} ({words})" for root, words in search_roots(rules_paths))


def seed_state(ir: dict[str, Any], seed: int, settings: dict[str, Any] | None = None) -> GameState:
    """A new game of `ir` on `seed`, at the first question a player is asked (the solo AI answers its
    own)."""
    from twilight.runtime.core.engine import StepLimitExceeded
    from twilight.runtime.core.rule_errors import RuleError

    engine = _engine(ir, seed, settings or {})
    try:
        engine.run()
    except _Reached:
        pass
    except (RuleError, StepLimitExceeded) as err:
        raise BoardError(f"the game of seed {seed} stops with an error: {err}") from None
    return engine.state


def _engine(ir: dict[str, Any], seed: int, settings: dict[str, Any], at_question: Any = None) -> Engine:
    from twilight.runtime.game import new_engine, seat_players

    engine = new_engine(ir, seed=seed, settings=settings)
    stops = {US: _Stop(at_question), USSR: _Stop(at_question)}
    seat_players(engine, stops)
    for stop in stops.values():
        stop.engine = engine
    if at_question is not None:
        engine.track = engine.track_after = True  # (the question's copies need the rules' place as records)
    return engine
