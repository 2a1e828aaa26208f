"""Work done a little per frame: a job is a call that prepares something ahead of need."""

from __future__ import annotations

from collections.abc import Callable

Job = Callable[[], object]


class Alone:
    """A job that takes most of a frame by itself (reading a ruleset file): it runs first in a frame, alone."""

    def __init__(self, job: Job) -> None:
        self.job = job

    def __call__(self) -> object:
        return self.job()
