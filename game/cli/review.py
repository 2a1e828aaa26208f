"""`python main.py review REPLAY [--json]`: every decision of a player priced against the expert.

The review is the one the window shows (game.review): each decision the seat made, the expert's value
of every legal option in expected points, the move played beside the expert's, sorted by the points
given away, and the match's summary. It is kept beside the replay (REPLAY with .review.json) and read
back from there the next time. `--bench` prints how long an 8-hand match takes to review instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.ai.appraise import DEFAULT_ROLLOUTS
from game.cli.common import add_ruleset_argument, counted, seat_number
from game.cli.numbers import positive_int
from game.files.userdirs import UserDirError
from game.learn.explain_words import seat_en
from game.records.replaylog import REPLAY_FOLDER, people_of
from game.review.bench import BENCH_RULESET, run_bench
from game.review.cache import review_replay
from game.review.moments import ReviewError
from game.review.report import Decision, MatchReview, match_json
from game.review.why import move_words


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `review` command."""
    p = sub.add_parser("review", help="rate every decision of a player in a replay against the expert AI")
    p.add_argument("replay", nargs="?", type=Path, help="a match log (the replays folder's .jsonl files)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument(
        "--seat",
        type=seat_number,
        help="the seat to review, 0-3 (default: the person's seat the replay index names, else 0)",
    )
    p.add_argument(
        "--rollouts",
        type=positive_int("--rollouts", 100_000),
        default=DEFAULT_ROLLOUTS,
        help=f"rollouts an option (default {DEFAULT_ROLLOUTS})",
    )
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the review beside the replay")
    p.add_argument("--bench", action="store_true", help="print the review time of an 8-hand match instead")
    p.add_argument(
        "--runs", type=positive_int("--runs", 100), default=3, help="runs of --bench (the median is printed)"
    )
    add_ruleset_argument(p)
    p.set_defaults(func=run, ruleset=BENCH_RULESET)


def run(args: argparse.Namespace) -> int:
    """Print the review (or the benchmark); 2 when the replay cannot be read or replayed."""
    if args.bench:
        report = run_bench(args.runs, args.rollouts, args.ruleset)
        print("\n".join(report.lines()))
        return 0
    if args.replay is None:
        print("review: give a replay (a match log), or --bench", file=sys.stderr)
        return 2
    seat = args.seat if args.seat is not None else default_seat(args.replay)
    try:
        review = review_replay(args.replay, seat, args.rollouts, use_cache=not args.no_cache)
    except ReviewError as exc:
        print(f"review: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(match_json(review), ensure_ascii=False))
    else:
        print("\n".join(review_text(review, args.replay.name)))
    return 0


def default_seat(replay: Path) -> int:
    """The seat a person played, when the replay is in the replays folder and its index names one; else 0."""
    if replay.parent.name != REPLAY_FOLDER:
        return 0
    try:
        people = people_of(replay.name)
    except (OSError, UserDirError):
        return 0
    return people[0] if people else 0


def review_text(review: MatchReview, name: str) -> list[str]:
    """The review as readable lines: the summary, then each decision, the costliest first."""
    every = review.decisions
    lines = [
        f"Review of {name}: seat {review.seat} ({seat_en(review.seat, review.players)}), {review.ruleset},"
        f" {review.rollouts} rollouts an option"
    ]
    hands = counted(len(review.hands), "hand")
    if every:
        lines += [
            f"{hands}, {counted(len(every), 'decision')}: agreement with the expert {review.agreement:.0%},"
            f" points lost per hand {review.lost_per_hand:.2f}",
            "points lost by hand: " + ", ".join(f"{h.hand}: {h.lost:.2f}" for h in review.own_hands),
        ]
    else:
        lines.append(f"{hands}, no decision of the seat's own to rate")  # no agreement of 100% with nothing
    if review.played_for:
        lines.insert(2, f"{review.played_for} more made by auto-play (托管) for the seat, not rated")
    costly = review.costliest()
    if costly:
        lines.append("costliest: " + "; ".join(f"hand {d.hand} #{d.number} ({d.lost:.2f})" for d in costly))
    for d in every:
        lines += decision_text(d)
    return lines


def decision_text(d: Decision) -> list[str]:
    """One decision: what was played and the expert's move with their values, every option, and why."""
    played, best = d.option(d.played), d.option(d.expert)
    assert played is not None and best is not None
    head = (
        f"hand {d.hand} #{d.number} ({d.kind}, {d.wall} in the wall): played {move_words(d.played).zh}"
        f" {played.points:+.2f}, expert {move_words(d.expert).zh} {best.points:+.2f}, lost {d.lost:.2f}"
    )
    options = " | ".join(f"{move_words(o.action).zh} {o.points:+.2f} ({o.samples})" for o in d.options)
    return [head, f"    options: {options}", f"    {d.why.zh}", f"    {d.why.en}"]
