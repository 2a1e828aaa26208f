"""Winning hands, their patterns and waits (docs/rules.md §5, §12.7).

Counts are lists of 27 ints (game.core.tiles). A hand's concealed part holds 14 - 3k tiles
when complete (k melds on the table) and 13 - 3k when waiting.

Patterns: a hand matches every pattern it satisfies and the ruleset's values pick the
best (`best_pattern`). `pinghu` is matched by every hand of the standard form (four sets
and a pair); a seven-pairs hand that can also be read as four sets and a pair (such as
11223344556677m) matches both `pinghu` and its pair patterns, so the higher value wins.
A seven-pairs hand that is not standard does not match `pinghu`: a ruleset that gives
seven pairs no value (None) does not let it win as a plain hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.melds import Meld
from game.core.ruleset import PATTERN_IDS, Ruleset
from game.core.shanten import seven_pairs_missing, shanten_standard
from game.core.suit_tables import ADDS_OF, INFO_OF, SuitInfo, suit_adds, suit_info
from game.core.tiles import COPIES, NUM_KINDS, Tile


def _meld_copies(melds: Sequence[Meld]) -> list[int]:
    used = [0] * NUM_KINDS
    for m in melds:
        used[m.tile] += m.size
    return used


def _infos(t: tuple[int, ...]) -> tuple[SuitInfo, SuitInfo, SuitInfo]:
    # Per suit: [0] tiles, [1] complete, [2] pairs, [3] odd kinds, [4] the rank of the only
    # odd kind (game.core.suit_tables.SuitInfo); indexed for speed.
    # (.get, not try/except: these tables fill lazily, and a compiled KeyError costs a traceback.)
    a = INFO_OF.get(t[:9])
    b = INFO_OF.get(t[9:18])
    c = INFO_OF.get(t[18:])
    if a is None or b is None or c is None:
        return suit_info(t[:9]), suit_info(t[9:18]), suit_info(t[18:])
    return a, b, c


def _adds(key: tuple[int, ...]) -> tuple[int, ...]:
    got = ADDS_OF.get(key)
    return got if got is not None else suit_adds(key)


def is_complete(counts: Sequence[int], melds: int) -> bool:
    """True when the 14 - 3*melds concealed tiles form a winning hand (standard, or seven pairs with no melds)."""
    a, b, c = _infos(tuple(counts))
    if a[0] + b[0] + c[0] != 14 - 3 * melds:
        return False
    # Standard: every suit is sets or sets and a pair, and the residues put exactly one pair in.
    if a[1] and b[1] and c[1] and a[0] % 3 + b[0] % 3 + c[0] % 3 == 2:
        return True
    return melds == 0 and a[2] + b[2] + c[2] == 7


def completing_tiles(counts: Sequence[int], melds: int) -> list[Tile]:
    """Tiles that complete a 13 - 3*melds tile hand, sorted, leaving out a tile the hand itself holds four of."""
    t = tuple(counts)
    ka, kb, kc = t[:9], t[9:18], t[18:]
    # `_infos`, written out on the slices it keeps: the engine asks this after nearly every discard.
    a, b, c = INFO_OF.get(ka), INFO_OF.get(kb), INFO_OF.get(kc)
    if a is None or b is None or c is None:
        a, b, c = suit_info(ka), suit_info(kb), suit_info(kc)
    if a[0] + b[0] + c[0] != 13 - 3 * melds:
        return []
    ra = a[0] % 3
    rb = b[0] % 3
    rc = c[0] % 3
    out: list[Tile] = []
    # Standard form: the new tile goes into one suit and every suit must end complete. A suit
    # with residue 1 takes the pair tile (the others must be sets); with two suits at residue 2,
    # either one takes a set tile while the other holds the pair.
    if ra + rb + rc == 1:
        if ra:
            if b[1] and c[1]:
                out = list(_adds(ka))
        elif rb:
            if a[1] and c[1]:
                out = [r + 9 for r in _adds(kb)]
        elif a[1] and b[1]:
            out = [r + 18 for r in _adds(kc)]
    elif ra + rb + rc == 4 and 1 not in (ra, rb, rc):
        infos = (a, b, c)
        keys = (ka, kb, kc)
        s, o = [i for i in range(3) if infos[i][0] % 3 == 2]
        if infos[3 - s - o][1]:
            if infos[o][1]:
                out.extend(r + 9 * s for r in _adds(keys[s]))
            if infos[s][1]:
                out.extend(r + 9 * o for r in _adds(keys[o]))
    if melds == 0 and a[2] + b[2] + c[2] == 6 and a[3] + b[3] + c[3] == 1:
        # Seven pairs waiting on its one odd tile; with three held, the fourth makes two pairs.
        single = a[4] if a[3] else (b[4] + 9 if b[3] else c[4] + 18)
        if single not in out:
            out.append(single)
            out.sort()
    return out


def dilongqi_wait(counts: Sequence[int], melds: Sequence[Meld]) -> Tile | None:
    """地龙七 (docs/rules.md §13): one exposed pung and five pairs in hand wait on the pung's fourth tile; else None."""
    if len(melds) != 1 or melds[0].kong is not None:
        return None
    t = melds[0].tile
    if counts[t] or sum(counts) != 10 or any(n % 2 for n in counts):
        return None
    return t


