"""A hand's rule state on bare counts, and the wall as places: the state game.core.kernel's rules move.

TableState holds everything the rules read and write (see game.core.kernel), the waits of each seat's
hand while it stands, and the wall as tile kinds by place; its subclass game.core.kernel.HandState adds
the transitions. What a player works out about the hands (the rollout policy's shanten and suit
codes) is not here: a subclass keeps it (game.core.rollout.LeanHand), told of each tile moved by the
hooks below. Compiled by build/compile_fast.py with the rollout path.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Final, Protocol

from game.core import hand as analysis
from game.core.melds import KongKind, Meld
from game.core.phase import TURN, Phase
from game.core.result import HandResult, WinHow
from game.core.ruleset import PLAYER_COUNTS, Ruleset
from game.core.tiles import NUM_KINDS, WUGUJI, YAOJI, Tile

# Moves, as small ints (a move is (kind, tile); tile -1 where none).
# (Final: a compiled build reads each as a constant, not a module attribute.)
DISCARD: Final = 0
DECLARE: Final = 1
CONCEALED_KONG: Final = 2
ADDED_KONG: Final = 3
WIN: Final = 4
PUNG: Final = 5
KONG: Final = 6
PASS: Final = 7
MOVE_NAMES = ("discard", "declare", "concealed_kong", "added_kong", "win", "pung", "kong", "pass")

Move = tuple[int, int]
# Claim options still to answer, by seat (each seat's moves in the order offered: WIN, KONG, PUNG, PASS).
Pending = dict[int, tuple[int, ...]]

# The waits of a hand that is not ready, shared (most hands, most of the time).
NO_WAITS: Final[frozenset[Tile]] = frozenset()

# The first discarded copy of these is followed for 冲锋鸡 and 责任鸡 (docs/rules.md §12.9).
FOLLOWED_CHICKENS: Final[tuple[Tile, ...]] = (YAOJI, WUGUJI)

# The other seats in play order after each seat (who answers its discard, first to last), by table size.
OTHERS_BY_PLAYERS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in PLAYER_COUNTS
}


class Sink(Protocol):
    """What a hand's transitions tell the one who records them (game.engine.round.Round); rollouts have none."""

    def on_declare(self, seat: int) -> None:
        """The seat declares ready (报听) with the discard that follows."""

    def on_discard(self, seat: int, tile: Tile, hot: bool, drawn: bool) -> None:
        """The seat discarded `tile` (its counts, pond and first chickens already updated)."""

    def on_take(self, seat: int, tile: Tile, n: int) -> None:
        """`n` copies of `tile` left the seat's concealed hand for a meld (or a robber's hand)."""

    def on_public(self, seat: int) -> None:
        """The seat's melds or pond changed."""

    def draw_tile(self, seat: int, replacement: bool) -> Tile:
        """Take the seat's draw from the wall (the front, or the tail for a replacement); its kind."""

    def on_pass(self, seat: int, tile: Tile) -> None:
        """The seat declined a win on `tile` it had on offer."""

    def on_claim(self, seat: int, kind: str, tile: Tile, source: int) -> None:
        """The seat claimed `source`'s discard for a "pung" or a "kong"."""

    def on_kong(self, seat: int, tile: Tile, kind: str, late: bool) -> None:
        """The seat declared a "concealed" or "added" kong of `tile`."""

    def on_win(self, winners: tuple[int, ...], tile: Tile, how: WinHow, discarder: int | None, hot: bool) -> None:
        """The hand is won."""

    def flip_tile(self) -> Tile | None:
        """Turn the wall's next tile for the chickens; None when the wall is empty."""

    def on_exhausted(self) -> None:
        """The wall ran out."""

    def on_end(self, result: HandResult) -> None:
        """The hand is over."""


