"""The AI opponents: three levels behind the one Agent interface (game.agents.Agent).

`make_agent(level, seed)` builds one. Only easy uses randomness, from its own generator seeded
from `seed`, never from the global `random`; normal and hard are deterministic.
"""

from __future__ import annotations

import random

from game.agents import Agent
from game.ruleset import Ruleset

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


class UnknownLevel(ValueError):
    """An AI level name that is not one of LEVELS."""


def make_agent(level: str, seed: int | str, rules: Ruleset | None = None) -> Agent:
    """An agent of `level` ("easy", "normal" or "hard"); `rules` spares it looking the ruleset up by name."""
    # Imported here so that importing the package stays cheap for the client's menus.
    from game.ai.easy import EasyAgent
    from game.ai.hard import HardAgent
    from game.ai.normal import NormalAgent

    if level == "easy":
        return EasyAgent(random.Random(f"ai:{level}:{seed}"), rules=rules)
    if level == "normal":
        return NormalAgent(rules=rules)
    if level == "hard":
        return HardAgent(rules=rules)
    raise UnknownLevel(f"unknown AI level {level!r}; the levels are {', '.join(LEVELS)}")
