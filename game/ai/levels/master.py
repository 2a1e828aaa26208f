"""The master level: the expert's choices, learned. Hard's judgement, and the network's price of each move.

At the decisions the expert would search (game.ai.levels.expert: a claim, a kong, 报听, a discard near
ready) master weighs the same candidates, but prices them with the network trained on the expert's
searches (game.ai.learned) instead of playing them out: a decision costs about a millisecond. Hard's
rules stay as the guard: master never passes a win (hard takes every win but a 包牌 trap), plays only
legal moves, respects the pass rule (the candidates are legal actions), and leaves hard's move only for
one the network prices higher by MARGIN points. Without its weights (a damaged or missing file) it plays
as hard, and says why once in the log.
"""

from __future__ import annotations

from game.ai.judgement.base import rules_for
from game.ai.judgement.reading import read_table
from game.ai.learned.network import Network
from game.ai.levels.expert import ExpertAgent
from game.ai.levels.guide import MARGIN, guide_for, shipped_network
from game.ai.levels.hard import BUDGET_MS, NO_DEADLINE_MS
from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation


class MasterAgent(ExpertAgent):
    """Hard, and the network's price of the expert's candidates where the expert would search."""

    searches = False  # a decision takes about a millisecond: no need to think off the frame loop

    def __init__(
        self,
        rules: Ruleset | None = None,
        network: Network | None = None,
        margin: float = MARGIN,
        deadline: bool = True,
        name: str = "master",
    ) -> None:
        super().__init__(rules=rules, name=name, guide=network if network is not None else shipped_network())
        self.hard.budget = (BUDGET_MS if deadline else NO_DEADLINE_MS) / 1000
        self.margin = margin

    def _decide(self, obs: Observation, base: Action) -> Action:
        self.last_prices = []
        rules = rules_for(obs, self.rules)
        unguided = guide_for(self.guide, rules) is None
        if unguided or len(obs.legal_actions) < 2 or base.kind is ActionKind.WIN or obs.wall_remaining == 0:
            return base
        candidates = self.candidates(obs, base)
        if len(candidates) < 2:
            return base
        self.stats.searched += 1
        self.guided_first(obs, rules, read_table(obs, rules, self.hard.tracker.marks), candidates)
        if candidates[0].action == base:
            return base
        self.stats.switched += 1
        return candidates[0].action
