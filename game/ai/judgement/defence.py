"""Reading the table to avoid dealing in (docs/rules.md §4, §6, §7).

A plain hand wins off a discard only with a pass, so the seats that can take a discard are
few: a declared-ready seat (its hand locked), a seat with a kong of its own, a seat building
a big hand (pungs toward 大对子, one suit toward 清一色), and, on a hot discard right after
one's own kong, every ready seat. For each, the chance that a tile is one of its waits is
counted from the unseen tiles (runs need two neighbours, pairs need copies); tiles it can no
longer be waiting on are safe: a declared seat's own discards (a locked hand discards the tile
it drew, which would have won) and every tile discarded after it declared that it did not take.
A tracker that reads (the expert's) takes each seat's ready chance and waits from the table
reading (game.ai.judgement.reading) instead of the count of turns and of unseen ways.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.judgement.base import View
from game.ai.judgement.reading import read_table
from game.core.rulings import declared_win_fan, has_pass, pass_exempt
from game.core.tiles import NUM_KINDS, Tile
from game.engine.observation import Observation


@dataclass(frozen=True, slots=True)
class Threat:
    """A seat that may win on one of our discards: how likely it is ready to, and what it would cost."""

    seat: int
    chance: float  # it is ready and may take the discard
    cost: float  # fan lost if we deal in
    pairs_only: bool = False  # 大对子: only pair waits
    suit: int | None = None  # 清一色: only this suit
    safe: frozenset[Tile] = frozenset()
    weights: tuple[float, ...] | None = None  # per kind, the chance it is the wait (the table reading), if read


@dataclass
class SafeTracker:
    """Remembers, across one seat's observations of a hand, which tiles each declared seat let pass."""

    marks: dict[int, tuple[int, ...]] = field(default_factory=dict)  # declared seat -> pond lengths when first seen
    wall: int = -1
    # Weigh each threat by the table reading (game.ai.judgement.reading): its ready chance and its waits.
    reads: bool = False

    def update(self, obs: Observation) -> None:
        """Note newly declared seats; start over when a new hand begins."""
        if obs.wall_remaining > self.wall >= 0:
            self.marks = {}
        self.wall = obs.wall_remaining
        for s in range(len(obs.ponds)):
            if s != obs.seat and obs.declared[s] and s not in self.marks:
                self.marks[s] = tuple(len(p) for p in obs.ponds)

    def safe_against(self, obs: Observation, seat: int) -> frozenset[Tile]:
        """Tiles `seat` (declared) cannot be waiting on: its own discards and those it let pass since."""
        out = set(obs.ponds[seat])
        mark = self.marks.get(seat)
        if mark is not None:
            for s in range(len(obs.ponds)):
                if s == seat:
                    continue
                pond = obs.ponds[s]
                # The newest tile of a pond may be the discard under claim right now.
                end = len(pond) - 1 if obs.last_discard is not None and obs.last_discard[0] == s else len(pond)
                out.update(pond[mark[s] : end])
        return frozenset(out)


def ready_guess(obs: Observation, seat: int) -> float:
    """Hard's guess that a seat not declared is ready: its discards pile up, and melds bring it closer."""
    turns = len(obs.ponds[seat]) + len(obs.melds[seat])
    return min(0.85, 0.03 * turns + 0.12 * len(obs.melds[seat]))


def threats(view: View, tracker: SafeTracker | None, hot: bool) -> list[Threat]:
    """The seats our next discard could deal into, with their chances and costs in fan."""
    obs, rules = view.obs, view.rules
    b = rules.bonuses
    values = rules.pattern_values()
    plain = values.get("pinghu", 1)
    reading = read_table(obs, rules, tracker.marks) if tracker is not None and tracker.reads else None
    out: list[Threat] = []
    for s in range(len(obs.ponds)):
        if s == obs.seat:
            continue
        melds = obs.melds[s]
        r = reading[s] if reading is not None else None
        weights = r.waits if r is not None else None
        if obs.declared[s]:
            fan = declared_win_fan(plain, rules, s == obs.dealer)
            safe = tracker.safe_against(obs, s) if tracker is not None else frozenset(obs.ponds[s])
            out.append(Threat(s, 1.0, fan + (b.hot_value if hot else 0), safe=safe, weights=weights))
            continue
        ready = r.ready if r is not None else ready_guess(obs, s)
        if pass_exempt(rules.play, hot=hot):
            out.append(Threat(s, ready, plain + b.hot_value + 1, weights=weights))
        elif has_pass(melds, rules.play):
            out.append(Threat(s, ready, plain + 0.5, weights=weights))
        suits = {m.tile // 9 for m in melds}
        if len(melds) >= 2 and len(suits) == 1 and "qingyise" in values:
            suit = next(iter(suits))
            pond = obs.ponds[s]
            off = sum(1 for t in pond if t // 9 != suit)
            if off >= len(pond) * 0.7:
                chance = ready * (0.5 if len(melds) == 2 else 0.8)
                out.append(Threat(s, chance, values["qingyise"], suit=suit, weights=weights))
        if len(melds) >= 2 and "dadui" in values:
            out.append(Threat(s, ready * (0.3 if len(melds) == 2 else 0.6), values["dadui"], pairs_only=True))
    return out


def wait_weights(unseen: list[int], pairs_only: bool) -> list[float]:
    """How many ways each tile can be a wait, counted from unseen copies (runs: two neighbours; pairs: copies)."""
    w = [0.0] * NUM_KINDS
    for t in range(NUM_KINDS):
        u = unseen[t]
        # Shanpon needs two hidden copies of the tile, a single wait one.
        ways = u * (u - 1) / 2 + 0.5 * u
        if not pairs_only:
            r = t % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if 0 <= r + a <= 8 and 0 <= r + b <= 8:
                    ways += unseen[t + a] * unseen[t + b]
        w[t] = ways
    return w


def danger(view: View, found: list[Threat]) -> list[float]:
    """Expected fan lost by discarding each kind now, summed over the threats."""
    out = [0.0] * NUM_KINDS
    if not found:
        return out
    base_all = wait_weights(view.unseen, False)
    base_pairs = wait_weights(view.unseen, True)
    for th in found:
        w = base_pairs if th.pairs_only else th.weights if th.weights is not None else base_all
        allowed = [
            t for t in range(NUM_KINDS) if t not in th.safe and (th.suit is None or t // 9 == th.suit) and w[t] > 0
        ]
        total = sum(w[t] for t in allowed)
        if total <= 0:
            continue
        # A ready hand waits on about 1.6 kinds: share that among the possible tiles by their ways.
        scale = th.chance * th.cost * 1.6 / total
        for t in allowed:
            out[t] += min(th.chance * th.cost, w[t] * scale)
    return out
