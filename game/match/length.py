"""How long a match lasts and how far it has gone: hands, rounds (圈), a score mark, or endless.

One model for every match, at one computer or at a network table. A round is a pass of the deal
for each player (four, three or two: docs/rules.md §15.2): every seat has dealt once, in the order
the ruleset's dealer rotation gives (a dealer who keeps the deal does not pass it). A match always
ends after the hand in which its length is reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

LengthKind = Literal["hands", "rounds", "score", "endless"]
LENGTH_KINDS: tuple[LengthKind, ...] = ("hands", "rounds", "score", "endless")


class MatchConfigError(ValueError):
    """A match description that cannot be used; the message says which part is wrong."""


@dataclass(frozen=True)
class MatchLength:
    """How long the match lasts: `n` hands, `n` rounds (圈), until a score of ±`n`, or endless."""

    kind: LengthKind = "hands"
    n: int = 8

    def __post_init__(self) -> None:
        if self.kind not in LENGTH_KINDS:
            raise MatchConfigError(f"match length must be one of {', '.join(LENGTH_KINDS)}, got {self.kind!r}")
        if isinstance(self.n, bool) or not isinstance(self.n, int) or (self.kind != "endless" and self.n < 1):
            raise MatchConfigError(f"match length needs a positive whole number, got {self.n!r}")


@dataclass
class MatchProgress:
    """How far a match has gone: settled hands, passes of the deal, and the scores."""

    hands: int = 0
    passes: int = 0  # times the deal moved to another seat
    scores: tuple[int, ...] = ()  # each seat's total, once a hand is settled
    dealer: int | None = None  # the dealer of the hand in play, once known

    def record(self, dealer: int | None, next_dealer: int, scores: tuple[int, ...]) -> None:
        """Count a settled hand dealt by `dealer` (None: not known) after which `next_dealer` deals."""
        self.hands += 1
        current = dealer if dealer is not None else self.dealer
        if current is not None and next_dealer != current:
            self.passes += 1
        self.dealer = next_dealer
        self.scores = tuple(scores)

    @property
    def rounds(self) -> int:
        """Whole rounds (圈) played: a pass of the deal for each player (a score each, once a hand is settled)."""
        return self.passes // len(self.scores) if self.scores else 0


def match_over(length: MatchLength, progress: MatchProgress) -> bool:
    """True when the match has reached its length after the last settled hand."""
    if length.kind == "hands":
        return progress.hands >= length.n
    if length.kind == "rounds":
        return progress.rounds >= length.n
    if length.kind == "score":
        return any(abs(s) >= length.n for s in progress.scores)
    return False
