"""The shipped network as a guide: its price of a decision's candidates, and the move it would play.

Master plays the move this returns; the expert starts its search from it, so that the rollouts
must show a move better than the network's choice, not better than hard's (game.ai.levels.expert).
Both ask here, so the network is read, fed and trusted the same way in either level.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from game.ai.judgement.reading import SeatReading
from game.ai.learned.features import HardValue, encode_decision
from game.ai.learned.network import BadWeights, Network, load_network
from game.core.ruleset import Ruleset
from game.engine.actions import Action
from game.engine.observation import Observation
from game.files.resources import resource_path

log = logging.getLogger(__name__)

# The shipped weights (their .bin beside them).
WEIGHTS = "assets/ai/master.json"
# Points by which the network must price another move above hard's to play it instead: from seed 2,
# 400 deals of master against three hards (docs/ai.md, the learned level): 0.0 +0.21, 0.1 +0.30,
# 0.3 +0.43, 0.5 +0.30, 0.8 +0.13.
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
            log.warning("the learned guide is off, hard's judgement stands in: %s", exc)
            _LOADED[key] = None
    return _LOADED[key]


def hard_prices(scored: Iterable[Any]) -> dict[int, HardValue]:
    """Hard's value of each discard it weighed (its `last_scored`), by tile."""
    return {s.option.tile: HardValue(s.offence, s.risk) for s in scored}


def price_moves(
    net: Network,
    obs: Observation,
    rules: Ruleset,
    reading: Sequence[SeatReading | None],
    actions: Sequence[Action],
    scored: Iterable[Any],
) -> list[float]:
    """The network's price (points) of each of `actions` at this decision, hard's values `scored` among its inputs."""
    table, moves = encode_decision(obs, rules, reading, list(actions), hard_prices(scored))
    return [o.price for o in net.evaluate(table, moves)]


def guide_for(net: Network | None, rules: Ruleset) -> Network | None:
    """`net` where its training saw tables of this ruleset's size, else None: hard's judgement stands in.

    Taught at four seats alone, the network measured below hard at two (docs/ai.md, the ladder).
    """
    return net if net is not None and net.knows(rules.players) else None


def pick(prices: Sequence[float], margin: float = MARGIN) -> int:
    """The index of the move to play: hard's (0) unless another is priced more than `margin` above it."""
    best = max(range(len(prices)), key=lambda i: prices[i])
    return best if best != 0 and prices[best] - prices[0] > margin else 0
