"""Marks that say a state by shape as well as by colour: ticks and crosses, stars, turn pointers, link dots,
the turned tile's arrow and hatching.

About one man in twelve tells red from green poorly, so every state the table, the settlement, the calculator
and the review show in colour also shows one of these shapes, and the two colours of each pair of states differ
in lightness too (build/colour_vision.py measures the pairs in STATE_PAIRS under simulated colour blindness).
Each mark sits on a dark outline so that it reads on the felt, on ivory and on gold alike.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Literal

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.look.art.shapes import circle, new_surface, polygon

RGB = pal.RGB

SUPERSAMPLE = 4

INK: RGB = (14, 16, 20)  # the outline under every mark
GOOD: RGB = (126, 222, 128)  # a right entry, a hand that stands: light
BAD: RGB = (206, 52, 46)  # a problem, a clear mistake: darker than GOOD, so they part in grey as well
TURN: RGB = pal.TEXT_GOLD  # whose turn it is: the lit border and the pointer
CONNECTED: RGB = (110, 222, 134)  # a seat whose player is on the line: a full disc
DROPPED: RGB = (196, 54, 48)  # a seat whose line dropped: a ring struck through, darker
AI_SEAT: RGB = (150, 172, 206)  # a seat played by the computer: a hollow square
DEALER: RGB = (200, 40, 36)  # 庄 in a disc
READY: RGB = (58, 136, 218)  # 听 in a square, lighter than DEALER
GOLDEN: RGB = (255, 226, 120)  # 金鸡: a star
EXPERT: RGB = (232, 184, 64)  # the review's expert move: a star
PLAYED: RGB = (96, 170, 236)  # the move played, no worse than the noise: a ring
MISTAKE: RGB = (206, 60, 50)  # the move played, clearly worse: a cross, its bar hatched
OTHER: RGB = (128, 166, 142)  # any other option: no mark, lighter than MISTAKE

# The colours of each pair of states the player must tell apart, by the screen that shows them; the second of
# each pair is also marked by another shape (the names say which).
STATE_PAIRS: dict[str, dict[str, tuple[RGB, RGB]]] = {
    "table": {
        "turn border / idle border": (TURN, pal.PANEL_BORDER),
        "chicken ring / plain tile": (pal.CHICKEN_GOLD, pal.IVORY),
        "chicken ring / turned-tile ring": (pal.CHICKEN_GOLD, pal.WINNING_GLOW),
        "connected disc / dropped ring": (CONNECTED, DROPPED),
        "connected disc / AI square": (CONNECTED, AI_SEAT),
        "dropped ring / AI square": (DROPPED, AI_SEAT),
        "dealer badge / ready badge": (DEALER, READY),
    },
    "settlement": {
        "gain / loss": (pal.TEXT_GOLD, pal.TEXT_RED),
        "chicken ring / winning ring": (pal.CHICKEN_GOLD, pal.WINNING_GLOW),
        "golden star / chicken ring": (GOLDEN, pal.CHICKEN_GOLD),
    },
    "calculator": {
        "good tick / problem cross": (GOOD, BAD),
        "good words / problem words": (pal.TEXT_GOLD, pal.TEXT_RED),
    },
    "review": {
        "expert star / mistake cross": (EXPERT, MISTAKE),
        "played ring / mistake cross": (PLAYED, MISTAKE),
        "expert star / played ring": (EXPERT, PLAYED),
        "mistake bar / other bar": (MISTAKE, OTHER),
    },
}

Direction = Literal["up", "down", "left", "right"]
LinkState = Literal["connected", "dropped", "ai"]


def _drawn(key: tuple[object, ...], size: int, draw: Callable[[pygame.Surface, float], None]) -> pygame.Surface:
    """A mark `size` px square drawn by `draw(big, unit)` at SUPERSAMPLE times the size and scaled down; cached."""

    def make() -> pygame.Surface:
        d = max(6, size)
        big = new_surface((d * SUPERSAMPLE, d * SUPERSAMPLE), INK)
        draw(big, d * SUPERSAMPLE / 100)
        return pygame.transform.smoothscale(big, (d, d))

    return T.cached(("mark", *key, size), make)


def _stroke(s: pygame.Surface, colour: RGB, points: list[tuple[float, float]], width: float) -> None:
    """A thick line through `points` with round joints and ends."""
    w = max(1, round(width))
    for a, b in itertools.pairwise(points):
        pygame.draw.line(s, colour, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), w)
    for p in points:
        circle(s, colour, p, width / 2)


def tick(size: int, colour: RGB = GOOD) -> pygame.Surface:
    """✓, drawn (a font may lack the glyph): right, good."""

    def draw(s: pygame.Surface, u: float) -> None:
        pts = [(16 * u, 54 * u), (40 * u, 78 * u), (84 * u, 24 * u)]
        _stroke(s, INK, pts, 30 * u)
        _stroke(s, colour, pts, 16 * u)

    return _drawn(("tick", colour), size, draw)


def cross(size: int, colour: RGB = BAD) -> pygame.Surface:
    """✗, drawn: wrong, a problem, a clear mistake."""

    def draw(s: pygame.Surface, u: float) -> None:
        for ink, width in ((INK, 30 * u), (colour, 16 * u)):
            _stroke(s, ink, [(22 * u, 22 * u), (78 * u, 78 * u)], width)
            _stroke(s, ink, [(78 * u, 22 * u), (22 * u, 78 * u)], width)

    return _drawn(("cross", colour), size, draw)


def cross_badge(size: int, colour: RGB = BAD) -> pygame.Surface:
    """✗ on a light disc: a problem flagged on a frame, plain to see on a dark panel whatever the eye makes of red."""

    def draw(s: pygame.Surface, u: float) -> None:
        circle(s, INK, (50 * u, 50 * u), 50 * u)
        circle(s, pal.IVORY_LIGHT, (50 * u, 50 * u), 42 * u)
        for a, b in (((30, 30), (70, 70)), ((70, 30), (30, 70))):
            _stroke(s, colour, [(a[0] * u, a[1] * u), (b[0] * u, b[1] * u)], 14 * u)

    return _drawn(("cross-badge", colour), size, draw)


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    out = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def star(size: int, colour: RGB = GOLDEN) -> pygame.Surface:
    """A five-pointed star: 金鸡 on a tile, the expert's move in the review."""

    def draw(s: pygame.Surface, u: float) -> None:
        polygon(s, INK, _star_points(50 * u, 54 * u, 50 * u, 24 * u))
        polygon(s, colour, _star_points(50 * u, 54 * u, 38 * u, 16 * u))

    return _drawn(("star", colour), size, draw)


