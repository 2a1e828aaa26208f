"""What a new match is: the ruleset, the seed, who sits in each seat, and how long it lasts.

The new-game screen fills one in and the table is built from it. A match lasts a number of hands,
a number of rounds (圈: the deal has passed on four times), or until a seat's score reaches a
mark (up or down), and always ends after the hand in which its length is reached.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, cast

SeatKind = Literal["human", "ai"]
LengthKind = Literal["hands", "rounds", "score", "endless"]
LEVELS = ("easy", "normal", "hard", "expert")
LENGTH_KINDS: tuple[LengthKind, ...] = ("hands", "rounds", "score", "endless")
PASSES_PER_ROUND = 4
DEFAULT_RULESET = "guiyang-classic"


class MatchConfigError(ValueError):
    """A match description that cannot be used; the message says which part is wrong."""


@dataclass(frozen=True)
class SeatConfig:
    """One seat: a person or an AI of `level`, with the name shown for it."""

    kind: SeatKind = "ai"
    level: str = "normal"
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("human", "ai"):
            raise MatchConfigError(f"seat kind must be 'human' or 'ai', got {self.kind!r}")
        if self.kind == "ai" and self.level not in LEVELS:
            raise MatchConfigError(f"AI level must be one of {', '.join(LEVELS)}, got {self.level!r}")


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


def solo_seats(level: str = "normal") -> tuple[SeatConfig, ...]:
    """The player at seat 0 against three AIs of `level`."""
    return (SeatConfig("human"), SeatConfig("ai", level), SeatConfig("ai", level), SeatConfig("ai", level))


@dataclass(frozen=True)
class MatchConfig:
    """A match to start: ruleset ref (a built-in name or a file path), seed, four seats, length.

    The default is a solo match: the player at seat 0 against three normal AIs, played on without end.
    """

    ruleset: str = DEFAULT_RULESET
    seed: str = "table"
    seats: tuple[SeatConfig, ...] = field(default_factory=solo_seats)
    length: MatchLength = MatchLength("endless", 0)

    def __post_init__(self) -> None:
        if len(self.seats) != 4:
            raise MatchConfigError(f"a match has four seats, got {len(self.seats)}")

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play, in seat order."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (kept in saves and logs)."""
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "seats": [{"kind": s.kind, "level": s.level, "name": s.name} for s in self.seats],
            "length": {"kind": self.length.kind, "n": self.length.n},
        }

    @staticmethod
    def from_json(data: object) -> MatchConfig:
        """The config written by to_json; MatchConfigError naming the bad part otherwise."""
        if not isinstance(data, dict):
            raise MatchConfigError(f"match config must be an object, got {type(data).__name__}")
        ruleset = data.get("ruleset", DEFAULT_RULESET)
        seed = data.get("seed", "table")
        if not isinstance(ruleset, str) or not isinstance(seed, str):
            raise MatchConfigError("match config: ruleset and seed must be text")
        seats_data = data.get("seats")
        seats = solo_seats()
        if seats_data is not None:
            if not isinstance(seats_data, list) or not all(isinstance(s, dict) for s in seats_data):
                raise MatchConfigError("match config: seats must be a list of objects")
            seats = tuple(
                SeatConfig(cast(SeatKind, s.get("kind", "ai")), str(s.get("level", "normal")), str(s.get("name", "")))
                for s in seats_data
            )
        length_data = data.get("length", {"kind": "endless", "n": 0})
        if not isinstance(length_data, dict):
            raise MatchConfigError("match config: length must be an object")
        length = MatchLength(cast(LengthKind, length_data.get("kind", "endless")), length_data.get("n", 0))
        return MatchConfig(ruleset, seed, seats, length)


@dataclass
class MatchProgress:
    """How far a match has gone: settled hands, passes of the deal, and the scores."""

    hands: int = 0
    passes: int = 0  # times the deal moved to another seat
    scores: tuple[int, ...] = (0, 0, 0, 0)
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
        """Whole rounds (圈) played."""
        return self.passes // PASSES_PER_ROUND


def match_over(length: MatchLength, progress: MatchProgress) -> bool:
    """True when the match has reached its length after the last settled hand."""
    if length.kind == "hands":
        return progress.hands >= length.n
    if length.kind == "rounds":
        return progress.rounds >= length.n
    if length.kind == "score":
        return any(abs(s) >= length.n for s in progress.scores)
    return False
