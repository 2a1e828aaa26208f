"""Reading the table: what each other seat likely holds, from one seat's observation alone.

For every other seat: the chance that its hand is ready now, a distribution over the 27 kinds
of being its wait when it is, per-suit keep weights, and per-kind weights of an unseen copy
being in its hand. The evidence is public: the seat's discards in order (a suit thrown early is
one it is not keeping; a suit it never throws is one it keeps), its pungs and kongs (kept
kinds, and a suit it builds toward 清一色), 报听 with the tiles a declared hand has let go, and
how far the hand has gone. Guiyang has no chow, but runs are still formed in the concealed
hand, so a wait comes from a run (45 waits on 3 and 6, 46 on 5), a pair (two pairs wait on
either) or a single tile, counted from the tiles this seat cannot see.

The observation does not record whether a discard was the tile just drawn, nor a seat's pass
on a winnable discard (过水 is private to that seat), so neither is used. One call costs a few
hundred arithmetic steps a seat: it runs once per decision, never inside a rollout.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.ai.judgement.base import unseen_of
from game.core.ruleset import Ruleset
from game.core.rulings import declared_wins_any_discard, has_pass
from game.core.tiles import NUM_KINDS, Tile
from game.engine.observation import Observation

# A seat's first discards are choices of what to give up; later ones are more often the tile just
# drawn. Discards up to EARLY count fully toward which suits it drops, later ones LATE_WEIGHT.
EARLY = 6
LATE_WEIGHT = 0.5
# Pseudo-discards per suit: how much evidence it takes to move a suit's keep weight.
KEEP_PRIOR = 8.0
# Each pung or kong of a suit multiplies its keep weight by this (1 + per meld): a seat that claims a
# suit is building in it.
MELD_KEEP = 0.0
# Relative weight of an unseen copy being in a seat's hand when the seat has thrown that kind: a
# player throws what it does not keep (the deal's old "return to the wall with 0.6").
THROWN_HELD = 0.4
# How likely a kind the seat has itself thrown is still its wait (no furiten here, but a seat rarely
# throws a tile its hand wants), for a seat not declared.
THROWN_WAIT = 0.05
# For a declared seat: a kind it threw after declaring (the locked hand throws the tile it drew, which
# would have won) or let pass where a declared hand may win off any discard is almost never a wait;
# its discards from before it declared less so.
AFTER_DECLARE_WAIT = 0.02
BEFORE_DECLARE_WAIT = 0.3
# The chance a seat is ready, a logistic in the public signs of progress (fitted on hard's play,
# docs/ai-journal.md "Reading the table"): its turns so far and its melds; a kong adds no more than
# a pung (it takes a tile from the wall's end instead of a turn).
READY_BIAS = -3.59
READY_PER_TURN = 0.41
READY_PER_MELD = 0.80
READY_PASS = -0.84
# Players keep the wait with more tiles left to win on: a wait's weight grows with its unseen copies
# to this power.
LIVE_POWER = 0.0
# A single wait is less common than a run or two pairs at the same count of ways.
SINGLE_WAYS = 2.0


@dataclass(frozen=True, slots=True)
class SeatReading:
    """One other seat as read from the table."""

    seat: int
    ready: float  # the chance its hand is ready now
    waits: tuple[float, ...]  # per kind, the chance it is the wait given the seat is ready; sums to 1 (or all 0)
    keep: tuple[float, float, float]  # per suit, how much more of it the hand holds than an even share (mean 1)
    held: tuple[float, ...]  # per kind, the relative chance an unseen copy of it is in this seat's hand
    ruled_out: frozenset[Tile]  # kinds it almost surely does not wait on (thrown, or let go since 报听)


def read_table(
    obs: Observation, rules: Ruleset, marks: Mapping[int, Sequence[int]] | None = None
) -> tuple[SeatReading | None, ...]:
    """Each other seat read from `obs` (None at the observer's own place).

    `marks` gives, for a seat seen to declare, every pond's length when the observer first saw the
    declaration (game.ai.judgement.defence.SafeTracker keeps them); without one, 报听 is taken to have come
    right after the seat's first discard.
    """
    unseen = unseen_of(obs, rules)
    out: list[SeatReading | None] = []
    for s in range(len(obs.ponds)):
        if s == obs.seat:
            out.append(None)
            continue
        mark = None if marks is None else marks.get(s)
        out.append(read_seat(obs, rules, s, unseen, mark))
    return tuple(out)


def read_seat(
    obs: Observation, rules: Ruleset, seat: int, unseen: Sequence[int], mark: Sequence[int] | None = None
) -> SeatReading:
    """One seat read from `obs`; `unseen` is the observer's unseen copies per kind."""
    keep = suit_keep(obs, seat)
    pond = obs.ponds[seat]
    thrown = set(pond)
    held = tuple(keep[t // 9] * (THROWN_HELD if t in thrown else 1.0) for t in range(NUM_KINDS))
    weights = wait_ways(unseen, held, obs.hand_sizes[seat])
    factors = _wait_factors(obs, rules, seat, mark)
    for t, f in factors.items():
        weights[t] *= f
    total = sum(weights)
    waits = tuple(w / total for w in weights) if total > 0 else (0.0,) * NUM_KINDS
    ruled_out = frozenset(t for t, f in factors.items() if f <= THROWN_WAIT)
    return SeatReading(seat, ready_chance(obs, rules, seat), waits, keep, held, ruled_out)


def ready_chance(obs: Observation, rules: Ruleset, seat: int) -> float:
    """The chance `seat`'s hand is ready now: 1 when it declared, else from its turns, melds and kongs."""
    if obs.declared[seat]:
        return 1.0
    melds = obs.melds[seat]
    turns = len(obs.ponds[seat]) + sum(1 for ms in obs.melds for m in ms if m.source == seat)
    x = READY_BIAS + READY_PER_TURN * turns + READY_PER_MELD * len(melds)
    if has_pass(melds, rules.play):
        x += READY_PASS
    return 1.0 / (1.0 + math.exp(-x))


def suit_keep(obs: Observation, seat: int) -> tuple[float, float, float]:
    """Per suit, how much more of it `seat`'s hidden hand likely holds than an even share (mean 1)."""
    dropped = [0.0, 0.0, 0.0]
    for i, t in enumerate(obs.ponds[seat]):
        dropped[t // 9] += 1.0 if i < EARLY else LATE_WEIGHT
    even = sum(dropped) / 3
    keep = [(KEEP_PRIOR + even) / (KEEP_PRIOR + d) for d in dropped]
    for m in obs.melds[seat]:
        keep[m.tile // 9] *= 1.0 + MELD_KEEP
    mean = sum(keep) / 3
    return keep[0] / mean, keep[1] / mean, keep[2] / mean


def wait_ways(unseen: Sequence[int], held: Sequence[float], hidden: int) -> list[float]:
    """Per kind, the weighted number of ways a ready hand of `hidden` tiles waits on it.

    A run wait needs two neighbours in the hand, a pair wait two copies, a single wait one; each copy
    counts as unseen copies times the seat's `held` weight for its kind.
    """
    c = [unseen[t] * held[t] for t in range(NUM_KINDS)]
    w = [0.0] * NUM_KINDS
    for t in range(NUM_KINDS):
        single = SINGLE_WAYS * c[t]
        if hidden < 4:
            w[t] = single * (unseen[t] + 0.5) ** LIVE_POWER  # one tile left in the hand: only a single wait
            continue
        u = unseen[t]
        ways = single + (u * (u - 1) / 2) * held[t] * held[t]
        r = t % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= r + a <= 8 and 0 <= r + b <= 8:
                ways += c[t + a] * c[t + b]
        w[t] = ways * (u + 0.5) ** LIVE_POWER
    return w


def _wait_factors(obs: Observation, rules: Ruleset, seat: int, mark: Sequence[int] | None) -> dict[Tile, float]:
    """Kinds less likely to be `seat`'s wait because of what it threw or let pass, with their factors."""
    pond = obs.ponds[seat]
    if not obs.declared[seat]:
        return dict.fromkeys(pond, THROWN_WAIT)
    out: dict[Tile, float] = {}
    if mark is None:
        # The moment of 报听 unknown: taken as just after the seat's first discard, the earliest it may be.
        mark = (1,) * len(obs.ponds)
    since = mark[seat]
    for i, t in enumerate(pond):
        f = AFTER_DECLARE_WAIT if i >= since else BEFORE_DECLARE_WAIT
        out[t] = min(out.get(t, 1.0), f)
    if declared_wins_any_discard(rules.play):
        for s in range(len(obs.ponds)):
            if s == seat:
                continue
            other = obs.ponds[s]
            # The newest tile of a pond may be the discard under claim right now.
            end = len(other) - 1 if obs.last_discard is not None and obs.last_discard[0] == s else len(other)
            for t in other[mark[s] : end]:
                out[t] = min(out.get(t, 1.0), AFTER_DECLARE_WAIT)
    return out