def ring(size: int, colour: RGB = PLAYED) -> pygame.Surface:
    """A ring: the move played when it was no mistake."""

    def draw(s: pygame.Surface, u: float) -> None:
        circle(s, INK, (50 * u, 50 * u), 44 * u)
        circle(s, colour, (50 * u, 50 * u), 34 * u, max(1, round(16 * u)))

    return _drawn(("ring", colour), size, draw)


def pointer(size: int, direction: Direction, colour: RGB = TURN) -> pygame.Surface:
    """A solid triangle pointing `direction`: whose turn it is."""

    def draw(s: pygame.Surface, u: float) -> None:
        tri = [(10 * u, 6 * u), (96 * u, 50 * u), (10 * u, 94 * u)]
        polygon(s, INK, tri)
        inner = [(20 * u, 22 * u), (78 * u, 50 * u), (20 * u, 78 * u)]
        polygon(s, colour, inner)

    right = _drawn(("pointer", colour), size, draw)
    angle = {"right": 0, "up": 90, "left": 180, "down": 270}[direction]
    return T.cached(("mark", "pointer", colour, size, direction), lambda: pygame.transform.rotate(right, angle))


def link_dot(size: int, state: LinkState) -> pygame.Surface:
    """A seat's line: a full disc when connected, a ring struck through when dropped, a hollow square while the
    computer plays the seat."""

    def draw(s: pygame.Surface, u: float) -> None:
        c = (50 * u, 50 * u)
        if state == "connected":
            circle(s, INK, c, 48 * u)
            circle(s, CONNECTED, c, 38 * u)
        elif state == "dropped":
            circle(s, INK, c, 48 * u)
            circle(s, DROPPED, c, 34 * u, max(1, round(14 * u)))
            _stroke(s, INK, [(18 * u, 82 * u), (82 * u, 18 * u)], 24 * u)
            _stroke(s, DROPPED, [(22 * u, 78 * u), (78 * u, 22 * u)], 12 * u)
        else:
            box = pygame.Rect(round(6 * u), round(6 * u), round(88 * u), round(88 * u))
            pygame.draw.rect(s, INK, box, border_radius=round(18 * u))
            inner = box.inflate(-round(20 * u), -round(20 * u))
            pygame.draw.rect(s, AI_SEAT, inner, max(1, round(14 * u)), border_radius=round(10 * u))
            circle(s, AI_SEAT, c, 9 * u)

    return _drawn(("link", state), size, draw)


def flip_arrow(size: int, colour: RGB = pal.TEXT_GOLD) -> pygame.Surface:
    """A round arrow turning over: the tile turned at the end of the hand (翻牌)."""

    def draw(s: pygame.Surface, u: float) -> None:
        circle(s, INK, (50 * u, 50 * u), 50 * u)
        arc = [(50 * u + 28 * u * math.cos(a), 50 * u + 28 * u * math.sin(a)) for a in _angles(200, 470, 16)]
        _stroke(s, colour, arc, 13 * u)
        end = math.radians(470)
        tip = (50 * u + 28 * u * math.cos(end), 50 * u + 28 * u * math.sin(end))
        # The head points along the arc, clockwise on the screen.
        ahead = (-math.sin(end), math.cos(end))
        side = (math.cos(end), math.sin(end))
        head = [
            (tip[0] + ahead[0] * 20 * u, tip[1] + ahead[1] * 20 * u),
            (tip[0] + side[0] * 18 * u, tip[1] + side[1] * 18 * u),
            (tip[0] - side[0] * 18 * u, tip[1] - side[1] * 18 * u),
        ]
        polygon(s, colour, head)

    return _drawn(("flip", colour), size, draw)


def _angles(start: float, stop: float, n: int) -> list[float]:
    return [math.radians(start + (stop - start) * k / (n - 1)) for k in range(n)]


def pin(surface: pygame.Surface, mark: pygame.Surface, tile: pygame.Rect) -> pygame.Rect:
    """Pin `mark` in the top-left corner of the tile at `tile` (the chicken badge takes the top-right one, and
    half out over the tile beside); returns where it went."""
    inset = max(1, tile.width // 20)
    return surface.blit(mark, (tile.left + inset, tile.top + inset))


def tile_mark_size(tile_width: int) -> int:
    """The side of a mark pinned on a tile `tile_width` px wide."""
    return max(9, round(tile_width * 0.42))


def hatch(surface: pygame.Surface, rect: pygame.Rect, colour: RGB = INK, step: int = 6, width: int = 2) -> None:
    """Diagonal stripes across `rect`: a bar that is a mistake reads as one without its colour."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    step = max(3, step)
    for x in range(rect.left - rect.height, rect.right + step, step):
        pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.height, rect.top), max(1, width))
    surface.set_clip(clip)


def luminance(colour: RGB) -> float:
    """The relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The luminance contrast of two colours, 1 (the same lightness) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
