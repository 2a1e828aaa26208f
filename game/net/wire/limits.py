"""Flood control: a connection's token bucket, the limits at the door, and the table's guard on its room code."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TokenBucket:
    """`rate` messages a second on average, bursts of up to `burst`; refill is continuous."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def take(self, now: float) -> bool:
        """Spend one token if there is one; False means the message is over the limit."""
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(frozen=True)
class DoorLimits:
    """How long a new connection has to say a valid hello, and how many may wait for theirs at once."""

    hello_deadline: float = 5.0  # seconds; also the limit on the WebSocket handshake before it
    max_waiting: int = 16  # connections that have not joined yet; more are closed at once

    def __post_init__(self) -> None:
        if self.hello_deadline <= 0 or self.max_waiting < 1:
            raise ValueError("the hello deadline is above 0 seconds and at least one connection may wait")


@dataclass
class CodeGuard:
    """Wrong room codes at one table, from every address together.

    The first `free` are typos and cost nothing; past them each wrong code shuts the door to codes
    for twice as long as the one before (from `base_lock` up to `max_lock` seconds), and one strike
    is forgiven every `forgive` seconds. While the door is shut no code is checked at all (every
    hello without a seat's token is told when to come back), so a guess made then learns nothing,
    and no address can get around it by being another. A rejoin with its seat's token never comes
    here. At most one code every `max_lock` seconds is checked in a storm (game.net.wire.roomcode has
    the figures).
    """

    free: int = 10
    base_lock: float = 1.0
    max_lock: float = 30.0
    forgive: float = 60.0
    strikes: float = 0.0
    stamp: float = 0.0
    until: float = 0.0

    def wait(self, now: float) -> float:
        """Seconds until the next code is checked (0.0: now)."""
        return max(0.0, self.until - now)

    def miss(self, now: float) -> None:
        """Count a wrong code; past the free ones, shut the door for a while."""
        if now > self.stamp:
            self.strikes = max(0.0, self.strikes - (now - self.stamp) / self.forgive)
            self.stamp = now
        self.strikes += 1.0
        over = self.strikes - self.free
        if over > 0:
            self.until = now + min(self.max_lock, self.base_lock * 2 ** min(over - 1, 30))
