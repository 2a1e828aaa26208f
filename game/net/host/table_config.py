"""What the host sets for a network table: who plays each seat, the match's length, the clocks and limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.ruleset import PLAYER_COUNTS, Ruleset
from game.match.length import MatchConfigError, MatchLength
from game.net.wire import protocol as P

DEFAULT_CLAIM_BEAT = 0.5  # seconds: long enough to hide who may claim, short enough not to drag honest play
DEFAULT_TURN_TIMER = 30.0  # a network table has a clock unless its host turns it off: no one can stall it


@dataclass(frozen=True)
class SeatPlan:
    """Who the host set at a seat: a person, or the AI at a level."""

    kind: str  # "human" or "ai"
    level: str = "normal"

    @staticmethod
    def parse(text: str) -> SeatPlan:
        """`human`, `ai` or `ai:LEVEL`; ValueError naming what is wrong."""
        from game.ai import LEVELS

        word = text.strip().lower()
        if word == "human":
            return SeatPlan("human")
        if word == "ai":
            return SeatPlan("ai", "normal")
        if word.startswith("ai:") and word[3:] in LEVELS:
            return SeatPlan("ai", word[3:])
        raise ValueError(f"{text!r}: a seat is human, ai or ai:LEVEL with LEVEL one of {', '.join(LEVELS)}")

    def word(self) -> str:
        """The seat as `parse` reads it: `human` or `ai:LEVEL`."""
        return self.kind if self.kind == "human" else f"ai:{self.level}"


@dataclass
class TableConfig:
    """What the host chose for the table."""

    code: str
    seats: list[SeatPlan]
    length: MatchLength  # a number of hands or of rounds (圈)
    room: str = "贵阳捉鸡"
    turn_timer: float | None = DEFAULT_TURN_TIMER  # seconds a person has for each decision; None: no clock
    drop_wait: float = 60.0  # how long the table waits for a dropped person before the AI plays on
    chat: bool = True
    next_hand_wait: float = 0.0  # longest wait for everyone's "ready" between hands
    fill_level: str = "normal"  # the AI level that plays an empty or dropped person's seat
    rate: float = 20.0  # messages a second per connection, on average
    burst: float = 40.0
    auto_start: bool = True  # start as soon as every person's seat is taken
    claim_beat: float = DEFAULT_CLAIM_BEAT  # the answering beat after every discard, while anyone can see

    def __post_init__(self) -> None:
        if self.length.kind not in TABLE_LENGTHS:
            raise ValueError(f"a network match lasts a number of hands or rounds, not {self.length.kind!r}")

    def to_json(self) -> dict[str, Any]:
        """The config as kept in the host's save."""
        return {
            "code": self.code,
            "seats": [[p.kind, p.level] for p in self.seats],
            "length": {"kind": self.length.kind, "n": self.length.n},
            "room": self.room,
            "turn_timer": self.turn_timer,
            "drop_wait": self.drop_wait,
            "chat": self.chat,
            "next_hand_wait": self.next_hand_wait,
            "fill_level": self.fill_level,
            "rate": self.rate,
            "burst": self.burst,
            "auto_start": self.auto_start,
            "claim_beat": self.claim_beat,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> TableConfig:
        """Inverse of to_json; ValueError/KeyError/TypeError when it is not one."""
        seats = [SeatPlan(str(k), str(lv)) for k, lv in d["seats"]]
        if len(seats) not in TABLE_SIZES or any(p.kind not in ("human", "ai") for p in seats):
            raise ValueError("a table has two, three or four seats, each human or ai")
        timer = d.get("turn_timer")
        # A save from before the length could be rounds kept the number of hands alone.
        raw = d["length"] if "length" in d else {"kind": "hands", "n": d["hands"]}
        if not isinstance(raw, dict):
            raise ValueError("the length is an object with kind and n")
        try:
            length = MatchLength(raw["kind"], raw["n"])
        except MatchConfigError as exc:
            raise ValueError(str(exc)) from None
        return TableConfig(
            code=str(d["code"]),
            seats=seats,
            length=length,
            room=str(d.get("room", "贵阳捉鸡")),
            turn_timer=float(timer) if timer is not None else None,
            drop_wait=float(d.get("drop_wait", 60.0)),
            chat=bool(d.get("chat", True)),
            next_hand_wait=float(d.get("next_hand_wait", 0.0)),
            fill_level=str(d.get("fill_level", "normal")),
            rate=float(d.get("rate", 20.0)),
            burst=float(d.get("burst", 40.0)),
            auto_start=bool(d.get("auto_start", True)),
            claim_beat=float(d.get("claim_beat", DEFAULT_CLAIM_BEAT)),
        )


TABLE_LENGTHS = ("hands", "rounds")
TABLE_SIZES = PLAYER_COUNTS  # the seats a table may have: its ruleset's players (docs/rules.md §15.2)
SIZE_WORDS = {2: "two", 3: "three", 4: "four"}


def seat_count_error(rules: Ruleset, given: int) -> str:
    """What is wrong with `given` seats at a table of `rules`: it seats exactly its players (docs/rules.md §15.2)."""
    n = rules.players
    return f"the {rules.name} table has {SIZE_WORDS.get(n, str(n))} seats (0-{n - 1}), got {given}"


def length_text(length: MatchLength) -> str:
    """ "8 hands", "1 round": the length as the host's terminal says it."""
    word = "hand" if length.kind == "hands" else "round"
    return f"{length.n} {word}{'s' if length.n != 1 else ''}"


def wire_length(length: MatchLength) -> P.WireLength:
    """A table's length on the wire (a table lasts hands or rounds)."""
    return P.WireLength("rounds" if length.kind == "rounds" else "hands", length.n)
