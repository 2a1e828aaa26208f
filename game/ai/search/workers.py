"""Worker processes that search beside the expert at the table, one for each core the game does not run on.

A search on the clock (the table's think) plays rollouts as long as its budget lasts, so more cores
mean more deals. The pool's processes stay up between decisions: each decision, the expert sends
every free worker a Task (its observation, reading and ruleset, the candidates as lean-path moves)
with a seed of the worker's own and the seconds left; the worker deals from the observation, plays
the candidates on each deal until the time is up and sends back each candidate's values, one block
on its own deals. The expert merges the blocks with its own values before it decides
(game.ai.search.pairs pairs them block by block).

The workers play the candidates the search still plays: the search marks those it drops in an
array the processes share, and each worker looks at it before every deal. A worker deciding drops
on its own deals would stop once one move was left there, an idle core while the search still weighs
two; and once the search is down to one move, the workers stop with it.

The processes are spawned, as the review's child is (game/review/child.py): the same on every system
and the one a frozen build runs (main.py calls multiprocessing.freeze_support). Starting them takes
a while, so it happens on a background thread, and a search uses the workers ready by then. A
worker that fails, dies or misses the deadline costs the search only its values: the search goes
on with its own, and a log line says so. The fixed-rollout search (measurement) never uses them.

The table's pool is the shared one: `enable_shared()` allows it (the client does), `shared()` starts
it in the background on first use, and `stop_shared()` (also run at exit) ends its processes.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import logging
import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import TYPE_CHECKING, TypeAlias

from game.ai.search.pairs import Move, play_move

if TYPE_CHECKING:
    from ctypes import Array, c_byte
    from multiprocessing.context import SpawnContext

    from game.ai.judgement.reading import SeatReading
    from game.core.ruleset import Ruleset
    from game.engine.observation import Observation

    # Shared between the processes: per candidate, 1 while the search plays it.
    Flags: TypeAlias = Array[c_byte]

log = logging.getLogger(__name__)

# Seconds of a worker's share kept back for its answer to travel, so that its values are in by the deadline.
SEND_MARGIN = 0.01
# Seconds past the deadline the search waits for a worker's values before it goes on without them.
LATE_GRACE = 0.25
# Seconds a worker told to end is given to do so before it is terminated.
STOP_GRACE = 1.0
# Seconds closing the pool waits for a search under way to collect its values.
CLOSE_WAIT = 1.0

# Candidates a search may hand the workers (one flag each in the shared array); a search with more runs alone.
MAX_CANDIDATES = 64

READY = "ready"

# Per candidate, its values on one worker's deals, in deal order.
Block = list[list[float]]


@dataclass(frozen=True)
class Task:
    """What a worker needs to search one decision: the seat's view and the moves."""

    obs: Observation
    after_kong: bool  # the seat's drawn tile replaced its own kong
    reading: tuple[SeatReading | None, ...]  # the table as the seat reads it (game.ai.judgement.reading)
    rules: Ruleset
    plays: tuple[tuple[Move, int], ...]  # per candidate, its turn move, or None and its answer to the claim


def spare_cores() -> int:
    """The cores this process may run on, less the one the game runs on: the workers worth starting."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not offered on every system
        cores = os.cpu_count() or 1
    return max(0, cores - 1)


def trials(task: Task, seed: int, seconds: float, playing: Callable[[int], bool] = lambda i: True) -> Block:
    """The task's candidates played on deals of this process's own for `seconds`: on each deal, those `playing`
    says the search still plays, until fewer than two are."""
    from game.ai.search.sampling import Public, determinize

    deadline = time.perf_counter() + seconds
    pub = Public(task.obs, task.rules, task.after_kong, task.reading)
    rng = random.Random(seed)
    seat = task.obs.seat
    values: Block = [[] for _ in task.plays]
    while time.perf_counter() < deadline:
        alive = [i for i in range(len(task.plays)) if playing(i)]
        if len(alive) < 2:
            break
        deal = determinize(pub, rng)
        for i in alive:
            move, answer = task.plays[i]
            values[i].append(play_move(deal.copy(), move, answer, seat, task.rules))
    return values


def serve(conn: Connection, playing: Flags) -> None:
    """A worker's whole life: warm the tables, say it is ready, then answer each task until told to end."""
    # Ctrl-C at a terminal reaches the whole process group; the game decides when its workers end.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Everything a task needs is imported and the tables filled before the worker says it is ready: its first
    # search then plays as many deals as the next.
    import game.ai.search.sampling  # noqa: F401
    from game.core.suit_tables import fill_all

    fill_all()
    conn.send((READY, None))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the game is gone
        if message is None:
            return
        job, seed, seconds, payload = message
        try:
            out: Block | str = trials(pickle.loads(payload), seed, seconds, playing.__getitem__)
        except Exception as exc:  # told to the search, which goes on without this block
            out = f"{type(exc).__name__}: {exc}"
        try:
            conn.send((job, out))
        except (OSError, ValueError):
            return


