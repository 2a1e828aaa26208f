"""Winning hands, waits and patterns (docs/rules.md §5, §12.7), against a plain recursive reference."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.hand import (
    best_pattern,
    best_wait_value,
    completing_tiles,
    discard_waits,
    is_complete,
    is_ready,
    matching_patterns,
    waits,
)
from game.core.melds import KongKind, Meld
from game.core.tiles import NUM_KINDS, Tile, format_tiles, parse_tile, parse_tiles, to_counts
from game.rules.loader import load_ruleset

WALL = [t for t in range(NUM_KINDS) for _ in range(4)]

# guiyang-classic's values (docs/rules.md §11).
CLASSIC: dict[str, int | None] = {
    "pinghu": 1,
    "dadui": 5,
    "qidui": 8,
    "longqidui": 10,
    "qingyise": 10,
    "qingdadui": 15,
    "qingqidui": 17,
    "qinglongbei": 20,
    "dandiao": None,
    "qingdandiao": None,
}
# guiyang-modern's 单钓 values (docs/rules.md §13).
MODERN = CLASSIC | {"qidui": 10, "longqidui": 20, "qingqidui": 20, "qinglongbei": 30, "dandiao": 10, "qingdandiao": 20}


def counts_of(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def text_of(counts: Sequence[int]) -> str:
    return format_tiles(t for t in range(NUM_KINDS) for _ in range(counts[t]))


def pungs(text: str) -> list[Meld]:
    return [Meld(t) for t in parse_tiles(text)]


# --- the reference: a plain recursive decomposition -------------------------------------


def ref_sets(c: list[int]) -> bool:
    """True when the counts split into pungs and runs."""
    i = next((i for i in range(NUM_KINDS) if c[i]), None)
    if i is None:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = ref_sets(c)
        c[i] += 3
        if ok:
            return True
    if i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for d in range(3):
            c[i + d] -= 1
        ok = ref_sets(c)
        for d in range(3):
            c[i + d] += 1
        if ok:
            return True
    return False


def ref_standard(counts: Sequence[int]) -> bool:
    c = list(counts)
    for p in range(NUM_KINDS):
        if c[p] >= 2:
            c[p] -= 2
            ok = ref_sets(c)
            c[p] += 2
            if ok:
                return True
    return False


def ref_complete(counts: Sequence[int], k: int) -> bool:
    """Four sets and a pair counting k melds, or seven pairs (1111m is two) with no melds."""
    if sum(counts) != 14 - 3 * k:
        return False
    return ref_standard(counts) or (k == 0 and all(n % 2 == 0 for n in counts))


def ref_completing(counts: Sequence[int], k: int, held: Sequence[int] | None = None) -> list[Tile]:
    """Every tile tried: those that complete the hand, unless the seat already holds all four."""
    held = held or counts
    out = []
    for t in range(NUM_KINDS):
        if held[t] < 4:
            c = list(counts)
            c[t] += 1
            if ref_complete(c, k):
                out.append(t)
    return out


def ref_waits(counts: Sequence[int], melds: Sequence[Meld]) -> list[Tile]:
    held = list(counts)
    for m in melds:
        held[m.tile] += m.size
    return ref_completing(counts, len(melds), held)


# --- random hands ------------------------------------------------------------------------


def random_melds(rng: random.Random, k: int, taken: list[int]) -> list[Meld]:
    melds: list[Meld] = []
    while len(melds) < k:
        t = rng.randrange(NUM_KINDS)
        size = 4 if rng.random() < 0.3 else 3
        if taken[t] + size <= 4:
            taken[t] += size
            melds.append(Meld(t, KongKind.CONCEALED if size == 4 else None))
    return melds


def near_complete(rng: random.Random, k: int) -> list[int] | None:
    """A random complete concealed part for k melds (sets and a pair), or None if it broke the four-copies rule."""
    c = [0] * NUM_KINDS
    for _ in range(4 - k):
        t = rng.randrange(NUM_KINDS)
        if rng.random() < 0.4 or t % 9 > 6:
            c[t] += 3
        else:
            for d in range(3):
                c[t + d] += 1
    c[rng.randrange(NUM_KINDS)] += 2
    return c if max(c) <= 4 else None


def hand_cases(seed: int, count: int) -> list[tuple[list[int], list[Meld]]]:
    """(13 - 3k concealed counts, melds): random draws from the wall and broken winning hands."""
    rng = random.Random(seed)
    cases: list[tuple[list[int], list[Meld]]] = []
    while len(cases) < count:
        k = rng.randrange(5) if rng.random() < 0.5 else 0
        if rng.random() < 0.3:
            hand = to_counts(rng.sample(WALL, 13 - 3 * k))
        else:
            full = near_complete(rng, k)
            if full is None:
                continue
            full[rng.choice([t for t in range(NUM_KINDS) if full[t]])] -= 1
            if rng.random() < 0.3:  # a swap, so many hands are one step further
                full[rng.choice([t for t in range(NUM_KINDS) if full[t]])] -= 1
                full[rng.randrange(NUM_KINDS)] += 1
            if max(full) > 4:
                continue
            hand = full
        taken = list(hand)
        cases.append((hand, random_melds(rng, k, taken)))
    return cases


# --- complete hands and waits --------------------------------------------------------------


def test_is_complete_examples() -> None:
    """docs/rules.md §5: four sets and a pair, or seven pairs; 1111m counts as two pairs; melds are sets."""
    assert is_complete(counts_of("123m456p789s11122s"), 0)
    assert is_complete(counts_of("11223344556677m"), 0)
    assert is_complete(counts_of("11112233445566m"), 0)  # 龙七对
    assert is_complete(counts_of("1133557799m2244p"), 0)
    assert not is_complete(counts_of("1133557799m2244p"), 1)  # wrong size for one meld
    assert not is_complete(counts_of("123m456p789s1122s"), 0)  # 13 tiles
    assert is_complete(counts_of("55p"), 4)
    assert is_complete(counts_of("789s55p"), 3)
    assert not is_complete(counts_of("11223344m"), 1)  # seven pairs needs no melds


def test_is_complete_matches_reference_on_random_hands() -> None:
    """is_complete agrees with the recursive reference on random and near-winning hands."""
    rng = random.Random(11)
    agreed = 0
    for _ in range(3000):
        k = rng.randrange(5)
        full = near_complete(rng, k) if rng.random() < 0.6 else to_counts(rng.sample(WALL, 14 - 3 * k))
        if full is None:
            continue
        if rng.random() < 0.5:  # swap one tile
            full[rng.choice([t for t in range(NUM_KINDS) if full[t]])] -= 1
            full[rng.randrange(NUM_KINDS)] += 1
            if max(full) > 4:
                continue
        assert is_complete(full, k) == ref_complete(full, k), (text_of(full), k)
        agreed += 1
    assert agreed > 2000


def test_waits_examples() -> None:
    """Waits of ready hands, sorted (docs/rules.md §5 叫牌)."""
    assert waits(counts_of("1112345678999m"), []) == parse_tiles("123456789m")
    assert waits(counts_of("123m456p789s1122s"), []) == parse_tiles("12s")
    assert waits(counts_of("1122334455667m"), []) == parse_tiles("147m")
    assert waits(counts_of("5p"), pungs("1m2m3m4m")) == [parse_tile("5p")]
    assert waits(counts_of("13579m2468p135s7s"), []) == []
    assert not is_ready(counts_of("13579m2468p135s7s"), [])
    assert is_ready(counts_of("1112345678999m"), [])


def test_wait_on_a_tile_the_seat_holds_all_four_of_does_not_count() -> None:
    """docs/rules.md §5: a wait whose four copies are all in the seat's own hand and melds does not count."""
    # 1111m234m567p789s: 111m + 234m + 1m would wait on a fifth 1m; only 4m (111m 123m 44m) is left.
    assert waits(counts_of("1111m234m567p789s"), []) == [parse_tile("4m")]
    # 2345m456p789s with a pung of 2m on the table: 2m (22m + 345m) would be the fourth copy,
    # the other three being melded; only 5m (234m + 55m) counts.
    assert completing_tiles(counts_of("2345m456p789s"), 1) == parse_tiles("25m")
    assert waits(counts_of("2345m456p789s"), pungs("2m")) == parse_tiles("5m")
    # A kong of 6m uses all four: 6m never counts as a wait.
    kong = [Meld(parse_tile("6m"), KongKind.EXPOSED)]
    assert waits(counts_of("45m456p789s55s"), kong) == parse_tiles("3m")
    # Seven pairs waiting on its fourth 1m (龙七对) is fine: the seat holds only three.
    assert waits(counts_of("1112233445566m"), []) == ref_waits(counts_of("1112233445566m"), [])
    assert parse_tile("1m") in waits(counts_of("1112233445566m"), [])


