"""Under --rollouts no clock decides anything: an arena or an audit gives the same figures however busy the machine.

The deterministic form: a clock that jumps 10 ms at every reading (every deadline is past as soon as it
is set) changes nothing but the measured times. Then the command itself, run twice, once beside a
process that keeps a core busy.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any

import pytest

from game.ai.measure.arena import SearchBudget, run_arena
from game.ai.measure.audit import run_audit
from main import main


class JumpingClock:
    """A perf_counter that moves 10 ms forward each time it is read: any deadline fires at its first check."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.010
        return self.now


def unmeasured(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what the clock measured (its `timings`), all that must be equal between runs."""
    assert "timings" in report
    return {k: v for k, v in report.items() if k != "timings"}


SEATINGS = [("expert", "hard", "hard", "hard"), ("oracle", "oracle-hands", "expert", "hard")]


@pytest.mark.parametrize("seats", SEATINGS, ids=["expert", "oracles"])
def test_a_jumping_clock_changes_no_arena_figure(monkeypatch: pytest.MonkeyPatch, seats: tuple[str, ...]) -> None:
    """Hard's lookahead deadline and the searches' think budget are out of play under --rollouts."""
    budget = SearchBudget(rollouts=8)
    calm = run_arena("guiyang-classic", seats, 3, "repro", warm=False, budget=budget)
    monkeypatch.setattr(time, "perf_counter", JumpingClock())
    jumped = run_arena("guiyang-classic", seats, 3, "repro", warm=False, budget=budget)
    assert unmeasured(asdict(calm)) == unmeasured(asdict(jumped))
    assert all(a.timeouts == 0 for a in jumped.agents if a.spec == "hard")
    assert any(a.searched for a in jumped.agents)  # the searches ran, so their budget was in play


def test_without_rollouts_the_clock_still_bounds_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the table (no --rollouts) hard keeps its deadline: the same jumping clock cuts its lookahead."""
    monkeypatch.setattr(time, "perf_counter", JumpingClock())
    rep = run_arena("guiyang-classic", ["hard", "normal", "normal", "normal"], 2, "repro", warm=False)
    assert next(a for a in rep.agents if a.spec == "hard").timeouts > 0


def test_a_jumping_clock_changes_no_audit_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit plays the arena's games with the expert at a fixed rollout count: no clock in them either."""
    calm = asdict(run_audit("guiyang-classic", 2, "repro", rollouts=8, shuffles=1, z_min=0.0))
    monkeypatch.setattr(time, "perf_counter", JumpingClock())
    jumped = asdict(run_audit("guiyang-classic", 2, "repro", rollouts=8, shuffles=1, z_min=0.0))
    calm.pop("seconds")
    jumped.pop("seconds")
    assert calm == jumped and calm["records"]


@pytest.fixture
def busy_core() -> Iterator[None]:
    """Another process spinning on a processor for the test's length (a thread would wait on the GIL)."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


ARENA = ["arena", "--ruleset", "guiyang-classic", "--deals", "2", "--seats", "expert,hard,hard,hard"]
ARENA += ["--rollouts", "8", "--seed", "5", "--json"]


def _arena_json(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(ARENA) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_arena_json_is_the_same_beside_a_busy_core(capsys: pytest.CaptureFixture[str], request: Any) -> None:
    """`arena --rollouts N --json` twice, the second time beside a spinning process: the same JSON but for timings."""
    quiet = _arena_json(capsys)
    request.getfixturevalue("busy_core")
    busy = _arena_json(capsys)
    assert unmeasured(quiet) == unmeasured(busy)
    assert set(busy["timings"]) == {"seconds", "agents"}
    assert all("_ms" not in key for agent in busy["agents"] for key in agent)  # every time is under `timings`
