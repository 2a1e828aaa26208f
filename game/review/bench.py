"""How long a review takes: an 8-hand match played by AIs, reviewed from scratch a few times (figures, medians).

The match is the same on every run: seat 0 is the normal AI (it stands in for a person and makes the
kind of mistakes a review finds), the other three are hard without its deadline, from a fixed seed.
The clock only measures.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from game.ai import make_agent
from game.ai.appraise import DEFAULT_ROLLOUTS
from game.ai.levels.hard import NO_DEADLINE_MS, HardAgent
from game.engine.round import HandSetup, Round
from game.match.agents import Agent
from game.match.controller import MatchController
from game.review.run import LoggedMatch, review_match
from game.rules.loader import load_ruleset

BENCH_SEED = "review-bench"
BENCH_HANDS = 8
BENCH_RULESET = "guiyang-classic"


@dataclass(frozen=True)
class BenchReport:
    """The review time of one match over several runs."""

    ruleset: str
    hands: int
    decisions: int
    options: int
    rollouts: int  # rollouts an option
    wall: tuple[float, ...]  # seconds of wall time per run
    cpu: tuple[float, ...]  # seconds of this process's CPU time per run

    def lines(self) -> list[str]:
        """The figures as printed."""
        return [
            f"review of a {self.hands}-hand match ({self.ruleset}, seed {BENCH_SEED}): {self.decisions} decisions,"
            f" {self.options} options, {self.rollouts} rollouts an option",
            "runs (wall s): " + ", ".join(f"{t:.2f}" for t in self.wall),
            f"median: {statistics.median(self.wall):.2f} s wall, {statistics.median(self.cpu):.2f} s CPU (one core)",
        ]


def bench_match(ruleset: str = BENCH_RULESET, hands: int = BENCH_HANDS, seed: str = BENCH_SEED) -> LoggedMatch:
    """The benchmark's match, played by the AIs: seat 0 normal, the others hard."""
    rules = load_ruleset(ruleset)
    # Hard without its wall-clock deadline: the same match on every run, whatever the machine's load.
    hard: list[Agent] = [HardAgent(rules=rules, budget_ms=NO_DEADLINE_MS) for _ in (1, 2, 3)]
    agents = [make_agent("normal", f"{seed}:0", rules), *hard]
    table = MatchController(rules, seed, agents, HandSetup(), keep_save=False)
    played: list[Round] = []
    table.on_hand_done = played.append
    for _ in range(hands):
        table.play_hand()
    return LoggedMatch(rules, seed, HandSetup(), tuple(tuple(r.actions) for r in played))


def run_bench(runs: int = 3, rollouts: int = DEFAULT_ROLLOUTS, ruleset: str = BENCH_RULESET) -> BenchReport:
    """Review the benchmark's match `runs` times from scratch, seat 0, and time each run."""
    match = bench_match(ruleset)
    wall: list[float] = []
    cpu: list[float] = []
    decisions = options = 0
    for _ in range(max(1, runs)):
        start, start_cpu = time.perf_counter(), time.process_time()
        review = review_match(match, 0, rollouts)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        every = review.decisions
        decisions, options = len(every), sum(len(d.options) for d in every)
    return BenchReport(ruleset, len(match.hands), decisions, options, rollouts, tuple(wall), tuple(cpu))
