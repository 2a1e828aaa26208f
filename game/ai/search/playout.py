"""The engine's hand handed to the play-out: a Round as a LeanHand, and a dealt hand played to its end.

game.core.rollout plays a hand on the kernel's state alone, below the engine; taking a Round's state over
(every hidden tile included) is the one step that needs the engine, so it lives here, above both.
"""

from __future__ import annotations

from game.core.result import HandResult
from game.core.rollout import LeanHand
from game.core.ruleset import Ruleset
from game.engine.round import HandSetup, Round


def lean_hand(rnd: Round) -> LeanHand:
    """The engine's hand as it stands (every hidden tile included): the oracle's view, and the tests'."""
    h = LeanHand(rnd.rules, rnd.state)
    kinds, alive, tail_order, front, tail = rnd.wall.lean_state()
    h.w_kind, h.w_alive, h.w_tail_order, h.w_front, h.w_tail = kinds, alive, tail_order, front, tail
    h.remaining = rnd.wall.remaining
    h.w_seat_next = None
    # What the policy learns of each hand it works out afresh (its own figures start unknown).
    h.waits_cache = [None, None, None, None]
    h.saved_waits = None
    return h


def rollout_hand(rules: Ruleset, seed: str | int, setup: HandSetup | None = None) -> HandResult:
    """Deal a hand as the engine does and play it to the end on the lean path with the built-in bot's policy."""
    return lean_hand(Round(rules, seed, setup)).play_out()
