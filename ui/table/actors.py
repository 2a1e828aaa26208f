"""Things that move for a moment over the board: flying tiles, callouts, dice, banners.

Each actor lives from `t0` to `t1` on the presenter's clock and draws itself for a given time;
drawing changes nothing. Pictures are made when the actor is created (from caches), never per
frame: a callout pops in through a few pre-scaled sizes instead of scaling each frame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.stage.tween import Point, arc_point, clamp01, ease_in_out_cubic, ease_out_back, ease_out_bounce, ease_out_cubic
from ui.table.dice import ANGLES, die_picture
from ui.table.jobs import each_step

POP_SCALES = (0.55, 0.75, 0.9, 1.0, 1.08, 1.0)


@dataclass
class Actor:
    """Something drawn over the board between t0 and t1."""

    t0: float
    t1: float

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        """Draw as of clock time `now`; where it drew."""
        return []

    def progress(self, now: float) -> float:
        """0 at t0, 1 at t1."""
        if self.t1 <= self.t0:
            return 1.0
        return clamp01((now - self.t0) / (self.t1 - self.t0))


@dataclass
class Flight(Actor):
    """A tile moving from one place to another on a low arc; it waits at its start until t0.

    `key` names the place it lands in, which the board leaves empty until then.
    """

    picture: pygame.Surface = field(default_factory=lambda: pygame.Surface((1, 1)))
    start: Point = (0.0, 0.0)
    end: Point = (0.0, 0.0)
    key: tuple[object, ...] = ()
    arc: float = 0.0

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        p = ease_in_out_cubic(self.progress(now))
        x, y = arc_point(self.start, self.end, p, self.arc)
        return [surface.blit(self.picture, (round(x), round(y)))]


@dataclass
class Callout(Actor):
    """A big call (碰, 杠, 胡, 报听) popping up by a seat, on a round red seal."""

    frames: tuple[pygame.Surface, ...] = ()
    centre: Point = (0.0, 0.0)

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        if not self.frames:
            return []
        span = max(1e-6, self.t1 - self.t0)
        pop = clamp01((now - self.t0) / min(0.22, span * 0.4))
        index = min(len(self.frames) - 1, int(pop * (len(self.frames) - 1) + 0.5))
        pic = self.frames[index]
        return [surface.blit(pic, pic.get_rect(center=(round(self.centre[0]), round(self.centre[1]))))]


def callout_frames(text: str, size: int) -> tuple[pygame.Surface, ...]:
    """The pop-in sizes of a callout, cached."""
    return tuple(_callout_scaled(text, size, s) for s in POP_SCALES)


def callout_jobs(text: str, size: int) -> Iterator[Callable[[], object]]:
    """callout_frames() drawn a part per call: the outlined text a part at a time, the seal, then each size."""
    yield from each_step(T.outlined_steps(text, size, *_CALLOUT_INK, max(2, size // 14)), "outline")
    yield partial(_callout_picture, text, size)
    for s in POP_SCALES:
        yield partial(_callout_scaled, text, size, s)


def _callout_scaled(text: str, size: int, s: float) -> pygame.Surface:
    full = _callout_picture(text, size)
    if s == 1.0:
        return full
    w, h = full.get_size()
    return T.cached(
        ("callout-scaled", text, size, s),
        partial(pygame.transform.smoothscale, full, (max(1, round(w * s)), max(1, round(h * s)))),
    )


_CALLOUT_INK: tuple[T.Colour, T.Colour] = ((255, 246, 220), (120, 16, 12))  # the letters and their outline


def _callout_picture(text: str, size: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        glyphs = T.outlined(text, size, *_CALLOUT_INK, max(2, size // 14))
        pad = size // 3
        w = max(glyphs.get_width() + 2 * pad, glyphs.get_height() + pad)
        h = glyphs.get_height() + pad
        out = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        plate = pygame.Rect(4, 4, w, h)
        pygame.draw.rect(out, (0, 0, 0, 90), plate.move(3, 4), border_radius=h // 2)
        pygame.draw.rect(out, (196, 36, 30, 235), plate, border_radius=h // 2)
        pygame.draw.rect(out, (255, 214, 120), plate, width=max(2, size // 20), border_radius=h // 2)
        out.blit(glyphs, glyphs.get_rect(center=plate.center))
        return out

    return T.cached(("callout", text, size), make)


@dataclass
class Banner(Actor):
    """A line of text on a dark ribbon across the middle of the table."""

    picture: pygame.Surface = field(default_factory=lambda: pygame.Surface((1, 1)))
    centre: Point = (0.0, 0.0)

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        p = self.progress(now)
        # Slides in from a little below and settles.
        dy = (1 - ease_out_cubic(min(1.0, p * 4))) * self.picture.get_height() * 0.4
        r = self.picture.get_rect(center=(round(self.centre[0]), round(self.centre[1] + dy)))
        return [surface.blit(self.picture, r)]


def banner_picture(text: str, size: int, width: int) -> pygame.Surface:
    """A ribbon with `text`, at least `width` px wide, cached."""

    def make() -> pygame.Surface:
        glyphs = T.outlined(text, size, *_banner_ink(size))
        w = max(width, glyphs.get_width() + size * 2)
        h = glyphs.get_height() + size // 2
        out = _ribbon(w, h, size).copy()
        out.blit(glyphs, glyphs.get_rect(center=(w // 2, h // 2)))
        return out

    return T.cached(("banner", text, size, width), make)


def banner_jobs(text: str, size: int, width: int) -> Iterator[Callable[[], object]]:
    """banner_picture() drawn a part per call: the outlined text a part at a time, then the ribbon under it."""
    yield from each_step(T.outlined_steps(text, size, *_banner_ink(size)), "outline")
    yield partial(banner_picture, text, size, width)


def _banner_ink(size: int) -> tuple[T.Colour, T.Colour, int]:
    """The banner text's colour, its outline's colour and width."""
    return pal.TEXT_GOLD, (40, 20, 0), max(1, size // 16)


def _ribbon(w: int, h: int, size: int) -> pygame.Surface:
    """The dark ribbon under a banner's text, fading out at both ends, with gold edges; cached per size."""

    def make() -> pygame.Surface:
        # One row, solid in the middle and fading at the ends, stretched to the ribbon's height.
        row = pygame.Surface((w, 1), pygame.SRCALPHA)
        row.fill((8, 20, 14, 210))
        fade = min(w // 2, round(size * 1.5))
        for x in range(fade):
            colour = (8, 20, 14, round(210 * x / max(1, size * 1.5)))
            row.set_at((x, 0), colour)
            row.set_at((w - 1 - x, 0), colour)
        band = pygame.transform.scale(row, (w, h))
        line = pygame.Surface((w, 2), pygame.SRCALPHA)
        line.fill((*pal.PANEL_BORDER, 160))
        line.blit(band.subsurface(pygame.Rect(0, 0, w, 2)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        band.blit(line, (0, 0))
        band.blit(line, (0, h - 2))
        return band

    return T.cached(("ribbon", w, h, size), make)


@dataclass
class DiceRoll(Actor):
    """Two dice thrown from the roller's side of the table, tumbling to rest in its middle on the rolled values;
    they stay there until t1."""

    values: tuple[int, int] = (1, 1)
    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 1, 1))
    size: int = 24
    land: float = 0.0  # when they come to rest
    seed: int = 0
    seat: int = 0  # the roller, at the table's bottom (0), right (1), top (2) or left (3)

    def _start(self, i: int) -> Point:
        a, size = self.area, self.size
        spread = (i - 0.5) * size * 1.6
        if self.seat == 0:
            return (a.centerx + spread, a.bottom - size * 0.6)
        if self.seat == 2:
            return (a.centerx + spread, a.top + size * 0.6)
        if self.seat == 1:
            return (a.right - size * 0.6, a.centery + spread)
        return (a.left + size * 0.6, a.centery + spread)

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        rng = random.Random(self.seed)
        span = max(1e-6, self.land - self.t0)
        p = clamp01((now - self.t0) / span)
        drawn: list[pygame.Rect] = []
        for i, value in enumerate(self.values):
            start = self._start(i)
            end = (
                self.area.centerx + (i - 0.5) * self.size * 1.45,
                self.area.centery - self.size * 0.1 * (1 - 2 * i),
            )
            height = self.size * (1.4 + 0.5 * rng.random())
            glide = ease_out_cubic(p)
            x = start[0] + (end[0] - start[0]) * glide
            # Thrown along the table, it hops, bounces and settles.
            y = start[1] + (end[1] - start[1]) * glide - height * (1 - ease_out_bounce(p)) * (1 - p)
            if p < 1.0:
                tick = int((now - self.t0) * 18) + i * 3
                face = (value + tick * (i + 2)) % 6 + 1
                angle = ANGLES[(tick + i) % len(ANGLES)]
            else:
                face, angle = value, ANGLES[0]
            pic = die_picture(face, self.size, angle)
            drawn.append(surface.blit(pic, pic.get_rect(center=(round(x), round(y)))))
        return drawn


@dataclass
class Pulse(Actor):
    """A ring swelling out from a point: a seat counted, a stack skipped, a tile turned."""

    centre: Point = (0.0, 0.0)
    radius: float = 20.0
    colour: tuple[int, int, int] = pal.TEXT_GOLD

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        p = self.progress(now)
        if p >= 1.0:
            return []
        r = self.radius * (0.6 + 0.6 * ease_out_back(p))
        width = max(1, round(4 * (1 - p)))
        return [
            pygame.draw.circle(surface, self.colour, (round(self.centre[0]), round(self.centre[1])), round(r), width)
        ]


@dataclass
class WallRise(Actor):
    """The shuffle and the building of the wall: face-down tiles swirl in the middle of the table, then the
    four sides rise stack by stack close to the middle and are pushed out to their places."""

    shuffle_end: float = 0.0
    build_end: float = 0.0
    # Each side: its finished picture, where it ends up, and how far toward the middle it is built.
    sides: tuple[tuple[pygame.Surface, Point, Point], ...] = ()
    backs: tuple[pygame.Surface, ...] = ()  # face-down tiles for the shuffle
    centre: Point = (0.0, 0.0)
    radius: float = 60.0
    seed: int = 0

    def draw(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        if now < self.shuffle_end:
            return self._shuffle(surface, now)
        drawn: list[pygame.Rect] = []
        build = clamp01((now - self.shuffle_end) / max(1e-6, self.build_end - self.shuffle_end))
        push = ease_in_out_cubic(clamp01((now - self.build_end) / max(1e-6, self.t1 - self.build_end)))
        for side, (picture, (x, y), (dx, dy)) in enumerate(self.sides):
            w, h = picture.get_size()
            # Stacks go up from the owner's right, as a player builds a wall in front of them.
            if side % 2 == 0:
                shown = round(w * build)
                area = pygame.Rect(w - shown, 0, shown, h) if side == 0 else pygame.Rect(0, 0, shown, h)
            else:
                shown = round(h * build)
                area = pygame.Rect(0, 0, w, shown) if side == 1 else pygame.Rect(0, h - shown, w, shown)
            left = x + dx * (1 - push) + area.left
            top = y + dy * (1 - push) + area.top
            drawn.append(surface.blit(picture, (round(left), round(top)), area))
        return drawn

    def _shuffle(self, surface: pygame.Surface, now: float) -> list[pygame.Rect]:
        if not self.backs:
            return []
        drawn: list[pygame.Rect] = []
        rng = random.Random(self.seed)
        p = (now - self.t0) / max(1e-6, self.shuffle_end - self.t0)
        cx, cy = self.centre
        for i in range(36):
            angle = rng.random() * math.tau
            reach = self.radius * (0.3 + 0.7 * rng.random())
            turn = (0.9 + 0.8 * rng.random()) * (1 if i % 2 else -1)
            pic = self.backs[i % len(self.backs)]
            a = angle + turn * p * math.tau * 0.9
            r = reach * (0.75 + 0.25 * math.sin(p * math.pi * 3 + i))
            centre = (round(cx + math.cos(a) * r), round(cy + math.sin(a) * r * 0.7))
            drawn.append(surface.blit(pic, pic.get_rect(center=centre)))
        return drawn


def chip_picture(amount: int, size: int) -> pygame.Surface:
    """A gold coin with the points it carries, `size` px across; cached."""

    def make() -> pygame.Surface:
        font = max(T.MIN_TEXT, round(size * 0.5))
        text = T.outlined(str(amount), font, (255, 246, 220), (90, 50, 0), max(1, size // 20))
        w = max(size, text.get_width() + size // 2)
        out = pygame.Surface((w + 4, size + 4), pygame.SRCALPHA)
        body = pygame.Rect(2, 2, w, size)
        pygame.draw.rect(out, (0, 0, 0, 90), body.move(2, 3), border_radius=size // 2)
        pygame.draw.rect(out, (196, 146, 40), body, border_radius=size // 2)
        pygame.draw.rect(out, (255, 222, 130), body, width=max(2, size // 12), border_radius=size // 2)
        out.blit(text, text.get_rect(center=body.center))
        return out

    return T.cached(("chip", amount, size), make)
