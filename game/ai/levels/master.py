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
from game.ai.levels.guide import MARGIN, guide_for, pick, price_moves, shipped_network
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
        super().__init__(rules=rules, name=name)
        self.hard.budget = (BUDGET_MS if deadline else NO_DEADLINE_MS) / 1000
        self.network = network if network is not None else shipped_network()
        self.margin = margin
        self.last_prices: list[tuple[Action, float]] = []  # the last priced decision's moves, hard's first

    def _decide(self, obs: Observation, base: Action) -> Action:
        self.last_prices = []
        rules = rules_for(obs, self.rules)
        net = guide_for(self.network, rules)
        if net is None or len(obs.legal_actions) < 2 or base.kind is ActionKind.WIN or obs.wall_remaining == 0:
            return base
        candidates = self.candidates(obs, base)
        if len(candidates) < 2:
            return base
        self.stats.searched += 1
        reading = read_table(obs, rules, self.hard.tracker.marks)
        actions = [c.action for c in candidates]
        prices = price_moves(net, obs, rules, reading, actions, self.hard.last_scored)
        self.last_prices = list(zip(actions, prices, strict=True))
        best = pick(prices, self.margin)
        if best == 0:
            return base
        self.stats.switched += 1
        return actions[best]
