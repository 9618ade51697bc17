"""A game of any ruleset as a value, for programs: OpenSpiel's way of seeing a game (a state that can be
copied and stepped one action at a time, chance as a player, what each player may know as text).

    from twilight.api import Game
    game = Game("solo-v2")
    state = game.new_initial_state()
    while not state.is_terminal(): ...

`twilight.openspiel` registers it with OpenSpiel; `twilight.api.aec` is a PettingZoo environment over it.
See docs/api.md."""

from twilight.api.errors import GameError
from twilight.api.game import Game
from twilight.api.state import State

__all__ = ["Game", "GameError", "State"]
