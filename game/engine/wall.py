"""The wall, the dice and the deal (docs/rules.md §2, §3, §12.11).

Every tile has a physical place: the side of the table it sits on (side k is the wall
in front of seat k), the stack along that side (0 is the owner's right end, counting
clockwise, i.e. toward the owner's left), and the layer (1 top, 0 bottom). Play goes
counter-clockwise (East, South, West, North) and the wall is drawn clockwise, so after
the last stack of seat k's side the draw goes on at stack 0 of seat k-1's side.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from game.core.ruleset import TableRules
from game.core.tiles import NUM_TILES, Tile


class Place(NamedTuple):
    """A tile's physical place in the wall; a plain (side, stack, layer) tuple as events carry it."""

    side: int
    stack: int
    layer: int  # 1 = top, 0 = bottom


DICE_FACES = 6  # each die shows 1 to 6 (docs/rules.md §3)


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two six-sided dice from the hand's own generator."""
    return rng.randint(1, DICE_FACES), rng.randint(1, DICE_FACES)


def count_seats(start: int, n: int, direction: str, players: int) -> int:
    """The seat reached counting n seats from `start`, which counts as 1, around `players` seats (docs/rules.md §2).

    "previous" counts toward the seat before in play order (seed A's example: South
    rolling 10 reaches East); "next" counts toward the next seat (F). At a smaller table the
    count goes round the players who sit there (docs/rules.md §15.2).
    """
    step = -1 if direction == "previous" else 1
    return (start + step * (n - 1)) % players


@cache
def counted_seats(start: int, n: int, direction: str, players: int) -> tuple[int, ...]:
    """The seats counted one by one from `start` up to the n-th, as the dice events show them."""
    return tuple(count_seats(start, k, direction, players) for k in range(1, n + 1))


def side_lengths(rules: TableRules, dealer: int, tiles: int) -> list[int]:
    """Stacks on each side, indexed by side (= seat); the layout is given from the dealer's side in play order."""
    sides = len(rules.wall_stacks)
    lengths = [0] * sides
    for k in range(sides):
        lengths[(dealer + k) % sides] = rules.wall_stacks[k]
    if sum(lengths) * 2 != tiles:
        raise ValueError(f"wall_stacks {list(rules.wall_stacks)} hold {sum(lengths) * 2} tiles, not {tiles}")
    return lengths


@dataclass(frozen=True, slots=True)
class Break:
    """Where the wall was opened: `side`, after `skipped` stacks counted from its right end."""

    side: int
    skipped: int
    method: str


def find_break(rules: TableRules, dealer: int, dice: tuple[int, int], lengths: list[int]) -> Break:
    """Where the dealer's roll opens the wall (docs/rules.md §3: A's sum and smaller die, or F's sum)."""
    total = dice[0] + dice[1]
    side = count_seats(dealer, total, rules.count_direction, len(lengths))
    skipped = min(dice) if rules.break_method == "sum_and_smaller" else total
    # The walls stand in one ring: a count that uses up a whole wall goes on along the next one in
    # drawing order (12 on a wall of 12 stacks at a small table, docs/rules.md §15.2).
    while skipped >= lengths[side]:
        skipped -= lengths[side]
        side = (side - 1) % len(lengths)
    return Break(side, skipped, rules.break_method)


def stacks_in_draw_order(lengths: list[int], brk: Break) -> list[tuple[int, int]]:
    """(side, stack) of every stack, from the first one drawn to the tail."""
    order: list[tuple[int, int]] = []
    side, stack = brk.side, brk.skipped
    for _ in range(sum(lengths)):
        order.append((side, stack))
        stack += 1
        if stack == lengths[side]:
            side, stack = (side - 1) % len(lengths), 0
    return order


