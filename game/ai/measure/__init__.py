"""Measuring the AI, never played against: duplicate arenas, audits, oracles, the reading's accuracy."""
