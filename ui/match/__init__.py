"""A match as the client sets it up: who sits in each seat, how long it lasts, the AI behind the others."""
