"""The plain tile faces: the tile's number as a large bold numeral over a simple sign of its suit, in strong ink.

万 is the character 万, 筒 a ring with a dot, 条 a bamboo stick, each suit in its own colour (red, blue, green), so a
tile reads at a glance from across a room. The chickens stay chickens: 1s (幺鸡) shows its rooster beside the 1,
and 8p (乌骨鸡) a small black hen beside its ring.
"""

from __future__ import annotations

import functools

import pygame

from ui.look.art.bird import draw_bird
from ui.look.art.canvas import FACE_UNITS_W, Canvas
from ui.look.art.shapes import circle, ellipse, new_surface, polygon
from ui.look.art.sou import stick_surface
from ui.look.fonts import get_font
from ui.look.palette import RGB

# The suits' inks: dark enough to stand out on ivory, apart enough to tell the suits by colour alone.
SUIT_INK: tuple[RGB, RGB, RGB] = ((178, 16, 22), (14, 52, 168), (0, 112, 46))
HEN_INK: RGB = (24, 24, 34)  # the black-bone hen (乌骨鸡) of 8p
GLYPH_PX = 160  # glyphs are drawn once at this size and scaled to each face

# Boxes (x, y, w, h) in design units, on a face 100 units across and about 132 down.
NUMERAL_BOX = (8.0, 5.0, 84.0, 76.0)
SIGN_BOX = (12.0, 86.0, 76.0, 40.0)
ONE_BOX = (4.0, 10.0, 34.0, 112.0)  # 1s: the narrow 1 at the left, standing the face's height
BIRD_BOX = (34.0, 14.0, 64.0, 104.0)  # 1s: the rooster beside it


@functools.lru_cache(maxsize=64)
def _glyph(text: str, colour: RGB) -> pygame.Surface:
    """`text` in the bold UI font at GLYPH_PX, cropped to its inked pixels."""
    surf = get_font(GLYPH_PX, bold=True).render(text, True, colour)
    return surf.subsurface(surf.get_bounding_rect(min_alpha=8)).copy()


def _blit_fitted(c: Canvas, picture: pygame.Surface, box: tuple[float, float, float, float]) -> None:
    """`picture` scaled to fit `box` (design units), its proportions kept, centred in it."""
    x, y, bw, bh = box
    dy = (c.units_h - 133.0) / 2
    pw, ph = picture.get_size()
    scale = min(c.px(bw) / pw, c.px(bh) / ph)
    size = (max(1, round(pw * scale)), max(1, round(ph * scale)))
    scaled = pygame.transform.smoothscale(picture, size)
    cx, cy = c.pt(x + bw / 2, y + dy + bh / 2)
    c.surface.blit(scaled, scaled.get_rect(center=(round(cx), round(cy))))


def _ring(c: Canvas, box: tuple[float, float, float, float], ink: RGB) -> None:
    """筒's sign: a thick ring round a dot."""
    x, y, bw, bh = box
    dy = (c.units_h - 133.0) / 2
    centre = c.pt(x + bw / 2, y + dy + bh / 2)
    r = c.px(min(bw, bh) / 2)
    circle(c.surface, ink, centre, r, width=max(1, round(r * 0.36)))
    circle(c.surface, ink, centre, r * 0.3)


def _stick(c: Canvas, box: tuple[float, float, float, float], ink: RGB) -> None:
    """条's sign: one upright bamboo stick."""
    x, y, bw, bh = box
    stick = stick_surface(c.px(bh * 0.92), c.px(bh * 0.36), ink, c.shown_px(bh) >= 14)
    _blit_fitted(c, stick, (x + bw / 2 - bh * 0.3, y, bh * 0.6, bh))


def _hen(c: Canvas, box: tuple[float, float, float, float], ink: RGB) -> None:
    """A small hen facing left, in solid ink: body, tail, head, comb and beak."""
    x, y, bw, bh = box
    dy = (c.units_h - 133.0) / 2
    k = min(bw, bh) / 100  # the hen is designed 100 units square

    def p(px: float, py: float) -> tuple[float, float]:
        return c.pt(x + (bw - 100 * k) / 2 + px * k, y + dy + (bh - 100 * k) / 2 + py * k)

    s = c.surface
    polygon(s, ink, [p(58, 58), p(86, 18), p(96, 34), p(82, 70)])  # the tail, raised
    ellipse(s, ink, p(54, 64), c.px(34 * k), c.px(26 * k))
    circle(s, ink, p(26, 30), c.px(15 * k))
    polygon(s, ink, [p(18, 38), p(38, 38), p(44, 62), p(24, 62)])  # the neck
    for cx, cy in ((20, 13), (28, 11), (35, 15)):
        circle(s, SUIT_INK[0], p(cx, cy), c.px(6 * k))  # a red comb: the hen reads as a hen, not a blot
    polygon(s, ink, [p(12, 26), p(0, 33), p(12, 38)])
    circle(s, (250, 245, 228), p(23, 27), c.px(3.5 * k))  # the eye
    for fx in (46, 62):
        pygame.draw.line(s, ink, p(fx, 86), p(fx - 3, 100), max(1, round(c.px(5 * k))))


def _bird(c: Canvas, box: tuple[float, float, float, float]) -> None:
    """1s's rooster (the painted face's own), fitted into `box`."""
    u = c.u * box[2] / 90  # the rooster spans about 90 of its 100 units across
    art = new_surface((max(1, round(FACE_UNITS_W * u)), max(1, round(133 * u))))
    draw_bird(Canvas(art, u=u, shown_u=c.shown_u * box[2] / 90))
    bounds = art.get_bounding_rect(min_alpha=8)
    if bounds.width and bounds.height:
        _blit_fitted(c, art.subsurface(bounds).copy(), box)


def draw_plain(c: Canvas, suit: int, rank: int) -> None:
    """The plain face of the tile of `suit` (0 万, 1 筒, 2 条) and `rank` (1-9) on the face plate."""
    ink = SUIT_INK[suit]
    numeral = _glyph(str(rank), ink)
    if suit == 2 and rank == 1:
        _blit_fitted(c, numeral, ONE_BOX)
        _bird(c, BIRD_BOX)
        return
    _blit_fitted(c, numeral, NUMERAL_BOX)
    x, y, w, h = SIGN_BOX
    if suit == 0:
        _blit_fitted(c, _glyph("万", ink), SIGN_BOX)
    elif suit == 1 and rank == 8:
        _ring(c, (x - 6, y, w / 2, h), ink)
        _hen(c, (x + w / 2 + 2, y - 2, w / 2, h + 4), HEN_INK)
    elif suit == 1:
        _ring(c, SIGN_BOX, ink)
    else:
        _stick(c, SIGN_BOX, ink)


def warm_plain() -> None:
    """Open the bold font at the glyphs' size and draw the glyphs (the first plain face costs the most)."""
    for suit, ink in enumerate(SUIT_INK):
        for rank in range(1, 10):
            _glyph(str(rank), ink)
        if suit == 0:
            _glyph("万", ink)
