"""The easy level: a beginner who knows the goal but not the finer points.

It counts shanten but not live tiles, so it often keeps the wrong shape; now and then it
discards a tile that sets the hand back a step; it pungs and kongs whatever it can unless
that plainly sets it back, and declares ready only some of the time. It never throws a win
away: it always takes a self-drawn win and any win off a discard that is not a 包牌 trap.
"""

from __future__ import annotations

import random

from game.ai.judgement.base import View, isolation, rules_for, view_of
from game.ai.judgement.dingque import dingque_move
from game.ai.judgement.efficiency import discard_shanten
from game.core.ruleset import Ruleset
from game.core.shanten import shanten, shanten_after_pung
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation

# How often the beginner picks at random among the discards that keep its shanten,
# and how often it lets the hand slip back one step.
CARELESS = 0.3
SLIP = 0.08
DECLARE = 0.5


class EasyAgent:
    """A beginner's play with mistakes (see the module docstring); randomness from its own generator."""

    def __init__(self, rng: random.Random, name: str = "easy", rules: Ruleset | None = None) -> None:
        self.rng = rng
        self.name = name
        self.rules = rules

    def choose(self, obs: Observation) -> Action:
        """A plausible beginner's action."""
        forced = dingque_move(obs, rules_for(obs, self.rules))
        if forced is not None:
            return forced
        view = view_of(obs, self.rules)
        if view.should_win():
            return view.first(ActionKind.WIN)
        if obs.last_discard is not None or obs.rob_tile is not None:
            return self.claim(view)
        for kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            if view.has(kind):
                return view.first(kind)
        return self.discard(view)

    def discard(self, view: View) -> Action:
        """By shanten alone, with a careless pick or a slip now and then."""
        if view.obs.declared[view.seat]:
            return view.discards()[0]
        options = discard_shanten(view.counts, view.meld_count)
        low = min(sh for _, sh in options)
        keep = [t for t, sh in options if sh == low]
        declares = view.discards(declare=True)
        if declares and self.rng.random() < DECLARE:
            return self.rng.choice(declares)
        roll = self.rng.random()
        slips = [t for t, sh in options if sh == low + 1]
        if low > 0 and slips and roll < SLIP:
            tile = self.rng.choice(slips)
        elif roll < SLIP + CARELESS:
            tile = self.rng.choice(keep)
        else:
            tile = min(keep, key=lambda t: (isolation(view.counts, t), -t))
        return next(a for a in view.discards() if a.tile == tile)

    def claim(self, view: View) -> Action:
        """Claims too eagerly: any kong, and any pung that does not set the hand back."""
        obs = view.obs
        if view.has(ActionKind.KONG):
            return view.first(ActionKind.KONG)
        if view.has(ActionKind.PUNG) and obs.last_discard is not None:
            tile = obs.last_discard[1]
            counts, m = view.counts, view.meld_count
            now = shanten(counts, m)
            after = shanten_after_pung(counts, m, tile)
            if after <= now:
                return view.first(ActionKind.PUNG)
        return view.first(ActionKind.PASS)
