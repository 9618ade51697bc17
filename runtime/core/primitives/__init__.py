"""Implementations of the registry's primitives: the mechanics rule files call.

Each takes the engine first, then the arguments its registry signature lists. Quantities the rules
modify (ops, rolls, costs, attempts, action rounds) go through `engine.modified`, and actions the rules
may forbid through `engine.forbidden`, so the rules themselves stay in the rule files.

The modules, by what they serve (each registers its primitives with `core.impl` when imported, so
importing this package fills `IMPLEMENTATIONS`):

- `core`: the registry of implementations and the helpers the others share;
- `basics`: arithmetic, lists, dice, tables and the game state's plain values;
- `declared_state`: the variables, zones and tracks a ruleset declares;
- `map_queries`: the precomputed map (`Board`), influence and control, hypothetical boards;
- `cards`: what the cards say (ops, events in effect, periods, the Space Race track);
- `effects`: effects on the board and the tracks, VP and the game's end;
- `operations`: influence, coups, realignments and the Space Race;
- `card_play`: action rounds and card play (`play_card`, `play_event`);
- `decks`: dealing, drawing, discarding, hands and the China card;
- `turns`: turn markers and the headline;
- `scoring`: what a region's scoring would give now (the measure the heuristics and the look-ahead use).

The solo AI's own primitives (its card appendix, the look-ahead queries) are not here: they register
themselves from runtime/solo/ when imported (the facade, runtime/game.py, imports them).
"""

from twilight.runtime.core.primitives import (
    basics,
    card_play,
    cards,
    core,
    decks,
    declared_state,
    effects,
    map_queries,
    operations,
    scoring,
    turns,
)
from twilight.runtime.core.primitives.card_play import PLAY_MODES, play_event, take_action_round
from twilight.runtime.core.primitives.cards import in_effect, ops_for, space_ops_needed
from twilight.runtime.core.primitives.core import IMPLEMENTATIONS, SIDES, card_info, impl, other
from twilight.runtime.core.primitives.declared_state import move_to_zone
from twilight.runtime.core.primitives.map_queries import Board, board, controls, ops_to_control
from twilight.runtime.core.primitives.operations import MODES
from twilight.runtime.core.primitives.turns import headline_chosen, resolve_headline

# What other modules and tests use by `primitives.NAME`; the rest lives in its module.
__all__ = [
    "IMPLEMENTATIONS",
    "MODES",
    "PLAY_MODES",
    "SIDES",
    "Board",
    "basics",
    "board",
    "card_info",
    "card_play",
    "cards",
    "controls",
    "core",
    "decks",
    "declared_state",
    "effects",
    "headline_chosen",
    "impl",
    "in_effect",
    "map_queries",
    "move_to_zone",
    "operations",
    "ops_for",
    "ops_to_control",
    "other",
    "play_event",
    "resolve_headline",
    "scoring",
    "space_ops_needed",
    "take_action_round",
    "turns",
]
