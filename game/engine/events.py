"""Events: what the referee says happened, the replay log and the feed the client animates.

Every field is a JSON primitive or a tuple of them, so an event round-trips through JSON
unchanged. A place is (side, stack, layer), see game/engine/wall.py. Tiles are kinds 0..26.
Events carry the whole truth; game.engine.visibility says what one seat or a spectator may see.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.slots import store_into_slots

PlaceT = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; `kind` names the event in JSON."""

    kind: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        """JSON object with a "type" key."""
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: its number in the match, the seed it draws from, the dealer if already known."""

    kind: ClassVar[str] = "hand_started"
    hand: int
    ruleset: str
    seed: str
    dealer: int | None
    streak: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """A seat rolled two dice, to choose the first dealer or to break the wall."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int
    dice: tuple[int, int]
    purpose: str  # "first_dealer" or "break"


@dataclass(frozen=True, slots=True)
class DealerChosen(Event):
    """The dealer of this hand; `counted` is the seats counted from the roller (dice) or empty."""

    kind: ClassVar[str] = "dealer_chosen"
    dealer: int
    method: str  # "dice", "random" or "match" (carried over from the last hand)
    counted: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WallBuilt(Event):
    """Stacks per side, indexed by side (side k is in front of seat k): one side per player."""

    kind: ClassVar[str] = "wall_built"
    stacks: tuple[int, ...]  # one side per player (docs/rules.md §15.2)


@dataclass(frozen=True, slots=True)
class WallBroken(Event):
    """The wall opens on `side` after `skipped` stacks; `counted` is the seats counted to that side."""

    kind: ClassVar[str] = "wall_broken"
    side: int
    skipped: int
    method: str
    counted: tuple[int, ...]
    first: PlaceT  # the first place drawn from
    tail: PlaceT  # where replacement tiles come from


@dataclass(frozen=True, slots=True)
class TilesDealt(Event):
    """One grab of the deal: `seat` takes `places`; `tiles` is None for the seats that may not see them."""

    kind: ClassVar[str] = "tiles_dealt"
    seat: int
    places: tuple[PlaceT, ...]
    tiles: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """A draw from the front, or a replacement from the tail after a kong."""

    kind: ClassVar[str] = "tile_drawn"
    seat: int
    place: PlaceT
    tile: int | None
    replacement: bool
    remaining: int


@dataclass(frozen=True, slots=True)
class ReadyDeclared(Event):
    """报听: the seat is one tile from winning and locks its hand."""

    kind: ClassVar[str] = "ready_declared"
    seat: int


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """A discard; `hot` when the seat had just made a kong (热炮); `drawn` when it was the tile just drawn."""

    kind: ClassVar[str] = "tile_discarded"
    seat: int
    tile: int
    hot: bool
    drawn: bool


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """A discard claimed for a pung or an exposed kong (点豆)."""

    kind: ClassVar[str] = "claimed"
    seat: int
    claim: str  # "pung" or "kong"
    tile: int
    source: int


@dataclass(frozen=True, slots=True)
class KongDeclared(Event):
    """A kong from the hand: concealed (闷豆) or added to a pung (转弯豆); `late` for 憨包豆."""

    kind: ClassVar[str] = "kong_declared"
    seat: int
    tile: int
    kong: str  # "concealed" or "added"
    late: bool


@dataclass(frozen=True, slots=True)
class WinPassed(Event):
    """A seat declined a win it could have taken (for 包牌 or 过水); public, as at a real table."""

    kind: ClassVar[str] = "win_passed"
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class HandWon(Event):
    """One or more seats won; `how` is a WinHow value."""

    kind: ClassVar[str] = "hand_won"
    winners: tuple[int, ...]
    tile: int
    how: str
    discarder: int | None
    hot: bool


@dataclass(frozen=True, slots=True)
class WallExhausted(Event):
    """No tile left to draw and no winner: 黄庄."""

    kind: ClassVar[str] = "wall_exhausted"


@dataclass(frozen=True, slots=True)
class TileFlipped(Event):
    """The turned tile after a win; `chicken` is the tile one rank above it (docs/rules.md §8)."""

    kind: ClassVar[str] = "tile_flipped"
    place: PlaceT
    tile: int
    chicken: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """Every hand laid open; `ready` tells who is one tile from winning (or won)."""

    kind: ClassVar[str] = "hand_ended"
    hands: tuple[tuple[int, ...], ...]
    ready: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class SuitNamed(Event):
    """定缺 (docs/rules.md §15.3): the seat named the suit (0 m, 1 p, 2 s) it will be rid of; None to the others
    until every seat has named one."""

    kind: ClassVar[str] = "suit_named"
    seat: int
    suit: int | None


@dataclass(frozen=True, slots=True)
class SuitsShown(Event):
    """定缺: every seat has named its suit; all are shown together, by seat."""

    kind: ClassVar[str] = "suits_shown"
    suits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandSettled(Event):
    """The settlement of the hand: each seat's net and the running scores."""

    kind: ClassVar[str] = "hand_settled"
    nets: tuple[int, ...]
    scores: tuple[int, ...]
    next_dealer: int
    next_streak: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        HandStarted,
        DiceRolled,
        DealerChosen,
        WallBuilt,
        WallBroken,
        TilesDealt,
        SuitNamed,
        SuitsShown,
        TileDrawn,
        ReadyDeclared,
        TileDiscarded,
        Claimed,
        KongDeclared,
        WinPassed,
        HandWon,
        WallExhausted,
        TileFlipped,
        HandEnded,
        HandSettled,
    )
}


for _cls in EVENT_TYPES.values():
    store_into_slots(_cls)


def event_from_json(data: dict[str, Any]) -> Event:
    """Rebuild an event from its JSON object; raises ValueError naming an unknown type."""
    kind = data.get("type")
    cls = EVENT_TYPES.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown event type {kind!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    return cls(**{k: _tupled(v) for k, v in data.items() if k in names})
