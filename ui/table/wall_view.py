"""The four wall sides: stacks of two face-down tiles, the break, the skipped stacks and the turned tile."""

from __future__ import annotations

import dataclasses

import pygame

from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import Layout
from ui.look.tile_art import Look
from ui.table.geometry import wall_slot
from ui.table.pictures import blit_tile, tile_picture
from ui.table.view import TableView


def wall_signature(view: TableView, side: int) -> tuple[object, ...]:
    """What wall side `side` shows; it is redrawn when this changes."""
    m = view.model
    if m.stacks is None or view.walls_hidden:
        return (None,)
    live = tuple(sorted(p for p in m.live if p[0] == side))
    brk = m.broken
    on_side = brk is not None and brk.side == side
    flip = m.flip.place if m.flip is not None and m.flip.place[0] == side else None
    flip_tile = m.flip.tile if flip is not None and m.flip is not None else None
    gap = round(view.wall_gap) if on_side else 0
    marks = view.marked_stacks if on_side else 0
    return (m.stacks, live, gap, marks, flip, flip_tile)


def draw_wall(surface: pygame.Surface, view: TableView, side: int) -> None:
    """Draw wall side `side` as the model holds it."""
    m = view.model
    if m.stacks is None or view.walls_hidden:
        return
    brk = m.broken
    skipped = brk.skipped if brk is not None and brk.side == side else -1
    gap = view.wall_gap if skipped >= 0 else 0.0
    places = [p for p in m.live if p[0] == side]
    flip = m.flip
    if flip is not None and flip.place[0] == side:
        places.append(flip.place)
    slots = []
    for p in set(places):
        slot = wall_slot(view.layout, p, m.stacks, gap, skipped)
        slots.append((slot.pos[1] + p[2] * slot.art.depth, p[2], slot.pos[0], p, slot))
    slots.sort(key=lambda item: (item[0], item[1], item[2]))
    for _y, _layer, _x, place, slot in slots:
        if flip is not None and place == flip.place:
            face_up = dataclasses.replace(slot, face_up=True)
            blit_tile(surface, face_up, flip.tile, Look.WINNING)
            # The turned tile (翻牌): a turning arrow on it as well as its red ring.
            marks.pin(surface, marks.flip_arrow(marks.tile_mark_size(slot.art.width)), face_up.rect)
        else:
            blit_tile(surface, slot, -1)
    if skipped >= 0 and view.marked_stacks > 0:
        _mark_skipped(surface, view, side, skipped)


def wall_side_picture(layout: Layout, stacks: tuple[int, ...], side: int) -> pygame.Surface:
    """Wall side `side` whole, every stack face down, on a transparent surface the size of its zone; cached."""

    def make() -> pygame.Surface:
        zone = layout.zones[f"wall{side}"]
        out = pygame.Surface(zone.size, pygame.SRCALPHA)
        slots = []
        for stack in range(stacks[side]):
            for layer in (0, 1):
                slot = wall_slot(layout, (side, stack, layer), stacks)
                slots.append((slot.pos[1] + layer * slot.art.depth, layer, slot.pos[0], slot))
        slots.sort(key=lambda item: (item[0], item[1], item[2]))
        for _y, _layer, _x, slot in slots:
            x, y = slot.pos
            out.blit(tile_picture(slot, -1), slot.art.blit_pos(x - zone.left, y - zone.top))
        return out

    return T.cached(("wall-side", layout.size, stacks, side), make)


def _mark_skipped(surface: pygame.Surface, view: TableView, side: int, skipped: int) -> None:
    """Gold dots on the stacks counted past, and a red one, ringed, where drawing starts."""
    m = view.model
    assert m.stacks is not None
    r = max(3, round(5 * view.layout.scale))
    for k in range(min(view.marked_stacks, skipped + 1)):
        slot = wall_slot(view.layout, (side, k, 1), m.stacks, view.wall_gap, skipped)
        cx, cy = slot.centre
        colour = pal.TEXT_RED if k == skipped else pal.TEXT_GOLD
        centre = (round(cx), round(cy))
        if k == skipped:
            # A ring round it: where drawing starts shows by its shape, not by its red alone.
            pygame.draw.circle(surface, (0, 0, 0), centre, 2 * r + 2)
            pygame.draw.circle(surface, pal.TEXT_RED, centre, 2 * r + 1, max(2, r // 2))
        pygame.draw.circle(surface, (0, 0, 0), centre, r + 1)
        pygame.draw.circle(surface, colour, centre, r)
