"""check_hand: a parsed hand checked against the rules (docs/rules.md §5-§8), each problem tied to its field.

Tile counts, melds, the win and its pass, the flags a ruleset cannot score, the first chickens and
包牌; the wins no real table can have are game.handfile.checks'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.core import rulings
from game.core.hand import best_pattern, matching_patterns, seat_ready
from game.core.melds import KongKind, Meld
from game.core.result import HandResult, SeatResult, Win, WinHow
from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.tiles import COPIES, NUM_KINDS, Tile, format_tile, format_tiles, to_counts
from game.handfile.checks import win_problems
from game.handfile.draft import BadValue, HandDraft, HandProblems, Problem, WinDraft

T = TypeVar("T")


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
        except BadValue as bad:
            where = bad.where if isinstance(bad.where, str) else ""
            self.problems.append(Problem(where, bad.message, bad.seat))
            return default

    def run(self) -> HandResult:
        d = self.draft
        rules = self.rules
        seats = [(s.hand, s.melds, s.discards, s.declared_ready) for s in d.seats]
        if len(seats) != 4:
            raise HandProblems([Problem("seats", f"seats: expected four seats, found {len(seats)}")])
        wd = d.win
        win = self.attempt(lambda: self.win(wd, seats, rules), None) if wd is not None else None
        if d.win is None and d.flip is not None:
            self.attempt(lambda: self.fail("flip", "flip: nothing is turned on a draw (the file has no win)"), None)
        # A win that did not check still names its winners: they are not held to 13 tiles.
        claimed_winners = set(d.win.by or ()) if d.win is not None else set()
        for i in range(4):
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
        for i, (concealed, melds, discards, declared) in enumerate(seats):
            counts = to_counts(concealed)
            ready = i in winners or (len(concealed) + 3 * len(melds) == 13 and seat_ready(counts, melds, rules))
            results.append(SeatResult(tuple(concealed), tuple(melds), tuple(discards), declared, ready))
        self.check_flags(seats, results)
        followed = self.attempt(lambda: self.dealer_followed(seats, win), False)
        self.attempt(lambda: self.check_single_charge(), None)
        if win is not None:
            self.attempt(lambda: self.check_hot_forced(seats, win), None)
        if win is not None and wd is not None:
            # Wins that settle to money but cannot happen at a table (docs/rules.md §12).
            self.problems.extend(Problem(where, message) for where, message in win_problems(wd, win, seats, d.dealer))
        if self.problems:
            raise HandProblems(self.problems)
        return HandResult(
            ruleset=rules.name,
            dealer=d.dealer,
            streak=d.streak,
            seats=(results[0], results[1], results[2], results[3]),
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
    def fail(where: str, message: str, seat: int | None = None) -> None:
        raise BadValue(where, message, seat)

    def win(self, wd: WinDraft, seats: list[Any], rules: Ruleset) -> Win:
        for required, given in (("by", wd.by), ("tile", wd.tile), ("from", wd.source)):
            if given is None:
                raise BadValue(f"win.{required}", f"win: missing key {required!r}")
        assert wd.by is not None and wd.tile is not None
        winners = wd.by
        if not winners or len(set(winners)) != len(winners):
            raise BadValue("win.by", "win.by: expected one or more different seats")
        tile = wd.tile
        discarder = None if wd.source == "self" else wd.source
        if discarder is not None and not isinstance(discarder, int):
            raise BadValue("win.from", f"win.from (a seat number or self): expected a number 0-3, found {discarder!r}")
        how_text = wd.how
        if discarder is None:
            if how_text not in (None, "self_draw", "after_kong"):
                raise BadValue("win.how", f"win.how: a self-drawn win is self_draw or after_kong, not {how_text!r}")
            how = WinHow.AFTER_KONG if how_text == "after_kong" else WinHow.SELF_DRAW
            if len(winners) > 1:
                raise BadValue("win.by", "win.by: only one seat can win on its own draw")
        else:
            if how_text not in (None, "discard", "rob_kong"):
                raise BadValue("win.how", f"win.how: a win off another seat is discard or rob_kong, not {how_text!r}")
            how = WinHow.ROB_KONG if how_text == "rob_kong" else WinHow.DISCARD
            if discarder in winners:
                raise BadValue("win.from", f"win.from: seat {discarder} cannot win on its own tile", discarder)
            if len(winners) > 1 and not rules.play.multiple_winners:
                raise BadValue("win.by", f"win.by: {rules.name} lets only one seat win on a discard")
        hot = wd.hot
        if hot and how is not WinHow.DISCARD:
            raise BadValue("win.hot", "win.hot: only a discard is hot (热炮)")
        first_turn = wd.first_turn
        if how is WinHow.ROB_KONG and discarder is not None:
            robbed = seats[discarder][1]
            if not any(m.tile == tile and m.kong is None for m in robbed):
                raise BadValue(
                    "win.from",
                    f"win.from: seat {discarder} has no pung of {format_tile(tile)} to add to (抢杠)",
                    discarder,
                )
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
            raise BadValue(
                "win.tile", f"win.tile: seat {w}'s hand does not hold the winning tile {format_tile(tile)}", w
            )
        patterns = matching_patterns(to_counts(concealed), melds, tile)
        hand = format_tiles(concealed, spaced=True)
        if not patterns:
            raise BadValue("win", f"win: seat {w}'s hand {hand} with {len(melds)} melds is not a winning hand", w)
        pid = best_pattern(patterns, rules.pattern_values())
        if pid is None:
            raise BadValue("win", f"win: seat {w}'s hand {hand} scores no pattern under {rules.name}", w)
        if not _passes(rules, seats, w, pid, how, discarder, hot):
            zh, en = PATTERN_NAMES[pid]
            raise BadValue(
                "win",
                f"win: seat {w} wins a {zh} ({en}) off a discard without a pass (a kong of its own), "
                f"which {rules.name} does not allow (docs/rules.md §6)",
                w,
            )

    def check_count(self, seats: list[Any], i: int, want: int) -> None:
        """A seat holds 13 tiles, a winner 14, each meld counting 3 (docs/rules.md §5)."""
        concealed, melds = seats[i][0], seats[i][1]
        have = len(concealed) + 3 * len(melds)
        if have != want:
            role = "a winner holds 14" if want == 14 else "a seat that did not win holds 13"
            raise BadValue(
                f"seats[{i}]",
                f"seats[{i}]: holds {have} tiles ({len(concealed)} in hand, {len(melds)} melds at 3 each); {role}",
                i,
            )

    def census(self) -> None:
        counts = tile_census(self.draft)
        over = [f"{counts[t]} of {format_tile(t)}" for t in range(NUM_KINDS) if counts[t] > COPIES]
        if over:
            raise BadValue(
                "seats",
                f"seats: {', '.join(over)} across hands, melds, discards and the turned tile; each tile has 4 copies",
            )

    def check_flags(self, seats: list[Any], results: list[SeatResult]) -> None:
        """Flags the ruleset cannot score are refused, never scored silently (docs/rules.md §12.18)."""
        rules = self.rules
        play = rules.play
        for i, (_concealed, melds, _discards, declared) in enumerate(seats):
            if not play.late_kong:
                for j, m in enumerate(melds):
                    if m.late:
                        self.problems.append(
                            Problem(
                                f"seats[{i}].melds[{j}]",
                                f"seats[{i}].melds[{j}]: a late kong (憨包豆), which {rules.name} does not know "
                                "(docs/rules.md §12.18); write the kong without `late`",
                                i,
                            )
                        )
            if declared:
                where = f"seats[{i}].declared_ready"
                if not play.declare_ready:
                    self.problems.append(
                        Problem(
                            where,
                            f"seats[{i}].declared_ready: {rules.name} has no 报听 (declaring ready), "
                            "so no seat can have declared (docs/rules.md §12.18)",
                            i,
                        )
                    )
                elif not results[i].ready:
                    hand = format_tiles(results[i].concealed, spaced=True)
                    message = f"seats[{i}].declared_ready: seat {i} declared ready, but {hand} is not ready"
                    self.problems.append(Problem(where, message, i))
        wd = self.draft.win
        if wd is not None and wd.robbed_late and not play.late_kong:
            self.problems.append(
                Problem(
                    "win.robbed_late",
                    f"win.robbed_late: a late kong (憨包豆), which {rules.name} does not know (docs/rules.md §12.18)",
                )
            )

    def check_hot_forced(self, seats: list[Any], win: Win) -> None:
        """B6: where a hot discard must be won, a seat that could win on it and did not is refused."""
        rules = self.rules
        if not rules.play.hot_discard_forced or not win.hot or win.how is not WinHow.DISCARD:
            return
        values = rules.pattern_values()
        for s in range(4):
            if s in win.winners or s == win.discarder:
                continue
            concealed, melds = seats[s][0], seats[s][1]
            pid = rulings.pattern_with(to_counts(concealed), melds, win.tile, values)
            if pid is not None and _passes(rules, seats, s, pid, WinHow.DISCARD, win.discarder, True):
                raise BadValue(
                    "win",
                    f"win: seat {s} could win on the hot discard {format_tile(win.tile)} and did not; "
                    f"under {rules.name} every seat that can must win on a hot discard (docs/rules.md §7, B6)",
                    s,
                )

    def dealer_followed(self, seats: list[Any], win: Win | None) -> bool:
        """开局跟 (docs/rules.md §14): `dealer_followed: true` needs each seat's first discard to be the dealer's
        first."""
        if not self.draft.dealer_followed:
            return False
        dealer = self.draft.dealer
        ponds = [seat[2] for seat in seats]
        if not ponds[dealer]:
            raise BadValue("dealer_followed", f"dealer_followed: the dealer (seat {dealer}) has no discard to follow")
        tile = ponds[dealer][0]
        for s in range(4):
            # The last follower's tile may have been won on, leaving its pond empty.
            won_on = win is not None and win.discarder == s and win.tile == tile and win.how is WinHow.DISCARD
            if not (ponds[s] and ponds[s][0] == tile) and not (won_on and not ponds[s]):
                raise BadValue(
                    "dealer_followed",
                    f"dealer_followed: seat {s}'s first discard is not {format_tile(tile)}, the dealer's first "
                    "(开局跟: every other seat follows it with the same tile)",
                    s,
                )
        return True

    def check_single_charge(self) -> None:
        """One 冲锋鸡 per hand (docs/rules.md §14): first_chicken names only the first followed chicken discarded."""
        first = self.draft.first_chicken
        ch = self.rules.chickens
        # GY1 records the first 1s and the first 8p both; the one written first is the 冲锋鸡.
        if ch.charge_single and len(first) > 1 and not ch.first_chicken_each:
            raise BadValue(
                "first_chicken",
                f"first_chicken: {self.rules.name} follows only the first of "
                f"{', '.join(format_tile(t) for t in first)} discarded (one 冲锋鸡 per hand); name that one",
            )

    def infer_claimers(self, seats: list[Any], claimed: dict[Tile, int], win: Win | None) -> bool:
        """Fill in who claimed each first chicken when the hand shows it: one seat holds a pung or kong of it
        from the first discarder, and the discarder's pond holds no copy it could be instead."""
        for t, d in self.draft.first_chicken.items():
            if t in claimed or t in self.draft.first_chicken_unclaimed:
                continue
            holders = [s for s in range(4) if any(m.tile == t and m.source == d for m in seats[s][1])]
            if not holders:
                continue
            won_on = win is not None and win.tile == t and win.discarder == d and win.how is WinHow.DISCARD
            if t in seats[d][2] or won_on:
                name = format_tile(t)
                raise BadValue(
                    f"first_chicken.{name}",
                    f"first_chicken: seat {holders[0]} holds a {name} claimed from seat {d}, and seat {d} also "
                    f"shows a {name} in its pond; say which was the first: first_chicken_claimed_by: "
                    f"{{{name}: {holders[0]}}} if it was claimed, {{{name}: null}} if not",
                    holders[0],
                )
            claimed[t] = holders[0]
        return True

    def check_first_chickens(self, seats: list[Any], claimed: dict[Tile, int], win: Win | None) -> None:
        first = self.draft.first_chicken
        for t, claimer in claimed.items():
            # A claimer inferred from the melds was not written: its problem belongs to first_chicken.
            written = t in self.draft.first_chicken_claimed_by
            where = f"first_chicken_claimed_by.{format_tile(t)}" if written else f"first_chicken.{format_tile(t)}"
            if t not in first:
                raise BadValue(where, f"first_chicken_claimed_by: {format_tile(t)} is not in first_chicken")
            if claimer == first[t]:
                raise BadValue(where, f"first_chicken_claimed_by: seat {claimer} cannot claim its own discard", claimer)
            if not any(m.tile == t and m.source == first[t] for m in seats[claimer][1]):
                raise BadValue(
                    where,
                    f"first_chicken_claimed_by: seat {claimer} has no pung or kong of "
                    f"{format_tile(t)} from seat {first[t]}",
                    claimer,
                )
        for t, seat in first.items():
            won_on = win is not None and win.tile == t and win.discarder == seat and win.how is WinHow.DISCARD
            if t not in claimed and t not in seats[seat][2] and not won_on:
                raise BadValue(
                    f"first_chicken.{format_tile(t)}",
                    f"first_chicken: seat {seat} has no {format_tile(t)} among its discards "
                    "(if it was claimed, name the claimer in first_chicken_claimed_by)",
                    seat,
                )

    def baopai(self, win: Win | None) -> None:
        if self.draft.baopai is None:
            return
        rules = self.rules
        if rules.play.passed_win == "guoshui":
            why = "uses 过水 after a passed win (no win off a discard until the seat's own next draw), not 包牌"
            raise BadValue("baopai", f"baopai: {rules.name} {why} (docs/rules.md §12.12, §12.18)")
        if rules.play.passed_win != "baopai":
            raise BadValue("baopai", f"baopai: {rules.name} has no 包牌 for passing up a win (docs/rules.md §12.18)")
        if self.draft.win is not None and win is None:
            return  # the win itself did not check: who won is not known
        for s in self.draft.baopai:
            if win is None or s not in win.winners or win.how is not WinHow.DISCARD:
                raise BadValue("baopai", f"baopai: seat {s} did not win off a discard, so it owes no 包牌", s)

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
                raise BadValue("win.hot_kong", "win.hot_kong: only a hot win (hot: true) names a hot kong")
            return None, None
        kongs = [m for m in melds if m.is_kong]
        if wd.hot_kong is not None:
            t = wd.hot_kong
            found = [m for m in kongs if m.tile == t]
            if not found:
                raise BadValue(
                    "win.hot_kong", f"win.hot_kong: seat {win.discarder} has no kong of {format_tile(t)}", win.discarder
                )
            return found[0], None
        if len(kongs) == 1:
            return kongs[0], None
        if not kongs:
            raise BadValue(
                "win.hot", f"win.hot: seat {win.discarder} has no kong, so its discard is not hot", win.discarder
            )
        raise BadValue(
            "win.hot",
            f"win.hot: seat {win.discarder} has several kongs; name the last with hot_kong: TILE",
            win.discarder,
        )
