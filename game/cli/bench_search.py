"""`main.py bench-search`: the expert's rollouts per decision on the clock, with 0, 1, ... worker processes.

The positions are decisions the expert searches, met in hands the built-in bots play from a seed; every
worker count searches the same positions with the same think budget, the counts taking turns at each
position so that a change in the machine's load falls on each alike. It prints figures and asserts
nothing: on a busy machine the workers find fewer free cores (the load average is printed beside them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import TYPE_CHECKING

from game.cli.numbers import positive_int

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset
    from game.engine.observation import Observation

# Positions taken from one hand at most, so that they come from many hands.
PER_HAND = 3
# Rollouts of the quick search that tells whether the expert searches a position at all.
PROBE_ROLLOUTS = 8
# Seconds the benchmark waits for its workers to start before it measures.
START_WAIT = 60.0


def search_positions(rules: Ruleset, seed: int, count: int) -> list[Observation]:
    """`count` decisions the expert searches, from hands the built-in bots play from `seed` (fewer if none are left)."""
    from game.ai.levels.expert import ExpertAgent
    from game.match.agents import SimpleAgent
    from game.match.controller import MatchController

    bot = SimpleAgent()
    out: list[Observation] = []
    for hand in range(count * 10):
        if len(out) >= count:
            break
        table = MatchController(rules, f"bench-search:{seed}:{hand}", [bot] * rules.players, keep_save=False)
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        taken = 0
        while not rnd.ended and taken < PER_HAND and len(out) < count:
            for seat in table.to_move():
                obs = table.observe(seat)
                if len(obs.legal_actions) < 2:
                    continue
                probe = ExpertAgent(rules, seed=hand, rollouts=PROBE_ROLLOUTS)
                probe.choose(obs)
                if probe.stats.searched:
                    out.append(obs)
                    taken += 1
                    break
            table.step()
    return out


def run(args: argparse.Namespace) -> int:
    """Search the same positions with each worker count and print the rollouts per decision."""
    from game import fast
    from game.ai.levels.expert import ExpertAgent
    from game.ai.search.workers import SearchPool, spare_cores
    from game.core.suit_tables import fill_all
    from game.rules.loader import load_ruleset

    counts: list[int] = args.workers
    rules = load_ruleset(args.ruleset)
    fill_all()
    positions = search_positions(rules, args.seed, args.decisions)
    if not positions:
        print("error: no position the expert searches was found", file=sys.stderr)
        return 1
    pools = {w: SearchPool(w) for w in set(counts) if w > 0}
    try:
        for w, pool in pools.items():
            ready = pool.wait_ready(START_WAIT)
            if ready < w:
                print(f"error: only {ready} of {w} workers started", file=sys.stderr)
                return 1
        print(f"positions: {len(positions)}  think: {args.budget_ms:g} ms  rollout path: {fast.status()}")
        print(f"cores: {os.cpu_count()}  spare for workers at the table: {spare_cores()}  load: {_load()}")
        sys.stdout.flush()
        # Warm every process's lazily filled tables on the first positions before anything is timed.
        for obs in positions[: min(3, len(positions))]:
            for w in counts:
                ExpertAgent(rules, seed="warm", budget_ms=args.budget_ms, pool=pools.get(w)).choose(obs)
        rollouts: dict[int, list[int]] = {w: [] for w in counts}
        helped: dict[int, list[int]] = {w: [] for w in counts}
        millis: dict[int, list[float]] = {w: [] for w in counts}
        full: dict[int, list[bool]] = {w: [] for w in counts}  # the search ran to its budget
        for i, obs in enumerate(positions):
            order = counts if i % 2 == 0 else counts[::-1]
            for w in order:
                agent = ExpertAgent(rules, seed=i, budget_ms=args.budget_ms, pool=pools.get(w))
                start = time.perf_counter()
                agent.choose(obs)
                millis[w].append((time.perf_counter() - start) * 1000)
                rollouts[w].append(agent.stats.rollouts)
                helped[w].append(agent.stats.helped)
                full[w].append(bool(agent.stats.budget_hits))
        first = counts[0]
        # Positions every count searched to the budget: early stops end when one move is left, not at the clock.
        whole = [i for i in range(len(positions)) if all(full[w][i] for w in counts)]
        for w in counts:
            median = statistics.median(rollouts[w])
            print(f"[workers={w}]")
            print(f"  median_rollouts_per_decision: {median:g}")
            print(f"  median_rollouts_from_workers: {statistics.median(helped[w]):g}")
            if whole:
                print(f"  median_rollouts_searched_to_budget: {statistics.median(rollouts[w][i] for i in whole):g}")
            print(f"  median_ms_per_decision: {statistics.median(millis[w]):.0f}")
            if w != first:
                print(f"  ratio_to_workers={first}: {median / max(1.0, statistics.median(rollouts[first])):.2f}")
                if whole:
                    mine = statistics.median(rollouts[w][i] for i in whole)
                    theirs = statistics.median(rollouts[first][i] for i in whole)
                    print(f"  ratio_to_workers={first}_searched_to_budget: {mine / max(1.0, theirs):.2f}")
        print(f"searched to the budget by every count: {len(whole)} of {len(positions)}  load: {_load()}")
    finally:
        for pool in pools.values():
            pool.close()
    return 0


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):  # not offered on every system
        return "unknown"


def _worker_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--workers: expected counts like 0,1 (got {text!r})") from None
    if not counts or any(c < 0 or c > 64 for c in counts):
        raise argparse.ArgumentTypeError("--workers: each count must be 0 to 64")
    return counts


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `bench-search` command."""
    p = subparsers.add_parser(
        "bench-search",
        help="the expert's rollouts per decision with 0, 1, ... worker processes",
        description=__doc__,
    )
    p.add_argument(
        "--decisions", type=positive_int("--decisions", 10_000), default=40, help="positions searched (default 40)"
    )
    p.add_argument(
        "--budget-ms", type=positive_int("--budget-ms", 60_000), default=300, help="think per decision (default 300)"
    )
    p.add_argument("--workers", type=_worker_counts, default=[0, 1], help="worker counts to compare (default 0,1)")
    p.add_argument("--ruleset", default="guiyang-classic", help="ruleset name (default guiyang-classic)")
    p.add_argument("--seed", type=int, default=1, help="random seed of the hands (default 1)")
    p.set_defaults(func=run)
