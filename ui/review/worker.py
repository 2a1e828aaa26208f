"""Slow work beside the frame loop: a thread that reports through a queue, which the screen reads each frame.

The worker is handed a function of two arguments, `progress(done, total)` and `cancelled()`; it never
touches pygame or the screen. The frame loop calls `poll()` and reads `state`, `done`, `total` and
`result`; `cancel()` asks the work to stop at its next check.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from game.ai.appraise import Cancelled

R = TypeVar("R")

RUNNING = "running"
DONE = "done"
FAILED = "failed"
CANCELLED = "cancelled"

Work = Callable[[Callable[[int, int], None], Callable[[], bool]], R]


class Worker(Generic[R]):
    """One piece of work on a daemon thread; its news arrive through a queue read by `poll()`."""

    def __init__(self, work: Work[R], name: str = "review") -> None:
        self._news: queue.Queue[tuple[str, object]] = queue.Queue()
        self._stop = threading.Event()
        self.state = RUNNING
        self.done = 0
        self.total = 0
        self.result: R | None = None
        self.error = ""

        def run() -> None:
            try:
                out = work(self._progress, self._check)
            except Cancelled:
                self._news.put((CANCELLED, None))
            except Exception as exc:  # shown on the screen: the game goes on
                self._news.put((FAILED, str(exc) or type(exc).__name__))
            else:
                self._news.put((DONE, out))

        self._thread = threading.Thread(target=run, name=name, daemon=True)
        self._thread.start()

    def _check(self) -> bool:
        """True once cancelled. The work asks between deals, a few milliseconds apart: it also lets the frame
        loop have the interpreter there (sleep(0) gives it up), which compiled rollouts would otherwise hold
        for the whole of Python's switch interval."""
        time.sleep(0)
        return self._stop.is_set()

    def _progress(self, done: int, total: int) -> None:
        self._news.put(("progress", (done, total)))

    def poll(self) -> bool:
        """Take in the news so far; True when anything changed."""
        changed = False
        while True:
            try:
                kind, value = self._news.get_nowait()
            except queue.Empty:
                return changed
            changed = True
            if kind == "progress":
                assert isinstance(value, tuple)
                self.done, self.total = value
            elif kind == DONE:
                self.state, self.result = DONE, value  # type: ignore[assignment]
            elif kind == FAILED:
                self.state, self.error = FAILED, str(value)
            else:
                self.state = CANCELLED

    def cancel(self) -> None:
        """Ask the work to stop (it stops at its next check, between deals)."""
        self._stop.set()

    @property
    def fraction(self) -> float:
        """How much of the work is done, 0..1."""
        return self.done / self.total if self.total else 0.0

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread (tests); True when it has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()
