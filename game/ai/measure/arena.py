"""Duplicate deals: the same walls played with the agents rotated over the table's seats.

Deal d's wall comes from a generator seeded by the arena seed and d; the deal is played
once per seat (four times at four players), the agents shifted one seat each time, so every agent meets every hand from
every seat. Each hand is settled with game.core.settlement.settle. Results depend only on the
seed and the deal numbers, so splitting the deals across processes changes nothing but the
decision times; under a fixed rollout count no clock decides a move (hard has no deadline then).
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from game.ai import LEVELS, make_agent
from game.ai.judgement.efficiency import warm as warm_efficiency
from game.core.result import WinHow
from game.core.ruleset import Ruleset
from game.core.suit_tables import fill_all
from game.core.tiles import COPIES
from game.engine.actions import Action
from game.engine.observation import Observation
from game.engine.round import HandSetup, Round
from game.match.agents import Agent, RandomAgent, SimpleAgent
from game.match.controller import MatchController
from game.rules.loader import load_ruleset

# The AI levels, the oracles (see every tile, or every hand but not the wall's order; measurement
# only), and the engine's two reference bots.
AGENT_SPECS: tuple[str, ...] = (*LEVELS, "oracle", "oracle-hands", "simple", "random")
Z95 = 1.959964


class BadSeats(ValueError):
    """A --seats value that does not name one known agent per seat."""


def parse_seats(text: str, players: int) -> tuple[str, ...]:
    """One agent spec per seat of a table of `players` from `hard,normal,normal,normal`; BadSeats names what is
    wrong."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != players:
        example = ",".join(["hard"] + ["normal"] * (players - 1))
        raise BadSeats(
            f"--seats {text!r}: this table seats {players}; name {players} agents separated by commas, e.g. {example}"
        )
    for i, p in enumerate(parts):
        if p not in AGENT_SPECS:
            raise BadSeats(f"--seats {text!r}: seat {i + 1} is {p!r}; the agents are {', '.join(AGENT_SPECS)}")
    return tuple(parts)


@dataclass(frozen=True)
class SearchBudget:
    """How long the searching agents (expert, oracle) think per decision in a match."""

    # A fixed rollout count per decision, and then no clock anywhere (hard has no deadline either):
    # results independent of load.
    rollouts: int | None = None
    think_ms: float | None = None  # else wall time per decision (the expert's default when None)


def build_agent(spec: str, seed: str, budget: SearchBudget | None = None) -> Agent:
    """An agent for one seat of one hand."""
    budget = budget or SearchBudget()
    if spec == "oracle":
        from game.ai.measure.oracle import OracleAgent

        return OracleAgent(seed=seed, rollouts=budget.rollouts)
    if spec == "oracle-hands":
        from game.ai.measure.oracle import HandsOracleAgent

        return HandsOracleAgent(seed=seed, budget_ms=budget.think_ms, rollouts=budget.rollouts)
    if spec == "expert":
        return make_agent(spec, seed, budget_ms=budget.think_ms, rollouts=budget.rollouts)
    if spec == "simple":
        return SimpleAgent()
    if spec == "random":
        return RandomAgent(random.Random(f"random:{seed}"))
    return make_agent(spec, seed, rollouts=budget.rollouts)


def deal_setup(seed: str, deal: int, rules: Ruleset) -> HandSetup:
    """The stacked wall (the tiles `rules` plays with), dealer and break dice of deal number `deal`."""
    rng = random.Random(f"arena:{seed}:{deal}")
    wall = [t for t in rules.kinds for _ in range(COPIES)]
    rng.shuffle(wall)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return HandSetup(dealer=rng.randrange(rules.players), break_dice=dice, wall=tuple(wall))