class TableState:
    """One hand's rule state (see game.core.kernel); an independent copy by constructing from one."""

    __slots__ = (
        "after_kong",
        "baopai",
        "baopai_pending",
        "charge_single",
        "claims_made",
        "dealer",
        "dealer_followed",
        "declared",
        "deferred",
        "deferring",
        "dilongqi",
        "discard_count",
        "draw_completes",
        "drawn",
        "draws",
        "first_chicken",
        "first_chicken_claimed_by",
        "first_chicken_discard",
        "first_discards",
        "guoshui",
        "hands",
        "hot_kong",
        "kongs_made",
        "last_discard",
        "last_kong",
        "melds",
        "missing",
        "others",
        "phase",
        "play",
        "players",
        "ponds",
        "remaining",
        "result",
        "rob_tile",
        "rules",
        "saved_waits",
        "sink",
        "streak",
        "turn",
        "turn_by_draw",
        "w_alive",
        "w_front",
        "w_kind",
        "w_seat_next",
        "w_tail",
        "w_tail_order",
        "waits_cache",
    )

    def __init__(self, rules: Ruleset, src: TableState | None = None) -> None:
        """An empty table under `rules`, or an independent copy of `src` (with no sink)."""
        if src is not None:
            # Copying goes through the constructor (not __new__) so that the module can be compiled.
            self._copy_state(src)
            return
        self.rules = rules
        self.play = rules.play
        n = self.players = rules.players
        self.others = OTHERS_BY_PLAYERS[n]
        self.deferring = rules.play.late_kong
        self.dilongqi = analysis.scores_dilongqi(rules.patterns)  # 地龙七 waits count (docs/rules.md §13)
        self.charge_single = rules.chickens.charge_single  # one 冲锋鸡 per hand (docs/rules.md §14)
        self.sink: Sink | None = None
        self.result: HandResult | None = None
        self.dealer = 0
        self.streak = 0
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.ponds: list[list[Tile]] = [[] for _ in range(n)]
        self.declared = [False] * n
        # 定缺 (docs/rules.md §15.3): the suit (0 m, 1 p, 2 s) each seat named to be rid of; -1 none.
        self.missing = [-1] * n
        self.draws = [0] * n  # tiles drawn by each seat (not counting the deal)
        self.discard_count = 0
        self.claims_made = 0
        self.kongs_made = 0
        self.turn = 0
        self.phase: Phase = TURN
        self.drawn: Tile | None = None  # the tile the turn seat just drew
        self.turn_by_draw = True  # this turn began with a draw (not a pung); the dealer's 14th stands for one
        self.after_kong = False  # the turn seat's last tile was a kong replacement
        self.last_kong: Meld | None = None  # the turn seat's kong made this turn
        self.last_discard: tuple[int, Tile, bool] | None = None  # (seat, tile, hot)
        self.hot_kong: Meld | None = None  # the kong behind the discard under claim, if hot
        self.rob_tile: Tile | None = None
        self.guoshui = [False] * n  # 过水: passed a win, no discard win until own next draw
        self.baopai_pending = [False] * n  # 包牌: passed a win while ready, before own next draw
        self.baopai: list[int] = []
        self.deferred: list[set[Tile]] = [set() for _ in range(n)]  # 憨包豆 tracking
        self.first_chicken: dict[Tile, int] = {}
        self.first_chicken_claimed_by: dict[Tile, int] = {}
        self.first_chicken_discard: dict[Tile, int] = {}  # which discard (1-based) was the first copy
        self.first_discards: list[Tile] = []  # the first discards while each follows the last (开局跟)
        self.dealer_followed = False
        self.draw_completes = False  # the tile just drawn completes the hand
        # The waits of each seat's 13-3k tile hand, once asked (cleared as it changes): every discard
        # asks the other seats whether they can win on it.
        self.waits_cache: list[frozenset[Tile] | None] = [None] * n
        # The drawing seat's waits before its draw: its hand again if it throws the drawn tile.
        self.saved_waits: frozenset[Tile] | None = None
        # The wall: tile kinds by place, front first; which are live; the tail's order; both ends.
        self.w_kind: list[Tile] = []
        self.w_alive = bytearray()
        self.w_tail_order: tuple[int, ...] = ()
        self.w_front = 0
        self.w_tail = 0
        # Each seat's next place of its own when seats draw by seat (see set_wall); None: in wall order.
        self.w_seat_next: list[int] | None = None
        self.remaining = 0

    def __deepcopy__(self, memo: dict[int, object]) -> TableState:
        """A deep copy (copy.deepcopy of a Round: game.ai.measure.audit's trials), its sink copied with it."""
        # A compiled class has no default deep copy: the copying constructor does the work.
        twin = type(self)(self.rules, self)
        memo[id(self)] = twin
        twin.sink = copy.deepcopy(self.sink, memo)
        twin.result = copy.deepcopy(self.result, memo)
        return twin

    def _copy_state(self, src: TableState) -> None:
        """Take `src`'s rule state as an independent copy (the wall's order is shared: never written)."""
        self.rules, self.play, self.deferring = src.rules, src.play, src.deferring
        self.players, self.others = src.players, src.others
        self.dilongqi, self.charge_single = src.dilongqi, src.charge_single
        self.sink = None
        self.result = None
        self.dealer, self.streak = src.dealer, src.streak
        self.hands = [c[:] for c in src.hands]
        self.melds = [m[:] for m in src.melds]
        self.ponds = [p[:] for p in src.ponds]
        self.declared = src.declared[:]
        self.missing = src.missing[:]
        self.draws = src.draws[:]
        self.discard_count, self.claims_made, self.kongs_made = src.discard_count, src.claims_made, src.kongs_made
        self.turn, self.phase = src.turn, src.phase
        self.drawn, self.turn_by_draw, self.after_kong = src.drawn, src.turn_by_draw, src.after_kong
        self.last_kong, self.last_discard, self.hot_kong = src.last_kong, src.last_discard, src.hot_kong
        self.rob_tile = src.rob_tile
        self.guoshui, self.baopai_pending, self.baopai = src.guoshui[:], src.baopai_pending[:], src.baopai[:]
        self.deferred = [set(d) for d in src.deferred]
        self.first_chicken = dict(src.first_chicken)
        self.first_chicken_claimed_by = dict(src.first_chicken_claimed_by)
        self.first_chicken_discard = dict(src.first_chicken_discard)
        self.first_discards, self.dealer_followed = src.first_discards[:], src.dealer_followed
        self.draw_completes = src.draw_completes
        self.waits_cache = src.waits_cache[:]
        self.saved_waits = src.saved_waits
        self.w_kind, self.w_alive, self.w_tail_order = src.w_kind, bytearray(src.w_alive), src.w_tail_order
        self.w_front, self.w_tail, self.remaining = src.w_front, src.w_tail, src.remaining
        nxt = src.w_seat_next
        self.w_seat_next = nxt[:] if nxt is not None else None

    # ------------------------------------------------------------------ what a hand can do

    def waits(self, seat: int) -> frozenset[Tile]:
        """The waits of a seat holding 13-3k tiles (cached until its hand changes); none while it holds a tile of
        the suit it named in 定缺 (docs/rules.md §15.3)."""
        w = self.waits_cache[seat]
        if w is None:
            w = self.waits_cache[seat] = NO_WAITS if self.holds_missing(seat) else self._find_waits(seat)
        return w

    def holds_missing(self, seat: int) -> bool:
        """True while the seat holds, in hand or in a meld, a tile of the suit it named in 定缺 (docs/rules.md
        §15.3): it can neither win nor be ready."""
        suit = self.missing[seat]
        if suit < 0:
            return False
        counts = self.hands[seat]
        base = 9 * suit
        for t in range(base, base + 9):
            if counts[t]:
                return True
        for m in self.melds[seat]:  # noqa: SIM110 (a plain loop compiles to fewer instructions: see has_four)
            if m.tile // 9 == suit:
                return True
        return False

    def _find_waits(self, seat: int) -> frozenset[Tile]:
        """The waits of the seat's hand worked out (a subclass may know sooner that there are none)."""
        counts, melds = self.hands[seat], self.melds[seat]
        # Without melds (no copies on the table to count) analysis.waits is completing_tiles.
        found = analysis.waits(counts, melds, dilongqi=self.dilongqi) if melds else analysis.completing_tiles(counts, 0)
        return frozenset(found) if found else NO_WAITS

    # Hooks for a subclass that follows the hands as they change (the rollout policy's figures):
    # the rules call them and read nothing back but `_known_not_ready`. They do nothing here.

    def _known_not_ready(self, seat: int) -> bool:
        """True when the seat's 13-3k tiles are already known to be short of ready (so none of its waits)."""
        return False

    def _drew(self, seat: int, tile: Tile) -> None:
        """The seat drew `tile` (its count already raised)."""

    def _discarded(self, seat: int, tile: Tile, declare: bool, was_drawn: bool) -> None:
        """The seat discarded `tile` (its count already lowered), declaring ready with it if `declare`."""

    def _took(self, seat: int, tile: Tile, n: int) -> None:
        """`n` copies of `tile` left the seat's hand for a meld or a robber (its count already lowered)."""

    # ------------------------------------------------------------------ the wall as places

    def set_wall(self, tiles: Sequence[Tile], by_seat: bool = False) -> None:
        """Put `tiles` in the wall, front first; replacements come from the other end.

        With `by_seat`, a seat's ordinary draw takes the next live place of its own (places seat,
        seat + players, ...) and the front only once those are gone. The tiles are a random order of
        the tiles the searching seat cannot see, and which place a draw takes depends on the play
        so far and never on what lies there, so every draw is still any unseen tile with equal
        chance: the hands dealt this way are the hands dealt in wall order. What changes is how
        two moves played on the same deal compare: after a pung skips seats, or one discard is
        claimed where another is not, each seat still draws the same tiles in both lines instead
        of every later draw moving to another seat, so the lines differ by the move and less by
        the draws it shifted (docs/ai.md).
        """
        n = len(tiles)
        self.w_kind = list(tiles)
        self.w_alive = bytearray(b"\x01") * n
        self.w_tail_order = tuple(range(n - 1, -1, -1))
        self.w_front = 0
        self.w_tail = 0
        self.w_seat_next = list(range(self.players)) if by_seat else None
        self.remaining = n

    def _front_place(self, seat: int) -> int:
        """The live place the seat's ordinary draw takes (see set_wall); the wall must not be empty."""
        alive = self.w_alive
        mine = self.w_seat_next
        if mine is not None:
            i = mine[seat]
            n = len(alive)
            step = self.players
            while i < n and not alive[i]:
                i += step
            if i < n:
                mine[seat] = i + step
                return i
            mine[seat] = n
        return self._front_live()

    def _front_live(self) -> int:
        """The live place nearest the front (a draw in wall order); the wall must not be empty."""
        alive = self.w_alive
        i = self.w_front
        while not alive[i]:
            i += 1
        self.w_front = i
        return i

    def _tail_place(self) -> int:
        """The live place nearest the tail (a kong's replacement draw); the wall must not be empty."""
        alive = self.w_alive
        order = self.w_tail_order
        k = self.w_tail
        while not alive[order[k]]:
            k += 1
        self.w_tail = k
        return order[k]

    def peek_front(self) -> Tile | None:
        """The next tile to be drawn (the turned tile for chickens), or None when the wall is empty.

        When seats draw by seat (set_wall) it is the live tile nearest the tail instead: any live
        tile is as likely as another, and that one is the same in two lines of play on one deal
        unless their kongs differ, so the turned chicken does not tell them apart by chance.
        """
        if self.remaining == 0:
            return None
        if self.w_seat_next is not None:
            return self.w_kind[self._tail_place()]
        return self.w_kind[self._front_live()]


