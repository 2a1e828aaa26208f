"""Long measurements show their progress on a terminal, on stderr, and nothing when piped or asked for JSON."""

from __future__ import annotations

import io
import json

import pytest

from game.ai.measure.arena import run_arena
from game.cli.progress import Progress, duration
from main import main


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class StepClock:
    """A clock read by hand: `now` is whatever the test set."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_line_says_done_of_total_rate_and_time_left() -> None:
    """Counts, share, rate and time left; redraws at most every quarter second, the last count always."""
    out, clock = io.StringIO(), StepClock()
    p = Progress("arena", 10, "deals", out, clock)
    clock.now = 2.0
    p.update(1)
    assert out.getvalue() == "\rarena: 1/10 deals (10%), 0.50 deals/s, 0:18 left"
    clock.now = 2.1
    p.update(2)  # too soon after the last line
    assert out.getvalue().count("\r") == 1
    clock.now = 4.0
    p.update(10)
    p.close()
    last = out.getvalue().split("\r")[-1]
    assert last.startswith("arena: 10/10 deals (100%) in 0:04") and out.getvalue().endswith("\n")
    assert duration(3725) == "1:02:05" and duration(59.6) == "1:00"


def test_a_shorter_line_covers_a_longer_one_and_clear_blanks_it() -> None:
    """Each redraw pads to the last line's width; clear() leaves blanks and the cursor at the line's start."""
    out, clock = io.StringIO(), StepClock()
    p = Progress("memory", 1000, "hands", out, clock)
    clock.now = 1.0
    p.update(1)
    first = out.getvalue()
    clock.now = 100.0
    p.update(999)
    assert len(out.getvalue()) - len(first) >= len(first)
    width = p.width
    p.clear()
    assert width > 0 and out.getvalue().endswith("\r" + " " * width + "\r")


def test_a_run_stopped_early_leaves_its_true_count() -> None:
    """Closed before the end (an interrupt), the line shows the count reached, not the last one drawn."""
    out, clock = io.StringIO(), StepClock()
    with Progress("audit", 10, "deals", out, clock) as p:
        clock.now = 1.0
        p.update(1)
        clock.now = 1.1
        p.update(3)  # not drawn: too soon
    assert out.getvalue().split("\r")[-1].startswith("audit: 3/10 deals (30%)") and out.getvalue().endswith("\n")


def test_a_silent_progress_writes_nothing() -> None:
    """Without a stream it counts and writes nothing."""
    p = Progress("arena", 3, "deals", None)
    p.update(3)
    p.clear()
    p.close()
    assert p.done == 3


ARENA = ["arena", "--ruleset", "guiyang-classic", "--deals", "2", "--seats", "normal,easy,easy,easy"]


def _on_terminal(monkeypatch: pytest.MonkeyPatch) -> tuple[FakeTerminal, FakeTerminal]:
    out, err = FakeTerminal(), FakeTerminal()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    return out, err


def test_arena_on_a_terminal_shows_progress_on_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal the count of deals goes to stderr, the report to stdout."""
    out, err = _on_terminal(monkeypatch)
    assert main(ARENA) == 0
    assert "arena: 2/2 deals (100%)" in err.getvalue() and err.getvalue().endswith("\n")
    assert "arena guiyang-classic" in out.getvalue() and "\r" not in out.getvalue()


def test_arena_with_json_or_piped_shows_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--json keeps stderr silent even on a terminal; piped (not a terminal) it is silent too."""
    out, err = _on_terminal(monkeypatch)
    assert main([*ARENA, "--json"]) == 0
    assert err.getvalue() == "" and json.loads(out.getvalue())["deals"] == 2
    monkeypatch.undo()
    assert main(ARENA) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "arena guiyang-classic" in captured.out


def test_audit_and_bench_memory_show_progress_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit counts deals, bench-memory hands; the checkpoints stay on stdout."""
    out, err = _on_terminal(monkeypatch)
    assert main(["audit", "--deals", "1", "--rollouts", "4", "--shuffles", "1"]) == 0
    assert "audit: 1/1 deals (100%)" in err.getvalue()
    assert main(["bench-memory", "--hands", "20", "--checkpoints", "2"]) == 0
    assert "bench-memory: 20/20 hands (100%)" in err.getvalue() and "      20 hands  rss" in out.getvalue()
    before = err.getvalue()
    assert main(["bench-memory", "--hands", "5", "--checkpoints", "1", "--json"]) == 0
    assert err.getvalue() == before


def test_workers_report_each_deal_as_it_comes_back() -> None:
    """With processes sharing the deals, the count still climbs deal by deal to the total."""
    seen: list[tuple[int, int]] = []
    run_arena(
        "guiyang-classic",
        ["normal", "easy", "easy", "easy"],
        3,
        "p",
        workers=2,
        warm=False,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
