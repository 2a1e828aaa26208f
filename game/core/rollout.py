"""The rollout policy: whole hands played by the built-in bot's policy on the one rules engine.

The search of the expert level plays each candidate move forward to the end of the hand
thousands of times per decision. A LeanHand is game.core.kernel's HandState (the same rules
game.engine.round.Round plays by, on the same state) with no sink, so no events, Action objects,
observations or legal-action lists are built, and with every seat playing `SimpleAgent`'s
policy (game.match.agents) from the discard tables; the end of the hand is the kernel's HandResult,
which game.core.settlement.settle prices under the ruleset. A rule lives in game.core.kernel alone.

tests/test_ai_rollout.py plays the same seeds on Round and here (game.ai.search.playout hands a Round's
state over) and compares the results: the policy must choose as SimpleAgent does.
"""

from __future__ import annotations

from typing import Final

from game.core.discard_choice import DiscardTables, SuitEntry, discard_tables, fewest_suit, missing_discard, suit_code
from game.core.kernel import (
    ADDED_KONG,
    CONCEALED_KONG,
    DECLARE,
    DISCARD,
    KONG,
    MOVE_NAMES,
    NO_WAITS,
    PASS,
    PUNG,
    WIN,
    HandState,
    Move,
    Pending,
)
from game.core.kernel_state import TableState, has_four
from game.core.melds import Meld
from game.core.phase import CLAIMS, DINGQUE, ROB, TURN
from game.core.result import HandResult
from game.core.ruleset import Ruleset
from game.core.shanten import shanten_of_codes
from game.core.suit_tables import WEIGHT
from game.core.tiles import Tile

__all__ = [
    "ADDED_KONG",
    "CONCEALED_KONG",
    "DECLARE",
    "DISCARD",
    "KONG",
    "MOVE_NAMES",
    "NO_WAITS",
    "PASS",
    "PUNG",
    "UNKNOWN",
    "WIN",
    "LeanHand",
    "Move",
]

# A seat's 13-3k tile shanten is not known (its hand changed since it was last measured).
UNKNOWN: Final = -9