class Timed:
    """Wraps an agent and records each choose() time in microseconds: wall clock and this thread's CPU time.

    The wall clock (time.perf_counter) is what a player waits; the CPU time leaves out the moments
    other processes had the processor, so on a busy machine it shows what the decision itself costs.
    """

    def __init__(
        self,
        agent: Agent,
        times: Counter[int],
        cpu: Counter[int],
        searched_times: Counter[int] | None = None,
        searched_cpu: Counter[int] | None = None,
    ) -> None:
        self.agent = agent
        self.name = agent.name
        self.times = times
        self.cpu = cpu
        # The decisions that ran a search, apart (a searching agent plays most moves without one).
        self.searched_times = searched_times
        self.searched_cpu = searched_cpu

    @property
    def timeouts(self) -> int:
        """Decisions the agent's deadline or budget cut short (hard, expert)."""
        return int(getattr(self.agent, "timeouts", 0))

    @property
    def searched(self) -> int:
        """Decisions the agent searched (expert, oracle)."""
        return int(getattr(getattr(self.agent, "stats", None), "searched", 0))

    @property
    def switched(self) -> int:
        """Searched decisions where the search chose another move than hard's."""
        return int(getattr(getattr(self.agent, "stats", None), "switched", 0))

    @property
    def rollouts(self) -> int:
        """Rollouts the agent's searches played (expert, oracle)."""
        return int(getattr(getattr(self.agent, "stats", None), "rollouts", 0))

    def attach(self, rnd: Round) -> None:
        """Hand the round to an agent that sees everything (the oracle); others are not given it."""
        if getattr(self.agent, "sees_everything", False):
            self.agent.attach(rnd)  # type: ignore[attr-defined]

    def choose(self, obs: Observation) -> Action:
        """The wrapped agent's choice, timed."""
        before = self.searched
        cpu = time.thread_time_ns()
        start = time.perf_counter()
        action = self.agent.choose(obs)
        wall_us = int((time.perf_counter() - start) * 1e6)
        cpu_us = (time.thread_time_ns() - cpu) // 1000
        self.times[wall_us] += 1
        self.cpu[cpu_us] += 1
        if self.searched_times is not None and self.searched_cpu is not None and self.searched > before:
            self.searched_times[wall_us] += 1
            self.searched_cpu[cpu_us] += 1
        return action


@dataclass
class Tally:
    """One agent spec's results over some hands."""

    hands: int = 0
    points: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    draws: int = 0
    win_points: int = 0
    ready: int = 0  # won or ready when the hand ended
    timeouts: int = 0  # decisions cut short by the agent's deadline: the only thing that can vary by machine
    searched: int = 0  # decisions that ran a search (expert, oracle)
    switched: int = 0  # searched decisions that left hard's move
    rollouts: int = 0  # rollouts those searches played

    def add(self, other: Tally) -> None:
        """Add another tally into this one."""
        self.hands += other.hands
        self.points += other.points
        self.wins += other.wins
        self.self_draws += other.self_draws
        self.deal_ins += other.deal_ins
        self.draws += other.draws
        self.win_points += other.win_points
        self.ready += other.ready
        self.timeouts += other.timeouts
        self.searched += other.searched
        self.switched += other.switched
        self.rollouts += other.rollouts


@dataclass
class DealResult:
    """Per agent spec, its tally over the four seatings of one deal."""

    deal: int
    tallies: dict[str, Tally]


# The key under which a spec's searched decisions are timed apart in the time histograms.
SEARCHED = "/searched"


@dataclass
class ChunkResult:
    """What playing some deals returns (a worker process, one deal at a time): their results and the decision
    times by spec."""

    deals: list[DealResult]
    times: dict[str, Counter[int]] = field(default_factory=dict)
    cpu: dict[str, Counter[int]] = field(default_factory=dict)


