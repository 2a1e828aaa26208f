"""What a seat can do: small frozen actions, checked by the round engine (docs/rules.md §4)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.core.ruleset import MAX_PLAYERS
from game.core.tiles import NUM_KINDS, Tile, format_tile, parse_tile


class ActionKind(StrEnum):
    """The kinds of action; which are legal depends on the moment (the seat's turn or a claim)."""

    DISCARD = "discard"  # on one's turn; with declare=True it is 报听 and the discard together
    CONCEALED_KONG = "concealed_kong"  # 闷豆
    ADDED_KONG = "added_kong"  # 转弯豆
    WIN = "win"  # 自摸 on one's turn, 点胡 on a discard, 抢杠 on an added kong
    PUNG = "pung"  # 碰 a discard
    KONG = "kong"  # 点豆: kong a discard with three in hand
    PASS = "pass"  # decline every claim on a discard or an added kong
    DINGQUE = "dingque"  # 定缺: name the suit of `tile` (its 1) as the one to be rid of (docs/rules.md §15.3)


# The kinds under plain module names, for the engine's hot paths: looking a member up on
# its enum class costs several times as much as a global name. They are the same objects.
DISCARD = ActionKind.DISCARD
CONCEALED_KONG = ActionKind.CONCEALED_KONG
ADDED_KONG = ActionKind.ADDED_KONG
WIN = ActionKind.WIN
PUNG = ActionKind.PUNG
KONG = ActionKind.KONG
PASS = ActionKind.PASS
DINGQUE = ActionKind.DINGQUE

# 定缺 names a suit by the tile of rank 1 in it: `suit_tile(suit)`, and back with `suit_of`.
SUIT_TILES: tuple[Tile, ...] = tuple(suit * 9 for suit in range(3))


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's move. `tile` is set for discards and kongs from the hand, and names the suit of 定缺."""

    kind: ActionKind
    seat: int
    tile: Tile | None = None
    declare: bool = False

    def to_json(self) -> dict[str, Any]:
        """JSON form, tiles in notation."""
        out: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = format_tile(self.tile)
        if self.declare:
            out["declare"] = True
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        """Inverse of to_json."""
        tile = data.get("tile")
        return Action(
            ActionKind(data["kind"]),
            int(data["seat"]),
            parse_tile(tile) if tile is not None else None,
            bool(data.get("declare", False)),
        )

    def __str__(self) -> str:
        tile = f" {format_tile(self.tile)}" if self.tile is not None else ""
        declare = " (报听)" if self.declare else ""
        return f"seat {self.seat}: {self.kind.value}{tile}{declare}"


def discard(seat: int, tile: Tile, declare: bool = False) -> Action:
    """A discard, optionally declaring ready."""
    return Action(ActionKind.DISCARD, seat, tile, declare)


def win(seat: int) -> Action:
    """A win, by self-draw or claim."""
    return Action(ActionKind.WIN, seat)


def pass_(seat: int) -> Action:
    """Decline the claims on offer."""
    return Action(ActionKind.PASS, seat)


def pung(seat: int) -> Action:
    """Pung the discard."""
    return Action(ActionKind.PUNG, seat)


def kong(seat: int) -> Action:
    """Kong the discard (点豆)."""
    return Action(ActionKind.KONG, seat)


def _prebuilt() -> dict[tuple[ActionKind, int, Tile | None, bool], Action]:
    table: dict[tuple[ActionKind, int, Tile | None, bool], Action] = {}
    for seat in range(MAX_PLAYERS):
        for kind in ActionKind:
            if kind is ActionKind.DINGQUE:
                for t in SUIT_TILES:
                    table[kind, seat, t, False] = Action(kind, seat, t)
            elif kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                for t in range(NUM_KINDS):
                    for declare in (False, True) if kind is ActionKind.DISCARD else (False,):
                        table[kind, seat, t, declare] = Action(kind, seat, t, declare)
            else:
                table[kind, seat, None, False] = Action(kind, seat)
    return table


# Actions are immutable, so the engine hands out one shared instance of each instead of
# building thousands of equal objects per hand.
_ACTIONS = _prebuilt()


def make(kind: ActionKind, seat: int, tile: Tile | None = None, declare: bool = False) -> Action:
    """The shared instance of an action."""
    return _ACTIONS[kind, seat, tile, declare]
