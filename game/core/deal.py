"""Dealing the tiles one seat cannot see, once per play-out: the hidden hands and the wall of a LeanHand.

The expert's search deals a fresh hand for every rollout, so this runs as often as the rollouts do and is
compiled with them. What it deals by (the unseen tiles, each seat's chance of keeping a kind, its chance of
being ready and the kinds it does not wait on) is read off the table once per decision, by
game.ai.search.sampling from an observation and the table's reading.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.core import hand as analysis
from game.core.melds import Meld
from game.core.rollout import LeanHand
from game.core.tiles import NUM_KINDS, Tile

# Tries at a ready hand for a seat that declared ready before giving up on it for this sample.
READY_TRIES = 12
# Seats draw from places of their own in the dealt wall (LeanHand.set_wall): the same hands, and
# candidate moves compared on a deal keep each seat's draws.
DRAW_BY_SEAT = True


def deal_unseen(
    base: LeanHand,
    unseen: list[Tile],
    sizes: list[int],
    stays: list[list[float]],
    ready_odds: list[float],
    passed_by: list[frozenset[Tile]],
    rob_seat: int,
    rob_tile: Tile,
    rng: random.Random,
) -> LeanHand:
    """A copy of `base` with the `unseen` tiles dealt: `sizes[s]` to each hidden hand, kept there with the chance
    `stays[s][kind]` (else swapped with a wall tile), a hand made ready with `ready_odds[s]` on waits outside
    `passed_by[s]`, the tile being robbed back in `rob_seat`'s hand, and the rest as the wall."""
    pool = unseen[:]
    shuffle(pool, rng)
    h = base.copy()
    # Hands are taken off the end of the shuffled pool; what is left is the wall.
    end = len(pool)
    players = len(sizes)
    starts = [0] * players
    for s in range(players):
        n = sizes[s]
        starts[s] = end - n
        end -= n
    wall_len = end
    for s in range(players):
        n = sizes[s]
        if not n:
            continue
        stay = stays[s]
        lo = starts[s]
        if wall_len:
            for i in range(lo, lo + n):
                keep = stay[pool[i]]
                if keep < 1.0 and rng.random() >= keep:
                    j = below(rng.getrandbits, wall_len)
                    pool[i], pool[j] = pool[j], pool[i]
        counts = h.hands[s]
        for i in range(lo, lo + n):
            counts[pool[i]] += 1
    for s in range(players):
        odds = ready_odds[s]
        if odds >= 1.0 or (odds > 0.0 and rng.random() < odds):
            _make_ready(h, s, pool, wall_len, rng, passed_by[s])
    if rob_seat >= 0 and rob_tile >= 0:
        h.hands[rob_seat][rob_tile] += 1
    h.set_wall(pool[:wall_len], by_seat=DRAW_BY_SEAT)
    return h


def shuffle(items: list[Tile], rng: random.Random) -> None:
    """Shuffle in place exactly as `rng.shuffle(items)` does, drawing the same bits from `rng`."""
    # random.shuffle's loop is interpreted even when this module is compiled, with a call per tile
    # (docs/ai.md, "Rollouts per second"); the same Fisher-Yates over getrandbits keeps every seeded deal.
    i = len(items) - 1
    bits = rng.getrandbits  # (looked up once, not on each of the draws)
    while i > 0:
        j = below(bits, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


def below(bits: Callable[[int], int], n: int) -> int:
    """`rng.randrange(n)` for n > 0, given `rng.getrandbits`: the same draw from the same bits."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def _make_ready(
    h: LeanHand, seat: int, pool: list[Tile], wall_len: int, rng: random.Random, passed: frozenset[Tile]
) -> None:
    """Swap tiles between a declared seat's hand and the wall until the hand is ready and waits on none of
    the kinds in `passed` (a few tries; failing that, on a ready hand that waits on some)."""
    counts = h.hands[seat]
    melds: list[Meld] = h.melds[seat]
    found = analysis.waits(counts, melds)
    if (found and not passed.intersection(found)) or not wall_len:
        return
    fallback = counts[:] if found else None
    for _ in range(READY_TRIES):
        target = _ready_target(counts, pool, wall_len, len(melds), rng)
        if target is None or not _swap_to(counts, target, pool, wall_len):
            continue
        found = analysis.waits(counts, melds)
        if found and not passed.intersection(found):
            return
        if fallback is None and found:
            fallback = counts[:]
    if fallback is not None and not analysis.is_ready(counts, melds):
        # Hand and wall together hold the same tiles as when the fallback was made, so it can be made again.
        _swap_to(counts, fallback, pool, wall_len)


def _swap_to(counts: list[int], target: list[int], pool: list[Tile], wall_len: int) -> bool:
    """Make the hand `target` by swapping tiles with the wall (pool[:wall_len]): the hand's tiles the
    target does not use go into the wall, the target's missing tiles come out of it. False, and
    nothing moved, when the wall lacks one of them."""
    need = [max(0, target[t] - counts[t]) for t in range(NUM_KINDS)]
    swaps: list[int] = []
    for j in range(wall_len):
        t = pool[j]
        if need[t]:
            need[t] -= 1
            swaps.append(j)
    out = [t for t in range(NUM_KINDS) for _ in range(max(0, counts[t] - target[t]))]
    if any(need) or len(out) != len(swaps):
        return False
    for j, t in zip(swaps, out, strict=True):
        counts[pool[j]] += 1
        counts[t] -= 1
        pool[j] = t
    return True


def _ready_target(
    counts: list[int], pool: list[Tile], wall_len: int, melds: int, rng: random.Random
) -> list[int] | None:
    """A random ready hand of 13 - 3*melds tiles that the seat's hand and the wall can make, keeping what it can."""
    avail = counts[:]
    for j in range(wall_len):
        avail[pool[j]] += 1
    target = [0] * NUM_KINDS
    # Start from the sets and pair the hand already has, then fill from the wall.
    sets_needed = 4 - melds
    kinds = [t for t in range(NUM_KINDS) if avail[t]]
    if not kinds:
        return None
    for _ in range(sets_needed):
        for _try in range(8):
            t = rng.choice(kinds) if rng.random() < 0.5 else _held(counts, rng, kinds)
            r = t % 9
            if rng.random() < 0.7 and r <= 6 and all(avail[t + k] - target[t + k] > 0 for k in range(3)):
                for k in range(3):
                    target[t + k] += 1
                break
            if avail[t] - target[t] >= 3:
                target[t] += 3
                break
        else:
            return None
    for _try in range(8):
        t = _held(counts, rng, kinds)
        if avail[t] - target[t] >= 2:
            target[t] += 2
            break
    else:
        return None
    held = [t for t in range(NUM_KINDS) for _ in range(target[t])]
    target[rng.choice(held)] -= 1
    return target


def _held(counts: list[int], rng: random.Random, kinds: list[int]) -> int:
    """A kind the seat already holds, at random (any kind when it holds none)."""
    held = [t for t in range(NUM_KINDS) if counts[t]]
    return rng.choice(held) if held else rng.choice(kinds)
