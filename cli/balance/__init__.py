"""`twilight balance`: the AI's results by level and side, for one ruleset or two side by side."""
