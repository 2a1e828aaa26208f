"""The oracles: the expert's search with hidden tiles in view, for measurement only.

They are never offered to players (they cheat by construction): the arena uses them to show how
far a player who saw more would get with the same search, so the gap from hard to an oracle can
be set against what the expert closes.

- `OracleAgent` sees every hand and the wall. The rollout policy is deterministic, so with the
  true deal in hand one rollout per candidate is the search's exact answer.
- `HandsOracleAgent` sees every hand but not the order of the wall: each sample is the true
  hands with the wall's tiles shuffled. What separates it from the expert is what the hidden
  hands hold; what separates the full oracle from it is the order of the wall, which no reading
  of the table can give.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.judgement.base import rules_for
from game.ai.levels.expert import ExpertAgent
from game.ai.search.playout import lean_hand
from game.ai.search.sampling import rollout_keep
from game.core.rollout import LeanHand
from game.core.ruleset import Ruleset
from game.engine.actions import Action
from game.engine.observation import Observation
from game.engine.round import Round


class OracleAgent(ExpertAgent):
    """ExpertAgent whose deals are the true one: `attach(rnd)` before each hand."""

    sees_everything = True

    def __init__(self, rules: Ruleset | None = None, seed: int | str = 0, rollouts: int | None = None) -> None:
        # Its search is one exact sample whatever `rollouts` says; setting it (measurement) takes hard's clock away.
        super().__init__(rules=rules, seed=seed, rollouts=rollouts, name="oracle")
        self.round: Round | None = None

    def attach(self, rnd: Round) -> None:
        """The hand this agent plays in, hidden tiles and all."""
        self.round = rnd

    def _decide(self, obs: Observation, base: Action) -> Action:
        if self.round is None or len(obs.legal_actions) < 2 or obs.wall_remaining == 0:
            return base
        candidates = self.candidates(obs, base)
        if len(candidates) < 2:
            return base
        rules = rules_for(obs, self.rules)
        truth = lean_hand(self.round)
        truth.set_keep(rollout_keep(rules))
        make_deal, cap = self._deals(truth)
        return self.search(obs, make_deal, candidates, rules, samples_cap=cap)

    def _deals(self, truth: LeanHand) -> tuple[Callable[[], LeanHand], int | None]:
        """The search's deals from the true round, and its cap on samples: the true deal itself, once."""
        return truth.copy, 1


class HandsOracleAgent(OracleAgent):
    """OracleAgent that sees the hidden hands but deals the wall's tiles at random for each sample."""

    def __init__(
        self,
        rules: Ruleset | None = None,
        seed: int | str = 0,
        budget_ms: float | None = None,
        rollouts: int | None = None,
    ) -> None:
        super().__init__(rules=rules, seed=seed, rollouts=rollouts)
        self.name = "oracle-hands"
        if budget_ms is not None:
            self.budget = budget_ms / 1000

    def _deals(self, truth: LeanHand) -> tuple[Callable[[], LeanHand], int | None]:
        """The true round with the wall reordered for each sample, as many samples as the budget allows."""
        rng = self.rng
        return (lambda: _wall_shuffled(truth, rng)), None


def _wall_shuffled(truth: LeanHand, rng: random.Random) -> LeanHand:
    """A copy of `truth` whose live wall tiles are put in a random order."""
    tiles = [truth.w_kind[i] for i in range(len(truth.w_kind)) if truth.w_alive[i]]
    rng.shuffle(tiles)
    h = truth.copy()
    h.set_wall(tiles)
    return h
