"""The facade the commands make a game with: a ruleset's program (the back end, runtime/backend/), its engine
(the core, runtime/core/) and its players, the ruleset's AI among them (runtime/solo/), wired together.

The core never builds a program nor imports the solo AI; this module, above the three, is where they
meet. Importing it registers the solo AI's primitives (the card appendix, the look-ahead queries) with
the core's registry of implementations, so every program built here has them: `IMPLEMENTATIONS` is that
registry, complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar, overload

import twilight.runtime.solo  # noqa: F401  (registers the solo AI's primitives: see the docstring)
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import Player
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.primitives import IMPLEMENTATIONS
from twilight.runtime.solo.ai import RulesAIPlayer, players_with_ai

__all__ = ["IMPLEMENTATIONS", "build_program", "new_engine", "new_game", "seat_players"]

E = TypeVar("E", bound=Engine)


def build_program(
    ir: dict[str, Any], *, code_cache: Path | None = None, counted: frozenset[str] = frozenset()
) -> Program:
    """The ruleset compiled for the engine, with every primitive (the solo AI's included). `code_cache`:
    the folder its generated module and the record of its build are kept in between runs (the commands
    give `common.cachedir.cache_dir()`); `counted`: rule functions whose calls a game counts
    (runtime/core/firings.py)."""
    return Program(ir, IMPLEMENTATIONS, code_cache=code_cache, counted=counted)


@overload
def new_engine(
    ir: dict[str, Any],
    players: Mapping[str, Player] | None = None,
    *,
    program: Program | None = None,
    engine_class: type[E],
    **options: Any,
) -> E: ...


@overload
def new_engine(
    ir: dict[str, Any],
    players: Mapping[str, Player] | None = None,
    *,
    program: Program | None = None,
    **options: Any,
) -> Engine: ...


def new_engine(
    ir: dict[str, Any],
    players: Mapping[str, Player] | None = None,
    *,
    program: Program | None = None,
    engine_class: type[Engine] = Engine,
    **options: Any,
) -> Engine:
    """An engine for the ruleset (of `engine_class`: a checking engine, a quiet one…), its program built
    unless given; `options` are the engine's (seed, settings, dice, trace_to, track, limits…)."""
    if program is None:
        program = build_program(ir)
    return engine_class(ir, dict(players or {}), program=program, **options)


def seat_players(engine: Engine, others: Mapping[str, Player]) -> RulesAIPlayer | None:
    """Seat the game's players: the AI side (when the ruleset has an AI, by the game's settings) played by
    the ruleset's AI, bound to this engine, and the other sides by `others`. Returns the AI player."""
    players, ai = players_with_ai(engine.ir, engine.state.settings, others)
    engine.players = players
    if ai is not None:
        ai.engine = engine
    return ai


@overload
def new_game(
    ir: dict[str, Any],
    others: Mapping[str, Player] | None = None,
    *,
    program: Program | None = None,
    engine_class: type[E],
    **options: Any,
) -> E: ...


@overload
def new_game(
    ir: dict[str, Any],
    others: Mapping[str, Player] | None = None,
    *,
    program: Program | None = None,
    **options: Any,
) -> Engine: ...


def new_game(
    ir: dict[str, Any],
    others: Mapping[str, Player] | None = None,
    *,
    program: Program | None = None,
    engine_class: type[Engine] = Engine,
    **options: Any,
) -> Engine:
    """A game ready to run: `new_engine`, then `seat_players` (the ruleset's AI on its side, `others` on
    the rest)."""
    engine = new_engine(ir, program=program, engine_class=engine_class, **options)
    seat_players(engine, others or {})
    return engine
