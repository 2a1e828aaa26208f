"""The rollout policy's discard, suit by suit from remembered tables.

The built-in bot (game.match.agents.SimpleAgent) discards, among the tiles whose discard leaves the
lowest shanten, the most isolated one (the first on a tie); the rollout policy does the same
but, given a `keep` row, passes over kinds it keeps while another lowest discard exists.

A discard changes one suit only, and everything the choice inside that suit depends on is the
suit's own nine counts, the combined row of the other two suits, their seven-pairs code (for a
hand with no melds) and the melds on the table. So each suit's best discard is remembered under
that context, and a turn's choice is three lookups and a comparison instead of a loop over every
held kind: the per-turn work of a rollout is mostly this choice. A hand on the lean path keeps
its suits' codes as tiles move and the entry it last used for each (game.core.rollout), so a
turn looks up only the suits that changed; the entries give its shanten as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.core.shanten import _DISCARDS, _discards_of
from game.core.suit_tables import BOTH_MASK, BOTH_SHIFT, FINAL, SEVEN_SHANTEN, both_code, final_shanten, pair_of
from game.core.tiles import NUM_KINDS

# One suit's answer: lowest shanten its discards leave, then (isolation, rank) of the best kind
# not kept and of the best kind kept among those discards; NONE where there is no such kind.
NONE: Final = 1 << 20
SuitChoice = tuple[int, int, int, int, int]

# Remembered entries and answers are all dropped when they grow past this many (about 270 bytes
# each: 39 MB of resident memory when random hands fill them), so a long match stays bounded.
MAX_REMEMBERED = 150_000


class SuitEntry:
    """One suit's nine counts and what is remembered for them.

    A hand keeps each suit's code up to date as it draws and discards, and the entry it last
    used for the suit: while the code is the same, a turn's choice neither reads the counts
    into a code nor looks the code up.
    """

    def __init__(self, suit: int, code: int, key: tuple[int, ...]) -> None:
        self.suit = suit
        self.code = code  # the counts as one base-5 number
        self.key = key  # the counts
        self.both = both_code(key)  # its row id << BOTH_SHIFT | its seven-pairs code (game.core.suit_tables)
        # (rank, row id, seven code) of each one-less count, worked out when a choice first needs it.
        self.ranks: tuple[tuple[int, int, int], ...] | None = None
        self.choices: dict[int, SuitChoice] = {}  # context -> this suit's choice (see DiscardTables)


class DiscardTables:
    """The remembered per-suit choices under one keep row (None: keep nothing)."""

    __slots__ = ("keep", "limit", "memo", "size")

    def __init__(self, keep: Sequence[bool] | None) -> None:
        self.keep = tuple(keep) if keep is not None else (False,) * NUM_KINDS
        # suit index -> base-5 code of its counts -> its entry
        self.memo: tuple[dict[int, SuitEntry], ...] = ({}, {}, {})
        self.size = 0
        # The bound as the tables are made (a compiled build would look the global up on every entry).
        self.limit = MAX_REMEMBERED

    def entry(self, suit: int, code: int) -> SuitEntry:
        """The entry of a suit's counts given as their base-5 code (see suit_code)."""
        got = self.memo[suit].get(code)
        if got is None:
            key = [0] * 9
            c = code
            for r in range(8, -1, -1):
                key[r] = c % 5
                c //= 5
            self._count()
            got = self.memo[suit][code] = SuitEntry(suit, code, tuple(key))
        return got

    def _count(self) -> None:
        if self.size >= self.limit:
            for table in self.memo:
                table.clear()  # (entries still held by hands stay correct: an entry is its counts')
            self.size = 0
        self.size += 1

    def choose(self, counts: list[int], melds: int) -> tuple[int, int]:
        """(lowest shanten after the discard, the kind to discard) for a 14 - 3*melds tile hand."""
        return self.choose_entries(
            self.entry(0, suit_code(counts, 0)),
            self.entry(1, suit_code(counts, 9)),
            self.entry(2, suit_code(counts, 18)),
            melds,
        )

    def choose_entries(self, sa: SuitEntry, sb: SuitEntry, sc: SuitEntry, melds: int) -> tuple[int, int]:
        """choose() for a hand given by its three suits' entries."""
        ca, cb, cc = sa.both, sb.both, sc.both
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
        a = sa.choices.get(xa)
        if a is None:
            a = self._suit(sa, pa, xa, melds)
        b = sb.choices.get(xb)
        if b is None:
            b = self._suit(sb, pb, xb, melds)
        c = sc.choices.get(xc)
        if c is None:
            c = self._suit(sc, pc, xc, melds)
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

    def _suit(self, entry: SuitEntry, pid: int, ctx: int, melds: int) -> SuitChoice:
        """Work out and remember one suit's choice under a context (see the module docstring)."""
        key = entry.key
        ranks = entry.ranks
        # (Lookups with .get, not try/except: a compiled KeyError costs a traceback each time.)
        if ranks is None:
            known = _DISCARDS.get(key)
            ranks = entry.ranks = (known if known is not None else _discards_of(key))[1]
        finals = FINAL.get(pid)
        if finals is None:
            finals = FINAL[pid] = {}
        seven_rest = (ctx >> 3) & BOTH_MASK if not melds else 0
        keep = self.keep
        base = 9 * entry.suit
        best = NONE
        free = (NONE, NONE)
        kept = (NONE, NONE)
        for r, row, seven in ranks:
            vs = finals.get(row)
            v = (vs if vs is not None else final_shanten(pid, row))[melds]
            if not melds:
                pairs = SEVEN_SHANTEN[seven_rest + seven]
                if pairs < v:
                    v = pairs
            if v > best:
                continue
            if v < best:
                best, free, kept = v, (NONE, NONE), (NONE, NONE)
            # game.match.agents._most_isolated's score: 3 per copy, 2 per copy one rank away, 1 two away.
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
        self._count()
        entry.choices[ctx] = got
        return got


def suit_code(c: list[int], o: int) -> int:
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


_TABLES: Final[dict[tuple[bool, ...] | None, DiscardTables]] = {}


def discard_tables(keep: Sequence[bool] | None) -> DiscardTables:
    """The shared DiscardTables of a keep row (one per ruleset's row, so they stay warm across searches)."""
    key = tuple(keep) if keep is not None else None
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = DiscardTables(key)
    return got


def fewest_suit(counts: Sequence[int], suits: Sequence[int]) -> int:
    """The built-in bot's 定缺 (docs/rules.md §15.3): of `suits` (0 m, 1 p, 2 s), the one the hand holds the fewest
    tiles of, the first on a tie."""
    best, low = -1, NUM_KINDS * 4
    for suit in suits:
        base = 9 * suit
        n = 0
        for t in range(base, base + 9):
            n += counts[t]
        if n < low:
            best, low = suit, n
    return best


def missing_discard(counts: Sequence[int], suit: int) -> int:
    """The tile of the 定缺 suit a hand throws first while it holds any (docs/rules.md §15.3): the kind it holds the
    fewest copies of, the lowest on a tie; -1 when it holds none (or names no suit)."""
    if suit < 0:
        return -1
    best, low = -1, 5
    base = 9 * suit
    for t in range(base, base + 9):
        n = counts[t]
        if 0 < n < low:
            best, low = t, n
    return best