@cache
def _geometry(lengths: tuple[int, ...], side: int, skipped: int) -> tuple[list[Place], dict[Place, int], list[int]]:
    """The places in front order, their indices, and the tail order; the same for every hand with this break."""
    stacks = stacks_in_draw_order(list(lengths), Break(side, skipped, ""))
    # Front order: each stack's top, then its bottom.
    places = [Place(s, k, layer) for s, k in stacks for layer in (1, 0)]
    index = {p: i for i, p in enumerate(places)}
    n = len(places)
    # Tail order: the last stack first, and again its top before its bottom.
    tail = [i for k in range(n // 2 - 1, -1, -1) for i in (2 * k, 2 * k + 1)]
    return places, index, tail


def end_stacks(lengths: list[int], brk: Break) -> tuple[tuple[int, int], tuple[int, int]]:
    """(side, stack) of the first stack drawn and of the tail: the ends of `stacks_in_draw_order`."""
    places = _geometry(tuple(lengths), brk.side, brk.skipped)[0]
    first, last = places[0], places[-1]
    return (first.side, first.stack), (last.side, last.stack)


class Wall:
    """The live wall: tiles in physical places, drawn from the front, replacements from the tail.

    Tiles are identified by an id 0..107 (kind = id // 4) so the client can follow each one; a wall
    of fewer suits (docs/rules.md §15.1) holds the ids of the kinds in play.
    Internally a place is its index in the front order, which keeps draws cheap.
    """

    __slots__ = ("_alive", "_front", "_geometry", "_index", "_places", "_tail", "_tail_order", "_tile_at", "remaining")

    def __init__(self, lengths: list[int], brk: Break, tile_ids: list[int]) -> None:
        self._geometry = (tuple(lengths), brk.side, brk.skipped)
        self._places, self._index, self._tail_order = _geometry(*self._geometry)
        n = len(self._places)
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
        """Take the next tile from the front (IndexError when the wall is empty)."""
        alive = self._alive
        i = self._front
        while not alive[i]:
            i += 1
        self._front = i
        alive[i] = 0  # found live just above: no need for `_take`'s check
        self.remaining -= 1
        return self._places[i], self._tile_at[i]

    def draw_tail(self) -> tuple[Place, int]:
        """Take a replacement tile from the tail (IndexError when the wall is empty)."""
        order, alive = self._tail_order, self._alive
        k = self._tail
        while not alive[order[k]]:
            k += 1
        self._tail = k
        i = order[k]
        alive[i] = 0
        self.remaining -= 1
        return self._places[i], self._tile_at[i]

    def deal(self, dealer: int) -> list[tuple[DealChunk, tuple[int, ...]]]:
        """Take the deal out of a full wall: each grab of `deal_plan` with the tile ids it takes.

        The same as taking every place of `deal_plan(wall, dealer)`, from a layout remembered
        per wall geometry and dealer.
        """
        if self.remaining != len(self._places):
            raise ValueError("the deal needs a full wall")
        tile_at, alive = self._tile_at, self._alive
        out: list[tuple[DealChunk, tuple[int, ...]]] = []
        for chunk, indices in _deal_layout(*self._geometry, dealer):
            for i in indices:
                alive[i] = 0
            out.append((chunk, tuple([tile_at[i] for i in indices])))
            self.remaining -= len(indices)
        return out

    def peek_front(self) -> tuple[Place, int] | None:
        """The next tile to be drawn, or None when the wall is empty (the turned tile for chickens)."""
        if self.remaining == 0:
            return None
        i = self._front
        while not self._alive[i]:
            i += 1
        return self._places[i], self._tile_at[i]

    def lean_state(self) -> tuple[list[int], bytearray, tuple[int, ...], int, int]:
        """Tile kinds by front-order place, which places are live, the tail order and both ends (hidden state).

        For game.core.rollout, which plays hands forward on copies without the places.
        """
        kinds = list(map(kind_of, self._tile_at))
        return kinds, bytearray(self._alive), tuple(self._tail_order), self._front, self._tail

    def live_places(self) -> list[Place]:
        """Places still holding a tile, front first."""
        return [p for i, p in enumerate(self._places) if self._alive[i]]

    def tile_ids(self) -> list[int]:
        """Ids of the tiles still in the wall, front first (hidden state)."""
        return [t for i, t in enumerate(self._tile_at) if self._alive[i]]

    def reshuffle(self, rng: random.Random) -> None:
        """Put the tiles still in the wall in a new random order, in the same places (measurement only).

        game.ai.measure.audit prices a position over the walls it could have had: the hands stay, the
        draws to come change.
        """
        live = [i for i, alive in enumerate(self._alive) if alive]
        tiles = [self._tile_at[i] for i in live]
        rng.shuffle(tiles)
        for i, t in zip(live, tiles, strict=True):
            self._tile_at[i] = t


@cache
def _shuffle_steps(n: int) -> tuple[tuple[int, int, int], ...]:
    """Each swap of the shuffle of n items, from the last position down: (position, choices, bits to draw)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


@cache
def tile_ids_in_play(kinds: tuple[Tile, ...]) -> tuple[int, ...]:
    """The physical tile ids of the kinds in play (docs/rules.md §15.1), in id order."""
    return tuple(i for i in range(NUM_TILES) if kind_of(i) in kinds)


def shuffled_tile_ids(rng: random.Random, kinds: tuple[Tile, ...]) -> list[int]:
    """The tile ids of `kinds` in the wall's front order, shuffled by the hand's generator."""
    ids = list(tile_ids_in_play(kinds))
    # `rng.shuffle(ids)` written out: the same Fisher-Yates swaps from the same `getrandbits`
    # draws as CPython's random.shuffle (so the same wall for a seed), at half the cost.
    getrandbits = rng.getrandbits
    for i, n, bits in _shuffle_steps(len(ids)):
        j = getrandbits(bits)
        while j >= n:  # rejection sampling, as random's _randbelow does
            j = getrandbits(bits)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


def kind_of(tile_id: int) -> Tile:
    """The tile kind (0..26) of a physical tile id."""
    return tile_id >> 2


# kind_of of every id, to map whole grabs at once.
KIND_OF_ID: tuple[Tile, ...] = tuple(kind_of(i) for i in range(NUM_TILES))


@dataclass(frozen=True, slots=True)
class DealChunk:
    """One grab of the deal: `seat` takes the tiles at `places`."""

    seat: int
    places: tuple[Place, ...]


def deal_plan(wall: Wall, dealer: int, players: int) -> list[DealChunk]:
    """The grabs of the deal (docs/rules.md §3, F; §15.2 at a smaller table): 4-4-4 by stacks in play order,
    then 跳牌.

    The dealer jumps to the top of the next stack; the others then take one tile each, in play
    order, and the dealer the top of the stack after theirs.
    """
    return _plan(wall.front_places(_deal_size(players)), dealer, players)


def _deal_size(players: int) -> int:
    """The places the deal's grabs reach: three rounds of four each, then the jump's whole stacks."""
    return 12 * players + 2 * (players // 2 + 1)


@cache
def _deal_layout(
    lengths: tuple[int, ...], side: int, skipped: int, dealer: int
) -> tuple[tuple[DealChunk, tuple[int, ...]], ...]:
    """The deal's grabs from a full wall with this geometry, each with its places' front-order indices."""
    places, index, _ = _geometry(lengths, side, skipped)
    players = len(lengths)
    plan = _plan(places[: _deal_size(players)], dealer, players)
    return tuple((chunk, tuple(index[p] for p in chunk.places)) for chunk in plan)


def _plan(places: list[Place], dealer: int, players: int) -> list[DealChunk]:
    chunks: list[DealChunk] = []
    i = 0
    for _ in range(3):
        for k in range(players):
            chunks.append(DealChunk((dealer + k) % players, tuple(places[i : i + 4])))
            i += 4
    # The jump: (top, bottom) of the next stacks; at four the dealer takes the tops of the first and
    # third, the others the three places between.
    jump = places[i:]
    chunks.append(DealChunk(dealer, (jump[0], jump[players])))
    for k in range(1, players):
        chunks.append(DealChunk((dealer + k) % players, (jump[k],)))
    return chunks
