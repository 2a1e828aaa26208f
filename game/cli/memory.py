"""`main.py bench-memory`: resident memory over a long simulation, to show it stays flat.

Plays HANDS hands as one match with the built-in bots (as `simulate` does, without a log) and
prints the resident set size and its peak at evenly spaced checkpoints. A figure is printed,
nothing is asserted: memory is flat when the peak at the last checkpoint is close to the peak at
the first ones.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

from game.cli.common import add_ruleset_argument, ruleset_or_exit
from game.cli.numbers import positive_int
from game.cli.progress import terminal_progress
from game.core.result import HandResult
from game.match.simulate import simulate

MAX_HANDS = 100_000_000


def current_rss_kb() -> int | None:
    """Resident memory of this process now, in KB (None where /proc is not there)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
    except OSError:
        return None
    import resource

    return int(fields[1]) * resource.getpagesize() // 1024


def peak_rss_kb() -> int | None:
    """The highest resident memory this process has had, in KB (None on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # macOS counts bytes, Linux KB


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `bench-memory` command."""
    p = sub.add_parser("bench-memory", help="resident memory at checkpoints over many simulated hands")
    add_ruleset_argument(p)
    p.add_argument("--hands", type=positive_int("--hands", MAX_HANDS), default=100_000, help="hands (default 100000)")
    p.add_argument(
        "--checkpoints", type=positive_int("--checkpoints", 1000), default=10, help="how many figures (default 10)"
    )
    p.add_argument("--seed", default="memory", help="the match seed (default memory)")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and print memory at each checkpoint."""
    rules = ruleset_or_exit(args.ruleset)
    if rules is None:
        return 2
    every = max(1, args.hands // args.checkpoints)
    rows: list[dict[str, Any]] = []
    count = 0
    start = time.perf_counter()
    progress = terminal_progress("bench-memory", args.hands, "hands", args.json)

    def on_hand(_result: HandResult) -> None:
        nonlocal count
        count += 1
        progress.update(count)
        if count % every == 0 or count == args.hands:
            progress.clear()  # the checkpoint's line goes to stdout, on the same terminal
            row = {
                "hands": count,
                "rss_mb": _mb(current_rss_kb()),
                "peak_rss_mb": _mb(peak_rss_kb()),
                "seconds": round(time.perf_counter() - start, 1),
            }
            rows.append(row)
            if not args.json:
                print(f"  {count:>10} hands  rss {row['rss_mb']} MB  peak {row['peak_rss_mb']} MB  {row['seconds']} s")
                sys.stdout.flush()

    gc.collect()
    before = {"rss_mb": _mb(current_rss_kb()), "peak_rss_mb": _mb(peak_rss_kb())}
    if not args.json:
        print(f"bench-memory: {args.hands} hands of {rules.name}, seed {args.seed}")
        print(f"  {0:>10} hands  rss {before['rss_mb']} MB  peak {before['peak_rss_mb']} MB")
    with progress:
        rep = simulate(rules, str(args.seed), args.hands, on_hand=on_hand)
    first = next((r["peak_rss_mb"] for r in rows if r["peak_rss_mb"] is not None), None)
    last = rows[-1]["peak_rss_mb"] if rows else None
    growth = round(last - first, 1) if first is not None and last is not None else None
    summary = {
        "ruleset": rules.name,
        "hands": args.hands,
        "before": before,
        "checkpoints": rows,
        "peak_growth_after_first_checkpoint_mb": growth,
        "failures": len(rep.failures),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"  peak growth from the first checkpoint to the last: {growth} MB; invariant failures {len(rep.failures)}"
        )
    return 1 if rep.failures else 0


def _mb(kb: int | None) -> float | None:
    return round(kb / 1024, 1) if kb is not None else None
