"""Expected value of a discard in fan, with a one-draw lookahead near ready (docs/rules.md §5-§8, §12).

The value of a hand is the chance of winning it times what the win pays: the pattern fan
(报听 included), the self-draw bonus and three payers when it can only be self-drawn, and the
chickens it keeps (only the hand's chickens count under 手上鸡). A ready hand is valued wait by
wait: a wait it may take off a discard (a big hand, a pass, 报听) comes in more often. A hand one
tile from ready looks one draw ahead: for every tile that makes it ready, the best discard after
it, weighted by the unseen copies of that tile. The lookahead is bounded by a count of draws it
may expand and by a deadline; when either stops it, every candidate is valued by the same
one-step estimate so that they stay comparable.
"""

from __future__ import annotations

import time

from game.ai.judgement.base import View
from game.ai.judgement.efficiency import DiscardOption, ready_discards
from game.ai.judgement.value import (
    TYPICAL_LIVE,
    charge_gain,
    chicken_payers,
    dadui_shanten,
    end_stake,
    follow_stake,
    keep_values,
    payers,
    ready_others,
    wait_pattern,
    win_chance,
)
from game.core.rulings import declared_win_fan, win_allowed
from game.core.settlement.chickens import fixed_value, pond_counts, would_charge
from game.core.tiles import NUM_KINDS, Tile

# A wait that may be taken off a discard comes in about this many times as often as a draw; so does the third
# copy of a pair, which a pung may take off any other seat's discard.
RON_RATE = 2.2
# Of the wins of a hand that may take discards, the share that are self-drawn.
SELF_SHARE = 0.45
# Draws the lookahead may expand per decision: it keeps the work, and so the choice, the same
# on a fast or a loaded machine; the deadline is only the backstop.
WORK_LIMIT = 16
# Weight of what ending ready is worth beside the win (value.end_stake): the one-step ready chance
# undercounts how often a hand near ready stays ready to the end. Measured on guiyang-daopei, hard -
# normal over 2,000 deals (seed 1): 0.5 +0.375, 1 +0.385, 2 +0.438, 3 +0.395, 5 +0.439 (docs/ai-journal.md).
END_WEIGHT = 2.0


