"""What a new match is: the ruleset, the seed, who sits in each seat, and how long it lasts.

The new-game screen fills one in and the table is built from it. The length (hands, rounds,
a score mark, or endless) is the one model of game.match.length, shared with the network table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, cast

# The AI levels are the engine's own list, named once: a level it adds is offered wherever a seat is chosen.
from game.ai import LEVELS
from game.core.ruleset import PLAYER_COUNTS
from game.match.length import (
    LENGTH_KINDS,
    LengthKind,
    MatchConfigError,
    MatchLength,
    MatchProgress,
    match_over,
)

__all__ = [
    "DEFAULT_RULESET",
    "LENGTH_KINDS",
    "LEVELS",
    "LengthKind",
    "MatchConfig",
    "MatchConfigError",
    "MatchLength",
    "MatchProgress",
    "SeatConfig",
    "SeatKind",
    "match_over",
    "solo_seats",
]

SeatKind = Literal["human", "ai"]
DEFAULT_RULESET = "guiyang-classic"
DEFAULT_PLAYERS = 4  # the default ruleset's table


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


def solo_seats(level: str, players: int) -> tuple[SeatConfig, ...]:
    """The player at seat 0 against AIs of `level` in the other seats of a table of `players`."""
    return (SeatConfig("human"), *[SeatConfig("ai", level)] * (players - 1))


@dataclass(frozen=True)
class MatchConfig:
    """A match to start: ruleset ref (a built-in name or a file path), seed, a seat for each player of the
    ruleset's table (four, three or two: docs/rules.md §15.2), length.

    The default is a solo match of the default ruleset: the player at seat 0 against normal AIs, played on without
    end.
    """

    ruleset: str = DEFAULT_RULESET
    seed: str = "table"
    seats: tuple[SeatConfig, ...] = field(default_factory=lambda: solo_seats("normal", DEFAULT_PLAYERS))
    length: MatchLength = field(default_factory=lambda: MatchLength("endless", 0))

    def __post_init__(self) -> None:
        if len(self.seats) not in PLAYER_COUNTS:
            counts = ", ".join(str(n) for n in PLAYER_COUNTS)
            raise MatchConfigError(f"a match has {counts} seats, got {len(self.seats)}")

    def check_players(self, players: int) -> None:
        """MatchConfigError unless the match has a seat for each of the ruleset's `players`."""
        if len(self.seats) != players:
            raise MatchConfigError(f"the ruleset's table has {players} seats, the match {len(self.seats)}")

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
        seats = solo_seats("normal", DEFAULT_PLAYERS)
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
