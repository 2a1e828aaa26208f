"""The arena: duplicate deals, clustered intervals, and the same results however the deals are split."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from dataclasses import asdict
from pathlib import Path

import pytest

from game.ai.measure.arena import (
    BadSeats,
    Incomparable,
    compare_runs,
    deal_setup,
    mean_ci,
    parse_seats,
    percentile,
    run_arena,
)
from game.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[1]


def test_parse_seats_names_the_bad_seat() -> None:
    """--seats needs one known agent per seat of the table (docs/rules.md §15.2); the error names the seat and the
    known agents."""
    assert parse_seats("hard,normal,normal,normal", 4) == ("hard", "normal", "normal", "normal")
    with pytest.raises(BadSeats, match="this table seats 4; name 4 agents"):
        parse_seats("hard,normal", 4)
    with pytest.raises(BadSeats, match="seat 3 is 'grandmaster'"):
        parse_seats("easy,easy,grandmaster,easy", 4)
    assert parse_seats("expert,hard,oracle,hard", 4) == ("expert", "hard", "oracle", "hard")
    assert parse_seats("oracle-hands,hard,hard,hard", 4)[0] == "oracle-hands"
    assert parse_seats("hard,normal", 2) == ("hard", "normal")
    with pytest.raises(BadSeats, match=r"e\.g\. hard,normal,normal$"):
        parse_seats("hard,normal,normal,normal", 3)


def test_deals_are_repeatable() -> None:
    """Deal d's wall depends only on the seed and d, so every seating replays the same deal."""
    rules = load_ruleset("guiyang-classic")
    assert deal_setup("s", 4, rules) == deal_setup("s", 4, rules)
    assert deal_setup("s", 4, rules).wall != deal_setup("s", 5, rules).wall
    wall = deal_setup("s", 4, rules).wall
    assert wall is not None and sorted(Counter(wall).values()) == [4] * 27
    # docs/rules.md §15.1: a table of two suits deals its 72 tiles, and its dealer is one of its seats.
    two = load_ruleset("erding-liangfang")
    setups = [deal_setup("s", d, two) for d in range(20)]
    assert all(sorted(Counter(s.wall or ()).items()) == [(t, 4) for t in two.kinds] for s in setups)
    assert {s.dealer for s in setups} == {0, 1}


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


def _report(*args: str) -> dict[str, object]:
    """The JSON report of one `main.py arena` run."""
    out = subprocess.run(
        [sys.executable, "main.py", "arena", "--json", *args], cwd=ROOT, capture_output=True, text=True, check=True
    )
    rep: dict[str, object] = json.loads(out.stdout)
    return rep


def test_the_report_carries_each_deals_points_and_two_runs_compare_deal_by_deal(tmp_path: Path) -> None:
    """`arena --json` lists each deal's points per hand; build/compare_arenas.py pairs two runs by deal."""
    seats = "normal,easy,easy,easy"
    four = _report("--seats", seats, "--deals", "4", "--seed", "c")
    assert four["deal_numbers"] == [0, 1, 2, 3]
    points = four["deal_points"]
    assert isinstance(points, dict) and set(points) == {"normal", "easy"}
    by = {a["spec"]: a["mean"] for a in four["agents"]}  # type: ignore[attr-defined]
    assert abs(sum(points["normal"]) / 4 - by["normal"]) < 1e-9
    # Another level in the first seat, on deals 2-5 of the same seed: the runs share deals 2 and 3.
    other = _report("--seats", "hard,easy,easy,easy", "--deals", "4", "--first-deal", "2", "--seed", "c")
    with pytest.raises(Incomparable, match="no agent 'normal'"):
        compare_runs(four, other, "normal", "easy")
    c = compare_runs(four, four, "normal", "easy")
    assert c.deals == 4 and c.diff == 0.0 and c.margin_a == c.margin_b and abs(c.correlation - 1) < 1e-9
    renamed = json.loads(json.dumps(other).replace('"hard"', '"normal"'))
    c = compare_runs(four, renamed, "normal", "easy")
    margins = [x - y for x, y in zip(points["normal"], points["easy"], strict=True)]
    theirs = renamed["deal_points"]
    their_margins = [x - y for x, y in zip(theirs["normal"], theirs["easy"], strict=True)]
    assert c.deals == 2 and abs(c.diff - (sum(margins[2:]) - sum(their_margins[:2])) / 2) < 1e-9
    # The script: the figures, or one line naming what is wrong.
    a, b, bad = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "bad.json"
    a.write_text(json.dumps(four), encoding="utf-8")
    b.write_text(json.dumps(renamed), encoding="utf-8")
    bad.write_text("{not json", encoding="utf-8")
    script = [sys.executable, "build/compare_arenas.py"]
    out = subprocess.run(
        [*script, str(a), str(b), "--first", "normal", "--second", "easy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "2 deals in both runs" in out.stdout and f"A - B: {c.diff:+.3f}" in out.stdout
    for args, message in (
        ([str(a), str(bad)], "bad.json: not an `arena --json` report"),
        ([str(a), str(b), "--first", "oracle"], "no agent 'oracle'"),
    ):
        out = subprocess.run([*script, *args], cwd=ROOT, capture_output=True, text=True, check=False)
        assert out.returncode != 0 and message in out.stderr and "Traceback" not in out.stderr
    # A run of another seed shares no deals with this one.
    with pytest.raises(Incomparable, match="share 0 deals"):
        compare_runs(four, {**four, "seed": "d"}, "normal", "easy")
    assert asdict(run_arena("guiyang-classic", seats.split(","), 1, "c", warm=False))["deal_numbers"] == (0,)
