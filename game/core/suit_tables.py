"""Per-suit lookup tables behind the fast shanten, completeness and waits (docs/rules.md §5).

A suit's nine counts (a tuple, each 0-4) map to a *row*: for m = 0..4 sets, with or
without a pair, the fewest tiles the suit must take in to hold them (a target never
holds more than four copies of a rank). A suit of up to 14 tiles has 405,350 possible
configurations but only 126 distinct rows, and any two rows combine into one of 180
rows, so a whole hand's shanten is three dictionary lookups for the suits and two for
the combinations.

Everything is filled lazily, so importing costs nothing: a row is found by walking a
small automaton over the nine ranks (state = the best costs per pending runs), whose
transitions are computed once each and remembered; combinations are remembered too.
`fill_all()` fills the shanten tables up front (about 2 s) for long simulations.

The per-suit tables are bounded (`remember`): a long run keeps meeting rarer suits, and
unbounded they grew for a million hands and more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

INF: Final = 99
SETS: Final = 4  # a winning hand is four sets and a pair
ROW_LEN: Final = 10  # index p * 5 + m: m sets (0-4), p = 1 with the pair

SuitKey = tuple[int, ...]
Row = tuple[int, ...]

# How many suits a per-suit table remembers. The suits of play are few and recur (10,000
# simulated hands meet about 30,000), so the first ones a table meets are the common ones;
# past the bound a rarer suit is worked out each time it comes and not kept. Emptying a full
# table instead made it refill over and over, and the allocator's churn crept up by a few
# MB every 100,000 hands; a table that stops growing keeps memory flat however long the run.
SUIT_TABLE_LIMIT = 40_000

# The weight of rank r's count in a suit's base-5 code (game.core.discard_choice.suit_code, and the
# codes game.core.kernel_state keeps). (Final with a tuple[int, ...] type: a compiled build keeps the one
# tuple in a C static; a fixed-length tuple type would be rebuilt from its items at every use.)
WEIGHT: Final[tuple[int, ...]] = (390625, 78125, 15625, 3125, 625, 125, 25, 5, 1)
_bounded = True

_V = TypeVar("_V")


def remember(table: dict[SuitKey, _V], key: SuitKey, value: _V) -> _V:
    """Keep `value` for `key` in a per-suit table while it has room (always after `fill_all`); return it."""
    if not _bounded or len(table) < SUIT_TABLE_LIMIT:
        table[key] = value
    return value


# --- the automaton over one suit's ranks -------------------------------------------
# Entering a rank, `carry` = (runs started one rank back, runs started two ranks back);
# both still need this rank, and the first also the next.
_CARRIES: tuple[tuple[int, int], ...] = tuple((x, y) for x in range(5) for y in range(5 - x))
_CARRY_INDEX = {c: i for i, c in enumerate(_CARRIES)}


def _choices(carry: int, runs_may_start: bool) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    # Blocks that may start at a rank: r runs, u pungs (0/1), q pairs (0/1). Each choice is
    # (tiles of this rank the target holds, next carry, (source, destination) row indices).
    x, y = _CARRIES[carry]
    out = []
    for r in range(5 - x - y if runs_may_start else 1):
        for u in (0, 1):
            for q in (0, 1):
                held = x + y + r + 3 * u + 2 * q
                if held > 4:
                    continue
                add = r + u
                moves = tuple((p * 5 + m, (p + q) * 5 + m + add) for p in range(2 - q) for m in range(SETS + 1 - add))
                out.append((held, _CARRY_INDEX[(r, x)], moves))
    return out


# Runs start on ranks 1-7 only (a run is three consecutive ranks of one suit).
_CHOICES: Final = [[_choices(c, rank < 7) for c in range(len(_CARRIES))] for rank in range(9)]

_State = tuple[Row | None, ...]
_START: _State = ((0,) + (INF,) * (ROW_LEN - 1),) + (None,) * (len(_CARRIES) - 1)
_states: Final[list[_State]] = [_START]
_state_ids: Final[dict[_State, int]] = {_START: 0}
_transitions: Final[dict[int, int]] = {}  # (state id * 9 + rank) * 5 + count -> state id
# The states' cost vectors, one copy each: the 6,987 states of a full walk hold 74,157
# vectors but only 857 distinct ones, so sharing them keeps the automaton near 1 MB.
_vectors: Final[dict[Row, Row]] = {}


def _vector(costs: list[int]) -> Row:
    row = tuple(costs)
    return _vectors.setdefault(row, row)


def _step(state: _State, rank: int, have: int) -> _State:
    nxt: list[list[int] | None] = [None] * len(_CARRIES)
    choices = _CHOICES[rank]
    for carry, vec in enumerate(state):
        if vec is None:
            continue
        for held, to, moves in choices[carry]:
            cost = held - have if held > have else 0
            out = nxt[to]
            if out is None:
                out = nxt[to] = [INF] * ROW_LEN
            for src, dst in moves:
                v = vec[src] + cost
                if v < out[dst]:
                    out[dst] = v
    return tuple([None if v is None else _vector(v) for v in nxt])


def _next_state(sid: int, rank: int, have: int) -> int:
    key = (sid * 9 + rank) * 5 + have
    nid = _transitions.get(key)
    if nid is None:
        state = _step(_states[sid], rank, have)
        nid = _state_ids.get(state)
        if nid is None:
            nid = _state_ids[state] = len(_states)
            _states.append(state)
        _transitions[key] = nid
    return nid


def compute_row(key: SuitKey) -> Row:
    """The row of one suit's nine counts (each 0-4), by walking the automaton."""
    sid = 0
    for rank, have in enumerate(key):
        # `_next_state` with its lookup written out: this runs for every new suit key.
        nid = _transitions.get((sid * 9 + rank) * 5 + have)
        sid = nid if nid is not None else _next_state(sid, rank, have)
    return _final_row(sid)


