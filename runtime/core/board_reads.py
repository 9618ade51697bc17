"""What a rule function reads of a game, when that is only the influence in some countries: the back end
tells it from the IR (`backend/locality.board_reads`, `CompiledRules.board_reads`), and whoever keeps
the function's results between two evaluations keys them by exactly those values (the greedy heuristic,
runtime/core/decisions.py, keeps what a point gains in a region's score).

A function is described only when its body, and those of the functions it calls, read the game through
nothing but: the influence in the countries of a region it is given (a loop over `countries(region)`),
in named countries and in the countries of named regions; which cards' effects are in force
(`in_effect`); the ruleset's tables and map; and the modifiers of some quantities (`battlegrounds_counted`:
its results may be kept only while no rule in force modifies those). Anything else (a setting, a track, a
variable of the state, a hand, a die, a pick, a country reached otherwise) leaves it undescribed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoardReads:
    region_params: tuple[int, ...]  # the parameters (by position) whose region's countries it reads
    countries: tuple[str, ...]  # the countries it reads whatever it is given (named, or in named regions)
    effects: bool  # whether it asks which cards' effects are in force
    quantities: tuple[str, ...]  # the quantities whose modifiers it reads (kept only while unmodified)