class Worker:
    """One worker process and the main process's end of its pipe."""

    def __init__(self, context: SpawnContext, playing: Flags, index: int) -> None:
        self.conn, theirs = context.Pipe()
        self.process: SpawnProcess = context.Process(
            target=serve, args=(theirs, playing), name=f"search-worker-{index}", daemon=True
        )
        self.process.start()
        theirs.close()
        self.ready = False  # it has warmed its tables and said so
        self.owing: int | None = None  # a job whose answer has not come back
        self.lost = False  # dead, or its pipe broken: never sent to again

    @property
    def name(self) -> str:
        """The process's name, for the log."""
        return self.process.name

    def free(self) -> bool:
        """True when it can take a task now: ready, alive, and owing nothing (its late answers are read and dropped)."""
        if self.lost:
            return False
        try:
            while self.conn.poll():
                tag, _ = self.conn.recv()
                if tag == READY:
                    self.ready = True
                elif tag == self.owing:
                    self.owing = None
        except (EOFError, OSError) as exc:
            broken: BaseException | None = exc
        else:
            broken = None
        if not self.process.is_alive():
            self.lose(f"ended (exit code {self.process.exitcode})")
            return False
        if broken is not None:
            self.lose(f"broke its pipe ({broken or 'closed'})")
            return False
        return self.ready and self.owing is None

    def lose(self, why: str) -> None:
        """Never send it a task again (and end it if it still runs); the log says why once."""
        if not self.lost:
            log.warning("search workers: %s %s; the searches go on without it", self.name, why)
        self.lost = True
        if self.process.is_alive():
            self.process.terminate()


