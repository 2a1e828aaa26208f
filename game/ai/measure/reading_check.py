"""How well the table reading (game.ai.judgement.reading) guesses, scored against the true hands (measurement only).

Four hards play the arena's deals (the same walls and dealers, game.ai.measure.arena.deal_setup) through the
match controller. On each of a seat's own turns, after its draw, the seat's observation is read and
every other seat is scored against the true round, which only this measurement sees:

- for a seat that is truly ready, the reading's probability mass on its true wait kinds against the
  mass a uniform guess over the kinds the observer cannot fully see puts there (the lift), and the
  log of that ratio; the same for the plain count of ways (unseen copies only, as hard's defence);
- for a seat not declared, the Brier score of the reading's ready chance against the base rate's.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.judgement.base import unseen_of
from game.ai.judgement.defence import ready_guess
from game.ai.judgement.reading import read_table, wait_ways
from game.ai.levels.hard import HardAgent
from game.core.ruleset import Ruleset
from game.core.tiles import NUM_KINDS
from game.engine.actions import Action
from game.engine.observation import Observation
from game.engine.round import Round
from game.match.controller import MatchController
from game.rules.loader import load_ruleset

# Lifts below this mass count as this mass, so that one wait the reading rules out does not make the
# mean log ratio minus infinity.
MASS_FLOOR = 1e-4


@dataclass(frozen=True, slots=True)
class Sample:
    """One other seat at one observer's turn: what the reading said and what was true."""

    declared: bool
    ready: bool
    p_ready: float  # the reading's
    p_old: float  # hard's defence guess
    turns: int
    melds: int
    lift: float  # mass on the true waits over the uniform guess's (ready seats with a live wait; else 0)
    plain_lift: float  # the same for the plain count of ways


@dataclass(frozen=True)
class Figures:
    """Summary of the wait guesses for one group of ready seats."""

    n: int
    median_lift: float
    mean_lift: float
    mean_log_lift: float
    plain_median_lift: float
    plain_mean_log_lift: float


@dataclass(frozen=True)
class ReadingReport:
    """Everything `python main.py reading` prints."""

    ruleset: str
    seed: str
    deals: int
    declared: Figures
    undeclared: Figures
    ready_n: int  # seats not declared whose ready chance was scored
    base_rate: float
    brier: float
    brier_base: float
    brier_old: float  # hard's defence guess
    samples: list[Sample] = field(default_factory=list)


class Probe:
    """A hard seat that, on each of its turns after a draw, scores the reading against the true round."""

    def __init__(self, rules: Ruleset, samples: list[Sample]) -> None:
        self.hard = HardAgent(rules=rules)
        self.name = "hard"
        self.rules = rules
        self.samples = samples
        self.round: Round | None = None

    def choose(self, obs: Observation) -> Action:
        """Hard's move; the reading is scored first when it is this seat's turn after a draw."""
        action = self.hard.choose(obs)  # (updates the tracker with this observation, as the expert's does)
        if obs.phase == "turn" and obs.drawn is not None and self.round is not None:
            self.samples.extend(score(obs, self.rules, self.round, self.hard.tracker.marks))
        return action


def score(obs: Observation, rules: Ruleset, rnd: Round, marks: dict[int, tuple[int, ...]]) -> list[Sample]:
    """Score the reading of every other seat in `obs` against the true round."""
    read = read_table(obs, rules, marks)
    unseen = unseen_of(obs, rules)
    live = [t for t in range(NUM_KINDS) if unseen[t]]
    out: list[Sample] = []
    for s, r in enumerate(read):
        if r is None or obs.hand_sizes[s] % 3 != 1:
            continue
        waits = rnd.waits(s)
        true_live = [t for t in waits if unseen[t]]
        lift = plain = 0.0
        if true_live:
            uniform = len(true_live) / len(live)
            lift = max(MASS_FLOOR, sum(r.waits[t] for t in waits)) / uniform
            ways = wait_ways(unseen, [1.0] * NUM_KINDS, obs.hand_sizes[s])
            total = sum(ways)
            plain = max(MASS_FLOOR, sum(ways[t] for t in waits) / total) / uniform if total else 0.0
        turns = len(obs.ponds[s]) + sum(1 for ms in obs.melds for m in ms if m.source == s)
        p_old = 1.0 if obs.declared[s] else ready_guess(obs, s)
        out.append(Sample(obs.declared[s], bool(waits), r.ready, p_old, turns, len(obs.melds[s]), lift, plain))
    return out


def play_deal(rules: Ruleset, seed: str, deal: int, samples: list[Sample]) -> None:
    """Play the arena's deal number `deal` once with four hard probes."""
    from game.ai.measure.arena import deal_setup  # (the arena's walls; imported here to keep this module light)

    probes = [Probe(rules, samples) for _ in range(rules.players)]
    table = MatchController(
        rules, f"arena:{seed}:{deal}", probes, deal_setup(seed, deal, rules), keep_save=False, keep_ledgers=False
    )
    table.start_hand()
    for p in probes:
        p.round = table.round
    table.run_agents()


def figures(samples: Sequence[Sample]) -> Figures:
    """Lift figures over the ready seats among `samples` that had a live wait."""
    lifts = [s.lift for s in samples if s.ready and s.lift > 0]
    plain = [s.plain_lift for s in samples if s.ready and s.plain_lift > 0]
    if not lifts:
        return Figures(0, 0.0, 0.0, 0.0, 0.0, 0.0)
    return Figures(
        len(lifts),
        statistics.median(lifts),
        statistics.fmean(lifts),
        statistics.fmean(math.log(x) for x in lifts),
        statistics.median(plain) if plain else 0.0,
        statistics.fmean(math.log(x) for x in plain) if plain else 0.0,
    )


def run_reading(ruleset: str, deals: int, seed: str, keep_samples: bool = False) -> ReadingReport:
    """Play `deals` deals with four hards and score the reading at every turn of every seat."""
    rules = load_ruleset(ruleset)
    samples: list[Sample] = []
    for d in range(deals):
        play_deal(rules, seed, d, samples)
    open_seats = [s for s in samples if not s.declared]
    n = len(open_seats)
    base = sum(s.ready for s in open_seats) / n if n else 0.0
    brier = sum((s.p_ready - s.ready) ** 2 for s in open_seats) / n if n else 0.0
    brier_old = sum((s.p_old - s.ready) ** 2 for s in open_seats) / n if n else 0.0
    return ReadingReport(
        rules.name,
        seed,
        deals,
        figures([s for s in samples if s.declared]),
        figures(open_seats),
        n,
        base,
        brier,
        base * (1 - base),
        brier_old,
        samples if keep_samples else [],
    )
