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

import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.ai.judgement.base import rules_for
from game.ai.judgement.reading import read_table
from game.ai.learned.features import HardValue, encode_decision
from game.ai.learned.network import BadWeights, Network, load_network
from game.ai.levels.expert import ExpertAgent
from game.ai.levels.hard import BUDGET_MS, NO_DEADLINE_MS
from game.core.ruleset import Ruleset
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.files.resources import resource_path

log = logging.getLogger(__name__)

# The shipped weights (their .bin beside them).
WEIGHTS = "assets/ai/master.json"
# Points by which the network must price another move above hard's to play it instead.
MARGIN = 0.3

_LOADED: dict[str, Network | None] = {}


def shipped_network(path: Path | None = None) -> Network | None:
    """The shipped network, read once per process; None (and one log line) when it cannot be read."""
    where = path or resource_path(WEIGHTS)
    key = str(where)
    if key not in _LOADED:
        try:
            _LOADED[key] = load_network(where)
        except BadWeights as exc:
            log.warning("master plays as hard: %s", exc)
            _LOADED[key] = None
    return _LOADED[key]


def hard_prices(scored: Iterable[Any]) -> dict[int, HardValue]:
    """Hard's value of each discard it weighed (its `last_scored`), by tile."""
    return {s.option.tile: HardValue(s.offence, s.risk) for s in scored}


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
        net = self.network
        if net is None or len(obs.legal_actions) < 2 or base.kind is ActionKind.WIN or obs.wall_remaining == 0:
            return base
        candidates = self.candidates(obs, base)
        if len(candidates) < 2:
            return base
        self.stats.searched += 1
        rules = rules_for(obs, self.rules)
        reading = read_table(obs, rules, self.hard.tracker.marks)
        actions = [c.action for c in candidates]
        table, moves = encode_decision(obs, rules, reading, actions, hard_prices(self.hard.last_scored))
        prices = [o.price for o in net.evaluate(table, moves)]
        self.last_prices = list(zip(actions, prices, strict=True))
        best = max(range(len(actions)), key=lambda i: prices[i])
        if best == 0 or prices[best] - prices[0] <= self.margin:
            return base
        self.stats.switched += 1
        return actions[best]
