"""A face plate's drawing surface in design units: 100 units across, about 132 down, whatever the pixel size."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.look.art.shapes import Point

FACE_UNITS_W = 100.0


@dataclass(frozen=True)
class Canvas:
    """Where to draw (`surface`), and how design units map to its pixels (`u` px per unit, from `origin`)."""

    surface: pygame.Surface
    u: float
    origin: Point = (0.0, 0.0)
    # Pixel size the finished art will be shown at, per unit: small tiles drop fine detail.
    shown_u: float = 1.0

    @property
    def units_h(self) -> float:
        """The plate's height in design units."""
        return self.surface.get_height() / self.u

    def pt(self, x: float, y: float) -> Point:
        """The pixel position of design point (x, y)."""
        return (self.origin[0] + x * self.u, self.origin[1] + y * self.u)

    def px(self, length: float) -> float:
        """A design length in pixels."""
        return length * self.u

    def shown_px(self, length: float) -> float:
        """A design length in pixels as finally shown, to decide how much detail is visible."""
        return length * self.shown_u
