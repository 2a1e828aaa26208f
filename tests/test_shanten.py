"""Shanten (docs/rules.md §5): the exact swap distance to a winning hand, minus one.

Checked against an exhaustive reference written here (every target hand of four sets and
a pair, seven pairs with 1111m as two pairs), against the `mahjong` package for the
standard form, and against the recursive definition of the swap distance.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import suit_tables
from game.core.shanten import shanten, shanten_seven_pairs, shanten_standard
from game.core.tiles import NUM_KINDS, parse_tiles, to_counts

WALL = [t for t in range(NUM_KINDS) for _ in range(4)]
SIZES = (14, 13, 11, 10, 8, 7, 5, 4, 2, 1)  # 14 - 3k and 13 - 3k for k = 0..4 melds


def counts_of(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def melds_for(n: int) -> int:
    return (14 - n) // 3


def ref_standard_missing(counts: Sequence[int], sets: int) -> int:
    """Fewest tiles to take in to hold `sets` sets and a pair: every target hand, tile kind by kind.

    A target hand is fixed by, for each kind, how many runs start there, whether a pung
    and whether the pair is of that kind; it may not hold more than four of a kind.
    Missing tiles are the target's count above the hand's, summed over kinds.
    """
    h = tuple(counts)

    @cache
    def best(i: int, runs_from_prev: int, runs_from_prev2: int, sets_left: int, pair_left: int) -> int:
        if i == NUM_KINDS:
            return 0 if sets_left == 0 and pair_left == 0 and runs_from_prev == 0 else 10**6
        rank = i % 9
        if rank == 0 and (runs_from_prev or runs_from_prev2):
            return 10**6  # a run cannot cross into the next suit
        result = 10**6
        for new_runs in range(sets_left + 1 if rank <= 6 else 1):
            for pung in range(2 if sets_left - new_runs >= 1 else 1):
                for pair in range(pair_left + 1):
                    held = runs_from_prev + runs_from_prev2 + new_runs + 3 * pung + 2 * pair
                    if held > 4:
                        continue
                    missing = max(0, held - h[i])
                    rest = best(i + 1, new_runs, runs_from_prev, sets_left - new_runs - pung, pair_left - pair)
                    result = min(result, missing + rest)
        return result

    return best(0, 0, 0, sets, 1)


def ref_seven_missing(counts: Sequence[int]) -> int:
    """Fewest tiles to take in for seven pairs: each kind held 0, 2 or 4 times (docs/rules.md §5), 14 in all."""
    best = {0: 0}  # tiles in the target so far -> fewest missing
    for n in counts:
        nxt: dict[int, int] = {}
        for size, missing in best.items():
            for want in (0, 2, 4):
                if size + want <= 14:
                    cost = missing + max(0, want - n)
                    if cost < nxt.get(size + want, 10**6):
                        nxt[size + want] = cost
        best = nxt
    return best[14]


def random_hand(rng: random.Random, n: int) -> list[int]:
    return to_counts(rng.sample(WALL, n))


def block_hand(rng: random.Random, n: int) -> list[int]:
    """A hand built from pungs, kongs, runs and pairs, so it is often near a win (and holds four of a kind)."""
    c = [0] * NUM_KINDS
    while sum(c) < n:
        t = rng.randrange(NUM_KINDS)
        pick = rng.random()
        if pick < 0.25:
            add = [t] * 3
        elif pick < 0.4:
            add = [t] * 4
        elif pick < 0.55:
            add = [t] * 2
        elif pick < 0.85 and t % 9 < 7:
            add = [t, t + 1, t + 2]
        else:
            add = [t]
        add = add[: n - sum(c)]
        if all(c[x] + add.count(x) <= 4 for x in add):
            for x in add:
                c[x] += 1
    return c


def test_examples_from_rules_section_5() -> None:
    """docs/rules.md §5: a standard hand is four sets and a pair; 七对 is seven pairs, 1111m being two."""
    assert shanten_standard(counts_of("123m456p789s11s22s"), 0) == 0  # waits on 1s or 2s
    assert shanten_standard(counts_of("123m456p789s111s22s"), 0) == -1
    assert shanten_standard(counts_of("1112345678999m"), 0) == 0  # nine gates
    assert shanten_seven_pairs(counts_of("11223344556677m")) == -1
    assert shanten_seven_pairs(counts_of("11112233445566m")) == -1  # 龙七对: 1111m counts as two pairs
    assert shanten_seven_pairs(counts_of("1111223344556m")) == 0
    assert shanten_seven_pairs(counts_of("1122334455667m")) == 0
    assert shanten(counts_of("13579m2468p135s7s"), 0) == 4
    assert shanten(counts_of("1133557799m2244p"), 0) == -1  # seven pairs, far from standard
    assert shanten_standard(counts_of("1133557799m2244p"), 0) == 3


def test_melds_reduce_the_sets_needed() -> None:
    """With k melds on the table the hand needs 4 - k sets and a pair (docs/rules.md §5)."""
    assert shanten_standard(counts_of("11m"), 4) == -1
    assert shanten_standard(counts_of("1m"), 4) == 0
    assert shanten_standard(counts_of("1m9p"), 4) == 0
    assert shanten_standard(counts_of("123m55p"), 3) == -1
    assert shanten_standard(counts_of("13m55p"), 3) == 0
    assert shanten(counts_of("11223344m"), 2) == shanten_standard(counts_of("11223344m"), 2)


def test_four_copies_cap_the_target() -> None:
    """docs/rules.md §1: four copies of a tile. 1111m with three melds is not ready: 111m + 11m would need a fifth
    1m."""
    assert shanten_standard(counts_of("1111m"), 3) == 1
    assert ref_standard_missing(counts_of("1111m"), 1) == 2
    assert shanten_standard(counts_of("1111m2222m3333m9p"), 0) == 0  # four 123m runs, waiting on 9p
    assert shanten_standard(counts_of("1111m2222m3333m44m"), 0) == -1  # 123m x4 + 44m


@pytest.mark.parametrize("n", SIZES)
def test_standard_matches_exhaustive_reference_on_random_hands(n: int) -> None:
    """shanten_standard equals the exhaustive reference on random hands from a 108-tile wall."""
    rng = random.Random(1000 + n)
    for i in range(60):
        h = random_hand(rng, n) if i % 2 else block_hand(rng, n)
        k = melds_for(n)
        assert shanten_standard(h, k) == ref_standard_missing(h, 4 - k) - 1, (h, k)


@pytest.mark.parametrize("n", SIZES)
def test_standard_matches_mahjong_package(n: int) -> None:
    """The `mahjong` package's regular-hand shanten (4 sets + pair, sets implied by the tile count) agrees."""
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    regular = mahjong_shanten.Shanten.calculate_shanten_for_regular_hand
    rng = random.Random(2000 + n)
    for i in range(800):
        h = random_hand(rng, n) if i % 2 else block_hand(rng, n)
        assert shanten_standard(h, melds_for(n)) == regular(h + [0] * 7), h