def test_waits_match_reference_on_random_hands() -> None:
    """waits and completing_tiles agree with the reference (every tile tried) on random hands with melds."""
    ready = 0
    for hand, melds in hand_cases(21, 2500):
        got = waits(hand, melds)
        assert got == ref_waits(hand, melds), (text_of(hand), melds)
        assert completing_tiles(hand, len(melds)) == ref_completing(hand, len(melds))
        ready += bool(got)
    assert ready > 800


ready_hands = st.integers(0, 4).flatmap(
    lambda k: st.tuples(
        st.just(k),
        st.lists(
            st.tuples(st.booleans(), st.integers(0, NUM_KINDS - 1)), min_size=4 - k, max_size=4 - k
        ),  # (pung?, tile) for each set
        st.integers(0, NUM_KINDS - 1),  # the pair
        st.integers(0, 13),  # which tile to take out
    )
)


@settings(max_examples=300, deadline=None)
@given(ready_hands)
def test_waits_property(case: tuple[int, list[tuple[bool, int]], int, int]) -> None:
    """A winning hand with one tile taken out waits on that tile (unless four copies are held) and on
    exactly the reference's tiles."""
    k, sets, pair, out = case
    c = [0] * NUM_KINDS
    for is_pung, t in sets:
        if is_pung or t % 9 > 6:
            c[t] += 3
        else:
            for d in range(3):
                c[t + d] += 1
    c[pair] += 2
    if max(c) > 4:
        return
    assert is_complete(c, k)
    held = [t for t in range(NUM_KINDS) for _ in range(c[t])]
    removed = held[out % len(held)]
    c[removed] -= 1
    w = completing_tiles(c, k)
    assert removed in w
    assert w == ref_completing(c, k)


