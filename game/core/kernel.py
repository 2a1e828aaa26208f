"""The rules of one hand, written once: draws, discards, claims, kongs, wins and the end (docs/rules.md §4-§9, §12,
§14).

HandState is a hand's whole rule state on bare counts (game.core.kernel_state: the hands as count
rows, the melds, the ponds, 报听, the turn's bookkeeping, 过水 and 包牌, deferred kongs, the first
chickens, 开局跟, and the wall as tile kinds by place), and its methods here are the rules. Both ways of
playing a hand run on it, the way a chess search pushes moves on the one Board it plays on:

- game.engine.round.Round owns one and is its Sink: each transition tells the sink what happened,
  and Round turns that into events, keeps the physical wall and the views observations share.
- game.core.rollout.LeanHand is one (a subclass), with the rollout policy on top, copied for each rollout
  and with no sink, so nothing is recorded and nothing but the state is built.

This module is compiled by build/compile_fast.py (game.fast.FAST_MODULES) with the rollout path.
"""

from __future__ import annotations

from game.core import hand as analysis
from game.core.kernel_state import (
    ADDED_KONG,
    ADDED_MELD,
    CONCEALED_KONG,
    CONCEALED_MELD,
    DECLARE,
    DISCARD,
    EXPOSED_MELD,
    FOLLOWED_CHICKENS,
    KONG,
    MOVE_NAMES,
    NO_WAITS,
    PASS,
    PUNG,
    PUNG_MELD,
    WIN,
    Move,
    Pending,
    Sink,
    TableState,
    has_four,
    shared_meld,
)
from game.core.melds import Meld
from game.core.phase import CLAIMS, ENDED, ROB, TURN
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.rulings import may_win_on
from game.core.shanten import shanten
from game.core.tiles import NUM_KINDS, Tile

__all__ = [
    "ADDED_KONG",
    "CONCEALED_KONG",
    "DECLARE",
    "DISCARD",
    "FOLLOWED_CHICKENS",
    "KONG",
    "MOVE_NAMES",
    "NO_WAITS",
    "PASS",
    "PUNG",
    "WIN",
    "HandState",
    "Move",
    "Pending",
    "Sink",
]


