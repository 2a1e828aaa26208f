"""The discard ponds: rows of six in front of each seat, the last discard marked."""

from __future__ import annotations

import pygame

from ui.look import palette as pal
from ui.look.tile_art import Look
from ui.table.geometry import pond_slot
from ui.table.pictures import blit_tile
from ui.table.view import TableView


def pond_signature(view: TableView, seat: int) -> tuple[object, ...]:
    """What seat `seat`'s pond shows."""
    m = view.model
    pond = tuple(m.ponds[seat])
    hidden = tuple(i for i in range(len(pond)) if ("pond", seat, i) in view.hidden)
    last = m.last_discard[1] if m.last_discard is not None and m.last_discard[0] == seat else None
    claim = view.claimable and last is not None
    lit = view.chickens_lit(seat) and view.chicken_look_in_ponds()
    return (pond, hidden, last, claim, lit, view.chickens if lit else None)


def draw_pond(surface: pygame.Surface, view: TableView, seat: int) -> None:
    """Draw the pond of `seat`."""
    m = view.model
    pond = m.ponds[seat]
    last = m.last_discard[1] if m.last_discard is not None and m.last_discard[0] == seat else None
    lit = view.chickens_lit(seat) and view.chicken_look_in_ponds()
    items = []
    for i, tile in enumerate(pond):
        if ("pond", seat, i) in view.hidden:
            continue
        slot = pond_slot(view.layout, seat, i, len(pond))
        look = Look.NORMAL
        if i == last and view.claimable:
            look = Look.CLAIMABLE
        if lit and tile in view.chickens:
            look |= Look.CHICKEN
        items.append((slot.pos[1], slot.pos[0], slot, tile, look))
    items.sort(key=lambda it: (it[0], it[1]))
    for _y, _x, slot, tile, look in items:
        blit_tile(surface, slot, tile, look)


def last_discard_rect(view: TableView) -> tuple[int, pygame.Rect] | None:
    """The seat and rectangle of the last discard, for its marker; None when there is none or it is in flight."""
    m = view.model
    if m.last_discard is None:
        return None
    seat, index = m.last_discard
    if ("pond", seat, index) in view.hidden or index >= len(m.ponds[seat]):
        return None
    return seat, pond_slot(view.layout, seat, index, len(m.ponds[seat])).rect


def place_marker(marker: pygame.Surface, seat: int, rect: pygame.Rect, bob: int) -> pygame.Rect:
    """Where the marker goes: on the outer side of the last discard, where the pond grows toward its seat
    (the newest tile is in the outermost row, so that side is free), pointing at the tile."""
    r = marker.get_rect()
    if seat == 0:
        r.midtop = (rect.centerx, rect.bottom + 1 + bob)
    elif seat == 2:
        r.midbottom = (rect.centerx, rect.top - 1 - bob)
    elif seat == 1:
        r.midleft = (rect.right + 1 + bob, rect.centery)
    else:
        r.midright = (rect.left - 1 - bob, rect.centery)
    return r


def marker_picture(scale: float, seat: int = 2) -> pygame.Surface:
    """A small red pointer beside the last discard of `seat`, pointing at it."""
    down = _marker_down(scale)
    angle = {2: 0, 0: 180, 3: 90, 1: 270}[seat]
    return pygame.transform.rotate(down, angle) if angle else down


def _marker_down(scale: float) -> pygame.Surface:
    s = max(4, round(7 * scale))
    out = pygame.Surface((2 * s + 2, s + 3), pygame.SRCALPHA)
    points = [(1, 0), (2 * s + 1, 0), (s + 1, s + 1)]
    pygame.draw.polygon(out, (0, 0, 0, 140), [(x, y + 2) for x, y in points])
    pygame.draw.polygon(out, pal.TEXT_RED, points)
    pygame.draw.polygon(out, (255, 210, 200), points, 1)
    return out