def test_discard_waits_match_reference() -> None:
    """discard_waits lists exactly the discards that leave the hand ready, with their waits."""
    rng = random.Random(5)
    checked = 0
    for hand, melds in hand_cases(31, 600):
        t = rng.randrange(NUM_KINDS)
        taken = list(hand)
        for m in melds:
            taken[m.tile] += m.size
        if taken[t] >= 4:
            continue
        hand14 = list(hand)
        hand14[t] += 1
        expected = {}
        for d in range(NUM_KINDS):
            if hand14[d]:
                hand14[d] -= 1
                w = ref_waits(hand14, melds)
                hand14[d] += 1
                if w:
                    expected[d] = w
        assert discard_waits(hand14, melds) == expected
        checked += 1
    assert checked > 400


# --- patterns --------------------------------------------------------------------------------


def patterns(text: str, win: str, melds: Sequence[Meld] = ()) -> frozenset[str]:
    return matching_patterns(counts_of(text), melds, parse_tile(win))


def test_pattern_pinghu() -> None:
    """docs/rules.md §5 平胡: a standard hand matching nothing bigger."""
    assert patterns("123m456p789s11122s", "2s") == {"pinghu"}
    assert best_pattern(patterns("123m456p789s11122s", "2s"), CLASSIC) == "pinghu"


def test_pattern_dadui() -> None:
    """docs/rules.md §5 大对子: four pungs/kongs and a pair; melded pungs and kongs count."""
    assert patterns("111m222p333s44455s", "5s") == {"dadui", "pinghu"}
    assert patterns("111m222p55s", "5s", [*pungs("9m"), Meld(3, KongKind.CONCEALED)]) == {"dadui", "pinghu"}
    assert "dadui" not in patterns("123m222p333s44455s", "5s")


def test_pattern_seven_pairs_and_dragon() -> None:
    """docs/rules.md §5 七对 (no four of a kind) and 龙七对 (at least one, counted as two pairs)."""
    assert patterns("1133557799m2244p", "4p") == {"qidui"}
    assert patterns("1111m3355p7799s22s", "2s") == {"longqidui"}
    # A seven-pairs hand that is also standard matches both; the values pick (module doc).
    assert patterns("11223344556699m", "9m") >= {"qidui", "pinghu"}


def test_pattern_flushes() -> None:
    """docs/rules.md §5 清一色 / 清大对 / 清七对 / 青龙背: the same patterns in one suit, melds included."""
    assert patterns("12345678999m123m", "9m") == {"qingyise", "pinghu"}
    assert patterns("11122233344455m", "5m") == {"qingdadui", "dadui", "qingyise", "pinghu"}
    assert patterns("11223344556677m", "7m") == {"qingqidui", "qidui", "qingyise", "pinghu"}
    assert patterns("11112233445566m", "6m") == {"qinglongbei", "longqidui", "qingyise", "pinghu"}
    assert best_pattern(patterns("11112233445566m", "6m"), CLASSIC) == "qinglongbei"
    assert best_pattern(patterns("11223344556677m", "7m"), CLASSIC) == "qingqidui"
    assert best_pattern(patterns("11122233344455m", "5m"), CLASSIC) == "qingdadui"
    # A meld in another suit spoils the flush.
    assert patterns("11122233355m", "5m", pungs("9m")) == {"qingdadui", "dadui", "qingyise", "pinghu"}
    assert patterns("11122233355m", "5m", pungs("9p")) == {"dadui", "pinghu"}


