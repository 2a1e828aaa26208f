"""万 (characters): the Chinese numeral in dark ink over a red 萬, as on the classic tiles."""

from __future__ import annotations

import functools

import pygame

from ui.look import palette as pal
from ui.look.art.canvas import Canvas
from ui.look.fonts import get_tile_font

NUMERALS = "一二三四五六七八九"
WAN = "萬"
WIDEN = 1.1  # tile lettering is a little wider than the font's

# Boxes (x, y, w, h) in design units that the numeral and 萬 are fitted into.
NUMERAL_BOX = (10.0, 7.0, 80.0, 53.0)
WAN_BOX = (9.0, 60.0, 82.0, 66.0)


def _glyph(text: str, px_size: int, colour: pal.RGB, weight: float = 0.0) -> pygame.Surface:
    """`text` in the tile font, cropped to its inked pixels; `weight` thickens strokes by that share of the size."""
    font = get_tile_font(max(4, px_size))
    surf = font.render(text, True, colour)
    radius = round(px_size * weight)
    if radius > 0:
        # Stamping the glyph around a small disc thickens every stroke evenly, like a heavier cut.
        bold = pygame.Surface((surf.get_width() + 2 * radius, surf.get_height() + 2 * radius), pygame.SRCALPHA)
        bold.fill((*colour, 0))
        for dx in range(-radius, radius + 1):
            for dy in range(-radius, radius + 1):
                if dx * dx + dy * dy <= radius * radius:
                    bold.blit(surf, (radius + dx, radius + dy))
        surf = bold
    return surf.subsurface(surf.get_bounding_rect(min_alpha=8)).copy()


def _place(c: Canvas, glyph: pygame.Surface, scale: float, box: tuple[float, float, float, float]) -> None:
    """Blit `glyph` scaled by `scale` (widened a little, as tile lettering is) centred in `box`."""
    w = max(1, round(glyph.get_width() * scale * WIDEN))
    h = max(1, round(glyph.get_height() * scale))
    scaled = pygame.transform.smoothscale(glyph, (w, h))
    x, y, bw, bh = box
    centre = c.pt(x + bw / 2, y + bh / 2)
    c.surface.blit(scaled, scaled.get_rect(center=(round(centre[0]), round(centre[1]))))


@functools.lru_cache(maxsize=64)
def _numeral_extent(px_size: int) -> tuple[int, int]:
    """The widest and tallest inked size among the nine numerals at `px_size`."""
    sizes = [_glyph(ch, px_size, pal.INK_BLACK).get_size() for ch in NUMERALS]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def draw_man(c: Canvas, rank: int) -> None:
    """The character tile of `rank` (1-9) on the face plate."""
    dy = (c.units_h - 133.0) / 2
    nx, ny, nw, nh = NUMERAL_BOX
    wx, wy, ww, wh = WAN_BOX
    em = max(8, round(c.px(nh)))
    # One scale for every numeral, set by the largest inked box, so 一 stays a single stroke.
    widest, tallest = _numeral_extent(em)
    scale = min(c.px(nw) / (widest * WIDEN), c.px(nh) / tallest)
    # Thin serif strokes vanish on small tiles, so the smaller the tile the heavier the ink.
    weight = 0.018 + max(0.0, 1.0 - c.shown_px(nh) / 40.0) * 0.03
    numeral = _glyph(NUMERALS[rank - 1], em, pal.INK_BLACK, weight)
    _place(c, numeral, scale, (nx, ny + dy, nw, nh))
    wan = _glyph(WAN, max(8, round(c.px(wh))), pal.INK_RED, weight * 0.6)
    wan_scale = min(c.px(ww) / (wan.get_width() * WIDEN), c.px(wh) / wan.get_height())
    _place(c, wan, wan_scale, (wx, wy + dy, ww, wh))


def warm_man(u: float) -> None:
    """Open the tile font at the sizes draw_man uses at `u` px per design unit, and measure the numerals there:
    the first character tile of a size costs that much more than the others (drawn ahead, a part a frame)."""
    em = max(8, round(NUMERAL_BOX[3] * u))
    _numeral_extent(em)
    get_tile_font(max(4, max(8, round(WAN_BOX[3] * u))))
