"""The same ended hand settled under another ruleset ("what if"), with notes where that ruleset would
not have allowed the win (the pass, several winners, robbing a kong) or scores no pattern for it.

Settlement pays whatever result it is given; the notes tell the player when the table under that
ruleset would never have come to this result.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from game.core import rulings
from game.core.result import HandResult, WinHow
from game.core.ruleset import Ruleset
from game.core.settlement import Ledger, settle
from game.core.settlement.context import SettleContext
from game.rules.loader import RulesetError, builtin_ruleset_names, load_ruleset

Note = tuple[str, dict[str, object]]  # a strings key and its fields


@dataclass(frozen=True)
class WhatIf:
    """A hand settled under `rules`: the ledger (None if it could not be settled) and notes on the win."""

    rules: Ruleset
    ledger: Ledger | None
    notes: tuple[Note, ...]


def win_notes(result: HandResult, rules: Ruleset) -> list[Note]:
    """Why `rules` would not have allowed this result's win, as strings keys with fields; empty if it would."""
    win = result.win
    if win is None:
        return []
    notes: list[Note] = []
    play = rules.play
    if len(win.winners) > 1 and not play.multiple_winners:
        notes.append(("whatif_one_winner", {}))
    if win.how is WinHow.ROB_KONG and not play.rob_kong:
        notes.append(("whatif_no_rob", {}))
    # The winners' patterns as the settlement reads them, not worked out again here.
    hands = SettleContext(result, rules).hands
    for seat in win.winners:
        s = result.seats[seat]
        pattern = hands[seat].pattern
        if pattern is None:
            notes.append(("whatif_no_pattern", {"seat": seat}))
            continue
        if win.how not in (WinHow.DISCARD, WinHow.ROB_KONG):
            continue  # a self-drawn win needs no pass
        allowed = rulings.win_allowed(
            pattern,
            s.melds,
            play,
            declared=s.declared_ready,
            hot=win.hot,
            robbing=win.how is WinHow.ROB_KONG,
            on_declared=win.discarder is not None and result.seats[win.discarder].declared_ready,
        )
        if not allowed:
            notes.append(("whatif_needs_pass", {"seat": seat, "pattern": pattern}))
    return notes


def what_if(result: HandResult, rules: Ruleset) -> WhatIf:
    """Settle `result` under `rules`; a failure becomes a note, never an exception."""
    try:
        ledger: Ledger | None = settle(result, rules)
    except (ValueError, KeyError, AssertionError, IndexError) as exc:
        return WhatIf(rules, None, (("whatif_error", {"error": str(exc) or type(exc).__name__}),))
    return WhatIf(rules, ledger, tuple(win_notes(result, rules)))


def ruleset_choices(current: Ruleset) -> list[Ruleset]:
    """The ruleset played first, then every other built-in ruleset that loads for a table like it: as many players
    and the same suits (a hand of three is not settled among four, docs/rules.md §15.2)."""
    like = [r for r in builtin_rulesets() if r.players == current.players and r.suits == current.suits]
    return [current, *(r for r in like if r.name != current.name)]


def builtin_rulesets() -> tuple[Ruleset, ...]:
    """Every built-in ruleset that loads, each read once: parsing them all takes longer than a frame, and
    they never change while the game runs (the table reads them one per frame ahead of need)."""
    found = (builtin_ruleset(name) for name in _builtin_names())
    return tuple(r for r in found if r is not None)


@functools.cache
def _builtin_names() -> tuple[str, ...]:
    """The shipped rulesets' names, listed once: looking through the folder takes a millisecond or more."""
    return tuple(builtin_ruleset_names())


@functools.cache
def builtin_ruleset(name: str) -> Ruleset | None:
    """The built-in ruleset `name`, read once; None if it does not load (the rules command reports why)."""
    try:
        return load_ruleset(name)
    except RulesetError:
        return None
