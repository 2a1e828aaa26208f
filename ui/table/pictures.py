"""The picture of a tile in a slot: face or back, standing, lying or edge-on, with its look."""

from __future__ import annotations

import pygame

from ui.look.tile_art import Look
from ui.table.geometry import Slot
from ui.table.model import HIDDEN


def tile_picture(slot: Slot, tile: int, look: Look = Look.NORMAL) -> pygame.Surface:
    """The cached surface showing `tile` (HIDDEN: its back) in `slot`."""
    art = slot.art
    if slot.edge:
        # Seen from above, a standing tile shows its ivory face layer toward its owner and its
        # green back toward the middle of the table: the left seat's tiles are green on the right.
        return art.edge("left" if slot.turn == 90 else "right")
    if slot.upright:
        if slot.face_up and tile != HIDDEN:
            return art.face(tile, look)
        return art.back(look)
    if slot.face_up and tile != HIDDEN:
        return art.lying(tile, slot.turn, look)
    return art.lying_back(slot.turn, look)


def blit_tile(surface: pygame.Surface, slot: Slot, tile: int, look: Look = Look.NORMAL, lift: int = 0) -> None:
    """Draw `tile` in `slot`, raised `lift` px."""
    x, y = slot.pos
    surface.blit(tile_picture(slot, tile, look), slot.art.blit_pos(x, y - lift))
