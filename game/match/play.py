"""Playing hands headless: agents answer the round engine, through the match controller, until the hand ends."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.ruleset import Ruleset
from game.engine.round import HandSetup, Round
from game.match.agents import Agent
from game.match.controller import MatchController


def play_round(rnd: Round, agents: Sequence[Agent]) -> Round:
    """Ask each seat that must act for its choice until the hand is over; returns the round."""
    MatchController.playing(rnd, agents).run_agents()
    return rnd


def play_hand(rules: Ruleset, seed: str | int, agents: Sequence[Agent], setup: HandSetup | None = None) -> Round:
    """Deal and play one hand with the given agents (not settled)."""
    table = MatchController(rules, str(seed), agents, setup, keep_save=False)
    table.start_hand()
    table.run_agents()
    assert table.round is not None
    return table.round
