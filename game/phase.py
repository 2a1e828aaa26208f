"""Where a hand stands: the phase the engine and the rollout path share (game.kernel)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the hand stands."""

    TURN = "turn"  # `turn` holds 14-3k tiles and must act
    CLAIMS = "claims"  # other seats answer a discard
    ROB = "rob"  # other seats may rob an added kong
    ENDED = "ended"


# The phases under plain module names: the engine checks the phase on every call, and a
# member looked up on its enum class costs several times as much as a global name.
TURN, CLAIMS, ROB, ENDED = Phase.TURN, Phase.CLAIMS, Phase.ROB, Phase.ENDED
