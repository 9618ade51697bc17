"""A picture of the board (`twilight board`, and the map of the browser game): `board_svg(ir, state,
text)` draws the map of a compiled ruleset as its `layout` places it, with a game state on it."""

from twilight.cli.board.draw import NoLayout, board_svg
from twilight.cli.board.game import BoardError, save_state, seed_state

__all__ = ["BoardError", "NoLayout", "board_svg", "save_state", "seed_state"]
