"""`python main.py reading`: how well the expert's reading of the table guesses the other seats' hands."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from game.ai.measure.reading_check import Figures, ReadingReport, run_reading
from game.cli.common import add_ruleset_argument, ruleset_or_exit
from game.cli.numbers import positive_int


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `reading` command."""
    p = sub.add_parser(
        "reading",
        help="score the table reading's ready chances and waits against the true hands (hard seats, measurement)",
    )
    add_ruleset_argument(p)
    p.add_argument("--deals", type=positive_int("--deals", 10_000_000), default=100, help="deals (default 100)")
    p.add_argument("--seed", default="1", help="seed of the walls, as the arena's (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--samples", action="store_true", help="with --json: every scored seat too")
    p.set_defaults(func=run)


def _line(label: str, f: Figures) -> str:
    return (
        f"  {label:<22}{f.n:>7}{f.median_lift:>9.2f}{f.mean_lift:>8.2f}{f.mean_log_lift:>+9.3f}"
        f"{f.plain_median_lift:>9.2f}{f.plain_mean_log_lift:>+9.3f}"
    )


def print_report(rep: ReadingReport) -> None:
    """The wait guesses of ready seats, then the calibration of the ready chance."""
    print(f"reading {rep.ruleset}: {rep.deals} deals, seed {rep.seed}, four hards; scored at every turn after a draw")
    print("waits of truly ready seats: mass on the true waits / a uniform guess's (lift)")
    print(f"  {'':<22}{'seats':>7}{'median':>9}{'mean':>8}{'mean ln':>9}{'plain md':>9}{'plain ln':>9}")
    print(_line("declared (报听)", rep.declared))
    print(_line("ready, not declared", rep.undeclared))
    print("  (plain: unseen copies only, as hard's defence counts ways)")
    print(
        f"ready chance of seats not declared ({rep.ready_n} scored, {rep.base_rate:.1%} ready):"
        f" Brier {rep.brier:.4f}, base rate {rep.brier_base:.4f}, hard's guess {rep.brier_old:.4f}"
    )


def run(args: argparse.Namespace) -> int:
    """Run the measurement and print its figures."""
    if ruleset_or_exit(args.ruleset) is None:
        return 2
    rep = run_reading(args.ruleset, args.deals, str(args.seed), keep_samples=args.samples)
    if args.json:
        print(json.dumps(asdict(rep), ensure_ascii=False))
    else:
        print_report(rep)
    return 0
