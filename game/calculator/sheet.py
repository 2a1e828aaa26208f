"""The score calculator (算分器): a hand from a real table, built seat by seat, checked and settled.

People who play with real tiles enter what lies on the table: each seat's concealed tiles, melds
and pond, who won, on which tile, from whom and how, the turned tile. The calculator keeps that as
a hand-file HandDraft (docs/hand-file.md) and checks it with game.handfile.check_hand, the very
checks `settle FILE` makes, so each problem comes back with the field it belongs to
(`seats[2]`, `win.tile`). A typed entry that does not parse is a problem of its own field.
The hand it settles and the file it writes are the ones `settle FILE` reads.

A winner's hand is entered as the 13 tiles it held before the win (melds counting 3): the winning tile
is entered once, as 胡的牌, and the hand file's winner holds it as its 14th tile.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from game.calculator.standin import stand_in_hand
from game.core.melds import KongKind, Meld
from game.core.result import HandResult, WinHow
from game.core.ruleset import MAX_PLAYERS, Ruleset
from game.core.settlement import Ledger, settle
from game.core.settlement.chickens import charge_kinds, chicken_tiles, mantang, pond_counts
from game.core.tiles import Tile, TileSyntaxError, parse_tile, parse_tiles
from game.engine.next_deal import next_deal
from game.handfile import (
    HandDraft,
    HandProblems,
    Problem,
    SeatDraft,
    WinDraft,
    check_hand,
    copies_left,
    draft_of,
    format_meld,
    parse_hand_draft,
    parse_meld,
    tile_problem,
    write_hand_draft,
)
from game.handfile.format import MeldSyntaxError

SEAT_PARTS = ("hand", "discards", "chickens")  # the tile rows of a seat that take tiles one by one
MAX_CONCEALED = 13  # a hand with no melds, a winner's without its winning tile (胡的牌 holds that one)


@dataclass
class WinEntry:
    """The win as entered; kept while the hand is switched to a draw and back."""

    winners: list[int] = field(default_factory=list)
    tile: Tile | None = None
    source: int | None = None  # None: self-drawn
    how: WinHow = WinHow.SELF_DRAW  # SELF_DRAW / AFTER_KONG when self-drawn, DISCARD / ROB_KONG off a seat
    hot: bool = False
    hot_kong: Tile | None = None
    first_turn: bool = False
    robbed_late: bool = False


@dataclass(frozen=True)
class NotEntered:
    """A seat of the quick entry whose hand was not entered: what its settlement took it to be."""

    ready: bool
    chickens: tuple[Tile, ...]  # the chickens named for it: the only concealed tiles that were entered


def followed_chickens(rules: Ruleset) -> tuple[Tile, ...]:
    """The tiles whose first discarder the ruleset follows (冲锋鸡 and 责任鸡, docs/rules.md §8, §12.9)."""
    return tuple(sorted({*rules.chickens.liability, *charge_kinds(rules)}))


def chicken_kinds(rules: Ruleset, flip: Tile | None, weekday: int | None) -> set[Tile]:
    """Every tile kind that can score as a chicken this hand (常鸡, 翻鸡, 本鸡, 星期鸡, 冲锋鸡, 责任鸡; docs/rules.md
    §8)."""
    return {*chicken_tiles(rules, flip, weekday), *charge_kinds(rules), *rules.chickens.liability}


def chickens_asked(rules: Ruleset, ready: bool | None) -> bool:
    """Whether a stand-in seat's own chickens can change the ledger: a ready seat collects for them; a seat
    not ready only where every seat collects (C), only seats holding none pay, or 满堂鸡 doubles (docs/rules.md §8)."""
    ch = rules.chickens
    return bool(ready) or ch.collectors == "every_seat" or ch.payers == "holding_none" or mantang(rules)


def pond_chickens_asked(rules: Ruleset) -> bool:
    """Whether the chickens a seat discarded can change the ledger: the pond counts as held (内外鸡), or a
    seat not ready pays for the chickens it discarded or showed (docs/rules.md §8, §14, G 包鸡)."""
    ch = rules.chickens
    return pond_counts(rules) or ch.not_ready_discards or ch.shown_pay


class Calculator:
    """A hand being entered: every change goes through a method; `problems()` says what is wrong, where."""

    def __init__(self, rules: Ruleset, ref: str | None = None) -> None:
        self.rules = rules
        # How the hand file names the ruleset: a built-in name, or the path of the player's own file.
        self.ruleset_ref = ref or rules.name
        self.dealer = 0
        self.streak = 0
        # One seat per player of the ruleset (docs/rules.md §15.2); the seats a smaller table has no room for
        # are set aside, and come back when a table with room for them is chosen again.
        self.seats: list[SeatDraft] = [SeatDraft() for _ in range(rules.players)]
        self.set_aside: list[SeatDraft] = []
        self.drawn = False  # a draw (黄庄): no win
        self.win = WinEntry()
        self.flip: Tile | None = None
        self.first_chicken: dict[Tile, int] = {}
        self.first_claimed: dict[Tile, int] = {}
        self.first_unclaimed: set[Tile] = set()  # said not to be claimed (else a claimer is inferred from melds)
        self.baopai: list[int] | None = None  # None: 包牌 not entered
        self.weekday: int | None = None
        self.dealer_followed = False  # 开局跟: every other seat followed the dealer's first discard (docs/rules.md §14)
        # Typed entries that did not parse, by field: shown there until the field is entered again.
        self.entry_problems: dict[str, Problem] = {}
        # Quick entry: a seat that did not win and whose hand is left empty gets a stand-in hand, ready or
        # not as said (None: not said yet), holding the chickens named for it.
        self.quick = False
        self.ready: list[bool | None] = [None] * MAX_PLAYERS  # by seat; kept for a seat set aside
        self.chickens: list[list[Tile]] = [[] for _ in range(MAX_PLAYERS)]

    # ------------------------------------------------------------------ the table

    def set_rules(self, rules: Ruleset, ref: str | None = None) -> None:
        """Settle under `rules` from now on; `ref` names it in the hand file. The hand stays as entered, at a
        table of the ruleset's players: the seats beyond it are set aside until a larger table is chosen, and
        a seat number naming one of them is refused at its field (docs/rules.md §15.2)."""
        self.rules = rules
        self.ruleset_ref = ref or rules.name
        every = [*self.seats, *self.set_aside]
        every += [SeatDraft() for _ in range(rules.players - len(every))]
        self.seats, self.set_aside = every[: rules.players], every[rules.players :]

    @property
    def players(self) -> int:
        """The seats at the table: the ruleset's players (docs/rules.md §15.2)."""
        return len(self.seats)

    def set_dealer(self, seat: int) -> None:
        """The dealer of the hand: a seat of the table."""
        self.dealer = seat % self.players

    def set_streak(self, n: int) -> None:
        """Hands the dealer had already kept in a row (连庄)."""
        self.streak = max(0, n)

    # ------------------------------------------------------------------ tiles

    def copies_left(self, tile: Tile) -> int:
        """Copies of `tile` not yet placed anywhere (hands, melds, discards, the turned tile)."""
        return self.all_copies_left()[tile]

    def all_copies_left(self) -> list[int]:
        """Copies of each kind not yet placed anywhere, by the census check_hand makes (none of a kind not in
        play)."""
        return copies_left(self._draft_with(self._entered_stand_ins()), self.rules)

    def add_tile(self, seat: int, part: str, tile: Tile) -> Problem | None:
        """Put one tile into seat's `part` ("hand" or "discards"); the problem when refused, else None."""
        key = f"seats[{seat}].{part}"
        stray = tile_problem(key, (tile,), self.rules)  # a suit the table does not play (docs/rules.md §15.1)
        if stray is not None:
            return stray
        if self.copies_left(tile) <= 0:
            return Problem(key, "no_copies_left", {"tile": tile}, seat)
        s = self.seats[seat]
        if part == "hand" and len(s.hand) + 3 * len(s.melds) >= MAX_CONCEALED:
            return Problem(key, "hand_full", {"seat": seat, "count": MAX_CONCEALED}, seat)
        self._tiles(seat, part).append(tile)
        if part == "hand":
            s.hand.sort()
        self.entry_problems.pop(f"seats[{seat}].{part}", None)
        return None

    def remove_tile(self, seat: int, part: str, index: int = -1) -> None:
        """Take out the tile at `index` of seat's `part` (the last one by default)."""
        tiles = self._tiles(seat, part)
        if tiles and -len(tiles) <= index < len(tiles):
            del tiles[index]

    def type_tiles(self, seat: int, part: str, text: str) -> bool:
        """Replace seat's `part` with tiles typed in the notation (`234m 678s 11s`); False (and a problem at
        the field) when the text does not parse."""
        key = f"seats[{seat}].{part}"
        try:
            tiles = parse_tiles(text)
        except TileSyntaxError as exc:
            self.entry_problems[key] = _tile_problem(key, exc)
            return False
        self.entry_problems.pop(key, None)
        self._tiles(seat, part)[:] = sorted(tiles) if part == "hand" else tiles
        return True

    def tiles_of(self, seat: int, part: str) -> list[Tile]:
        """The tiles of seat's `part` row ("hand", "discards" or, in quick entry, "chickens")."""
        return self._tiles(seat, part)

    def _tiles(self, seat: int, part: str) -> list[Tile]:
        if part not in SEAT_PARTS:
            raise ValueError(f"no tile row {part!r}; expected one of {', '.join(SEAT_PARTS)}")
        s = self.seats[seat]
        if part == "chickens":
            return self.chickens[seat]
        return s.hand if part == "hand" else s.discards

    # ------------------------------------------------------------------ melds and 报听

    def add_meld(self, seat: int, text: str) -> bool:
        """Add a meld written as in a hand file (`pung 5m from 2`, `kong 7p concealed`); False (and a problem
        at the seat's melds) when it does not parse."""
        key = f"seats[{seat}].melds"
        try:
            meld = parse_meld(text, seat, self.players)
        except MeldSyntaxError as exc:
            self.entry_problems[key] = Problem(key, exc.code, exc.values, seat)
            return False
        self.entry_problems.pop(key, None)
        self.seats[seat].melds.append(meld)
        return True

    def add_meld_of(self, seat: int, tile: Tile, kind: KongKind | None, source: int | None, late: bool = False) -> bool:
        """Add a pung (kind None) or kong of `kind` from `source`, by its hand-file form."""
        return self.add_meld(seat, format_meld(Meld(tile, kind, source, late)))

    def remove_meld(self, seat: int, index: int = -1) -> None:
        """Take away the seat's meld at `index` (the last one by default)."""
        melds = self.seats[seat].melds
        if melds and -len(melds) <= index < len(melds):
            del melds[index]

    def set_declared(self, seat: int, declared: bool) -> None:
        """The seat declared ready (报听)."""
        self.seats[seat].declared_ready = declared

    # ------------------------------------------------------------------ how the hand ended

    def set_drawn(self, drawn: bool) -> None:
        """The hand ended in a draw (True) or a win (False); the win entered is kept either way."""
        self.drawn = drawn

    def toggle_winner(self, seat: int) -> None:
        """Add the seat to the winners, or take it out."""
        w = self.win.winners
        if seat in w:
            w.remove(seat)
        else:
            w.append(seat)
            w.sort()
        self.drawn = False

    def set_winners(self, seats: list[int]) -> None:
        """The winning seats."""
        self.win.winners = sorted(set(seats))
        self.drawn = False

    def set_win_tile(self, tile: Tile | None) -> None:
        """The winning tile."""
        self.win.tile = tile

    def set_source(self, seat: int | None) -> None:
        """Whom the winning tile came from: a seat, or None for self-drawn; the way of winning follows."""
        self.win.source = seat
        if seat is None and self.win.how in (WinHow.DISCARD, WinHow.ROB_KONG):
            self.win.how = WinHow.SELF_DRAW
        elif seat is not None and self.win.how in (WinHow.SELF_DRAW, WinHow.AFTER_KONG):
            self.win.how = WinHow.DISCARD

    def set_how(self, how: WinHow) -> None:
        """How the tile came: self_draw, after_kong (杠上开花), discard, rob_kong (抢杠)."""
        self.win.how = how

    def set_hot(self, hot: bool, kong: Tile | None = None) -> None:
        """The discarder had just made a kong (热炮); `kong` names it when the discarder has several."""
        self.win.hot = hot
        self.win.hot_kong = kong if hot else None

    def set_first_turn(self, first: bool) -> None:
        """天胡 / 地胡: the win came on the deal or the first turn."""
        self.win.first_turn = first

    def set_robbed_late(self, late: bool) -> None:
        """The robbed kong would have been a late kong (憨包豆)."""
        self.win.robbed_late = late

    def type_tile(self, key: str, text: str) -> bool:
        """Set the single tile of `key` ("win.tile", "win.hot_kong" or "flip") from typed notation; an empty
        entry clears it. False (and a problem at the field) when the text is not one tile."""
        try:
            tile = parse_tile(text) if text.strip() else None
        except TileSyntaxError as exc:
            self.entry_problems[key] = _tile_problem(key, exc)
            return False
        self.entry_problems.pop(key, None)
        if key == "win.tile":
            self.set_win_tile(tile)
        elif key == "win.hot_kong":
            self.win.hot_kong = tile
        elif key == "flip":
            self.set_flip(tile)
        else:
            raise ValueError(f"no single-tile field {key!r}")
        return True

    def set_flip(self, tile: Tile | None) -> None:
        """The turned tile, or None when the wall was empty."""
        self.flip = tile

    def set_first_chicken(self, tile: Tile, seat: int | None) -> None:
        """The seat that discarded the first copy of `tile` (冲锋鸡 / 责任鸡), or None: nobody did."""
        if seat is None:
            self.first_chicken.pop(tile, None)
            self.first_claimed.pop(tile, None)
            self.first_unclaimed.discard(tile)
        else:
            self.first_chicken[tile] = seat

    def set_first_claimed(self, tile: Tile, seat: int | None, unclaimed: bool = False) -> None:
        """The seat that punged or konged that first copy (责任鸡); None: found from the melds, or with
        `unclaimed`, nobody claimed it."""
        self.first_claimed.pop(tile, None)
        self.first_unclaimed.discard(tile)
        if seat is not None:
            self.first_claimed[tile] = seat
        elif unclaimed:
            self.first_unclaimed.add(tile)

    def toggle_baopai(self, seat: int) -> None:
        """The seat owes 包牌 (it passed a win, then won on another discard), or no longer does."""
        owed = [s for s in self.baopai or () if s != seat]
        if seat not in (self.baopai or ()):
            owed.append(seat)
        self.baopai = sorted(owed) or None

    def set_baopai(self, seats: list[int] | None) -> None:
        """The seats that owe 包牌; None: 包牌 not entered at all (an empty list is entered, with nobody)."""
        self.baopai = None if seats is None else sorted(set(seats))

    def set_dealer_followed(self, followed: bool) -> None:
        """开局跟: every other seat's first discard was the dealer's first tile."""
        self.dealer_followed = followed

    def set_weekday(self, day: int | None) -> None:
        """The weekday the hand was played, 1 (Monday) to 7, for 星期鸡; None: not given."""
        self.weekday = day

    # ------------------------------------------------------------------ quick entry

    def set_quick(self, quick: bool) -> None:
        """Quick entry (True): seats that did not win may be left without a hand (see stand_ins)."""
        self.quick = quick

    def set_ready(self, seat: int, ready: bool | None) -> None:
        """Quick entry: the seat was ready at the end (True), was not (False), or it is not said (None)."""
        self.ready[seat] = ready

    def stand_ins(self) -> list[int]:
        """The seats given a stand-in hand: in quick entry, each seat that did not win and has no hand entered."""
        if not self.quick:
            return []
        winners = () if self.drawn else self.win.winners
        return [i for i, seat in enumerate(self.seats) if i not in winners and not seat.hand]

    def not_entered(self) -> dict[int, NotEntered]:
        """Each seat given a stand-in hand, with the readiness and chickens it was taken to have."""
        return {i: NotEntered(bool(self.ready[i]), tuple(self.chickens[i])) for i in self.stand_ins()}

    def _pond(self, seat: int) -> list[Tile]:
        """A stand-in's pond: what was entered (its discarded chickens), and each first chicken it discarded that
        no seat claimed and nobody won on (so 冲锋鸡 finds it there)."""
        pond = list(self.seats[seat].discards)
        w = self.win
        for t, d in self.first_chicken.items():
            claimed = t in self.first_claimed or (
                t not in self.first_unclaimed
                and any(m.tile == t and m.source == d for o in self.seats for m in o.melds)
            )
            won_on = not self.drawn and w.tile == t and w.source == d and w.how is WinHow.DISCARD
            if d == seat and t not in pond and not claimed and not won_on:
                pond.append(t)
        return pond

    def _stand_in_seats(self) -> tuple[dict[int, SeatDraft], list[Problem]]:
        """Each stand-in seat as a SeatDraft, and what keeps one from being built."""
        seats = self._entered_stand_ins()
        problems: list[Problem] = []
        held = {i: list(seat.hand) for i, seat in seats.items()}
        avoid = chicken_kinds(self.rules, self.flip, self.weekday)
        no_wait = None if self.drawn else self.win.tile
        # The seats hardest to fit first: ready ones holding chickens need the tiles around them.
        for i, seat in sorted(seats.items(), key=lambda item: (not self.ready[item[0]], -len(held[item[0]]))):
            free = copies_left(self._draft_with(seats), self.rules)
            size = 13 - 3 * len(seat.melds)
            ready = self.ready[i]
            if ready is None:
                problems.append(Problem(f"seats[{i}].ready", "ready_unsaid", {"seat": i}, i))
            elif ready and self.drawn and self.rules.draw.chajiao:
                problems.append(Problem(f"seats[{i}].ready", "chajiao_hand", {"seat": i}, i))
            hand = stand_in_hand(size, held[i], bool(ready), free, avoid, seat.melds, self.rules, no_wait, seed=i)
            if hand is None:
                code = "no_ready_stand_in" if ready else "no_unready_stand_in"
                problems.append(Problem(f"seats[{i}].chickens", code, {"size": size}, i))
                hand = stand_in_hand(size, held[i], not ready, free, avoid, seat.melds, self.rules, no_wait, seed=i)
            seat.hand = hand if hand is not None else list(held[i])
        return seats, problems

    def _entered_stand_ins(self) -> dict[int, SeatDraft]:
        """The stand-in seats as entered: their melds, their ponds, and in hand only the chickens named."""
        out = {}
        for i in self.stand_ins():
            s = self.seats[i]
            out[i] = SeatDraft(list(self.chickens[i]), list(s.melds), self._pond(i), s.declared_ready, s.dingque)
        return out

    def _draft_with(self, stand_ins: dict[int, SeatDraft]) -> HandDraft:
        draft = self.draft(copy_seats=False, stand_ins=False)
        draft.seats = [stand_ins.get(i, s) for i, s in enumerate(draft.seats)]
        return draft

    # ------------------------------------------------------------------ what it adds up to

    def win_draft(self) -> WinDraft | None:
        """The `win` key of the hand file, or None on a draw."""
        if self.drawn:
            return None
        w = self.win
        return WinDraft(
            by=tuple(w.winners),
            tile=w.tile,
            source="self" if w.source is None else w.source,
            how=w.how.value if w.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG) else None,
            hot=w.hot,
            hot_kong=w.hot_kong,
            first_turn=w.first_turn,
            robbed_late=w.robbed_late,
        )

    def draft(self, copy_seats: bool = True, stand_ins: bool = True) -> HandDraft:
        """The hand as a hand-file HandDraft, with the quick entry's stand-in hands unless `stand_ins` is False
        (a copy, unless `copy_seats` is False for a read-only look)."""
        seats = copy.deepcopy(self.seats) if copy_seats else list(self.seats)
        if not self.drawn and self.win.tile is not None:
            # Each winner's 14th tile is the one entered as 胡的牌.
            for w in self.win.winners:
                if w >= len(seats):
                    continue  # a seat the table does not have: check_hand says so at win.by
                s = seats[w]
                seats[w] = SeatDraft(sorted([*s.hand, self.win.tile]), s.melds, s.discards, s.declared_ready, s.dingque)
        if stand_ins and self.stand_ins():
            built = self._stand_in_seats()[0]
            seats = [built.get(i, s) for i, s in enumerate(seats)]
        return HandDraft(
            ruleset=self.ruleset_ref,
            dealer=self.dealer,
            seats=seats,
            streak=self.streak,
            win=self.win_draft(),
            flip=self.flip,
            first_chicken=dict(self.first_chicken),
            first_chicken_claimed_by=dict(self.first_claimed),
            first_chicken_unclaimed=set(self.first_unclaimed),
            baopai=None if self.baopai is None else tuple(self.baopai),
            weekday=self.weekday,
            dealer_followed=self.dealer_followed,
        )

    def problems(self) -> list[Problem]:
        """Everything that makes the hand impossible, each with its field: entries that did not parse,
        then what check_hand (the checks of `settle FILE`) refuses."""
        out = list(self.entry_problems.values())
        stand_ins, quick = self._stand_in_seats()
        out += quick
        counted = self._winner_counts()
        out += counted
        draft = self._draft_with(stand_ins)
        draft.seats = copy.deepcopy(draft.seats)
        try:
            check_hand(draft, self.rules)
        except HandProblems as exc:
            # A winner's count is said above as entered (without 胡的牌), not as the hand file counts it.
            miscounted = {p.field for p in counted}
            out += [p for p in exc.problems if not (p.code == "winner_count" and p.field in miscounted)]
        return out

    def _winner_counts(self) -> list[Problem]:
        """Each winner whose hand as entered is not 13 tiles (melds counting 3) besides the winning tile."""
        out = []
        for w in [] if self.drawn else self.win.winners:
            if w >= self.players:
                continue  # a seat the table does not have: check_hand says so at win.by
            s = self.seats[w]
            have = len(s.hand) + 3 * len(s.melds)
            if have != MAX_CONCEALED:
                args = {"have": have, "in_hand": len(s.hand), "melds": len(s.melds)}
                out.append(Problem(f"seats[{w}]", "winner_hand_count", args, w))
        return out

    def result(self) -> HandResult:
        """The checked HandResult; HandProblems when the hand is not possible."""
        if self.entry_problems or self._stand_in_seats()[1] or self._winner_counts():
            raise HandProblems(self.problems())
        return check_hand(self.draft(), self.rules)

    def settle(self) -> tuple[HandResult, Ledger]:
        """The checked hand and its itemised ledger under the chosen ruleset; HandProblems when impossible."""
        result = self.result()
        return result, settle(result, self.rules)

    def next_dealer(self, result: HandResult) -> tuple[int, int]:
        """Who deals next and with what streak, by the match's own rule (docs/rules.md §10), as `settle` prints it."""
        return next_deal(result, self.rules)

    def text(self) -> str:
        """The hand in hand-file form: `settle FILE` reads it to the same ledger."""
        return write_hand_draft(self.draft())

    # ------------------------------------------------------------------ opening

    def load_draft(self, draft: HandDraft) -> None:
        """Take every value of a hand-file draft (the ruleset, and so the table, stays as set)."""
        self.dealer = draft.dealer
        self.streak = draft.streak
        self.seats, self.set_aside = copy.deepcopy(draft.seats), []
        self.set_rules(self.rules, self.ruleset_ref)  # one seat per player, whatever the draft held
        if draft.win is not None and draft.win.tile is not None:
            # The file's winner holds the winning tile; here it is entered once, as 胡的牌.
            for w in set(draft.win.by or ()):
                hand = self.seats[w].hand if 0 <= w < len(self.seats) else []
                if draft.win.tile in hand:
                    hand.remove(draft.win.tile)
        self.flip = draft.flip
        self.first_chicken = dict(draft.first_chicken)
        self.first_claimed = dict(draft.first_chicken_claimed_by)
        self.first_unclaimed = set(draft.first_chicken_unclaimed)
        self.baopai = None if draft.baopai is None else sorted(draft.baopai)
        self.weekday = draft.weekday
        self.dealer_followed = draft.dealer_followed
        self.entry_problems = {}
        wd = draft.win
        self.drawn = wd is None
        self.win = WinEntry()
        if wd is not None:
            source = wd.source if isinstance(wd.source, int) else None
            how = WinHow.DISCARD if source is not None else WinHow.SELF_DRAW
            if wd.how in ("after_kong", "rob_kong"):
                how = WinHow(wd.how)
            self.win = WinEntry(
                list(wd.by or ()), wd.tile, source, how, wd.hot, wd.hot_kong, wd.first_turn, wd.robbed_late
            )

    @classmethod
    def from_text(cls, text: str, filename: str = "<hand>") -> Calculator:
        """A calculator holding a hand file's hand, even one the rules refuse (its problems show at their
        fields); HandFileError when the file does not parse."""
        draft, rules = parse_hand_draft(text, filename)
        calc = cls(rules, draft.ruleset)
        calc.load_draft(draft)
        return calc

    @classmethod
    def from_result(cls, result: HandResult, rules: Ruleset) -> Calculator:
        """A calculator holding a finished hand (a played or replayed one)."""
        calc = cls(rules)
        calc.load_draft(draft_of(result))
        return calc


def _tile_problem(key: str, exc: TileSyntaxError) -> Problem:
    """A typed tile entry that does not parse, as the problem of its field."""
    args = {"text": exc.text, "position": exc.position + 1, **exc.values}
    return Problem(key, f"tile_{exc.fault}", args, _seat_of(key))


def _seat_of(key: str) -> int | None:
    if key.startswith("seats[") and key[6:7].isdigit():
        return int(key[6])
    return None
