"""The one interface every player behind a seat uses: choose an action from an observation.

Simulate, the arena, the client and the hints all go through `Agent.choose`; an agent
sees an Observation and nothing else (DESIGN.md).
"""

from __future__ import annotations

import random
from typing import Protocol

from game.actions import Action, ActionKind
from game.observation import Observation
from game.shanten import shanten
from game.tiles import NUM_KINDS, to_counts


class Agent(Protocol):
    """Anything that picks a legal action for the seat an observation belongs to."""

    name: str

    def choose(self, obs: Observation) -> Action:
        """One of obs.legal_actions."""
        ...


class RandomAgent:
    """Uniformly random legal actions: the random-play tests' player."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Action:
        """Any legal action, at random."""
        return self.rng.choice(obs.legal_actions)


def _isolation(counts: list[int], t: int) -> int:
    """How much a tile works with its neighbours (higher keeps it)."""
    r = t % 9
    score = counts[t] * 3
    for d, w in ((1, 2), (2, 1)):
        if r - d >= 0:
            score += w * counts[t - d]
        if r + d <= 8:
            score += w * counts[t + d]
    return score


class SimpleAgent:
    """The built-in bot of `simulate`: wins and claims whatever it can, discards by shanten.

    Plain and fast, so thousands of hands run in seconds; the AI opponents live elsewhere.
    """

    name = "simple"

    def choose(self, obs: Observation) -> Action:
        """Win if possible, kong or pung when it does not raise shanten, else the least useful discard."""
        legal = obs.legal_actions
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if ActionKind.WIN in by_kind:
            return by_kind[ActionKind.WIN][0]
        counts = to_counts(obs.hand)
        melds = len(obs.melds[obs.seat])
        for kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG):
            if kind in by_kind:
                return by_kind[kind][0]
        if ActionKind.PUNG in by_kind and obs.last_discard is not None:
            t = obs.last_discard[1]
            before = shanten(counts, melds)
            counts[t] -= 2
            # After a pung the seat discards: compare with its best discard afterwards.
            best_after = min(self._after_discard(counts, melds + 1, d) for d in range(NUM_KINDS) if counts[d])
            counts[t] += 2
            if best_after <= before:
                return by_kind[ActionKind.PUNG][0]
        if ActionKind.PASS in by_kind:
            return by_kind[ActionKind.PASS][0]
        discards = by_kind.get(ActionKind.DISCARD, [])
        declares = [a for a in discards if a.declare]
        if declares:
            return declares[0]
        best: tuple[int, int, int] | None = None
        choice = discards[0]
        for a in discards:
            assert a.tile is not None
            key = (self._after_discard(counts, melds, a.tile), _isolation(counts, a.tile), a.tile)
            if best is None or key < best:
                best, choice = key, a
        return choice

    @staticmethod
    def _after_discard(counts: list[int], melds: int, t: int) -> int:
        counts[t] -= 1
        s = shanten(counts, melds)
        counts[t] += 1
        return s
