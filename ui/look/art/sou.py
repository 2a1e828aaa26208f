"""条 (bamboo): jointed sticks in their traditional arrangements; 1s (幺鸡) is the bird."""

from __future__ import annotations

import pygame

from ui.look import palette as pal
from ui.look.art.bird import draw_bird
from ui.look.art.canvas import Canvas
from ui.look.art.shapes import ellipse, new_surface, shade
from ui.look.palette import RGB

B, G, R = pal.INK_BLUE, pal.INK_GREEN, pal.INK_RED

Stick = tuple[float, float, float, RGB, float]  # centre x, centre y, length, colour, tilt in degrees

_TALL = 48.0
_SHORT = 35.0


def _row(xs: tuple[float, ...], y: float, length: float, colour: RGB) -> list[Stick]:
    return [(x, y, length, colour, 0.0) for x in xs]


def _column(x: float, ys: tuple[float, ...], length: float, colour: RGB) -> list[Stick]:
    return [(x, y, length, colour, 0.0) for y in ys]


LAYOUTS: dict[int, list[Stick]] = {
    2: _column(50, (39,), _TALL, B) + _column(50, (95,), _TALL, G),
    3: _row((50,), 39, _TALL, B) + _row((30, 70), 95, _TALL, G),
    4: _row((32,), 39, _TALL, B) + _row((68,), 39, _TALL, G) + _row((32,), 95, _TALL, G) + _row((68,), 95, _TALL, B),
    5: _row((24,), 39, _TALL, B)
    + _row((76,), 39, _TALL, G)
    + _row((50,), 67, _TALL, R)
    + _row((24,), 95, _TALL, G)
    + _row((76,), 95, _TALL, B),
    6: _row((25, 50, 75), 39, _TALL, G) + _row((25, 50, 75), 95, _TALL, B),
    7: _row((50,), 20, 30, R) + _row((25, 50, 75), 60, _SHORT, G) + _row((25, 50, 75), 103, _SHORT, B),
    # 8s: an M over a W, the inner sticks leaning together.
    8: [
        (17, 39, _TALL, G, 0),
        (39, 39, _TALL + 2, B, -17),
        (61, 39, _TALL + 2, B, 17),
        (83, 39, _TALL, G, 0),
        (17, 95, _TALL, G, 0),
        (39, 95, _TALL + 2, B, 17),
        (61, 95, _TALL + 2, B, -17),
        (83, 95, _TALL, G, 0),
    ],
    9: _column(25, (26, 67, 108), _SHORT, G)
    + _column(50, (26, 67, 108), _SHORT, R)
    + _column(75, (26, 67, 108), _SHORT, B),
}
STICK_WIDTH = 13.0


def stick_surface(length_px: float, width_px: float, colour: RGB, detailed: bool) -> pygame.Surface:
    """One upright bamboo stick: a rounded cane with a lit side and three joints."""
    w, h = max(3, round(width_px)), max(6, round(length_px))
    margin = max(1, round(w * 0.15))
    surf = new_surface((w + 2 * margin, h + 2 * margin), colour)
    dark = shade(colour, 0.55)
    light = shade(colour, 1.45)
    body = pygame.Rect(margin, margin, w, h)
    pygame.draw.rect(surf, dark, body, border_radius=w // 2)
    inner = body.inflate(-max(2, round(w * 0.24)), -max(2, round(w * 0.24)))
    pygame.draw.rect(surf, colour, inner, border_radius=inner.width // 2)
    # Light falls from the left: a pale stripe down the cane.
    stripe = pygame.Rect(0, 0, max(1, round(w * 0.18)), max(1, round(inner.height * 0.86)))
    stripe.center = (round(inner.x + inner.width * 0.33), inner.centery)
    pygame.draw.rect(surf, light, stripe, border_radius=stripe.width // 2)
    joints = (0.5,) if not detailed else (1 / 3, 2 / 3)
    for f in joints:
        y = body.y + body.height * f
        ellipse(surf, dark, (body.centerx, y), w * 0.62, w * 0.2)
        ellipse(surf, colour, (body.centerx, y - w * 0.05), w * 0.42, w * 0.08)
    return surf


def draw_sou(c: Canvas, rank: int) -> None:
    """The bamboo of `rank` (1-9) on the face plate."""
    if rank == 1:
        draw_bird(c)
        return
    dy = (c.units_h - 133.0) / 2
    width = STICK_WIDTH if rank != 8 else STICK_WIDTH * 0.95
    detailed = c.shown_px(_SHORT) >= 12
    for x, y, length, colour, tilt in LAYOUTS[rank]:
        stick = stick_surface(c.px(length), c.px(width), colour, detailed)
        if tilt:
            stick = pygame.transform.rotozoom(stick, tilt, 1.0)
        centre = c.pt(x, y + dy)
        c.surface.blit(stick, stick.get_rect(center=(round(centre[0]), round(centre[1]))))
