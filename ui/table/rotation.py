"""Turning the table so that the seat looking at it sits at the bottom.

The drawing code puts model seat 0 at the bottom. With several people at one screen the table
is turned for whoever is deciding: every seat (and every wall side, which belongs to the seat
in front of it) in an event is renumbered relative to that seat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from game.engine.events import (
    Claimed,
    DealerChosen,
    DiceRolled,
    Event,
    HandEnded,
    HandSettled,
    HandStarted,
    HandWon,
    KongDeclared,
    ReadyDeclared,
    TileDiscarded,
    TileDrawn,
    TileFlipped,
    TilesDealt,
    WallBroken,
    WallBuilt,
    WinPassed,
)

Place = tuple[int, int, int]
T = TypeVar("T")


def turned_seat(seat: int, by: int) -> int:
    """Where engine seat `seat` sits on a table turned for seat `by` (that seat becomes 0)."""
    return (seat - by) % 4


def engine_seat(seat: int, by: int) -> int:
    """The engine seat shown at place `seat` of a table turned for seat `by`."""
    return (seat + by) % 4


def _place(p: Place, by: int) -> Place:
    return (turned_seat(p[0], by), p[1], p[2])


def _per_seat(values: tuple[T, ...], by: int) -> tuple[T, ...]:
    """A per-seat tuple reordered so that index k is turned seat k."""
    return tuple(values[engine_seat(k, by)] for k in range(len(values)))


def turn_event(e: Event, by: int) -> Event:
    """`e` as seen on a table turned for seat `by`; by 0 gives the event itself."""
    if by % 4 == 0:
        return e

    def t(seat: int) -> int:
        return turned_seat(seat, by)

    if isinstance(e, HandStarted):
        return replace(e, dealer=None if e.dealer is None else t(e.dealer))
    if isinstance(e, DealerChosen):
        return replace(e, dealer=t(e.dealer), counted=tuple(t(s) for s in e.counted))
    if isinstance(e, WallBuilt):
        s = _per_seat(e.stacks, by)
        return replace(e, stacks=(s[0], s[1], s[2], s[3]))
    if isinstance(e, WallBroken):
        return replace(
            e,
            side=t(e.side),
            counted=tuple(t(s) for s in e.counted),
            first=_place(e.first, by),
            tail=_place(e.tail, by),
        )
    if isinstance(e, TilesDealt):
        return replace(e, seat=t(e.seat), places=tuple(_place(p, by) for p in e.places))
    if isinstance(e, TileDrawn):
        return replace(e, seat=t(e.seat), place=_place(e.place, by))
    if isinstance(e, DiceRolled | ReadyDeclared | TileDiscarded | KongDeclared | WinPassed):
        return replace(e, seat=t(e.seat))
    if isinstance(e, Claimed):
        return replace(e, seat=t(e.seat), source=t(e.source))
    if isinstance(e, HandWon):
        return replace(
            e,
            winners=tuple(t(s) for s in e.winners),
            discarder=None if e.discarder is None else t(e.discarder),
        )
    if isinstance(e, TileFlipped):
        return replace(e, place=_place(e.place, by))
    if isinstance(e, HandEnded):
        return replace(e, hands=_per_seat(e.hands, by), ready=_per_seat(e.ready, by))
    if isinstance(e, HandSettled):
        return replace(e, nets=_per_seat(e.nets, by), scores=_per_seat(e.scores, by), next_dealer=t(e.next_dealer))
    return e
