"""Drawing helpers shared by the tile art: colour arithmetic, gradients, masks, silhouettes and glows."""

from __future__ import annotations

import math

import pygame

from ui.look.palette import RGB, RGBA

Point = tuple[float, float]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shade(colour: RGB, factor: float) -> RGB:
    """`colour` darkened (factor < 1) or lightened toward white (factor > 1)."""
    if factor <= 1.0:
        return mix((0, 0, 0), colour, factor)
    return mix(colour, (255, 255, 255), min(1.0, factor - 1.0))


def new_surface(size: tuple[int, int], fill: RGB | None = None) -> pygame.Surface:
    """A transparent per-pixel-alpha surface; `fill` sets the RGB of its transparent pixels.

    smoothscale averages colour with alpha unweighted, so transparent pixels that carry the
    neighbouring colour keep the edges of a downscaled shape from darkening.
    """
    surface = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    r, g, b = fill if fill is not None else (0, 0, 0)
    surface.fill((r, g, b, 0))
    return surface


def _with_alpha(opaque: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(opaque.get_size(), pygame.SRCALPHA)
    out.blit(opaque, (0, 0))
    return out


def diagonal_gradient(size: tuple[int, int], light: RGB, dark: RGB) -> pygame.Surface:
    """An opaque surface lit from the top left: `light` there, `dark` at the bottom right."""
    corner = pygame.Surface((2, 2))
    mid = mix(light, dark, 0.5)
    corner.set_at((0, 0), light)
    corner.set_at((1, 0), mid)
    corner.set_at((0, 1), mid)
    corner.set_at((1, 1), dark)
    return _with_alpha(pygame.transform.smoothscale(corner, (max(2, size[0]), max(2, size[1]))))


def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White, opaque inside a rounded rectangle filling `size`, transparent outside."""
    mask = new_surface(size, (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(0, radius))
    return mask


def clip_to(surface: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """`surface` with the alpha of `mask` multiplied in (in place); returns it."""
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def silhouette(surface: pygame.Surface) -> pygame.Surface:
    """A white copy of `surface` keeping only its alpha: the shape, for shadows, glows and tints."""
    sil = surface.copy()
    sil.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return sil


def tinted(sil: pygame.Surface, colour: RGBA) -> pygame.Surface:
    """The white silhouette `sil` coloured `colour`, its alpha scaled by colour's alpha."""
    out = sil.copy()
    out.fill(colour, special_flags=pygame.BLEND_RGBA_MULT)
    return out


def glow(sil: pygame.Surface, colour: RGBA, grow: int, blur: int) -> pygame.Surface:
    """A soft halo: `sil` coloured, grown by `grow` px in every direction, then blurred by `blur` px."""
    w, h = sil.get_size()
    out = new_surface((w, h), colour[:3])
    shape = tinted(sil, colour)
    steps = max(1, grow)
    for dx in range(-steps, steps + 1):
        for dy in range(-steps, steps + 1):
            if dx * dx + dy * dy <= steps * steps:
                out.blit(shape, (dx, dy))
    if blur > 0:
        out = pygame.transform.gaussian_blur(out, blur, repeat_edge_pixels=False)
    return out


def polygon(surface: pygame.Surface, colour: RGB | RGBA, points: list[Point], width: int = 0) -> None:
    """pygame.draw.polygon taking float points."""
    pygame.draw.polygon(surface, colour, [(round(x), round(y)) for x, y in points], width)


def ellipse(surface: pygame.Surface, colour: RGB | RGBA, centre: Point, rx: float, ry: float, width: int = 0) -> None:
    """An ellipse of radii `rx`, `ry` centred on `centre`."""
    rect = pygame.Rect(0, 0, max(1, round(2 * rx)), max(1, round(2 * ry)))
    rect.center = (round(centre[0]), round(centre[1]))
    pygame.draw.ellipse(surface, colour, rect, width)


def circle(surface: pygame.Surface, colour: RGB | RGBA, centre: Point, radius: float, width: int = 0) -> None:
    """A circle with float centre and radius."""
    pygame.draw.circle(surface, colour, (round(centre[0]), round(centre[1])), max(1, round(radius)), width)


def rotated_ellipse(
    surface: pygame.Surface, colour: RGB | RGBA, centre: Point, rx: float, ry: float, angle: float
) -> None:
    """An ellipse turned `angle` degrees counter-clockwise (screen y down), drawn as a polygon."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    n = max(16, int((rx + ry) / 2))
    pts: list[Point] = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((centre[0] + x * ca + y * sa, centre[1] - x * sa + y * ca))
    polygon(surface, colour, pts)
