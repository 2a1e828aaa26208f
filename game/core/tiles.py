"""Tiles and the text notation `123m 456p 789s 11s` (docs/rules.md §1).

A tile is an int 0..26: suit * 9 + rank - 1, suits in the order m (万), p (筒), s (条).
Hands are often handled as counts: a list of 27 ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Tile = int

SUITS = "mps"
SUIT_NAMES_ZH = ("万", "筒", "条")
SUIT_NAMES_EN = ("Characters", "Dots", "Bamboo")
RANK_NAMES_ZH = ("一", "二", "三", "四", "五", "六", "七", "八", "九")
NUM_KINDS = 27
COPIES = 4
NUM_TILES = NUM_KINDS * COPIES  # 108

YAOJI: Tile = 18  # 1s, 幺鸡
WUGUJI: Tile = 16  # 8p, 乌骨鸡


class TileSyntaxError(ValueError):
    """A tile string that does not parse; `position` is the 0-based index of the bad character, `fault` what is
    wrong there (game.handfile.codes.TILE_FAULTS) and `values` its arguments, for words in other languages."""

    def __init__(
        self, text: str, position: int, reason: str, fault: str = "", values: dict[str, object] | None = None
    ) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        self.fault = fault
        self.values = values or {}
        super().__init__(f"{reason} at position {position + 1} in {text!r}")


def tile(rank: int, suit: str) -> Tile:
    """The tile of `rank` (1-9) in suit letter `suit` ('m', 'p' or 's')."""
    return SUITS.index(suit) * 9 + rank - 1


def suit_of(t: Tile) -> int:
    """Suit index 0 (m), 1 (p) or 2 (s)."""
    return t // 9


def rank_of(t: Tile) -> int:
    """Rank 1-9."""
    return t % 9 + 1


def parse_tiles(text: str) -> list[Tile]:
    """Parse `123m 456p 11s` into tiles in written order; raise TileSyntaxError naming the bad spot."""
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (rank, position) waiting for a suit letter
    for pos, ch in enumerate(text):
        if ch in "123456789":
            pending.append((int(ch), pos))
        elif ch in SUITS:
            if not pending:
                why = f"suit letter {ch!r} with no digits before it"
                raise TileSyntaxError(text, pos, why, "suit_alone", {"char": ch})
            s = SUITS.index(ch)
            tiles.extend(s * 9 + r - 1 for r, _ in pending)
            pending.clear()
        elif ch in " \t,":
            continue
        elif ch == "0":
            raise TileSyntaxError(text, pos, "rank 0 is not a tile (ranks are 1-9)", "rank_zero")
        else:
            why = f"unexpected character {ch!r} (want digits 1-9 then m, p or s)"
            raise TileSyntaxError(text, pos, why, "unexpected", {"char": ch})
    if pending:
        raise TileSyntaxError(text, pending[-1][1], "digits with no suit letter after them", "no_suit")
    return tiles


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile such as `8p`."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileSyntaxError(text, 0, f"expected one tile, found {len(tiles)}", "not_one", {"count": len(tiles)})
    return tiles[0]


def format_tiles(tiles: Iterable[Tile], sort: bool = True, spaced: bool = False) -> str:
    """Write tiles as `123m456p11s` (grouped by suit, sorted unless `sort` is False)."""
    seq = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    group: list[str] = []
    cur = -1
    for t in seq:
        s = t // 9
        if s != cur and group:
            out.append("".join(group) + SUITS[cur])
            group = []
        cur = s
        group.append(str(t % 9 + 1))
    if group:
        out.append("".join(group) + SUITS[cur])
    return (" " if spaced else "").join(out)


def format_tile(t: Tile) -> str:
    """One tile as `8p`."""
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def tile_name_zh(t: Tile) -> str:
    """Chinese name: 一万, 五筒, 幺鸡 for 1s."""
    if t == YAOJI:
        return "幺鸡"
    return RANK_NAMES_ZH[t % 9] + SUIT_NAMES_ZH[t // 9]


def to_counts(tiles: Iterable[Tile]) -> list[int]:
    """Counts per kind: a list of 27 ints."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[Tile]:
    """Sorted tiles from a counts list."""
    return [t for t in range(NUM_KINDS) for _ in range(counts[t])]


def next_in_suit(t: Tile) -> Tile:
    """The tile one rank above in the same suit, 9 wrapping to 1 (the chicken of a turned tile, docs/rules.md §8)."""
    return t // 9 * 9 + (t % 9 + 1) % 9


def prev_in_suit(t: Tile) -> Tile:
    """The tile one rank below in the same suit, 1 wrapping to 9."""
    return t // 9 * 9 + (t % 9 - 1) % 9
