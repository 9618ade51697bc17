"""How far the rules may run: the step budget of a game (see docs/runtime.md, "Bounded runs").

Each iteration of a `while` or `repeat` loop and each call of a procedure, hook or event is one step. A
game may take `STEP_LIMIT` steps between two decisions and `GAME_STEP_LIMIT` in all; a rule that goes past
either (a loop that never ends, a hook that sets itself off again) stops the game with StepLimitExceeded,
which names the rule file and line of the loop or call that was running.

The defaults stand far above what real games take: over 1,700 simulated games of standard and solo-v2
(every human policy, either AI side), at most 75 steps between two decisions and 1,233 in a game (see
docs/runtime.md). A module of its own, without imports, so that the command line shows the defaults
without loading the interpreter."""

from __future__ import annotations

STEP_LIMIT = 10_000  # since the last decision anyone made
GAME_STEP_LIMIT = 100_000  # in the whole game


class StepLimitExceeded(Exception):
    """A rule ran past the step budget (a loop that never ends, a procedure, hook or event that sets
    itself off again): the message names the rule file and line of the loop or call that was running."""
