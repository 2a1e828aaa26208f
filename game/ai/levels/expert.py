"""The expert level: hard's judgement, and a search where the decision matters.

At a decision worth searching (a claim, a kong, 报听, or a discard once the hand is near
ready), it deals the tiles its seat cannot see at random many times, consistent with its
observation (game.ai.search.sampling), plays each candidate move forward to the end of the hand on
each deal with the built-in bot's policy on the lean path (game.core.rollout), and prices each
finished hand with the ruleset's settlement. Every candidate is played on the same deals, so
they are compared in pairs; in a deal each seat draws from places of its own in the wall, so
that two lines keep each seat's draws when one of them skips a seat or makes a claim. It keeps
hard's move unless another is better by a clear margin, drops candidates that are clearly worse
as it goes, and stops early once one move is left. Given the learned network (`guide`, game.ai.levels.guide),
the move the search must beat is the network's choice among the same candidates rather than hard's:
the network carries what thousands of earlier searches found, which a few hundred rollouts cannot
show beyond their noise, and the rollouts then correct it where they can.

The search stops at a think budget: wall-clock milliseconds (the table's 思考时间) or, for
measurement, a fixed number of rollouts so that results do not depend on the machine's load;
then hard's lookahead has no deadline either, and no clock decides anything. On the clock, the
search also runs on the game's spare cores (game.ai.search.workers) when the client allows it:
each worker plays the candidates on deals of its own, and their values join the search's before
it decides. The fixed-rollout search stays in one process, as its results must not depend on the machine.
Other decisions are hard's. It sees its observation and nothing else.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.judgement.base import rules_for, view_of
from game.ai.judgement.dingque import dingque_move
from game.ai.judgement.efficiency import discard_options
from game.ai.judgement.reading import SeatReading, read_table
from game.ai.learned.network import Network
from game.ai.levels.guide import MARGIN, guide_for, pick, price_moves
from game.ai.levels.hard import BUDGET_MS, NO_DEADLINE_MS, HardAgent
from game.ai.search.pairs import paired_blocks, play_move
from game.ai.search.sampling import Inconsistent, Public, determinize
from game.ai.search.workers import LATE_GRACE, SEND_MARGIN, Block, SearchPool, Task, shared
from game.core.rollout import (
    ADDED_KONG,
    CONCEALED_KONG,
    DECLARE,
    DISCARD,
    KONG,
    PASS,
    PUNG,
    WIN,
    LeanHand,
)
from game.core.ruleset import Ruleset
from game.core.shanten import shanten
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation

# The default think budget of one decision, in milliseconds of wall time.
DEFAULT_BUDGET_MS = 300
# Discards searched on a turn: hard's choice and the best others by hard's values (see PRUNE_*).
MAX_DISCARDS = 4
# Discards searched beside hard's are those hard values within this much of its best (expected fan:
# the larger of an absolute and a relative margin) and that risk at most this much more than its choice.
PRUNE_ABS = 0.15
PRUNE_REL = 0.2
PRUNE_RISK = 0.05
# Search a turn's discard only this close to ready (shanten); further away hard decides.
SEARCH_SHANTEN = 1
# Samples every candidate gets before any is dropped, and how often the margins are checked.
MIN_SAMPLES = 12
CHECK_EVERY = 4
# A candidate is dropped when the leader beats it by this many standard errors (paired).
DROP_Z = 2.5
# Another move replaces hard's only when it beats it by this many standard errors.
SWITCH_Z = 2.0
# The same for an answer to a discard (pung, kong or pass): the rollouts rank those far better than
# discards near ready, whose differences are small beside the rollout policy's own bias (docs/ai.md).
CLAIM_SWITCH_Z = 1.5
# Hard's defence, under the expert, weighs each seat by the table reading (game.ai.judgement.reading).
READ_DEFENCE = False


@dataclass
class SearchStats:
    """What the searches of one agent did, for the arena's report."""

    decisions: int = 0  # choose() calls
    searched: int = 0  # decisions that ran a search
    rollouts: int = 0  # the worker processes' included
    helped: int = 0  # rollouts the worker processes played
    budget_hits: int = 0  # searches stopped by the budget (time or rollout count), not by one move dominating
    early_stops: int = 0  # searches stopped because one move was left
    switched: int = 0  # searches that chose a move other than the one they start from (hard's, or the guide's)


