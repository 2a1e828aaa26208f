"""Slow work beside the frame loop, reporting through a queue which the screen reads each frame.

The worker is handed a function whose first two arguments are `progress(done, total)` and `cancelled()`;
it never touches pygame or the screen. `Worker(work)` runs it on a thread; `Worker.away(work, *args)` in a
child process (game.review.child), so that a search holding the interpreter never holds the frame, and
on a thread when no process can be started. The frame loop calls `poll()` and reads `state`, `done`,
`total` and `result`; `cancel()` asks the work to stop at its next check.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from game.ai.appraise import Cancelled
from game.review.child import ChildProcess, ChildWork

R = TypeVar("R")

RUNNING = "running"
DONE = "done"
FAILED = "failed"
CANCELLED = "cancelled"

Work = Callable[[Callable[[int, int], None], Callable[[], bool]], R]

log = logging.getLogger(__name__)


class Worker(Generic[R]):
    """One piece of work on a daemon thread (or a child process: `away`); its news arrive through a queue read by
    `poll()`."""

    def __init__(self, work: Work[R] | ChildProcess, name: str = "review") -> None:
        """`work` runs on a new thread; a ChildProcess already started is only listened to."""
        self._news: queue.Queue[tuple[str, object]] = queue.Queue()
        self._stop = threading.Event()
        self._child = work if isinstance(work, ChildProcess) else None
        self.state = RUNNING
        self.done = 0
        self.total = 0
        self.result: R | None = None
        self.error = ""

        def run() -> None:
            assert not isinstance(work, ChildProcess)
            try:
                out = work(self._progress, self._check)
            except Cancelled:
                self._news.put((CANCELLED, None))
            except Exception as exc:  # shown on the screen: the game goes on
                self._news.put((FAILED, str(exc) or type(exc).__name__))
            else:
                self._news.put((DONE, out))

        self._thread = threading.Thread(target=run, name=name, daemon=True)
        if self._child is None:
            self._thread.start()

    @classmethod
    def away(cls, work: ChildWork, *args: Any, name: str = "review") -> Worker[Any]:
        """`work(progress, cancelled, *args)` in a child process (a module-level function, picklable arguments and
        result); on a thread, with one line in the log, when the process cannot be started."""
        try:
            child = ChildProcess(work, args, name)
        except Exception as exc:  # a system that forbids processes still gets its review
            log.warning("the %s runs on a thread: no process could be started (%s)", name, exc)
            return cls(lambda progress, cancelled: work(progress, cancelled, *args), name)
        return cls(child, name)

    @property
    def in_process(self) -> bool:
        """True when the work runs in a child process."""
        return self._child is not None

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
        if self._child is not None:
            for news in self._child.take():
                self._news.put(news)
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
        """Ask the work to stop (it stops at its next check, between deals; a child process that does not is ended)."""
        self._stop.set()
        if self._child is not None:
            self._child.cancel()

    @property
    def fraction(self) -> float:
        """How much of the work is done, 0..1."""
        return self.done / self.total if self.total else 0.0

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread or the process (tests); True when it has ended."""
        if self._child is not None:
            return self._child.join(timeout)
        self._thread.join(timeout)
        return not self._thread.is_alive()
