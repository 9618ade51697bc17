"""The solo AI: the player that answers the AI side's decisions from the ruleset's lists (`ai`), the copies
of the game it looks ahead in (`lookahead`), and its primitives (`appendix`: the card appendix and what
replaces a card's event against the AI; `lookahead_queries`: `event_*_gain`, `score_if_*`…).

The core (runtime/core/) never imports this package: its primitives register themselves with the core's
registry of implementations when imported, which importing this package does. Every game the facade
(runtime/game.py) makes has them."""

from twilight.runtime.solo import appendix, lookahead_queries

__all__ = ["appendix", "lookahead_queries"]
