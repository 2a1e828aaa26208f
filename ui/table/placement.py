"""Where the table's banners, chips, dice and callouts sit, and how big they are, at a layout."""

from __future__ import annotations

import pygame

from ui.look.fonts import get_font
from ui.look.layout import Layout
from ui.stage.tween import Point
from ui.table.actors import (
    banner_picture,
)
from ui.table.geometry import Slot
from ui.words import strings as S


def banner_for(text: str, layout: Layout) -> pygame.Surface:
    """The banner picture of `text`: long captions shrink to stay between the side walls."""
    return banner_picture(text, *banner_fit(text, layout))


def banner_fit(text: str, layout: Layout) -> tuple[int, int]:
    """The text size and the ribbon's least width of the banner of `text` at `layout`."""
    base = size = layout.font["banner"]
    room = layout.zones["wall1"].left - layout.zones["wall3"].right - 2 * layout.gap
    # Text grows in proportion to its size: measured once at the banner's size, not drawn (or the font
    # opened) at each smaller size in turn.
    width = get_font(base, True).size(text)[0]
    while size > layout.font["body"] and width * size / base + size * 2 > room:
        size -= 2
    return size, min(room, round(layout.zones["compass"].width * 2.2))


def chip_size(layout: Layout) -> int:
    """How big the coins carrying payments between the plates are."""
    return max(18, round(layout.font["score"] * 1.3))


def dice_area(layout: Layout) -> pygame.Rect:
    """Where dice roll: the middle of the table, the compass and the ponds around it."""
    return layout.zones["compass"].union(layout.zones["pond0"]).union(layout.zones["pond2"])


def dice_size(layout: Layout) -> int:
    """How big a die is: as wide as one of the player's own tiles, so it reads from across the room."""
    return max(28, round(layout.tiles.hand * 1.05))


def break_caption(dice: tuple[int, int] | None, wind: str, stack: int) -> str:
    """The break in words: "7点：东家牌墙，右数第4墩开牌"."""
    if dice is None:
        return S.tr("banner_break_at_nodice", wall=wind, n=stack)
    return S.tr("banner_break_at", total=dice[0] + dice[1], wall=wind, n=stack)


def wall_gap_px(layout: Layout) -> float:
    """How wide the wall opens at the break, in px."""
    return max(4.0, layout.tiles.wall * 0.35)


def new_indices(before: list[int], after: list[int]) -> list[int]:
    """Indices in `after` of the tiles that were not in `before` (both sorted; copies matched left to right)."""
    remaining = list(before)
    out = []
    for i, t in enumerate(after):
        if t in remaining:
            remaining.remove(t)
        else:
            out.append(i)
    return out


def centred(slot_from: Slot, slot_to: Slot, pad: int) -> Point:
    """Where to put a picture sized for `slot_to` so it sits centred on `slot_from`."""
    cx, cy = slot_from.centre
    w, h = slot_to.body
    return (cx - w / 2 - pad, cy - h / 2 - pad)


def callout_point(layout: Layout, seat: int) -> Point:
    """Where calls by `seat` pop up: between its pond and its rack."""
    pond = layout.zones[f"pond{seat}"]
    rack = layout.zones[f"rack{seat}"]
    wall = layout.zones[f"wall{seat}"]
    if seat == 0:
        return (pond.centerx, (pond.centery + wall.centery) / 2)
    if seat == 2:
        return (pond.centerx, (pond.centery + wall.centery) / 2)
    x = (pond.centerx + wall.centerx) / 2
    return (x, (pond.centery + rack.centery) / 2)
