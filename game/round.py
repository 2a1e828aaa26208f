"""The round engine: the referee of one hand (RULES.md §3, §4, §6, §9, §12).

It alone owns the hidden state (the wall, every hand). Seats act through
`apply(action)`, which checks the action against `legal_actions(seat)`, changes the
state and returns the events that happened, including the automatic ones (draws, the
end of the hand). Nothing here decides payments: a finished hand yields a HandResult.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from dataclasses import dataclass
from enum import StrEnum
from itertools import compress

from game import hand as analysis
from game.actions import ADDED_KONG, CONCEALED_KONG, DISCARD, KONG, PASS, PUNG, WIN, Action, ActionKind, make
from game.events import Claimed as ClaimedEvent
from game.events import (
    DealerChosen,
    DiceRolled,
    Event,
    HandEnded,
    HandStarted,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TileFlipped,
    TilesDealt,
    WallBroken,
    WallBuilt,
    WallExhausted,
    WinPassed,
)
from game.melds import KongKind, Meld
from game.result import HandResult, SeatResult, Win, WinHow
from game.ruleset import Ruleset
from game.rulings import may_win_on
from game.shanten import shanten
from game.tiles import NUM_KINDS, WUGUJI, YAOJI, Tile, format_tile, next_in_suit
from game.wall import (
    KIND_OF_ID,
    Break,
    Wall,
    count_seats,
    counted_seats,
    end_stacks,
    find_break,
    kind_of,
    roll_dice,
    shuffled_tile_ids,
    side_lengths,
)

# The first discarded copy of these is followed for 冲锋鸡 and 责任鸡 (RULES §12.9).
FOLLOWED_CHICKENS: tuple[Tile, ...] = (YAOJI, WUGUJI)

# The other seats in play order after each seat (who answers its discard, first to last).
OTHERS_IN_ORDER: tuple[tuple[int, ...], ...] = tuple(tuple((s + k) % 4 for k in (1, 2, 3)) for s in range(4))

# The waits of a hand that is not ready, shared (most hands, most of the time).
NO_WAITS: frozenset[Tile] = frozenset()

# Each seat's plain discard of each kind, by tile: a turn's discards are picked from these by the counts.
_DISCARD_ACTIONS = [[make(DISCARD, seat, t) for t in range(NUM_KINDS)] for seat in range(4)]


class Phase(StrEnum):
    """Where the hand stands."""

    TURN = "turn"  # `turn` holds 14-3k tiles and must act
    CLAIMS = "claims"  # other seats answer a discard
    ROB = "rob"  # other seats may rob an added kong
    ENDED = "ended"


# The phases under plain module names: the engine checks the phase on every call, and a
# member looked up on its enum class costs several times as much as a global name.
TURN, CLAIMS, ROB, ENDED = Phase.TURN, Phase.CLAIMS, Phase.ROB, Phase.ENDED


class IllegalAction(ValueError):
    """An action the engine refused; the state is unchanged. `reason` says why."""

    def __init__(self, action: Action, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action ({action}): {reason}")


@dataclass(frozen=True, slots=True)
class HandSetup:
    """What a hand starts from: everything else comes from the seeded generator."""

    hand: int = 1
    dealer: int | None = None  # None: choose the first dealer as the ruleset says
    streak: int = 0
    first_roller: int | None = None  # who rolls for the first dealer; None: drawn by the generator
    dealer_dice: tuple[int, int] | None = None  # fix the first-dealer roll
    break_dice: tuple[int, int] | None = None  # fix the dealer's roll that breaks the wall
    # A stacked wall: the 108 tile kinds in drawing order from the break (tests, duplicate deals).
    wall: tuple[Tile, ...] | None = None


def hand_rng(seed: str | int, hand: int) -> random.Random:
    """The generator of one hand, derived from the match seed and the hand number."""
    return random.Random(f"guiyang:{seed}:{hand}")


class Round:
    """One hand of Guiyang mahjong, from the dice to the result."""

    def __init__(self, rules: Ruleset, seed: str | int, setup: HandSetup | None = None) -> None:
        self.rules = rules
        self._late_kong = rules.play.late_kong  # asked on every turn action
        self._dilongqi = analysis.scores_dilongqi(rules.patterns)  # 地龙七 waits count (RULES §13)
        # One 冲锋鸡 per hand: only the first of the followed chickens is recorded (RULES §14).
        self._charge_single = rules.chickens.charge_single
        self.seed = str(seed)
        self.setup = setup or HandSetup()
        self.rng = hand_rng(self.seed, self.setup.hand)
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.action_marks: list[int] = []  # len(events) when each action was taken, for the log
        self.streak = self.setup.streak

        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(4)]
        # The same tiles in order, kept alongside the counts for observations (their `hand`).
        self.sorted_hands: list[list[Tile]] = [[], [], [], []]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.ponds: list[list[Tile]] = [[] for _ in range(4)]
        self.declared = [False] * 4
        self.draws = [0] * 4  # tiles drawn by each seat (not counting the deal)
        self.discard_count = 0
        self.claims_made = 0
        self.kongs_made = 0
        self.turn = 0
        self.phase = TURN
        self.drawn: Tile | None = None  # the tile the turn seat just drew
        self.turn_by_draw = False  # this turn began with a draw (not a pung)
        self.after_kong = False  # the turn seat's last tile was a kong replacement
        self.last_kong: Meld | None = None  # the turn seat's kong made this turn
        self.last_discard: tuple[int, Tile, bool] | None = None  # (seat, tile, hot)
        self.hot_kong: Meld | None = None  # the kong behind the discard under claim, if hot
        self.pending: dict[int, tuple[Action, ...]] = {}  # claim options still to answer
        self.answers: dict[int, Action] = {}
        self.rob_tile: Tile | None = None
        self.guoshui = [False] * 4  # 过水: passed a win, no discard win until own next draw
        self.baopai_pending = [False] * 4  # 包牌: passed a win while ready, before own next draw
        self.baopai: list[int] = []
        self.deferred_kongs: list[set[Tile]] = [set() for _ in range(4)]  # 憨包豆 tracking
        self.first_chicken: dict[Tile, int] = {}
        self.first_discards: list[Tile] = []  # the first discards while each follows the last (开局跟, RULES §14)
        self.dealer_followed = False
        self.first_chicken_claimed_by: dict[Tile, int] = {}
        self._first_chicken_discard: dict[Tile, int] = {}  # which discard (1-based) was the first copy
        self._waits: list[frozenset[Tile] | None] = [None] * 4
        self._turn_cache: tuple[Action, ...] | None = None
        # Immutable copies of the public state, refreshed when it changes, so that
        # observations can share them instead of copying per call.
        self.melds_view: list[tuple[Meld, ...]] = [(), (), (), ()]
        self.ponds_view: list[tuple[Tile, ...]] = [(), (), (), ()]
        self.sizes = [0, 0, 0, 0]
        self.first_chicken_view: tuple[tuple[Tile, int], ...] = ()
        self.first_chicken_claimed_view: tuple[tuple[Tile, int], ...] = ()
        self.draw_completes = False  # the tile just drawn completes the hand
        self.result: HandResult | None = None
        self.dealer = 0
        self.wall: Wall
        self.brk: Break
        self._start()

    # ------------------------------------------------------------------ set-up

    def _start(self) -> None:
        setup, table = self.setup, self.rules.table
        self.events.append(HandStarted(setup.hand, self.rules.name, self.seed, setup.dealer, self.streak))
        if setup.dealer is not None:
            self.dealer = setup.dealer
            self.events.append(DealerChosen(self.dealer, "match", ()))
        elif table.first_dealer == "random":
            self.dealer = self.rng.randrange(4)
            self.events.append(DealerChosen(self.dealer, "random", ()))
        else:
            roller = setup.first_roller if setup.first_roller is not None else self.rng.randrange(4)
            dice = setup.dealer_dice or roll_dice(self.rng)
            self.events.append(DiceRolled(roller, dice, "first_dealer"))
            total = dice[0] + dice[1]
            self.dealer = count_seats(roller, total, table.count_direction)
            self.events.append(DealerChosen(self.dealer, "dice", counted_seats(roller, total, table.count_direction)))

        lengths = side_lengths(table, self.dealer)
        self.events.append(WallBuilt((lengths[0], lengths[1], lengths[2], lengths[3])))
        dice = setup.break_dice or roll_dice(self.rng)
        self.events.append(DiceRolled(self.dealer, dice, "break"))
        self.brk = find_break(table, self.dealer, dice, lengths)
        counted = counted_seats(self.dealer, dice[0] + dice[1], table.count_direction)
        first, last = end_stacks(lengths, self.brk)
        ids = shuffled_tile_ids(self.rng) if setup.wall is None else tile_ids_for(setup.wall)
        self.wall = Wall(lengths, self.brk, ids)
        brk = self.brk
        self.events.append(WallBroken(brk.side, brk.skipped, brk.method, counted, (*first, 1), (*last, 1)))
        dealt: list[list[Tile]] = [[], [], [], []]
        for chunk, tile_ids in self.wall.deal(self.dealer):
            tiles = tuple(map(KIND_OF_ID.__getitem__, tile_ids))
            dealt[chunk.seat].extend(tiles)
            self.events.append(TilesDealt(chunk.seat, chunk.places, tiles))
        for seat, got in enumerate(dealt):
            hand = self.hands[seat]
            for t in got:
                hand[t] += 1
            got.sort()
            self.sorted_hands[seat] = got
            self.sizes[seat] = len(got)
        self.turn = self.dealer
        self.phase = TURN
        self.turn_by_draw = True  # the dealer's 14th tile stands for its first draw

    # ------------------------------------------------------------------ queries

    @property
    def ended(self) -> bool:
        """True once the hand is over and `result` is set."""
        return self.phase is ENDED

    def hand_tiles(self, seat: int) -> list[Tile]:
        """A seat's concealed tiles, sorted (hidden state: for the referee, observations and tests)."""
        return list(self.sorted_hands[seat])

    def waits(self, seat: int) -> frozenset[Tile]:
        """The waits of a seat holding 13-3k tiles (cached until its hand changes)."""
        w = self._waits[seat]
        if w is None:
            counts, melds = self.hands[seat], self.melds[seat]
            # Without melds (no copies on the table to count) analysis.waits is completing_tiles.
            if melds:
                found = analysis.waits(counts, melds, dilongqi=self._dilongqi)
            else:
                found = analysis.completing_tiles(counts, 0)
            w = self._waits[seat] = frozenset(found) if found else NO_WAITS
        return w

    def _add_tile(self, seat: int, tile: Tile) -> None:
        """A tile joins a seat's concealed tiles (counts, sorted tiles, size; its waits change)."""
        self.hands[seat][tile] += 1
        insort(self.sorted_hands[seat], tile)
        self.sizes[seat] += 1
        self._waits[seat] = None

    def _remove_tiles(self, seat: int, tile: Tile, n: int) -> None:
        """`n` copies of a tile leave a seat's concealed tiles."""
        self.hands[seat][tile] -= n
        tiles = self.sorted_hands[seat]
        i = bisect_left(tiles, tile)
        del tiles[i : i + n]
        self.sizes[seat] -= n
        self._waits[seat] = None

    def _public_changed(self, seat: int) -> None:
        """A seat's melds or pond changed: refresh the tuples observations share."""
        self.melds_view[seat] = tuple(self.melds[seat])
        self.ponds_view[seat] = tuple(self.ponds[seat])

    def to_move(self) -> list[int]:
        """Seats that must act now."""
        if self.phase is TURN:
            return [self.turn]
        if self.phase in (CLAIMS, ROB):
            return [s for s in self.pending if s not in self.answers]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now, without duplicates; empty when it need not act."""
        return list(self.legal_tuple(seat))

    def legal_tuple(self, seat: int) -> tuple[Action, ...]:
        """`legal_actions(seat)` as the engine's own tuple, without a copy (observations share it)."""
        if self.phase is TURN:
            if seat != self.turn:
                return ()
            # The turn's actions are asked for several times (observation, check, 憨包豆); work them out once.
            if self._turn_cache is None:
                self._turn_cache = tuple(self._turn_actions(seat))
            return self._turn_cache
        if self.phase in (CLAIMS, ROB) and seat in self.pending and seat not in self.answers:
            return self.pending[seat]
        return ()

    def _turn_actions(self, seat: int) -> list[Action]:
        counts = self.hands[seat]
        out: list[Action] = []
        # A self-drawn win needs a drawn tile: after a pung the hand may look complete, but
        # that tile came off a discard and the pass rules already had their say.
        if self.turn_by_draw and (
            self.draw_completes if self.drawn is not None else analysis.is_complete(counts, len(self.melds[seat]))
        ):
            out.append(make(WIN, seat))
        if self.declared[seat]:
            # 报听 locks the hand: the drawn tile goes straight out (RULES §4).
            if self.drawn is not None:
                out.append(make(DISCARD, seat, self.drawn))
            return out
        if self.turn_by_draw and self.wall.remaining > 0:
            if 4 in counts:
                out.extend(make(CONCEALED_KONG, seat, t) for t in range(NUM_KINDS) if counts[t] == 4)
            for m in self.melds[seat]:
                if m.kong is None and counts[m.tile]:
                    out.append(make(ADDED_KONG, seat, m.tile))
        out.extend(compress(_DISCARD_ACTIONS[seat], counts))
        # A discard can leave the hand ready only if the 14 - 3k tiles are at most one swap from
        # a win; checking that first skips the per-tile search on nearly every first turn.
        # (`draws` first: past a seat's first draw this is never open, and it is asked every turn.)
        if self.draws[seat] <= 1 and self._may_declare(seat) and shanten(counts, len(self.melds[seat])) <= 0:
            for t in range(NUM_KINDS):
                if counts[t]:
                    counts[t] -= 1
                    ready = analysis.is_ready(counts, self.melds[seat])
                    counts[t] += 1
                    if ready:
                        out.append(make(DISCARD, seat, t, declare=True))
        return out

    def _may_declare(self, seat: int) -> bool:
        """报听 is open to the dealer right after the deal, to others right after their first draw (RULES §4)."""
        if not self.rules.play.declare_ready or self.declared[seat] or self.melds[seat] or not self.turn_by_draw:
            return False
        # With no melds, a seat's first turn is the one of its first draw (the dealer's: no draw yet).
        if seat == self.dealer:
            return self.draws[seat] == 0
        return self.draws[seat] == 1

    # ------------------------------------------------------------------ the pass

    def _may_win_on(self, seat: int, tile: Tile, source: int, robbing: bool, hot: bool) -> bool:
        """Whether `seat` may take `tile` from another seat: a wait, no 过水, and the pass rule (RULES §6)."""
        if tile not in self.waits(seat) or self.guoshui[seat]:
            return False
        declared = self.declared
        return may_win_on(
            self.hands[seat],
            self.melds[seat],
            tile,
            self.rules,
            declared=declared[seat],
            hot=hot,
            robbing=robbing,
            on_declared=declared[source],
        )

    # ------------------------------------------------------------------ acting

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        if self.phase is ENDED:
            return "the hand is over"
        if not 0 <= action.seat < 4:
            return f"no seat {action.seat}"
        legal = self.legal_tuple(action.seat)
        for a in legal:
            if a is action:
                return None  # the common case: one of the shared instances the engine handed out
        if action in legal:
            return None
        if not legal:
            return f"seat {action.seat} has nothing to do now ({self.phase.value}, seat {self.turn} to play)"
        if action.kind is DISCARD and action.tile is not None:
            if not self.hands[action.seat][action.tile]:
                return f"no {format_tile(action.tile)} in hand"
            if self.declared[action.seat]:
                return "a declared-ready hand must discard the tile it drew"
            if action.declare:
                return "cannot declare ready now (only on one's first turn, leaving a ready hand)"
        return f"{action.kind.value} is not possible now; legal: {', '.join(str(a) for a in legal)}"

    def apply(self, action: Action) -> list[Event]:
        """Carry out a legal action and everything that follows automatically; returns the new events.

        Raises IllegalAction, with the state unchanged, for anything else.
        """
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        start = len(self.events)
        self.actions.append(action)
        self.action_marks.append(start)
        if self.phase is TURN:
            self._turn_action(action)
        else:
            self.answers[action.seat] = action
            if len(self.answers) == len(self.pending):
                if self.phase is CLAIMS:
                    self._resolve_claims()
                else:
                    self._resolve_rob()
        self._turn_cache = None  # the state moved on
        return self.events[start:]

    def _turn_action(self, action: Action) -> None:
        seat, kind = action.seat, action.kind
        if self._late_kong and kind not in (CONCEALED_KONG, ADDED_KONG):
            # Passing up a kong now makes a later kong of that tile 憨包豆 (RULES §12.10).
            for a in self.legal_tuple(seat):
                if a.kind in (CONCEALED_KONG, ADDED_KONG) and a.tile is not None:
                    self.deferred_kongs[seat].add(a.tile)
        if kind is DISCARD:  # the common case first
            assert action.tile is not None
            self._discard(seat, action.tile, action.declare)
        elif kind is WIN:
            how = WinHow.AFTER_KONG if self.after_kong else WinHow.SELF_DRAW
            tile = self.drawn if self.drawn is not None else self._any_tile(seat)
            first_turn = self._first_turn_self_draw(seat)
            self._end_with_win((seat,), tile, how, None, False, first_turn)
        elif kind is CONCEALED_KONG:
            assert action.tile is not None
            self._concealed_kong(seat, action.tile)
        elif kind is ADDED_KONG:
            assert action.tile is not None
            self._start_added_kong(seat, action.tile)

    def _any_tile(self, seat: int) -> Tile:
        # The dealer's 天胡 has no drawn tile; its last dealt tile stands for it.
        return max(t for t in range(NUM_KINDS) if self.hands[seat][t])

    def _first_turn_self_draw(self, seat: int) -> bool:
        if self.claims_made or self.kongs_made:
            return False
        if seat == self.dealer:
            return self.discard_count == 0  # 天胡
        return self.draws[seat] == 1 and not self.ponds[seat]  # 地胡 on the first draw

    def _discard(self, seat: int, tile: Tile, declare: bool) -> None:
        if declare:
            self.declared[seat] = True
            self.events.append(ReadyDeclared(seat))
        hot = self.after_kong
        self.hot_kong = self.last_kong if hot else None
        self._remove_tiles(seat, tile, 1)
        pond = self.ponds[seat]
        pond.append(tile)
        self.ponds_view[seat] = tuple(pond)  # the melds did not change
        self.discard_count += 1
        if self.discard_count <= 4 and not self.claims_made:
            self._note_follow(seat, tile)
        if (
            tile in FOLLOWED_CHICKENS
            and tile not in self.first_chicken
            and not (self._charge_single and self.first_chicken)
        ):
            self.first_chicken[tile] = seat
            self._first_chicken_discard[tile] = self.discard_count
            self.first_chicken_view = tuple(sorted(self.first_chicken.items()))
        self.events.append(TileDiscarded(seat, tile, hot, tile == self.drawn))
        self.last_discard = (seat, tile, hot)
        self.drawn = None
        self.after_kong = False
        self.last_kong = None
        self._open_claims(seat, tile, hot)

    def _note_follow(self, seat: int, tile: Tile) -> None:
        """开局跟 (RULES §14): the dealer's first discard, then the same tile from each next seat in turn."""
        n = len(self.first_discards)
        if n == self.discard_count - 1 and seat == (self.dealer + n) % 4 and (n == 0 or tile == self.first_discards[0]):
            self.first_discards.append(tile)
            self.dealer_followed = len(self.first_discards) == 4

    def _open_claims(self, source: int, tile: Tile, hot: bool) -> None:
        self.pending = {}
        self.answers = {}
        hands = self.hands
        cached_waits = self._waits
        for s in OTHERS_IN_ORDER[source]:
            if hands[s][tile] < 2:
                waits = cached_waits[s]
                if tile not in (waits if waits is not None else self.waits(s)):
                    continue  # the common case: nothing to claim
            opts: list[Action] = []
            can_win = self._may_win_on(s, tile, source, False, hot)
            if can_win:
                opts.append(make(WIN, s))
            if not self.declared[s]:
                n = self.hands[s][tile]
                if n == 3 and self.wall.remaining > 0:
                    opts.append(make(KONG, s))
                if n >= 2:
                    opts.append(make(PUNG, s))
            if opts:
                if not (can_win and hot and self.rules.play.hot_discard_forced):
                    opts.append(make(PASS, s))
                self.pending[s] = tuple(opts)
        if self.pending:
            self.phase = CLAIMS
        else:
            self._next_draw((source + 1) % 4)

    def _note_passes(self, tile: Tile) -> None:
        """Seats that declined a win they had on offer: 过水 or 包牌 as the ruleset says (RULES §12.12)."""
        mode = self.rules.play.passed_win
        for s, opts in self.pending.items():
            # A win, when offered, is listed first.
            if opts[0].kind is WIN and self.answers[s].kind is not WIN:
                self.events.append(WinPassed(s, tile))
                if mode == "guoshui":
                    self.guoshui[s] = True
                elif mode == "baopai":
                    self.baopai_pending[s] = True

    def _winners_in_order(self, source: int) -> tuple[int, ...]:
        answers = self.answers
        winners = tuple([s for s in OTHERS_IN_ORDER[source] if s in answers and answers[s].kind is WIN])
        if winners and not self.rules.play.multiple_winners:
            return winners[:1]  # head bump: the first in play order after the discarder
        return winners

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        source, tile, hot = self.last_discard
        self._note_passes(tile)
        winners = self._winners_in_order(source)
        self.pending, answers = {}, self.answers
        self.answers = {}
        if winners:
            self.ponds[source].pop()
            self._public_changed(source)
            self.baopai = [w for w in winners if self.baopai_pending[w]]
            first_turn = (
                self.discard_count == 1 and source == self.dealer and not self.claims_made and not self.kongs_made
            )
            self._end_with_win(winners, tile, WinHow.DISCARD, source, hot, first_turn)
            return
        for s, a in answers.items():
            if a.kind in (PUNG, KONG):
                self._claim(s, a.kind, source, tile)
                return
        self.hot_kong = None
        self._next_draw((source + 1) % 4)

    def _claim(self, seat: int, kind: ActionKind, source: int, tile: Tile) -> None:
        self.ponds[source].pop()
        self._public_changed(source)
        self.claims_made += 1
        if self._first_chicken_discard.get(tile) == self.discard_count:
            self.first_chicken_claimed_by[tile] = seat  # 责任鸡: the first copy itself was claimed
            self.first_chicken_claimed_view = tuple(sorted(self.first_chicken_claimed_by.items()))
        self.hot_kong = None
        if kind is KONG:
            self._remove_tiles(seat, tile, 3)
            meld = Meld(tile, KongKind.EXPOSED, source)
            self.melds[seat].append(meld)
            self._public_changed(seat)
            self.events.append(ClaimedEvent(seat, "kong", tile, source))
            self.kongs_made += 1
            self.turn = seat
            self.last_kong = meld
            self._draw(seat, replacement=True)
        else:
            if self.rules.play.late_kong and self.hands[seat][tile] == 3:
                self.deferred_kongs[seat].add(tile)  # punged where it could have konged
            self._remove_tiles(seat, tile, 2)
            self.melds[seat].append(Meld(tile, None, source))
            self._public_changed(seat)
            self.events.append(ClaimedEvent(seat, "pung", tile, source))
            self.turn = seat
            self.phase = TURN
            self.drawn = None
            self.turn_by_draw = False
            self.after_kong = False
            self.last_kong = None

    def _concealed_kong(self, seat: int, tile: Tile) -> None:
        late = tile in self.deferred_kongs[seat]
        self._remove_tiles(seat, tile, 4)
        meld = Meld(tile, KongKind.CONCEALED, None, late)
        self.melds[seat].append(meld)
        self._public_changed(seat)
        self.kongs_made += 1
        self.events.append(KongDeclared(seat, tile, "concealed", late))
        self.last_kong = meld
        self._draw(seat, replacement=True)

    def _start_added_kong(self, seat: int, tile: Tile) -> None:
        self.rob_tile = tile
        self.pending = {}
        self.answers = {}
        if self.rules.play.rob_kong:
            for s in OTHERS_IN_ORDER[seat]:
                if self._may_win_on(s, tile, seat, True, False):
                    self.pending[s] = (make(WIN, s), make(PASS, s))
        if self.pending:
            self.phase = ROB
        else:
            self._finish_added_kong(seat, tile)

    def _finish_added_kong(self, seat: int, tile: Tile) -> None:
        late = tile in self.deferred_kongs[seat]
        self._remove_tiles(seat, tile, 1)
        idx = next(i for i, m in enumerate(self.melds[seat]) if m.tile == tile and m.kong is None)
        meld = Meld(tile, KongKind.ADDED, self.melds[seat][idx].source, late)
        self.melds[seat][idx] = meld
        self._public_changed(seat)
        self.kongs_made += 1
        self.rob_tile = None
        self.events.append(KongDeclared(seat, tile, "added", late))
        self.last_kong = meld
        self.phase = TURN
        self._draw(seat, replacement=True)

    def _resolve_rob(self) -> None:
        seat, tile = self.turn, self.rob_tile
        assert tile is not None
        self._note_passes(tile)
        winners = self._winners_in_order(seat)
        self.pending, self.answers = {}, {}
        if winners:
            self._remove_tiles(seat, tile, 1)
            pung = next(m for m in self.melds[seat] if m.tile == tile and m.kong is None)
            self.baopai = [w for w in winners if self.baopai_pending[w]]
            robbed = Meld(tile, KongKind.ADDED, pung.source, tile in self.deferred_kongs[seat])
            self._end_with_win(winners, tile, WinHow.ROB_KONG, seat, False, False, robbed=robbed)
        else:
            self._finish_added_kong(seat, tile)

    def _next_draw(self, seat: int) -> None:
        self.turn = seat
        self._draw(seat, replacement=False)

    def _draw(self, seat: int, replacement: bool) -> None:
        wall = self.wall
        if wall.remaining == 0:
            self._end_exhausted()
            return
        place, tid = wall.draw_tail() if replacement else wall.draw_front()
        tile = KIND_OF_ID[tid]
        # The seat held 13-3k tiles: the draw wins iff it is one of their waits (usually cached
        # already, since every discard asks each other seat whether it can win).
        waits = self._waits[seat]
        self.draw_completes = tile in (waits if waits is not None else self.waits(seat))
        self._add_tile(seat, tile)
        self.draws[seat] += 1
        self.guoshui[seat] = False
        self.baopai_pending[seat] = False
        self.drawn = tile
        self.turn = seat
        self.turn_by_draw = True
        self.after_kong = replacement
        if not replacement:
            self.last_kong = None
        self.phase = TURN
        self.events.append(TileDrawn(seat, place, tile, replacement, wall.remaining))

    # ------------------------------------------------------------------ the end

    def _end_with_win(
        self,
        winners: tuple[int, ...],
        tile: Tile,
        how: WinHow,
        discarder: int | None,
        hot: bool,
        first_turn: bool,
        robbed: Meld | None = None,
    ) -> None:
        self.events.append(HandWon(winners, tile, how.value, discarder, hot))
        flip: Tile | None = None
        peek = self.wall.peek_front()
        if peek is not None:
            place, tid = peek
            flip = kind_of(tid)
            self.events.append(TileFlipped(place, flip, next_in_suit(flip)))
        win = Win(winners, tile, how, discarder, hot, first_turn)
        self._finish(win, flip, robbed)

    def _end_exhausted(self) -> None:
        self.events.append(WallExhausted())
        self._finish(None, None, None)

    def _finish(self, win: Win | None, flip: Tile | None, robbed: Meld | None) -> None:
        self.phase = ENDED
        winners = set(win.winners) if win else set()
        seats: list[SeatResult] = []
        for s in range(4):
            concealed = list(self.sorted_hands[s])
            if s in winners and win is not None and win.how in (WinHow.DISCARD, WinHow.ROB_KONG):
                insort(concealed, win.tile)
            ready = s in winners or self.waits(s) != frozenset() or self._ready_own_four(s)
            seats.append(
                SeatResult(
                    tuple(concealed),
                    tuple(self.melds[s]),
                    tuple(self.ponds[s]),
                    self.declared[s],
                    ready,
                )
            )
        self.events.append(HandEnded(tuple(r.concealed for r in seats), tuple(r.ready for r in seats)))
        self.result = HandResult(
            ruleset=self.rules.name,
            dealer=self.dealer,
            streak=self.streak,
            seats=(seats[0], seats[1], seats[2], seats[3]),
            win=win,
            flip=flip,
            first_chicken=dict(self.first_chicken),
            first_chicken_claimed_by=dict(self.first_chicken_claimed_by),
            baopai=tuple(self.baopai),
            hot_kong=self.hot_kong if win is not None and win.hot else None,
            robbed_kong=robbed,
            dealer_followed=self.dealer_followed,
        )

    def _ready_own_four(self, seat: int) -> bool:
        """Ready at the end on a wait whose four copies the seat holds, where the ruleset counts it (RULES §14)."""
        return self.rules.play.ready_own_four and bool(analysis.own_four_waits(self.hands[seat], self.melds[seat]))

    # ------------------------------------------------------------------ checks

    def tile_census(self) -> list[int]:
        """How many of each kind are in the wall, hands, melds and ponds: 4 each while the hand is sound."""
        census = [a + b + c + d for a, b, c, d in zip(*self.hands, strict=True)]
        for t in map(KIND_OF_ID.__getitem__, self.wall.tile_ids()):
            census[t] += 1
        for s in range(4):
            for m in self.melds[s]:
                census[m.tile] += m.size
            for t in self.ponds[s]:
                census[t] += 1
        if self.result is not None and self.result.win is not None:
            w = self.result.win
            if w.how is WinHow.DISCARD:
                census[w.tile] += 1  # taken from the pond by the winners
            elif w.how is WinHow.ROB_KONG:
                census[w.tile] += 1  # taken from the robbed seat's hand
        return census

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that can change, for tests that an illegal action changes nothing."""
        return (
            self.phase,
            self.turn,
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(m) for m in self.melds),
            tuple(tuple(p) for p in self.ponds),
            tuple(self.declared),
            self.wall.remaining,
            len(self.events),
            len(self.actions),
            tuple(sorted(self.answers.items())),
            self.drawn,
        )


def tile_ids_for(kinds: tuple[Tile, ...]) -> list[int]:
    """Physical tile ids for a stacked wall given as kinds; ValueError unless it is the full set of 108."""
    counts = [0] * NUM_KINDS
    ids: list[int] = []
    for t in kinds:
        if not 0 <= t < NUM_KINDS:
            raise ValueError(f"stacked wall: {t} is not a tile")
        if counts[t] == 4:
            raise ValueError(f"stacked wall: a fifth {format_tile(t)}")
        ids.append(t * 4 + counts[t])
        counts[t] += 1
    if len(ids) != NUM_KINDS * 4:
        raise ValueError(f"stacked wall: {len(ids)} tiles, not {NUM_KINDS * 4}")
    return ids