class SearchPool:
    """Worker processes started in the background and kept up between decisions; one search uses them at a time."""

    def __init__(self, workers: int) -> None:
        self.size = workers
        self.workers: list[Worker] = []
        self._context = multiprocessing.get_context("spawn")
        # The candidates the search under way still plays, 1 or 0 each; only the searching thread writes it, and a
        # worker reads whole bytes, so no lock is needed.
        self.playing: Flags = self._context.RawArray("b", MAX_CANDIDATES)
        self._busy = threading.Lock()  # held by the search using the workers
        self._guard = threading.Lock()  # the list of workers, between the starting thread and close()
        self._closed = False
        self._jobs = itertools.count(1)
        self._starter: threading.Thread | None = None

    def start(self) -> None:
        """Start the worker processes on a background thread; searches meanwhile use those ready so far."""
        if self._starter is None and self.size > 0:
            self._starter = threading.Thread(target=self._spawn, name="search-pool-start", daemon=True)
            self._starter.start()

    def _spawn(self) -> None:
        for index in range(self.size):
            with self._guard:
                if self._closed:
                    return
                try:
                    self.workers.append(Worker(self._context, self.playing, index))
                except Exception as exc:  # no process can be started: the searches go on alone
                    log.warning("search workers: cannot start a worker process (%s)", exc)
                    return

    def wait_ready(self, timeout: float) -> int:
        """Wait up to `timeout` seconds for every worker to be ready (the benchmark and tests); how many are."""
        self.start()
        end = time.monotonic() + timeout
        while True:
            with self._busy:
                ready = sum(w.free() for w in list(self.workers))
            if ready >= self.size or time.monotonic() >= end:
                return ready
            time.sleep(0.02)

    def begin(self, task: Task, seconds: float, seed: int) -> Pending | None:
        """Send `task` to every free worker for `seconds`; None when none is free (or another search has them)."""
        if seconds <= 0 or self._closed or len(task.plays) > MAX_CANDIDATES:
            return None
        if not self._busy.acquire(blocking=False):
            return None
        try:
            free = [w for w in list(self.workers) if w.free()]
            if not free:
                self._busy.release()
                return None
            job = next(self._jobs)
            self.follow([True] * len(task.plays))
            payload = pickle.dumps(task, protocol=pickle.HIGHEST_PROTOCOL)
            sent: list[Worker] = []
            for i, w in enumerate(free):
                try:
                    w.conn.send((job, seed + i, seconds, payload))
                except (OSError, ValueError) as exc:
                    w.lose(f"cannot send it a task ({exc})")
                    continue
                w.owing = job
                sent.append(w)
        except BaseException:
            self._busy.release()
            raise
        return Pending(self, job, sent)

    def follow(self, alive: list[bool]) -> None:
        """Tell the workers which candidates the search still plays (in the task's order)."""
        for i, on in enumerate(alive):
            self.playing[i] = 1 if on else 0

    def close(self) -> None:
        """Tell every worker to end, terminate any that does not, and wait for them: no process outlives the pool."""
        got = self._busy.acquire(timeout=CLOSE_WAIT)
        try:
            with self._guard:
                self._closed = True
                workers, self.workers = self.workers, []
            self.follow([False] * MAX_CANDIDATES)  # a worker under way stops at its next deal
            for w in workers:
                with contextlib.suppress(OSError, ValueError):
                    w.conn.send(None)
            end = time.monotonic() + STOP_GRACE
            for w in workers:
                w.process.join(max(0.0, end - time.monotonic()))
                if w.process.is_alive():
                    w.process.terminate()
                    w.process.join(STOP_GRACE)
                if w.process.is_alive():
                    w.process.kill()
                    w.process.join()
                w.conn.close()
        finally:
            if got:
                self._busy.release()


class Pending:
    """The workers' side of one search: their values once they send them, and the pool freed for the next."""

    def __init__(self, pool: SearchPool, job: int, sent: list[Worker]) -> None:
        self.pool = pool
        self.job = job
        self.sent = sent
        self.taken = False

    def follow(self, alive: list[bool]) -> None:
        """Tell the workers which candidates the search still plays; with one left they stop and send their values."""
        if not self.taken:
            self.pool.follow(alive)

    def results(self, until: float) -> list[Block]:
        """Each worker's block that arrives by `until` (perf_counter seconds); the pool is free again after."""
        if self.taken:
            return []
        self.taken = True
        out: list[Block] = []
        try:
            for w in self.sent:
                try:
                    if not w.conn.poll(max(0.0, until - time.perf_counter())):
                        log.warning("search workers: %s missed the deadline; the search goes on without it", w.name)
                        continue  # still owing: its answer is dropped when it comes
                    job, values = w.conn.recv()
                except (EOFError, OSError) as exc:
                    w.lose(f"died ({exc or 'its pipe closed'})")
                    continue
                if job != self.job:
                    continue
                w.owing = None
                if isinstance(values, str):
                    log.warning("search workers: %s failed: %s", w.name, values)
                    continue
                out.append(values)
        finally:
            self.pool._busy.release()
        return out


_shared: SearchPool | None = None
_shared_allowed: int | None = None  # the workers the shared pool may start; None until enable_shared
_shared_lock = threading.Lock()


def enable_shared(workers: int | None = None) -> None:
    """Let searches on the clock use a shared pool of `workers` processes (default: the spare cores)."""
    global _shared_allowed
    _shared_allowed = spare_cores() if workers is None else max(0, workers)


def shared() -> SearchPool | None:
    """The shared pool, its start begun in the background on the first call; None unless enabled with a worker."""
    global _shared
    if not _shared_allowed:
        return None
    with _shared_lock:
        if _shared is None:
            _shared = SearchPool(_shared_allowed)
            atexit.register(stop_shared)
            _shared.start()
        return _shared


def stop_shared() -> None:
    """End the shared pool's processes (the client calls it when its window closes; it also runs at exit)."""
    global _shared, _shared_allowed
    with _shared_lock:
        pool, _shared, _shared_allowed = _shared, None, None
    if pool is not None:
        pool.close()
