"""幺鸡 (1s): the bird of the one of bamboo, drawn as a rooster with a sweeping tail, facing left."""

from __future__ import annotations

import math

import pygame

from ui.look import palette as pal
from ui.look.art.canvas import Canvas
from ui.look.art.shapes import Point, circle, ellipse, polygon, rotated_ellipse, shade

GOLD_BEAK = (232, 168, 40)


def _feather(c: Canvas, base: Point, length: float, width: float, angle: float, colour: pal.RGB) -> None:
    """A long tail feather from `base` pointing at `angle` degrees (0 = right, counter-clockwise)."""
    a = math.radians(angle)
    mid = (base[0] + math.cos(a) * length / 2, base[1] - math.sin(a) * length / 2)
    rotated_ellipse(c.surface, shade(colour, 0.6), c.pt(*mid), c.px(length / 2 + 1.2), c.px(width + 1.2), angle)
    rotated_ellipse(c.surface, colour, c.pt(*mid), c.px(length / 2), c.px(width), angle)
    if c.shown_px(width) >= 2.5:
        # The quill: a pale line along the middle of the feather.
        tip = (base[0] + math.cos(a) * length * 0.9, base[1] - math.sin(a) * length * 0.9)
        start = c.pt(base[0] + math.cos(a) * length * 0.15, base[1] - math.sin(a) * length * 0.15)
        pygame.draw.line(c.surface, shade(colour, 1.5), start, c.pt(*tip), max(1, round(c.px(0.9))))


def draw_bird(c: Canvas) -> None:
    """The rooster, filling the face plate."""
    dy = (c.units_h - 133.0) / 2
    s = c.surface

    def p(x: float, y: float) -> Point:
        return c.pt(x, y + dy)

    def pp(x: float, y: float) -> Point:
        return (x, y + dy)

    # Tail first, so the body covers the feather roots.
    root = pp(60, 78)
    for length, width, angle, colour in (
        (34, 5.0, 14, pal.INK_BLUE),
        (42, 5.5, 36, pal.INK_GREEN),
        (50, 5.5, 58, pal.INK_RED),
        (52, 5.5, 78, pal.INK_BLUE),
        (46, 5.0, 98, pal.INK_GREEN),
    ):
        _feather(c, root, length, width, angle, colour)
    # A second, shorter fan in front of the first.
    for length, width, angle, colour in ((26, 4.5, 4, pal.INK_GREEN), (32, 4.5, 24, pal.INK_BLUE)):
        _feather(c, pp(58, 82), length, width, angle, colour)

    # Legs and feet.
    leg = shade(pal.INK_RED, 0.8)
    lw = max(1, round(c.px(2.6)))
    for hip, foot in (((42, 90), (38, 114)), ((52, 91), (52, 114))):
        pygame.draw.line(s, leg, p(*hip), p(*foot), lw)
        for toe in ((-7, 2), (6, 2), (0, 3)):
            pygame.draw.line(s, leg, p(*foot), p(foot[0] + toe[0], foot[1] + toe[1]), lw)
    ellipse(s, (0, 0, 0, 40), p(46, 118), c.px(22), c.px(3.5))

    # Body, breast and wing.
    ellipse(s, pal.INK_GREEN_DARK, p(48, 78), c.px(25), c.px(18.5))
    ellipse(s, pal.INK_GREEN, p(48, 78), c.px(23.5), c.px(17))
    ellipse(s, pal.INK_RED_DARK, p(33, 77), c.px(12.5), c.px(14))
    ellipse(s, pal.INK_RED, p(33, 76), c.px(11), c.px(12.5))
    rotated_ellipse(s, pal.INK_BLUE_DARK, p(52, 76), c.px(16), c.px(9.5), -12)
    rotated_ellipse(s, pal.INK_BLUE, p(52, 75.5), c.px(14.5), c.px(8), -12)
    if c.shown_px(16) >= 8:
        for k in range(3):
            x = 46 + k * 6
            pygame.draw.arc(
                s,
                pal.IVORY,
                pygame.Rect(p(x - 5, 70 + k)[0], p(x - 5, 70 + k)[1], c.px(10), c.px(10)),
                math.radians(200),
                math.radians(340),
                max(1, round(c.px(1.2))),
            )

    # Neck and head.
    polygon(s, pal.INK_RED_DARK, [p(26, 66), p(40, 64), p(38, 47), p(27, 47)])
    polygon(s, pal.INK_RED, [p(27.5, 65), p(38.5, 63), p(36.5, 48), p(28.5, 48)])
    circle(s, pal.INK_RED_DARK, p(32, 43), c.px(10))
    circle(s, pal.INK_RED, p(32, 43), c.px(9))
    # Comb: three lobes along the crown.
    for x, y, r in ((26, 33, 4.2), (32, 31, 4.8), (38, 33.5, 4.2)):
        circle(s, pal.INK_RED_DARK, p(x, y), c.px(r + 0.8))
        circle(s, (226, 52, 44), p(x, y), c.px(r))
    # Beak and wattle.
    polygon(s, shade(GOLD_BEAK, 0.7), [p(24, 39), p(13, 44.5), p(24, 48)])
    polygon(s, GOLD_BEAK, [p(24, 40), p(15, 44.5), p(24, 47)])
    ellipse(s, (226, 52, 44), p(24, 53), c.px(3.2), c.px(4.8))
    # Eye.
    circle(s, pal.IVORY, p(29, 41), c.px(3.2))
    circle(s, pal.INK_BLACK, p(28.5, 41), c.px(1.7))
