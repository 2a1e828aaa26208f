"""The arena: duplicate deals, clustered intervals, and the same results however the deals are split."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.ai.arena import BadSeats, deal_setup, mean_ci, parse_seats, percentile, run_arena

ROOT = Path(__file__).resolve().parents[1]


def test_parse_seats_names_the_bad_seat() -> None:
    """--seats needs four known agents; the error names the seat and the known agents."""
    assert parse_seats("hard,normal,normal,normal") == ("hard", "normal", "normal", "normal")
    with pytest.raises(BadSeats, match="four agents"):
        parse_seats("hard,normal")
    with pytest.raises(BadSeats, match="seat 3 is 'master'"):
        parse_seats("easy,easy,master,easy")
    assert parse_seats("expert,hard,oracle,hard") == ("expert", "hard", "oracle", "hard")
    assert parse_seats("oracle-hands,hard,hard,hard")[0] == "oracle-hands"


def test_deals_are_repeatable() -> None:
    """Deal d's wall depends only on the seed and d, so every seating replays the same deal."""
    assert deal_setup("s", 4) == deal_setup("s", 4)
    assert deal_setup("s", 4).wall != deal_setup("s", 5).wall
    wall = deal_setup("s", 4).wall
    assert wall is not None and sorted(Counter(wall).values()) == [4] * 27


def test_statistics() -> None:
    """Mean with a normal 95% interval; percentiles of a microsecond histogram in milliseconds."""
    mean, (lo, hi) = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo < 2.5 < hi and abs((hi - lo) / 2 - 1.959964 * 1.2909944 / 2) < 1e-6
    hist = Counter({100: 98, 200: 1, 5000: 1})
    assert percentile(hist, 0.5) == 0.1 and percentile(hist, 0.99) == 0.2 and percentile(hist, 1.0) == 5.0


def test_zero_sum_and_pooled_seats() -> None:
    """Seats with the same level are pooled; the points of all hands sum to zero (every ledger does)."""
    rep = run_arena("guiyang-classic", ["normal", "easy", "easy", "easy"], 3, "t", warm=False)
    by = {a.spec: a for a in rep.agents}
    assert set(by) == {"normal", "easy"} and by["normal"].hands == 12 and by["easy"].hands == 36
    assert abs(by["normal"].mean * 12 + by["easy"].mean * 36) < 1e-9
    (pair,) = rep.pairs
    assert pair.first == "normal" and abs(pair.diff - (by["normal"].mean - by["easy"].mean)) < 1e-9


def test_workers_give_the_same_results() -> None:
    """Splitting the deals across processes changes nothing but the timings."""
    seats = ["normal", "easy", "simple", "normal"]
    one = run_arena("guiyang-modern", seats, 4, "w", workers=1, warm=False)
    two = run_arena("guiyang-modern", seats, 4, "w", workers=2, warm=False)
    strip = [(a.spec, a.hands, a.mean, a.win_rate, a.deal_in_rate, a.ready_rate) for a in one.agents]
    assert strip == [(a.spec, a.hands, a.mean, a.win_rate, a.deal_in_rate, a.ready_rate) for a in two.agents]


def test_a_later_first_deal_plays_the_same_deals_as_a_longer_run() -> None:
    """Deals are numbered within a seed: deals 2-3 alone are the last two of a run of four."""
    seats = ["normal", "easy", "easy", "easy"]
    whole = run_arena("guiyang-classic", seats, 4, "f", warm=False)
    tail = run_arena("guiyang-classic", seats, 2, "f", warm=False, first=2)
    head = run_arena("guiyang-classic", seats, 2, "f", warm=False)
    by = {a.spec: a.mean for a in whole.agents}
    parts = [{a.spec: a.mean for a in r.agents} for r in (head, tail)]
    assert tail.deals == 2 and parts[0] != parts[1]
    for spec, mean in by.items():
        assert abs(mean - (parts[0][spec] + parts[1][spec]) / 2) < 1e-9


def test_cli_refuses_bad_input_without_a_traceback() -> None:
    """`main.py arena` with bad seats or deals prints one line naming the problem and exits 2."""
    for args, message in (
        (["--seats", "hard,normal"], "--seats"),
        (["--deals", "0"], "--deals 0"),
        (["--first-deal", "-1"], "--first-deal -1"),
        (["--ruleset", "nope"], "nope"),
    ):
        out = subprocess.run(
            [sys.executable, "main.py", "arena", *args], cwd=ROOT, capture_output=True, text=True, check=False
        )
        assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr
