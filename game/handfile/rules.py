"""check_hand: a parsed hand checked against the rules (docs/rules.md §5-§8), each problem tied to its field.

Tile counts, melds, the win and its pass, the flags a ruleset cannot score, the first chickens and
包牌; the wins no real table can have are game.handfile.checks'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.core import rulings
from game.core.hand import best_pattern, holds_suit, matching_patterns, seat_ready
from game.core.melds import KongKind, Meld
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.ruleset import Ruleset
from game.core.tiles import COPIES, NUM_KINDS, SUITS, Tile, format_tile, to_counts
from game.handfile.checks import win_problems
from game.handfile.draft import HandDraft, HandProblems, Problem, Refused, WinDraft
from game.handfile.table import table_problems

T = TypeVar("T")


def _refused(where: str, code: str, about: int | None = None, **args: object) -> Refused:
    """The refusal of one check: problem `code` (game.handfile.codes) with `args` at field `where`, about seat
    `about` when it names one."""
    return Refused(Problem(where, code, args, about))


def _passes(rules: Ruleset, seats: list[Any], w: int, pid: str, how: WinHow, discarder: int | None, hot: bool) -> bool:
    """Whether seat `w`'s pattern `pid` may be won this way: self-drawn, or off another seat with a pass
    (a kong of its own) or an exemption (docs/rules.md §6)."""
    if how not in (WinHow.DISCARD, WinHow.ROB_KONG):
        return True  # a self-drawn win needs no pass
    return rulings.win_allowed(
        pid,
        seats[w][1],
        rules.play,
        declared=bool(seats[w][3]),
        hot=hot,
        robbing=how is WinHow.ROB_KONG,
        on_declared=discarder is not None and bool(seats[discarder][3]),
    )


def check_hand(draft: HandDraft, rules: Ruleset) -> HandResult:
    """Check a parsed hand against `rules` (docs/rules.md §5-§8) and build its HandResult; raises HandProblems
    naming each problem's field. `settle FILE` and the score calculator both refuse a hand through here."""
    return _Checker(draft, rules).run()


def copies_left(draft: HandDraft, rules: Ruleset) -> list[int]:
    """Copies of each kind not yet placed in the draft, by kind 0-26: four of each kind in play less the census,
    none of a kind not in play (docs/rules.md §15.1)."""
    counts = tile_census(draft)
    in_play = set(rules.kinds)
    return [COPIES - counts[t] if t in in_play else 0 for t in range(NUM_KINDS)]


def tile_census(draft: HandDraft) -> list[int]:
    """Copies of each kind across the hands, melds, discards and the turned tile (several winners on one
    discard count its tile once)."""
    counts = [0] * NUM_KINDS
    win = draft.win
    if win is not None and win.by is not None and win.tile is not None and len(win.by) > 1:
        # Several winners on one tile each hold it, but it is one tile.
        counts[win.tile] -= len(win.by) - 1
    for s in draft.seats:
        for t in s.hand + s.discards:
            counts[t] += 1
        for m in s.melds:
            counts[m.tile] += m.size
    if draft.flip is not None:
        counts[draft.flip] += 1
    return counts


