"""`main.py bench`: speed figures for hand analysis (benchmarks print figures; nothing is asserted).

Each benchmark is a function taking BenchOptions and returning a dict of named figures;
BENCHMARKS lists them in the order they run, so a new section is one more entry.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.cli.numbers import positive_int
from game.core.tiles import NUM_KINDS, NUM_TILES

if TYPE_CHECKING:
    from game.ai.search.sampling import Public
    from game.core.ruleset import Ruleset
    from game.engine.round import Round

Figures = dict[str, float | int | str | None]

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class BenchOptions:
    """What every benchmark is given: a seed, a size and how many timed runs to take the median of."""

    seed: int = 1
    hands: int = 20_000
    runs: int = 5


Benchmark = Callable[[BenchOptions], Figures]


def random_hands(rng: random.Random, count: int, sizes: Sequence[int] = (13, 14)) -> list[list[int]]:
    """`count` random hands as counts, each drawn from a shuffled 108-tile wall."""
    wall = [t for t in range(NUM_KINDS) for _ in range(NUM_TILES // NUM_KINDS)]
    hands: list[list[int]] = []
    for i in range(count):
        counts = [0] * NUM_KINDS
        for t in rng.sample(wall, sizes[i % len(sizes)]):
            counts[t] += 1
        hands.append(counts)
    return hands


def _timed(func: Callable[[], object]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def _median_rate(func: Callable[[], object], items: int, runs: int) -> float:
    return items / statistics.median(_timed(func) for _ in range(runs))


def _fresh_seconds(statement: str) -> float:
    # Timed in a new interpreter, so no table is warm from an earlier benchmark.
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(out.stdout)


def bench_tables(opts: BenchOptions) -> Figures:
    """Import time of game.core.shanten and game.core.hand (tables fill lazily), and the time to fill every table."""
    imports = [_fresh_seconds("import game.core.shanten, game.core.hand") for _ in range(3)]
    fill = _fresh_seconds("import game.core.suit_tables as s; s.fill_all()")
    return {
        "import_ms": round(statistics.median(imports) * 1000, 1),
        "fill_all_tables_ms": round(fill * 1000),
    }


def bench_shanten(opts: BenchOptions) -> Figures:
    """Shanten over the same random 13- and 14-tile hands: ours, then the `mahjong` package's.

    The timed runs alternate between the two, so a busy machine slows both alike.
    """
    from game.core import shanten as sh

    hands = random_hands(random.Random(opts.seed), opts.hands)
    n = len(hands)
    std = sh.shanten_standard
    full = sh.shanten

    def run_std() -> None:
        for h in hands:
            std(h, 0)

    def run_full() -> None:
        for h in hands:
            full(h, 0)

    cold = _timed(run_std)  # the first pass fills the lazy tables
    run_full()
    regular: Callable[[list[int]], int] | None = None
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        pass
    else:
        regular = Shanten.calculate_shanten_for_regular_hand
    hands34 = [h + [0] * 7 for h in hands]  # the package counts 34 kinds: our 27, then honours

    def run_theirs() -> None:
        assert regular is not None
        for h in hands34:
            regular(h)

    times: dict[str, list[float]] = {"std": [], "full": [], "theirs": []}
    for i in range(opts.runs):
        times["std"].append(_timed(run_std))
        times["full"].append(_timed(run_full))
        if regular is not None and i < 3:  # the package is slow; three runs are plenty
            times["theirs"].append(_timed(run_theirs))

    ours = n / statistics.median(times["std"])
    figures: Figures = {
        "hands": n,
        "first_pass_hands_per_s": round(n / cold),
        "shanten_standard_hands_per_s": round(ours),
        "shanten_hands_per_s": round(n / statistics.median(times["full"])),
    }
    if regular is None:
        figures["mahjong_note"] = "the mahjong package is not installed; no comparison"
        return figures
    theirs = n / statistics.median(times["theirs"])
    figures["mahjong_regular_hands_per_s"] = round(theirs)
    figures["ratio_ours_to_mahjong"] = round(ours / theirs, 1)
    return figures


def ready_hands(rng: random.Random, count: int) -> list[list[int]]:
    """`count` random ready 13-tile hands: random winning hands with one tile taken out."""
    from game.core.hand import completing_tiles, is_complete

    out: list[list[int]] = []
    while len(out) < count:
        counts = [0] * NUM_KINDS
        ok = True
        for _ in range(4):
            if rng.random() < 0.4:
                t = rng.randrange(NUM_KINDS)
                counts[t] += 3
            else:
                t = rng.randrange(3) * 9 + rng.randrange(7)
                for d in range(3):
                    counts[t + d] += 1
        counts[rng.randrange(NUM_KINDS)] += 2
        ok = max(counts) <= 4 and is_complete(counts, 0)
        if not ok:
            continue
        held = [t for t in range(NUM_KINDS) if counts[t]]
        counts[rng.choice(held)] -= 1
        if completing_tiles(counts, 0):
            out.append(counts)
    return out


def bench_waits(opts: BenchOptions) -> Figures:
    """Microseconds per call on ready 13-tile hands (waits, 查叫 value) and 14-tile hands (discard_waits)."""
    from game.core.hand import best_wait_value, discard_waits, waits

    rng = random.Random(opts.seed)
    hands = ready_hands(rng, max(1, opts.hands // 10))
    full = []
    for h in hands:
        h14 = list(h)
        h14[rng.choice([t for t in range(NUM_KINDS) if h14[t] < 4])] += 1
        full.append(h14)
    values: dict[str, int | None] = {"pinghu": 1, "dadui": 5, "qidui": 8, "longqidui": 10, "qingyise": 10}
    values |= {"qingdadui": 15, "qingqidui": 17, "qinglongbei": 20}
    for h in hands:
        waits(h, ())
    for h in full:
        discard_waits(h, ())

    def run_waits() -> None:
        for h in hands:
            waits(h, ())

    def run_value() -> None:
        for h in hands:
            best_wait_value(h, (), values)

    def run_discards() -> None:
        for h in full:
            discard_waits(h, ())

    n = len(hands)
    return {
        "ready_hands": n,
        "waits_us": round(1e6 / _median_rate(run_waits, n, opts.runs), 2),
        "best_wait_value_us": round(1e6 / _median_rate(run_value, n, opts.runs), 2),
        "discard_waits_us": round(1e6 / _median_rate(run_discards, n, opts.runs), 2),
    }


def bench_simulate(opts: BenchOptions) -> Figures:
    """Whole hands played by the built-in bots on one core: deal, play, settle, checks included."""
    from game.match.simulate import simulate
    from game.rules.loader import load_ruleset

    rules = load_ruleset("guiyang-classic")
    hands = max(50, opts.hands // 50)
    simulate(rules, f"bench:{opts.seed}:warm", hands)  # fill the lazy tables first
    rates = [simulate(rules, f"bench:{opts.seed}:{run}", hands).hands_per_second for run in range(opts.runs)]
    return {
        "ruleset": rules.name,
        "hands_per_run": hands,
        "hands_per_s_per_core": round(statistics.median(rates)),
        "goal_hands_per_s": 1000,
    }


def decision_points(rules: Ruleset, seeds: list[str]) -> list[Public]:
    """What the expert's search starts from: the turn seat's view a third of the way into each hand
    the built-in bots play from `seeds` (hands that end before then give none)."""
    from game.ai.search.sampling import Public
    from game.engine.observation import observe
    from game.match.agents import SimpleAgent
    from game.match.controller import MatchController

    bot = SimpleAgent()
    out: list[Public] = []
    for seed in seeds:
        table = MatchController(rules, seed, [bot] * 4, keep_save=False)
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        while not rnd.ended and (rnd.wall.remaining > 40 or rnd.state.phase != "turn"):
            table.step()
        if not rnd.ended:
            out.append(Public(observe(rnd, rnd.state.turn), rules))
    return out


def _dealt(rules: Ruleset, seed: str) -> Round:
    """A hand just dealt by the match controller (its first, from the default setup)."""
    from game.match.controller import MatchController

    table = MatchController(rules, seed, keep_save=False)
    table.start_hand()
    assert table.round is not None
    return table.round


def _alternated(funcs: dict[str, Callable[[], object]], runs: int) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and CPU seconds of each function, timed in turn `runs` times.

    The runs alternate, so a change in the machine's load falls on each alike; the CPU time of
    this process is reported beside the wall time (it leaves out time spent waiting for a core
    on a shared machine).
    """
    walls: dict[str, list[float]] = {name: [] for name in funcs}
    cpus: dict[str, list[float]] = {name: [] for name in funcs}
    for _ in range(runs):
        for name, func in funcs.items():
            cpu = time.process_time()
            walls[name].append(_timed(func))
            cpus[name].append(time.process_time() - cpu)
    return (
        {name: statistics.median(v) for name, v in walls.items()},
        {name: statistics.median(v) for name, v in cpus.items()},
    )


