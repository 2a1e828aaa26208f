"""Each seat's rack: the hand (the player's face up, the others' backs) and the melds beside it."""

from __future__ import annotations

import pygame

from ui.look.layout import Layout
from ui.look.tile_art import Look
from ui.table.geometry import RackGeometry, Slot, rack_geometry
from ui.table.model import HIDDEN, TableModel
from ui.table.pictures import blit_tile
from ui.table.view import TableView


def rack_tiles(m: TableModel, seat: int) -> tuple[list[int], bool, bool]:
    """(tiles in the order shown, whether the last is set apart, whether the hand is laid open)."""
    revealed = m.revealed[seat]
    if revealed is None:
        tiles = list(m.hands[seat])
        drawn = m.drawn[seat]
        if drawn is not None:
            tiles.append(drawn)
        return tiles, drawn is not None, False
    tiles = list(revealed)
    apart = False
    win = m.win
    if win is not None and seat in win.winners and win.tile in tiles:
        # The winning tile is shown apart, as it was drawn or taken.
        tiles.remove(win.tile)
        tiles.append(win.tile)
        apart = True
    return tiles, apart, seat != 0


def geometry_for(layout: Layout, m: TableModel, seat: int) -> RackGeometry:
    """The slots of `seat`'s rack as the model holds it now."""
    tiles, apart, laid_open = rack_tiles(m, seat)
    return rack_geometry(layout, seat, len(tiles) - apart, apart, m.melds[seat], laid_open)


def rack_signature(view: TableView, seat: int) -> tuple[object, ...]:
    """What seat `seat`'s rack shows."""
    m = view.model
    tiles, apart, laid_open = rack_tiles(m, seat)
    hidden = tuple(sorted((k for k in view.hidden if len(k) > 1 and k[1] == seat), key=repr))
    lit = view.chickens_lit(seat)
    ui = view.hand_ui if seat == 0 else None
    win = m.win if m.win is not None and seat in m.win.winners else None
    return (tuple(tiles), apart, laid_open, tuple(m.melds[seat]), hidden, lit, view.chickens if lit else None, ui, win)


def draw_rack(surface: pygame.Surface, view: TableView, seat: int) -> None:
    """Draw `seat`'s hand and melds."""
    m = view.model
    tiles, apart, _laid_open = rack_tiles(m, seat)
    geo = geometry_for(view.layout, m, seat)
    lit = view.chickens_lit(seat)
    ui = view.hand_ui
    ended = m.revealed[seat] is not None
    items: list[tuple[int, int, int, Slot, int, Look]] = []
    slots = list(geo.hand) + ([geo.drawn] if geo.drawn is not None else [])
    for i, slot in enumerate(slots):
        key: tuple[object, ...] = ("drawn", seat) if apart and i == len(slots) - 1 else ("hand", seat, i)
        if key in view.hidden or (seat == 0 and i == ui.dragged and not ended):
            continue
        tile = tiles[i] if i < len(tiles) else HIDDEN
        look = Look.NORMAL
        lift = 0
        if seat == 0 and not ended:
            if i in ui.dimmed:
                look |= Look.DIMMED
            if tile in ui.chicken_kinds:
                look |= Look.CHICKEN
            if i == ui.hinted:
                look |= Look.CLAIMABLE
            if i == ui.selected:
                look |= Look.SELECTED
                lift = slot.art.lift
            elif i == ui.hover:
                lift = slot.art.lift // 2
        if ended:
            if lit and tile in view.chickens:
                look |= Look.CHICKEN
            if apart and i == len(slots) - 1:
                look |= Look.WINNING
        items.append((slot.pos[1], slot.pos[0], lift, slot, tile, look))
    for ms in geo.melds:
        if ("meld", seat, ms.meld) in view.hidden:
            continue
        meld = m.melds[seat][ms.meld]
        look = Look.NORMAL
        if lit and view.chicken_look_in_ponds() and meld.tile in view.chickens and ms.slot.face_up:
            look = Look.CHICKEN
        items.append((ms.slot.pos[1], ms.slot.pos[0], 0, ms.slot, meld.tile, look))
    items.sort(key=lambda it: (it[0], it[1]))
    for _y, _x, lift, slot, tile, look in items:
        blit_tile(surface, slot, tile, look, lift)