def play_deal(
    rules: Ruleset,
    seats: Sequence[str],
    seed: str,
    deal: int,
    times: dict[str, Counter[int]],
    cpu: dict[str, Counter[int]] | None = None,
    budget: SearchBudget | None = None,
) -> DealResult:
    """Play one deal once per seat, the agents rotated one seat each time; decision times go to `times` (and
    `cpu`)."""
    cpu = {} if cpu is None else cpu
    setup = deal_setup(seed, deal, rules)
    tallies = {spec: Tally() for spec in seats}
    n = rules.players
    for rot in range(n):
        specs = [seats[(s + rot) % n] for s in range(n)]
        agents = [
            Timed(
                build_agent(spec, f"{seed}:{deal}:{rot}:{s}", budget),
                times.setdefault(spec, Counter()),
                cpu.setdefault(spec, Counter()),
                times.setdefault(spec + SEARCHED, Counter()),
                cpu.setdefault(spec + SEARCHED, Counter()),
            )
            for s, spec in enumerate(specs)
        ]
        table = MatchController(rules, f"arena:{seed}:{deal}", agents, setup, keep_save=False, keep_ledgers=False)
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        for a in agents:
            a.attach(rnd)
        table.run_agents()
        result = rnd.state.result
        assert result is not None
        table.settle()
        nets = table.ledger.nets()
        win = result.win
        for s, spec in enumerate(specs):
            t = tallies[spec]
            t.timeouts += agents[s].timeouts
            t.searched += agents[s].searched
            t.switched += agents[s].switched
            t.rollouts += agents[s].rollouts
            t.hands += 1
            t.points += nets[s]
            t.ready += result.seats[s].ready
            if win is None:
                t.draws += 1
                continue
            if s in win.winners:
                t.wins += 1
                t.win_points += nets[s]
                if win.how in (WinHow.SELF_DRAW, WinHow.AFTER_KONG):
                    t.self_draws += 1
            elif win.discarder == s:
                t.deal_ins += 1
    return DealResult(deal, tallies)


# (done, total): told of each finished piece of work (a deal) as it comes back.
Progress = Callable[[int, int], None]
T = TypeVar("T")
R = TypeVar("R")


def warm_tables(warm: bool = True) -> None:
    """Every shanten table and the per-suit tables of efficiency up front (when `warm`), so that no timed
    decision pays for filling one."""
    if warm:
        fill_all()
        warm_efficiency()


def finished(
    work: Callable[[T], R], tasks: Sequence[T], workers: int, warm: bool, progress: Progress | None = None
) -> list[R]:
    """`work` done on every task, the results in the order they finish: here, or in `workers` processes
    that each warm the tables first (when `warm`); `progress(done, total)` hears of each result."""

    def collect(results: Iterable[R]) -> list[R]:
        out: list[R] = []
        for r in results:
            out.append(r)
            if progress is not None:
                progress(len(out), len(tasks))
        return out

    if progress is not None:
        progress(0, len(tasks))
    if workers <= 1:
        warm_tables(warm)
        return collect(map(work, tasks))
    # One task at a time to whichever process is free keeps them evenly loaded, and each result comes back
    # as soon as it is done; the callers put the results back in deal order.
    with multiprocessing.get_context("spawn").Pool(min(workers, len(tasks)), warm_tables, (warm,)) as pool:
        return collect(pool.imap_unordered(work, tasks))


def _run_deal(args: tuple[str, tuple[str, ...], str, int, SearchBudget]) -> ChunkResult:
    ruleset, seats, seed, deal, budget = args
    rules = load_ruleset(ruleset)
    times: dict[str, Counter[int]] = {}
    cpu: dict[str, Counter[int]] = {}
    # Long-lived tables and caches go to the collector's permanent generation, so that a full
    # collection does not walk them in the middle of someone's timed decision.
    gc.freeze()
    return ChunkResult([play_deal(rules, seats, seed, deal, times, cpu, budget)], times, cpu)


@dataclass(frozen=True)
class AgentFigures:
    """The printed figures of one agent spec that the seed decides (under --rollouts no clock changes them)."""

    spec: str
    hands: int
    mean: float  # points per hand
    ci: tuple[float, float]  # 95%, clustered by deal
    win_rate: float
    self_draw_rate: float
    deal_in_rate: float
    draw_rate: float
    ready_rate: float  # won or ready at the end of the hand
    mean_win: float  # mean net points on the hands it won
    decisions: int
    timeouts: int
    searched: int = 0
    switched: int = 0
    rollouts: int = 0  # played by the searches: per search, what the budget bought


@dataclass(frozen=True)
class AgentTimes:
    """One agent spec's decision times in milliseconds: wall clock and CPU, all decisions and the searched ones."""

    spec: str
    median_ms: float
    p99_ms: float
    cpu_median_ms: float
    cpu_p99_ms: float
    searched_median_ms: float = 0.0  # the decisions that ran a search alone
    searched_p99_ms: float = 0.0
    searched_cpu_median_ms: float = 0.0
    searched_cpu_p99_ms: float = 0.0


