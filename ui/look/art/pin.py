"""筒 (dots): the coin circles in their traditional arrangements, 1p a large ornate medallion."""

from __future__ import annotations

import math

from ui.look import palette as pal
from ui.look.art.canvas import Canvas
from ui.look.art.shapes import circle, mix, rotated_ellipse, shade
from ui.look.palette import RGB

B, G, R = pal.INK_BLUE, pal.INK_GREEN, pal.INK_RED

# (x, y, colour) in design units for ranks 2-9, and the circle radius for each rank.
LAYOUTS: dict[int, tuple[float, list[tuple[float, float, RGB]]]] = {
    2: (18.0, [(50, 40, G), (50, 96, B)]),
    3: (14.5, [(24, 30, B), (50, 67, R), (76, 104, G)]),
    4: (16.5, [(29, 42, B), (71, 42, G), (29, 93, G), (71, 93, B)]),
    5: (14.0, [(26, 32, B), (74, 32, G), (50, 67, R), (26, 102, G), (74, 102, B)]),
    6: (13.5, [(30, 28, G), (70, 28, G), (30, 75, R), (70, 75, R), (30, 108, R), (70, 108, R)]),
    7: (
        11.5,
        [(23, 20, G), (50, 33, G), (77, 46, G), (31, 81, R), (69, 81, R), (31, 110, R), (69, 110, R)],
    ),
    8: (12.5, [(x, y, B) for y in (23.0, 52.0, 81.0, 110.0) for x in (31.0, 69.0)]),
    9: (12.5, [(x, y, colour) for y, colour in ((29.0, B), (67.0, R), (105.0, G)) for x in (22.0, 50.0, 78.0)]),
}


def draw_coin(c: Canvas, x: float, y: float, r: float, colour: RGB) -> None:
    """One dot: a coloured rim, an ivory gap, a petalled ring and a centre boss; simpler when shown small."""
    s = c.surface
    centre = c.pt(x, y)
    rp = c.px(r)
    dark = shade(colour, 0.62)
    circle(s, dark, centre, rp)
    circle(s, colour, centre, rp * 0.9)
    circle(s, pal.IVORY, centre, rp * 0.7)
    if c.shown_px(r) >= 6:
        # Eight petals around the boss, the pattern carved on the old coin dots.
        for k in range(8):
            a = math.pi * k / 4
            px = centre[0] + math.cos(a) * rp * 0.47
            py = centre[1] + math.sin(a) * rp * 0.47
            circle(s, colour, (px, py), rp * 0.16)
        circle(s, pal.IVORY, centre, rp * 0.36)
        circle(s, dark, centre, rp * 0.24)
        circle(s, mix(colour, pal.IVORY, 0.55), centre, rp * 0.1)
    else:
        circle(s, colour, centre, rp * 0.42)
        circle(s, pal.IVORY, centre, rp * 0.18)


def draw_one_pin(c: Canvas) -> None:
    """1p: the big medallion with a petalled green rim, a red ring and a blue flower at the centre."""
    s = c.surface
    cx, cy = 50.0, c.units_h / 2
    centre = c.pt(cx, cy)
    rp = c.px(40)
    detailed = c.shown_px(40) >= 14
    circle(s, pal.INK_GREEN_DARK, centre, rp)
    circle(s, pal.INK_GREEN, centre, rp * 0.95)
    circle(s, pal.IVORY, centre, rp * 0.86)
    petals = 16 if detailed else 8
    for k in range(petals):
        a = 2 * math.pi * k / petals
        px = centre[0] + math.cos(a) * rp * 0.76
        py = centre[1] + math.sin(a) * rp * 0.76
        rotated_ellipse(s, pal.INK_GREEN, (px, py), rp * 0.12, rp * 0.075, -math.degrees(a))
    circle(s, pal.INK_RED_DARK, centre, rp * 0.64)
    circle(s, pal.INK_RED, centre, rp * 0.6)
    circle(s, pal.IVORY, centre, rp * 0.5)
    circle(s, pal.INK_BLUE, centre, rp * 0.44)
    if detailed:
        for k in range(8):
            a = math.pi * k / 4 + math.pi / 8
            px = centre[0] + math.cos(a) * rp * 0.27
            py = centre[1] + math.sin(a) * rp * 0.27
            rotated_ellipse(s, pal.IVORY, (px, py), rp * 0.12, rp * 0.055, -math.degrees(a))
    circle(s, pal.IVORY, centre, rp * 0.16)
    circle(s, pal.INK_RED, centre, rp * 0.1)


def draw_pin(c: Canvas, rank: int) -> None:
    """The dots of `rank` (1-9) on the face plate."""
    if rank == 1:
        draw_one_pin(c)
        return
    radius, coins = LAYOUTS[rank]
    # Centre the layout (designed for a 132-unit plate) on the actual plate height.
    dy = (c.units_h - 133.0) / 2
    for x, y, colour in coins:
        draw_coin(c, x, y + dy, radius, colour)