# Melds are immutable values, so the kernel hands out one shared object per kind of meld
# instead of building a frozen dataclass (a Python __init__) on every claim and kong.
PUNG_MELD: Final = 0
EXPOSED_MELD: Final = 1
CONCEALED_MELD: Final = 2
ADDED_MELD: Final = 3
_MELD_KINDS: tuple[KongKind | None, ...] = (None, KongKind.EXPOSED, KongKind.CONCEALED, KongKind.ADDED)
_SOURCES: tuple[int | None, ...] = (0, 1, 2, 3, None)
_MELDS: Final[list[Meld]] = [
    Meld(t, kong, source, late)
    for kong in _MELD_KINDS
    for t in range(NUM_KINDS)
    for source in _SOURCES
    for late in (False, True)
]


def shared_meld(tile: Tile, kind: int, source: int | None, late: bool) -> Meld:
    """The shared Meld(tile, kind's KongKind, source, late)."""
    i = ((kind * NUM_KINDS + tile) * 5 + (4 if source is None else source)) * 2
    return _MELDS[i + 1 if late else i]


def has_four(counts: list[int]) -> bool:
    """True when the hand holds four of a kind (a concealed kong may be open).

    `4 in counts` compares every count as a Python object; this loop, compiled, compares machine
    ints, about ten times fewer instructions on the turn every draw takes.
    """
    for n in counts:  # noqa: SIM110 (a plain loop: see above)
        if n == 4:
            return True
    return False
