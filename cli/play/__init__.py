"""`twilight play`: the terminal game: its command, what the person types, the screen, the players at the
terminal and the `twilight saves` command. What a game needs whoever shows it is cli/session."""
