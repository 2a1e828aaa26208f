"""The felt: a green cloth lit from above, darker toward the edges, with a faint weave and a wooden rim; in high
contrast (ui/look/chosen.py) a dark plain cloth, without light or weave, that every tile and word stands out on."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.look.art.shapes import mix
from ui.look.chosen import chosen
from ui.look.layout import Layout


def render_background(layout: Layout, playing_area: bool = True) -> pygame.Surface:
    """The table cloth for `layout`, opaque, drawn once per window size; `playing_area` draws the printed line
    around the walls (the table has it, the menus do not: it would cut through their panels)."""
    made: list[pygame.Surface] = []
    for _ in cloth_steps(layout, made, playing_area):
        pass
    return made[0]


STRIP = 480  # px: the light is spread down the cloth a strip this wide at a time


def cloth_steps(layout: Layout, made: list[pygame.Surface], playing_area: bool = True) -> Iterator[None]:
    """Draw the cloth a part per step (each a millisecond or two, for loading frames); the finished cloth,
    the same as drawn in one go, is appended to `made`."""
    w, h = layout.size
    if chosen().high_contrast:
        out = pygame.Surface((w, h))
        out.fill(pal.CONTRAST_CLOTH)
        yield
        made.append(finish_cloth(out, layout, playing_area))
        return
    # A radial light: a small gradient picture scaled up smoothly costs far less than drawing rings.
    n = 32
    light = pygame.Surface((n, n), depth=32)
    cx, cy = layout.centre
    fx, fy = cx / w * n, cy / h * n
    for y in range(n):
        for x in range(n):
            d = (((x + 0.5 - fx) / n) ** 2 + ((y + 0.5 - fy) / n * 0.9) ** 2) ** 0.5
            t = min(1.0, d / 0.72)
            light.set_at((x, y), mix(pal.TABLE_GREEN_LIGHT, pal.TABLE_GREEN_DARK, t**1.4))
    yield
    # Smoothscale spreads across first, then down each column on its own: so the columns can be spread a
    # strip at a time into the cloth, with the very pixels of a single smoothscale to the full size.
    wide = pygame.transform.smoothscale(light, (w, n))
    out = pygame.Surface((w, h), 0, light)
    yield
    for x in range(0, w, STRIP):
        strip = min(STRIP, w - x)
        pygame.transform.smoothscale(wide.subsurface((x, 0, strip, n)), (strip, h), out.subsurface((x, 0, strip, h)))
        yield
    # The weave: faint deterministic specks on a small tile repeated, so the cloth is not a flat colour.
    rng = random.Random(7)
    n = 128
    speck = pygame.Surface((n, n), pygame.SRCALPHA)
    for _ in range(n * n // 90):
        x, y = rng.randrange(n), rng.randrange(n)
        a = rng.randrange(6, 18)
        speck.set_at((x, y), (255, 255, 255, a) if rng.random() < 0.5 else (0, 0, 0, a))
    for y in range(0, h, n):
        for x in range(0, w, n):
            out.blit(speck, (x, y))
    yield
    made.append(finish_cloth(out, layout, playing_area))


def finish_cloth(out: pygame.Surface, layout: Layout, playing_area: bool = True) -> pygame.Surface:
    """The playing-area line and the wooden rim on `out` (the cloth); returns it."""
    if playing_area:
        _playing_area(out, layout)
        if 2 not in layout.places and 1 in layout.places:
            _empty_side(out, layout)
    # The wooden rim framing the window (a plain grey line round the dark cloth).
    rim = max(3, round(7 * layout.scale))
    wood = pal.CONTRAST_RIM if chosen().high_contrast else pal.TABLE_EDGE
    pygame.draw.rect(out, (0, 0, 0) if chosen().high_contrast else wood, out.get_rect(), width=rim)
    pygame.draw.rect(out, mix(wood, (255, 220, 170), 0.25), out.get_rect().inflate(-2 * rim, -2 * rim), 1)
    return out


def _playing_area(out: pygame.Surface, layout: Layout) -> None:
    """A soft line marking the playing area around the walls of the seats in play, as printed on some table
    cloths (at a table of three or two it leaves the empty sides out, docs/rules.md §15.2)."""
    walls = [layout.zones[f"wall{place}"] for place in layout.places]
    ring = walls[0].unionall(walls[1:]).inflate(round(24 * layout.scale), round(24 * layout.scale))
    # Drawn translucent on a surface the size of the ring only, then laid on the cloth.
    line = pygame.Surface(ring.size, pygame.SRCALPHA)
    local = line.get_rect()
    radius = round(26 * layout.scale)
    light = 70 if chosen().high_contrast else 22  # on the dark plain cloth the line is drawn brighter to show
    pygame.draw.rect(line, (255, 255, 255, light), local, width=max(1, round(2 * layout.scale)), border_radius=radius)
    inner = local.inflate(-round(10 * layout.scale), -round(10 * layout.scale))
    pygame.draw.rect(line, (0, 0, 0, 28), inner, width=max(1, round(1.5 * layout.scale)), border_radius=radius)
    out.blit(line, ring.topleft)


EMPTY_SIDE_MARK = "三丁拐"  # printed where the fourth player would sit: the table of three's name (docs/rules.md §15.2)


def _empty_side(out: pygame.Surface, layout: Layout) -> None:
    """The side across the table at three players, where no one sits: a printed band on the cloth, two fine lines
    fading out from a small plaque with the table's name, faint, so the empty side reads as the table's own."""
    s = layout.scale
    ring = layout.zones[f"wall{layout.places[1]}"].union(layout.zones[f"wall{layout.places[-1]}"])
    top = layout.zones["rack2"].top
    bottom = ring.top - round(12 * s)  # the playing area's line
    cx = layout.centre[0]
    half = ring.width // 2 - round(30 * s)
    band = pygame.Surface((2 * half, max(1, bottom - top)), pygame.SRCALPHA)
    mid = band.get_height() // 2
    gold = pal.PANEL_BORDER
    size = max(T.MIN_TEXT, round(layout.font["title"] * 1.05))
    mark = T.label(EMPTY_SIDE_MARK, size, gold, bold=True)
    plaque = mark.get_rect().inflate(round(28 * s), round(10 * s))
    plaque.center = (half, mid)
    # The lines, brightest beside the plaque and gone at the ends.
    gap = max(2, round(3 * s))
    for x in range(2 * half):
        off = abs(x - half)
        if off < plaque.width // 2 + round(8 * s):
            continue
        alpha = round(46 * (1 - off / half))
        for y in (mid - gap, mid + gap):
            band.set_at((x, y), (*gold, alpha))
    pygame.draw.rect(band, (*gold, 52), plaque, width=max(1, round(1.5 * s)), border_radius=round(8 * s))
    mark.set_alpha(60)
    band.blit(mark, mark.get_rect(center=plaque.center))
    out.blit(band, (cx - half, top))
