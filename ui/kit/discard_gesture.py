"""One way to discard wherever a hand is played (the table, at one screen or over the network, and the lessons).

With two-click discarding (the setting's default, as the big mahjong apps do) a click raises a tile, with a
tag over it saying a second click discards it; a click on the raised tile discards it, so a double-click
discards too. With one-click discarding a click discards at once. Either way a tile can be dragged: it
follows the pointer, and dropping it over the pond (or well above the hand) discards it, while dropping it
back on the hand puts it back. A click is decided when the button comes up, so a drag never discards by
accident; a tile is raised as soon as the button goes down.

The screens say where their tiles are and what a discard does (`DiscardHand`); `DiscardGesture` turns the
mouse into raising, discarding and dragging, the same for all of them. `draw_cue` and `draw_dragged` draw the
raised tile's tag and the dragged tile alike on every screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import Look, TileArt
from ui.words import strings as S

# How far (px at 1280x720, scaled with the window) the pointer must move with the button down before a press
# becomes a drag: a hand that shakes a little while clicking still clicks.
DRAG_START = 8


class DiscardHand(Protocol):
    """What the gesture asks of a screen with a hand to discard from."""

    @property
    def raised(self) -> int | None:
        """The raised tile (an index into the hand as shown), or None."""
        ...

    def raise_tile(self, index: int | None) -> None:
        """Raise tile `index` (None: lower any)."""
        ...

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        """The tile of the hand under `pos`, or None."""
        ...

    def may_discard(self, index: int) -> bool:
        """True when tile `index` may be discarded now."""
        ...

    def discard_at(self, index: int) -> None:
        """Discard tile `index`."""
        ...

    def drops_discard(self, pos: tuple[int, int]) -> bool:
        """True when a tile dropped at `pos` is discarded (over the pond or well above the hand)."""
        ...

    def clicks_to_discard(self) -> int:
        """1 or 2: the player's setting."""
        ...


@dataclass
class Press:
    """The left button went down on a tile that may go."""

    index: int
    pos: tuple[int, int]
    was_raised: bool
    before: int | None  # the tile raised before the press, raised again when a drag is dropped back


class DiscardGesture:
    """The mouse over a hand: raise, discard, drag to the pond; `handle` takes the events it uses."""

    def __init__(self, hand: DiscardHand, scale: float = 1.0) -> None:
        self.hand = hand
        self.scale = scale  # the window's scale, for how far a drag must go
        self.press: Press | None = None
        self.drag_at: tuple[int, int] | None = None  # where the dragged tile is, while one is dragged

    @property
    def dragging(self) -> int | None:
        """The tile being dragged, or None."""
        return self.press.index if self.press is not None and self.drag_at is not None else None

    def cancel(self) -> None:
        """Forget a press or a drag in progress (the tile goes back to the hand)."""
        self.press = None
        self.drag_at = None

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a mouse event over the hand; True when the gesture used it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.down(event.pos)
        if event.type == pygame.MOUSEMOTION:
            return self.move(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.up(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.press is not None:
            self.cancel()  # the other button lets go of a drag
            return True
        return False

    def down(self, pos: tuple[int, int]) -> bool:
        """The left button went down: on a tile that may go, it is pressed (and raised at once with two clicks)."""
        index = self.hand.tile_at(pos)
        if index is None or not self.hand.may_discard(index):
            self.cancel()
            return False
        self.press = Press(index, pos, self.hand.raised == index, self.hand.raised)
        if self.hand.clicks_to_discard() >= 2 and not self.press.was_raised:
            self.hand.raise_tile(index)
        return True

    def move(self, pos: tuple[int, int]) -> bool:
        """The pointer moved: a pressed tile that has moved far enough follows it."""
        press = self.press
        if press is None:
            return False
        if self.drag_at is None:
            dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
            if math.hypot(dx, dy) < DRAG_START * self.scale:
                return False
        self.drag_at = pos
        return True

    def up(self, pos: tuple[int, int]) -> bool:
        """The left button came up: a drop over the pond or a click on a raised tile (any tile, with one click)
        discards; a drop back on the hand puts the tile back."""
        press, dragged = self.press, self.drag_at is not None
        self.cancel()
        if press is None:
            return False
        if not self.hand.may_discard(press.index):
            return True
        if dragged:
            if self.hand.drops_discard(pos):
                self.hand.discard_at(press.index)
            else:
                self.hand.raise_tile(press.before)  # dropped back on the hand: as it was before
            return True
        if self.hand.clicks_to_discard() < 2 or press.was_raised:
            self.hand.discard_at(press.index)
        return True


def cue_text(clicks: int) -> str:
    """The words over the raised tile: what the next click does."""
    return S.tr("cue_click_again") if clicks >= 2 else S.tr("cue_click")


def cue_picture(text: str, font: int) -> pygame.Surface:
    """A small ivory tag with a point under it, the words in dark lacquer: "click again to discard"."""

    def make() -> pygame.Surface:
        label = T.label(text, font, (70, 30, 10), bold=True)
        pad_x, pad_y = max(6, font // 2), max(2, font // 5)
        w, h = label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y
        point = max(5, font // 2)
        rim = max(1, round(font / 9))
        out = pygame.Surface((w + 4, h + point + 4), pygame.SRCALPHA)

        def shape(target: pygame.Surface, colour: tuple[int, ...], inset: int, dx: int = 0, dy: int = 0) -> None:
            """The tag and its point as one shape, `inset` px inside the outline."""
            body = pygame.Rect(dx + inset, dy + inset, w - 2 * inset, h - 2 * inset)
            pygame.draw.rect(target, colour, body, border_radius=body.height // 2)
            cx, base = dx + w // 2, dy + h - inset - 1
            tip = [(cx - point + inset, base), (cx + point - inset, base), (cx, dy + h + point - 1 - 2 * inset)]
            pygame.draw.polygon(target, colour, tip)

        shade = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        shape(shade, (0, 0, 0, 90), 0, 2, 3)
        out.blit(shade, (0, 0))
        shape(out, pal.TEXT_GOLD, 0)  # the gold rim, then the ivory inside it
        shape(out, pal.IVORY, rim)
        out.blit(label, label.get_rect(center=(w // 2, h // 2)))
        return out

    return T.cached(("discard-cue", text, font), make)


def draw_cue(surface: pygame.Surface, tile_top: tuple[int, int], text: str, font: int, bob: float = 0.0) -> pygame.Rect:
    """The tag over a raised tile whose top middle is at `tile_top`, kept inside the surface; where it went."""
    pic = cue_picture(text, font)
    rect = pic.get_rect(midbottom=(tile_top[0], tile_top[1] - 2 - round(bob)))
    rect.clamp_ip(surface.get_rect())
    return surface.blit(pic, rect)


def draw_dragged(surface: pygame.Surface, art: TileArt, tile: int, at: tuple[int, int]) -> list[pygame.Rect]:
    """A tile held under the pointer at `at`, lit, with its shadow on the cloth; where they went."""
    w, h = art.body_size
    x, y = at[0] - w // 2, at[1] - h // 2
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=max(2, w // 8))
    under = surface.blit(shadow, (x + max(3, w // 8), y + max(4, h // 8)))
    return [under, surface.blit(art.face(tile, Look.SELECTED), art.blit_pos(x, y))]
