"""Dice pictures: ivory cubes with red one and four pips as on Chinese dice, drawn once per size and angle."""

from __future__ import annotations

import pygame

from ui.look import palette as pal
from ui.look.art.shapes import new_surface
from ui.look.text import cached

ANGLES = (0, 18, 36, 54, 72)  # a tumbling die shows one of these turns per frame
SUPERSAMPLE = 3

_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)),
}


def die_picture(value: int, size: int, angle: int = 0) -> pygame.Surface:
    """Die face `value` (1-6), `size` px across, turned `angle` degrees; cached."""
    if value not in _PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    return cached(("die", value, size, angle), lambda: _draw(value, size, angle))


def _draw(value: int, size: int, angle: int) -> pygame.Surface:
    big = size * SUPERSAMPLE
    pad = big // 6
    surf = new_surface((big + 2 * pad, big + 2 * pad), (0, 0, 0))
    body = pygame.Rect(pad, pad, big, big)
    radius = big // 5
    shadow = pygame.Rect(body.move(big // 18, big // 12))
    pygame.draw.rect(surf, (0, 0, 0, 90), shadow, border_radius=radius)
    pygame.draw.rect(surf, pal.IVORY_SHADE, body, border_radius=radius)
    top = body.inflate(-big // 12, -big // 12).move(-big // 40, -big // 40)
    pygame.draw.rect(surf, pal.IVORY_LIGHT, top, border_radius=radius)
    pygame.draw.rect(surf, pal.TILE_OUTLINE, body, width=max(2, big // 40), border_radius=radius)
    red = value in (1, 4)
    r = big * (0.13 if value == 1 else 0.085)
    for fx, fy in _PIPS[value]:
        centre = (top.left + fx * top.width, top.top + fy * top.height)
        pygame.draw.circle(surf, pal.INK_RED if red else pal.INK_BLACK, centre, r)
        pygame.draw.circle(surf, (255, 255, 255, 60), (centre[0] - r * 0.3, centre[1] - r * 0.3), r * 0.35)
    if angle:
        surf = pygame.transform.rotate(surf, angle)
    w, h = surf.get_size()
    return pygame.transform.smoothscale(surf, (max(1, w // SUPERSAMPLE), max(1, h // SUPERSAMPLE)))
