"""Facts of a hand file's win that no real hand can have (docs/rules.md §12, §6), each tied to its field.

check_hand (game.handfile.rules) has checked the tiles and the winning hand; these checks refuse wins
that settle to money but cannot happen at a table: 杠上开花 without a kong, 天胡 with melds or after
discards, the dealer's 天胡 off a discard, a hot kong on a self-draw, `robbed_late` without a robbed
kong. A late kong under a ruleset without 憨包豆 is check_hand's own (docs/rules.md §12.18).
"""

from __future__ import annotations

from typing import Any

from game.core.result import Win, WinHow
from game.handfile.draft import WinDraft

MAX_STREAK = 99  # hands the dealer kept in a row: no real table gets near it

Problem = tuple[str, str]  # (the field, as check_hand names fields; the message)


def win_problems(wd: WinDraft, win: Win, seats: list[Any], dealer: int) -> list[Problem]:
    """Each (field, message) where the win as written describes a hand that cannot happen; [] when it can."""
    out: list[Problem] = []
    if win.how is WinHow.AFTER_KONG:
        for w in win.winners:
            if not any(m.is_kong for m in seats[w][1]):
                message = f"win.how: after_kong (杠上开花) is a win on a kong's replacement tile; seat {w} has no kong"
                out.append(("win.how", message))
    if wd.hot_kong is not None and win.discarder is None:
        out.append(("win.hot_kong", "win.hot_kong: a self-drawn win has no hot kong (热炮 is a discard)"))
    if wd.robbed_late and win.how is not WinHow.ROB_KONG:
        out.append(("win.robbed_late", "win.robbed_late: only a robbed kong (how: rob_kong) can be late"))
    if win.first_turn:
        out.extend(_first_turn_problems(win, seats, dealer))
    return out


def _first_turn_problems(win: Win, seats: list[Any], dealer: int) -> list[Problem]:
    where = "win.first_turn"
    out: list[Problem] = []
    melded = [i for i in range(4) if seats[i][1]]
    if melded:
        out.append((where, f"win.first_turn: 天胡 / 地胡 come before any meld, and seat {melded[0]} has melds"))
    if win.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG):
        out.append((where, f"win.first_turn: a first-turn win is not won {win.how.value}"))
    if dealer in win.winners:
        if win.discarder is not None:
            out.append((where, "win.first_turn: the dealer's 天胡 is won on the deal (from: self), not off a discard"))
        discarded = [i for i in range(4) if seats[i][2]]
        if discarded:
            out.append((where, f"win.first_turn: 天胡 comes before any discard, and seat {discarded[0]} has discards"))
        return out
    for w in win.winners:
        if seats[w][2]:
            out.append(
                (where, f"win.first_turn: 地胡 is won on seat {w}'s first draw or the first discard; it has discards")
            )
    if win.discarder is not None:
        if win.discarder != dealer:
            out.append((where, "win.first_turn: 地胡 off a discard is won on the dealer's first discard"))
        elif any(seats[i][2] for i in range(4)):
            out.append((where, "win.first_turn: 地胡 on the first discard leaves every pond empty"))
    else:
        many = [i for i in range(4) if len(seats[i][2]) > 1]
        if many:
            out.append((where, f"win.first_turn: seat {many[0]} discarded more than once before a first-turn win"))
    return out
