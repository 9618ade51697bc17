"""What the game API's modules share below them: its error, and the format of a state written as text."""

from __future__ import annotations

SERIAL_FORMAT = 1


class GameError(Exception):
    """A game that cannot be made (a ruleset with errors, a setting it does not have) or a state that
    cannot be read back: the message says what and where."""
