"""Playing hands headless: agents answer the round engine until the hand ends."""

from __future__ import annotations

from collections.abc import Sequence

from game.agents import Agent
from game.observation import observe
from game.round import HandSetup, Round
from game.ruleset import Ruleset


def play_round(rnd: Round, agents: Sequence[Agent]) -> Round:
    """Ask each seat that must act for its choice until the hand is over; returns the round."""
    movers = rnd.to_move()
    while movers:  # nobody is to move once the hand has ended
        seat = movers[0]
        rnd.apply(agents[seat].choose(observe(rnd, seat)))
        movers = rnd.to_move()
    return rnd


def play_hand(rules: Ruleset, seed: str | int, agents: Sequence[Agent], setup: HandSetup | None = None) -> Round:
    """Deal and play one hand with the given agents."""
    return play_round(Round(rules, seed, setup), agents)
