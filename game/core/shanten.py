"""Shanten: how many tiles a hand is from ready (docs/rules.md §5); -1 complete, 0 ready.

Shanten here is the exact swap distance: the least number of tiles a hand must take
in (discarding others) to become a winning hand, minus one. A target hand never holds
more than four copies of a tile. Meld tiles are not counted against those four copies;
`game.core.hand.waits` applies the four-copies rule for a seat's own melds.

The work is done by lookups in game.core.suit_tables, filled lazily: the first call on a new
suit configuration costs a few microseconds, later ones under one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.core.suit_tables import (
    BOTH_MASK,
    BOTH_OF,
    BOTH_SHIFT,
    FINAL,
    PAIR,
    ROW_OF,
    SEVEN_CODE_PAIRS,
    SEVEN_OF,
    SEVEN_SHANTEN,
    both_code,
    final_shanten,
    pair_id,
    pair_of,
    remember,
    row_ids_one_changed,
    seven_code,
    standard_shanten_all,
)


def shanten_standard(counts: Sequence[int], melds: int) -> int:
    """Shanten toward four sets and a pair with `melds` sets on the table; -1 when complete."""
    t = tuple(counts)
    try:
        return FINAL[PAIR[ROW_OF[t[:9]]][ROW_OF[t[9:18]]]][ROW_OF[t[18:]]][melds]
    except KeyError:
        return standard_shanten_all(t)[melds]


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Shanten toward seven pairs (docs/rules.md §5 七对; 1111m is two pairs); meaningful with no melds."""
    t = tuple(counts)
    try:
        return SEVEN_SHANTEN[SEVEN_OF[t[:9]] + SEVEN_OF[t[9:18]] + SEVEN_OF[t[18:]]]
    except KeyError:
        return SEVEN_SHANTEN[seven_code(t[:9]) + seven_code(t[9:18]) + seven_code(t[18:])]


def shanten(counts: Sequence[int], melds: int) -> int:
    """The lower of standard and seven-pairs shanten (seven pairs only when melds == 0)."""
    t = tuple(counts)
    if melds:
        try:
            return FINAL[PAIR[ROW_OF[t[:9]]][ROW_OF[t[9:18]]]][ROW_OF[t[18:]]][melds]
        except KeyError:
            return standard_shanten_all(t)[melds]
    try:
        a = BOTH_OF[t[:9]]
        b = BOTH_OF[t[9:18]]
        c = BOTH_OF[t[18:]]
    except KeyError:
        a = both_code(t[:9])
        b = both_code(t[9:18])
        c = both_code(t[18:])
    return shanten_of_codes(a, b, c, 0)


def shanten_of_codes(a: int, b: int, c: int, melds: int) -> int:
    """`shanten` of the hand whose three suits have the both-codes a, b and c (game.core.suit_tables.both_code).

    The rollouts keep each suit's code up to date as they play, so they ask this without reading counts.
    """
    pid = pair_of(a >> BOTH_SHIFT, b >> BOTH_SHIFT)
    rc = c >> BOTH_SHIFT
    try:
        s = FINAL[pid][rc][melds]
    except KeyError:
        s = final_shanten(pid, rc)[melds]
    if melds:
        return s
    p = SEVEN_SHANTEN[(a + b + c) & BOTH_MASK]
    return p if p < s else s


def shanten_after_pung(counts: list[int], melds: int, tile: int) -> int:
    """Shanten of a 13 - 3*melds tile hand after punging `tile` and making its best discard (counts unchanged)."""
    counts[tile] -= 2
    try:
        return lowest_discards(counts, melds + 1)[0]
    finally:
        counts[tile] += 2


def seven_pairs_missing(counts: Sequence[int]) -> int:
    """Tiles missing for seven pairs (four of a kind counts as two pairs); 0 when the hand has them."""
    return shanten_seven_pairs(counts) + 1


# Suit key -> (its both-code, and for each rank it holds: the rank, the row id and the
# seven-pairs code of the suit with one tile of that rank taken out). Remembered, so that
# `lowest_discards` does no per-rank work beyond two lookups.
_DISCARDS: Final[dict[tuple[int, ...], tuple[int, tuple[tuple[int, int, int], ...]]]] = {}


def _discards_of(key: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    got = _DISCARDS.get(key)
    if got is None:
        code = both_code(key)
        seven = code & BOTH_MASK
        rows = row_ids_one_changed(key, -1)
        out: list[tuple[int, int, int]] = []
        for r in range(9):
            n = key[r]
            if n:
                # seven_code with one fewer of rank r: an even count loses a pair and leaves an
                # odd tile; an odd count loses its odd tile.
                less = seven - SEVEN_CODE_PAIRS + 1 if n % 2 == 0 else seven - 1
                out.append((r, rows[r], less))
        got = (code, tuple(out))
        remember(_DISCARDS, key, got)
    return got


def lowest_discards(counts: Sequence[int], melds: int) -> tuple[int, list[int]]:
    """The lowest shanten a discard can leave a 14 - 3*melds tile hand with, and the kinds that leave it, in order.

    One discard changes one suit only, so the other two suits' lookups are shared and the
    reduced suits come from a remembered table: far cheaper than `shanten` per candidate
    (the built-in bot asks this on every turn).
    """
    t = tuple(counts)
    try:
        sa, sb, sc = _DISCARDS[t[:9]], _DISCARDS[t[9:18]], _DISCARDS[t[18:]]
    except KeyError:
        sa, sb, sc = _discards_of(t[:9]), _discards_of(t[9:18]), _discards_of(t[18:])
    ca, cb, cc = sa[0], sb[0], sc[0]
    best = 99
    tiles: list[int] = []
    for base, own, o1, o2 in ((0, sa[1], cb, cc), (9, sb[1], cc, ca), (18, sc[1], ca, cb)):
        try:
            pid = PAIR[o1 >> BOTH_SHIFT][o2 >> BOTH_SHIFT]
        except KeyError:
            pid = pair_id(o1 >> BOTH_SHIFT, o2 >> BOTH_SHIFT)
        try:  # (not `setdefault`, which would build an empty dict on every call)
            finals = FINAL[pid]
        except KeyError:
            finals = FINAL[pid] = {}
        seven_rest = (o1 + o2) & BOTH_MASK
        for r, rc, seven in own:
            try:
                v = finals[rc][melds]
            except KeyError:
                v = final_shanten(pid, rc)[melds]
            if not melds:
                pairs = SEVEN_SHANTEN[seven_rest + seven]
                if pairs < v:
                    v = pairs
            if v < best:
                best = v
                tiles = [base + r]
            elif v == best:
                tiles.append(base + r)
    return best, tiles
