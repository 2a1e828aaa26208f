"""Facts of a hand file's win that no real hand can have (docs/rules.md §12, §6), each tied to its field.

check_hand (game.handfile.rules) has checked the tiles and the winning hand; these checks refuse wins
that settle to money but cannot happen at a table: 杠上开花 without a kong, 天胡 with melds or after
discards, the dealer's 天胡 off a discard, a hot kong on a self-draw, `robbed_late` without a robbed
kong. A late kong under a ruleset without 憨包豆 is check_hand's own (docs/rules.md §12.18).
"""

from __future__ import annotations

from typing import Any

from game.core.result import Win, WinHow
from game.handfile.draft import Problem, WinDraft

MAX_STREAK = 99  # hands the dealer kept in a row: no real table gets near it


def win_problems(wd: WinDraft, win: Win, seats: list[Any], dealer: int) -> list[Problem]:
    """Each problem (at its field) where the win as written describes a hand that cannot happen; [] when it can."""
    out: list[Problem] = []
    if win.how is WinHow.AFTER_KONG:
        for w in win.winners:
            if not any(m.is_kong for m in seats[w][1]):
                out.append(Problem("win.how", "after_kong_no_kong", {"seat": w}))
    if wd.hot_kong is not None and win.discarder is None:
        out.append(Problem("win.hot_kong", "self_drawn_hot_kong"))
    if wd.robbed_late and win.how is not WinHow.ROB_KONG:
        out.append(Problem("win.robbed_late", "robbed_late_not_robbed"))
    if win.first_turn:
        out.extend(_first_turn_problems(win, seats, dealer))
    return out


def _first_turn_problems(win: Win, seats: list[Any], dealer: int) -> list[Problem]:
    where = "win.first_turn"
    out: list[Problem] = []
    melded = [i for i, seat in enumerate(seats) if seat[1]]
    if melded:
        out.append(Problem(where, "first_turn_melds", {"seat": melded[0]}))
    if win.how in (WinHow.AFTER_KONG, WinHow.ROB_KONG):
        out.append(Problem(where, "first_turn_how", {"how": win.how.value}))
    if dealer in win.winners:
        if win.discarder is not None:
            out.append(Problem(where, "tianhu_off_discard"))
        discarded = [i for i, seat in enumerate(seats) if seat[2]]
        if discarded:
            out.append(Problem(where, "tianhu_discards", {"seat": discarded[0]}))
        return out
    for w in win.winners:
        if seats[w][2]:
            out.append(Problem(where, "dihu_discards", {"seat": w}))
    if win.discarder is not None:
        if win.discarder != dealer:
            out.append(Problem(where, "dihu_not_dealers"))
        elif any(seat[2] for seat in seats):
            out.append(Problem(where, "dihu_ponds"))
    else:
        many = [i for i, seat in enumerate(seats) if len(seat[2]) > 1]
        if many:
            out.append(Problem(where, "first_turn_discards", {"seat": many[0]}))
    return out
