"""The oracle: the expert's search with every hand and the wall in view, for measurement only.

It is never offered to players (it cheats by construction): the arena uses it to show how far
a player who saw everything would get with the same search, so the gap from hard to the
oracle can be set against what the expert closes. The rollout policy is deterministic, so
with the true deal in hand one rollout per candidate is the search's exact answer.
"""

from __future__ import annotations

from game.actions import Action
from game.ai.base import rules_for
from game.ai.expert import ExpertAgent
from game.ai.rollout import LeanHand
from game.ai.sampling import rollout_keep
from game.observation import Observation
from game.round import Round
from game.ruleset import Ruleset


class OracleAgent(ExpertAgent):
    """ExpertAgent whose deals are the true one: `attach(rnd)` before each hand."""

    sees_everything = True

    def __init__(self, rules: Ruleset | None = None, seed: int | str = 0) -> None:
        super().__init__(rules=rules, seed=seed, name="oracle")
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
        truth = LeanHand.from_round(self.round)
        truth.set_keep(rollout_keep(rules))
        return self.search(obs, truth.copy, candidates, rules, samples_cap=1)
