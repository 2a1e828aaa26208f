"""The learned level's network: what it sees of a decision (features) and how it prices moves (network)."""
