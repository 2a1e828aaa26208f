"""The chicken mark: a gold coin with a small white hen, pinned to tiles that score as chickens (鸡)."""

from __future__ import annotations

import pygame

from ui.look import palette as pal
from ui.look.art.shapes import circle, ellipse, new_surface, polygon, shade

SUPERSAMPLE = 4


def chicken_badge_surface(diameter: int) -> pygame.Surface:
    """A round chicken badge `diameter` px across, drawn large and scaled down for smooth edges."""
    d = max(6, diameter)
    big = d * SUPERSAMPLE
    s = new_surface((big, big), pal.CHICKEN_GOLD_DARK)
    c = big / 2

    def p(x: float, y: float) -> tuple[float, float]:
        # Design units: the badge is 100 across.
        return (x * big / 100, y * big / 100)

    circle(s, shade(pal.CHICKEN_GOLD_DARK, 0.8), (c, c), c)
    circle(s, pal.CHICKEN_GOLD, (c, c), c * 0.88)
    circle(s, shade(pal.CHICKEN_GOLD, 1.25), p(42, 40), c * 0.5)
    circle(s, pal.CHICKEN_GOLD, (c, c), c * 0.62)
    u = big / 100
    white = pal.IVORY_LIGHT
    # Hen facing left: tail, body, head, comb, beak.
    polygon(s, white, [p(60, 56), p(80, 30), p(84, 40), p(76, 62)])
    ellipse(s, white, p(52, 60), 22 * u, 16 * u)
    circle(s, white, p(34, 38), 10 * u)
    polygon(s, white, [p(30, 44), p(44, 44), p(48, 60), p(32, 60)])
    for x, y in ((29, 27), (35, 25), (41, 28)):
        circle(s, pal.INK_RED, p(x, y), 4.5 * u)
    polygon(s, pal.INK_RED_DARK, [p(25, 36), p(16, 40), p(25, 43)])
    circle(s, pal.INK_BLACK, p(32, 36), 2.2 * u)
    for x in (46, 56):
        pygame.draw.line(s, pal.INK_RED_DARK, p(x, 74), p(x - 2, 84), max(1, round(3 * u)))
    return pygame.transform.smoothscale(s, (d, d))
