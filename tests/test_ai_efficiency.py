"""Live tiles (docs/rules.md §5): the fast per-suit count agrees with plain shanten calls on random hands."""

from __future__ import annotations

import random

import pytest

from game.ai.judgement.efficiency import accept, discard_options, discard_shanten
from game.ai.judgement.value import dadui_shanten, win_chance
from game.core.shanten import lowest_discards, shanten, shanten_after_pung
from game.core.tiles import NUM_KINDS, parse_tiles, to_counts

WALL = [t for t in range(NUM_KINDS) for _ in range(4)]


def _random_hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in rng.sample(WALL, size):
        counts[t] += 1
    return counts


def _slow_accept(counts: list[int], melds: int) -> tuple[int, tuple[int, ...]]:
    base = shanten(counts, melds)
    found = []
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            counts[t] += 1
            if shanten(counts, melds) < base:
                found.append(t)
            counts[t] -= 1
    return base, tuple(found)


@pytest.mark.parametrize("melds", [0, 1, 2, 3])
def test_accept_matches_shanten_calls(melds: int) -> None:
    """For 13 - 3k tile hands, the accepted tiles are exactly those whose draw lowers game.core.shanten.shanten."""
    rng = random.Random(melds)
    for _ in range(300):
        counts = _random_hand(rng, 13 - 3 * melds)
        assert accept(counts, melds) == _slow_accept(counts, melds)
        assert accept(counts, melds)[0] == shanten(counts, melds)


@pytest.mark.parametrize("melds", [0, 1, 2])
def test_discard_options_match_shanten_calls(melds: int) -> None:
    """Every discard's shanten and live tiles match plain calls; live counts only unseen copies."""
    rng = random.Random(10 + melds)
    for _ in range(150):
        counts = _random_hand(rng, 14 - 3 * melds)
        unseen = [rng.randrange(5) for _ in range(NUM_KINDS)]
        options = discard_options(counts, melds, unseen, every=True)
        assert [o.tile for o in options] == [t for t in range(NUM_KINDS) if counts[t]]
        assert [(o.tile, o.shanten) for o in options] == discard_shanten(counts, melds)
        for o in options:
            counts[o.tile] -= 1
            sh, acc = _slow_accept(counts, melds)
            counts[o.tile] += 1
            assert (o.shanten, o.accepts) == (sh, acc)
            assert o.live == sum(unseen[t] for t in acc)
        lowest = discard_options(counts, melds, unseen)
        low = min(o.shanten for o in lowest)
        assert all((o.live >= 0) == (o.shanten == low) for o in lowest)


def test_seven_pairs_live_tiles() -> None:
    """docs/rules.md §5 七对: 1122334455667m waits on 7m for seven pairs (and on 1m 4m 7m for runs)."""
    sh, acc = accept(to_counts(parse_tiles("1122334455667m")), 0)
    assert sh == 0 and acc == tuple(parse_tiles("147m"))


def test_dadui_shanten() -> None:
    """大对子 distance: four pungs and a single wait are ready; pairs each need a third copy."""
    assert dadui_shanten(to_counts(parse_tiles("111m222p333s444s5m")), 0) == 0
    assert dadui_shanten(to_counts(parse_tiles("1122334455667m")), 0) == 3
    assert dadui_shanten(to_counts(parse_tiles("11m22p5s")), 3) == 0  # one take-in: 2p, dropping 5s


def test_win_chance_is_monotonic() -> None:
    """More live tiles, more draws or fewer steps never lower the estimated chance to win."""
    assert win_chance(0, 8, 60, 10) > win_chance(0, 4, 60, 10) > 0
    assert win_chance(1, 12, 60, 12) > win_chance(1, 12, 60, 6)
    assert win_chance(0, 8, 60, 10) > win_chance(1, 8, 60, 10) > win_chance(2, 8, 60, 10)
    assert win_chance(-1, 0, 60, 0) == 1.0 and win_chance(3, 10, 60, 2) == 0.0


def test_lowest_discards_agrees_with_the_discard_table() -> None:
    """docs/rules.md §5: game.core.shanten's lowest shanten after a discard agrees with the AI's full discard table."""
    rng = random.Random(99)
    for melds in (0, 1, 2):
        for _ in range(100):
            counts = _random_hand(rng, 14 - 3 * melds)
            assert lowest_discards(counts, melds)[0] == min(sh for _, sh in discard_shanten(counts, melds))


def test_shanten_after_a_pung_is_after_its_best_discard() -> None:
    """docs/rules.md §5: punging 5m from "123m456p789s55m19p" leaves the pung's discard of 1p or 9p ready."""
    counts = to_counts(parse_tiles("123m456p789s55m19p"))
    five = parse_tiles("5m")[0]
    assert shanten_after_pung(counts, 0, five) == 0
    assert counts == to_counts(parse_tiles("123m456p789s55m19p"))
    rng = random.Random(7)
    for melds in (0, 1, 2):
        for _ in range(100):
            counts = _random_hand(rng, 13 - 3 * melds)
            for t in [t for t in range(27) if counts[t] >= 2]:
                less = list(counts)
                less[t] -= 2
                assert shanten_after_pung(counts, melds, t) == min(sh for _, sh in discard_shanten(less, melds + 1))
