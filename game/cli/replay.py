"""`python main.py replay LOG`: re-play a match log and confirm it ends in the same state."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.common import ruleset_or_exit
from game.match.replay import replay
from game.records.export import HandExporter
from game.records.gamelog import LogError, read_log
from game.rules.loader import RulesetError
from game.rules.refs import load_ruleset_ref


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
    if args.ruleset:
        rules = ruleset_or_exit(args.ruleset)
    else:
        try:
            rules = load_ruleset_ref(parsed.head.get("ruleset"))
        except RulesetError as exc:
            print(f"{args.log}: the header's ruleset: {exc}", file=sys.stderr)
            return 2
    if rules is None:
        return 2
    rep = replay(parsed, rules)
    if rep.mismatch is not None:
        print(f"{args.log}: replay differs after {rep.hands} hands: {rep.mismatch}")
        return 1
    ending = parsed.ending()
    if ending is not None:
        done = max(0, rep.hands - 1)
        print(f"{args.log}: {done} whole hands replayed, every event identical; {ending}")
        return 1
    print(f"{args.log}: {rep.hands} hands replayed, every event identical; scores {rep.scores}")
    if args.export:
        try:
            exporter = HandExporter(args.export)
            for result in rep.results:
                exporter.write(result)
        except OSError as exc:
            print(f"{args.export}: cannot write: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"{exporter.count} hand files written to {args.export}")
    return 0
