"""The game state a picture of the board shows: a save's (its answers replayed by the interpreter, as
`twilight play --resume` does) or a new game's at its first question (`--seed N`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from twilight.cli.session.saves import SaveError, check_save_names, read_save, save_at
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.sides import US, USSR
from twilight.runtime.core.state import GameState


class BoardError(Exception):
    """Why there is no board to draw, in one line for the user."""


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


def find_save(given: str) -> Path:
    """A save by its path, or by its name as `twilight saves` lists it."""
    path = Path(given)
    try:
        if not path.exists():
            return save_at(given) or path
    except OSError:  # a name the file system refuses (too long): read as a path, it gets the message
        pass
    return path


def save_state(
    path: Path, ir_for: Any, ruleset: str | None = None, at_question: Any = None
) -> tuple[dict[str, Any], GameState, dict[str, Any]]:
    """(IR, state, save) of the save at `path`: its answers replayed on its seed and settings, up to where
    it was saved. `ir_for(name)` compiles a ruleset (BoardError when it cannot); `ruleset` (a name or a
    folder) stands for the save's own when the save is of a ruleset that is not installed (a variant).
    `at_question(engine, decision)`: called at the question the save stopped at (`twilight hint`)."""
    from twilight.cli.session.rules_store import load_ir, valid_pin
    from twilight.runtime.core.engine import SaveMismatch, StepLimitExceeded
    from twilight.runtime.core.rule_errors import RuleError

    stored = None
    try:
        data = read_save(path)
        pin = data["play"].get("rules")
        # A save pinned to its rules (cli/session/rules_store.py) is shown under the IR it was played with.
        stored = load_ir(pin["hash"]) if ruleset is None and valid_pin(pin) else None
        if ruleset is None:
            check_save_names(path, data, installed=stored is None)
    except SaveError as err:
        detail = f": {err.detail}" if err.detail else ""
        hint = (
            " (a variant's save: give its folder with --ruleset)" if "not a known ruleset" in detail else ""
        )
        raise BoardError(f"{err.path}: not a usable save ({err.code}{detail}){hint}") from None
    ir = stored if stored is not None else ir_for(ruleset or data["ruleset"])
    if ir["ruleset"]["name"] != data["ruleset"]:
        raise BoardError(
            f"{path}: the save is of ruleset '{data['ruleset']}', not '{ir['ruleset']['name']}' (--ruleset)"
        )
    from twilight.cli.settings_arg import settings_problem

    problem = settings_problem(ir, data["settings"]) if isinstance(data["settings"], dict) else "settings"
    if problem is not None:
        raise BoardError(f"{path}: not a usable save ({problem})")
    engine = _engine(ir, data["seed"], data["settings"], at_question)
    try:
        engine.resume_from(data)
        engine.run()
    except _Reached:
        pass
    except (SaveMismatch, RuleError, StepLimitExceeded, ValueError, TypeError) as err:
        raise BoardError(f"{path}: the save cannot be replayed: {err}") from None
    return ir, engine.state, data


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
