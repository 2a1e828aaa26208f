"""The host's record of each seat (its plan, holder and connection) and of each connection."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.ruleset import Ruleset
from game.match.agents import Agent
from game.net.host.table_config import SeatPlan
from game.net.wire.limits import TokenBucket

SendFn = Callable[[bytes], None]
CloseFn = Callable[[int, str], None]
AgentFactory = Callable[[str, str, Ruleset], Agent]

# Close codes (RFC 6455 §7.4): 1008 policy violation, 1000 normal.
CLOSE_POLICY = 1008
CLOSE_NORMAL = 1000


@dataclass
class Holder:
    """The person who holds a seat: the name shown and the secret token to rejoin with."""

    name: str
    token: str


@dataclass
class SeatState:
    """A seat at the host: its plan, its holder and its connection."""

    plan: SeatPlan
    holder: Holder | None = None
    conn: int | None = None
    dropped_at: float | None = None  # when the holder's connection was lost
    next_hand: bool = False  # taken mid-hand: the AI plays it until the next hand starts
    ready: bool = False
    asked_at: float | None = None  # when the current decision was put to the seat (turn timer)
    asked_seq: int = -1  # the event count when it was put, so each decision is asked once
    shown_at: float | None = None  # when the player said the current decision is on their screen: its clock starts
    said_seq: int = -1  # the last event count the seat's window said it shows
    timeouts: int = 0  # decisions in a row the clock ran out on
    tuoguan: bool = False  # 托管: two run-outs in a row; the AI plays the seat until its player acts
    kept: bool = False  # held for its holder's token alone (the host window's own seat): never free to a joiner


@dataclass
class Conn:
    """One connection: before its hello it is nobody; then a seat or a spectator."""

    id: int
    send: SendFn
    close: CloseFn
    addr: str
    bucket: TokenBucket
    joined: bool = False
    seat: int | None = None  # None with joined: a spectator
    violations: int = 0
    last_chat: float = -1e9
    closed: bool = False


@dataclass
class Stats:
    """Counts for the host's log and the tests."""

    received: int = 0
    refused: int = 0
    sent: int = 0
    actions: int = 0
