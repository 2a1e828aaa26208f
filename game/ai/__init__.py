"""The AI as the rest of the game meets it: the levels by name, the player's hints, every option priced.

The levels (game.ai.levels) stand behind the one Agent interface (game.match.agents.Agent); what they
weigh lives in game.ai.judgement, the expert's dealing of hidden tiles in game.ai.search, and what only
measures them in game.ai.measure. game.ai.hints and game.ai.appraise serve the table and the review.

`make_agent(level, seed)` builds one. Master is hard with a learned network's price of the moves the expert would
search (game.ai.learned); it is as quick as hard. Easy and expert use randomness, each from its own generator
seeded from `seed`, never from the global `random`; normal and hard are deterministic.
"""

from __future__ import annotations

import random

from game.core.ruleset import Ruleset
from game.match.agents import Agent

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "master", "expert")


def levels_at(players: int) -> tuple[str, ...]:
    """The levels that play differently at a table of `players`: master only where its network was taught tables of
    that size (elsewhere, or with its weights unreadable, master plays exactly as hard, so it is not offered)."""
    from game.ai.levels.guide import shipped_network

    net = shipped_network()
    return LEVELS if net is not None and net.knows(players) else tuple(lv for lv in LEVELS if lv != "master")


def offered_level(level: str, players: int) -> str:
    """`level` where a table of `players` offers it; hard, which it would play as, where it does not."""
    return level if level in levels_at(players) else "hard"


class UnknownLevel(ValueError):
    """An AI level name that is not one of LEVELS."""


def make_agent(
    level: str,
    seed: int | str,
    rules: Ruleset | None = None,
    budget_ms: float | None = None,
    rollouts: int | None = None,
) -> Agent:
    """An agent of `level` (one of LEVELS); `rules` spares it looking the ruleset up by name.

    `budget_ms` (the think budget) concerns the expert only. `rollouts` is measurement: the expert
    searches that many rollouts per decision instead of watching the clock, and hard (alone or
    inside the expert or master) drops its lookahead deadline, so that no clock decides anything.
    """
    # Imported here so that importing the package stays cheap for the client's menus.
    from game.ai.levels.easy import EasyAgent
    from game.ai.levels.expert import DEFAULT_BUDGET_MS, ExpertAgent
    from game.ai.levels.guide import shipped_network
    from game.ai.levels.hard import BUDGET_MS, NO_DEADLINE_MS, HardAgent
    from game.ai.levels.master import MasterAgent
    from game.ai.levels.normal import NormalAgent

    if level == "easy":
        return EasyAgent(random.Random(f"ai:{level}:{seed}"), rules=rules)
    if level == "normal":
        return NormalAgent(rules=rules)
    if level == "hard":
        return HardAgent(rules=rules, budget_ms=BUDGET_MS if rollouts is None else NO_DEADLINE_MS)
    if level == "master":
        return MasterAgent(rules=rules, deadline=rollouts is None)
    if level == "expert":
        budget = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        return ExpertAgent(rules=rules, seed=seed, budget_ms=budget, rollouts=rollouts, guide=shipped_network())
    raise UnknownLevel(f"unknown AI level {level!r}; the levels are {', '.join(LEVELS)}")
