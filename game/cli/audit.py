"""`python main.py audit`: what the expert's search changes are worth when hard plays on."""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict

from game.ai.levels.expert import CLAIM_SWITCH_Z, SWITCH_Z
from game.ai.measure.audit import AuditReport, Band, run_audit
from game.cli.common import add_ruleset_argument, ruleset_or_exit
from game.cli.numbers import positive_int
from game.cli.progress import terminal_progress


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `audit` command."""
    p = sub.add_parser(
        "audit",
        help="price the expert's changes to hard's moves with hard playing on (duplicate deals, measurement)",
    )
    add_ruleset_argument(p)
    p.add_argument(
        "--deals", type=positive_int("--deals", 10_000_000), default=100, help="duplicate deals (default 100)"
    )
    p.add_argument("--seed", default="1", help="seed of the walls, as the arena's (default 1)")
    p.add_argument(
        "--rollouts",
        type=positive_int("--rollouts", 1_000_000),
        default=128,
        help="the expert's rollouts per searched decision (default 128)",
    )
    p.add_argument(
        "--shuffles",
        type=positive_int("--shuffles", 10_000),
        default=8,
        help="reorderings of the wall each move is priced over (default 8)",
    )
    p.add_argument(
        "--z-min",
        type=float,
        default=1.0,
        help="also price searches whose best other move fell short of the switch margin from this many se (default 1)",
    )
    p.add_argument(
        "--workers", type=positive_int("--workers", 256), default=1, help="processes to share the deals (default 1)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object, every record included")
    p.set_defaults(func=run)


def _json_ready(value: object) -> object:
    """`value` with every infinite or NaN float as null: a margin is infinite when hard's move was dropped,
    and JSON has no infinity."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    return value


def _band_line(b: Band) -> str:
    lo, hi = b.ci
    interval = f"[{lo:+.3f}, {hi:+.3f}]" if math.isfinite(hi) else "(one record)"
    return f"  {b.label:<28}{b.n:>6}{b.mean:>+10.3f}  {interval:<20}{b.total:>+9.1f}"


def print_report(rep: AuditReport) -> None:
    """The switched moves by kind and every priced move by margin."""
    print(
        f"audit {rep.ruleset}: {rep.deals} deals x 4 seatings = {rep.hands} expert hands; seed {rep.seed};"
        f" {rep.rollouts} rollouts a search; each move priced over {rep.shuffles} walls with hard playing on"
    )
    switched = sum(r.switched for r in rep.records)
    print(
        f"expert - hard in these games: {rep.margin:+.3f} points per hand;"
        f" the {switched} changes to hard's move, priced: {rep.switch_gain_per_hand:+.3f} points per expert hand"
    )
    head = f"  {'':<28}{'moves':>6}{'gain':>10}  {'95% interval':<20}{'total':>9}"
    print("changes the expert made, by kind (gain: points of its move minus hard's, per move):")
    print(head)
    for b in rep.by_kind:
        print(_band_line(b))
    print(
        "every priced search (made or not) by the search's margin"
        f" (it changes hard's move above {SWITCH_Z} se, an answer to a discard above {CLAIM_SWITCH_Z}):"
    )
    print(head)
    for b in rep.by_z:
        print(_band_line(b))
    print(f"the near misses (from {rep.z_min:g} se, not played), by what they would have changed:")
    print(head)
    for b in rep.near_by_kind:
        print(_band_line(b))
    print(f"{rep.seconds:.1f} s")


def run(args: argparse.Namespace) -> int:
    """Run the audit and print its figures."""
    if ruleset_or_exit(args.ruleset) is None:
        return 2
    if args.rollouts < 2:
        print(f"--rollouts {args.rollouts}: allow at least two rollouts per decision", file=sys.stderr)
        return 2
    if not math.isfinite(args.z_min) or args.z_min < 0:
        print(f"--z-min {args.z_min}: give a margin of zero or more standard errors", file=sys.stderr)
        return 2
    with terminal_progress("audit", args.deals, "deals", args.json) as progress:
        rep = run_audit(
            args.ruleset,
            args.deals,
            str(args.seed),
            args.rollouts,
            args.shuffles,
            args.z_min,
            args.workers,
            progress.update,
        )
    if args.json:
        data = asdict(rep)
        # Under `timings`, as in the arena's report: the clock's figures, the one part that differs between runs.
        data["timings"] = {"seconds": data.pop("seconds")}
        print(json.dumps(_json_ready(data), ensure_ascii=False, allow_nan=False))
    else:
        print_report(rep)
    return 0