def _final_row(sid: int) -> Row:
    final = _states[sid][0]  # no run may still be open after rank 9
    assert final is not None
    return final


# --- interned rows and their combinations --------------------------------------------
ROWS: Final[list[Row]] = []
_row_ids: Final[dict[Row, int]] = {}
# (The module's tables are Final: a compiled build reads a Final global from a C static, any other
# global by a lookup in the module's dict every time it is named.)
# Suit key -> row id: the hot table of shanten_standard.
ROW_OF: Final[dict[SuitKey, int]] = {}
# Combined rows of two suits, and the lazily filled tables that combine ids.
PAIR_ROWS: Final[list[Row]] = []
_pair_row_ids: Final[dict[Row, int]] = {}
PAIR: Final[dict[int, dict[int, int]]] = {}  # row id, row id -> pair row id
# pair row id, row id -> standard shanten by melds on the table (index 0-4).
FINAL: Final[dict[int, dict[int, tuple[int, ...]]]] = {}


def _intern(row: Row, ids: dict[Row, int], rows: list[Row]) -> int:
    rid = ids.get(row)
    if rid is None:
        rid = ids[row] = len(rows)
        rows.append(row)
    return rid


def row_id(key: SuitKey) -> int:
    """The row id of a suit key, computed and remembered on first use."""
    rid = ROW_OF.get(key)
    if rid is None:
        rid = remember(ROW_OF, key, _intern(compute_row(key), _row_ids, ROWS))
    return rid


def row_ids_one_changed(key: SuitKey, delta: int) -> list[int]:
    """For each rank, the row id of `key` with that rank's count changed by `delta` (-1 where it leaves 0-4).

    The same as `row_id` of each changed key, but the nine keys share their walks up to
    the changed rank, so the automaton is walked about half as far.
    """
    out: list[int] = []
    sid, walked = 0, 0  # the state after ranks 0..walked-1 of `key`, walked only as far as needed
    counts = list(key)  # each changed key is this with one rank changed, then put back
    for rank in range(9):
        have = key[rank] + delta
        if not 0 <= have <= 4:
            out.append(-1)
            continue
        counts[rank] = have
        changed = tuple(counts)
        counts[rank] = key[rank]
        rid = ROW_OF.get(changed)
        if rid is None:
            while walked < rank:
                sid = _next_state(sid, walked, key[walked])
                walked += 1
            tail = _next_state(sid, rank, have)
            for later in range(rank + 1, 9):
                # `_next_state` with its lookup written out, as this is the inner loop.
                nid = _transitions.get((tail * 9 + later) * 5 + key[later])
                tail = nid if nid is not None else _next_state(tail, later, key[later])
            rid = remember(ROW_OF, changed, _intern(_final_row(tail), _row_ids, ROWS))
        out.append(rid)
    return out


# (index in the first row, index in the second, index in the combined row) of every way
# two suits split the sets and the pair: the loops of `combine`, laid out once.
_SPLITS: tuple[tuple[int, int, int], ...] = tuple(
    (pa * 5 + ma, pb * 5 + mb, (pa + pb) * 5 + ma + mb)
    for pa in range(2)
    for pb in range(2 - pa)
    for ma in range(SETS + 1)
    for mb in range(SETS + 1 - ma)
)