def own_four_waits(counts: Sequence[int], melds: Sequence[Meld]) -> list[Tile]:
    """Waits whose four copies the seat itself holds (docs/rules.md §5 leaves them out, §14 counts them as ready).

    Three in a meld and one in hand: the hand completes on a fifth copy as its pair. Four in hand: read
    as a concealed pung and a single waiting for its pair.
    """
    used = _meld_copies(melds)
    out = [t for t in completing_tiles(counts, len(melds)) if counts[t] + used[t] >= COPIES]
    k = len(melds)
    for t in range(NUM_KINDS):
        if counts[t] == COPIES and used[t] == 0:
            rest = list(counts)
            rest[t] = 1
            if t in completing_tiles(rest, k + 1):
                out.append(t)
    return sorted(set(out))


def waits(
    counts: Sequence[int], melds: Sequence[Meld], *, dilongqi: bool = False, own_four: bool = False
) -> list[Tile]:
    """The tiles that complete this 13 - 3k tile hand, sorted; a tile whose four copies the seat holds is left out.

    `dilongqi` adds the wait of 地龙七 (docs/rules.md §13) for a ruleset that scores it; `own_four` keeps the
    waits whose four copies the seat holds (docs/rules.md §14), for readiness at the end, never for a win.
    """
    found = completing_tiles(counts, len(melds))
    if dilongqi:
        extra = dilongqi_wait(counts, melds)
        if extra is not None and extra not in found:
            found = sorted([*found, extra])
    if own_four:
        return sorted(set(found) | set(own_four_waits(counts, melds)))
    if not melds or not found:
        return found
    used = _meld_copies(melds)
    return [t for t in found if counts[t] + used[t] < COPIES]


def is_ready(counts: Sequence[int], melds: Sequence[Meld], *, dilongqi: bool = False, own_four: bool = False) -> bool:
    """True when the 13 - 3k tile hand has at least one wait that counts (docs/rules.md §5 叫牌, §14)."""
    return bool(waits(counts, melds, dilongqi=dilongqi, own_four=own_four))


def seat_ready(counts: Sequence[int], melds: Sequence[Meld], rules: Ruleset) -> bool:
    """Whether a 13 - 3k hand is ready at the end of a hand under `rules` (docs/rules.md §5 叫牌, §13 地龙七)."""
    return is_ready(counts, melds, dilongqi=scores_dilongqi(rules.patterns), own_four=rules.play.ready_own_four)


def scores_dilongqi(values: Mapping[str, int | None]) -> bool:
    """True when a ruleset's pattern values score 地龙七 or 清地龙, so its waits count (docs/rules.md §13)."""
    return values.get("dilongqi") is not None or values.get("qingdilong") is not None


def holds_suit(counts: Sequence[int], melds: Sequence[Meld], suit: int) -> bool:
    """True when a hand holds a tile of `suit` (0 m, 1 p, 2 s) in hand or in a meld: the 定缺 test (docs/rules.md
    §15.3); never for suit -1 (none named)."""
    if suit < 0:
        return False
    base = 9 * suit
    for t in range(base, base + 9):
        if counts[t]:
            return True
    for m in melds:  # noqa: SIM110 (a plain loop compiles to fewer instructions)
        if m.tile // 9 == suit:
            return True
    return False


