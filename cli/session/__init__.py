"""The session layer: a game in progress, whoever shows it. The terminal's `twilight play`, the browser's
`twilight serve`, `twilight bench`, `twilight hint` and `twilight explain` share it: the words of a game
(text.py), its saves and the rules store beside them, the game itself made through the runtime's facade and
saved as it goes (game.py), `undo`, hints on copies of the game, what just happened, the rules and the
mechanics behind a question, why the AI moved and why a move is not offered, and what a new version of
the rules changes. It imports no command (tests/test_layers.py): the commands import it."""
