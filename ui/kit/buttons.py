"""Action buttons (碰 杠 胡 过 报听): rounded lacquer plates, pictures cached per label, size and state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.tiles import Tile
from game.engine.actions import Action
from ui.kit.metrics import focus_ring, metrics
from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import FACE_RATIO, MIN_WIDTH, get_tile_art

# Plate colours by kind of button.
STYLES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "win": ((206, 60, 36), (255, 214, 120)),
    "kong": ((44, 104, 170), (170, 210, 255)),
    "pung": ((40, 130, 80), (170, 240, 190)),
    "ready": ((150, 90, 30), (255, 214, 140)),
    "pass": ((70, 74, 80), (200, 200, 200)),
    "plain": ((60, 66, 72), (210, 200, 170)),
}


@dataclass(frozen=True, slots=True)
class Button:
    """A button on screen: what it says, where it is, and the action (or command) it stands for."""

    label: str
    rect: pygame.Rect
    style: str
    action: Action | None = None
    command: str = ""  # for buttons that are not engine actions ("ready" toggles 报听)
    key: int | None = None  # keyboard shortcut
    tile: Tile | None = None  # the tile the button claims or kongs, shown on it

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when `pos` is on the button."""
        return self.rect.collidepoint(pos)


def button_tile_width(height: int) -> int:
    """The width of the tile drawn on a button `height` px tall (it fills most of the height)."""
    return max(MIN_WIDTH, round(height * 0.7 / (FACE_RATIO + 0.16)))


def button_picture(
    label: str,
    size: tuple[int, int],
    style: str,
    font: int,
    hover: bool,
    hinted: bool,
    tile: Tile | None = None,
) -> pygame.Surface:
    """The button's picture (with the tile it claims, when it has one), made once per look."""

    def make() -> pygame.Surface:
        w, h = size
        base, rim = STYLES.get(style, STYLES["plain"])
        out = pygame.Surface((w, h + 4), pygame.SRCALPHA)
        r = h // 2
        pygame.draw.rect(out, (0, 0, 0, 100), pygame.Rect(2, 4, w - 2, h), border_radius=r)
        top = tuple(min(255, c + (40 if hover else 18)) for c in base)
        body = pygame.Rect(0, 0, w - 2, h)
        pygame.draw.rect(out, base, body, border_radius=r)
        upper = pygame.Rect(2, 2, w - 6, h // 2)
        pygame.draw.rect(out, top, upper, border_radius=r)
        edge = pal.CLAIMABLE_GLOW if hinted else rim
        pygame.draw.rect(out, edge, body, width=3 if hinted or hover else 2, border_radius=r)
        if tile is None:
            text = T.fit(label, font, w - h // 2, pal.TEXT, bold=True)
            out.blit(text, text.get_rect(center=body.center))
            return out
        art = get_tile_art(button_tile_width(h))
        gap = max(3, h // 8)
        text = T.fit(label, font, max(10, w - h // 2 - art.width - gap), pal.TEXT, bold=True)
        left = int(body.centerx - (art.width + gap + text.get_width()) // 2)
        face = art.face(tile)
        tile_top = int(body.centery - (art.face_height + art.depth) // 2)
        out.blit(face, art.blit_pos(left, tile_top))
        out.blit(text, text.get_rect(midleft=(left + art.width + gap, body.centery)))
        return out

    return T.cached(("button", label, size, style, font, hover, hinted, tile), make)


def lay_out_buttons(
    specs: list[tuple[str, str, Action | None, str, int | None]],
    area: pygame.Rect,
    font: int,
    tiles: Sequence[Tile | None] = (),
) -> list[Button]:
    """Buttons (label, style, action, command, key) placed right to left in `area`, the first rightmost;
    `tiles[i]`, when given, is drawn on button i beside its label."""
    if not specs:
        return []
    h = area.height
    gap = max(4, h // 6)
    shown = [tiles[i] if i < len(tiles) else None for i in range(len(specs))]
    extra = button_tile_width(h) + max(3, h // 8)
    words = [T.label(label, font, bold=True).get_width() for label, *_ in specs]

    def widths_with(pictures: list[Tile | None]) -> list[int]:
        return [
            max(round(h * 1.7), w + h + (extra if t is not None else 0)) for w, t in zip(words, pictures, strict=True)
        ]

    widths = widths_with(shown)
    total = sum(widths) + gap * (len(widths) - 1)
    if total > area.width and any(t is not None for t in shown):
        # The words before the pictures: where the row is too narrow for both, the tiles go first.
        shown = [None] * len(specs)
        widths = widths_with(shown)
        total = sum(widths) + gap * (len(widths) - 1)
    scale = min(1.0, area.width / max(1, total))
    x = area.right
    out: list[Button] = []
    for (label, style, action, command, key), w, t in zip(specs, widths, shown, strict=True):
        ww = max(h, round(w * scale))
        rect = pygame.Rect(x - ww, area.top, ww, h)
        out.append(Button(label, rect, style, action, command, key, t))
        x -= ww + round(gap * scale)
    return out


def draw_buttons(
    surface: pygame.Surface, buttons: list[Button], font: int, hover: int | None, hinted: int | None
) -> list[pygame.Rect]:
    """Draw every button, lit when hovered or suggested by the hint; where they were drawn."""
    drawn = []
    for i, b in enumerate(buttons):
        pic = button_picture(b.label, b.rect.size, b.style, font, i == hover, i == hinted, b.tile)
        drawn.append(surface.blit(pic, b.rect.topleft))
    return drawn


class ButtonFocus:
    """Which of a scene's row of buttons has the keyboard: Tab / Shift+Tab (and the arrows, where the scene says)
    move it round the row, Enter or Space presses it, and a ring shows where it is."""

    def __init__(self, start: int = 0) -> None:
        self.index = start

    def move(self, buttons: Sequence[Button], step: int) -> None:
        """To the next (1) or previous (-1) button, in the order the row reads, left to right then down."""
        if not buttons:
            return
        order = reading_order(buttons)
        at = order.index(self.index) if self.index in order else 0
        self.index = order[(at + step) % len(order)]

    def focused(self, buttons: Sequence[Button]) -> Button | None:
        """The button with the keyboard, or None when the row is empty."""
        return buttons[self.index] if 0 <= self.index < len(buttons) else None

    def draw(self, surface: pygame.Surface, buttons: Sequence[Button]) -> pygame.Rect | None:
        """The ring round the focused button; where it went."""
        button = self.focused(buttons)
        if button is None:
            return None
        return focus_ring(surface, button.rect, metrics(surface.get_size()))


def reading_order(buttons: Sequence[Button]) -> list[int]:
    """The buttons' indexes as a reader meets them: top row first, each row left to right (rows are laid out
    right to left, the first rightmost)."""
    return sorted(range(len(buttons)), key=lambda i: (buttons[i].rect.top, buttons[i].rect.left))
