"""AI decisions that take time, made beside the frame loop instead of inside it.

A searching AI (the expert) thinks for up to its budget; the table hands the observation to a
worker thread and keeps drawing, showing a "thinking" mark on the seat, and collects the action
on a later frame. The agent sees only the observation; the table's state is not touched by the
worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from game.engine.actions import Action
from game.engine.observation import Observation


def thinks_long(agent: object) -> bool:
    """True for agents whose decision should run off the frame loop (those that search)."""
    return bool(getattr(agent, "searches", False))


class Thinker:
    """One decision at a time on a daemon thread; `result()` is None until the action is ready."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._action: Action | None = None
        self._error: BaseException | None = None
        self.seat: int | None = None  # the engine seat whose decision is under way

    @property
    def busy(self) -> bool:
        """True while a decision is under way or waiting to be collected."""
        return self.seat is not None

    def start(self, seat: int, choose: Callable[[Observation], Action], obs: Observation) -> None:
        """Begin deciding for `seat`."""
        self.seat = seat
        self._action = None
        self._error = None

        def work() -> None:
            try:
                self._action = choose(obs)
            except Exception as exc:  # handed to the frame loop, which falls back to a quick move
                self._error = exc

        self._thread = threading.Thread(target=work, name=f"ai-seat-{seat}", daemon=True)
        self._thread.start()

    def done(self) -> bool:
        """True once the decision is made (or failed)."""
        return self._thread is not None and not self._thread.is_alive()

    def take(self) -> tuple[Action | None, BaseException | None]:
        """The finished decision (action, or the error it raised); the thinker is free again."""
        if self._thread is not None:
            self._thread.join()
        out = (self._action, self._error)
        self._thread, self.seat, self._action, self._error = None, None, None, None
        return out
