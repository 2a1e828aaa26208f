"""Ruleset files: loading and checking them into a Ruleset, their labels, references to them, the player's own."""
