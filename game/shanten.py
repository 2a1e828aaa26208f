"""Shanten: how many tiles a hand is from ready (RULES.md §5); -1 complete, 0 ready.

Shanten here is the exact swap distance: the least number of tiles a hand must take
in (discarding others) to become a winning hand, minus one. A target hand never holds
more than four copies of a tile. Meld tiles are not counted against those four copies;
`game.hand.waits` applies the four-copies rule for a seat's own melds.

The work is done by lookups in game.suit_tables, filled lazily: the first call on a new
suit configuration costs a few microseconds, later ones under one.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.suit_tables import (
    BOTH_MASK,
    BOTH_OF,
    BOTH_SHIFT,
    FINAL,
    PAIR,
    ROW_OF,
    SEVEN_OF,
    SEVEN_SHANTEN,
    both_code,
    final_shanten,
    pair_id,
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
    """Shanten toward seven pairs (RULES §5 七对; 1111m is two pairs); meaningful with no melds."""
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
        s = FINAL[PAIR[a >> BOTH_SHIFT][b >> BOTH_SHIFT]][c >> BOTH_SHIFT][0]
    except KeyError:
        a = both_code(t[:9])
        b = both_code(t[9:18])
        c = both_code(t[18:])
        s = final_shanten(pair_id(a >> BOTH_SHIFT, b >> BOTH_SHIFT), c >> BOTH_SHIFT)[0]
    p = SEVEN_SHANTEN[(a + b + c) & BOTH_MASK]
    return p if p < s else s


def seven_pairs_missing(counts: Sequence[int]) -> int:
    """Tiles missing for seven pairs (four of a kind counts as two pairs); 0 when the hand has them."""
    return shanten_seven_pairs(counts) + 1
