"""What the viewer knows of the table, rebuilt from the engine's events as they are shown.

The model follows the events redacted for the viewing seat, one at a time, in the order the
presenter animates them; it never looks at the engine. Other seats' hidden tiles are HIDDEN.
It is kept by place round the table (ui/table/rotation.py): four places, of which a table of
three or two players fills its own (docs/rules.md §15.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import MAX_PLAYERS
from game.engine.events import (
    Claimed,
    DealerChosen,
    DiceRolled,
    Event,
    HandEnded,
    HandSettled,
    HandStarted,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    SuitNamed,
    SuitsShown,
    TileDiscarded,
    TileDrawn,
    TileFlipped,
    TilesDealt,
    WallBroken,
    WallBuilt,
    WallExhausted,
    WinPassed,
)
from ui.table.rotation import engine_seat, table_places

HIDDEN = -1  # a tile the viewer cannot see
PlaceT = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld as shown: `kind` is pung, exposed (点豆), concealed (闷豆) or added (转弯豆)."""

    tile: int
    kind: str
    source: int | None


@dataclass(frozen=True, slots=True)
class WinView:
    """The end of a won hand, as announced."""

    winners: tuple[int, ...]
    tile: int
    how: str
    discarder: int | None
    hot: bool


def dealt_tiles(players: int) -> int:
    """Tiles the deal hands out: the dealer's 14 and the others' 13 (docs/rules.md §3)."""
    return 13 * players + 1


