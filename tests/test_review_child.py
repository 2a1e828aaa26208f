"""The review in a child process: the same review as on a thread, cancelled by its flag or ended outright, and a
thread when no process can be started."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.ai.appraise import Cancelled
from game.review import child
from game.review.cache import cache_path, review_work
from game.review.report import match_json
from tests.review_rig import keep_match
from ui.review.worker import CANCELLED, DONE, RUNNING, Worker

ROLLOUTS = 2
WAIT = 60.0


@pytest.fixture
def replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    yield keep_match(hands=1)


def until_cancelled(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> str:
    """Work that goes on until it is cancelled (it checks as a review does)."""
    progress(0, 1)
    while not cancelled():
        time.sleep(0.01)
    raise Cancelled


def deaf(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> str:
    """Work that never checks: only ending its process stops it."""
    progress(0, 1)
    time.sleep(600)
    return "never"


def _finish(worker: Worker[object]) -> None:
    assert worker.join(WAIT)
    end = time.monotonic() + WAIT
    while worker.state == RUNNING and time.monotonic() < end:
        worker.poll()
        time.sleep(0.01)


def test_the_process_gives_the_threads_review(replay: Path) -> None:
    threaded: Worker[object] = Worker(lambda p, c: review_work(p, c, replay, 0, ROLLOUTS))
    _finish(threaded)
    cache_path(replay).unlink()  # the process prices every hand again rather than read the thread's
    away = Worker.away(review_work, replay, 0, ROLLOUTS)
    assert away.in_process
    _finish(away)
    assert threaded.state == away.state == DONE
    assert away.total > 0 and away.done == away.total
    assert json.dumps(match_json(away.result)) == json.dumps(match_json(threaded.result))  # type: ignore[arg-type]
    assert cache_path(replay).exists()  # the child kept the hands it priced beside the replay


def test_cancel_stops_the_process_at_its_next_check() -> None:
    worker = Worker.away(until_cancelled)
    assert worker.in_process
    end = time.monotonic() + WAIT
    while worker.total == 0 and time.monotonic() < end:  # the child is running the work
        worker.poll()
        time.sleep(0.01)
    worker.cancel()
    _finish(worker)
    assert worker.state == CANCELLED


def test_a_process_deaf_to_the_cancel_is_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(child, "CANCEL_GRACE", 0.2)
    worker = Worker.away(deaf)
    end = time.monotonic() + WAIT
    while worker.total == 0 and time.monotonic() < end:
        worker.poll()
        time.sleep(0.01)
    worker.cancel()
    _finish(worker)
    assert worker.state == CANCELLED


def test_no_process_means_a_thread_and_one_line(
    replay: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refused(*_args: object, **_kwargs: object) -> None:
        raise PermissionError("processes are not allowed here")

    monkeypatch.setattr(child.ChildProcess, "__init__", refused)
    with caplog.at_level(logging.WARNING):
        worker = Worker.away(review_work, replay, 0, ROLLOUTS)
    assert not worker.in_process
    _finish(worker)
    assert worker.state == DONE and worker.result is not None
    lines = [r for r in caplog.records if "thread" in r.getMessage()]
    assert len(lines) == 1 and "not allowed" in lines[0].getMessage()


def test_the_frame_bench_measures_a_review_on_a_thread_then_in_a_process(capsys: pytest.CaptureFixture[str]) -> None:
    """`main.py bench-review-frame` runs end to end from main.py (its figures are printed, not asserted)."""
    from main import main

    assert main(["bench-review-frame", "--size", "640x360", "--frames", "5", "--rollouts", "2", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["where"] for r in rows] == ["thread", "process"]
    assert all(1 <= r["frames"] <= 5 and "interval_p99_ms" in r for r in rows)
