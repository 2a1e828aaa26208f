"""Text and panel pictures built once and cached: shadowed, outlined and turned labels, rounded plates.

Everything here is keyed by its arguments, so the table can ask for the same label every frame
without rendering or rotating anything twice.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from ui import palette as pal
from ui.art.surface_cache import SurfaceCache
from ui.fonts import render_text

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_cache = SurfaceCache(maxsize=2048)


def cached(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A surface from the shared cache of composed pictures, made once."""
    return _cache.get(key, make)


def label(text: str, size: int, colour: Colour = pal.TEXT, bold: bool = False) -> pygame.Surface:
    """Plain anti-aliased text (cached by ui.fonts)."""
    return render_text(text, size, colour, bold)


def shadowed(text: str, size: int, colour: Colour = pal.TEXT, bold: bool = False) -> pygame.Surface:
    """Text with a soft dark drop shadow, readable on the felt."""

    def make() -> pygame.Surface:
        fg = render_text(text, size, colour, bold)
        sh = render_text(text, size, (0, 0, 0, 150), bold)
        off = max(1, size // 16)
        out = pygame.Surface((fg.get_width() + off, fg.get_height() + off), pygame.SRCALPHA)
        out.blit(sh, (off, off))
        out.blit(fg, (0, 0))
        return out

    return cached(("shadowed", text, size, colour, bold), make)


def outlined(text: str, size: int, colour: Colour, stroke: Colour, width: int, bold: bool = True) -> pygame.Surface:
    """Text with a solid outline `width` px thick: callouts and banners."""

    def make() -> pygame.Surface:
        fg = render_text(text, size, colour, bold)
        st = render_text(text, size, stroke, bold)
        w = max(1, width)
        out = pygame.Surface((fg.get_width() + 2 * w, fg.get_height() + 2 * w + w), pygame.SRCALPHA)
        shadow = render_text(text, size, (0, 0, 0, 120), bold)
        for dx in range(-w, w + 1):
            for dy in range(-w, w + 1):
                if dx * dx + dy * dy <= w * w:
                    out.blit(shadow, (w + dx, 2 * w + dy))
        for dx in range(-w, w + 1):
            for dy in range(-w, w + 1):
                if dx * dx + dy * dy <= w * w:
                    out.blit(st, (w + dx, w + dy))
        out.blit(fg, (w, w))
        return out

    return cached(("outlined", text, size, colour, stroke, width, bold), make)


def turned(surface_key: Hashable, surface: pygame.Surface, angle: int) -> pygame.Surface:
    """`surface` turned `angle` degrees counter-clockwise, once per key and angle."""
    if angle % 360 == 0:
        return surface
    return cached(("turned", surface_key, angle), lambda: pygame.transform.rotate(surface, angle))


def turned_label(text: str, size: int, colour: Colour, angle: int, bold: bool = False) -> pygame.Surface:
    """A shadowed label turned to read from another side of the table."""
    return turned(("label", text, size, colour, bold), shadowed(text, size, colour, bold), angle)


def panel(
    size: tuple[int, int],
    radius: int,
    fill: Colour = pal.PANEL,
    border: Colour | None = pal.PANEL_BORDER,
    border_width: int = 1,
) -> pygame.Surface:
    """A rounded translucent plate of `size` with an optional border."""

    def make() -> pygame.Surface:
        w, h = max(1, size[0]), max(1, size[1])
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(out, fill, out.get_rect(), border_radius=radius)
        if border is not None and border_width > 0:
            pygame.draw.rect(out, border, out.get_rect(), width=border_width, border_radius=radius)
        return out

    return cached(("panel", size, radius, fill, border, border_width), make)


def fit(text: str, size: int, max_width: int, colour: Colour = pal.TEXT, bold: bool = False) -> pygame.Surface:
    """Shadowed text at `size`, or smaller until it is no wider than `max_width`."""
    s = size
    surf = shadowed(text, s, colour, bold)
    while surf.get_width() > max_width and s > 9:
        s -= 1
        surf = shadowed(text, s, colour, bold)
    return surf


def clear_cache() -> None:
    """Forget every composed picture (after a language or font change)."""
    _cache.clear()
