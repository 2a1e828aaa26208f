"""`python main.py teach`: matches of experts whose searched decisions are written down for training master.

The records go to a folder outside the project (the data is made, never shipped): each searched decision's
inputs, every option's price from the expert's search, the move played and the hand's result
(game.ai.measure.teacher). Run it again with the same arguments to go on after a stop.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.cli.common import add_ruleset_argument, ruleset_or_exit
from game.cli.numbers import positive_int
from game.cli.progress import duration, terminal_progress

# Without a terminal, a progress line every this many shards (a log, not a redrawn line).
LOG_EVERY = 10


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `teach` command."""
    p = sub.add_parser(
        "teach",
        help="write the expert's priced decisions for training the master level (development; resumable)",
    )
    add_ruleset_argument(p)
    p.add_argument("--out", type=Path, required=True, help="folder for the records (kept out of the project)")
    p.add_argument("--deals", type=positive_int("--deals", 10_000_000), default=1000, help="deals (default 1000)")
    p.add_argument("--seed", default="1", help="seed of the walls (default 1)")
    p.add_argument(
        "--rollouts", type=positive_int("--rollouts", 100_000), default=128, help="rollouts per decision (default 128)"
    )
    p.add_argument("--workers", type=positive_int("--workers", 256), default=1, help="processes (default 1)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the deals not yet written and say how many decisions were added."""
    from game.ai.measure.teacher import SHARD_DEALS, run_teacher

    if ruleset_or_exit(args.ruleset) is None:
        return 2
    start = time.monotonic()
    shards = -(-args.deals // SHARD_DEALS)
    with terminal_progress("teach", shards, "shards") as progress:
        shown = progress.stream is not None

        def told(done: int, total: int) -> None:
            progress.update(done, total)
            if not shown and done and (done % LOG_EVERY == 0 or done == total):
                spent = time.monotonic() - start
                left = spent / done * (total - done)
                print(f"teach: {done}/{total} shards, {duration(spent)} spent, {duration(left)} left", file=sys.stderr)

        rep = run_teacher(args.out, args.ruleset, args.deals, str(args.seed), args.rollouts, args.workers, told)
    print(
        f"teach {args.ruleset}: {rep.played} shards played, {rep.skipped} already there, "
        f"{rep.decisions} decisions written to {args.out} in {duration(time.monotonic() - start)}"
    )
    return 0
