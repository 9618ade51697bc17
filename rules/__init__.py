"""Package data: rules files shipped with the twilight package."""