class HandState(TableState):
    """One hand's rule state with its transitions: the rules of game.engine.round and the rollout path alike."""

    __slots__ = ()

    def may_win_on(self, seat: int, tile: Tile, source: int, robbing: bool, hot: bool) -> bool:
        """Whether `seat` may take `tile` from another seat: a wait, no 过水, and the pass rule (docs/rules.md §6)."""
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

    def may_declare(self, seat: int) -> bool:
        """报听 is open to the dealer right after the deal, to others right after their first draw (docs/rules.md
        §4)."""
        if not self.play.declare_ready or self.declared[seat] or self.melds[seat] or not self.turn_by_draw:
            return False
        # With no melds, a seat's first turn is the one of its first draw (the dealer's: no draw yet).
        if seat == self.dealer:
            return self.draws[seat] == 0
        return self.draws[seat] == 1

    def may_win_self(self, seat: int) -> bool:
        """Whether the turn seat may declare a self-drawn win now."""
        # A self-drawn win needs a drawn tile: after a pung the hand may look complete, but
        # that tile came off a discard and the pass rules already had their say.
        if not self.turn_by_draw:
            return False
        if self.drawn is not None:
            return self.draw_completes
        return analysis.is_complete(self.hands[seat], len(self.melds[seat])) and not self.holds_missing(seat)

    def kong_moves(self, seat: int) -> list[Move]:
        """The turn seat's concealed kongs, then its added kongs (only on a drawn tile, with the wall not empty)."""
        out: list[Move] = []
        if self.turn_by_draw and self.remaining > 0:
            counts = self.hands[seat]
            if has_four(counts):
                out.extend([(CONCEALED_KONG, t) for t in range(NUM_KINDS) if counts[t] == 4])
            out.extend([(ADDED_KONG, m.tile) for m in self.melds[seat] if m.kong is None and counts[m.tile]])
        return out

    def declare_tiles(self, seat: int) -> list[Tile]:
        """The discards that declare ready (报听) now, lowest first (docs/rules.md §4)."""
        counts = self.hands[seat]
        out: list[Tile] = []
        # A discard can leave the hand ready only if the 14 - 3k tiles are at most one swap from
        # a win; checking that first skips the per-tile search on nearly every first turn.
        # (`draws` first: past a seat's first draw this is never open, and it is asked every turn.)
        if self.draws[seat] <= 1 and self.may_declare(seat) and shanten(counts, len(self.melds[seat])) <= 0:
            melds = self.melds[seat]
            missing = self.missing[seat]
            for t in range(NUM_KINDS):
                # 定缺 (docs/rules.md §15.3): a hand still holding the named suit after the discard is not ready.
                if missing >= 0 and self._missing_after(seat, t):
                    continue
                if counts[t]:
                    counts[t] -= 1
                    ready = analysis.is_ready(counts, melds)
                    counts[t] += 1
                    if ready:
                        out.append(t)
        return out

    def _missing_after(self, seat: int, discard: Tile) -> bool:
        """Whether the seat still holds a tile of its 定缺 suit once `discard` has left its hand."""
        if not self.hands[seat][discard]:
            return True  # not a discard it can make: skipped all the same
        self.hands[seat][discard] -= 1
        held = self.holds_missing(seat)
        self.hands[seat][discard] += 1
        return held

    def turn_moves(self) -> list[Move]:
        """The turn seat's legal moves, in the engine's order: win, kongs, discards, 报听 discards."""
        seat = self.turn
        out: list[Move] = [(WIN, -1)] if self.may_win_self(seat) else []
        if self.declared[seat]:
            # 报听 locks the hand: the drawn tile goes straight out (docs/rules.md §4).
            if self.drawn is not None:
                out.append((DISCARD, self.drawn))
            return out
        out.extend(self.kong_moves(seat))
        counts = self.hands[seat]
        out.extend([(DISCARD, t) for t in range(NUM_KINDS) if counts[t]])
        out.extend([(DECLARE, t) for t in self.declare_tiles(seat)])
        return out

    def claim_options(self, seat: int, tile: Tile, source: int, hot: bool) -> tuple[int, ...]:
        """What `seat` may answer to a discard of `tile` by `source`: WIN, KONG, PUNG and PASS, in that order."""
        counts = self.hands[seat]
        if counts[tile] < 2 and (self._known_not_ready(seat) or tile not in self.waits(seat)):
            return ()  # the common case: nothing to claim
        opts: list[int] = []
        can_win = self.may_win_on(seat, tile, source, False, hot)
        if can_win:
            opts.append(WIN)
        if not self.declared[seat] and not (self.play.dingque_blocks_pung and tile // 9 == self.missing[seat]):
            n = counts[tile]
            if n == 3 and self.remaining > 0:
                opts.append(KONG)
            if n >= 2:
                opts.append(PUNG)
        if opts and not (can_win and hot and self.play.hot_discard_forced):
            opts.append(PASS)
        return tuple(opts)

    # ------------------------------------------------------------------ the turn

    def play_turn(self, kind: int, tile: int) -> Pending:
        """The turn seat's legal move and all that follows; the claims or robs it opens (none: play went on)."""
        seat = self.turn
        if self.deferring and kind != CONCEALED_KONG and kind != ADDED_KONG:
            self.defer_kongs(seat)
        if kind in (DISCARD, DECLARE):
            hot = self.discard(seat, tile, kind == DECLARE)
            return self.open_claims(seat, tile, hot)
        if kind == WIN:
            self.win_self_drawn(seat)
        elif kind == CONCEALED_KONG:
            self.concealed_kong(seat, tile)
        else:
            return self.start_added_kong(seat, tile)
        return {}

    def defer_kongs(self, seat: int) -> None:
        """The turn seat passes up the kongs open to it: a later kong of those tiles is 憨包豆 (docs/rules.md
        §12.10)."""
        if self.turn_by_draw and not self.declared[seat] and self.remaining > 0:
            counts, deferred = self.hands[seat], self.deferred[seat]
            for t in range(NUM_KINDS):
                if counts[t] == 4:
                    deferred.add(t)
            for m in self.melds[seat]:
                if m.kong is None and counts[m.tile]:
                    deferred.add(m.tile)

    def discard(self, seat: int, tile: Tile, declare: bool) -> bool:
        """The seat discards `tile` (declaring ready with it if `declare`); whether the discard is hot."""
        sink = self.sink
        if declare:
            self.declared[seat] = True
            if sink is not None:
                sink.on_declare(seat)
        hot = self.after_kong
        self.hot_kong = self.last_kong if hot else None
        self.hands[seat][tile] -= 1
        was_drawn = tile == self.drawn
        self._discarded(seat, tile, declare, was_drawn)
        # Throwing the drawn tile leaves the hand before the draw again: so are its waits.
        self.waits_cache[seat] = self.saved_waits if was_drawn else None
        self.ponds[seat].append(tile)
        self.discard_count += 1
        if self.discard_count <= self.players and not self.claims_made:
            self._note_follow(seat, tile)
        if (
            tile in FOLLOWED_CHICKENS
            and tile not in self.first_chicken
            and not (self.charge_single and self.first_chicken)
        ):
            self.first_chicken[tile] = seat
            self.first_chicken_discard[tile] = self.discard_count
        self.last_discard = (seat, tile, hot)
        if sink is not None:
            sink.on_discard(seat, tile, hot, was_drawn)
        self.drawn = None
        self.after_kong = False
        self.last_kong = None
        return hot

    def _note_follow(self, seat: int, tile: Tile) -> None:
        """开局跟 (docs/rules.md §14): the dealer's first discard, then the same tile from each next seat in turn."""
        n = len(self.first_discards)
        players = self.players
        in_turn = n == self.discard_count - 1 and seat == (self.dealer + n) % players
        if in_turn and (n == 0 or tile == self.first_discards[0]):
            self.first_discards.append(tile)
            self.dealer_followed = len(self.first_discards) == players

    def open_claims(self, source: int, tile: Tile, hot: bool) -> Pending:
        """Offer the discard to the other seats; with no one to answer, the next seat draws."""
        pending: Pending = {}
        for s in self.others[source]:
            opts = self.claim_options(s, tile, source, hot)
            if opts:
                pending[s] = opts
        if pending:
            self.phase = CLAIMS
        else:
            self.next_draw((source + 1) % self.players)
        return pending

    def win_self_drawn(self, seat: int) -> None:
        """The turn seat wins on its own draw (or the dealer on its deal: 天胡)."""
        how = WinHow.AFTER_KONG if self.after_kong else WinHow.SELF_DRAW
        counts = self.hands[seat]
        # The dealer's 天胡 has no drawn tile; its last dealt tile stands for it.
        won = self.drawn if self.drawn is not None else max([t for t in range(NUM_KINDS) if counts[t]])
        self.end_with_win((seat,), won, how, None, False, self._first_turn_self_draw(seat))

    def _first_turn_self_draw(self, seat: int) -> bool:
        if self.claims_made or self.kongs_made:
            return False
        if seat == self.dealer:
            return self.discard_count == 0  # 天胡
        return self.draws[seat] == 1 and not self.ponds[seat]  # 地胡 on the first draw

    def concealed_kong(self, seat: int, tile: Tile) -> None:
        """The turn seat konges four `tile` from its hand and draws a replacement."""
        late = tile in self.deferred[seat]
        self._take(seat, tile, 4)
        meld = shared_meld(tile, CONCEALED_MELD, None, late)
        self.melds[seat].append(meld)
        self.kongs_made += 1
        sink = self.sink
        if sink is not None:
            sink.on_public(seat)
            sink.on_kong(seat, tile, "concealed", late)
        self.last_kong = meld
        self.draw(seat, True)

    def start_added_kong(self, seat: int, tile: Tile) -> Pending:
        """The turn seat adds `tile` to its pung: the seats that may rob it (none: the kong is made)."""
        self.rob_tile = tile
        pending = self.rob_offers(seat, tile)
        if pending:
            self.phase = ROB
        else:
            self.finish_added_kong(seat, tile)
        return pending

    def rob_offers(self, seat: int, tile: Tile) -> Pending:
        """The seats that may rob `seat`'s added kong of `tile`, each offered WIN or PASS (docs/rules.md §6)."""
        pending: Pending = {}
        if self.play.rob_kong:
            for s in self.others[seat]:
                if self.may_win_on(s, tile, seat, True, False):
                    pending[s] = (WIN, PASS)
        return pending

    def finish_added_kong(self, seat: int, tile: Tile) -> None:
        """The added kong stands (no one robbed it): the seat draws a replacement."""
        late = tile in self.deferred[seat]
        self._take(seat, tile, 1)
        melds = self.melds[seat]
        idx = next(i for i, m in enumerate(melds) if m.tile == tile and m.kong is None)
        meld = shared_meld(tile, ADDED_MELD, melds[idx].source, late)
        melds[idx] = meld
        self.kongs_made += 1
        self.rob_tile = None
        sink = self.sink
        if sink is not None:
            sink.on_public(seat)
            sink.on_kong(seat, tile, "added", late)
        self.last_kong = meld
        self.phase = TURN
        self.draw(seat, True)

    # ------------------------------------------------------------------ answers

    def note_passes(self, tile: Tile, pending: Pending, answers: dict[int, int]) -> None:
        """Seats that declined a win they had on offer: 过水 or 包牌 as the ruleset says (docs/rules.md §12.12)."""
        mode = self.play.passed_win
        for s, opts in pending.items():
            # A win, when offered, is listed first.
            if opts[0] == WIN and answers[s] != WIN:
                if self.sink is not None:
                    self.sink.on_pass(s, tile)
                if mode == "guoshui":
                    self.guoshui[s] = True
                elif mode == "baopai":
                    self.baopai_pending[s] = True

    def winners(self, source: int, answers: dict[int, int]) -> tuple[int, ...]:
        """The seats that answered WIN, in play order after `source` (only the first without 一炮多响)."""
        winners = tuple([s for s in self.others[source] if answers.get(s, PASS) == WIN])
        if winners and not self.play.multiple_winners:
            return winners[:1]  # head bump: the first in play order after the discarder
        return winners

    def resolve_claims(self, pending: Pending, answers: dict[int, int]) -> None:
        """Every seat offered the last discard answered (`answers`, one per seat in `pending`): carry it out."""
        assert self.last_discard is not None
        source, tile, hot = self.last_discard
        self.note_passes(tile, pending, answers)
        winners = self.winners(source, answers)
        if winners:
            self.ponds[source].pop()
            if self.sink is not None:
                self.sink.on_public(source)
            self.baopai = [w for w in winners if self.baopai_pending[w]]
            first_turn = (
                self.discard_count == 1 and source == self.dealer and not self.claims_made and not self.kongs_made
            )
            self.end_with_win(winners, tile, WinHow.DISCARD, source, hot, first_turn)
            return
        for s, a in answers.items():
            if a in (PUNG, KONG):
                self.claim(s, a, source, tile)
                return
        self.hot_kong = None
        self.next_draw((source + 1) % self.players)

    def claim(self, seat: int, kind: int, source: int, tile: Tile) -> None:
        """The seat punges or konges `source`'s discard of `tile`."""
        self.ponds[source].pop()
        self.claims_made += 1
        if self.first_chicken_discard.get(tile) == self.discard_count:
            self.first_chicken_claimed_by[tile] = seat  # 责任鸡: the first copy itself was claimed
        self.hot_kong = None
        self.turn = seat
        sink = self.sink
        if kind == KONG:
            self._take(seat, tile, 3)
            meld = shared_meld(tile, EXPOSED_MELD, source, False)
            self.melds[seat].append(meld)
            if sink is not None:
                sink.on_claim(seat, "kong", tile, source)
            self.kongs_made += 1
            self.last_kong = meld
            self.draw(seat, True)
            return
        if self.deferring and self.hands[seat][tile] == 3:
            self.deferred[seat].add(tile)  # punged where it could have konged
        self._take(seat, tile, 2)
        self.melds[seat].append(shared_meld(tile, PUNG_MELD, source, False))
        if sink is not None:
            sink.on_claim(seat, "pung", tile, source)
        self.phase = TURN
        self.drawn = None
        self.turn_by_draw = False
        self.after_kong = False
        self.last_kong = None

    def resolve_rob(self, pending: Pending, answers: dict[int, int]) -> None:
        """Every seat that may rob the added kong answered: robbed, or the kong stands."""
        seat, tile = self.turn, self.rob_tile
        assert tile is not None
        self.note_passes(tile, pending, answers)
        winners = self.winners(seat, answers)
        if not winners:
            self.finish_added_kong(seat, tile)
            return
        self._take(seat, tile, 1)
        pung = next(m for m in self.melds[seat] if m.tile == tile and m.kong is None)
        self.baopai = [w for w in winners if self.baopai_pending[w]]
        robbed = shared_meld(tile, ADDED_MELD, pung.source, tile in self.deferred[seat])
        self.end_with_win(winners, tile, WinHow.ROB_KONG, seat, False, False, robbed)

    # ------------------------------------------------------------------ tiles moving

    def _take(self, seat: int, tile: Tile, n: int) -> None:
        """A claim or kong takes n copies of `tile` from the seat's hand."""
        self.hands[seat][tile] -= n
        self.waits_cache[seat] = None
        self._took(seat, tile, n)
        if self.sink is not None:
            self.sink.on_take(seat, tile, n)

    def next_draw(self, seat: int) -> None:
        """The seat's ordinary draw begins its turn (or the wall is empty and the hand ends)."""
        self.turn = seat
        self.draw(seat, False)

    def draw(self, seat: int, replacement: bool) -> None:
        """The seat draws (a replacement from the tail after a kong); an empty wall ends the hand."""
        sink = self.sink
        if self.remaining == 0:
            if sink is not None:
                sink.on_exhausted()
            self.finish(None, None, None)
            return
        if sink is None:
            i = self._tail_place() if replacement else self._front_place(seat)
            self.w_alive[i] = 0
            tile = self.w_kind[i]
        else:
            tile = sink.draw_tile(seat, replacement)
        self.remaining -= 1
        # The seat held 13-3k tiles: the draw wins iff it is one of their waits (usually known
        # already, since every discard asks each other seat whether it can win).
        if self._known_not_ready(seat):
            self.draw_completes = False
            self.saved_waits = self.waits_cache[seat]
        else:
            w = self.waits_cache[seat]
            if w is None:
                w = self.waits(seat)
            self.saved_waits = w
            self.draw_completes = tile in w
        self.hands[seat][tile] += 1
        self._drew(seat, tile)
        self.waits_cache[seat] = None
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

    # ------------------------------------------------------------------ the end

    def end_with_win(
        self,
        winners: tuple[int, ...],
        tile: Tile,
        how: WinHow,
        discarder: int | None,
        hot: bool,
        first_turn: bool,
        robbed: Meld | None = None,
    ) -> None:
        """The hand is won: turn the chicken tile and finish."""
        sink = self.sink
        if sink is not None:
            sink.on_win(winners, tile, how, discarder, hot)
            flip = sink.flip_tile()
        else:
            flip = self.peek_front()
        self.finish(Win(winners, tile, how, discarder, hot, first_turn), flip, robbed)

    def finish(self, win: Win | None, flip: Tile | None, robbed: Meld | None) -> None:
        """The hand is over: its HandResult, who is ready at the end included (docs/rules.md §14)."""
        self.phase = ENDED
        winners = win.winners if win is not None else ()
        took_tile = win is not None and (win.how is WinHow.DISCARD or win.how is WinHow.ROB_KONG)
        seats: list[SeatResult] = []
        for s in range(self.players):
            counts = self.hands[s]
            won = s in winners
            concealed: list[Tile] = []
            for t in range(NUM_KINDS):
                n = counts[t]
                if won and took_tile and win is not None and t == win.tile:
                    n += 1  # the discard or robbed tile joins the winner's hand
                if n:
                    concealed += [t] * n
            ready = (
                won
                or bool(self.waits(s))
                or (
                    self.play.ready_own_four
                    and not self.holds_missing(s)
                    and bool(analysis.own_four_waits(counts, self.melds[s]))
                )
            )
            seats.append(
                SeatResult(
                    tuple(concealed),
                    tuple(self.melds[s]),
                    tuple(self.ponds[s]),
                    self.declared[s],
                    ready,
                    self.missing[s],
                )
            )
        self.result = HandResult(
            ruleset=self.rules.name,
            dealer=self.dealer,
            streak=self.streak,
            seats=tuple(seats),
            win=win,
            flip=flip,
            first_chicken=dict(self.first_chicken),
            first_chicken_claimed_by=dict(self.first_chicken_claimed_by),
            baopai=tuple(self.baopai),
            hot_kong=self.hot_kong if win is not None and win.hot else None,
            robbed_kong=robbed,
            dealer_followed=self.dealer_followed,
        )
        if self.sink is not None:
            self.sink.on_end(self.result)
