"""The one interface every player behind a seat uses: choose an action from an observation.

Simulate, the arena, the client and the hints all go through `Agent.choose`; an agent
sees an Observation and nothing else (DESIGN.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from game.actions import ADDED_KONG, CONCEALED_KONG, DISCARD, KONG, PUNG, WIN, Action, make
from game.observation import Observation
from game.shanten import lowest_discards, shanten
from game.tiles import Tile


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


def _isolation(counts: Sequence[int], t: int) -> int:
    """How much a tile works with its neighbours (higher keeps it)."""
    r = t % 9
    score = counts[t] * 3
    for d, w in ((1, 2), (2, 1)):
        if r - d >= 0:
            score += w * counts[t - d]
        if r + d <= 8:
            score += w * counts[t + d]
    return score


# Suit key -> `_isolation` of each of its nine ranks. A tile's isolation depends on its own
# suit only, so the scores are remembered per suit instead of worked out per decision.
_SUIT_ISOLATION: dict[tuple[int, ...], tuple[int, ...]] = {}


def _suit_isolation(key: tuple[int, ...]) -> tuple[int, ...]:
    got = _SUIT_ISOLATION.get(key)
    if got is None:
        got = _SUIT_ISOLATION[key] = tuple([_isolation(key, r) for r in range(9)])
    return got


def _most_isolated(counts: tuple[int, ...], tiles: list[Tile]) -> Tile:
    """The tile of `tiles` (in order) that works least with its neighbours; the first on a tie."""
    if len(tiles) == 1:
        return tiles[0]
    try:
        isolation = (_SUIT_ISOLATION[counts[:9]], _SUIT_ISOLATION[counts[9:18]], _SUIT_ISOLATION[counts[18:]])
    except KeyError:
        isolation = (_suit_isolation(counts[:9]), _suit_isolation(counts[9:18]), _suit_isolation(counts[18:]))
    choice, low = tiles[0], 1 << 30
    for t in tiles:
        score = isolation[t // 9][t % 9]
        if score < low:
            choice, low = t, score
    return choice


class SimpleAgent:
    """The built-in bot of `simulate`: wins and claims whatever it can, discards by shanten.

    Plain and fast, so thousands of hands run in seconds; the AI opponents live elsewhere.
    """

    name = "simple"

    def choose(self, obs: Observation) -> Action:
        """Win if possible, kong or pung when it does not raise shanten, else the least useful discard."""
        legal = obs.legal_actions
        first = legal[0]
        if first.kind is WIN or len(legal) == 1:
            return first  # the engine lists a win first
        melds = len(obs.melds[obs.seat])
        if obs.phase != "turn":
            return self._claim(obs, legal, list(obs.counts), melds)
        for a in legal:
            if a.kind is CONCEALED_KONG or a.kind is ADDED_KONG:
                return a
            if a.kind is DISCARD:
                break  # the engine lists kongs before the discards
        if legal[-1].declare:
            return legal[-1]
        tile = _most_isolated(obs.counts, lowest_discards(obs.counts, melds)[1])
        return make(DISCARD, obs.seat, tile)

    @staticmethod
    def _claim(obs: Observation, legal: tuple[Action, ...], counts: list[int], melds: int) -> Action:
        pass_action = legal[-1]
        for a in legal:
            if a.kind is KONG:
                return a
            if a.kind is PUNG and obs.last_discard is not None:
                t = obs.last_discard[1]
                before = shanten(counts, melds)
                counts[t] -= 2
                # After a pung the seat discards: compare with its best discard afterwards.
                best_after = lowest_discards(counts, melds + 1)[0]
                counts[t] += 2
                if best_after <= before:
                    return a
        return pass_action
