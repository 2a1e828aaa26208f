"""What a seat or a spectator may see of an event: the one rule, for the window and the network alike.

Events carry the whole truth. A seat sees its own concealed tiles and everything public; a
spectator sees only what is public. Four things are not public: another seat's dealt and
drawn tiles, the suit another seat names in 定缺 until all are shown together (docs/rules.md
§15.3), a seat's passing up of a win (it tells that the seat was waiting on that tile, so only
the seat that passed knows it), and the hand's seed (it determines the wall, so a viewer that
knew it could deal the hand itself).
"""

from __future__ import annotations

import dataclasses

from game.engine.events import Event, HandStarted, SuitNamed, TileDrawn, TilesDealt, WinPassed

SPECTATOR = -1  # the viewer who sits at no seat (or a shared screen): every concealed tile hidden


def visible(event: Event, viewer: int) -> Event | None:
    """`event` as `viewer` (a seat, or SPECTATOR) may see it; None when the viewer may not know of it at all."""
    if isinstance(event, TileDrawn):
        if event.seat != viewer and event.tile is not None:
            return dataclasses.replace(event, tile=None)
    elif isinstance(event, TilesDealt):
        if event.seat != viewer and event.tiles is not None:
            return dataclasses.replace(event, tiles=None)
    elif isinstance(event, SuitNamed):
        if event.seat != viewer and event.suit is not None:
            return dataclasses.replace(event, suit=None)
    elif isinstance(event, WinPassed):
        if event.seat != viewer:
            return None
    elif isinstance(event, HandStarted) and event.seed:
        return dataclasses.replace(event, seed="")
    return event


def visible_events(events: list[Event], viewer: int) -> list[Event]:
    """The events `viewer` may know of, each as it may see it, in order."""
    out = []
    for e in events:
        shown = visible(e, viewer)
        if shown is not None:
            out.append(shown)
    return out
