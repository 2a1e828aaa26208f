"""`python main.py arena`: AI levels against each other on duplicate deals, with confidence intervals."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from game.ai.measure.arena import ArenaReport, BadSeats, SearchBudget, parse_seats, run_arena
from game.cli.common import add_ruleset_argument, ruleset_or_exit
from game.cli.numbers import positive_int
from game.cli.progress import terminal_progress


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `arena` command."""
    p = sub.add_parser("arena", help="play AI levels against each other on duplicate deals")
    add_ruleset_argument(p)
    p.add_argument(
        "--deals",
        type=positive_int("--deals", 10_000_000),
        default=200,
        help="duplicate deals, each played once per seat (default 200)",
    )
    p.add_argument(
        "--seats",
        default=None,
        help="one agent per seat: easy, normal, hard, expert (measurement: oracle, oracle-hands, simple, random);"
        " default hard and normal in the other seats",
    )
    p.add_argument(
        "--rollouts",
        type=int,
        default=None,
        help="expert: a fixed number of rollouts per searched decision instead of the clock (reproducible)",
    )
    p.add_argument(
        "--think-ms", type=float, default=None, help="expert: wall-clock think budget per decision (default 300)"
    )
    p.add_argument("--seed", default="1", help="seed of the walls (default 1)")
    p.add_argument(
        "--first-deal",
        type=int,
        default=0,
        help="number of the first deal (default 0): --first-deal 400 --deals 1600 plays deals 400-1999 of a seed",
    )
    p.add_argument(
        "--workers", type=positive_int("--workers", 256), default=1, help="processes to share the deals (default 1)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _signed(x: float) -> str:
    return f"{x:+.3f}"


def print_report(rep: ArenaReport) -> None:
    """The figures as a table; timings last, as they alone vary from run to run."""
    seatings = len(rep.seats)
    hands = rep.deals * seatings
    print(f"arena {rep.ruleset}: {rep.deals} deals x {seatings} seatings = {hands} hands; seats {','.join(rep.seats)}")
    print(f"seed {rep.seed}; points per hand with 95% intervals clustered by deal")
    w = max(8, *(len(a.spec) + 1 for a in rep.agents))  # the name column fits the longest agent name
    head = f"{'agent':<{w}}{'hands':>7}{'points/hand':>13}{'95% interval':>20}"
    head += f"{'win':>7}{'self-draw':>10}{'deal-in':>9}{'draw':>7}{'ready':>7}{'win value':>10}"
    print(head)
    for a in rep.agents:
        interval = f"[{_signed(a.ci[0])}, {_signed(a.ci[1])}]"
        print(
            f"{a.spec:<{w}}{a.hands:>7}{_signed(a.mean):>13}{interval:>20}"
            f"{100 * a.win_rate:>6.1f}%{100 * a.self_draw_rate:>9.1f}%{100 * a.deal_in_rate:>8.1f}%"
            f"{100 * a.draw_rate:>6.1f}%{100 * a.ready_rate:>6.1f}%{a.mean_win:>10.2f}"
        )
    for p in rep.pairs:
        verdict = "above zero" if p.ci[0] > 0 else "below zero" if p.ci[1] < 0 else "includes zero"
        print(
            f"{p.first} - {p.second}: {_signed(p.diff)} points per hand, "
            f"95% interval [{_signed(p.ci[0])}, {_signed(p.ci[1])}] ({verdict})"
        )
    print("decision time per choose(), wall clock (perf_counter) and CPU time of the deciding thread:")
    for a in rep.agents:
        cut = f"  deadline reached {a.timeouts} times" if a.spec == "hard" else ""
        if a.searched:
            rate = a.timeouts / a.searched
            cut = (
                f"  searched {a.searched}, budget reached {a.timeouts} ({100 * rate:.1f}% of searches),"
                f" first choice changed {a.switched}, {a.rollouts / a.searched:.1f} rollouts a search"
            )
        t = rep.timings.of(a.spec)
        print(
            f"  {a.spec:<{w}} {a.decisions:>8} decisions  median {t.median_ms:.3f} ms  p99 {t.p99_ms:.3f} ms"
            f"  (CPU median {t.cpu_median_ms:.3f} ms, p99 {t.cpu_p99_ms:.3f} ms){cut}"
        )
        if a.searched:
            print(
                f"  {'':<{w}} {a.searched:>8} searched  median {t.searched_median_ms:.3f} ms"
                f"  p99 {t.searched_p99_ms:.3f} ms  (CPU median {t.searched_cpu_median_ms:.3f} ms,"
                f" p99 {t.searched_cpu_p99_ms:.3f} ms)"
            )
    print(f"{rep.timings.seconds:.1f} s")


def run(args: argparse.Namespace) -> int:
    """Run the arena and print its figures."""
    rules = ruleset_or_exit(args.ruleset)
    if rules is None:
        return 2
    try:
        text = args.seats or ",".join(["hard"] + ["normal"] * (rules.players - 1))
        seats = parse_seats(text, rules.players)
    except BadSeats as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.deals < 1:
        print(f"--deals {args.deals}: play at least one deal", file=sys.stderr)
        return 2
    if args.first_deal < 0:
        print(f"--first-deal {args.first_deal}: deals are numbered from 0", file=sys.stderr)
        return 2
    if args.workers < 1:
        print(f"--workers {args.workers}: use at least one process", file=sys.stderr)
        return 2
    if args.rollouts is not None and args.rollouts < 2:
        print(f"--rollouts {args.rollouts}: allow at least two rollouts per decision", file=sys.stderr)
        return 2
    if args.think_ms is not None and args.think_ms <= 0:
        print(f"--think-ms {args.think_ms}: give a positive number of milliseconds", file=sys.stderr)
        return 2
    budget = SearchBudget(args.rollouts, args.think_ms)
    with terminal_progress("arena", args.deals, "deals", args.json) as progress:
        rep = run_arena(
            args.ruleset,
            seats,
            args.deals,
            str(args.seed),
            args.workers,
            budget=budget,
            first=args.first_deal,
            progress=progress.update,
        )
    if args.json:
        print(json.dumps(asdict(rep), ensure_ascii=False))
    else:
        print_report(rep)
    return 0
