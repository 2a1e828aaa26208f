"""What every payment rule reads: the hand result, the ruleset, the winners' patterns, and the item list."""

from __future__ import annotations

from typing import Final

from game.core import rulings
from game.core.hand import best_pattern, matching_patterns
from game.core.melds import KongKind, Meld
from game.core.result import HandResult, WinHow
from game.core.ruleset import PATTERN_NAMES, Ruleset
from game.core.settlement.ledger import LedgerItem
from game.core.tiles import Tile, to_counts


def kong_payment(rules: Ruleset, kind: KongKind, late: bool = False) -> tuple[int, int]:
    """(fan from each payer, seats that pay) of a kong (docs/rules.md §7): 点豆 its discarder alone, the rest the three
    others; a late kong (憨包豆, G) at its own value."""
    # Here rather than in game.core.settlement.kongs: importing a payment family registers its rules, and the
    # ledger lists them in the order settle imports them.
    k = rules.kongs
    if late:
        return k.late, 3
    if kind is KongKind.EXPOSED:
        return k.exposed, 1
    return (k.concealed if kind is KongKind.CONCEALED else k.added), 3


class WinnerHand:
    """A winner's best pattern under the ruleset and its fan (0 when no scored pattern matches)."""

    # (A plain class with Final fields, not a frozen dataclass: built for every rollout's settlement,
    # and a compiled plain class is built many times faster.)
    __slots__ = ("pattern", "seat", "value")

    def __init__(self, seat: int, pattern: str | None, value: int) -> None:
        self.seat: Final = seat
        self.pattern: Final = pattern
        self.value: Final = value

    @property
    def label(self) -> tuple[str, str]:
        """(Chinese, English) name of the pattern."""
        if self.pattern is None:
            return ("无牌型", "no scored pattern")
        return PATTERN_NAMES[self.pattern]


class SettleContext:
    """One settlement in progress; rules add items with `pay`."""

    def __init__(self, result: HandResult, rules: Ruleset) -> None:
        self.result = result
        self.rules = rules
        self.items: list[LedgerItem] = []
        self.values = rules.pattern_values()
        self.win = result.win
        self.winners: tuple[int, ...] = result.win.winners if result.win else ()
        self.hands = {w: self._winner_hand(w) for w in self.winners}
        # Who won or is ready, asked by nearly every payment rule (see `ready`): worked out once.
        seats = result.seats
        self.seats = range(rules.players)
        self.readies = [s in self.winners or seats[s].ready for s in self.seats]

    def _winner_hand(self, seat: int) -> WinnerHand:
        assert self.win is not None
        s = self.result.seats[seat]
        patterns = matching_patterns(to_counts(s.concealed), s.melds, self.win.tile)
        pid = best_pattern(patterns, self.values)
        return WinnerHand(seat, pid, self.values[pid] if pid is not None else 0)

    def pay(
        self,
        payer: int,
        payee: int,
        fan: int,
        rule: str,
        label: tuple[str, str],
        tiles: tuple[Tile, ...] = (),
        on_behalf: int | None = None,
    ) -> None:
        """Add a payment of `fan` (times the base) unless it is nothing or a seat would pay itself."""
        if fan <= 0 or payer == payee:
            return
        zh, en = label
        self.items.append(LedgerItem(payer, payee, fan, fan * self.rules.base, rule, zh, en, tiles, on_behalf))

    # Seats

    def won(self, seat: int) -> bool:
        """True for a winner of this hand."""
        return seat in self.winners

    def ready(self, seat: int) -> bool:
        """True for a seat that won or is ready at the end (docs/rules.md §12.8)."""
        return self.readies[seat]

    def others(self, seat: int) -> list[int]:
        """The other seats, in play order after `seat`."""
        return list(self.rules.others(seat))

    # The win

    def how(self) -> WinHow | None:
        """How the hand was won, None on a draw."""
        return self.win.how if self.win else None

    def discarder(self) -> int | None:
        """The seat that dealt in, or whose kong was robbed."""
        return self.win.discarder if self.win else None

    def self_drawn(self) -> bool:
        """True when the win counts as self-drawn for bonuses (docs/rules.md §12.4, §12.5)."""
        b = self.rules.bonuses
        how = self.how()
        return (
            how is WinHow.SELF_DRAW
            or (how is WinHow.AFTER_KONG and b.after_kong_is_self_draw)
            or (how is WinHow.ROB_KONG and b.rob_kong_is_self_draw)
        )

    def win_payments(self, winner: int) -> list[tuple[int, int]]:
        """(payer, for_seat) pairs for a winner's hand value: who pays, and whose share it is.

        Self-drawn: each other seat its own share; off a discard: the discarder; robbing a kong:
        the robbed seat, for all three if the ruleset says so. A seat that owes 包牌 collects nothing.
        """
        if self.win is None or (winner in self.result.baopai and self.rules.play.passed_win == "baopai"):
            return []
        how = self.win.how
        d = self.win.discarder
        if how in (WinHow.SELF_DRAW, WinHow.AFTER_KONG) or d is None:
            return [(p, p) for p in self.others(winner)]
        if (
            how is WinHow.ROB_KONG
            and self.rules.bonuses.rob_kong_pays_all
            and not self.rules.bonuses.rob_kong_multiplier
        ):
            return [(d, p) for p in self.others(winner)]
        return [(d, d)]

    def declared_extra(self, winner: int) -> int:
        """The 报听 fan a declared winner adds to its pattern (docs/rules.md §12.1, §14), else 0."""
        if not self.result.seats[winner].declared_ready:
            return 0
        value = self.hands[winner].value
        return rulings.declared_win_fan(value, self.rules, winner == self.result.dealer) - value

    def first_turn_value(self, winner: int) -> int:
        """The 天胡 / 地胡 value this win earns (docs/rules.md §5, §13, §14), before it is added or replaces the
        pattern."""
        b = self.rules.bonuses
        if self.win is None or not self.win.first_turn or (b.first_turn_self_draw_only and not self.self_drawn()):
            return 0
        return b.heavenly if winner == self.result.dealer else b.earthly

    def first_turn_extra(self, winner: int) -> int:
        """What 天胡 / 地胡 add to the hand value when they replace the pattern, the higher counting (docs/rules.md
        §14)."""
        if self.rules.bonuses.first_turn != "replace":
            return 0
        lifted = self.hands[winner].value + self.declared_extra(winner)
        return max(0, self.first_turn_value(winner) - lifted)

    def hand_value(self, winner: int) -> int:
        """A winner's pattern fan with the 报听 and 天胡 / 地胡 lifts: what 包牌 pays and the multiples multiply."""
        return self.hands[winner].value + self.declared_extra(winner) + self.first_turn_extra(winner)

    # Kongs and chickens

    def pays_out_extras(self) -> bool:
        """True when kongs and chickens are settled: someone won, or 黄庄不黄鸡杠 (docs/rules.md §9, §13)."""
        return self.win is not None or self.rules.optional.keep_on_draw

    def burned(self, seat: int) -> bool:
        """全烧 (G): the robbed seat's chickens and kongs count for nothing."""
        return self.rules.bonuses.rob_kong_burns and self.how() is WinHow.ROB_KONG and seat == self.discarder()

    def kong_melds(self, seat: int) -> list[Meld]:
        """A seat's kongs that score: less the kong behind a hot discard and a robbed kong (docs/rules.md §7, §4)."""
        melds = [m for m in self.result.seats[seat].melds if m.is_kong]
        hot = self.result.hot_kong if self.win is not None and self.win.hot else None
        for void in (hot, self.result.robbed_kong):
            if void is not None and seat == self.discarder() and void in melds:
                melds.remove(void)
        return melds
