"""`python main.py simulate`: many hands by built-in bots, with figures and invariant checks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.cli.common import add_ruleset_argument, ruleset_or_exit
from game.cli.numbers import positive_int
from game.files.bounded_io import WholeAppender
from game.match.simulate import ENDINGS, simulate
from game.records.export import HandExporter


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `simulate` command."""
    p = sub.add_parser("simulate", help="play many hands with built-in bots and check the invariants")
    add_ruleset_argument(p)
    p.add_argument(
        "--hands", type=positive_int("--hands", 100_000_000), default=1000, help="hands to play (default 1000)"
    )
    p.add_argument("--seed", default="1", help="the match seed (default 1)")
    p.add_argument("--check-replay", action="store_true", help="also log the match and check that it replays")
    p.add_argument("--log", type=Path, help="write the match log (JSON lines) to this file, for `replay`")
    p.add_argument("--export", type=Path, metavar="DIR", help="write each hand as a hand file (for `settle`) into DIR")
    p.add_argument(
        "--check-export",
        action="store_true",
        help="also write each hand as a hand file, read it back and check it settles to the game's ledger",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and print; the timing goes to stderr so that the same seed prints the same stdout."""
    rules = ruleset_or_exit(args.ruleset)
    if rules is None:
        return 2
    if args.hands < 1:
        print(f"--hands {args.hands}: play at least one hand", file=sys.stderr)
        return 2
    try:
        exporter = HandExporter(args.export) if args.export else None
    except OSError as exc:
        print(f"{args.export}: cannot write hand files there: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        # Each hand goes to the log in one write, cut back if it fails: the log keeps every whole hand.
        log = WholeAppender(args.log, truncate=True) if args.log else None
    except OSError as exc:
        print(f"{args.log}: cannot write the log: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        rep = simulate(
            rules,
            str(args.seed),
            args.hands,
            check_replay=args.check_replay,
            on_hand=exporter.write if exporter else None,
            log=log,
            check_export=args.check_export,
        )
    except OSError as exc:
        where = exc.filename or args.log or args.export
        print(f"{where}: cannot write: {exc.strerror or exc}; every hand before it was written whole", file=sys.stderr)
        return 2
    finally:
        if log is not None:
            log.close()
    endings = {e: rep.endings.get(e, 0) for e in ENDINGS}
    if args.json:
        out = {
            "ruleset": rep.ruleset,
            "seed": rep.seed,
            "hands": rep.hands,
            "endings": endings,
            "scores": rep.scores,
            "checks": dict(rep.checks),
            "failures": rep.failures,
        }
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{rep.hands} hands of {rep.ruleset}, seed {rep.seed}")
        for e, n in endings.items():
            print(f"  {e:<16} {n:>7}  {100.0 * n / rep.hands:5.1f}%")
        print(f"  final scores     {rep.scores}")
        for name, n in sorted(rep.checks.items()):
            print(f"  check {name}: {n}/{rep.hands}")
        for f in rep.failures[:20]:
            print(f"  FAILED {f}")
    print(f"{rep.hands_per_second:.0f} hands/s ({rep.seconds:.2f} s)", file=sys.stderr)
    return 1 if rep.failures else 0