def test_seven_pairs_matches_reference() -> None:
    """shanten_seven_pairs equals the exhaustive reference (docs/rules.md §5: four of a kind is two pairs)."""
    rng = random.Random(3)
    for i in range(2000):
        n = 13 + i % 2
        h = random_hand(rng, n) if i % 3 else block_hand(rng, n)
        assert shanten_seven_pairs(h) == ref_seven_missing(h) - 1, h
        assert shanten(h, 0) == min(shanten_standard(h, 0), shanten_seven_pairs(h))


def test_seven_pairs_only_without_melds() -> None:
    """七对 is fully concealed (docs/rules.md §5): with melds, shanten is the standard one."""
    h = counts_of("11224455m")
    assert shanten_seven_pairs(h) == 5  # four pairs in 8 tiles: six tiles short of seven pairs
    assert shanten(h, 2) == shanten_standard(h, 2) == 1


hands = st.sampled_from(SIZES).flatmap(lambda n: st.permutations(WALL).map(lambda w: to_counts(w[:n])))


@settings(max_examples=150, deadline=None)
@given(hands)
def test_swap_distance_recursion(h: list[int]) -> None:
    """Shanten is the swap distance: a full hand is -1 when complete, else its best discard's value;
    a hand one tile short is one more than its best draw's (a fifth copy cannot be drawn)."""
    n = sum(h)
    k = melds_for(n)
    for f in (lambda c: shanten_standard(c, k), shanten_seven_pairs):
        if k and f is shanten_seven_pairs:
            continue
        s = f(h)
        if n == 14 - 3 * k:
            if s >= 0:
                after = []
                for t in range(NUM_KINDS):
                    if h[t]:
                        h[t] -= 1
                        after.append(f(h))
                        h[t] += 1
                assert s == min(after)
        else:
            after = []
            for t in range(NUM_KINDS):
                if h[t] < 4:
                    h[t] += 1
                    after.append(f(h))
                    h[t] -= 1
            assert s == min(after) + 1


def test_lazy_tables_agree_with_direct_rows() -> None:
    """A suit's row found through the remembered tables equals one walked afresh."""
    rng = random.Random(9)
    for _ in range(300):
        key = tuple(block_hand(rng, rng.randrange(1, 15))[:9])
        if max(key) <= 4:
            assert suit_tables.ROWS[suit_tables.row_id(key)] == suit_tables.compute_row(key)
    full = suit_tables.standard_shanten_all(counts_of("123m456p789s11s22s"))
    assert full[0] == 0


def test_fill_all_fills_exact_rows() -> None:
    """fill_all walks every suit configuration (715 of at most 4 tiles) and stores the rows a fresh walk finds."""
    assert suit_tables.fill_all(max_tiles=4) == 715
    key = (1, 1, 0, 0, 2, 0, 0, 0, 0)
    assert suit_tables.ROWS[suit_tables.ROW_OF[key]] == suit_tables.compute_row(key)
    assert suit_tables.SEVEN_OF[key] == suit_tables.seven_code(key) == 1 * 64 + 2
    assert shanten(counts_of("12m5m"), 3) == ref_standard_missing(counts_of("12m5m"), 1) - 1