class TableModel:
    """The table as the viewer sees it, by place (0 the bottom); `apply(event)` moves it on by one event."""

    def __init__(self, players: int, viewer: int = 0, scores: tuple[int, ...] | None = None) -> None:
        self.players = players
        self.places = table_places(players)  # the places where someone sits, the bottom first
        self.viewer = viewer
        # The table may be turned so that the person deciding sits at the bottom (seat 0 here);
        # `turned_by` is the engine seat at the bottom, and `people` the engine seats with a person.
        self.turned_by = 0
        self.people: frozenset[int] = frozenset({0})
        self.names: tuple[str, ...] = ("",) * players  # the name each engine seat's person gave ("" for none or an AI)
        self.watching = False  # the screen holds no seat: seats are called by their winds, never 你
        self.scores: list[int] = list(scores or (0,) * MAX_PLAYERS)  # by place
        self.version = 0
        self.thinking: int | None = None  # the table place whose AI is thinking (off the frame loop)
        self.reset()

    def engine(self, seat: int) -> int:
        """The engine seat drawn at table place `seat` (its wind, and who sits there)."""
        return engine_seat(seat, self.turned_by, self.players)

    def reset(self) -> None:
        """Clear the table for a new hand (scores stay)."""
        self.hand_no = 0
        self.dealer: int | None = None
        self.streak = 0
        self.dice: DiceRolled | None = None
        self.first_roller: int | None = None
        self.stacks: tuple[int, ...] | None = None
        self.live: set[PlaceT] = set()
        self.broken: WallBroken | None = None
        self.hands: list[list[int]] = [[] for _ in range(MAX_PLAYERS)]  # the viewer's sorted; others HIDDEN
        self.drawn: list[int | None] = [None] * MAX_PLAYERS  # a drawn tile set apart (HIDDEN for others)
        self.melds: list[list[MeldView]] = [[] for _ in range(MAX_PLAYERS)]
        self.ponds: list[list[int]] = [[] for _ in range(MAX_PLAYERS)]
        self.last_discard: tuple[int, int] | None = None  # (seat, index in its pond)
        self.declared = [False] * MAX_PLAYERS
        # 定缺 (docs/rules.md §15.3): the suit each place named (0 m, 1 p, 2 s) as far as the viewer knows; -1 none.
        self.missing = [-1] * MAX_PLAYERS
        self.turn: int | None = None
        self.dealing = False
        self.dealt_count = 0
        self.win: WinView | None = None
        self.exhausted = False
        self.flip: TileFlipped | None = None
        self.revealed: list[tuple[int, ...] | None] = [None] * MAX_PLAYERS
        self.ready: tuple[bool, ...] | None = None
        self.settled: HandSettled | None = None
        self.passed: list[int] = []  # seats that passed up a win on the current discard
        self.version += 1

    # ------------------------------------------------------------------ queries

    @property
    def remaining(self) -> int:
        """Tiles left in the wall."""
        return len(self.live)

    @property
    def ended(self) -> bool:
        """True once every hand has been laid open."""
        return self.ready is not None

    def concealed(self, seat: int) -> list[int]:
        """The seat's concealed tiles as shown, the drawn tile last (HIDDEN where unseen)."""
        revealed = self.revealed[seat]
        if revealed is not None:
            return list(revealed)
        tiles = list(self.hands[seat])
        drawn = self.drawn[seat]
        if drawn is not None:
            tiles.append(drawn)
        return tiles

    def hand_size(self, seat: int) -> int:
        """Concealed tiles of `seat`, the drawn one included."""
        return len(self.hands[seat]) + (self.drawn[seat] is not None)

    # ------------------------------------------------------------------ events

    def apply(self, event: Event) -> None:
        """Move the table on by one (redacted) event."""
        self.version += 1
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    def _hand_started(self, e: HandStarted) -> None:
        scores = self.scores
        self.reset()
        self.scores = scores
        self.hand_no = e.hand
        self.dealer = e.dealer
        self.streak = e.streak

    def _dice(self, e: DiceRolled) -> None:
        self.dice = e
        if e.purpose == "first_dealer":
            self.first_roller = e.seat

    def _dealer(self, e: DealerChosen) -> None:
        self.dealer = e.dealer

    def _wall_built(self, e: WallBuilt) -> None:
        self.stacks = e.stacks
        self.live = {(side, k, layer) for side, n in enumerate(e.stacks) for k in range(n) for layer in (0, 1)}

    def _wall_broken(self, e: WallBroken) -> None:
        self.broken = e
        self.dealing = True

    def _dealt(self, e: TilesDealt) -> None:
        for p in e.places:
            self.live.discard(p)
        if e.tiles is not None:
            self.hands[e.seat].extend(e.tiles)
            self.hands[e.seat].sort()
        else:
            self.hands[e.seat].extend([HIDDEN] * len(e.places))
        self.turn = e.seat
        self.dealt_count += len(e.places)
        if self.dealt_count == dealt_tiles(self.players) and self.dealer is not None:
            self.turn = self.dealer  # the deal is done: the dealer plays first

    def _drawn(self, e: TileDrawn) -> None:
        self.dealing = False
        self.live.discard(e.place)
        self._merge_drawn(e.seat)
        self.drawn[e.seat] = e.tile if e.tile is not None else HIDDEN
        self.turn = e.seat
        self.passed = []

    def _merge_drawn(self, seat: int) -> None:
        drawn = self.drawn[seat]
        if drawn is not None:
            self.hands[seat].append(drawn)
            self.hands[seat].sort()
            self.drawn[seat] = None

    def _take(self, seat: int, tile: int, n: int) -> None:
        """Take n copies of `tile` out of a seat's concealed tiles (any hidden ones if unseen)."""
        self._merge_drawn(seat)
        hand = self.hands[seat]
        for _ in range(n):
            if tile in hand:
                hand.remove(tile)
            elif HIDDEN in hand:
                hand.remove(HIDDEN)
            elif hand:
                hand.pop()

    def _ready(self, e: ReadyDeclared) -> None:
        self.declared[e.seat] = True

    def _suit_named(self, e: SuitNamed) -> None:
        if e.suit is not None:  # the viewer's own choice; the others' stay hidden until all are shown
            self.missing[e.seat] = e.suit

    def _suits_shown(self, e: SuitsShown) -> None:
        self.missing = list(e.suits)

    def _discarded(self, e: TileDiscarded) -> None:
        self.dealing = False
        seat = e.seat
        drawn = self.drawn[seat]
        if e.drawn and drawn is not None:
            self.drawn[seat] = None
        else:
            self._take(seat, e.tile, 1)
        self._merge_drawn(seat)
        self.ponds[seat].append(e.tile)
        self.last_discard = (seat, len(self.ponds[seat]) - 1)
        self.turn = seat
        self.passed = []

    def _claimed(self, e: Claimed) -> None:
        if self.ponds[e.source]:
            self.ponds[e.source].pop()
        self.last_discard = None
        self._take(e.seat, e.tile, 3 if e.claim == "kong" else 2)
        kind = "exposed" if e.claim == "kong" else "pung"
        self.melds[e.seat].append(MeldView(e.tile, kind, e.source))
        self.turn = e.seat

    def _kong(self, e: KongDeclared) -> None:
        if e.kong == "concealed":
            self._take(e.seat, e.tile, 4)
            self.melds[e.seat].append(MeldView(e.tile, "concealed", None))
        else:
            self._take(e.seat, e.tile, 1)
            melds = self.melds[e.seat]
            for i, m in enumerate(melds):
                if m.tile == e.tile and m.kind == "pung":
                    melds[i] = MeldView(e.tile, "added", m.source)
                    break
        self.turn = e.seat

    def _passed(self, e: WinPassed) -> None:
        self.passed.append(e.seat)

    def _won(self, e: HandWon) -> None:
        self.win = WinView(e.winners, e.tile, e.how, e.discarder, e.hot)
        if e.how == "discard" and e.discarder is not None and self.ponds[e.discarder]:
            self.ponds[e.discarder].pop()
            self.last_discard = None
        elif e.how == "rob_kong" and e.discarder is not None:
            self._take(e.discarder, e.tile, 1)

    def _exhausted(self, e: WallExhausted) -> None:
        self.exhausted = True

    def _flipped(self, e: TileFlipped) -> None:
        self.flip = e

    def _ended(self, e: HandEnded) -> None:
        for seat in self.places:
            self.revealed[seat] = tuple(e.hands[seat])
        self.ready = tuple(e.ready)
        self.turn = None

    def _settled(self, e: HandSettled) -> None:
        self.settled = e
        self.scores = list(e.scores)


_HANDLERS: dict[type[Event], Callable[[TableModel, Any], None]] = {
    HandStarted: TableModel._hand_started,
    DiceRolled: TableModel._dice,
    DealerChosen: TableModel._dealer,
    WallBuilt: TableModel._wall_built,
    WallBroken: TableModel._wall_broken,
    TilesDealt: TableModel._dealt,
    TileDrawn: TableModel._drawn,
    ReadyDeclared: TableModel._ready,
    SuitNamed: TableModel._suit_named,
    SuitsShown: TableModel._suits_shown,
    TileDiscarded: TableModel._discarded,
    Claimed: TableModel._claimed,
    KongDeclared: TableModel._kong,
    WinPassed: TableModel._passed,
    HandWon: TableModel._won,
    WallExhausted: TableModel._exhausted,
    TileFlipped: TableModel._flipped,
    HandEnded: TableModel._ended,
    HandSettled: TableModel._settled,
}