def bench_rollouts(opts: BenchOptions) -> Figures:
    """Rollouts (whole hands on the lean path, one core) beside whole hands on the full engine, same deals, same run.

    Both play the built-in bot's policy from the dealt hand to the end (the lean path gives the
    same results, tests/test_ai_rollout.py). Then what the expert's search pays per rollout: a
    deal of the unseen tiles from a seat's observation mid-hand, the hand played out, and settled.
    """
    from game import fast
    from game.ai.search.playout import lean_hand
    from game.ai.search.sampling import determinize
    from game.core.settlement import settle
    from game.core.suit_tables import fill_all
    from game.match.agents import SimpleAgent
    from game.match.play import play_hand
    from game.rules.loader import load_ruleset

    fill_all()
    rules = load_ruleset("guiyang-classic")
    n = max(50, opts.hands // 50)
    seeds = [f"rollout:{opts.seed}:{i}" for i in range(n)]
    bots = [SimpleAgent()] * 4
    dealt = [lean_hand(_dealt(rules, seed)) for seed in seeds]
    for h in dealt[: n // 4]:
        h.copy().play_out()  # warm the lazy tables
    results = [h.copy().play_out() for h in dealt]

    def run_full() -> None:
        for seed in seeds:
            play_hand(rules, seed, bots)

    def run_lean() -> None:
        for h in dealt:
            h.copy().play_out()

    def run_settle() -> None:
        for r in results:
            settle(r, rules)

    publics = decision_points(rules, seeds)
    rng = random.Random(opts.seed)

    def run_search() -> None:
        for pub in publics:
            h = determinize(pub, rng)
            settle(h.play_out(), rules)

    # The policy's discard tables remember each suit's answer as they meet it (game.core.discard_choice);
    # a game's searches share them, so one pass fills them before the timed runs, as for the lean runs.
    run_search()

    walls, cpus = _alternated({"full": run_full, "lean": run_lean}, opts.runs)
    full, lean = n / walls["full"], n / walls["lean"]
    full_cpu, lean_cpu = n / cpus["full"], n / cpus["lean"]
    settle_us = 1e6 / _median_rate(run_settle, n, opts.runs)
    search = _median_rate(run_search, len(publics), opts.runs) if publics else 0.0
    return {
        "ruleset": rules.name,
        "hands_per_run": n,
        # The compiled rollout path (build/compile_fast.py) or the Python one; the full engine is Python either way.
        "rollout_path": fast.status(),
        "full_engine_hands_per_s_per_core": round(full),
        "rollouts_per_s_per_core": round(lean),
        "rollouts_vs_full_engine": round(lean / full, 2),
        "full_engine_hands_per_cpu_s": round(full_cpu),
        "rollouts_per_cpu_s": round(lean_cpu),
        "rollouts_vs_full_engine_cpu": round(lean_cpu / full_cpu, 2),
        "settle_us_per_hand": round(settle_us, 1),
        "search_rollouts_per_s_per_core": round(search),
        "goal_rollouts_per_s": 5000,
    }


BENCHMARKS: list[tuple[str, Benchmark]] = [
    ("tables", bench_tables),
    ("shanten", bench_shanten),
    ("waits", bench_waits),
    ("simulate", bench_simulate),
    ("rollouts", bench_rollouts),
]


def run(args: argparse.Namespace) -> int:
    """Run every benchmark and print its figures."""
    opts = BenchOptions(seed=args.seed, hands=args.hands, runs=args.runs)
    report: dict[str, Figures] = {}
    for name, bench in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        figures = bench(opts)
        report[name] = figures
        if not args.json:
            print(f"[{name}]")
            for key, value in figures.items():
                print(f"  {key}: {value}")
            sys.stdout.flush()
    if args.json:
        print(json.dumps(report))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `bench` command."""
    p = subparsers.add_parser(
        "bench", help="speed figures: hand analysis and whole simulated hands", description=__doc__
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--only",
        action="append",
        choices=[name for name, _ in BENCHMARKS],
        help="run only this section (repeatable; default all)",
    )
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument(
        "--hands", type=positive_int("--hands", 10_000_000), default=20_000, help="random hands per run (default 20000)"
    )
    p.add_argument(
        "--runs", type=positive_int("--runs", 1000), default=5, help="timed runs; the median is reported (default 5)"
    )
    p.set_defaults(func=run)
