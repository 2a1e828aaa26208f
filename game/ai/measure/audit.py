"""What the expert's search changes are worth, priced with hard playing on (measurement only).

The ladder says how much the expert gains per hand, but one number over thousands of hands
does not say which of its decisions earn it. The audit plays the arena's duplicate deals
(expert against three hards) and, at every search whose best move is not hard's, takes the
round as it stands, plays hard's move and the search's move each to the end of the hand with
every seat played by its hard agent (copied, so the game itself goes on untouched), over the
same `shuffles` reorderings of the tiles left in the wall (the hands are the true ones), and
records the mean difference of the expert's seat's net points: the move's worth when hard
plays on. Searches whose best other move fell short of the switch margin are priced too (from
`z_min` standard errors up), so the records show what a lower margin would gain or lose.

It is the expert's own seat and observation that choose; only the pricing sees the true round.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.ai.judgement.base import view_of
from game.ai.levels.expert import SWITCH_Z, ExpertAgent
from game.ai.measure.arena import Z95, Progress, SearchBudget, build_agent, deal_setup, finished
from game.core.ruleset import Ruleset
from game.core.shanten import shanten as hand_shanten
from game.engine.actions import Action, ActionKind
from game.engine.round import Round
from game.match.agents import Agent
from game.match.controller import MatchController
from game.rules.loader import load_ruleset

# The expert in one seat, hard in every other (the arena's ladder pairing).
SEARCHER, OTHERS = "expert", "hard"


@dataclass(frozen=True)
class AuditRecord:
    """One search whose best move was not hard's, priced with hard playing on."""

    deal: int
    rotation: int
    kind: str  # what changed, e.g. "pass -> pung", "discard, 1 from ready" (see decision_kind)
    wall: int  # tiles left in the wall at the decision
    z: float  # the search's margin for its move over hard's, in paired standard errors (inf: hard's was dropped)
    switched: bool  # the expert played it (the margin passed SWITCH_Z, or hard's move was dropped)
    rollout_diff: float  # the search's own estimate: mean points of its move minus hard's
    gain: float  # mean net points of its move minus hard's with hard playing on, over the shuffles


@dataclass(frozen=True)
class AuditDeal:
    """The records and the points of one deal's seatings (one per seat)."""

    deal: int
    records: tuple[AuditRecord, ...]
    expert_points: int
    hard_points: int  # the hard seats together


@dataclass(frozen=True)
class Band:
    """Records grouped: how many, the mean gain and its 95% interval (by record), and the total."""

    label: str
    n: int
    mean: float
    ci: tuple[float, float]
    total: float


@dataclass(frozen=True)
class AuditReport:
    """Everything `python main.py audit` prints."""

    ruleset: str
    seed: str
    deals: int
    rollouts: int
    shuffles: int
    z_min: float
    records: tuple[AuditRecord, ...]
    expert_points: int
    hard_points: int
    players: int  # seats at the table: the expert plays one seating per seat
    by_kind: tuple[Band, ...]  # the switched records by what changed
    by_z: tuple[Band, ...]  # every record by its margin
    near_by_kind: tuple[Band, ...]  # the near misses (priced, not played) by what they would have changed
    seconds: float

    @property
    def hands(self) -> int:
        """Hands the expert played (one per seat per deal)."""
        return self.players * self.deals

    @property
    def switch_gain_per_hand(self) -> float:
        """The switched moves' priced worth, per expert hand."""
        return sum(r.gain for r in self.records if r.switched) / self.hands

    @property
    def margin(self) -> float:
        """Expert minus hard in points per hand, as the ladder counts it (hard's seats pooled)."""
        return self.expert_points / self.hands - self.hard_points / ((self.players - 1) * self.hands)


def decision_kind(base: Action, other: Action, shanten: int | None) -> str:
    """What the search changed, in words: the claim answer, a kong, 报听, or which discard how near ready."""
    if base.kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.PASS) or other.kind in (
        ActionKind.PUNG,
        ActionKind.KONG,
        ActionKind.PASS,
    ):
        return f"{base.kind.value} -> {other.kind.value}"
    if base.kind is not ActionKind.DISCARD or other.kind is not ActionKind.DISCARD:
        return "kong or not"
    if base.declare != other.declare:
        return "报听 or not"
    if shanten is None or shanten < 0:
        return "discard, complete hand"
    return "discard, ready" if shanten == 0 else f"discard, {shanten} from ready"


def price(rnd: Round, agents: Sequence[Agent], seat: int, action: Action, shuffles: int, key: str) -> list[int]:
    """The seat's net points after `action`, every seat played on by a copy of its agent, over reshuffled walls.

    The k-th shuffle is the same for every action priced under the same key, so the moves are compared in pairs.
    """
    rules = rnd.rules
    out = []
    for k in range(shuffles):
        memo = {id(rules): rules}  # the ruleset is shared, never copied
        trial = copy.deepcopy(rnd, memo)
        players = copy.deepcopy(list(agents), memo)
        trial.wall.reshuffle(random.Random(f"audit:{key}:{k}"))
        table = MatchController.playing(trial, players)
        table.submit(action)
        table.run_agents()
        table.settle()
        out.append(table.ledger.nets()[seat])
    return out


