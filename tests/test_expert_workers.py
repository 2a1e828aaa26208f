"""The expert's search on every core: worker processes beside a search on the clock, never in a fixed-rollout one."""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from game.ai.judgement.reading import read_table
from game.ai.levels.expert import ExpertAgent
from game.ai.search import workers
from game.ai.search.workers import SearchPool, Task
from game.cli.bench_search import search_positions
from game.engine.observation import Observation
from game.rules.loader import load_ruleset

RULES = load_ruleset("guiyang-classic")
BUDGET_MS = 150
# Long enough for a worker to start on the slowest machine; a test never waits this long when all is well.
START = 60.0


@pytest.fixture(scope="module")
def positions() -> list[Observation]:
    return search_positions(RULES, 5, 6)


@pytest.fixture(scope="module")
def pool() -> Iterator[SearchPool]:
    p = SearchPool(1)
    assert p.wait_ready(START) == 1
    yield p
    p.close()


@pytest.fixture
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search waits for its workers however busy the machine is: what is merged, not when, is under test."""
    monkeypatch.setattr("game.ai.levels.expert.LATE_GRACE", START)


def _unhurried(agent: ExpertAgent) -> ExpertAgent:
    """`agent` with hard's lookahead deadline off: its candidates then depend on the observation alone."""
    agent.hard.budget = math.inf
    return agent


def _task(obs: Observation) -> Task:
    agent = _unhurried(ExpertAgent(RULES))
    cands = agent.candidates(obs, agent.hard.choose(obs))
    plays = tuple((c.move, c.answer) for c in cands)
    return Task(obs, False, read_table(obs, RULES), RULES, plays)


def test_a_search_on_the_clock_merges_the_workers_values(
    positions: list[Observation], pool: SearchPool, patient: None
) -> None:
    """Rollouts the worker played join the search's own: more than the search alone, same candidates, legal move."""
    merged = 0
    for i, obs in enumerate(positions):
        agent = _unhurried(ExpertAgent(RULES, seed=i, budget_ms=BUDGET_MS, pool=pool))
        action = agent.choose(obs)
        assert action in obs.legal_actions
        probe = _unhurried(ExpertAgent(RULES))
        wanted = [str(c.action) for c in probe.candidates(obs, probe.hard.choose(obs))]
        assert [move for move, _, _ in agent.last_choice] == wanted
        stats = agent.stats
        assert stats.searched == 1
        if stats.budget_hits:  # a search stopped early by one move dominating tells the workers to stop too
            assert stats.helped > 0 and stats.rollouts > stats.rollouts - stats.helped
            assert any(n > 0 for _, _, n in agent.last_choice)
            merged += 1
    assert merged, "no search ran to its budget"


def test_a_worker_plays_every_candidate_on_its_own_deals(positions: list[Observation], pool: SearchPool) -> None:
    """A worker's block holds each candidate's values, all on the same deals (so they pair)."""
    task = _task(positions[0])
    pending = pool.begin(task, 0.1, seed=7)
    assert pending is not None
    blocks = pending.results(time.perf_counter() + START)
    assert len(blocks) == 1 and len(blocks[0]) == len(task.plays)
    lengths = {len(v) for v in blocks[0]}
    assert len(lengths) == 1 and lengths.pop() > 0


def test_the_workers_drop_what_the_search_drops_and_stop_with_it(
    positions: list[Observation], pool: SearchPool
) -> None:
    """A candidate the search drops is no longer played by the workers; with one left they stop before their time."""
    task = next(t for t in map(_task, positions) if len(t.plays) >= 3)
    pending = pool.begin(task, START, seed=5)
    assert pending is not None
    time.sleep(0.05)
    pending.follow([True, True] + [False] * (len(task.plays) - 2))
    time.sleep(0.05)
    pending.follow([True] + [False] * (len(task.plays) - 1))
    # Had the worker not stopped with one move left, it would play on for START seconds and miss this.
    blocks = pending.results(time.perf_counter() + START / 2)
    assert len(blocks) == 1
    first, second, *dropped = (len(v) for v in blocks[0])
    assert first == second and all(n <= second for n in dropped)


def test_the_fixed_rollout_search_never_uses_workers(positions: list[Observation]) -> None:
    """Measurement stays in one process: the pool is never asked, and the choice is the one made without a pool."""

    class Refusing(SearchPool):
        def begin(self, task: Task, seconds: float, seed: int) -> None:
            raise AssertionError("the fixed-rollout search asked for workers")

    for obs in positions[:3]:
        with_pool = ExpertAgent(RULES, seed=3, rollouts=60, pool=Refusing(1))
        alone = ExpertAgent(RULES, seed=3, rollouts=60)
        assert with_pool.choose(obs) == alone.choose(obs)
        assert with_pool.last_choice == alone.last_choice
        assert with_pool.stats.helped == 0


