"""The hard level: efficiency weighed by what a hand is worth, defence, and a bounded lookahead.

Every discard gets an expected value in fan: the chance of winning (from shanten and live
tiles, a pair's third copy counted as a tile a pung may claim) times what the win would pay under
the ruleset (pattern, self-draw bonus, the chickens it keeps, 报听), minus the fan it is expected to
lose by dealing in (game.ai.judgement.defence). Near ready it looks one draw ahead
(game.ai.judgement.lookahead) within a time budget. It keeps chickens where they only count in the
hand; pungs a discard for a step, and at the same shanten for a wider hand or a chicken of its own;
kongs for the pass; robs kongs, declares ready when the bonus outweighs the locked hand's risk, and
never passes a win unless taking it would be a 包牌 trap.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from game.ai.judgement.base import View, edge_penalty, isolation, rules_for, view_of
from game.ai.judgement.defence import SafeTracker, danger, threats
from game.ai.judgement.dingque import dingque_move
from game.ai.judgement.efficiency import DiscardOption, discard_options, live_tiles, pung_live
from game.ai.judgement.lookahead import Evaluator
from game.ai.judgement.value import claimed_chicken, kong_expected
from game.ai.levels.normal import turn_kong
from game.core.melds import KongKind
from game.core.ruleset import Ruleset
from game.core.shanten import shanten, shanten_after_pung
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation

# Time the lookahead may take per decision (a backstop: game.ai.judgement.lookahead.WORK_LIMIT bounds it first);
# the whole choose() stays inside 5 ms.
BUDGET_MS = 2.5
# A budget no clock reaches: the work limit alone bounds the lookahead, so the same observation gives the
# same move however busy the machine (measurement, reviews); the table keeps BUDGET_MS.
NO_DEADLINE_MS = math.inf
# A pung that leaves the shanten as it is turns a pair into a set and the claimed tile into the next discard. Priced
# with hard playing on against three normals (build/price_claims.py, guiyang-pass, 1,760 such chances), it gained
# +0.56 to +0.88 points a pung when the hand after it had at least this many times the live tiles, and lost 0.16 to
# 0.79 below: a wider hand reaches ready sooner, and ending ready is what collects the chickens (docs/ai-journal.md).
WIDEN = 1.2
# A pung that keeps the shanten is taken for the claimed copy alone when, as a chicken of the claimer's, it is
# expected to earn at least this much (fan from all payers, times the chance to end ready): a fixed chicken, never
# the 1-in-27 share of the turned one.
CHICKEN_CLAIM = 1.0


@dataclass(frozen=True, slots=True)
class Scored:
    """A discard with its expected value: what it keeps for winning, less what it risks."""

    option: DiscardOption
    offence: float
    risk: float

    @property
    def total(self) -> float:
        """Expected fan of this discard."""
        return self.offence - self.risk


class HardAgent:
    """Value, defence and lookahead on top of efficiency (see the module docstring); it is deterministic."""

    def __init__(self, name: str = "hard", rules: Ruleset | None = None, budget_ms: float = BUDGET_MS) -> None:
        self.name = name
        self.rules = rules
        self.budget = budget_ms / 1000
        self.tracker = SafeTracker()
        # The wall count right after this agent's last kong: its next discard is hot (热炮).
        self.kong_wall = -1
        self.timeouts = 0  # decisions whose lookahead the deadline cut short
        self.last_scored: list[Scored] = []  # the discards the last turn weighed (the expert prunes by them)

    def choose(self, obs: Observation) -> Action:
        """The action of highest expected value for this observation."""
        deadline = time.perf_counter() + self.budget
        self.last_scored = []
        self.tracker.update(obs)
        forced = dingque_move(obs, rules_for(obs, self.rules))
        if forced is not None:
            return forced
        view = view_of(obs, self.rules)
        if view.should_win():
            return view.first(ActionKind.WIN)
        if obs.rob_tile is not None or obs.last_discard is not None:
            return self.claim(view)
        if obs.declared[obs.seat]:
            return view.discards()[0]
        action = self.turn(view, deadline)
        if action.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            self.kong_wall = obs.wall_remaining
        return action

    # ------------------------------------------------------------------ claims

    def claim(self, view: View) -> Action:
        """Kong a discard that costs no step, pung one when pung_reason gives a reason; otherwise pass."""
        obs = view.obs
        if obs.last_discard is None or not (view.has(ActionKind.PUNG) or view.has(ActionKind.KONG)):
            return view.first(ActionKind.PASS)
        tile = obs.last_discard[1]
        ev = Evaluator(view, time.perf_counter() + self.budget)
        counts, m = view.counts, view.meld_count
        now = shanten(counts, m)
        if view.has(ActionKind.KONG):
            counts[tile] -= 3
            after = shanten(counts, m + 1)
            counts[tile] += 3
            if after <= now and kong_expected(view.rules, KongKind.EXPOSED, ev.ready_chance(after)) >= 0:
                self.kong_wall = obs.wall_remaining
                return view.first(ActionKind.KONG)
        if view.has(ActionKind.PUNG) and self.pung_reason(view, ev, tile) is not None:
            return view.first(ActionKind.PUNG)
        return view.first(ActionKind.PASS)

    @staticmethod
    def pung_reason(view: View, ev: Evaluator, tile: int) -> str | None:
        """Why hard pungs `tile`: "closer" (a step nearer winning), "dadui" (大对子 a step away), "liable" (责任鸡),
        "chicken" (the claimed copy is a chicken of its own) or "wider" (more live tiles); None: it passes."""
        counts, m = view.counts, view.meld_count
        now = shanten(counts, m)
        after = shanten_after_pung(counts, m, tile)
        if after != now:
            return "closer" if after < now else None
        counts[tile] -= 2
        dadui = ev.dadui_after_pung(tile)
        counts[tile] += 2
        if dadui <= 1 and "dadui" in ev.values:
            return "dadui"
        if HardAgent._liable(view, tile):
            return "liable"
        # The pung shows three copies, which pay 包鸡 if the hand ends with this seat not ready.
        ready = ev.ready_chance(now)
        if ready * claimed_chicken(view.rules, tile) - 3 * ev.shown_loss(tile, ready) >= CHICKEN_CLAIM:
            return "chicken"
        return "wider" if HardAgent._widens(view, tile) else None

    @staticmethod
    def _widens(view: View, tile: int) -> bool:
        """True when punging `tile` keeps the shanten and leaves WIDEN times the live tiles the hand has now."""
        m = view.meld_count
        now, live = live_tiles(view.counts, m, view.unseen)
        after, live_after = pung_live(view.counts, m, tile, view.unseen)
        return after == now and live_after >= WIDEN * max(1, live)

    @staticmethod
    def _liable(view: View, tile: int) -> bool:
        """True when `tile` is the first copy of a followed chicken: punging it makes its discarder pay 责任鸡."""
        obs = view.obs
        if not view.rules.chickens.liability.get(tile) or obs.last_discard is None:
            return False
        first = dict(obs.first_chicken).get(tile)
        return (
            first == obs.last_discard[0]
            and tile not in dict(obs.first_chicken_claimed_by)
            and (obs.ponds[first].count(tile) == 1)
        )

    # ------------------------------------------------------------------ own turn

    def turn(self, view: View, deadline: float) -> Action:
        """A kong that costs nothing, else the discard of highest expected value (declaring when it pays)."""
        counts, m = view.counts, view.meld_count
        ev = Evaluator(view, deadline)
        found = threats(view, self.tracker, hot=False)
        risk = danger(view, found)
        options = discard_options(counts, m, view.unseen)
        low = min(o.shanten for o in options)
        live = max(o.live for o in options if o.shanten == low)
        kong = self._kong(view, ev.ready_chance(low, live), low, risk)
        if kong is not None:
            return kong
        # The replacement tile after a kong comes off the wall: the discard now is hot.
        hot = view.obs.wall_remaining == self.kong_wall - 1
        if hot:
            risk = danger(view, threats(view, self.tracker, hot=True))
        options = discard_options(counts, m, view.unseen, every=True)
        scored = self._score(view, ev, options, risk, declared=False)
        self.last_scored = scored
        best = max(scored, key=lambda s: (s.total, -isolation(counts, s.option.tile), edge_penalty(s.option.tile)))
        declares = view.discards(declare=True)
        if declares:
            tiles = {a.tile for a in declares}
            ready = [o for o in options if o.tile in tiles]
            as_declared = self._score(view, ev, ready, risk, declared=True)
            top = max(as_declared, key=lambda s: s.total)
            if top.total - ev.declare_cost() > best.total:
                return next(a for a in declares if a.tile == top.option.tile)
        return next(a for a in view.discards() if a.tile == best.option.tile)

    def _kong(self, view: View, ready: float, low: int, risk: list[float]) -> Action | None:
        def skip(a: Action) -> bool:
            assert a.tile is not None
            # A kong keeps its chickens (手上鸡 counts the melds, docs/rules.md §8). An added kong may be
            # robbed by a ready seat (抢杠), and then the robbed seat pays for all three.
            concealed = a.kind is ActionKind.CONCEALED_KONG
            if not concealed and risk[a.tile] > 0.3:
                return True
            # 倒赔 (docs/rules.md §14): a kong of a hand unlikely to be ready at the end is paid back.
            kind = KongKind.CONCEALED if concealed else KongKind.ADDED
            return kong_expected(view.rules, kind, ready) < 0

        return turn_kong(view, low, skip)

    def _score(
        self, view: View, ev: Evaluator, options: list[DiscardOption], risk: list[float], declared: bool
    ) -> list[Scored]:
        """Value the discards worth weighing: the lowest shanten, and, while the hand is not ready, any tile that is
        safe when something is dangerous."""
        low = min(o.shanten for o in options)
        # A ready hand never breaks itself for a safe tile: the one-step estimate counts a hand a step off ready as
        # good as ready over the draws left, so it made a fold look cheap; folds from ready lost 3.6 points each
        # with hard playing on (docs/ai-journal.md).
        defend = low > 0 and max(risk) > 0.5
        ranked = sorted(
            (o for o in options if o.shanten == low or (defend and risk[o.tile] < 0.01)),
            key=lambda o: (o.shanten, -o.live),
        )
        # The lookahead goes to the most promising discards first; if the budget runs out, every
        # candidate falls back to the one-step estimate so that all stay comparable.
        values = [ev.offence(o, declared, deep=True) for o in ranked]
        self.timeouts += ev.timed_out
        if ev.cut:
            values = [ev.offence(o, declared, deep=False) for o in ranked]
        return [Scored(o, v, risk[o.tile]) for o, v in zip(ranked, values, strict=True)]
