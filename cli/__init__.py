"""The twilight command line."""
