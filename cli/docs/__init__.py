"""`twilight docs`: a browsable reference of a ruleset, as HTML and Markdown pages."""
