"""How a hand ended: everything settlement needs, and nothing it must not see.

The engine builds a HandResult when a hand ends; a hand file written by hand
(`main.py settle FILE`) is read into the same type, so both settle the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.core.melds import Meld
from game.core.slots import store_into_slots
from game.core.tiles import Tile


class WinHow(StrEnum):
    """The way a winning tile arrived."""

    SELF_DRAW = "self_draw"  # 自摸 on a normal draw
    AFTER_KONG = "after_kong"  # 杠上开花: self-drawn on a kong's replacement tile
    DISCARD = "discard"  # 点胡 / 吃胡 off a discard
    ROB_KONG = "rob_kong"  # 抢杠: won on the tile another seat added to its pung


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's tiles at the end of a hand.

    `concealed` holds the tiles in hand; a winner's include the winning tile.
    `discards` is the pond in order, without tiles that were claimed or won on.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    discards: tuple[Tile, ...] = ()
    declared_ready: bool = False
    # Ready (one tile from a win, docs/rules.md §5) at the end; computed by whoever builds the result.
    ready: bool = False
    # 定缺 (docs/rules.md §15.3): the suit the seat named (0 m, 1 p, 2 s); -1 where none was named.
    missing: int = -1


@dataclass(frozen=True, slots=True)
class Win:
    """The winners and how they won; several winners share one discard."""

    winners: tuple[int, ...]
    tile: Tile
    how: WinHow
    discarder: int | None = None  # the seat that dealt in, or whose kong was robbed
    hot: bool = False  # 热炮: the discarder had just made a kong (docs/rules.md §7)
    first_turn: bool = False  # 天胡 (dealer, no discard yet) or 地胡 (first draw or first discard)


@dataclass(frozen=True, slots=True)
class HandResult:
    """The final state of one hand, as settlement reads it."""

    ruleset: str
    dealer: int
    streak: int  # hands the dealer had already kept in a row before this one
    seats: tuple[SeatResult, ...]  # one per player (docs/rules.md §15.2)
    win: Win | None  # None: a draw (黄庄)
    flip: Tile | None = None  # the turned tile for chickens; None when the wall was empty or nobody won
    # The seat that discarded the first copy of each chicken tile that is followed (1s, 8p),
    # and the seat that claimed that very tile, if any (冲锋鸡 / 责任鸡, docs/rules.md §12.9).
    first_chicken: dict[Tile, int] = field(default_factory=dict)
    first_chicken_claimed_by: dict[Tile, int] = field(default_factory=dict)
    # Seats that owe 包牌 (docs/rules.md §4): declined a win, then won on another discard before drawing.
    baopai: tuple[int, ...] = ()
    # The kong the discarder made just before a hot discard (热炮); it does not count.
    hot_kong: Meld | None = None
    # The added kong that was robbed (抢杠); it does not count.
    robbed_kong: Meld | None = None
    # ISO weekday the hand was played (1 Monday .. 7 Sunday), for 星期鸡 (docs/rules.md §13); None: not recorded.
    weekday: int | None = None
    # 开局跟 (docs/rules.md §14): the dealer's first discard was followed by the same tile from each other seat in turn.
    dealer_followed: bool = False


# Every rollout of the expert's search ends in one of these (see game.core.slots).
for _cls in (SeatResult, Win, HandResult):
    store_into_slots(_cls)
