"""The wall, the dice and the deal (RULES.md §2, §3, §12.11).

Every tile has a physical place: the side of the table it sits on (side k is the wall
in front of seat k), the stack along that side (0 is the owner's right end, counting
clockwise, i.e. toward the owner's left), and the layer (1 top, 0 bottom). Play goes
counter-clockwise (East, South, West, North) and the wall is drawn clockwise, so after
the last stack of seat k's side the draw goes on at stack 0 of seat k-1's side.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ruleset import TableRules
from game.tiles import NUM_TILES, Tile


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """A tile's physical place in the wall."""

    side: int
    stack: int
    layer: int  # 1 = top, 0 = bottom

    def to_json(self) -> list[int]:
        """Compact JSON form [side, stack, layer]."""
        return [self.side, self.stack, self.layer]


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two six-sided dice from the hand's own generator."""
    return rng.randint(1, 6), rng.randint(1, 6)


def count_seats(start: int, n: int, direction: str) -> int:
    """The seat reached counting n seats from `start`, which counts as 1 (RULES §2).

    "previous" counts toward the seat before in play order (seed A's example: South
    rolling 10 reaches East); "next" counts toward the next seat (F).
    """
    step = -1 if direction == "previous" else 1
    return (start + step * (n - 1)) % 4


def side_lengths(rules: TableRules, dealer: int) -> list[int]:
    """Stacks on each side, indexed by side (= seat); the layout is given from the dealer's side in play order."""
    lengths = [0, 0, 0, 0]
    for k in range(4):
        lengths[(dealer + k) % 4] = rules.wall_stacks[k]
    if sum(lengths) * 2 != NUM_TILES:
        raise ValueError(f"wall_stacks {list(rules.wall_stacks)} hold {sum(lengths) * 2} tiles, not {NUM_TILES}")
    return lengths


@dataclass(frozen=True, slots=True)
class Break:
    """Where the wall was opened: `side`, after `skipped` stacks counted from its right end."""

    side: int
    skipped: int
    method: str


def find_break(rules: TableRules, dealer: int, dice: tuple[int, int], lengths: list[int]) -> Break:
    """Where the dealer's roll opens the wall (RULES §3: A's sum and smaller die, or F's sum)."""
    total = dice[0] + dice[1]
    side = count_seats(dealer, total, rules.count_direction)
    skipped = min(dice) if rules.break_method == "sum_and_smaller" else total
    # The sum can exceed a short side only in theory (12 < 13), but stay safe for odd layouts.
    return Break(side, skipped % lengths[side], rules.break_method)


def stacks_in_draw_order(lengths: list[int], brk: Break) -> list[tuple[int, int]]:
    """(side, stack) of every stack, from the first one drawn to the tail."""
    order: list[tuple[int, int]] = []
    side, stack = brk.side, brk.skipped
    for _ in range(sum(lengths)):
        order.append((side, stack))
        stack += 1
        if stack == lengths[side]:
            side, stack = (side - 1) % 4, 0
    return order


class Wall:
    """The live wall: tiles in physical places, drawn from the front, replacements from the tail.

    Tiles are identified by an id 0..107 (kind = id // 4) so the client can follow each one.
    Internally a place is its index in the front order, which keeps draws cheap.
    """

    __slots__ = ("_alive", "_front", "_index", "_places", "_tail", "_tail_order", "_tile_at", "remaining")

    def __init__(self, lengths: list[int], brk: Break, tile_ids: list[int]) -> None:
        stacks = stacks_in_draw_order(lengths, brk)
        # Front order: each stack's top, then its bottom.
        self._places: list[Place] = [Place(s, k, layer) for s, k in stacks for layer in (1, 0)]
        self._index: dict[Place, int] = {p: i for i, p in enumerate(self._places)}
        n = len(self._places)
        # Tail order: the last stack first, and again its top before its bottom.
        self._tail_order: list[int] = [i for k in range(n // 2 - 1, -1, -1) for i in (2 * k, 2 * k + 1)]
        if len(tile_ids) != n:
            raise ValueError(f"the wall has {n} places but {len(tile_ids)} tiles")
        self._tile_at: list[int] = list(tile_ids)
        self._alive = bytearray(b"\x01") * n
        self._front = 0
        self._tail = 0
        self.remaining = n

    def front_places(self, n: int) -> list[Place]:
        """The next n live places at the front, without taking them."""
        out: list[Place] = []
        i = self._front
        while len(out) < n and i < len(self._places):
            if self._alive[i]:
                out.append(self._places[i])
            i += 1
        return out

    def take(self, place: Place) -> int:
        """Take the tile at `place` out of the wall; returns its id."""
        return self._take(self._index[place])

    def _take(self, i: int) -> int:
        if not self._alive[i]:
            raise ValueError(f"no tile left at {self._places[i]}")
        self._alive[i] = 0
        self.remaining -= 1
        return self._tile_at[i]

    def draw_front(self) -> tuple[Place, int]:
        """Take the next tile from the front."""
        alive = self._alive
        while not alive[self._front]:
            self._front += 1
        i = self._front
        return self._places[i], self._take(i)

    def draw_tail(self) -> tuple[Place, int]:
        """Take a replacement tile from the tail."""
        order, alive = self._tail_order, self._alive
        while not alive[order[self._tail]]:
            self._tail += 1
        i = order[self._tail]
        return self._places[i], self._take(i)

    def peek_front(self) -> tuple[Place, int] | None:
        """The next tile to be drawn, or None when the wall is empty (the turned tile for chickens)."""
        if self.remaining == 0:
            return None
        i = self._front
        while not self._alive[i]:
            i += 1
        return self._places[i], self._tile_at[i]

    def live_places(self) -> list[Place]:
        """Places still holding a tile, front first."""
        return [p for i, p in enumerate(self._places) if self._alive[i]]

    def tile_ids(self) -> list[int]:
        """Ids of the tiles still in the wall, front first (hidden state)."""
        return [t for i, t in enumerate(self._tile_at) if self._alive[i]]


def shuffled_tile_ids(rng: random.Random) -> list[int]:
    """The 108 tile ids in the wall's front order, shuffled by the hand's generator."""
    ids = list(range(NUM_TILES))
    rng.shuffle(ids)
    return ids


def kind_of(tile_id: int) -> Tile:
    """The tile kind (0..26) of a physical tile id."""
    return tile_id >> 2


@dataclass(frozen=True, slots=True)
class DealChunk:
    """One grab of the deal: `seat` takes the tiles at `places`."""

    seat: int
    places: tuple[Place, ...]


def deal_plan(wall: Wall, dealer: int) -> list[DealChunk]:
    """The grabs of the deal (RULES §3, F): 4-4-4 by stacks in play order, then 跳牌.

    The dealer jumps to the tops of the next first and third stacks; the others then take
    the bottom of the first, the top and the bottom of the second, in play order.
    """
    chunks: list[DealChunk] = []
    places = wall.front_places(48 + 6)
    i = 0
    for _ in range(3):
        for k in range(4):
            chunks.append(DealChunk((dealer + k) % 4, tuple(places[i : i + 4])))
            i += 4
    jump = places[i : i + 6]  # next three stacks: (top, bottom) × 3
    chunks.append(DealChunk(dealer, (jump[0], jump[4])))
    chunks.append(DealChunk((dealer + 1) % 4, (jump[1],)))
    chunks.append(DealChunk((dealer + 2) % 4, (jump[2],)))
    chunks.append(DealChunk((dealer + 3) % 4, (jump[3],)))
    return chunks