def test_pattern_single_wait_needs_four_melds() -> None:
    """docs/rules.md §5 单钓 (G): four melds on the table, winning on the pair; 清单钓 in one suit. §15.6: the small
    tables' 金钩钓 and 清金钩 are the same hand."""
    four = [*pungs("1p2p3p"), Meld(parse_tile("9p"), KongKind.EXPOSED, source=2)]
    assert patterns("55p", "5p", four) == {
        "qingdandiao",
        "dandiao",
        "dadiaoche",
        "jingoudiao",
        "qingjingou",
        "qingdadui",
        "dadui",
        "qingyise",
        "pinghu",
    }
    assert patterns("55m", "5m", four) == {"dandiao", "dadiaoche", "jingoudiao", "dadui", "pinghu"}
    small = load_ruleset("sandingguai").pattern_values()
    assert best_pattern(patterns("55m", "5m", four), small) == "jingoudiao"
    assert best_pattern(patterns("55p", "5p", four), small) == "qingjingou"
    assert best_pattern(patterns("55m", "5m", four), MODERN) == "dandiao"
    assert best_pattern(patterns("55p", "5p", four), MODERN) == "qingdandiao"
    assert "dandiao" not in patterns("123m55p", "5p", pungs("1p2p3p"))


def test_patterns_of_incomplete_hands_are_empty() -> None:
    """No pattern for a hand that is not complete, or whose winning tile is not in it."""
    assert patterns("123m456p789s1122s", "2s") == frozenset()
    assert patterns("123m456p789s11122s", "5m") == frozenset()
    assert patterns("1133557799m2244p", "4p", pungs("1s")) == frozenset()


def test_every_complete_hand_has_a_pattern() -> None:
    """On random winning hands, matching_patterns is never empty and pinghu is there exactly when standard."""
    rng = random.Random(41)
    for _ in range(1500):
        k = rng.randrange(5)
        c = near_complete(rng, k)
        if c is None:
            continue
        taken = list(c)
        melds = random_melds(rng, k, taken)
        win = rng.choice([t for t in range(NUM_KINDS) if c[t]])
        found = matching_patterns(c, melds, win)
        assert "pinghu" in found
        one_suit = len({t // 9 for t in range(NUM_KINDS) if c[t]} | {m.tile // 9 for m in melds}) == 1
        assert ("qingyise" in found) == one_suit


def test_best_pattern_skips_unused_patterns() -> None:
    """A pattern whose value is None is not used by the ruleset; the best of the rest wins."""
    found = frozenset({"dandiao", "dadui", "pinghu"})
    assert best_pattern(found, CLASSIC) == "dadui"
    assert best_pattern(found, MODERN) == "dandiao"
    assert best_pattern(frozenset({"qidui"}), {"pinghu": 1, "qidui": None}) is None
    assert best_pattern(frozenset(), CLASSIC) is None
    # A tie goes to the more specific pattern.
    assert best_pattern(frozenset({"longqidui", "qingyise"}), CLASSIC) == "qingyise"


def test_best_wait_value() -> None:
    """docs/rules.md §12.7 查叫: the best pattern value among the waits; None when not ready."""
    assert best_wait_value(counts_of("1112345678999m"), [], CLASSIC) == ("qingyise", 10)
    assert best_wait_value(counts_of("1122334455667m"), [], CLASSIC) == ("qingqidui", 17)
    assert best_wait_value(counts_of("123m456p789s1122s"), [], CLASSIC) == ("pinghu", 1)
    assert best_wait_value(counts_of("11m22p"), pungs("3m4m9s"), CLASSIC) == ("dadui", 5)
    assert best_wait_value(counts_of("13579m2468p135s7s"), [], CLASSIC) is None


@pytest.mark.parametrize("seed", [1, 2])
def test_best_wait_value_matches_brute_force(seed: int) -> None:
    """best_wait_value is the maximum of best_pattern over every reference wait."""
    for hand, melds in hand_cases(seed, 400):
        best = None
        for t in ref_waits(hand, melds):
            c = list(hand)
            c[t] += 1
            pid = best_pattern(matching_patterns(c, melds, t), MODERN)
            if pid is not None:
                v = MODERN[pid]
                assert v is not None
                if best is None or v > best[1]:
                    best = (pid, v)
        got = best_wait_value(hand, melds, MODERN)
        assert (got and got[1]) == (best and best[1])
