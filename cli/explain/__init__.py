"""`twilight explain`: parts of a ruleset, and the traces of games, in words."""
