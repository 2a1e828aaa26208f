"""Slow work in a process of its own, so that its search never holds the interpreter the window draws with.

The child is started with the spawn method: the same on every system, and the one a frozen build runs
(main.py calls multiprocessing.freeze_support). `work(progress, cancelled, *args)` must be a module-level
function and its arguments and result picklable. The child tells its news through a queue: ("progress",
(done, total)) as it goes, then one of ("done", result), ("failed", why) or ("cancelled", None). A
cancel sets a flag the work polls between deals; a child that has not ended a few seconds later is
terminated (the review keeps its hands with atomic writes, so a kill loses at most the hand under way).
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import time
from collections.abc import Callable
from multiprocessing.context import SpawnProcess
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from typing import Any

from game.ai.appraise import Cancelled

PROGRESS = "progress"
DONE = "done"
FAILED = "failed"
CANCELLED = "cancelled"

# Seconds a cancelled child is given to stop at its next check before it is terminated.
CANCEL_GRACE = 3.0

News = tuple[str, object]
ChildWork = Callable[..., Any]  # work(progress, cancelled, *args)


def run_child(news: Queue[News], stop: Event, work: ChildWork, args: tuple[Any, ...]) -> None:
    """The child's whole life: run `work`, telling `news` how far it got and how it ended."""

    def progress(done: int, total: int) -> None:
        news.put((PROGRESS, (done, total)))

    try:
        out = work(progress, stop.is_set, *args)
    except Cancelled:
        news.put((CANCELLED, None))
    except Exception as exc:  # told to the window, which goes on
        news.put((FAILED, str(exc) or type(exc).__name__))
    else:
        news.put((DONE, out))


class ChildProcess:
    """One piece of work in a spawned child process; OSError (or another start error) when none can be started."""

    def __init__(self, work: ChildWork, args: tuple[Any, ...], name: str = "review") -> None:
        context = multiprocessing.get_context("spawn")
        self._news: Queue[News] = context.Queue()
        self._stop = context.Event()
        self._ended = False  # its last news (done, failed or cancelled) has been taken
        self._held: list[News] = []  # news read while waiting for the child to end
        self.process: SpawnProcess = context.Process(
            target=run_child, args=(self._news, self._stop, work, args), name=name, daemon=True
        )
        self.process.start()

    def take(self) -> list[News]:
        """The news since the last call; a child that died without a word is told as failed."""
        out, self._held = self._held + self._drain(), []
        if any(kind != PROGRESS for kind, _ in out):
            self._ended = True
        elif not self._ended and not self.process.is_alive() and self._news.empty():
            self._ended = True
            code = self.process.exitcode
            kind = CANCELLED if self._stop.is_set() else FAILED
            out.append((kind, f"the review's process ended (exit code {code})"))
        return out

    def _drain(self) -> list[News]:
        out: list[News] = []
        while True:
            try:
                out.append(self._news.get_nowait())
            except queue.Empty:
                return out
            except (EOFError, OSError):  # the child died mid-message
                return out

    def cancel(self) -> None:
        """Ask the work to stop at its next check; terminate the child if it has not ended a little later."""
        if self._stop.is_set():
            return
        self._stop.set()
        threading.Thread(target=self._reap, name="review-reaper", daemon=True).start()

    def _reap(self) -> None:
        self.process.join(CANCEL_GRACE)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(CANCEL_GRACE)

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the child to end (tests); True when it has. Its news are read meanwhile: a child cannot end
        while its result still fills the pipe."""
        end = None if timeout is None else time.monotonic() + timeout
        while self.process.is_alive() and (end is None or time.monotonic() < end):
            self._held += self._drain()
            self.process.join(0.05)
        return not self.process.is_alive()
