"""The one interface every player behind a seat uses: choose an action from an observation.

Simulate, the arena, the client and the hints all go through `Agent.choose`; an agent
sees an Observation and nothing else (docs/design.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from game.core.discard_choice import fewest_suit, missing_discard
from game.core.shanten import lowest_discards, shanten
from game.core.tiles import Tile
from game.engine.actions import ADDED_KONG, CONCEALED_KONG, DINGQUE, DISCARD, KONG, PUNG, SUIT_TILES, WIN, Action, make
from game.engine.observation import Observation


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


def _most_isolated(counts: Sequence[int], tiles: list[Tile]) -> Tile:
    """The tile of `tiles` (in order) that works least with its neighbours; the first on a tie.

    A tile scores three per copy of itself, two per copy one rank away and one per copy two
    ranks away, in its own suit; the lowest score is the most isolated.
    """
    choice = tiles[0]
    if len(tiles) > 1:
        low = 1 << 30
        for t in tiles:
            r = t % 9
            score = 3 * counts[t]
            if r > 0:
                score += 2 * counts[t - 1] + (counts[t - 2] if r > 1 else 0)
            if r < 8:
                score += 2 * counts[t + 1] + (counts[t + 2] if r < 7 else 0)
            if score < low:
                choice, low = t, score
    return choice


class SimpleAgent:
    """The built-in bot of `simulate`: wins and claims whatever it can, discards by shanten.

    Plain and fast, so thousands of hands run in seconds; the AI opponents live elsewhere.
    """

    name = "simple"

    def choose(self, obs: Observation) -> Action:
        """Win if possible (not off another's tile while 包牌 is pending), kong or pung when it does not
        raise shanten, else the least useful discard."""
        legal = obs.legal_actions
        first = legal[0]
        if len(legal) == 1:
            return first
        if first.kind is DINGQUE:  # 定缺: the suit it holds the fewest of (docs/rules.md §15.3)
            suit = fewest_suit(obs.counts, [a.tile // 9 for a in legal if a.tile is not None])
            return make(DINGQUE, obs.seat, SUIT_TILES[suit])
        missing = obs.missing[obs.seat] if obs.missing else -1
        if first.kind is WIN:  # the engine lists a win first
            if obs.phase == "turn" or not obs.baopai_pending:
                return first
            legal = legal[1:]  # having passed a win, this one would pay all three (docs/rules.md §4 包牌)
        melds = len(obs.melds[obs.seat])
        if obs.phase != "turn":
            if obs.last_discard is not None and obs.last_discard[1] // 9 == missing:
                return legal[-1]  # no pung or kong of the 定缺 suit
            return self._claim(obs, legal, list(obs.counts), melds)
        for a in legal:
            if (a.kind is CONCEALED_KONG or a.kind is ADDED_KONG) and a.tile is not None and a.tile // 9 != missing:
                return a
            if a.kind is DISCARD:
                break  # the engine lists kongs before the discards
        if legal[-1].declare:
            return legal[-1]
        thrown = missing_discard(obs.counts, missing)
        if thrown >= 0:
            return make(DISCARD, obs.seat, thrown)
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
                # After a pung the seat discards: compare with its best discard afterwards. That
                # leaves the shanten of the hand before it (a tile outside its nearest win can go),
                # or 0 from a complete one: the same as lowest_discards(...)[0], for less work.
                best_after = max(shanten(counts, melds + 1), 0)
                counts[t] += 2
                if best_after <= before:
                    return a
        return pass_action
