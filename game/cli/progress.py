"""A long measurement's progress on a terminal: done of total, rate and time left, redrawn on one stderr line.

Shown only when stdout and stderr are both terminals and no JSON is asked for: output that is piped
or written to a file is a record, and a record takes no redrawn lines. stdout stays the report's.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

# Redraws at most this often (seconds): the count may move thousands of times a second.
REDRAW_EVERY = 0.25


def duration(seconds: float) -> str:
    """Seconds as h:mm:ss, or m:ss under an hour."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """One redrawn line `label: done/total unit (pct), rate, time left` on `stream`; silent when `stream` is None."""

    def __init__(
        self, label: str, total: int, unit: str, stream: TextIO | None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.stream = stream
        self.clock = clock
        self.start = clock()
        self.done = 0
        self.drawn_at: float | None = None
        self.width = 0  # of the line on screen, so that a shorter one covers it

    def update(self, done: int, total: int | None = None) -> None:
        """`done` pieces of work finished (of `total`, if it changed); redrawn now and then and at the end."""
        self.done = done
        if total is not None:
            self.total = total
        if self.stream is None:
            return
        now = self.clock()
        if self.drawn_at is not None and done < self.total and now - self.drawn_at < REDRAW_EVERY:
            return
        self.drawn_at = now
        self._draw(self.line(now))

    def line(self, now: float) -> str:
        """The line as it reads at time `now`."""
        elapsed = now - self.start
        share = f" ({100 * self.done / self.total:.0f}%)" if self.total else ""
        head = f"{self.label}: {self.done}/{self.total} {self.unit}{share}"
        if self.done >= self.total:
            return f"{head} in {duration(elapsed)}"
        if self.done == 0 or elapsed <= 0:
            return head
        rate = self.done / elapsed
        shown = f"{rate:.0f}" if rate >= 10 else f"{rate:.2f}"
        return f"{head}, {shown} {self.unit}/s, {duration((self.total - self.done) / rate)} left"

    def clear(self) -> None:
        """Blank the line, so that other output starts on a clean one; the next update draws it again."""
        if self.stream is not None and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
            self.drawn_at = None

    def close(self) -> None:
        """Leave the last count on its line and move past it."""
        if self.stream is not None and self.drawn_at is not None:
            if self.done < self.total:  # stopped early: the line on screen may be behind the count
                self._draw(self.line(self.clock()))
            self.stream.write("\n")
            self.stream.flush()
            self.stream = None

    def _draw(self, text: str) -> None:
        assert self.stream is not None
        self.stream.write("\r" + text + " " * max(0, self.width - len(text)))
        self.stream.flush()
        self.width = len(text)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def _terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # a closed stream
        return False


def terminal_progress(label: str, total: int, unit: str, json_out: bool = False) -> Progress:
    """A Progress on stderr when both stdout and stderr are terminals and no JSON is asked for, else a silent one."""
    shown = not json_out and _terminal(sys.stdout) and _terminal(sys.stderr)
    return Progress(label, total, unit, sys.stderr if shown else None)