@dataclass(frozen=True)
class Timings:
    """What the clock measured: the one part of a report that differs between two runs of the same arena."""

    seconds: float
    agents: tuple[AgentTimes, ...]

    def of(self, spec: str) -> AgentTimes:
        """The decision times of one agent spec."""
        return next(t for t in self.agents if t.spec == spec)


@dataclass(frozen=True)
class PairFigures:
    """Points per hand of one spec minus another's, with its 95% interval clustered by deal."""

    first: str
    second: str
    diff: float
    ci: tuple[float, float]


@dataclass(frozen=True)
class ArenaReport:
    """Everything arena prints."""

    ruleset: str
    seats: tuple[str, ...]
    seed: str
    deals: int
    agents: tuple[AgentFigures, ...]
    pairs: tuple[PairFigures, ...]
    # Each deal's number and, per spec, its points per hand on that deal (in deal order): two runs on
    # the same deals can then be compared deal by deal (build/compare_arenas.py).
    deal_numbers: tuple[int, ...]
    deal_points: dict[str, tuple[float, ...]]
    timings: Timings  # kept apart: all else is the same on every run of the same seed under --rollouts


def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """Mean and normal 95% interval of per-deal values (each deal one cluster)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, (m, m)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return m, (m - half, m + half)


def percentile(hist: Counter[int], q: float) -> float:
    """The q-quantile (0-1) of a histogram of microseconds, in milliseconds."""
    total = sum(hist.values())
    if not total:
        return 0.0
    rank = q * (total - 1)
    seen = 0
    for us in sorted(hist):
        seen += hist[us]
        if seen > rank:
            return us / 1000
    return max(hist) / 1000


def summarise(
    ruleset: str,
    seats: Sequence[str],
    seed: str,
    deals: list[DealResult],
    times: dict[str, Counter[int]],
    cpu: dict[str, Counter[int]],
    secs: float,
) -> ArenaReport:
    """Per spec figures and pairwise differences from the deals' results."""
    specs = list(dict.fromkeys(seats))
    agents: list[AgentFigures] = []
    per_deal: dict[str, list[float]] = {}
    for spec in specs:
        total = Tally()
        means: list[float] = []
        for d in deals:
            t = d.tallies[spec]
            total.add(t)
            means.append(t.points / t.hands)
        per_deal[spec] = means
        mean, ci = mean_ci(means)
        h = max(total.hands, 1)
        agents.append(
            AgentFigures(
                spec,
                total.hands,
                mean,
                ci,
                total.wins / h,
                total.self_draws / h,
                total.deal_ins / h,
                total.draws / h,
                total.ready / h,
                total.win_points / total.wins if total.wins else 0.0,
                sum(times.get(spec, Counter()).values()),
                total.timeouts,
                total.searched,
                total.switched,
                total.rollouts,
            )
        )
    pairs: list[PairFigures] = []
    for i, a in enumerate(specs):
        for b in specs[i + 1 :]:
            diff, ci = mean_ci([x - y for x, y in zip(per_deal[a], per_deal[b], strict=True)])
            pairs.append(PairFigures(a, b, diff, ci))
    return ArenaReport(
        ruleset,
        tuple(seats),
        seed,
        len(deals),
        tuple(agents),
        tuple(pairs),
        tuple(d.deal for d in deals),
        {spec: tuple(means) for spec, means in per_deal.items()},
        Timings(secs, tuple(agent_times(spec, times, cpu) for spec in specs)),
    )


def agent_times(spec: str, times: dict[str, Counter[int]], cpu: dict[str, Counter[int]]) -> AgentTimes:
    """Median and p99 of one spec's decision-time histograms (all decisions, then the searched ones)."""
    hist, cpu_hist = times.get(spec, Counter()), cpu.get(spec, Counter())
    s_hist, s_cpu = times.get(spec + SEARCHED, Counter()), cpu.get(spec + SEARCHED, Counter())
    return AgentTimes(
        spec,
        percentile(hist, 0.5),
        percentile(hist, 0.99),
        percentile(cpu_hist, 0.5),
        percentile(cpu_hist, 0.99),
        percentile(s_hist, 0.5),
        percentile(s_hist, 0.99),
        percentile(s_cpu, 0.5),
        percentile(s_cpu, 0.99),
    )


