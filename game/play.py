"""Playing hands headless: agents answer the round engine until the hand ends."""

from __future__ import annotations

from collections.abc import Sequence

from game.agents import Agent
from game.observation import observe
from game.round import HandSetup, Round
from game.ruleset import Ruleset


def play_round(rnd: Round, agents: Sequence[Agent]) -> Round:
    """Ask each seat that must act for its choice until the hand is over; returns the round."""
    while not rnd.ended:
        seat = rnd.to_move()[0]
        rnd.apply(agents[seat].choose(observe(rnd, seat)))
    return rnd


def play_hand(rules: Ruleset, seed: str | int, agents: Sequence[Agent], setup: HandSetup | None = None) -> Round:
    """Deal and play one hand with the given agents."""
    return play_round(Round(rules, seed, setup), agents)