class Evaluator:
    """Values discards for one decision; `cut` is set once the work limit or the deadline stopped a lookahead,
    `timed_out` when it was the deadline."""

    def __init__(self, view: View, deadline: float) -> None:
        self.view = view
        self.rules = view.rules
        self.deadline = deadline
        self.values = view.rules.pattern_values()
        self.keep = keep_values(view.rules)
        self.keep_tiles = [t for t in range(NUM_KINDS) if self.keep[t] > 0]
        self.unseen = view.unseen
        self.total = max(1, sum(view.unseen))
        self.draws = max(1, view.obs.wall_remaining // view.rules.players)  # own draws left
        self.payers = payers(view.rules)
        self.has_pass = view.has_pass()
        self.plain = self.values.get("pinghu", 1)
        # What ending ready is worth beside the win itself: kongs paid (or paid back) and chickens.
        self.end = END_WEIGHT * end_stake(view.obs, view.rules, view.melds, view.unseen)
        self.cut = False
        self.work = 0
        self.timed_out = False
        self._ready: dict[tuple[tuple[int, ...], bool, int], float] = {}

    def value_of(self, fan: float, ron: bool) -> float:
        """What a win's pattern is worth in fan: every other seat pays a self-draw, the discarder alone otherwise."""
        self_draw = (fan + self.rules.bonuses.self_draw) * self.payers
        if not ron:
            return self_draw
        return SELF_SHARE * self_draw + (1 - SELF_SHARE) * fan

    def chickens(self, counts: list[int]) -> float:
        """Fan the hand's chickens earn from all payers if it wins or is ready (手上鸡 only)."""
        return sum(counts[t] * self.keep[t] for t in self.keep_tiles)

    def ready_value(self, counts: list[int], waits: tuple[Tile, ...], declared: bool, draws: int) -> float:
        """Expected fan of a ready 13 - 3k tile hand over `draws` own draws: the win's chance times its
        pattern's worth, plus the chickens, which a ready hand collects whoever wins."""
        key = (tuple(counts), declared, draws)
        got = self._ready.get(key)
        if got is not None:
            return got
        melds = self.view.melds
        chick = self.chickens(counts) + self.end
        rate = 0.0
        worth = 0.0
        for w in waits:
            u = self.unseen[w]
            if u <= 0:
                continue
            pid, fan = wait_pattern(counts, melds, w, self.rules)
            if pid is None:
                continue
            if declared:
                fan = declared_win_fan(fan, self.rules, self.view.seat == self.view.obs.dealer)
            ron = win_allowed(pid, melds, self.rules.play, declared=declared)
            r = u / self.total * (RON_RATE if ron else 1.0)
            rate += r
            worth += r * (self.value_of(fan, ron) + self.keep[w])
        value = chick if rate <= 0 else chick + (1 - (1 - min(0.9, rate)) ** draws) * worth / rate
        self._ready[key] = value
        return value

    def claim_live(self, counts: list[int], option: DiscardOption) -> float:
        """The live tiles of the hand `counts` left by `option`, a pair's third copy counted RON_RATE times: a pung
        may take it off a discard, which a draw of a single never could (measured: docs/ai-journal.md)."""
        pairs = sum(self.unseen[a] for a in option.accepts if counts[a] == 2)
        return option.live + (RON_RATE - 1) * pairs

    def estimate(self, counts: list[int], option: DiscardOption) -> float:
        """One-step estimate: the chance to win (from shanten and live tiles, pungs counted) times a plain or
        大对子 win's worth, plus the chance to be ready by the end times the chickens."""
        live = self.claim_live(counts, option) * (1.5 if self.has_pass else 1.0)
        ready = win_chance(option.shanten - 1, live, self.total, self.draws)
        chick = ready * (self.chickens(counts) + self.end)
        plain = win_chance(option.shanten, live, self.total, self.draws) * self.value_of(self.plain, self.has_pass)
        dadui = self.values.get("dadui")
        if dadui is None:
            return chick + plain
        m = self.view.meld_count
        dd = dadui_shanten(counts, m)
        if dd > 2 or dd > option.shanten + 1:
            return chick + plain
        # 大对子 draws: a third copy of a pair (pungs may be claimed too), or a second of a single.
        dd_live = sum(self.unseen[t] * (RON_RATE if counts[t] == 2 else 0.5) for t in range(NUM_KINDS) if counts[t])
        big = win_chance(dd, dd_live, self.total, self.draws) * self.value_of(dadui, True)
        return chick + max(plain, big)

    def offence(self, option: DiscardOption, declared: bool, deep: bool) -> float:
        """Expected fan of the hand left by this discard, and of the discarded tile as a chicken."""
        counts = list(self.view.counts)
        counts[option.tile] -= 1
        ready = 1.0 if option.shanten <= 0 else win_chance(option.shanten - 1, option.live, self.total, self.draws)
        extra = self.discard_bonus(option.tile, ready)
        if option.shanten == 0:
            return extra + self.ready_value(counts, option.accepts, declared, self.draws)
        if deep and option.shanten == 1 and not self.cut:
            got = self.two_step(counts, option, declared)
            if got is not None:
                return extra + got
        return extra + self.estimate(counts, option)

    def discard_bonus(self, tile: Tile, ready: float) -> float:
        """What discarding `tile` earns or risks as a chicken (docs/rules.md §8, §14): 冲锋鸡 for the first copy of a
        followed chicken, 责任鸡 if it is punged, 包鸡 or the pond's share if the hand ends not ready, and 开局跟."""
        ch = self.rules.chickens
        obs = self.view.obs
        out = follow_stake(obs, self.rules, tile)
        fixed = fixed_value(self.rules, tile)
        if not fixed:
            return out
        first = would_charge(self.rules, tile, dict(obs.first_chicken))
        if first and pond_counts(self.rules):
            # Another seat holding two of the unseen copies may pung it: then the claimer gets it and
            # we pay 责任鸡. A given pair of copies sits in one of the three other hands about 6% of the time.
            u = self.unseen[tile]
            claimed = 0.06 * u * (u - 1) / 2
            gain = charge_gain(self.rules, tile) * ready - ch.charge_not_ready * ready_others(self.rules) * (1 - ready)
            liable = ch.liability.get(tile, 0) * ((1 - ready) if ch.liability_not_ready_only else 1.0)
            loss = liable + fixed * chicken_payers(self.rules) * ready
            out += (1 - claimed) * gain - claimed * loss
        elif ch.not_ready_discards:
            # Each ready seat is paid for it if the hand ends with us not ready (docs/rules.md §14).
            out -= (1 - ready) * fixed * ready_others(self.rules)
        return out - self.shown_loss(tile, ready)

    def shown_loss(self, tile: Tile, ready: float) -> float:
        """Expected fan one shown copy of `tile` (discarded, punged or konged) costs under 包鸡 (docs/rules.md §8): paid
        to each ready seat when someone wins and this seat is not ready."""
        if not self.rules.chickens.shown_pay:
            return 0.0
        return (1 - ready) * 0.5 * 1.5 * fixed_value(self.rules, tile)

    def two_step(self, counts: list[int], option: DiscardOption, declared: bool) -> float | None:
        """Look one draw ahead from a hand one tile from ready; None if the deadline came first."""
        if option.live <= 0:
            return 0.0
        m = self.view.meld_count
        live = self.claim_live(counts, option)
        p_step = min(0.9, live / self.total)
        later = max(1, self.draws - round(1 / p_step))
        total = 0.0
        for t in option.accepts:
            u = self.unseen[t]
            if u <= 0:
                continue
            # A pair's third copy may come by a pung as well as by a draw.
            weight = u * (RON_RATE if counts[t] == 2 else 1.0)
            self.work += 1
            if self.work > WORK_LIMIT:
                self.cut = True
                return None
            if time.perf_counter() > self.deadline:
                self.cut = self.timed_out = True
                return None
            counts[t] += 1
            self.unseen[t] -= 1
            best = 0.0
            for x, waits in ready_discards(counts, m):
                counts[x] -= 1
                best = max(best, self.ready_value(counts, waits, declared, later))
                counts[x] += 1
            self.unseen[t] += 1
            counts[t] -= 1
            total += weight * best
        reach = 1 - (1 - p_step) ** self.draws
        return reach * total / live

    def ready_chance(self, shanten: int, live: float | None = None) -> float:
        """Chance that a hand `shanten` from winning is ready by the end (a typical hand's live tiles if not given)."""
        if shanten <= 0:
            return 1.0
        if live is None:
            live = TYPICAL_LIVE[min(shanten, len(TYPICAL_LIVE)) - 1]
        return win_chance(shanten - 1, live, self.total, self.draws)

    def dadui_after_pung(self, tile: Tile) -> int:
        """大对子 shanten of the hand as it stands (the caller has taken the pung's two tiles out)."""
        return dadui_shanten(self.view.counts, self.view.meld_count + 1)

    def declare_cost(self) -> float:
        """Expected fan lost by a locked hand that must discard every tile it draws (杀报 included)."""
        per_discard = 0.04
        discards = min(self.draws, 8)
        return discards * per_discard * (2 + self.rules.bonuses.kill_declared)