class _Checker:
    """Checks one HandDraft, collecting each problem with its field."""

    def __init__(self, draft: HandDraft, rules: Ruleset) -> None:
        self.draft = draft
        self.rules = rules
        self.problems: list[Problem] = []

    def attempt(self, func: Callable[[], T], default: T) -> T:
        """Run one check; record its problem and carry on with `default`."""
        try:
            return func()
        except Refused as refused:
            self.problems.append(refused.problem)
            return default

    def run(self) -> HandResult:
        d = self.draft
        rules = self.rules
        seats = [(s.hand, s.melds, s.discards, s.declared_ready) for s in d.seats]
        named = [s.dingque for s in d.seats]
        # The table first (docs/rules.md §15.1, §15.2): the checks below read seats by number.
        table = table_problems(d, rules)
        if table:
            raise HandProblems(table)
        wd = d.win
        win = self.attempt(lambda: self.win(wd, seats, rules), None) if wd is not None else None
        if d.win is None and d.flip is not None:
            self.attempt(lambda: self.fail("flip", "flip_on_draw"), None)
        # A win that did not check still names its winners: they are not held to 13 tiles.
        claimed_winners = set(d.win.by or ()) if d.win is not None else set()
        for i in range(rules.players):
            if i not in claimed_winners:
                self.attempt(lambda i=i: self.check_count(seats, i, 13), None)  # type: ignore[misc]
        self.attempt(lambda: self.census(), None)
        claimed = dict(d.first_chicken_claimed_by)
        if (d.win is None or win is not None) and self.attempt(lambda: self.infer_claimers(seats, claimed, win), False):
            self.attempt(lambda: self.check_first_chickens(seats, claimed, win), None)
        self.attempt(lambda: self.baopai(win), None)
        no_melds: tuple[Meld | None, Meld | None] = (None, None)
        hot_kong, robbed = self.attempt(lambda: self.win_melds(win, seats), no_melds)
        winners = set(win.winners) if win else set()
        results = []
        self.attempt(lambda: self.check_dingque(seats, named, winners), None)
        for i, (concealed, melds, discards, declared) in enumerate(seats):
            counts = to_counts(concealed)
            # 定缺 (docs/rules.md §15.3): a hand still holding its named suit is not ready.
            ready = i in winners or (
                len(concealed) + 3 * len(melds) == 13
                and not holds_suit(counts, melds, named[i])
                and seat_ready(counts, melds, rules)
            )
            results.append(SeatResult(tuple(concealed), tuple(melds), tuple(discards), declared, ready, named[i]))
        self.check_flags(seats, results)
        followed = self.attempt(lambda: self.dealer_followed(seats, win), False)
        self.attempt(lambda: self.check_single_charge(), None)
        if win is not None:
            self.attempt(lambda: self.check_hot_forced(seats, win), None)
        if win is not None and wd is not None:
            # Wins that settle to money but cannot happen at a table (docs/rules.md §12).
            self.problems.extend(win_problems(wd, win, seats, d.dealer))
        if self.problems:
            raise HandProblems(self.problems)
        return HandResult(
            ruleset=rules.name,
            dealer=d.dealer,
            streak=d.streak,
            seats=tuple(results),
            win=win,
            flip=d.flip,
            first_chicken=dict(d.first_chicken),
            first_chicken_claimed_by=claimed,
            baopai=d.baopai or (),
            dealer_followed=followed,
            hot_kong=hot_kong,
            robbed_kong=robbed,
            weekday=d.weekday,
        )

    @staticmethod
    def fail(where: str, code: str) -> None:
        raise _refused(where, code)

    def win(self, wd: WinDraft, seats: list[Any], rules: Ruleset) -> Win:
        for required, given, code in (
            ("by", wd.by, "no_winners"),
            ("tile", wd.tile, "no_win_tile"),
            ("from", wd.source, "no_win_source"),
        ):
            if given is None:
                raise _refused(f"win.{required}", code)
        assert wd.by is not None and wd.tile is not None
        winners = wd.by
        if not winners or len(set(winners)) != len(winners):
            raise _refused("win.by", "winners_repeated")
        tile = wd.tile
        discarder = None if wd.source == "self" else wd.source
        if discarder is not None and not isinstance(discarder, int):
            raise _refused("win.from", "source_not_seat", value=repr(discarder), last=rules.players - 1)
        how_text = wd.how
        if discarder is None:
            if how_text not in (None, "self_draw", "after_kong"):
                raise _refused("win.how", "self_drawn_how", value=repr(how_text))
            how = WinHow.AFTER_KONG if how_text == "after_kong" else WinHow.SELF_DRAW
            if len(winners) > 1:
                raise _refused("win.by", "self_drawn_winners")
        else:
            if how_text not in (None, "discard", "rob_kong"):
                raise _refused("win.how", "discard_how", value=repr(how_text))
            how = WinHow.ROB_KONG if how_text == "rob_kong" else WinHow.DISCARD
            if discarder in winners:
                raise _refused("win.from", "own_tile", discarder, seat=discarder)
            if len(winners) > 1 and not rules.play.multiple_winners:
                raise _refused("win.by", "one_winner_on_discard", ruleset=rules.name)
        hot = wd.hot
        if hot and how is not WinHow.DISCARD:
            raise _refused("win.hot", "hot_not_discard")
        first_turn = wd.first_turn
        if how is WinHow.ROB_KONG and discarder is not None:
            robbed = seats[discarder][1]
            if not any(m.tile == tile and m.kong is None for m in robbed):
                raise _refused("win.from", "no_pung_to_rob", discarder, seat=discarder, tile=tile)
        for w in winners:
            self.check_winner(seats, rules, w, tile, how, discarder, hot)
        return Win(winners, tile, how, discarder, hot, first_turn)

    def check_winner(
        self,
        seats: list[Any],
        rules: Ruleset,
        w: int,
        tile: Tile,
        how: WinHow,
        discarder: int | None,
        hot: bool,
    ) -> None:
        concealed, melds, _discards, _declared = seats[w]
        self.check_count(seats, w, 14)
        if tile not in concealed:
            raise _refused("win.tile", "no_winning_tile", w, seat=w, tile=tile)
        patterns = matching_patterns(to_counts(concealed), melds, tile)
        hand = tuple(concealed)
        if not patterns:
            raise _refused("win", "not_winning", w, seat=w, hand=hand, melds=len(melds))
        pid = best_pattern(patterns, rules.pattern_values())
        if pid is None:
            raise _refused("win", "no_pattern", w, seat=w, hand=hand, ruleset=rules.name)
        if not _passes(rules, seats, w, pid, how, discarder, hot):
            raise _refused("win", "no_pass", w, seat=w, pattern=pid, ruleset=rules.name)

    def check_count(self, seats: list[Any], i: int, want: int) -> None:
        """A seat holds 13 tiles, a winner 14, each meld counting 3 (docs/rules.md §5)."""
        concealed, melds = seats[i][0], seats[i][1]
        have = len(concealed) + 3 * len(melds)
        if have != want:
            code = "winner_count" if want == 14 else "seat_count"
            raise _refused(f"seats[{i}]", code, i, have=have, in_hand=len(concealed), melds=len(melds))

    def census(self) -> None:
        """At most four copies of each kind in play (docs/rules.md §1, §15.1)."""
        counts = tile_census(self.draft)
        over = tuple((t, counts[t]) for t in self.rules.kinds if counts[t] > COPIES)
        if over:
            raise _refused("seats", "too_many_copies", over=over)

    def check_flags(self, seats: list[Any], results: list[SeatResult]) -> None:
        """Flags the ruleset cannot score are refused, never scored silently (docs/rules.md §12.18)."""
        rules = self.rules
        play = rules.play
        for i, (_concealed, melds, _discards, declared) in enumerate(seats):
            if not play.late_kong:
                for j, m in enumerate(melds):
                    if m.late:
                        where = f"seats[{i}].melds[{j}]"
                        self.problems.append(Problem(where, "late_kong_unknown", {"ruleset": rules.name}, i))
            if declared:
                where = f"seats[{i}].declared_ready"
                if not play.declare_ready:
                    self.problems.append(Problem(where, "no_declaring", {"ruleset": rules.name}, i))
                elif not results[i].ready:
                    args = {"seat": i, "hand": tuple(results[i].concealed)}
                    self.problems.append(Problem(where, "declared_not_ready", args, i))
        wd = self.draft.win
        if wd is not None and wd.robbed_late and not play.late_kong:
            self.problems.append(Problem("win.robbed_late", "robbed_late_unknown", {"ruleset": rules.name}))

    def check_dingque(self, seats: list[Any], named: list[int], winners: set[int]) -> None:
        """定缺 (docs/rules.md §15.3): a suit is named only where the ruleset plays 定缺, one of the suits in play, and
        no winner holds the suit it named."""
        rules = self.rules
        for i, suit in enumerate(named):
            if suit < 0:
                continue
            where = f"seats[{i}].dingque"
            if not rules.play.dingque:
                raise _refused(where, "dingque_off", i, seat=i, ruleset=rules.name)
            if suit not in rules.suit_indexes:
                raise _refused(where, "dingque_not_in_play", i, seat=i, suit=SUITS[suit], ruleset=rules.name)
            if i in winners and holds_suit(to_counts(seats[i][0]), seats[i][1], suit):
                raise _refused(where, "won_holding_dingque", i, seat=i, suit=SUITS[suit])

    def check_hot_forced(self, seats: list[Any], win: Win) -> None:
        """B6: where a hot discard must be won, a seat that could win on it and did not is refused."""
        rules = self.rules
        if not rules.play.hot_discard_forced or not win.hot or win.how is not WinHow.DISCARD:
            return
        values = rules.pattern_values()
        for s in range(rules.players):
            if s in win.winners or s == win.discarder:
                continue
            concealed, melds = seats[s][0], seats[s][1]
            pid = rulings.pattern_with(to_counts(concealed), melds, win.tile, values)
            if pid is not None and _passes(rules, seats, s, pid, WinHow.DISCARD, win.discarder, True):
                raise _refused("win", "hot_not_won", s, seat=s, tile=win.tile, ruleset=rules.name)

    def dealer_followed(self, seats: list[Any], win: Win | None) -> bool:
        """开局跟 (docs/rules.md §14): `dealer_followed: true` needs each seat's first discard to be the dealer's
        first."""
        if not self.draft.dealer_followed:
            return False
        dealer = self.draft.dealer
        ponds = [seat[2] for seat in seats]
        if not ponds[dealer]:
            raise _refused("dealer_followed", "dealer_no_discard", seat=dealer)
        tile = ponds[dealer][0]
        for s in range(self.rules.players):
            # The last follower's tile may have been won on, leaving its pond empty.
            won_on = win is not None and win.discarder == s and win.tile == tile and win.how is WinHow.DISCARD
            if not (ponds[s] and ponds[s][0] == tile) and not (won_on and not ponds[s]):
                raise _refused("dealer_followed", "not_followed", s, seat=s, tile=tile)
        return True

    def check_single_charge(self) -> None:
        """One 冲锋鸡 per hand (docs/rules.md §14): first_chicken names only the first followed chicken discarded."""
        first = self.draft.first_chicken
        ch = self.rules.chickens
        # GY1 records the first 1s and the first 8p both; the one written first is the 冲锋鸡.
        if ch.charge_single and len(first) > 1 and not ch.first_chicken_each:
            raise _refused("first_chicken", "one_charge", ruleset=self.rules.name, tiles=tuple(first))

    def infer_claimers(self, seats: list[Any], claimed: dict[Tile, int], win: Win | None) -> bool:
        """Fill in who claimed each first chicken when the hand shows it: one seat holds a pung or kong of it
        from the first discarder, and the discarder's pond holds no copy it could be instead."""
        for t, d in self.draft.first_chicken.items():
            if t in claimed or t in self.draft.first_chicken_unclaimed:
                continue
            holders = [s for s in range(self.rules.players) if any(m.tile == t and m.source == d for m in seats[s][1])]
            if not holders:
                continue
            won_on = win is not None and win.tile == t and win.discarder == d and win.how is WinHow.DISCARD
            if t in seats[d][2] or won_on:
                where = f"first_chicken.{format_tile(t)}"
                raise _refused(where, "claimed_and_in_pond", holders[0], seat=holders[0], tile=t, other=d)
            claimed[t] = holders[0]
        return True

    def check_first_chickens(self, seats: list[Any], claimed: dict[Tile, int], win: Win | None) -> None:
        first = self.draft.first_chicken
        for t, claimer in claimed.items():
            # A claimer inferred from the melds was not written: its problem belongs to first_chicken.
            written = t in self.draft.first_chicken_claimed_by
            where = f"first_chicken_claimed_by.{format_tile(t)}" if written else f"first_chicken.{format_tile(t)}"
            if t not in first:
                raise _refused(where, "claimed_not_first", tile=t)
            if claimer == first[t]:
                raise _refused(where, "claims_own_discard", claimer, seat=claimer)
            if not any(m.tile == t and m.source == first[t] for m in seats[claimer][1]):
                raise _refused(where, "no_claiming_meld", claimer, seat=claimer, tile=t, other=first[t])
        for t, seat in first.items():
            won_on = win is not None and win.tile == t and win.discarder == seat and win.how is WinHow.DISCARD
            if t not in claimed and t not in seats[seat][2] and not won_on:
                raise _refused(f"first_chicken.{format_tile(t)}", "first_not_discarded", seat, seat=seat, tile=t)

    def baopai(self, win: Win | None) -> None:
        if self.draft.baopai is None:
            return
        rules = self.rules
        if rules.play.passed_win == "guoshui":
            raise _refused("baopai", "baopai_guoshui", ruleset=rules.name)
        if rules.play.passed_win != "baopai":
            raise _refused("baopai", "no_baopai", ruleset=rules.name)
        if self.draft.win is not None and win is None:
            return  # the win itself did not check: who won is not known
        for s in self.draft.baopai:
            if win is None or s not in win.winners or win.how is not WinHow.DISCARD:
                raise _refused("baopai", "baopai_not_discard_win", s, seat=s)

    def win_melds(self, win: Win | None, seats: list[Any]) -> tuple[Meld | None, Meld | None]:
        """The kong behind a hot discard and the robbed kong, from the win's keys and the seats' melds."""
        wd = self.draft.win
        if wd is None or win is None or win.discarder is None:
            return None, None
        melds: list[Meld] = seats[win.discarder][1]
        if win.how is WinHow.ROB_KONG:
            pung = next(m for m in melds if m.tile == win.tile and m.kong is None)
            return None, Meld(win.tile, KongKind.ADDED, pung.source, wd.robbed_late)
        if not win.hot:
            if wd.hot_kong is not None:
                raise _refused("win.hot_kong", "hot_kong_not_hot")
            return None, None
        kongs = [m for m in melds if m.is_kong]
        if wd.hot_kong is not None:
            t = wd.hot_kong
            found = [m for m in kongs if m.tile == t]
            if not found:
                raise _refused("win.hot_kong", "no_hot_kong", win.discarder, seat=win.discarder, tile=t)
            return found[0], None
        if len(kongs) == 1:
            return kongs[0], None
        if not kongs:
            raise _refused("win.hot", "hot_no_kong", win.discarder, seat=win.discarder)
        raise _refused("win.hot", "hot_many_kongs", win.discarder, seat=win.discarder)
