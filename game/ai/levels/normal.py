"""The normal level: tile efficiency with the pass in mind (docs/rules.md §4-§6).

It discards for the lowest shanten and the most live tiles (unseen tiles that lower it);
once ready it counts a wait that may be taken off a discard (a big hand, a kong of its own
for the pass, or 报听) as worth more than one it can only draw itself. It claims a pung or
kong only when that brings the hand closer, always takes a kong of its own that costs no
shanten (a kong is paid and is a pass), declares ready when it can, and always takes a win.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.judgement.base import View, edge_penalty, isolation, rules_for, view_of
from game.ai.judgement.dingque import dingque_move
from game.ai.judgement.efficiency import DiscardOption, discard_options
from game.ai.judgement.value import wait_pattern
from game.core.ruleset import Ruleset
from game.core.rulings import win_allowed
from game.core.shanten import shanten, shanten_after_pung
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation

# A wait that may be taken off any seat's discard comes about this many times as often as
# one that only the seat's own draws can complete.
DISCARD_WAIT_WEIGHT = 2.5


def ready_score(view: View, counts: list[int], waits: tuple[int, ...], declared: bool) -> float:
    """Live copies of the waits of a ready hand, a wait that can win off a discard counting extra."""
    has_pass = view.has_pass()
    score = 0.0
    for w in waits:
        n = view.unseen[w]
        if not n:
            continue
        if has_pass or declared:
            score += n * DISCARD_WAIT_WEIGHT
            continue
        pid, _ = wait_pattern(counts, view.melds, w, view.rules)
        ron = win_allowed(pid, view.melds, view.rules.play, declared=declared)
        score += n * (DISCARD_WAIT_WEIGHT if ron else 1.0)
    return score


def best_discard(view: View, options: list[DiscardOption], declared: bool) -> tuple[DiscardOption, float]:
    """The most efficient discard among `options` and its score (live tiles, or the ready score)."""
    low = min(o.shanten for o in options)
    counts = view.counts
    best: tuple[float, int, int, int] | None = None
    choice = options[0]
    choice_score = 0.0
    for o in options:
        if o.shanten != low:
            continue
        if low == 0:
            counts[o.tile] -= 1
            score = ready_score(view, counts, o.accepts, declared)
            counts[o.tile] += 1
        else:
            score = float(o.live)
        key = (score, -isolation(counts, o.tile), edge_penalty(o.tile), -o.tile)
        if best is None or key > best:
            best, choice, choice_score = key, o, score
    return choice, choice_score


def turn_kong(view: View, low: int, skip: Callable[[Action], bool] | None = None) -> Action | None:
    """A concealed or added kong that leaves the hand no further from winning, if any.

    `skip` passes over kongs a stronger player would not make (chickens kept, a kong that may be robbed).
    """
    counts, m = view.counts, view.meld_count
    for kind, removed, melds_after in ((ActionKind.CONCEALED_KONG, 4, m + 1), (ActionKind.ADDED_KONG, 1, m)):
        for a in view.by_kind.get(kind, ()):
            assert a.tile is not None
            if skip is not None and skip(a):
                continue
            counts[a.tile] -= removed
            sh = shanten(counts, melds_after)
            counts[a.tile] += removed
            if sh <= low:
                return a
    return None


def claim_shanten(view: View, kind: ActionKind, tile: int) -> int:
    """Shanten after claiming `tile`: for a pung, after the best discard that follows."""
    counts, m = view.counts, view.meld_count
    if kind is ActionKind.KONG:
        counts[tile] -= 3
        sh = shanten(counts, m + 1)
        counts[tile] += 3
        return sh
    return shanten_after_pung(counts, m, tile)


class NormalAgent:
    """Tile efficiency, useful claims, and the pass rule (see the module docstring)."""

    def __init__(self, name: str = "normal", rules: Ruleset | None = None) -> None:
        self.name = name
        self.rules = rules

    def choose(self, obs: Observation) -> Action:
        """The efficient action for this observation."""
        forced = dingque_move(obs, rules_for(obs, self.rules))
        if forced is not None:
            return forced
        view = view_of(obs, self.rules)
        if view.should_win():
            return view.first(ActionKind.WIN)
        if obs.last_discard is not None or obs.rob_tile is not None:
            return self.claim(view)
        return self.turn(view)

    def turn(self, view: View) -> Action:
        """A kong that costs nothing, else the best discard (declaring ready when it may)."""
        if view.obs.declared[view.seat]:
            return view.discards()[0]
        options = discard_options(view.counts, view.meld_count, view.unseen)
        low = min(o.shanten for o in options)
        kong = turn_kong(view, low)
        if kong is not None:
            return kong
        declares = view.discards(declare=True)
        if declares:
            tiles = {a.tile for a in declares}
            ready = [o for o in options if o.tile in tiles]
            o, _ = best_discard(view, ready, True)
            return next(a for a in declares if a.tile == o.tile)
        o, _ = best_discard(view, options, view.obs.declared[view.seat])
        return next(a for a in view.discards() if a.tile == o.tile)

    def claim(self, view: View) -> Action:
        """Kong or pung a discard when it lowers shanten (a kong: when it does not raise it), else pass."""
        obs = view.obs
        if obs.last_discard is None:
            return view.first(ActionKind.PASS)
        tile = obs.last_discard[1]
        now = shanten(view.counts, view.meld_count)
        if view.has(ActionKind.KONG) and claim_shanten(view, ActionKind.KONG, tile) <= now:
            return view.first(ActionKind.KONG)
        if view.has(ActionKind.PUNG) and claim_shanten(view, ActionKind.PUNG, tile) < now:
            return view.first(ActionKind.PUNG)
        return view.first(ActionKind.PASS)