def run_arena(
    ruleset: str,
    seats: Sequence[str],
    deals: int,
    seed: str,
    workers: int = 1,
    warm: bool = True,
    budget: SearchBudget | None = None,
    first: int = 0,
    progress: Progress | None = None,
) -> ArenaReport:
    """Play `deals` duplicate deals from deal number `first` (four seatings each) and summarise; `workers`
    processes share the deals, and `progress(done, deals)` hears of each finished deal."""
    start = time.perf_counter()
    seats_t = tuple(seats)
    budget = budget or SearchBudget()
    tasks = [(ruleset, seats_t, seed, d, budget) for d in range(first, first + deals)]
    chunks = finished(_run_deal, tasks, workers, warm, progress)
    results = sorted((d for c in chunks for d in c.deals), key=lambda d: d.deal)
    times: dict[str, Counter[int]] = {}
    cpu: dict[str, Counter[int]] = {}
    for c in chunks:
        for spec, hist in c.times.items():
            times.setdefault(spec, Counter()).update(hist)
        for spec, hist in c.cpu.items():
            cpu.setdefault(spec, Counter()).update(hist)
    return summarise(ruleset, seats_t, seed, results, times, cpu, time.perf_counter() - start)


@dataclass(frozen=True)
class RunComparison:
    """Two arena runs on the same deals: each run's margin of `first` over `second`, and their paired difference."""

    first: str
    second: str
    deals: int  # deals both runs played
    margin_a: float
    margin_b: float
    diff: float  # run A's margin minus run B's, deal by deal
    ci: tuple[float, float]
    correlation: float  # of the two runs' per-deal margins


class Incomparable(ValueError):
    """Two arena reports that cannot be compared deal by deal; the message says why."""


def _margins(rep: dict[str, object], first: str, second: str, name: str) -> dict[tuple[str, str, int], float]:
    """(ruleset, seed, deal) -> first's points per hand minus second's, from one `arena --json` report."""
    numbers, points = rep.get("deal_numbers"), rep.get("deal_points")
    if not isinstance(numbers, list) or not isinstance(points, dict):
        raise Incomparable(f"{name}: no per-deal points (a report of `python main.py arena ... --json` has them)")
    for spec in (first, second):
        if spec not in points:
            raise Incomparable(f"{name}: no agent {spec!r} (it has {', '.join(map(str, points)) or 'none'})")
    try:
        a = [float(x) for x in points[first]]
        b = [float(x) for x in points[second]]
        deals = [int(n) for n in numbers]
    except (TypeError, ValueError) as exc:
        raise Incomparable(f"{name}: per-deal points unreadable ({exc})") from exc
    if not (len(deals) == len(a) == len(b)):
        raise Incomparable(f"{name}: {len(deals)} deals but {len(a)} and {len(b)} per-deal points")
    key = (str(rep.get("ruleset")), str(rep.get("seed")))
    return {(*key, n): x - y for n, x, y in zip(deals, a, b, strict=True)}


def compare_runs(rep_a: dict[str, object], rep_b: dict[str, object], first: str, second: str) -> RunComparison:
    """Run A's margin of `first` over `second` against run B's on the deals both played (same ruleset and seed)."""
    ma = _margins(rep_a, first, second, "run A")
    mb = _margins(rep_b, first, second, "run B")
    common = sorted(ma.keys() & mb.keys())
    if len(common) < 2:
        raise Incomparable(
            f"the runs share {len(common)} deals: compare runs of the same ruleset and seed over the same deals"
        )
    xa = [ma[k] for k in common]
    xb = [mb[k] for k in common]
    diff, ci = mean_ci([x - y for x, y in zip(xa, xb, strict=True)])
    corr = statistics.correlation(xa, xb) if statistics.pstdev(xa) > 0 and statistics.pstdev(xb) > 0 else 0.0
    return RunComparison(first, second, len(common), statistics.fmean(xa), statistics.fmean(xb), diff, ci, corr)