@dataclass
class Candidate:
    """One move under search, with the points its rollouts scored (one per sample, in sample order).

    `values` are the search's own; `more` holds a block of values from each worker process, on that worker's deals.
    """

    action: Action
    move: tuple[int, int] | None  # the turn move on the lean path; None for an answer to a claim
    answer: int  # the answer to a claim (PUNG, KONG, PASS, WIN) when move is None
    values: list[float]
    alive: bool = True
    more: list[list[float]] = field(default_factory=list)

    def mean(self) -> float:
        """Mean points over the samples so far."""
        if self.more:
            n = self.samples()
            return (sum(self.values) + sum(sum(b) for b in self.more)) / n if n else 0.0
        return sum(self.values) / len(self.values) if self.values else 0.0

    def samples(self) -> int:
        """Deals it was played on, the workers' included."""
        return len(self.values) + sum(len(b) for b in self.more)


def paired(a: Candidate, b: Candidate) -> tuple[float, float]:
    """Mean and standard error of a's points minus b's over the samples both have."""
    return paired_blocks([a.values, *a.more], [b.values, *b.more])


class ExpertAgent:
    """Hard, plus a determinized rollout search at the decisions that matter (see the module docstring)."""

    searches = True  # its decisions take up to the think budget: a client runs them off its frame loop

    def __init__(
        self,
        rules: Ruleset | None = None,
        seed: int | str = 0,
        budget_ms: float = DEFAULT_BUDGET_MS,
        rollouts: int | None = None,
        name: str = "expert",
        pool: SearchPool | None = None,
        guide: Network | None = None,
    ) -> None:
        self.name = name
        # The learned network whose choice the search starts from; None: hard's move is the one to beat.
        self.guide = guide
        self.margin = MARGIN  # points by which the guide must price another move above hard's to start from it
        self.last_prices: list[tuple[Action, float]] = []  # the guide's last prices, hard's move first
        self.rules = rules
        # The worker processes of a search on the clock: this pool, else the client's shared one when it allows one.
        self.pool = pool
        # Measurement (a fixed rollout count) takes hard's move without its clock too: every search starts from it.
        self.hard = HardAgent(rules=rules, budget_ms=BUDGET_MS if rollouts is None else NO_DEADLINE_MS)
        self.hard.tracker.reads = READ_DEFENCE
        self.rng = random.Random(f"expert:{seed}")
        self.budget = budget_ms / 1000
        self.max_rollouts = rollouts  # a fixed rollout count per decision replaces the clock when set
        self.stats = SearchStats()
        self.kong_wall = -1  # wall count right after this seat's last kong: the next draw is a replacement
        self.last_choice: list[tuple[str, float, int]] = []  # the last search: (move, mean points, samples)
        # The last search's best move when it was not hard's: (hard's move, that move, its mean margin
        # in points, the margin in paired standard errors, inf when hard's was dropped). game.ai.measure.audit reads it.
        self.last_alternative: tuple[Action, Action, float, float] | None = None

    @property
    def timeouts(self) -> int:
        """Searches the budget stopped (the arena reports them)."""
        return self.stats.budget_hits

    def choose(self, obs: Observation) -> Action:
        """Hard's move, or a better one found by the search when the decision is worth it."""
        self.stats.decisions += 1
        base = self.hard.choose(obs)  # keeps hard's view of the table current, and is the default
        action = self._decide(obs, base)
        if action.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG):
            self.kong_wall = self.hard.kong_wall = obs.wall_remaining
        return action

    def _decide(self, obs: Observation, base: Action) -> Action:
        if len(obs.legal_actions) < 2 or base.kind is ActionKind.WIN or obs.wall_remaining == 0:
            return base
        candidates = self.candidates(obs, base)
        if len(candidates) < 2:
            return base
        rules = rules_for(obs, self.rules)
        after_kong = obs.drawn is not None and obs.wall_remaining == self.kong_wall - 1
        reading = read_table(obs, rules, self.hard.tracker.marks)
        self.guided_first(obs, rules, reading, candidates)
        try:
            pub = Public(obs, rules, after_kong, reading)
        except Inconsistent:
            return candidates[0].action
        rng = self.rng
        plays = tuple((c.move, c.answer) for c in candidates)
        task = Task(obs, after_kong, reading, rules, plays)
        return self.search(obs, lambda: determinize(pub, rng), candidates, rules, task=task)

    def guided_first(
        self, obs: Observation, rules: Ruleset, reading: tuple[SeatReading | None, ...], cands: list[Candidate]
    ) -> bool:
        """Put first among `cands` the move the guide plays (hard's unless another is priced `margin` higher).

        False, and `cands` as they were, where there is no guide for this table (game.ai.levels.guide.guide_for).
        """
        self.last_prices = []
        guide = guide_for(self.guide, rules)
        if guide is None:
            return False
        actions = [c.action for c in cands]
        prices = price_moves(guide, obs, rules, reading, actions, self.hard.last_scored)
        self.last_prices = list(zip(actions, prices, strict=True))
        cands.insert(0, cands.pop(pick(prices, self.margin)))
        return True

    # ------------------------------------------------------------------ candidates

    def candidates(self, obs: Observation, base: Action) -> list[Candidate]:
        """The moves worth comparing here, hard's first; fewer than two means hard decides alone."""
        forced = dingque_move(obs, rules_for(obs, self.rules))
        if forced is not None:
            # 定缺 (docs/rules.md §15.3): naming the suit and passing on it are hard's; while the hand holds the named
            # suit, one of its tiles goes, and the search weighs which.
            if forced.kind is not ActionKind.DISCARD or forced.tile is None:
                return []
            suit = forced.tile // 9
            same = [
                a
                for a in obs.legal_actions
                if a.kind is ActionKind.DISCARD and not a.declare and a.tile is not None and a.tile // 9 == suit
            ]
            return [Candidate(a, _turn_move(a), 0, []) for a in [base, *(a for a in same if a != base)]]
        seat = obs.seat
        if obs.phase != "turn":
            if obs.rob_tile is not None:
                return []  # robbing: hard always robs unless 包牌 is pending; nothing to weigh
            answers = {ActionKind.PUNG: PUNG, ActionKind.KONG: KONG, ActionKind.PASS: PASS}
            out = [Candidate(base, None, answers.get(base.kind, WIN), [])]
            for a in obs.legal_actions:
                if a.kind in answers and a != base:
                    out.append(Candidate(a, None, answers[a.kind], []))
            return out
        if obs.declared[seat]:
            return []
        view = view_of(obs, self.rules)
        counts, m = view.counts, view.meld_count
        now = shanten(counts, m)
        kongs = [a for a in obs.legal_actions if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)]
        declares = [a for a in obs.legal_actions if a.kind is ActionKind.DISCARD and a.declare]
        if now > SEARCH_SHANTEN and not kongs and not declares:
            return []
        out = [Candidate(base, _turn_move(base), 0, [])]
        seen = {base}
        for a in kongs:
            if a not in seen:
                out.append(Candidate(a, _turn_move(a), 0, []))
                seen.add(a)
        if declares:
            # Declaring on hard's discard if it is ready, and the same discard without declaring.
            tile = base.tile
            for a in obs.legal_actions:
                if a.kind is ActionKind.DISCARD and a.tile == tile and a not in seen:
                    out.append(Candidate(a, _turn_move(a), 0, []))
                    seen.add(a)
        plain = {a.tile: a for a in obs.legal_actions if a.kind is ActionKind.DISCARD and not a.declare}
        added = 0
        for tile in self._discard_candidates(counts, m, view.unseen, base):
            if added >= MAX_DISCARDS - 1:
                break
            found = plain.get(tile)
            if found is not None and found not in seen:
                out.append(Candidate(found, _turn_move(found), 0, []))
                seen.add(found)
                added += 1
        return out

    def _discard_candidates(self, counts: list[int], melds: int, unseen: list[int], base: Action) -> list[int]:
        """Discards worth searching beside hard's, best first by hard's own values.

        Hard weighs each discard's offence and its risk of dealing in; the rollouts see neither
        the opponents' reading of the table nor their defence, so a discard hard values well below
        its own choice, or one that risks more, is not searched at all.
        """
        scored = self.hard.last_scored
        if not scored:
            options = sorted(discard_options(counts, melds, unseen), key=lambda o: (o.shanten, -o.live))
            return [o.tile for o in options]
        mine = next((s for s in scored if s.option.tile == base.tile), None)
        if mine is None:
            return []
        top = max(s.total for s in scored)
        floor = top - max(PRUNE_ABS, PRUNE_REL * abs(top))
        ranked = sorted(scored, key=lambda s: -s.total)
        return [
            s.option.tile
            for s in ranked
            if s.option.tile != base.tile and s.total >= floor and s.risk <= mine.risk + PRUNE_RISK
        ]

    # ------------------------------------------------------------------ the search

    def search(
        self,
        obs: Observation,
        make_deal: Callable[[], LeanHand],
        cands: list[Candidate],
        rules: Ruleset,
        samples_cap: int | None = None,
        task: Task | None = None,
    ) -> Action:
        """Play every candidate on the same deals from `make_deal` until one dominates or the budget is spent.

        On the clock, `task` (the same decision for the worker processes) has the pool's workers search beside it.
        """
        stats = self.stats
        stats.searched += 1
        start = time.perf_counter()
        deadline = start + self.budget
        limit = self.max_rollouts
        pending = None
        if task is not None and limit is None and samples_cap is None:
            pool = self.pool if self.pool is not None else shared()
            if pool is not None:
                pending = pool.begin(task, deadline - start - SEND_MARGIN, self.rng.getrandbits(32))
        seat = obs.seat
        done = 0
        samples = 0
        stopped_early = False
        while True:
            alive = [c for c in cands if c.alive]
            if len(alive) == 1:
                stopped_early = True
                break
            if samples_cap is not None:
                # Exact values (the oracle): the cap alone bounds the search, neither a count nor a clock.
                if samples >= samples_cap:
                    stopped_early = True
                    break
            elif limit is not None:
                if done + len(alive) > limit:
                    break
            elif time.perf_counter() >= deadline:
                break
            deal = make_deal()
            for c in alive:
                c.values.append(play_move(deal.copy(), c.move, c.answer, seat, rules))
            done += len(alive)
            samples += 1
            if samples >= MIN_SAMPLES and samples % CHECK_EVERY == 0:
                self._drop_dominated(alive)
                if pending is not None:
                    pending.follow([c.alive for c in cands])  # the workers drop them too; with one left they stop
        if pending is not None:
            self._merge(cands, pending.results(deadline + LATE_GRACE))
        stats.rollouts += done
        if stopped_early:
            stats.early_stops += 1
        else:
            stats.budget_hits += 1
        base = cands[0]
        best = max((c for c in cands if c.alive), key=lambda c: c.mean())
        self.last_choice = [(str(c.action), c.mean(), c.samples()) for c in cands]
        self.last_alternative = None
        if best is base:
            return base.action
        diff, se = paired(best, base)
        z = diff / se if se > 0 and base.alive else math.inf if diff > 0 else 0.0
        self.last_alternative = (base.action, best.action, diff, z)
        if samples_cap is not None:
            if best.mean() <= base.mean():
                return base.action  # exact values (the oracle): only a strictly better move replaces hard's
        elif base.alive and diff <= switch_margin(base) * se:
            return base.action
        stats.switched += 1
        return best.action

    def _merge(self, cands: list[Candidate], blocks: list[Block]) -> None:
        """Add the workers' blocks of values to the candidates, and drop those the merged values show beaten."""
        for block in blocks:
            if len(block) != len(cands):
                continue  # not this decision's candidates: never merged
            for c, values in zip(cands, block, strict=True):
                c.more.append(values)
            self.stats.helped += sum(len(v) for v in block)
            self.stats.rollouts += sum(len(v) for v in block)
        alive = [c for c in cands if c.alive]
        if blocks and len(alive) > 1:
            self._drop_dominated(alive)

    @staticmethod
    def _drop_dominated(alive: list[Candidate]) -> None:
        leader = max(alive, key=lambda c: c.mean())
        for c in alive:
            if c is leader:
                continue
            diff, se = paired(leader, c)
            if diff > DROP_Z * se:
                c.alive = False


def switch_margin(base: Candidate) -> float:
    """Paired standard errors by which another move must beat hard's `base` to replace it."""
    return SWITCH_Z if base.move is not None else CLAIM_SWITCH_Z


def _turn_move(a: Action) -> tuple[int, int]:
    """An engine Action of a turn as a lean-path move."""
    tile = -1 if a.tile is None else a.tile
    if a.kind is ActionKind.DISCARD:
        return (DECLARE if a.declare else DISCARD), tile
    if a.kind is ActionKind.CONCEALED_KONG:
        return CONCEALED_KONG, tile
    if a.kind is ActionKind.ADDED_KONG:
        return ADDED_KONG, tile
    return WIN, tile
