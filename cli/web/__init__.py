"""`twilight serve`: the solo game in a browser."""