def audit_deal(rules: Ruleset, seed: str, deal: int, rollouts: int, shuffles: int, z_min: float) -> AuditDeal:
    """Play one deal four times (the expert in each seat once) and price its searches' other moves."""
    setup = deal_setup(seed, deal, rules)
    budget = SearchBudget(rollouts=rollouts)
    records: list[AuditRecord] = []
    expert_points = hard_points = 0
    n = rules.players
    seats = (SEARCHER, *([OTHERS] * (n - 1)))
    for rot in range(n):
        specs = [seats[(s + rot) % n] for s in range(n)]
        # The same seeds as the arena's, so the expert plays the arena's games move for move.
        agents = [build_agent(spec, f"{seed}:{deal}:{rot}:{s}", budget) for s, spec in enumerate(specs)]
        me = specs.index("expert")
        expert = agents[me]
        assert isinstance(expert, ExpertAgent)
        others: list[Agent | None] = [None if s == me else agents[s] for s in range(n)]
        table = MatchController(rules, f"arena:{seed}:{deal}", others, setup, keep_save=False)
        table.start_hand()
        rnd = table.round
        assert rnd is not None
        while True:
            table.run_agents()  # every seat but the expert's
            if rnd.ended:
                break
            obs = table.observe(me)
            searched, switched = expert.stats.searched, expert.stats.switched
            action = expert.choose(obs)
            alt = expert.last_alternative if expert.stats.searched > searched else None
            if alt is not None and (expert.stats.switched > switched or alt[3] >= z_min):
                hard_move, other, diff, z = alt
                view = view_of(obs, rules) if obs.phase == "turn" else None
                sh = hand_shanten(view.counts, view.meld_count) if view is not None else None
                # Hard's own agent, as it stands after this observation, plays the seat on.
                players = [expert.hard if s == me else agents[s] for s in range(n)]
                key = f"{seed}:{deal}:{rot}:{len(records)}"
                mine = price(rnd, players, me, hard_move, shuffles, key)
                theirs = price(rnd, players, me, other, shuffles, key)
                records.append(
                    AuditRecord(
                        deal=deal,
                        rotation=rot,
                        kind=decision_kind(hard_move, other, sh),
                        wall=obs.wall_remaining,
                        z=z,
                        switched=expert.stats.switched > switched,
                        rollout_diff=diff,
                        gain=(sum(theirs) - sum(mine)) / shuffles,
                    )
                )
            table.submit(action)
        table.settle()
        nets = table.ledger.nets()
        for s in range(n):
            if s == me:
                expert_points += nets[s]
            else:
                hard_points += nets[s]
    return AuditDeal(deal, tuple(records), expert_points, hard_points)


def band(label: str, records: Iterable[AuditRecord]) -> Band:
    """Count, mean gain with a 95% interval (normal, by record) and total gain of some records."""
    return gains_band(label, [r.gain for r in records])


def gains_band(label: str, gains: list[float]) -> Band:
    """Count, mean with a 95% interval (normal, by value) and total of some gains."""
    n = len(gains)
    if n == 0:
        return Band(label, 0, 0.0, (0.0, 0.0), 0.0)
    mean = sum(gains) / n
    half = Z95 * math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else math.inf
    return Band(label, n, mean, (mean - half, mean + half), sum(gains))


# Margin bands of the records, in paired standard errors (the expert switches above SWITCH_Z, an answer to a
# discard above CLAIM_SWITCH_Z, which is the 1.5 edge).
Z_EDGES = (1.0, 1.5, SWITCH_Z, 2.5, 3.0, math.inf)


def z_label(z: float) -> str:
    """The band a margin falls in, e.g. "1.5-2.0 se"; an infinite margin (hard's move dropped by the race,
    or no spread between the two) has a band of its own."""
    if z == math.inf:
        return "hard's dropped / no spread"
    lo = 0.0
    for hi in Z_EDGES:
        if z < hi:
            return f"{lo:.1f}-{hi:.1f} se" if hi != math.inf else f"{lo:.1f}+ se"
        lo = hi
    return f"{lo:.1f}+ se"


def _audit_one(args: tuple[str, str, int, int, int, float]) -> AuditDeal:
    ruleset, seed, deal, rollouts, shuffles, z_min = args
    return audit_deal(load_ruleset(ruleset), seed, deal, rollouts, shuffles, z_min)


def run_audit(
    ruleset: str,
    deals: int,
    seed: str,
    rollouts: int,
    shuffles: int = 8,
    z_min: float = 1.0,
    workers: int = 1,
    progress: Progress | None = None,
) -> AuditReport:
    """Audit `deals` duplicate deals from deal 0; `workers` processes share them (the figures do not change),
    and `progress(done, deals)` hears of each finished deal."""
    start = time.perf_counter()
    tasks = [(ruleset, seed, d, rollouts, shuffles, z_min) for d in range(deals)]
    out = finished(_audit_one, tasks, workers, True, progress)
    out.sort(key=lambda d: d.deal)
    records = tuple(r for d in out for r in d.records)
    switched = [r for r in records if r.switched]
    near = [r for r in records if not r.switched]
    kinds = sorted({r.kind for r in switched})
    near_kinds = sorted({r.kind for r in near})
    labels = sorted({z_label(r.z) for r in records}, key=lambda x: (x.startswith("hard's"), x))
    return AuditReport(
        ruleset=ruleset,
        seed=seed,
        deals=deals,
        rollouts=rollouts,
        shuffles=shuffles,
        z_min=z_min,
        records=records,
        expert_points=sum(d.expert_points for d in out),
        hard_points=sum(d.hard_points for d in out),
        players=load_ruleset(ruleset).players,
        by_kind=tuple(band(k, (r for r in switched if r.kind == k)) for k in kinds),
        by_z=tuple(band(lab, (r for r in records if z_label(r.z) == lab)) for lab in labels),
        near_by_kind=tuple(band(k, (r for r in near if r.kind == k)) for k in near_kinds),
        seconds=time.perf_counter() - start,
    )