def test_a_failing_task_costs_only_its_values(
    positions: list[Observation], pool: SearchPool, caplog: pytest.LogCaptureFixture
) -> None:
    """A worker whose task raises sends no values, says why in the log, and takes the next task."""
    obs = positions[0]
    # An observation whose tile counts do not add up: the worker's dealing raises.
    broken = replace(_task(obs), obs=obs._replace(wall_remaining=obs.wall_remaining + 5))
    with caplog.at_level(logging.WARNING, logger=workers.__name__):
        pending = pool.begin(broken, 0.05, seed=1)
        assert pending is not None
        assert pending.results(time.perf_counter() + START) == []
    assert "failed" in caplog.text
    again = pool.begin(_task(obs), 0.05, seed=2)
    assert again is not None
    assert len(again.results(time.perf_counter() + START)) == 1


def test_a_killed_worker_leaves_the_search_its_own_values(
    positions: list[Observation], caplog: pytest.LogCaptureFixture, patient: None
) -> None:
    """A worker that died is dropped with a log line; the search answers from the main process's values."""
    doomed = SearchPool(1)
    try:
        assert doomed.wait_ready(START) == 1
        obs = positions[0]
        pending = doomed.begin(_task(obs), 5.0, seed=1)
        assert pending is not None
        doomed.workers[0].process.kill()
        doomed.workers[0].process.join(START)
        with caplog.at_level(logging.WARNING, logger=workers.__name__):
            assert pending.results(time.perf_counter() + START) == []
        assert "search-worker-0" in caplog.text
        agent = _unhurried(ExpertAgent(RULES, seed=1, budget_ms=BUDGET_MS, pool=doomed))
        assert agent.choose(obs) in obs.legal_actions
        assert agent.stats.searched == 1 and agent.stats.helped == 0 and agent.stats.rollouts > 0
    finally:
        doomed.close()


def test_a_worker_that_died_between_searches_is_left_out(
    positions: list[Observation], caplog: pytest.LogCaptureFixture, patient: None
) -> None:
    """A worker found dead when a search begins is never sent the task; the log says so and the search runs alone."""
    doomed = SearchPool(1)
    try:
        assert doomed.wait_ready(START) == 1
        doomed.workers[0].process.kill()
        doomed.workers[0].process.join(START)
        obs = positions[0]
        agent = _unhurried(ExpertAgent(RULES, seed=1, budget_ms=BUDGET_MS, pool=doomed))
        with caplog.at_level(logging.WARNING, logger=workers.__name__):
            assert agent.choose(obs) in obs.legal_actions
        assert "search-worker-0 ended" in caplog.text
        assert agent.stats.helped == 0 and agent.stats.rollouts > 0
    finally:
        doomed.close()


@pytest.mark.skipif(sys.platform == "win32", reason="a worker is made to hang with SIGSTOP")
def test_a_hung_worker_is_skipped_until_it_answers(
    positions: list[Observation], caplog: pytest.LogCaptureFixture
) -> None:
    """A worker that misses the deadline is not waited for again; once its late answer comes it is used again."""
    slow = SearchPool(1)
    try:
        assert slow.wait_ready(START) == 1
        pid = slow.workers[0].process.pid
        assert pid is not None
        task = _task(positions[0])
        os.kill(pid, signal.SIGSTOP)
        try:
            pending = slow.begin(task, 0.05, seed=1)
            assert pending is not None
            with caplog.at_level(logging.WARNING, logger=workers.__name__):
                assert pending.results(time.perf_counter() + 0.2) == []
            assert "missed the deadline" in caplog.text
            assert slow.begin(task, 0.05, seed=2) is None  # it still owes the last answer
        finally:
            os.kill(pid, signal.SIGCONT)
        assert slow.wait_ready(START) == 1
        again = slow.begin(task, 0.05, seed=3)
        assert again is not None
        assert len(again.results(time.perf_counter() + START)) == 1
    finally:
        slow.close()


def test_closing_the_pool_leaves_no_process() -> None:
    """Closed, the pool's workers have ended, and this process has no child left of them."""
    p = SearchPool(2)
    assert p.wait_ready(START) == 2
    procs = [w.process for w in p.workers]
    p.close()
    assert not any(proc.is_alive() for proc in procs)
    assert not set(multiprocessing.active_children()) & set(procs)


def test_the_shared_pool_runs_only_while_enabled() -> None:
    """Nothing starts workers unless the client enables them; stopped, the shared pool's processes are gone."""
    assert workers.shared() is None  # the arena, the commands and the tests search alone
    workers.enable_shared(1)
    try:
        p = workers.shared()
        assert p is not None and workers.shared() is p
        assert p.wait_ready(START) == 1
        procs = [w.process for w in p.workers]
    finally:
        workers.stop_shared()
    assert workers.shared() is None
    assert not any(proc.is_alive() for proc in procs)


def test_workers_are_the_cores_less_the_one_the_game_runs_on() -> None:
    """One worker per spare core; a single core gets none (the search runs alone, as before)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    assert workers.spare_cores() == cores - 1
