"""Easing curves and tweens: values that move from a start to an end over a duration."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]
Point = tuple[float, float]


def clamp01(t: float) -> float:
    """`t` limited to 0..1."""
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def linear(t: float) -> float:
    """No easing."""
    return clamp01(t)


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: tiles sliding into place."""
    t = clamp01(t)
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle at both ends."""
    t = clamp01(t)
    return 4 * t * t * t if t < 0.5 else 1.0 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: callouts popping in."""
    t = clamp01(t)
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces to rest, like dice landing."""
    t = clamp01(t)
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    """The value `t` of the way from `a` to `b`."""
    return a + (b - a) * t


def lerp_point(a: Point, b: Point, t: float) -> Point:
    """The point `t` of the way from `a` to `b`."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc_point(a: Point, b: Point, t: float, height: float) -> Point:
    """A point on a shallow arc from `a` to `b` rising `height` px at its middle (a tile tossed on the table)."""
    x, y = lerp_point(a, b, t)
    return (x, y - height * math.sin(math.pi * clamp01(t)))


@dataclass(frozen=True, slots=True)
class Tween:
    """A value from `start` to `end` between times `t0` and `t0 + duration` on some clock, eased."""

    start: float
    end: float
    t0: float
    duration: float
    easing: Easing = ease_out_cubic

    @property
    def t1(self) -> float:
        """When the tween ends."""
        return self.t0 + self.duration

    def progress(self, now: float) -> float:
        """0 before the start, 1 at and after the end, eased in between."""
        if self.duration <= 0:
            return 1.0 if now >= self.t0 else 0.0
        return self.easing((now - self.t0) / self.duration)

    def value(self, now: float) -> float:
        """The tweened value at clock time `now`."""
        return lerp(self.start, self.end, self.progress(now))

    def done(self, now: float) -> bool:
        """True once the end time has passed."""
        return now >= self.t1
