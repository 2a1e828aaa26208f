"""Turning the table so that the seat looking at it sits at the bottom, and seating a smaller table.

The drawing code knows four places round the table: 0 at the bottom, 1 on the right (下家), 2 across
(对家), 3 on the left (上家). Every seat (and every wall side, which belongs to the seat in front of it)
in an event is renumbered to the place where it sits for the seat the table is turned for: with
several people at one screen, whoever is deciding. At three players the place across stays empty
and at two the places at the sides do (docs/rules.md §15.2); a per-seat value of an event becomes
one per place, the empty places given an empty value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from game.core.ruleset import MAX_PLAYERS, SEAT_PLACES, place_seat, seat_place
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
    SuitNamed,
    SuitsShown,
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


def table_places(players: int) -> tuple[int, ...]:
    """The places where someone sits at a table of `players`, the bottom first (docs/rules.md §15.2)."""
    return SEAT_PLACES[players]


def turned_seat(seat: int, by: int, players: int) -> int:
    """The place where engine seat `seat` sits on a table of `players` turned for seat `by` (that seat is place 0)."""
    return seat_place(players, seat, by)


def engine_seat(place: int, by: int, players: int) -> int:
    """The engine seat shown at `place` of a table of `players` turned for seat `by`; ValueError at an empty place."""
    seat = place_seat(players, place, by)
    if seat is None:
        raise ValueError(f"no one sits at place {place} of a table of {players}")
    return seat


def _place(p: Place, by: int, players: int) -> Place:
    return (turned_seat(p[0], by, players), p[1], p[2])


def per_place(values: tuple[T, ...], by: int, empty: T) -> tuple[T, ...]:
    """A per-seat tuple as one per place: index k holds the value of the seat at place k, `empty` where none sits."""
    players = len(values)
    return tuple(empty if (seat := place_seat(players, k, by)) is None else values[seat] for k in range(MAX_PLAYERS))


def turn_event(e: Event, by: int, players: int) -> Event:
    """`e` as seen on a table of `players` turned for seat `by`, its seats renumbered to places; at four players
    and by 0 the event itself."""
    if by % players == 0 and players == MAX_PLAYERS:
        return e

    def t(seat: int) -> int:
        return turned_seat(seat, by, players)

    if isinstance(e, HandStarted):
        return replace(e, dealer=None if e.dealer is None else t(e.dealer))
    if isinstance(e, DealerChosen):
        return replace(e, dealer=t(e.dealer), counted=tuple(t(s) for s in e.counted))
    if isinstance(e, WallBuilt):
        return replace(e, stacks=per_place(e.stacks, by, 0))
    if isinstance(e, WallBroken):
        return replace(
            e,
            side=t(e.side),
            counted=tuple(t(s) for s in e.counted),
            first=_place(e.first, by, players),
            tail=_place(e.tail, by, players),
        )
    if isinstance(e, TilesDealt):
        return replace(e, seat=t(e.seat), places=tuple(_place(p, by, players) for p in e.places))
    if isinstance(e, TileDrawn):
        return replace(e, seat=t(e.seat), place=_place(e.place, by, players))
    if isinstance(e, DiceRolled | ReadyDeclared | TileDiscarded | KongDeclared | WinPassed | SuitNamed):
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
        return replace(e, place=_place(e.place, by, players))
    if isinstance(e, SuitsShown):
        return replace(e, suits=per_place(e.suits, by, -1))
    if isinstance(e, HandEnded):
        return replace(e, hands=per_place(e.hands, by, ()), ready=per_place(e.ready, by, False))
    if isinstance(e, HandSettled):
        return replace(
            e, nets=per_place(e.nets, by, 0), scores=per_place(e.scores, by, 0), next_dealer=t(e.next_dealer)
        )
    return e


def turned_scores(scores: tuple[int, ...], by: int) -> tuple[int, ...]:
    """Running scores by seat as one per place of the table turned for seat `by` (0 where no one sits)."""
    return per_place(scores, by, 0)
