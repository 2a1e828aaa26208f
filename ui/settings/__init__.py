"""The player's settings: their values, and the file they are kept in."""
