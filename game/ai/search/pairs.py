"""A candidate move played out on a deal and priced, and two candidates compared over the deals they share.

The expert plays every candidate on the same deals, so their values are compared in pairs. Values
come in blocks, one per process that dealt them (the search's own, then each worker's); within a
block the i-th value of every candidate is from the same deal, and a candidate dropped early holds
a prefix of the block, so two candidates pair on the shorter prefix of each block.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.rollout import LeanHand
from game.core.ruleset import Ruleset
from game.core.settlement import settle

# A lean-path turn move (kind, tile), or None for an answer to a claim.
Move = tuple[int, int] | None


def play_move(hand: LeanHand, move: Move, answer: int, seat: int, rules: Ruleset) -> float:
    """Play `move` (or, when it is None, `answer` to the claim on offer) to the end of `hand`; the seat's net points."""
    result = hand.play_out(first=move) if move is not None else hand.play_out(answers={seat: answer})
    return float(settle(result, rules).nets()[seat])


def paired_blocks(a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]) -> tuple[float, float]:
    """Mean and standard error of a's points minus b's over the deals both were played on, block by block."""
    d: list[float] = []
    for xs, ys in zip(a, b, strict=False):
        n = min(len(xs), len(ys))
        d.extend(x - y for x, y in zip(xs[:n], ys[:n], strict=False))
    n = len(d)
    if n < 2:
        return 0.0, math.inf
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m, math.sqrt(var / n) if var > 0 else 0.0
