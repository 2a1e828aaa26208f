"""Compare two arena runs on the same deals, deal by deal: is one expert's margin over hard larger than the other's?

    python main.py arena ... --seed 12 --json > a.json     # e.g. a changed expert
    python main.py arena ... --seed 12 --json > b.json     # the game as it is, same deals
    python build/compare_arenas.py a.json b.json           # expert - hard in each, and A minus B

Both runs play the same deals: the more their per-deal margins agree (the correlation printed),
the narrower the interval of the difference, taken deal by deal, beside the margins' own.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.measure.arena import Incomparable, compare_runs


def _load(path: str) -> dict[str, object]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{path}: not an `arena --json` report ({exc})") from exc
    if not isinstance(data, dict):
        raise SystemExit(f"{path}: not an `arena --json` report (a JSON object is expected)")
    return data


def main(argv: list[str] | None = None) -> int:
    """Print both runs' margins and their paired difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="run A: the output of `python main.py arena ... --json`")
    parser.add_argument("b", help="run B, on the same ruleset, seed and deals")
    parser.add_argument("--first", default="expert", help="the agent whose margin is compared (default expert)")
    parser.add_argument("--second", default="hard", help="the agent it is measured against (default hard)")
    args = parser.parse_args(argv)
    try:
        c = compare_runs(_load(args.a), _load(args.b), args.first, args.second)
    except Incomparable as exc:
        print(f"cannot compare: {exc}", file=sys.stderr)
        return 2
    print(f"{c.deals} deals in both runs; {c.first} - {c.second} per hand, run by run:")
    print(f"  A {args.a}: {c.margin_a:+.3f}")
    print(f"  B {args.b}: {c.margin_b:+.3f}")
    print(
        f"A - B: {c.diff:+.3f} points per hand, 95% interval [{c.ci[0]:+.3f}, {c.ci[1]:+.3f}] by deal"
        f" (the runs' per-deal margins correlate {c.correlation:+.2f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
