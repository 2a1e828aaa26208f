"""Tile efficiency: shanten after each discard and the live tiles that lower it (docs/rules.md §5).

"Live tiles" (ukeire) of a waiting hand are the unseen copies of every tile whose draw
lowers its shanten. Counting them naively takes 27 shanten calls per discard. Here a hand
is three suit rows (game.core.suit_tables); standard shanten is a lookup of one suit's row
against the combined row of the other two, adding a tile changes one row, and the ranks
of a suit are grouped by the row they lead to, so a discard costs a dozen lookups.
Results are remembered per hand, since positions repeat across a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.suit_tables import (
    BOTH_OF,
    BOTH_SHIFT,
    FINAL,
    PAIR,
    SEVEN_CODE_PAIRS,
    SEVEN_SHANTEN,
    both_code,
    final_shanten,
    pair_id,
    remember,
)
from game.core.tiles import NUM_KINDS, Tile

SuitKey = tuple[int, ...]
_MASK = (1 << BOTH_SHIFT) - 1
_OTHERS = ((1, 2), (0, 2), (0, 1))
# Per suit key: the ranks that may take one more copy, grouped by the row id they lead to.
_ADD: dict[SuitKey, tuple[tuple[int, tuple[int, ...]], ...]] = {}
# Per hand and meld count: the discard table (14 - 3k tiles) or the acceptance (13 - 3k tiles).
_OPTIONS: dict[tuple[tuple[int, ...], int], tuple[tuple[Tile, int, tuple[Tile, ...]], ...]] = {}
_ACCEPT: dict[tuple[tuple[int, ...], int], tuple[int, tuple[Tile, ...]]] = {}
_CACHE_LIMIT = 300_000
_SUB: dict[SuitKey, tuple[tuple[int, SuitKey, int], ...]] = {}
# (combined row of two suits, the third suit's key, melds, its suit) -> the third suit's improving tiles.
_VARY: dict[tuple[int, SuitKey, int, int], tuple[Tile, ...]] = {}
# Marks a discard whose live tiles were not counted (it leaves a higher shanten than the best).
NOT_COUNTED: tuple[Tile, ...] = (-1,)


def _code(key: SuitKey) -> int:
    try:
        return BOTH_OF[key]
    except KeyError:
        return both_code(key)


def _pair_final(ra: int, rb: int) -> tuple[int, dict[int, tuple[int, ...]]]:
    """The combined-row id of two suits and its FINAL entry (third suit's row -> shanten by melds)."""
    try:
        pid = PAIR[ra][rb]
    except KeyError:
        pid = pair_id(ra, rb)
    f = FINAL.get(pid)
    if f is None:
        f = FINAL[pid] = {}
    return pid, f


def _sub_table(key: SuitKey) -> tuple[tuple[int, SuitKey, int], ...]:
    """Per rank the suit holds: (rank, the key with one copy less, that key's code)."""
    got = _SUB.get(key)
    if got is None:
        out = []
        for r in range(9):
            if key[r]:
                smaller = (*key[:r], key[r] - 1, *key[r + 1 :])
                out.append((r, smaller, _code(smaller)))
        got = tuple(out)
        remember(_SUB, key, got)
    return got


def _add_groups(key: SuitKey) -> tuple[tuple[int, tuple[int, ...]], ...]:
    groups = _ADD.get(key)
    if groups is None:
        by_row: dict[int, list[int]] = {}
        for r in range(9):
            if key[r] < 4:
                grown = (*key[:r], key[r] + 1, *key[r + 1 :])
                by_row.setdefault(_code(grown) >> BOTH_SHIFT, []).append(r)
        groups = tuple((row, tuple(ranks)) for row, ranks in by_row.items())
        remember(_ADD, key, groups)
    return groups


def _improving(pid: int, f: dict[int, tuple[int, ...]], key: SuitKey, melds: int, s: int) -> tuple[Tile, ...]:
    """Tiles of suit `s` whose addition lowers standard shanten, the other two suits' combined row being `pid`.

    Only called when standard shanten is the hand's shanten, so the result depends on these alone.
    """
    ck = (pid, key, melds, s)
    got = _VARY.get(ck)
    if got is None:
        v = f.get(_code(key) >> BOTH_SHIFT)
        if v is None:
            v = final_shanten(pid, _code(key) >> BOTH_SHIFT)
        best = v[melds]
        found: list[Tile] = []
        for row, ranks in _add_groups(key):
            v = f.get(row)
            if v is None:
                v = final_shanten(pid, row)
            if v[melds] < best:
                found += [s * 9 + r for r in ranks]
        if len(_VARY) > _CACHE_LIMIT:
            _VARY.clear()
        got = _VARY[ck] = tuple(found)
    return got


def _seven_accepts(t: Sequence[int], seven_code: int, found: set[Tile]) -> None:
    pairs, odd = divmod(seven_code, SEVEN_CODE_PAIRS)
    short = 7 - pairs
    if short <= 0:
        return
    # One more copy of a single (or of three) makes a pair; a new single helps only while the
    # hand lacks singles to pair up.
    if short > odd:
        found.update([x for x in range(NUM_KINDS) if t[x] < 4])
    else:
        found.update([x for x in range(NUM_KINDS) if t[x] & 1])


def _accepts(keys: Sequence[SuitKey], rows: Sequence[int], melds: int, found: set[Tile]) -> None:
    """Add to `found` every tile whose addition lowers standard shanten (the hand's shanten)."""
    for s in range(3):
        a, b = _OTHERS[s]
        pid, f = _pair_final(rows[a], rows[b])
        found.update(_improving(pid, f, keys[s], melds, s))


def accept(counts: Sequence[int], melds: int) -> tuple[int, tuple[Tile, ...]]:
    """(shanten, tiles whose draw lowers it) of a 13 - 3*melds tile hand; seven pairs count when melds == 0."""
    t = tuple(counts)
    cached = _ACCEPT.get((t, melds))
    if cached is not None:
        return cached
    keys = (t[:9], t[9:18], t[18:])
    codes = [_code(k) for k in keys]
    rows = [c >> BOTH_SHIFT for c in codes]
    pid, f = _pair_final(rows[0], rows[1])
    v = f.get(rows[2])
    if v is None:
        v = final_shanten(pid, rows[2])
    std = v[melds]
    best = std
    seven_code = (codes[0] + codes[1] + codes[2]) & _MASK
    seven = SEVEN_SHANTEN[seven_code] if melds == 0 else 99
    best = min(std, seven)
    found: set[Tile] = set()
    if std == best:
        _accepts(keys, rows, melds, found)
    if seven == best:
        _seven_accepts(t, seven_code, found)
    out = (best, tuple(sorted(found)))
    if len(_ACCEPT) > _CACHE_LIMIT:
        _ACCEPT.clear()
    _ACCEPT[(t, melds)] = out
    return out


def _options(t: tuple[int, ...], melds: int) -> tuple[tuple[Tile, int, tuple[Tile, ...]], ...]:
    cached = _OPTIONS.get((t, melds))
    if cached is not None:
        return cached
    keys = (t[:9], t[9:18], t[18:])
    codes = [_code(k) for k in keys]
    rows = [c >> BOTH_SHIFT for c in codes]
    seven_total = (codes[0] + codes[1] + codes[2]) & _MASK
    # First the shanten each discard leaves (one lookup each), then the live tiles of the best only.
    firsts: list[tuple[int, int, int, int, SuitKey, int, int, int]] = []
    for s in range(3):
        key = keys[s]
        if not any(key):
            continue
        a, b = _OTHERS[s]
        pid_s, f_s = _pair_final(rows[a], rows[b])
        base_s = s * 9
        for r, smaller, code2 in _sub_table(key):
            x = base_s + r
            row2 = code2 >> BOTH_SHIFT
            v = f_s.get(row2)
            if v is None:
                v = final_shanten(pid_s, row2)
            std = v[melds]
            seven_code = (seven_total - (codes[s] & _MASK) + (code2 & _MASK)) if melds == 0 else 0
            seven = SEVEN_SHANTEN[seven_code] if melds == 0 else 99
            best = std if std < seven else seven
            firsts.append((x, s, best, std, smaller, row2, seven, seven_code))
    low = min(f[2] for f in firsts)
    out: list[tuple[Tile, int, tuple[Tile, ...]]] = []
    hand = list(t)
    for x, s, best, std, smaller, row2, seven, seven_code in firsts:
        if best > low:
            out.append((x, best, NOT_COUNTED))
            continue
        a, b = _OTHERS[s]
        pid_s, f_s = _pair_final(rows[a], rows[b])
        found: list[Tile] = []
        if std == best:
            # The discard's own suit varies against the other two, as they were; each other
            # suit against the discard's suit (one tile less) and the third.
            found += _improving(pid_s, f_s, smaller, melds, s)
            for s2, third in ((a, b), (b, a)):
                pid, f = _pair_final(row2, rows[third])
                found += _improving(pid, f, keys[s2], melds, s2)
        if seven == best:
            hand[x] -= 1
            extra: set[Tile] = set(found)
            _seven_accepts(hand, seven_code, extra)
            hand[x] += 1
            found = list(extra)
        found.sort()
        out.append((x, best, tuple(found)))
    result = tuple(out)
    if len(_OPTIONS) > _CACHE_LIMIT:
        _OPTIONS.clear()
    _OPTIONS[(t, melds)] = result
    return result


def warm(max_tiles: int = 9) -> int:
    """Fill the per-suit tables for every suit of up to `max_tiles` tiles (about 0.5 s for 9); returns how many.

    For long runs such as the arena: a decision then never pays for a suit it has not met before.
    Call game.core.suit_tables.fill_all() first.
    """
    n = 0
    for key in list(BOTH_OF):
        if sum(key) <= max_tiles:
            _add_groups(key)
            _sub_table(key)
            n += 1
    return n


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard of a 14 - 3k tile hand: the shanten it leaves and the tiles that would lower it."""

    tile: Tile
    shanten: int
    accepts: tuple[Tile, ...]
    live: int  # unseen copies of the accepted tiles


def discard_options(
    counts: Sequence[int], melds: int, unseen: Sequence[int], every: bool = False
) -> list[DiscardOption]:
    """Every distinct discard of a 14 - 3k tile hand, with shanten and live tiles (unseen from the seat's view).

    Live tiles are counted for the discards that leave the lowest shanten, or for all with `every`;
    the others get no accepted tiles and live -1.
    """
    out: list[DiscardOption] = []
    hand = list(counts)
    for x, sh, acc in _options(tuple(counts), melds):
        if acc is NOT_COUNTED:
            if not every:
                out.append(DiscardOption(x, sh, (), -1))
                continue
            hand[x] -= 1
            sh, acc = accept(hand, melds)
            hand[x] += 1
        out.append(DiscardOption(x, sh, acc, sum([unseen[a] for a in acc])))
    return out


def ready_discards(counts: Sequence[int], melds: int) -> list[tuple[Tile, tuple[Tile, ...]]]:
    """(tile, waits) for each discard of a 14 - 3k tile hand that leaves it ready (shanten 0)."""
    return [(x, acc) for x, sh, acc in _options(tuple(counts), melds) if sh == 0]


def discard_shanten(counts: Sequence[int], melds: int) -> list[tuple[Tile, int]]:
    """(tile, shanten left) for every distinct discard of a 14 - 3k tile hand."""
    return [(x, sh) for x, sh, _ in _options(tuple(counts), melds)]


def live_tiles(counts: Sequence[int], melds: int, unseen: Sequence[int]) -> tuple[int, int]:
    """(shanten, live tiles) of a 13 - 3k tile hand: unseen copies of the tiles that would lower its shanten."""
    sh, acc = accept(counts, melds)
    return sh, sum([unseen[a] for a in acc])


def pung_live(counts: list[int], melds: int, tile: Tile, unseen: Sequence[int]) -> tuple[int, int]:
    """(shanten, live tiles) after punging `tile` and making the discard that leaves the most of them at the
    lowest shanten (counts unchanged)."""
    counts[tile] -= 2
    try:
        options = discard_options(counts, melds + 1, unseen)
    finally:
        counts[tile] += 2
    low = min(o.shanten for o in options)
    return low, max(o.live for o in options if o.shanten == low)
