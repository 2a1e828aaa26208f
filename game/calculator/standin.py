"""The stand-in hand of the calculator's quick entry: concealed tiles for a seat whose hand was not entered.

A real table rarely writes down the hands that did not win; what the settlement reads of such a seat is
whether it is ready at the end and which chickens it holds (game.core.settlement: kongs and chickens are paid
by readiness, chickens by the copies a seat holds). So the calculator gives the seat a hand of the right
size that holds exactly the chickens the player named, ready or not as the player said, made of tiles
still free on the table and of no other chicken kind; a ready stand-in never waits on the winning tile,
so it can neither have passed the win nor be held to a hot discard (docs/rules.md §7, B6).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.hand import seat_ready, waits
from game.core.melds import Meld
from game.core.ruleset import Ruleset
from game.core.tiles import NUM_KINDS, Tile, to_counts

TRIES = 400  # random shapes tried before the seat is said to have no such hand


def stand_in_hand(
    size: int,
    chickens: Sequence[Tile],
    ready: bool,
    free: Sequence[int],
    avoid: set[Tile],
    melds: Sequence[Meld],
    rules: Ruleset,
    no_wait: Tile | None = None,
    seed: int = 0,
) -> list[Tile] | None:
    """`size` concealed tiles holding `chickens`, the rest from the `free` copies of kinds not in `avoid`,
    ready (never waiting on `no_wait`) or not as asked; None when no such hand turns up."""
    if len(chickens) > size:
        return None
    rng = random.Random(seed)
    fill = [t for t in range(NUM_KINDS) if t not in avoid for _ in range(max(0, free[t]))]
    for _ in range(TRIES):
        hand = _ready_shape(size, chickens, fill, rng) if ready else _any_shape(size, chickens, fill, rng)
        if hand is not None and _fits(hand, chickens, free, avoid) and _is(hand, ready, melds, rules, no_wait):
            return sorted(hand)
    return None


def _is(hand: list[Tile], ready: bool, melds: Sequence[Meld], rules: Ruleset, no_wait: Tile | None) -> bool:
    counts = to_counts(hand)
    if seat_ready(counts, melds, rules) != ready:
        return False
    return not ready or no_wait is None or no_wait not in waits(counts, melds, dilongqi=True, own_four=True)


def _fits(hand: list[Tile], chickens: Sequence[Tile], free: Sequence[int], avoid: set[Tile]) -> bool:
    """The hand's fillers are free copies of kinds that are no chicken."""
    counts = to_counts(hand)
    named = to_counts(list(chickens))
    return all(
        counts[t] == named[t] if t in avoid else counts[t] - named[t] <= max(0, free[t]) for t in range(NUM_KINDS)
    )


def _any_shape(size: int, chickens: Sequence[Tile], fill: list[Tile], rng: random.Random) -> list[Tile] | None:
    if len(fill) < size - len(chickens):
        return None
    return [*chickens, *rng.sample(fill, size - len(chickens))]


def _ready_shape(size: int, chickens: Sequence[Tile], fill: list[Tile], rng: random.Random) -> list[Tile] | None:
    """A complete shape of size + 1 tiles (sets and a pair) around the chickens, less one filler tile."""
    left = list(chickens)
    groups: list[list[Tile]] = []
    pair = False
    while left:
        t = left[0]
        options = []
        if left.count(t) >= 3:
            options.append([t, t, t])
        if left.count(t) >= 2 and not pair:
            options.append([t, t])
        options += [run for run in _runs(t) if all(u == t or u in fill for u in run)]
        if not pair:
            options.append([t, t] if t in fill else [])
        options = [o for o in options if o]
        if not options:
            return None
        group = rng.choice(options)
        pair = pair or len(group) == 2
        groups.append(group)
        for u in group:
            if u in left:
                left.remove(u)
    need = size + 1 - sum(len(g) for g in groups)
    if need < 0 or (need - (0 if pair else 2)) % 3:
        return None
    extra: list[Tile] = []
    if not pair:
        if not fill:
            return None
        t = rng.choice(fill)
        extra += [t, t]
        need -= 2
    for _ in range(need // 3):
        if not fill:
            return None
        t = rng.choice(fill)
        extra += rng.choice([[t, t, t], *(run for run in _runs(t) if all(u in fill for u in run))])
    whole = [*[u for g in groups for u in g], *extra]
    spare = [i for i, u in enumerate(whole) if u in fill and whole[: i + 1].count(u) > list(chickens).count(u)]
    if not spare:
        return None
    del whole[rng.choice(spare)]
    return whole


def _runs(t: Tile) -> list[list[Tile]]:
    """The runs of three in `t`'s suit that hold `t`."""
    rank = t % 9
    return [[t + d, t + d + 1, t + d + 2] for d in (-2, -1, 0) if rank + d >= 0 and rank + d + 2 <= 8]
