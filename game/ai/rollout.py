"""The lean rollout path: whole hands played by the built-in bot's policy on bare counts.

The search of the expert level plays each candidate move forward to the end of the hand
thousands of times per decision, so this is the round engine (game.round) with everything a
rollout does not need taken out: no events, no Action objects, no observations, no legal-action
lists, no checks. A hand is four count rows, the melds, the ponds and the wall's live tiles;
every seat plays `SimpleAgent`'s policy (game.agents), and the end of the hand is the same
HandResult the engine builds, so game.settlement.settle prices it under the ruleset.

It must play exactly as the engine does: tests/test_ai_rollout.py plays the same seeds both
ways and compares the results. A rule change in game/round.py belongs here as well.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Final

from game import hand as analysis
from game.ai.discard_choice import WEIGHT, SuitEntry, discard_tables, shanten_entries, suit_code
from game.melds import KongKind, Meld
from game.result import HandResult, SeatResult, Win, WinHow
from game.round import CLAIMS, ENDED, FOLLOWED_CHICKENS, OTHERS_IN_ORDER, ROB, TURN, HandSetup, Phase, Round
from game.ruleset import Ruleset
from game.rulings import may_win_on
from game.shanten import shanten
from game.tiles import NUM_KINDS, Tile

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

# A seat's 13-3k tile shanten is not known (its hand changed since the policy last measured it).
UNKNOWN: Final = -9
NO_WAITS: frozenset[Tile] = frozenset()

Move = tuple[int, int]


class LeanHand:
    """One hand's whole state, for playing it to the end fast; `copy()` before each rollout."""

    __slots__ = (
        "_charge_single",
        "_deferring",
        "_dilongqi",
        "_first_chicken_discard",
        "after_kong",
        "baopai",
        "baopai_pending",
        "claims_made",
        "codes",
        "dealer",
        "dealer_followed",
        "declared",
        "deferred",
        "discard_count",
        "draw_completes",
        "drawn",
        "draws",
        "first_chicken",
        "first_chicken_claimed_by",
        "first_discards",
        "guoshui",
        "hands",
        "hot_kong",
        "keep",
        "kongs_made",
        "last_discard",
        "last_kong",
        "melds",
        "phase",
        "play",
        "ponds",
        "remaining",
        "result",
        "rob_tile",
        "rules",
        "saved_sh13",
        "saved_waits",
        "sh13",
        "streak",
        "suits",
        "tables",
        "turn",
        "turn_by_draw",
        "w_alive",
        "w_front",
        "w_kind",
        "w_seat_next",
        "w_tail",
        "w_tail_order",
        "waits_cache",
        "weight",
    )

    def __init__(self, rules: Ruleset, src: LeanHand | None = None) -> None:
        """An empty table under `rules` (fill it with `from_round`, or as game.ai.sampling does), or a copy of `src`."""
        if src is not None:
            # Copying goes through the constructor (not __new__) so that the module can be compiled.
            self._copy_from(src)
            return
        self.rules = rules
        self.play = rules.play
        self._deferring = rules.play.late_kong
        self._dilongqi = analysis.scores_dilongqi(rules.patterns)  # 地龙七 waits count (RULES §13)
        self._charge_single = rules.chickens.charge_single  # one 冲锋鸡 per hand (RULES §14)
        self.result: HandResult | None = None
        # Kinds the policy holds on to (chickens that count only in the hand, as hard keeps them):
        # never discarded while another lowest-shanten discard exists, never punged or konged.
        # None: the plain built-in bot.
        self.keep: tuple[bool, ...] | None = None
        self.tables = discard_tables(None)
        # Each seat's three suits (index 3 * seat + suit) as base-5 codes kept up to date as tiles
        # move (-1: not worked out yet), and the tables' entry each last used, good while its code
        # is the suit's: see game.ai.discard_choice.SuitEntry. So once a hand is played, its
        # counts change only through its own moves (game.ai.sampling fills them before).
        self.codes = [-1] * 12
        self.suits: list[SuitEntry | None] = [None] * 12
        self.weight = WEIGHT  # (an attribute: read faster than a module's global)
        self.dealer = 0
        self.streak = 0
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(4)]
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.ponds: list[list[Tile]] = [[], [], [], []]
        self.declared = [False] * 4
        self.draws = [0] * 4
        self.discard_count = 0
        self.claims_made = 0
        self.kongs_made = 0
        self.turn = 0
        self.phase: Phase = TURN
        self.drawn: Tile | None = None
        self.turn_by_draw = True
        self.after_kong = False
        self.last_kong: Meld | None = None
        self.last_discard: tuple[int, Tile, bool] | None = None
        self.hot_kong: Meld | None = None
        self.rob_tile: Tile | None = None
        self.guoshui = [False] * 4
        self.baopai_pending = [False] * 4
        self.baopai: list[int] = []
        self.deferred: list[set[Tile]] = [set(), set(), set(), set()]
        self.first_chicken: dict[Tile, int] = {}
        self.first_chicken_claimed_by: dict[Tile, int] = {}
        self._first_chicken_discard: dict[Tile, int] = {}
        self.first_discards: list[Tile] = []  # 开局跟 (RULES §14), as game.round.Round follows it
        self.dealer_followed = False
        self.draw_completes = False
        self.sh13 = [UNKNOWN] * 4
        self.waits_cache: list[frozenset[Tile] | None] = [None, None, None, None]
        # The drawing seat's waits and shanten before its draw: its hand again if it throws the drawn tile.
        self.saved_waits: frozenset[Tile] | None = None
        self.saved_sh13 = UNKNOWN
        self.w_kind: list[Tile] = []
        self.w_alive = bytearray()
        self.w_tail_order: tuple[int, ...] = ()
        self.w_front = 0
        self.w_tail = 0
        # Each seat's next place of its own when seats draw by seat (see set_wall); None: in wall order.
        self.w_seat_next: list[int] | None = None
        self.remaining = 0

    # ------------------------------------------------------------------ building

    @classmethod
    def from_round(cls, rnd: Round) -> LeanHand:
        """The engine's hand as it stands (every hidden tile included): the oracle's view, and the tests'."""
        h = cls(rnd.rules)
        h.dealer, h.streak = rnd.dealer, rnd.streak
        h.hands = [list(c) for c in rnd.hands]
        h.melds = [list(m) for m in rnd.melds]
        h.ponds = [list(p) for p in rnd.ponds]
        h.declared = list(rnd.declared)
        h.draws = list(rnd.draws)
        h.discard_count, h.claims_made, h.kongs_made = rnd.discard_count, rnd.claims_made, rnd.kongs_made
        h.turn, h.phase = rnd.turn, rnd.phase
        h.drawn, h.turn_by_draw, h.after_kong = rnd.drawn, rnd.turn_by_draw, rnd.after_kong
        h.last_kong, h.last_discard, h.hot_kong = rnd.last_kong, rnd.last_discard, rnd.hot_kong
        h.rob_tile = rnd.rob_tile
        h.guoshui, h.baopai_pending, h.baopai = list(rnd.guoshui), list(rnd.baopai_pending), list(rnd.baopai)
        h.deferred = [set(d) for d in rnd.deferred_kongs]
        h.first_chicken = dict(rnd.first_chicken)
        h.first_chicken_claimed_by = dict(rnd.first_chicken_claimed_by)
        h._first_chicken_discard = dict(rnd._first_chicken_discard)
        h.first_discards, h.dealer_followed = list(rnd.first_discards), rnd.dealer_followed
        h.draw_completes = rnd.draw_completes
        kinds, alive, tail_order, front, tail = rnd.wall.lean_state()
        h.w_kind, h.w_alive, h.w_tail_order, h.w_front, h.w_tail = kinds, alive, tail_order, front, tail
        h.remaining = rnd.wall.remaining
        h.w_seat_next = None
        h.sh13 = [UNKNOWN] * 4
        h.waits_cache = [None, None, None, None]
        h.codes = [-1] * 12
        h.suits = [None] * 12
        return h

    def set_keep(self, keep: tuple[bool, ...] | None) -> None:
        """The kinds the policy holds on to (see __init__), with the discard tables remembered for them."""
        self.keep = keep
        self.tables = discard_tables(keep)
        self.suits = [None] * 12  # entries belong to one keep row's tables

    def set_wall(self, tiles: Sequence[Tile], by_seat: bool = False) -> None:
        """Put `tiles` in the wall, front first; replacements come from the other end.

        With `by_seat`, a seat's ordinary draw takes the next live place of its own (places seat,
        seat + 4, ...) and the front only once those are gone. The tiles are a random order of
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
        self.w_seat_next = [0, 1, 2, 3] if by_seat else None
        self.remaining = n

    def copy(self) -> LeanHand:
        """An independent copy to play forward (the wall's tile order and tail order are shared: never written)."""
        return LeanHand(self.rules, self)

    def _copy_from(self, src: LeanHand) -> None:
        """Take `src`'s state as an independent copy (see copy)."""
        self.rules, self.play, self._deferring, self.keep = src.rules, src.play, src._deferring, src.keep
        self.result = None
        self.tables, self.saved_waits, self.saved_sh13 = src.tables, src.saved_waits, src.saved_sh13
        self.codes = src.codes[:]
        self.weight = src.weight
        self.suits = src.suits[:]
        self._dilongqi, self._charge_single = src._dilongqi, src._charge_single
        self.dealer, self.streak = src.dealer, src.streak
        self.hands = [c[:] for c in src.hands]
        self.melds = [m[:] for m in src.melds]
        self.ponds = [p[:] for p in src.ponds]
        self.declared = src.declared[:]
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
        self._first_chicken_discard = dict(src._first_chicken_discard)
        self.first_discards, self.dealer_followed = src.first_discards[:], src.dealer_followed
        self.draw_completes = src.draw_completes
        self.w_kind, self.w_alive, self.w_tail_order = src.w_kind, bytearray(src.w_alive), src.w_tail_order
        self.w_front, self.w_tail, self.remaining = src.w_front, src.w_tail, src.remaining
        nxt = src.w_seat_next
        self.w_seat_next = nxt[:] if nxt is not None else None
        self.sh13 = src.sh13[:]
        self.waits_cache = src.waits_cache[:]

    # ------------------------------------------------------------------ analysis

    def waits(self, seat: int) -> frozenset[Tile]:
        """The waits of a seat holding 13-3k tiles (cached; skipped when its shanten is known to be above 0)."""
        w = self.waits_cache[seat]
        if w is None:
            # A 地龙七 wait (five pairs and a pung) can stand behind a standard shanten above 0.
            sh = self.sh13[seat]
            if sh == UNKNOWN and not self._dilongqi:
                sh = self.sh13[seat] = self._shanten(seat)  # (from the suit entries: far cheaper than the waits)
            if sh > 0 and not self._dilongqi:
                w = NO_WAITS
            else:
                counts, melds = self.hands[seat], self.melds[seat]
                if melds:
                    found = analysis.waits(counts, melds, dilongqi=self._dilongqi)
                else:
                    found = analysis.completing_tiles(counts, 0)
                w = frozenset(found) if found else NO_WAITS
            self.waits_cache[seat] = w
        return w

    def _take(self, seat: int, tile: Tile, n: int) -> None:
        """A claim or kong takes n copies of `tile` from the seat's hand into a meld."""
        self.hands[seat][tile] -= n
        self.waits_cache[seat] = None
        self.sh13[seat] = UNKNOWN
        self._moved(seat, tile, -n)

    def _moved(self, seat: int, tile: Tile, delta: int) -> None:
        """The seat's count of `tile` changed by delta: its suit's code follows."""
        i = 3 * seat + tile // 9
        c = self.codes[i]
        if c >= 0:
            self.codes[i] = c + delta * self.weight[tile % 9]

    def _entry(self, seat: int, suit: int) -> SuitEntry:
        """The seat's entry for one suit, from its code (looked up only when the suit changed)."""
        i = 3 * seat + suit
        c = self.codes[i]
        if c < 0:
            c = self.codes[i] = suit_code(self.hands[seat], 9 * suit)
        e = self.suits[i]
        if e is None or e.code != c:
            e = self.suits[i] = self.tables.entry(suit, c)
        return e

    def _choose(self, seat: int, melds: int) -> tuple[int, int]:
        """The policy's discard for the turn seat's hand (tables.choose, from the seat's suit entries)."""
        return self.tables.choose_entries(self._entry(seat, 0), self._entry(seat, 1), self._entry(seat, 2), melds)

    def _shanten(self, seat: int) -> int:
        """game.shanten.shanten of the seat's hand, from its suit entries."""
        return shanten_entries(self._entry(seat, 0), self._entry(seat, 1), self._entry(seat, 2), len(self.melds[seat]))

    def _shanten_after_pung(self, seat: int, tile: Tile) -> int:
        """game.shanten.shanten of the seat's hand with two `tile` moved into a pung."""
        a, b, c = self._entry(seat, 0), self._entry(seat, 1), self._entry(seat, 2)
        suit = tile // 9
        tables = self.tables
        less = 2 * self.weight[tile % 9]
        if suit == 0:
            a = tables.entry(0, a.code - less)
        elif suit == 1:
            b = tables.entry(1, b.code - less)
        else:
            c = tables.entry(2, c.code - less)
        return shanten_entries(a, b, c, len(self.melds[seat]) + 1)

    def _policy_robs(self, seat: int, tile: Tile, source: int) -> bool:
        """Whether the policy robs `source`'s added kong of `tile`: whenever it may, but not into 包牌."""
        return self._may_win_on(seat, tile, source, True, False) and not self.baopai_pending[seat]

    def _may_win_on(self, seat: int, tile: Tile, source: int, robbing: bool, hot: bool) -> bool:
        """game.round.Round._may_win_on: the waits, 过水, and the pass rule (game.rulings, RULES §6)."""
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

    def _may_declare(self, seat: int) -> bool:
        if not self.play.declare_ready or self.declared[seat] or self.melds[seat] or not self.turn_by_draw:
            return False
        if seat == self.dealer:
            return self.draws[seat] == 0
        return self.draws[seat] == 1

    def turn_moves(self) -> list[Move]:
        """The turn seat's legal moves, in the engine's order (for the search's candidates and the tests)."""
        seat = self.turn
        counts = self.hands[seat]
        out: list[Move] = []
        if self.turn_by_draw and (
            self.draw_completes if self.drawn is not None else analysis.is_complete(counts, len(self.melds[seat]))
        ):
            out.append((WIN, -1))
        if self.declared[seat]:
            if self.drawn is not None:
                out.append((DISCARD, self.drawn))
            return out
        if self.turn_by_draw and self.remaining > 0:
            out.extend((CONCEALED_KONG, t) for t in range(NUM_KINDS) if counts[t] == 4)
            out.extend((ADDED_KONG, m.tile) for m in self.melds[seat] if m.kong is None and counts[m.tile])
        out.extend((DISCARD, t) for t in range(NUM_KINDS) if counts[t])
        if self.draws[seat] <= 1 and self._may_declare(seat) and shanten(counts, len(self.melds[seat])) <= 0:
            for t in range(NUM_KINDS):
                if counts[t]:
                    counts[t] -= 1
                    ready = analysis.is_ready(counts, self.melds[seat])
                    counts[t] += 1
                    if ready:
                        out.append((DECLARE, t))
        return out

    def claim_options(self, seat: int, tile: Tile, source: int, hot: bool) -> tuple[int, ...]:
        """What `seat` may answer to a discard of `tile` by `source`: WIN, KONG, PUNG and PASS, in that order."""
        counts = self.hands[seat]
        if counts[tile] < 2 and (self.sh13[seat] > 0 or tile not in self.waits(seat)):
            return ()
        opts: list[int] = []
        can_win = self._may_win_on(seat, tile, source, False, hot)
        if can_win:
            opts.append(WIN)
        if not self.declared[seat]:
            n = counts[tile]
            if n == 3 and self.remaining > 0:
                opts.append(KONG)
            if n >= 2:
                opts.append(PUNG)
        if opts and not (can_win and hot and self.play.hot_discard_forced):
            opts.append(PASS)
        return tuple(opts)

    # ------------------------------------------------------------------ the policy (SimpleAgent's)

    def policy_turn(self, seat: int) -> Move:
        """SimpleAgent.choose on the seat's turn: win, else a kong, else 报听, else the most isolated lowest discard."""
        counts = self.hands[seat]
        nm = len(self.melds[seat])
        if self.turn_by_draw and (self.draw_completes if self.drawn is not None else analysis.is_complete(counts, nm)):
            return WIN, -1
        if self.declared[seat]:
            assert self.drawn is not None
            return DISCARD, self.drawn
        keep = self.keep
        if self.turn_by_draw and self.remaining > 0:
            if _has_four(counts):
                for t in range(NUM_KINDS):
                    if counts[t] == 4 and (keep is None or not keep[t]):
                        return CONCEALED_KONG, t
            for m in self.melds[seat]:
                if m.kong is None and counts[m.tile]:
                    return ADDED_KONG, m.tile
        if self.draws[seat] <= 1 and self._may_declare(seat) and shanten(counts, nm) <= 0:
            melds = self.melds[seat]
            for t in range(NUM_KINDS - 1, -1, -1):
                if counts[t]:
                    counts[t] -= 1
                    ready = analysis.is_ready(counts, melds)
                    counts[t] += 1
                    if ready:
                        return DECLARE, t
        best, tile = self._choose(seat, nm)
        self.sh13[seat] = best  # known for the claims and draws that follow, until the hand changes
        return DISCARD, tile

    def policy_claim(self, seat: int, opts: tuple[int, ...], tile: Tile) -> int:
        """SimpleAgent's answer to a discard: win (not into 包牌), kong, a pung that does not set it back, else pass."""
        first = opts[0]
        if first == WIN and self.baopai_pending[seat]:
            opts = opts[1:]  # having passed a win, this one would pay all three (包牌)
            first = opts[0]
        if first == WIN or len(opts) == 1:
            return first
        if self.keep is not None and self.keep[tile]:
            return opts[-1]
        for o in opts:
            if o == KONG:
                return KONG
            if o == PUNG:
                before = self.sh13[seat]  # exact when known: the policy's own figure for this hand
                if before == UNKNOWN:
                    before = self.sh13[seat] = self._shanten(seat)
                best_after = max(self._shanten_after_pung(seat, tile), 0)
                if best_after <= before:
                    return PUNG
        return opts[-1]

    # ------------------------------------------------------------------ playing

    def play_out(self, first: Move | None = None, answers: dict[int, int] | None = None) -> HandResult:
        """Play to the end: `first` is the turn seat's move now, `answers` fixes seats' answers to the open claim."""
        phase = self.phase
        if phase is CLAIMS or phase is ROB:
            self._answer_open(answers or {})
        elif phase is TURN and first is not None:
            self.turn_move(first)
        self._run()
        assert self.result is not None
        return self.result

    def _run(self) -> None:
        """Every seat plays the policy until the hand ends.

        The common turn (a seat draws, cannot win, kong or declare, discards, and no one can
        claim the discard) is played here with the tables at hand; anything else goes through
        policy_turn and turn_move, which this must agree with move for move.
        """
        hands, melds, ponds, declared, draws = self.hands, self.melds, self.ponds, self.declared, self.draws
        sh13, cache, guoshui, pending_bao = self.sh13, self.waits_cache, self.guoshui, self.baopai_pending
        alive, kinds = self.w_alive, self.w_kind
        # Methods are called on their objects, not through bound-method locals: a compiled build
        # then calls them directly.
        keep = self.keep
        may_declare = self.play.declare_ready
        while self.phase is TURN:
            seat = self.turn
            drawn = self.drawn
            counts = hands[seat]
            if drawn is None:
                if self.turn_by_draw:  # the dealer's first turn
                    self.turn_move(self.policy_turn(seat))
                    continue
                # After a pung: no win, kong or 报听 to weigh, only the discard.
                best, tile = self._choose(seat, len(melds[seat]))
                sh13[seat] = best
            elif self.draw_completes or self.after_kong:
                self.turn_move(self.policy_turn(seat))
                continue
            elif declared[seat]:
                tile = drawn
            else:
                ms = melds[seat]
                declaring = may_declare and draws[seat] <= 1 and self._may_declare(seat)
                if declaring or (self.remaining > 0 and _has_four(counts)):
                    self.turn_move(self.policy_turn(seat))
                    continue
                if ms and self.remaining > 0 and _may_add(ms, counts):
                    self.turn_move(self.policy_turn(seat))
                    continue
                best, tile = self._choose(seat, len(ms))
                sh13[seat] = best
            # game.round's discard, for a discard not after a kong and not declaring.
            counts[tile] -= 1
            self._moved(seat, tile, -1)
            if tile == drawn:
                cache[seat] = self.saved_waits
                if sh13[seat] == UNKNOWN:
                    sh13[seat] = self.saved_sh13
            else:
                cache[seat] = None
            ponds[seat].append(tile)
            self._count_discard(seat, tile)
            self.last_discard = (seat, tile, False)
            self.hot_kong = None
            self.drawn = None
            self.last_kong = None
            # Claims: the open ones (a win, a kong, a pung the policy takes) go through _offer;
            # a pung the policy declines is passed over here, as policy_claim would.
            claimed = False
            for s in OTHERS_IN_ORDER[seat]:
                cs = hands[s]
                n = cs[tile]
                if n < 2:
                    if sh13[s] > 0:
                        continue
                    w = cache[s]
                    if tile not in (w if w is not None else self.waits(s)):
                        continue
                    claimed = True
                    break
                w = cache[s]
                if tile in (w if w is not None else self.waits(s)):
                    claimed = True
                    break
                if declared[s] or (keep is not None and keep[tile]):
                    continue
                if n == 3 and self.remaining > 0:
                    claimed = True
                    break
                before = sh13[s]
                if before == UNKNOWN:
                    before = sh13[s] = self._shanten(s)
                after = self._shanten_after_pung(s, tile)
                if after <= before:  # (max(after, 0) <= before, as before >= 0 here)
                    claimed = True
                    break
            if claimed:
                self._offer(seat, tile, False)
                continue
            # No claim: the next seat draws from the front of the wall.
            nxt = self.turn = (seat + 1) % 4
            if self.remaining == 0:
                self._finish(None, None, None)
                return
            if self.w_seat_next is None:
                i = self.w_front
                while not alive[i]:
                    i += 1
                self.w_front = i
            else:
                i = self._front_place(nxt)
            alive[i] = 0
            self.remaining -= 1
            drew = kinds[i]
            counts = hands[nxt]
            sh = self.saved_sh13 = sh13[nxt]
            if sh > 0:
                self.draw_completes = False
                self.saved_waits = cache[nxt]
            else:
                w = cache[nxt]
                if w is None:
                    w = self.waits(nxt)
                self.saved_waits = w
                self.draw_completes = drew in w
            counts[drew] += 1
            self._moved(nxt, drew, 1)
            cache[nxt] = None
            sh13[nxt] = UNKNOWN
            draws[nxt] += 1
            guoshui[nxt] = False
            pending_bao[nxt] = False
            self.drawn = drew
            self.turn_by_draw = True

    def _answer_open(self, fixed: dict[int, int]) -> None:
        """Answer an open discard or kong: fixed answers for some seats, the policy's for the rest."""
        if self.phase is ROB:
            seat, tile = self.turn, self.rob_tile
            assert tile is not None
            answers: dict[int, int] = {}
            if self.play.rob_kong:
                for s in OTHERS_IN_ORDER[seat]:
                    if s in fixed:
                        answers[s] = fixed[s]
                    elif self._policy_robs(s, tile, seat):
                        answers[s] = WIN
            self._resolve_rob(seat, tile, answers)
            return
        assert self.last_discard is not None
        source, tile, hot = self.last_discard
        pending: dict[int, tuple[int, ...]] = {}
        answers = {}
        for s in OTHERS_IN_ORDER[source]:
            opts = self.claim_options(s, tile, source, hot)
            if s in fixed:
                pending[s] = opts or (PASS,)
                answers[s] = fixed[s]
            elif opts:
                pending[s] = opts
                answers[s] = self.policy_claim(s, opts, tile)
        self._resolve_claims(source, tile, hot, pending, answers)

    def turn_move(self, move: Move) -> None:
        """The turn seat's move (legal by construction: from `turn_moves` or the policy)."""
        seat = self.turn
        kind, tile = move
        if (
            self._deferring
            and kind != CONCEALED_KONG
            and kind != ADDED_KONG
            and self.turn_by_draw
            and not self.declared[seat]
            and self.remaining > 0
        ):
            # Passing up a kong now makes a later kong of that tile 憨包豆 (RULES §12.10).
            counts = self.hands[seat]
            for t in range(NUM_KINDS):
                if counts[t] == 4:
                    self.deferred[seat].add(t)
            for m in self.melds[seat]:
                if m.kong is None and counts[m.tile]:
                    self.deferred[seat].add(m.tile)
        if kind in (DISCARD, DECLARE):
            self._discard(seat, tile, kind == DECLARE)
        elif kind == WIN:
            how = WinHow.AFTER_KONG if self.after_kong else WinHow.SELF_DRAW
            counts = self.hands[seat]
            won = self.drawn if self.drawn is not None else max(t for t in range(NUM_KINDS) if counts[t])
            self._end_with_win((seat,), won, how, None, False, self._first_turn_self_draw(seat))
        elif kind == CONCEALED_KONG:
            late = tile in self.deferred[seat]
            self._take(seat, tile, 4)
            meld = _meld(tile, _CONCEALED_K, None, late)
            self.melds[seat].append(meld)
            self.kongs_made += 1
            self.last_kong = meld
            self._draw(seat, True)
        else:
            self.rob_tile = tile
            answers: dict[int, int] = {}
            if self.play.rob_kong:
                for s in OTHERS_IN_ORDER[seat]:
                    if self._policy_robs(s, tile, seat):
                        answers[s] = WIN
            self._resolve_rob(seat, tile, answers)

    def _first_turn_self_draw(self, seat: int) -> bool:
        if self.claims_made or self.kongs_made:
            return False
        if seat == self.dealer:
            return self.discard_count == 0
        return self.draws[seat] == 1 and not self.ponds[seat]

    def _note_follow(self, seat: int, tile: Tile) -> None:
        """game.round.Round._note_follow: the dealer's first discard followed by each next seat (开局跟)."""
        n = len(self.first_discards)
        if n == self.discard_count - 1 and seat == (self.dealer + n) % 4 and (n == 0 or tile == self.first_discards[0]):
            self.first_discards.append(tile)
            self.dealer_followed = len(self.first_discards) == 4

    def _discard(self, seat: int, tile: Tile, declare: bool) -> None:
        if declare:
            self.declared[seat] = True
            self.sh13[seat] = 0
        hot = self.after_kong
        self.hot_kong = self.last_kong if hot else None
        self.hands[seat][tile] -= 1
        self._moved(seat, tile, -1)
        if tile == self.drawn:
            # The hand is the one before the draw again: so are its waits.
            self.waits_cache[seat] = self.saved_waits
            if self.sh13[seat] == UNKNOWN:
                self.sh13[seat] = self.saved_sh13
        else:
            self.waits_cache[seat] = None
        self.ponds[seat].append(tile)
        self._count_discard(seat, tile)
        self.last_discard = (seat, tile, hot)
        self.drawn = None
        self.after_kong = False
        self.last_kong = None
        self._offer(seat, tile, hot)

    def _count_discard(self, seat: int, tile: Tile) -> None:
        """What a discard counts for, as game.round keeps it: 开局跟 in the first four, the first chicken."""
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

    def _offer(self, seat: int, tile: Tile, hot: bool) -> None:
        """The discard on offer: claims answered by the policy at once, else the next seat draws."""
        pending: dict[int, tuple[int, ...]] = {}
        answers: dict[int, int] = {}
        hands, sh13, cache = self.hands, self.sh13, self.waits_cache
        for s in OTHERS_IN_ORDER[seat]:
            if hands[s][tile] < 2:
                if sh13[s] > 0:
                    continue
                w = cache[s]
                if tile not in (w if w is not None else self.waits(s)):
                    continue
            opts = self.claim_options(s, tile, seat, hot)
            if opts:
                pending[s] = opts
                answers[s] = self.policy_claim(s, opts, tile)
        if pending:
            self._resolve_claims(seat, tile, hot, pending, answers)
        else:
            self.turn = (seat + 1) % 4
            self._draw(self.turn, False)

    def _note_passes(self, pending: dict[int, tuple[int, ...]], answers: dict[int, int]) -> None:
        mode = self.play.passed_win
        for s, opts in pending.items():
            if opts[0] == WIN and answers[s] != WIN:
                if mode == "guoshui":
                    self.guoshui[s] = True
                elif mode == "baopai":
                    self.baopai_pending[s] = True

    def _winners(self, source: int, answers: dict[int, int]) -> tuple[int, ...]:
        winners = tuple([s for s in OTHERS_IN_ORDER[source] if answers.get(s) == WIN])
        if winners and not self.play.multiple_winners:
            return winners[:1]
        return winners

    def _resolve_claims(
        self, source: int, tile: Tile, hot: bool, pending: dict[int, tuple[int, ...]], answers: dict[int, int]
    ) -> None:
        self._note_passes(pending, answers)
        winners = self._winners(source, answers)
        if winners:
            self.ponds[source].pop()
            self.baopai = [w for w in winners if self.baopai_pending[w]]
            first_turn = (
                self.discard_count == 1 and source == self.dealer and not self.claims_made and not self.kongs_made
            )
            self._end_with_win(winners, tile, WinHow.DISCARD, source, hot, first_turn)
            return
        for s, a in answers.items():
            if a in (PUNG, KONG):
                self._claim(s, a, source, tile)
                return
        self.hot_kong = None
        self.turn = (source + 1) % 4
        self._draw(self.turn, False)

    def _claim(self, seat: int, kind: int, source: int, tile: Tile) -> None:
        self.ponds[source].pop()
        self.claims_made += 1
        if self._first_chicken_discard.get(tile) == self.discard_count:
            self.first_chicken_claimed_by[tile] = seat
        self.hot_kong = None
        self.turn = seat
        if kind == KONG:
            self._take(seat, tile, 3)
            meld = _meld(tile, _EXPOSED_K, source, False)
            self.melds[seat].append(meld)
            self.kongs_made += 1
            self.last_kong = meld
            self._draw(seat, True)
        else:
            if self._deferring and self.hands[seat][tile] == 3:
                self.deferred[seat].add(tile)
            self._take(seat, tile, 2)
            self.melds[seat].append(_meld(tile, _PUNG_K, source, False))
            self.phase = TURN
            self.drawn = None
            self.turn_by_draw = False
            self.after_kong = False
            self.last_kong = None

    def _resolve_rob(self, seat: int, tile: Tile, answers: dict[int, int]) -> None:
        pending: dict[int, tuple[int, ...]] = {s: (WIN, PASS) for s in answers}
        self._note_passes(pending, answers)
        winners = self._winners(seat, answers)
        melds = self.melds[seat]
        idx = next(i for i, m in enumerate(melds) if m.tile == tile and m.kong is None)
        pung = melds[idx]
        late = tile in self.deferred[seat]
        self._take(seat, tile, 1)
        self.rob_tile = None
        if winners:
            self.baopai = [w for w in winners if self.baopai_pending[w]]
            robbed = _meld(tile, _ADDED_K, pung.source, late)
            self._end_with_win(winners, tile, WinHow.ROB_KONG, seat, False, False, robbed)
            return
        meld = _meld(tile, _ADDED_K, pung.source, late)
        melds[idx] = meld
        self.kongs_made += 1
        self.last_kong = meld
        self.phase = TURN
        self._draw(seat, True)

    def _draw(self, seat: int, replacement: bool) -> None:
        if self.remaining == 0:
            self._finish(None, None, None)
            return
        i = self._tail_place() if replacement else self._front_place(seat)
        self.w_alive[i] = 0
        self.remaining -= 1
        tile = self.w_kind[i]
        sh = self.saved_sh13 = self.sh13[seat]
        if sh > 0:
            self.draw_completes = False
            self.saved_waits = self.waits_cache[seat]
        else:
            w = self.waits_cache[seat]
            if w is None:
                w = self.waits(seat)
            self.saved_waits = w
            self.draw_completes = tile in w
        self.hands[seat][tile] += 1
        self._moved(seat, tile, 1)
        self.waits_cache[seat] = None
        self.sh13[seat] = UNKNOWN
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

    def _front_place(self, seat: int) -> int:
        """The live place the seat's ordinary draw takes (see set_wall); the wall must not be empty."""
        alive = self.w_alive
        mine = self.w_seat_next
        if mine is not None:
            i = mine[seat]
            n = len(alive)
            while i < n and not alive[i]:
                i += 4
            if i < n:
                mine[seat] = i + 4
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
        win = Win(winners, tile, how, discarder, hot, first_turn)
        self._finish(win, self.peek_front(), robbed)

    def _finish(self, win: Win | None, flip: Tile | None, robbed: Meld | None) -> None:
        self.phase = ENDED
        winners = win.winners if win else ()
        seats: list[SeatResult] = []
        for s in range(4):
            counts = self.hands[s]
            concealed: list[Tile] = []
            for t, n in enumerate(counts):
                if n:
                    concealed += [t] * n
            if s in winners and win is not None and (win.how is WinHow.DISCARD or win.how is WinHow.ROB_KONG):
                insort(concealed, win.tile)
            ready = (
                s in winners
                or bool(self.waits(s))
                or (self.play.ready_own_four and bool(analysis.own_four_waits(counts, self.melds[s])))
            )
            melds, pond = tuple(self.melds[s]), tuple(self.ponds[s])
            seats.append(SeatResult(tuple(concealed), melds, pond, self.declared[s], ready))
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


# Melds are immutable values, so the lean path hands out one shared object per kind of meld
# instead of building a frozen dataclass (a Python __init__) on every claim and kong.
_PUNG_K: Final = 0
_EXPOSED_K: Final = 1
_CONCEALED_K: Final = 2
_ADDED_K: Final = 3
_MELD_KINDS: tuple[KongKind | None, ...] = (None, KongKind.EXPOSED, KongKind.CONCEALED, KongKind.ADDED)
_SOURCES: tuple[int | None, ...] = (0, 1, 2, 3, None)
_MELDS: list[Meld] = [
    Meld(t, kong, source, late)
    for kong in _MELD_KINDS
    for t in range(NUM_KINDS)
    for source in _SOURCES
    for late in (False, True)
]


def _meld(tile: Tile, kind: int, source: int | None, late: bool) -> Meld:
    """The shared Meld(tile, kind's KongKind, source, late)."""
    i = ((kind * NUM_KINDS + tile) * 5 + (4 if source is None else source)) * 2
    return _MELDS[i + 1 if late else i]


def _has_four(counts: list[int]) -> bool:
    """True when the hand holds four of a kind (a concealed kong may be open).

    `4 in counts` compares every count as a Python object; this loop, compiled, compares machine
    ints, about ten times fewer instructions on the turn every draw takes.
    """
    for n in counts:  # noqa: SIM110 (a plain loop: see above)
        if n == 4:
            return True
    return False


def _may_add(melds: list[Meld], counts: list[int]) -> bool:
    """True when the hand holds the fourth tile of one of its pungs (an added kong is open)."""
    return any(m.kong is None and counts[m.tile] for m in melds)


def rollout_hand(rules: Ruleset, seed: str | int, setup: HandSetup | None = None) -> HandResult:
    """Deal a hand as the engine does and play it to the end on the lean path with the built-in bot's policy."""
    return LeanHand.from_round(Round(rules, seed, setup)).play_out()
