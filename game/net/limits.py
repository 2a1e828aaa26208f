"""Flood control for a connection: a token bucket, and a count of wrong room codes per address."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field


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


@dataclass
class CodeGuard:
    """Wrong room codes per address: past `limit` within `window` seconds that address is turned away."""

    limit: int = 20
    window: float = 60.0
    misses: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, addr: str, now: float) -> deque[float]:
        q = self.misses.setdefault(addr, deque())
        while q and now - q[0] > self.window:
            q.popleft()
        return q

    def blocked(self, addr: str, now: float) -> bool:
        """True while `addr` has had too many wrong codes lately."""
        return len(self._recent(addr, now)) >= self.limit

    def miss(self, addr: str, now: float) -> None:
        """Count a wrong code from `addr`."""
        self._recent(addr, now).append(now)