def _one_suit(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
    suits = {t // 9 for t in range(NUM_KINDS) if counts[t]} | {m.tile // 9 for m in melds}
    return len(suits) == 1


def matching_patterns(counts: Sequence[int], melds: Sequence[Meld], winning_tile: Tile) -> frozenset[str]:
    """Pattern ids (game.core.ruleset.PATTERN_IDS) this complete hand matches; empty when it is not complete.

    `counts` are the concealed tiles including `winning_tile`.
    """
    k = len(melds)
    if sum(counts) != 14 - 3 * k or counts[winning_tile] == 0:
        return frozenset()
    found: set[str] = set()
    if shanten_standard(counts, k) < 0:
        found.add("pinghu")
        # Four pungs/kongs and a pair: every concealed kind but the pair is a pung.
        if sorted(n for n in counts if n) == [2] + [3] * (4 - k):
            found.add("dadui")
        if k == 4:
            found.add("dandiao")
            found.add("dadiaoche")  # 大吊车 (docs/rules.md §14): the same shape, with no flush tier of its own
            found.add("jingoudiao")  # 金钩钓 (docs/rules.md §15.6): the small tables' name, with 清金钩 above it
    if k == 0 and seven_pairs_missing(counts) == 0:
        found.add("longqidui" if COPIES in counts else "qidui")
    if k == 1 and winning_tile == melds[0].tile:
        rest = list(counts)
        rest[winning_tile] -= 1
        if dilongqi_wait(rest, melds) == winning_tile:
            found.add("dilongqi")  # 地龙七: "5个对子 + 1碰", won on the pung's fourth tile
    if not found:
        return frozenset()
    if _one_suit(counts, melds):
        found.add("qingyise")
        for base, flush in (("dadui", "qingdadui"), ("qidui", "qingqidui"), ("longqidui", "qinglongbei")):
            if base in found:
                found.add(flush)
        if "dandiao" in found:
            found.add("qingdandiao")
            found.add("qingjingou")
        if "dilongqi" in found:
            found.add("qingdilong")
    return frozenset(found)


# The patterns that need four melds on the table: a concealed four set aside as a meld is not one.
FOUR_MELD_PATTERNS = frozenset({"dandiao", "qingdandiao", "dadiaoche", "jingoudiao", "qingjingou"})


def _pattern_rank(pid: str) -> tuple[int, str]:
    return (PATTERN_IDS.index(pid) if pid in PATTERN_IDS else len(PATTERN_IDS), pid)


def best_pattern(patterns: frozenset[str], values: Mapping[str, int | None]) -> str | None:
    """The matching id with the highest value among those whose value is not None (ties: the later in PATTERN_IDS)."""
    best: str | None = None
    best_value = 0
    # PATTERN_IDS runs from plain to specific, so on a tie the more specific name is shown.
    for pid in sorted(patterns, key=_pattern_rank):
        v = values.get(pid)
        if v is not None and (best is None or v >= best_value):
            best, best_value = pid, v
    return best


def best_wait_value(
    counts: Sequence[int], melds: Sequence[Meld], values: Mapping[str, int | None], *, own_four: bool = False
) -> tuple[str, int] | None:
    """查叫 (docs/rules.md §12.7): the best (pattern, value) over the waits of a 13 - 3k hand; None when not ready.

    `own_four` also values the waits whose four copies the seat holds (docs/rules.md §14).
    """
    best: tuple[str, int] | None = None
    hand = list(counts)
    for t in waits(counts, melds, dilongqi=scores_dilongqi(values), own_four=own_four):
        if hand[t] == COPIES:
            pid = _own_four_pattern(hand, melds, t, values)
        else:
            hand[t] += 1
            pid = best_pattern(matching_patterns(hand, melds, t), values)
            hand[t] -= 1
        if pid is not None:
            v = values[pid]
            assert v is not None
            if best is None or v > best[1]:
                best = (pid, v)
    return best


def _own_four_pattern(
    counts: Sequence[int], melds: Sequence[Meld], t: Tile, values: Mapping[str, int | None]
) -> str | None:
    """The pattern of a hand holding four of `t` and completed by a fifth: a concealed pung of `t` set
    aside as a stand-in meld, the pair of `t` in hand (patterns of melds on the table do not apply)."""
    rest = list(counts)
    rest[t] = 2
    found = matching_patterns(rest, [*melds, Meld(t)], t) - FOUR_MELD_PATTERNS
    return best_pattern(found, values)


def discard_waits(counts: Sequence[int], melds: Sequence[Meld], *, dilongqi: bool = False) -> dict[Tile, list[Tile]]:
    """For each tile a 14 - 3k hand could discard and stay ready, the waits left after that discard."""
    hand = list(counts)
    out: dict[Tile, list[Tile]] = {}
    for t in range(NUM_KINDS):
        if not hand[t]:
            continue
        hand[t] -= 1
        w = waits(hand, melds, dilongqi=dilongqi)
        hand[t] += 1
        if w:
            out[t] = w
    return out
