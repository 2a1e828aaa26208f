"""Where a hand stands: the phase the engine and the rollout path share (game.core.kernel)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Where the hand stands."""

    DINGQUE = "dingque"  # after the deal, each seat names a suit to be rid of (定缺, docs/rules.md §15.3)
    TURN = "turn"  # `turn` holds 14-3k tiles and must act
    CLAIMS = "claims"  # other seats answer a discard
    ROB = "rob"  # other seats may rob an added kong
    ENDED = "ended"


# The phases under plain module names: the engine checks the phase on every call, and a
# member looked up on its enum class costs several times as much as a global name. (Final: the
# compiled engine then reads each from a C static, not the module's dict; see game.fast.)
DINGQUE: Final = Phase.DINGQUE
TURN: Final = Phase.TURN
CLAIMS: Final = Phase.CLAIMS
ROB: Final = Phase.ROB
ENDED: Final = Phase.ENDED
