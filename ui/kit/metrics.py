"""The menus' measures at a window size, the felt behind them, and the plates their controls sit on."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.kit.background import render_background
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout

REFERENCE = (1280, 720)
FOCUS: tuple[int, int, int] = pal.SELECTED_GLOW
FIELD_FILL = (8, 26, 19, 215)
FIELD_FILL_HOVER = (20, 50, 38, 225)
DISABLED = (120, 128, 122)


@dataclass(frozen=True)
class Metrics:
    """Sizes for a menu screen, scaled from the 1280×720 design to the window."""

    size: tuple[int, int]
    scale: float
    title: int
    heading: int
    body: int
    small: int
    row: int  # height of a control row
    gap: int
    margin: int

    def px(self, value: float) -> int:
        """A design length (at 1280×720) in window pixels."""
        return max(1, round(value * self.scale))


def metrics(size: tuple[int, int]) -> Metrics:
    """The menu sizes for a window of `size`."""
    w, h = size
    s = max(0.5, min(w / REFERENCE[0], h / REFERENCE[1]))
    return Metrics(
        size=size,
        scale=s,
        title=max(24, round(50 * s)),
        heading=max(T.MIN_TEXT + 4, round(24 * s)),
        body=max(T.MIN_TEXT + 2, round(19 * s)),
        small=max(T.MIN_TEXT, round(15 * s)),
        row=max(30, round(42 * s)),
        gap=max(4, round(10 * s)),
        margin=max(12, round(36 * s)),
    )


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The menus' background: the table's felt, darkened a little so panels stand out; made once per size."""

    def make() -> pygame.Surface:
        out = render_background(compute_layout(size), playing_area=False).copy()
        out.blit(T.panel(size, 0, (0, 0, 0, 70), None), (0, 0))
        return out

    return T.cached(("menu_backdrop", size), make)


def plate(surface: pygame.Surface, rect: pygame.Rect, m: Metrics, fill: T.Colour = pal.PANEL) -> None:
    """A rounded panel with the table's gold rim."""
    surface.blit(T.panel(rect.size, m.px(14), fill, pal.PANEL_BORDER, max(1, m.px(2))), rect.topleft)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> pygame.Rect:
    """The outline marking the control that has the keyboard; where it was drawn."""
    ring = rect.inflate(m.px(6), m.px(6))
    return pygame.draw.rect(surface, FOCUS, ring, width=max(2, m.px(2)), border_radius=m.px(10))