def combine(a: Row, b: Row) -> Row:
    """The row of two suits together: the best split of sets and the pair between them."""
    out = [INF] * ROW_LEN
    for ia, ib, io in _SPLITS:
        v = a[ia] + b[ib]
        if v < out[io]:
            out[io] = v
    return tuple(out)


def pair_id(ra: int, rb: int) -> int:
    """The combined-row id of two row ids, remembered."""
    inner = PAIR.setdefault(ra, {})
    pid = inner.get(rb)
    if pid is None:
        pid = inner[rb] = _intern(combine(ROWS[ra], ROWS[rb]), _pair_row_ids, PAIR_ROWS)
    return pid


# Pair ids of two small row ids, from a flat list: the rollout's discard asks for these on every
# turn, and a list index is cheaper than two dict lookups. Larger ids go to pair_id.
_STRIDE: Final = 128
_PAIR_FLAT: Final[list[int]] = [-1] * (_STRIDE * _STRIDE)


def pair_of(ra: int, rb: int) -> int:
    """pair_id(ra, rb), from the flat list when both ids are small."""
    if ra < _STRIDE and rb < _STRIDE:
        i = ra * _STRIDE + rb
        pid = _PAIR_FLAT[i]
        if pid < 0:
            pid = _PAIR_FLAT[i] = pair_id(ra, rb)
        return pid
    return pair_id(ra, rb)


def final_shanten(pid: int, rc: int) -> tuple[int, ...]:
    """Standard shanten for melds 0-4 of a two-suit row plus a third suit's row, remembered."""
    inner = FINAL.setdefault(pid, {})
    got = inner.get(rc)
    if got is None:
        row = combine(PAIR_ROWS[pid], ROWS[rc])
        got = inner[rc] = tuple([row[5 + SETS - melds] - 1 for melds in range(SETS + 1)])
    return got


def standard_shanten_all(t: Sequence[int]) -> tuple[int, ...]:
    """Standard shanten for melds 0-4 of 27 counts, filling whatever tables it needs."""
    ra = row_id(tuple(t[0:9]))
    rb = row_id(tuple(t[9:18]))
    rc = row_id(tuple(t[18:27]))
    return final_shanten(pair_id(ra, rb), rc)


def suit_complete(key: SuitKey) -> bool:
    """True when the suit is exactly some sets (3n tiles) or some sets and a pair (3n + 2)."""
    return row_complete(ROWS[row_id(key)], sum(key))


