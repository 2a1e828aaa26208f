"""The round engine: the referee of one hand (docs/rules.md §3, §4, §6, §9, §12).

It alone owns the hidden state (the wall, every hand). Seats act through
`apply(action)`, which checks the action against `legal_actions(seat)`, changes the
state and returns the events that happened, including the automatic ones (draws, the
end of the hand). Nothing here decides payments: a finished hand yields a HandResult.

The rules themselves are game.core.kernel's, on the kernel's HandState that this Round owns
(`state`), the same rules the expert's rollouts play by (game.core.rollout). Round adds what
only play needs: the dice and the physical wall, the events (it is the state's Sink), the
Action objects and their checks, and the views observations share.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from dataclasses import dataclass

from game.core import kernel
from game.core.kernel import FOLLOWED_CHICKENS, NO_WAITS, HandState, Move, Pending
from game.core.melds import Meld
from game.core.phase import CLAIMS, DINGQUE, ENDED, ROB, TURN, Phase
from game.core.result import HandResult, WinHow
from game.core.ruleset import MAX_PLAYERS, Ruleset
from game.core.tiles import NUM_KINDS, Tile, format_tile, next_in_suit
from game.engine.actions import (
    ADDED_KONG,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    PASS,
    PUNG,
    SUIT_TILES,
    WIN,
    Action,
    ActionKind,
    make,
)
from game.engine.actions import DINGQUE as DINGQUE_ACTION
from game.engine.events import Claimed as ClaimedEvent
from game.engine.events import (
    DealerChosen,
    DiceRolled,
    Event,
    HandEnded,
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
from game.engine.wall import (
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

__all__ = [
    "CLAIMS",
    "ENDED",
    "FOLLOWED_CHICKENS",
    "NO_WAITS",
    "ROB",
    "TURN",
    "HandSetup",
    "IllegalAction",
    "Phase",
    "Round",
    "hand_rng",
    "tile_ids_for",
]

# Each seat's plain discard of each kind, by tile: a turn's discards are picked from these by the counts.
# (Built for the most seats a table has; a smaller table uses the first few.)
_DISCARD_ACTIONS = [[make(DISCARD, seat, t) for t in range(NUM_KINDS)] for seat in range(MAX_PLAYERS)]


def _move_actions(seat: int) -> dict[Move, Action]:
    """The seat's Action for each of the kernel's moves (game.core.kernel's ints)."""
    out: dict[Move, Action] = {(kernel.WIN, -1): make(WIN, seat)}
    for t in range(NUM_KINDS):
        out[kernel.DISCARD, t] = _DISCARD_ACTIONS[seat][t]
        out[kernel.DECLARE, t] = make(DISCARD, seat, t, declare=True)
        out[kernel.CONCEALED_KONG, t] = make(CONCEALED_KONG, seat, t)
        out[kernel.ADDED_KONG, t] = make(ADDED_KONG, seat, t)
    return out


_MOVE_ACTIONS = [_move_actions(seat) for seat in range(MAX_PLAYERS)]
# Each seat's answers to a claim, by the kernel's move.
_CLAIM_ACTIONS = [
    {kernel.WIN: make(WIN, s), kernel.KONG: make(KONG, s), kernel.PUNG: make(PUNG, s), kernel.PASS: make(PASS, s)}
    for s in range(MAX_PLAYERS)
]
# The kernel's move for each kind of action (a discard that declares is kernel.DECLARE).
_MOVE_OF: dict[ActionKind, int] = {
    DISCARD: kernel.DISCARD,
    WIN: kernel.WIN,
    CONCEALED_KONG: kernel.CONCEALED_KONG,
    ADDED_KONG: kernel.ADDED_KONG,
    PUNG: kernel.PUNG,
    KONG: kernel.KONG,
    PASS: kernel.PASS,
}


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
    # A stacked wall: every tile in play, as kinds in drawing order from the break (tests, duplicate deals).
    wall: tuple[Tile, ...] | None = None


def hand_rng(seed: str | int, hand: int) -> random.Random:
    """The generator of one hand, derived from the match seed and the hand number."""
    return random.Random(f"guiyang:{seed}:{hand}")


class Round:
    """One hand of Guiyang mahjong, from the dice to the result."""

    def __init__(self, rules: Ruleset, seed: str | int, setup: HandSetup | None = None) -> None:
        self.rules = rules
        self.seed = str(seed)
        self.setup = setup or HandSetup()
        self.rng = hand_rng(self.seed, self.setup.hand)
        # The rule state (turn, phase, counts, melds, result, ...): callers read it here, Round has no copy.
        self.state = HandState(rules)
        self.state.sink = self
        self.state.streak = self.setup.streak
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.action_marks: list[int] = []  # len(events) when each action was taken, for the log
        # The same tiles as the counts, in order, kept alongside them for observations (their `hand`).
        n = rules.players
        self.sorted_hands: list[list[Tile]] = [[] for _ in range(n)]
        self.pending: dict[int, tuple[Action, ...]] = {}  # claim options still to answer
        self.answers: dict[int, Action] = {}
        self._pending_moves: Pending = {}  # the same options as the kernel's moves
        self._turn_cache: tuple[Action, ...] | None = None
        # Immutable copies of the public state, refreshed when it changes, so that
        # observations can share them instead of copying per call.
        self.melds_view: list[tuple[Meld, ...]] = [()] * n
        self.ponds_view: list[tuple[Tile, ...]] = [()] * n
        self.sizes = [0] * n
        self.first_chicken_view: tuple[tuple[Tile, int], ...] = ()
        self.first_chicken_claimed_view: tuple[tuple[Tile, int], ...] = ()
        # 定缺 (docs/rules.md §15.3): the suits named so far, kept here (hidden) until every seat has named one.
        self.named: dict[int, int] = {}
        self.wall: Wall
        self.brk: Break
        self._start()

    # ------------------------------------------------------------------ set-up

    def _start(self) -> None:
        setup, table, state = self.setup, self.rules.table, self.state
        players = self.rules.players
        self.events.append(HandStarted(setup.hand, self.rules.name, self.seed, setup.dealer, state.streak))
        if setup.dealer is not None:
            state.dealer = setup.dealer
            self.events.append(DealerChosen(state.dealer, "match", ()))
        elif table.first_dealer == "random":
            state.dealer = self.rng.randrange(players)
            self.events.append(DealerChosen(state.dealer, "random", ()))
        else:
            roller = setup.first_roller if setup.first_roller is not None else self.rng.randrange(players)
            dice = setup.dealer_dice or roll_dice(self.rng)
            self.events.append(DiceRolled(roller, dice, "first_dealer"))
            total = dice[0] + dice[1]
            state.dealer = count_seats(roller, total, table.count_direction, players)
            counted = counted_seats(roller, total, table.count_direction, players)
            self.events.append(DealerChosen(state.dealer, "dice", counted))

        lengths = side_lengths(table, state.dealer, self.rules.wall_size)
        self.events.append(WallBuilt(tuple(lengths)))
        dice = setup.break_dice or roll_dice(self.rng)
        self.events.append(DiceRolled(state.dealer, dice, "break"))
        self.brk = find_break(table, state.dealer, dice, lengths)
        counted = counted_seats(state.dealer, dice[0] + dice[1], table.count_direction, players)
        first, last = end_stacks(lengths, self.brk)
        kinds = self.rules.kinds
        ids = shuffled_tile_ids(self.rng, kinds) if setup.wall is None else tile_ids_for(setup.wall, kinds)
        self.wall = Wall(lengths, self.brk, ids)
        brk = self.brk
        self.events.append(WallBroken(brk.side, brk.skipped, brk.method, counted, (*first, 1), (*last, 1)))
        dealt: list[list[Tile]] = [[] for _ in range(players)]
        for chunk, tile_ids in self.wall.deal(state.dealer):
            tiles = tuple(map(KIND_OF_ID.__getitem__, tile_ids))
            dealt[chunk.seat].extend(tiles)
            self.events.append(TilesDealt(chunk.seat, chunk.places, tiles))
        for seat, got in enumerate(dealt):
            hand = state.hands[seat]
            for t in got:
                hand[t] += 1
            got.sort()
            self.sorted_hands[seat] = got
            self.sizes[seat] = len(got)
        state.remaining = self.wall.remaining
        state.turn = state.dealer
        state.phase = DINGQUE if self.rules.play.dingque else TURN
        state.turn_by_draw = True  # the dealer's 14th tile stands for its first draw

    # ------------------------------------------------------------------ queries

    @property
    def ended(self) -> bool:
        """True once the hand is over and `result` is set."""
        return self.state.phase is ENDED

    def hand_tiles(self, seat: int) -> list[Tile]:
        """A seat's concealed tiles, sorted (hidden state: for the referee, observations and tests)."""
        return list(self.sorted_hands[seat])

    def waits(self, seat: int) -> frozenset[Tile]:
        """The waits of a seat holding 13-3k tiles (cached until its hand changes)."""
        return self.state.waits(seat)

    def to_move(self) -> list[int]:
        """Seats that must act now."""
        phase = self.state.phase
        if phase is TURN:
            return [self.state.turn]
        if phase in (CLAIMS, ROB):
            return [s for s in self.pending if s not in self.answers]
        if phase is DINGQUE:
            return [s for s in range(self.rules.players) if s not in self.named]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now, without duplicates; empty when it need not act."""
        return list(self.legal_tuple(seat))

    def legal_tuple(self, seat: int) -> tuple[Action, ...]:
        """`legal_actions(seat)` as the engine's own tuple, without a copy (observations share it)."""
        state = self.state
        phase = state.phase
        if phase is TURN:
            if seat != state.turn:
                return ()
            # The turn's actions are asked for several times (observation, check); work them out once.
            if self._turn_cache is None:
                self._turn_cache = tuple(map(_MOVE_ACTIONS[seat].__getitem__, state.turn_moves()))
            return self._turn_cache
        if phase in (CLAIMS, ROB) and seat in self.pending and seat not in self.answers:
            return self.pending[seat]
        if phase is DINGQUE and 0 <= seat < self.rules.players and seat not in self.named:
            return tuple(make(DINGQUE_ACTION, seat, SUIT_TILES[suit]) for suit in self.rules.suit_indexes)
        return ()

    def missing_seen_by(self, seat: int) -> tuple[int, ...]:
        """The 定缺 suit of each seat as `seat` knows it (docs/rules.md §15.3): all once shown, else its own."""
        if self.state.phase is not DINGQUE:
            return tuple(self.state.missing)
        return tuple(self.named.get(s, -1) if s == seat else -1 for s in range(self.rules.players))

    # ------------------------------------------------------------------ acting

    def check(self, action: Action) -> str | None:
        """Why `action` is illegal now, or None if it is legal."""
        state = self.state
        if state.phase is ENDED:
            return "the hand is over"
        if not 0 <= action.seat < self.rules.players:
            return f"no seat {action.seat}"
        legal = self.legal_tuple(action.seat)
        for a in legal:
            if a is action:
                return None  # the common case: one of the shared instances the engine handed out
        if action in legal:
            return None
        if not legal:
            return f"seat {action.seat} has nothing to do now ({state.phase.value}, seat {state.turn} to play)"
        if action.kind is DISCARD and action.tile is not None:
            if not state.hands[action.seat][action.tile]:
                return f"no {format_tile(action.tile)} in hand"
            if state.declared[action.seat]:
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
        state = self.state
        if state.phase is DINGQUE:
            self._name_suit(action)
        elif state.phase is TURN:
            move = kernel.DECLARE if action.declare else _MOVE_OF[action.kind]
            offered = state.play_turn(move, -1 if action.tile is None else action.tile)
            self._pending_moves = offered
            claims = _CLAIM_ACTIONS
            self.pending = {s: tuple([claims[s][m] for m in opts]) for s, opts in offered.items()}
            self.answers = {}
        else:
            self.answers[action.seat] = action
            if len(self.answers) == len(self.pending):
                offered, answers = self._pending_moves, {s: _MOVE_OF[a.kind] for s, a in self.answers.items()}
                self.pending, self.answers, self._pending_moves = {}, {}, {}
                if state.phase is CLAIMS:
                    state.resolve_claims(offered, answers)
                else:
                    state.resolve_rob(offered, answers)
        self._turn_cache = None  # the state moved on
        return self.events[start:]

    def _name_suit(self, action: Action) -> None:
        """定缺: record the seat's suit; once every seat has named one, show them all and start play."""
        assert action.tile is not None
        suit = action.tile // 9
        self.named[action.seat] = suit
        self.events.append(SuitNamed(action.seat, suit))
        players = self.rules.players
        if len(self.named) == players:
            state = self.state
            state.missing = [self.named[s] for s in range(players)]
            state.waits_cache = [None] * players
            self.events.append(SuitsShown(tuple(state.missing)))
            state.phase = TURN

    # ------------------------------------------------------------------ what the kernel tells (its Sink)

    def on_declare(self, seat: int) -> None:
        """The seat declares ready (报听) with the discard that follows."""
        self.events.append(ReadyDeclared(seat))

    def on_discard(self, seat: int, tile: Tile, hot: bool, drawn: bool) -> None:
        """The seat discarded `tile`: its hand, pond and the first chickens shown as they now are."""
        self._remove_tiles(seat, tile, 1)
        self.ponds_view[seat] = tuple(self.state.ponds[seat])  # the melds did not change
        first = self.state.first_chicken
        if len(first) != len(self.first_chicken_view):
            self.first_chicken_view = tuple(sorted(first.items()))
        self.events.append(TileDiscarded(seat, tile, hot, drawn))

    def on_take(self, seat: int, tile: Tile, n: int) -> None:
        """`n` copies of `tile` left the seat's concealed hand."""
        self._remove_tiles(seat, tile, n)

    def _remove_tiles(self, seat: int, tile: Tile, n: int) -> None:
        tiles = self.sorted_hands[seat]
        i = bisect_left(tiles, tile)
        del tiles[i : i + n]
        self.sizes[seat] -= n

    def on_public(self, seat: int) -> None:
        """A seat's melds or pond changed: refresh the tuples observations share."""
        self.melds_view[seat] = tuple(self.state.melds[seat])
        self.ponds_view[seat] = tuple(self.state.ponds[seat])

    def draw_tile(self, seat: int, replacement: bool) -> Tile:
        """Take the seat's draw from the physical wall (the tail for a replacement) and record it."""
        wall = self.wall
        place, tid = wall.draw_tail() if replacement else wall.draw_front()
        tile = KIND_OF_ID[tid]
        insort(self.sorted_hands[seat], tile)
        self.sizes[seat] += 1
        self.events.append(TileDrawn(seat, place, tile, replacement, wall.remaining))
        return tile

    def on_pass(self, seat: int, tile: Tile) -> None:
        """The seat declined a win it had on offer (过水 or 包牌 follow, docs/rules.md §12.12)."""
        self.events.append(WinPassed(seat, tile))

    def on_claim(self, seat: int, kind: str, tile: Tile, source: int) -> None:
        """The seat claimed `source`'s discard: both seats' melds and ponds shown anew."""
        self.on_public(source)
        self.on_public(seat)
        claimed = self.state.first_chicken_claimed_by
        if len(claimed) != len(self.first_chicken_claimed_view):
            self.first_chicken_claimed_view = tuple(sorted(claimed.items()))
        self.events.append(ClaimedEvent(seat, kind, tile, source))

    def on_kong(self, seat: int, tile: Tile, kind: str, late: bool) -> None:
        """The seat declared a concealed or added kong."""
        self.events.append(KongDeclared(seat, tile, kind, late))

    def on_win(self, winners: tuple[int, ...], tile: Tile, how: WinHow, discarder: int | None, hot: bool) -> None:
        """The hand is won."""
        self.events.append(HandWon(winners, tile, how.value, discarder, hot))

    def flip_tile(self) -> Tile | None:
        """Turn the wall's next tile for the chickens (None when the wall is empty)."""
        peek = self.wall.peek_front()
        if peek is None:
            return None
        place, tid = peek
        flip = kind_of(tid)
        self.events.append(TileFlipped(place, flip, next_in_suit(flip)))
        return flip

    def on_exhausted(self) -> None:
        """The wall ran out."""
        self.events.append(WallExhausted())

    def on_end(self, result: HandResult) -> None:
        """The hand is over: every hand shown, with who was ready."""
        self.events.append(HandEnded(tuple(r.concealed for r in result.seats), tuple(r.ready for r in result.seats)))

    # ------------------------------------------------------------------ checks

    def tile_census(self) -> list[int]:
        """How many of each kind are in the wall, hands, melds and ponds: 4 of each kind in play while the hand
        is sound."""
        state = self.state
        census = [sum(column) for column in zip(*state.hands, strict=True)]
        for t in map(KIND_OF_ID.__getitem__, self.wall.tile_ids()):
            census[t] += 1
        for s in range(self.rules.players):
            for m in state.melds[s]:
                census[m.tile] += m.size
            for t in state.ponds[s]:
                census[t] += 1
        if state.result is not None and state.result.win is not None:
            w = state.result.win
            if w.how is WinHow.DISCARD:
                census[w.tile] += 1  # taken from the pond by the winners
            elif w.how is WinHow.ROB_KONG:
                census[w.tile] += 1  # taken from the robbed seat's hand
        return census

    def fingerprint(self) -> tuple[object, ...]:
        """Everything that can change, for tests that an illegal action changes nothing."""
        state = self.state
        return (
            state.phase,
            state.turn,
            tuple(tuple(h) for h in state.hands),
            tuple(tuple(m) for m in state.melds),
            tuple(tuple(p) for p in state.ponds),
            tuple(state.declared),
            self.wall.remaining,
            len(self.events),
            len(self.actions),
            tuple(sorted(self.answers.items())),
            state.drawn,
        )


def tile_ids_for(wall: tuple[Tile, ...], kinds: tuple[Tile, ...]) -> list[int]:
    """Physical tile ids for a stacked wall given as kinds; ValueError unless it is every tile of `kinds` in play."""
    counts = [0] * NUM_KINDS
    ids: list[int] = []
    for t in wall:
        if not 0 <= t < NUM_KINDS:
            raise ValueError(f"stacked wall: {t} is not a tile")
        if t not in kinds:
            raise ValueError(f"stacked wall: {format_tile(t)} is not in play")
        if counts[t] == 4:
            raise ValueError(f"stacked wall: a fifth {format_tile(t)}")
        ids.append(t * 4 + counts[t])
        counts[t] += 1
    if len(ids) != len(kinds) * 4:
        raise ValueError(f"stacked wall: {len(ids)} tiles, not {len(kinds) * 4}")
    return ids
