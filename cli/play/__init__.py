"""`twilight play`: the terminal game (its command, input, screen, narration, words and saves)."""