class LeanHand(HandState):
    """One hand's whole state, for playing it to the end fast with the policy; `copy()` before each rollout."""

    __slots__ = ("codes", "keep", "saved_sh13", "sh13", "suits", "tables", "weight")

    def __init__(self, rules: Ruleset, src: TableState | None = None) -> None:
        """An empty table under `rules` (filled by game.ai.search.playout or the sampler), or a copy of `src`."""
        super().__init__(rules, src)
        if isinstance(src, LeanHand):
            keep, tables, suits = src.keep, src.tables, src.suits[:]
            sh13, saved_sh13, codes = src.sh13[:], src.saved_sh13, src.codes[:]
        else:
            n = self.players
            keep, tables, suits = None, discard_tables(None), [None] * (3 * n)
            sh13, saved_sh13, codes = [UNKNOWN] * n, UNKNOWN, [-1] * (3 * n)
        # Kinds the policy holds on to (chickens that count only in the hand, as hard keeps them):
        # never discarded while another lowest-shanten discard exists, never punged or konged.
        # None: the plain built-in bot.
        self.keep: tuple[bool, ...] | None = keep
        self.tables: DiscardTables = tables
        # What the policy knows of each seat's hand, kept as tiles move (the kernel's hooks) so that
        # a turn looks up only what changed. Each seat's 13-3k tile shanten (cleared as its hand changes),
        # and the drawing seat's before its draw (its hand again if it throws the drawn tile):
        self.sh13: list[int] = sh13
        self.saved_sh13: int = saved_sh13
        # Each seat's three suits (index 3 * seat + suit) as base-5 codes, once worked out (-1: not yet),
        # and the tables' entry each last used, good while its code is the suit's: see
        # game.core.discard_choice.SuitEntry.
        self.codes: list[int] = codes
        self.suits: list[SuitEntry | None] = suits
        self.weight = WEIGHT  # (an attribute: read faster than a module's global)

    def set_keep(self, keep: tuple[bool, ...] | None) -> None:
        """The kinds the policy holds on to (see __init__), with the discard tables remembered for them."""
        self.keep = keep
        self.tables = discard_tables(keep)
        self.suits = [None] * (3 * self.players)  # entries belong to one keep row's tables

    def copy(self) -> LeanHand:
        """An independent copy to play forward (the wall's tile order and tail order are shared: never written)."""
        return LeanHand(self.rules, self)

    # ------------------------------------------------------------------ the policy's view of a hand

    # ------------------------------------------------------------------ following the kernel's tiles

    def _find_waits(self, seat: int) -> frozenset[Tile]:
        """The seat's waits; none when its shanten (far cheaper to know, from its suit entries) is above 0."""
        # A 地龙七 wait (five pairs and a pung) can stand behind a standard shanten above 0.
        if not self.dilongqi:
            sh = self.sh13[seat]
            if sh == UNKNOWN:
                sh = self.sh13[seat] = self._shanten(seat)
            if sh > 0:
                return NO_WAITS
        return HandState._find_waits(self, seat)

    def _known_not_ready(self, seat: int) -> bool:
        """True when the seat's shanten is known and above 0."""
        return self.sh13[seat] > 0

    def _drew(self, seat: int, tile: Tile) -> None:
        """The seat drew `tile`: its shanten is kept for a discard of that tile, and the suit's code follows."""
        self.saved_sh13 = self.sh13[seat]
        self.sh13[seat] = UNKNOWN
        # _moved(seat, tile, 1) written out: a draw and a discard every turn of every rollout.
        i = 3 * seat + tile // 9
        c = self.codes[i]
        if c >= 0:
            self.codes[i] = c + self.weight[tile % 9]

    def _discarded(self, seat: int, tile: Tile, declare: bool, was_drawn: bool) -> None:
        """The seat discarded `tile`: a ready hand's shanten is 0, the drawn tile's leaves the one before."""
        if declare:
            self.sh13[seat] = 0
        elif was_drawn and self.sh13[seat] == UNKNOWN:
            self.sh13[seat] = self.saved_sh13
        i = 3 * seat + tile // 9  # _moved(seat, tile, -1) written out, as in _drew
        c = self.codes[i]
        if c >= 0:
            self.codes[i] = c - self.weight[tile % 9]

    def _took(self, seat: int, tile: Tile, n: int) -> None:
        """`n` copies of `tile` left the seat's hand: its shanten is unknown again."""
        self.sh13[seat] = UNKNOWN
        self._moved(seat, tile, -n)

    def _moved(self, seat: int, tile: Tile, delta: int) -> None:
        """The seat's count of `tile` changed by delta: its suit's code follows (once worked out)."""
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
        """The policy's discard for the turn seat's hand (tables.choose, from the seat's suit entries); while it
        holds its 定缺 suit, a tile of that suit (its shanten after then unknown, docs/rules.md §15.3)."""
        missing = self.missing[seat]
        if missing >= 0:
            t = missing_discard(self.hands[seat], missing)
            if t >= 0:
                return UNKNOWN, t
        return self.tables.choose_entries(self._entry(seat, 0), self._entry(seat, 1), self._entry(seat, 2), melds)

    def _shanten(self, seat: int) -> int:
        """game.core.shanten.shanten of the seat's hand, from its suit entries."""
        a, b, c = self._entry(seat, 0), self._entry(seat, 1), self._entry(seat, 2)
        return shanten_of_codes(a.both, b.both, c.both, len(self.melds[seat]))

    def _shanten_after_pung(self, seat: int, tile: Tile) -> int:
        """game.core.shanten.shanten of the seat's hand with two `tile` moved into a pung."""
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
        return shanten_of_codes(a.both, b.both, c.both, len(self.melds[seat]) + 1)

    # ------------------------------------------------------------------ the policy (SimpleAgent's)

    def policy_turn(self, seat: int) -> Move:
        """SimpleAgent.choose on the seat's turn: win, else a kong, else 报听, else the most isolated lowest discard."""
        nm = len(self.melds[seat])
        if self.may_win_self(seat):
            return WIN, -1
        if self.declared[seat]:
            assert self.drawn is not None
            return DISCARD, self.drawn
        keep = self.keep
        missing = self.missing[seat]
        for kind, t in self.kong_moves(seat):
            if t // 9 == missing:
                continue  # a kong of the 定缺 suit would keep it in the hand for good
            if kind == ADDED_KONG or keep is None or not keep[t]:
                return kind, t
        ready = self.declare_tiles(seat)
        if ready:
            return DECLARE, ready[-1]  # the highest of the discards that leave the hand ready
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
        if (self.keep is not None and self.keep[tile]) or tile // 9 == self.missing[seat]:
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
        if phase is DINGQUE:
            self.name_suits()
            phase = self.phase
        if phase is CLAIMS or phase is ROB:
            self._answer_open(answers or {})
        elif phase is TURN and first is not None:
            self.turn_move(first)
        self._run()
        assert self.result is not None
        return self.result

    def name_suits(self) -> None:
        """定缺 (docs/rules.md §15.3): every seat names the suit it holds the fewest of, as the built-in bot does."""
        suits = self.rules.suit_indexes
        self.missing = [fewest_suit(self.hands[s], suits) for s in range(self.players)]
        self.waits_cache = [None] * self.players
        self.phase = TURN

    def turn_move(self, move: Move) -> None:
        """The turn seat's move (legal by construction: from `turn_moves` or the policy), answered by the policy."""
        pending = self.play_turn(move[0], move[1])
        if pending:
            self._answer(pending, {})

    def _answer(self, pending: Pending, fixed: dict[int, int]) -> None:
        """The open claims or robs answered: `fixed` for some seats, the policy for the rest."""
        answers: dict[int, int] = {}
        if self.phase is ROB:
            for s in pending:
                # The policy robs whenever it may, but not into 包牌.
                answers[s] = fixed[s] if s in fixed else PASS if self.baopai_pending[s] else WIN
            self.resolve_rob(pending, answers)
            return
        assert self.last_discard is not None
        tile = self.last_discard[1]
        for s, opts in pending.items():
            answers[s] = fixed[s] if s in fixed else self.policy_claim(s, opts, tile)
        self.resolve_claims(pending, answers)

    def _answer_open(self, fixed: dict[int, int]) -> None:
        """Answer the open discard or kong a copy stands at: `fixed` for some seats, the policy for the rest."""
        if self.phase is ROB:
            assert self.rob_tile is not None
            offers = self.rob_offers(self.turn, self.rob_tile)
            pending: Pending = {s: (WIN, PASS) for s in self.others[self.turn] if s in offers or s in fixed}
        else:
            assert self.last_discard is not None
            source, tile, hot = self.last_discard
            pending = {}
            for s in self.others[source]:
                opts = self.claim_options(s, tile, source, hot)
                if s in fixed:
                    pending[s] = opts or (PASS,)
                elif opts:
                    pending[s] = opts
        self._answer(pending, fixed)

    def _run(self) -> None:
        """Every seat plays the policy until the hand ends.

        The common turn (a seat draws, cannot win, kong or declare, discards, and no one can
        claim the discard) is played here with the tables at hand; anything else goes through
        policy_turn and turn_move, which this must agree with move for move.
        """
        hands, melds, declared, draws, sh13 = self.hands, self.melds, self.declared, self.draws, self.sh13
        # Methods are called on their objects, not through bound-method locals: a compiled build
        # then calls them directly.
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
                declaring = may_declare and draws[seat] <= 1 and self.may_declare(seat)
                if declaring or (self.remaining > 0 and has_four(counts)):
                    self.turn_move(self.policy_turn(seat))
                    continue
                if ms and self.remaining > 0 and _may_add(ms, counts):
                    self.turn_move(self.policy_turn(seat))
                    continue
                best, tile = self._choose(seat, len(ms))
                sh13[seat] = best
            # The kernel's discard, for a discard not after a kong, not declaring, with no kong passed up.
            self.discard(seat, tile, False)
            if self._may_be_claimed(seat, tile):
                pending = self.open_claims(seat, tile, False)
                if pending:
                    self._answer(pending, {})
            else:
                self.next_draw((seat + 1) % self.players)

    def _may_be_claimed(self, seat: int, tile: Tile) -> bool:
        """Whether another seat may win on the discard, kong it, or pung it as policy_claim would."""
        hands, sh13, cache, declared, keep = self.hands, self.sh13, self.waits_cache, self.declared, self.keep
        for s in self.others[seat]:
            n = hands[s][tile]
            if n < 2:
                if sh13[s] > 0:
                    continue
                w = cache[s]
                if tile in (w if w is not None else self.waits(s)):
                    return True
                continue
            w = cache[s]
            if tile in (w if w is not None else self.waits(s)):
                return True
            if declared[s] or (keep is not None and keep[tile]):
                continue
            if n == 3 and self.remaining > 0:
                return True
            before = sh13[s]
            if before == UNKNOWN:
                before = sh13[s] = self._shanten(s)
            if self._shanten_after_pung(s, tile) <= before:  # (max(after, 0) <= before, as before >= 0 here)
                return True
        return False


def _may_add(melds: list[Meld], counts: list[int]) -> bool:
    """True when the hand holds the fourth tile of one of its pungs (an added kong is open)."""
    return any(m.kong is None and counts[m.tile] for m in melds)