def row_complete(row: Row, n: int) -> bool:
    """True when a suit of `n` tiles with this row is exactly some sets, or some sets and a pair."""
    if n > 3 * SETS + 2:
        return False
    if n % 3 == 0:
        return row[n // 3] == 0
    if n % 3 == 2:
        return row[5 + (n - 2) // 3] == 0
    return False


# --- seven pairs and waits, per suit ---------------------------------------------------
# Seven-pairs code of a suit: pairs * 64 + tiles of odd count; codes of the three suits add.
SEVEN_CODE_PAIRS: Final = 64
SEVEN_OF: Final[dict[SuitKey, int]] = {}


def seven_code(key: SuitKey) -> int:
    """pairs * 64 + odd-count kinds of one suit, four of a kind being two pairs (docs/rules.md §5), remembered."""
    code = SEVEN_OF.get(key)
    if code is None:
        pairs = odd = 0
        for n in key:
            pairs += n >> 1
            odd += n & 1
        code = remember(SEVEN_OF, key, pairs * SEVEN_CODE_PAIRS + odd)
    return code


def seven_missing(code: int) -> int:
    """Tiles missing for seven pairs given the summed seven-pairs code of a hand."""
    pairs, odd = divmod(code, SEVEN_CODE_PAIRS)
    short = 7 - pairs
    if short <= 0:
        return 0
    return short + max(0, short - odd)


# Seven-pairs shanten by summed code (three suits hold at most 54 pairs).
SEVEN_SHANTEN: Final[tuple[int, ...]] = tuple(seven_missing(code) - 1 for code in range(55 * SEVEN_CODE_PAIRS))

# Suit key -> row id << 12 | seven-pairs code: both shanten forms from one lookup per suit.
# The summed codes stay below 4096 (at most 54 pairs).
BOTH_SHIFT: Final = 12
BOTH_MASK: Final = (1 << BOTH_SHIFT) - 1
BOTH_OF: Final[dict[SuitKey, int]] = {}


def both_code(key: SuitKey) -> int:
    """row id << 12 | seven-pairs code of one suit, remembered."""
    code = BOTH_OF.get(key)
    if code is None:
        code = row_id(key) << BOTH_SHIFT | seven_code(key)
        remember(BOTH_OF, key, code)
    return code


# Suit key -> (tiles, complete, pairs, odd kinds, rank of the only odd kind or -1).
# "Complete" is sets (3n tiles) or sets and a pair (3n + 2).
SuitInfo = tuple[int, bool, int, int, int]
INFO_OF: Final[dict[SuitKey, SuitInfo]] = {}


def suit_info(key: SuitKey) -> SuitInfo:
    """What waits and completeness need to know of one suit, remembered."""
    info = INFO_OF.get(key)
    if info is None:
        tiles = pairs = odd = 0
        odd_rank = -1
        for r, n in enumerate(key):
            tiles += n
            pairs += n >> 1
            if n & 1:
                odd += 1
                odd_rank = r
        info = (tiles, suit_complete(key), pairs, odd, odd_rank if odd == 1 else -1)
        remember(INFO_OF, key, info)
    return info


# Suit key -> the ranks whose addition makes it complete. Kept apart from SuitInfo because
# it costs nine rows to find and is needed only for suits of hands one tile from a win.
ADDS_OF: Final[dict[SuitKey, tuple[int, ...]]] = {}


def suit_adds(key: SuitKey) -> tuple[int, ...]:
    """The ranks (0-8) whose addition makes the suit complete, remembered."""
    adds = ADDS_OF.get(key)
    if adds is None:
        n = sum(key)
        found: list[int] = []
        if n % 3 and n < 3 * SETS + 2:
            # A set's ranks sum to 0 mod 3 (a run r, r+1, r+2 as well as a pung), so the rank sum
            # fixes the added tile (sets only) or the pair (sets and a pair) mod 3: few candidates.
            weight = sum(r * c for r, c in enumerate(key)) % 3
            for r in range(9):
                if key[r] == 4:
                    continue
                grown = list(key)
                grown[r] += 1
                if n % 3 == 2:  # the tile makes a set: all sets
                    if (weight + r) % 3 == 0 and _all_sets(grown):
                        found.append(r)
                    continue
                # The tile makes the pair: sets and a pair, the pair p with 2p = weight + r (mod 3).
                for p in range(2 * (weight + r) % 3, 9, 3):
                    if grown[p] >= 2:
                        rest = list(grown)
                        rest[p] -= 2
                        if _all_sets(rest):
                            found.append(r)
                            break
        adds = tuple(found)
        remember(ADDS_OF, key, adds)
    return adds


def _all_sets(counts: list[int]) -> bool:
    """True when a suit's counts split exactly into runs and pungs (changes `counts`).

    From the lowest rank up, the runs starting at a rank are its count mod 3: three runs
    from one rank hold the same tiles as three pungs, so no other choice can do better.
    """
    for r in range(9):
        runs = counts[r] % 3
        if runs:
            if r > 6 or counts[r + 1] < runs or counts[r + 2] < runs:
                return False
            counts[r + 1] -= runs
            counts[r + 2] -= runs
    return True


def fill_all(max_tiles: int = 14) -> int:
    """Fill the shanten tables for every suit configuration of up to `max_tiles` tiles; returns how many.

    The tables are unbounded from then on: they hold every suit already.
    """
    global _bounded
    _bounded = False
    seen = 0

    def walk(rank: int, sid: int, total: int, key: SuitKey, seven: int) -> None:
        nonlocal seen
        if rank == 9:
            rid = ROW_OF.get(key)
            if rid is None:
                final = _states[sid][0]
                assert final is not None
                rid = ROW_OF[key] = _intern(final, _row_ids, ROWS)
            SEVEN_OF[key] = seven
            BOTH_OF[key] = rid << BOTH_SHIFT | seven
            seen += 1
            return
        for have in range(min(4, max_tiles - total) + 1):
            nxt = _next_state(sid, rank, have)
            walk(rank + 1, nxt, total + have, (*key, have), seven + (have >> 1) * SEVEN_CODE_PAIRS + (have & 1))

    walk(0, 0, 0, (), 0)
    rows = range(len(ROWS))
    for ra in rows:
        for rb in rows:
            pair_id(ra, rb)
    for pid in range(len(PAIR_ROWS)):
        for rc in rows:
            final_shanten(pid, rc)
    return seen
