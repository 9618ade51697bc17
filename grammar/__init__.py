"""Package data: grammar files shipped with the twilight package."""
