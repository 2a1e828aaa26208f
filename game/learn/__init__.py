"""Learning the game: the guide's pages, settlement explanations, and the guided lessons (all headless)."""
