"""`python main.py replay LOG`: re-play a match log and confirm it ends in the same state."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.common import ruleset_or_exit
from game.export import HandExporter
from game.gamelog import LogError, read_log, replay


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `replay` command."""
    p = sub.add_parser("replay", help="re-play a match log and check every event")
    p.add_argument("log", type=Path, help="a match log (JSON lines)")
    p.add_argument("--ruleset", help="replay under this ruleset instead of the one the log names")
    p.add_argument("--export", type=Path, metavar="DIR", help="write each replayed hand as a hand file into DIR")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay and report; exit 1 when the replay differs, 2 when the log cannot be read."""
    try:
        parsed = read_log(args.log)
    except LogError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    rules = ruleset_or_exit(args.ruleset or str(parsed.head.get("ruleset")))
    if rules is None:
        return 2
    rep = replay(parsed, rules)
    if rep.mismatch is not None:
        print(f"{args.log}: replay differs after {rep.hands} hands: {rep.mismatch}")
        return 1
    print(f"{args.log}: {rep.hands} hands replayed, every event identical; scores {rep.scores}")
    if args.export:
        try:
            exporter = HandExporter(args.export)
            for result in rep.results:
                exporter.write(result)
        except OSError as exc:
            print(f"{args.export}: cannot write: {exc.strerror}", file=sys.stderr)
            return 2
        print(f"{exporter.count} hand files written to {args.export}")
    return 0
