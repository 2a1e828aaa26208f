"""Work done a little per frame: a job is a call that prepares something ahead of need.

A job starts only when the time it is expected to take still fits in the frame, so preparing
ahead never makes a frame late. What a job takes is learnt from the jobs of its kind that ran
before (a tile picture of one size, one step of the settlement sheet): the estimate jumps up to
any slower run at once, since a late frame is what must not happen, and creeps down again as
faster runs follow.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import partial

Job = Callable[[], object]

UNKNOWN_COST = 0.003  # seconds expected of a job of a kind never run before
QUIET = 0.0015  # a frame that has taken less than this so far runs its next job whatever it is expected to take
EASE = 0.1  # how far a faster run pulls the estimate down


class Labelled:
    """A job with a name for its kind, for jobs whose call alone does not say it (the steps of one drawing)."""

    def __init__(self, kind: Hashable, job: Job) -> None:
        self.kind = kind
        self.job = job

    def __call__(self) -> object:
        return self.job()


def kind_of(job: Job) -> Hashable:
    """What jobs of the same cost share: the function called (and the object it is called on), not its arguments."""
    if isinstance(job, Labelled):
        return job.kind
    f: object = job
    while isinstance(f, partial):
        f = f.func
    owner = getattr(f, "__self__", None)
    f = getattr(f, "__func__", f)
    code = getattr(f, "__code__", f)  # closures made anew per call share their code
    return (code, id(owner) if owner is not None else 0)


class Jobs:
    """A line of jobs; the next one waits at its head until a frame has room for it."""

    def __init__(self, jobs: Iterable[Job]) -> None:
        self._jobs: Iterator[Job] = iter(jobs)
        self._head: Job | None = None

    def head(self) -> Job | None:
        """The next job to run (None when there are no more)."""
        if self._head is None:
            self._head = next(self._jobs, None)
        return self._head

    def pop(self) -> Job | None:
        """Take the next job off the line."""
        job = self.head()
        self._head = None
        return job

    def finish(self) -> None:
        """Run every job left now (when there are no frames to spread them over)."""
        for job in itertools.chain([self.pop()], self._jobs):
            if job is not None:
                job()


def each_step(steps: Iterator[object], label: str) -> Iterator[Job]:
    """The steps of a generator as jobs, one per step, each of its own kind (`label`, step number)."""
    finished = False

    def step() -> None:
        nonlocal finished
        try:
            next(steps)
        except StopIteration:
            finished = True

    for n in itertools.count():
        if finished:
            return
        yield Labelled((label, n), step)


class FrameJobs:
    """Runs jobs in what is left of each frame, learning what each kind of job takes."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.costs: dict[Hashable, float] = {}
        self.frame_start = clock()

    def start_frame(self) -> None:
        """Mark the start of a frame: the time allowed to jobs is counted from here."""
        self.frame_start = self.clock()

    def expected(self, job: Job) -> float:
        """Seconds `job` is expected to take."""
        return self.costs.get(kind_of(job), UNKNOWN_COST)

    def run(self, jobs: Jobs, until: float) -> bool:
        """Run jobs from `jobs` while each is expected to end before `until` seconds into the frame; True while
        jobs are left. A frame that has done almost nothing yet runs its next job in any case, so that a job
        expected to take longer than `until` is still done, alone, in the quietest frame there is."""
        while (job := jobs.head()) is not None:
            start = self.clock()
            elapsed = start - self.frame_start
            if elapsed > QUIET and elapsed + self.expected(job) > until:
                return True
            jobs.pop()
            job()
            self._learn(job, self.clock() - start)
        return False

    def _learn(self, job: Job, took: float) -> None:
        kind = kind_of(job)
        known = self.costs.get(kind)
        self.costs[kind] = took if known is None or took > known else known + (took - known) * EASE
