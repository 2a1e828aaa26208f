"""The rollout policy's discard, suit by suit from remembered tables.

The built-in bot (game.agents.SimpleAgent) discards, among the tiles whose discard leaves the
lowest shanten, the most isolated one (the first on a tie); the rollout policy does the same
but, given a `keep` row, passes over kinds it keeps while another lowest discard exists.

A discard changes one suit only, and everything the choice inside that suit depends on is the
suit's own nine counts, the combined row of the other two suits, their seven-pairs code (for a
hand with no melds) and the melds on the table. So each suit's best discard is remembered under
that context, and a turn's choice is three lookups and a comparison instead of a loop over every
held kind: the per-turn work of a rollout is mostly this choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.shanten import _DISCARDS, _discards_of
from game.suit_tables import BOTH_MASK, BOTH_SHIFT, FINAL, SEVEN_SHANTEN, final_shanten, pair_of
from game.tiles import NUM_KINDS

# One suit's answer: lowest shanten its discards leave, then (isolation, rank) of the best kind
# not kept and of the best kind kept among those discards; NONE where there is no such kind.
NONE: Final = 1 << 20
SuitChoice = tuple[int, int, int, int, int]
SuitEntry = tuple[int, tuple[tuple[int, int, int], ...], dict[int, SuitChoice], tuple[int, ...]]

# Remembered answers are all dropped when they grow past this many (about 200 bytes each), so a
# long match keeps the memory bounded at a few tens of MB.
MAX_REMEMBERED = 150_000


class DiscardTables:
    """The remembered per-suit choices under one keep row (None: keep nothing)."""

    __slots__ = ("keep", "memo", "size")

    def __init__(self, keep: Sequence[bool] | None) -> None:
        self.keep = tuple(keep) if keep is not None else (False,) * NUM_KINDS
        # suit index -> base-5 code of its counts -> (both-code, one-less rows, context -> SuitChoice, counts)
        self.memo: tuple[dict[int, SuitEntry], ...] = ({}, {}, {})
        self.size = 0

    def choose(self, counts: list[int], melds: int) -> tuple[int, int]:
        """(lowest shanten after the discard, the kind to discard) for a 14 - 3*melds tile hand."""
        memo = self.memo
        # One lookup per suit, under its counts read as a base-5 number (no tuple to build or
        # hash): its both-code, its ranks' reduced rows, and its remembered choices.
        ia = _code(counts, 0)
        ib = _code(counts, 9)
        ic = _code(counts, 18)
        sa = memo[0].get(ia)
        if sa is None:
            sa = self._entry(0, ia, counts)
        sb = memo[1].get(ib)
        if sb is None:
            sb = self._entry(1, ib, counts)
        sc = memo[2].get(ic)
        if sc is None:
            sc = self._entry(2, ic, counts)
        ca, cb, cc = sa[0], sb[0], sc[0]
        ra, rb, rc = ca >> BOTH_SHIFT, cb >> BOTH_SHIFT, cc >> BOTH_SHIFT
        pa = pair_of(rb, rc)
        pb = pair_of(rc, ra)
        pc = pair_of(ra, rb)
        if melds:
            xa = pa << 16 | melds
            xb = pb << 16 | melds
            xc = pc << 16 | melds
        else:
            # The other two suits' seven-pairs code matters only with no melds.
            xa = pa << 16 | ((cb + cc) & BOTH_MASK) << 3
            xb = pb << 16 | ((cc + ca) & BOTH_MASK) << 3
            xc = pc << 16 | ((ca + cb) & BOTH_MASK) << 3
        a = sa[2].get(xa)
        if a is None:
            a = self._suit(0, sa, pa, xa, melds)
        b = sb[2].get(xb)
        if b is None:
            b = self._suit(1, sb, pb, xb, melds)
        c = sc[2].get(xc)
        if c is None:
            c = self._suit(2, sc, pc, xc, melds)
        va, vb, vc = a[0], b[0], c[0]
        best = va if va < vb else vb
        if vc < best:
            best = vc
        # Among the suits at the lowest shanten: the most isolated kind not kept, else kept; the first on a tie.
        low = tile = NONE
        if va == best and a[1] < low:
            low, tile = a[1], a[2]
        if vb == best and b[1] < low:
            low, tile = b[1], 9 + b[2]
        if vc == best and c[1] < low:
            low, tile = c[1], 18 + c[2]
        if tile == NONE:
            if va == best and a[3] < low:
                low, tile = a[3], a[4]
            if vb == best and b[3] < low:
                low, tile = b[3], 9 + b[4]
            if vc == best and c[3] < low:
                low, tile = c[3], 18 + c[4]
        return best, tile

    def _entry(self, suit: int, code: int, counts: list[int]) -> SuitEntry:
        """A suit's entry under its base-5 code: its both-code, the rows of its one-less keys, room
        for its choices, and its counts as a key."""
        o = 9 * suit
        key = tuple(counts[o : o + 9])
        try:
            both, ranks = _DISCARDS[key]
        except KeyError:
            both, ranks = _discards_of(key)
        got = self.memo[suit][code] = (both, ranks, {}, key)
        return got

    def _suit(self, suit: int, entry: SuitEntry, pid: int, ctx: int, melds: int) -> SuitChoice:
        """Work out and remember one suit's choice under a context (see the module docstring)."""
        key = entry[3]
        try:
            finals = FINAL[pid]
        except KeyError:
            finals = FINAL[pid] = {}
        seven_rest = (ctx >> 3) & BOTH_MASK if not melds else 0
        keep = self.keep
        base = 9 * suit
        best = NONE
        free = (NONE, NONE)
        kept = (NONE, NONE)
        for r, row, seven in entry[1]:
            try:
                v = finals[row][melds]
            except KeyError:
                v = final_shanten(pid, row)[melds]
            if not melds:
                pairs = SEVEN_SHANTEN[seven_rest + seven]
                if pairs < v:
                    v = pairs
            if v > best:
                continue
            if v < best:
                best, free, kept = v, (NONE, NONE), (NONE, NONE)
            # game.agents._most_isolated's score: 3 per copy, 2 per copy one rank away, 1 two away.
            score = 3 * key[r]
            if r > 0:
                score += 2 * key[r - 1] + (key[r - 2] if r > 1 else 0)
            if r < 8:
                score += 2 * key[r + 1] + (key[r + 2] if r < 7 else 0)
            if keep[base + r]:
                if score < kept[0]:
                    kept = (score, r)
            elif score < free[0]:
                free = (score, r)
        got = (best, free[0], free[1], kept[0], kept[1])
        if self.size >= MAX_REMEMBERED:
            for table in self.memo:
                table.clear()  # (the entry in hand is still good for this one answer)
            self.size = 0
        entry[2][ctx] = got
        self.size += 1
        return got


def _code(c: list[int], o: int) -> int:
    """The nine counts c[o:o+9] (each 0-4) read as one base-5 number."""
    h = c[o]
    h = h * 5 + c[o + 1]
    h = h * 5 + c[o + 2]
    h = h * 5 + c[o + 3]
    h = h * 5 + c[o + 4]
    h = h * 5 + c[o + 5]
    h = h * 5 + c[o + 6]
    h = h * 5 + c[o + 7]
    return h * 5 + c[o + 8]


_TABLES: dict[tuple[bool, ...] | None, DiscardTables] = {}


def discard_tables(keep: Sequence[bool] | None) -> DiscardTables:
    """The shared DiscardTables of a keep row (one per ruleset's row, so they stay warm across searches)."""
    key = tuple(keep) if keep is not None else None
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = DiscardTables(key)
    return got
