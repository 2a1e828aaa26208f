"""The menus' controls: labels, buttons, choices, toggles, sliders, steppers, text and name fields."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from ui.kit.buttons import button_picture
from ui.kit.metrics import (
    DISABLED,
    FIELD_FILL,
    FIELD_FILL_HOVER,
    Metrics,
    focus_ring,
)
from ui.look import palette as pal
from ui.look import text as T
from ui.look.art.shapes import mix
from ui.words import strings as S

V = TypeVar("V")


class Widget:
    """Base of every control: where it is and how it reacts; the default does nothing."""

    focusable = True

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect if rect is not None else pygame.Rect(0, 0, 1, 1)
        self.enabled = True

    def click(self, pos: tuple[int, int]) -> None:
        """The left button went down on the control."""

    def drag(self, pos: tuple[int, int]) -> None:
        """The mouse moved with the button held after a click on the control."""

    def wheel(self, dy: int) -> bool:
        """The wheel turned over the control; True if it used it."""
        return False

    def key(self, key: int) -> bool:
        """A key while focused; True if it used it."""
        return False

    def text(self, text: str) -> bool:
        """Typed text while focused; True if it used it."""
        return False

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        """Draw the control; changes nothing."""


class Label(Widget):
    """Text that does nothing: a heading or a note."""

    focusable = False

    def __init__(
        self, text: str, rect: pygame.Rect, colour: T.Colour = pal.TEXT, size: str = "body", bold: bool = False
    ) -> None:
        super().__init__(rect)
        self.text_value = text
        self.colour = colour
        self.size = size
        self.bold = bold

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        size = getattr(m, self.size)
        pic = T.fit(self.text_value, size, self.rect.width, self.colour, self.bold)
        surface.blit(pic, pic.get_rect(midleft=(self.rect.left, self.rect.centery)))


class Button(Widget):
    """A lacquer button like the table's; `on_press` runs on a click, Enter or Space."""

    def __init__(self, label: str, on_press: Callable[[], None], style: str = "plain", rect: pygame.Rect | None = None):
        super().__init__(rect)
        self.label = label
        self.on_press = on_press
        self.style = style

    def click(self, pos: tuple[int, int]) -> None:
        if self.enabled:
            self.on_press()

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.enabled:
            self.on_press()
            return True
        return False

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        style = self.style if self.enabled else "pass"
        font = max(T.MIN_TEXT, round(self.rect.height * 0.46))
        pic = button_picture(self.label, self.rect.size, style, font, hover and self.enabled, focused)
        if not self.enabled:
            pic = pic.copy()
            pic.set_alpha(110)
        surface.blit(pic, self.rect.topleft)
        if focused:
            # The lit rim alone reads as a hover or a hint: the ring says the keyboard is here, as on every control.
            focus_ring(surface, self.rect, m)


class Field(Widget):
    """A control row: its label at the left, its value drawn by the subclass in `value_rect`."""

    label_share = 0.42

    def __init__(self, label: str, rect: pygame.Rect | None = None) -> None:
        super().__init__(rect)
        self.label = label

    @property
    def value_rect(self) -> pygame.Rect:
        """Where the value sits: the right part of the row."""
        lw = round(self.rect.width * self.label_share) if self.label else 0
        return pygame.Rect(self.rect.left + lw, self.rect.top, self.rect.width - lw, self.rect.height)

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        if self.label:
            lw = round(self.rect.width * self.label_share) - m.gap
            colour = pal.TEXT if self.enabled else DISABLED
            pic = T.fit(self.label, m.body, lw, colour)
            surface.blit(pic, pic.get_rect(midleft=(self.rect.left, self.rect.centery)))
        box = self.value_rect
        fill = FIELD_FILL_HOVER if hover and self.enabled else FIELD_FILL
        surface.blit(T.panel(box.size, m.px(8), fill, mix(pal.PANEL_BORDER, (0, 0, 0), 0.35), 1), box.topleft)
        self.draw_value(surface, m, box)
        if focused:
            focus_ring(surface, box, m)

    def draw_value(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        """Draw the value inside `box`."""


class Choice(Field, Generic[V]):
    """One of a few options shown side by side (segments); a click picks one, Left/Right step. With `proportional`
    each segment is as wide as its words need, the room to spare shared evenly."""

    proportional = False

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[V, str]],
        get: Callable[[], V],
        set_: Callable[[V], None],
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(label, rect)
        self.options = list(options)
        self.get = get
        self.set = set_

    def index(self) -> int:
        """Where the current value is among the options (0 if it is not one of them)."""
        value = self.get()
        return next((i for i, (v, _) in enumerate(self.options) if v == value), 0)

    def segments(self) -> list[pygame.Rect]:
        """The rectangle of each option inside the value box."""
        box = self.value_rect.inflate(-4, -6)
        n = max(1, len(self.options))
        if self.proportional and self.options:
            # The words' widths at one size (they scale together), and the room to spare shared evenly.
            need = [T.label(text, 20, bold=True).get_width() for _v, text in self.options]
            spare = max(0.0, box.width - sum(need) * box.height / 40) / n
            weights = [w * box.height / 40 + spare for w in need]
        else:
            weights = [1.0] * n
        out = []
        edges = [box.left + round(box.width * sum(weights[:i]) / sum(weights)) for i in range(n + 1)]
        for left, right in itertools.pairwise(edges):
            out.append(pygame.Rect(left, box.top, right - left, box.height))
        return out

    def click(self, pos: tuple[int, int]) -> None:
        if not self.enabled:
            return
        for i, seg in enumerate(self.segments()):
            if seg.collidepoint(pos):
                self.set(self.options[i][0])
                return

    def key(self, key: int) -> bool:
        if key not in (pygame.K_LEFT, pygame.K_RIGHT) or not self.enabled or not self.options:
            return False
        step = -1 if key == pygame.K_LEFT else 1
        self.set(self.options[(self.index() + step) % len(self.options)][0])
        return True

    def draw_value(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        current = self.index()
        segments = self.segments()
        size = m.small if len(self.options) > 3 else m.body
        # Smaller type rather than words cut short, when the segments are too narrow for them.
        fits = all(
            T.label(t, size, bold=True).get_width() <= s.width - 6
            for (_v, t), s in zip(self.options, segments, strict=True)
        )
        size = size if fits else min(size, m.small)
        for i, seg in enumerate(segments):
            on = i == current
            if on:
                fill = (176, 128, 40, 235) if self.enabled else (90, 90, 90, 200)
                surface.blit(T.panel(seg.size, m.px(7), fill, pal.TEXT_GOLD, 1), seg.topleft)
            colour = pal.TEXT if on else (pal.TEXT_MUTED if self.enabled else DISABLED)
            pic = T.fit(self.options[i][1], size, seg.width - 6, colour, on)
            surface.blit(pic, pic.get_rect(center=seg.center))


class Toggle(Choice[bool]):
    """On or off, shown as two segments."""

    def __init__(
        self, label: str, get: Callable[[], bool], set_: Callable[[bool], None], rect: pygame.Rect | None = None
    ) -> None:
        super().__init__(label, [(False, S.tr("menu_off")), (True, S.tr("menu_on"))], get, set_, rect)

    def key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.enabled:
            self.set(not self.get())
            return True
        return super().key(key)


class Slider(Field):
    """A whole number from `low` to `high`, dragged along a track; Left/Right step by `step`."""

    def __init__(
        self,
        label: str,
        get: Callable[[], int],
        set_: Callable[[int], None],
        low: int = 0,
        high: int = 100,
        step: int = 5,
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(label, rect)
        self.get = get
        self.set = set_
        self.low, self.high, self.step = low, high, step

    def track(self) -> pygame.Rect:
        """The track inside the value box, leaving room for the number at the right."""
        box = self.value_rect
        pad = max(8, box.height // 2)
        num_w = max(40, box.height + box.height // 2)
        return pygame.Rect(box.left + pad, box.centery - 2, box.width - 2 * pad - num_w, 4)

    def click(self, pos: tuple[int, int]) -> None:
        self.drag(pos)

    def drag(self, pos: tuple[int, int]) -> None:
        if not self.enabled:
            return
        t = self.track()
        frac = min(1.0, max(0.0, (pos[0] - t.left) / max(1, t.width)))
        self.set(round(self.low + frac * (self.high - self.low)))

    def key(self, key: int) -> bool:
        if key not in (pygame.K_LEFT, pygame.K_RIGHT) or not self.enabled:
            return False
        delta = -self.step if key == pygame.K_LEFT else self.step
        self.set(min(self.high, max(self.low, self.get() + delta)))
        return True

    def wheel(self, dy: int) -> bool:
        return self.key(pygame.K_RIGHT if dy > 0 else pygame.K_LEFT)

    def draw_value(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        t = self.track()
        value = self.get()
        frac = (value - self.low) / max(1, self.high - self.low)
        pygame.draw.rect(surface, (60, 70, 64), t, border_radius=2)
        filled = pygame.Rect(t.left, t.top, round(t.width * frac), t.height)
        colour = pal.TEXT_GOLD if self.enabled else DISABLED
        pygame.draw.rect(surface, colour, filled, border_radius=2)
        knob = (filled.right, t.centery)
        pygame.draw.circle(surface, (0, 0, 0), (knob[0] + 1, knob[1] + 2), max(6, box.height // 4))
        pygame.draw.circle(surface, pal.IVORY if self.enabled else DISABLED, knob, max(6, box.height // 4))
        num = T.shadowed(str(value), m.body, colour, bold=True)
        surface.blit(num, num.get_rect(midright=(box.right - m.gap, box.centery)))


class Stepper(Field):
    """A whole number with − and + buttons; `show` writes it (e.g. "8 hands")."""

    def __init__(
        self,
        label: str,
        get: Callable[[], int],
        set_: Callable[[int], None],
        low: int,
        high: int,
        show: Callable[[int], str] = str,
        step: int = 1,
        rect: pygame.Rect | None = None,
        signs: tuple[str, str] = ("−", "+"),
    ) -> None:
        super().__init__(label, rect)
        self.get = get
        self.set = set_
        self.low, self.high, self.step_by = low, high, step
        self.show = show
        self.signs = signs

    def parts(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The − and + buttons at the ends of the value box."""
        box = self.value_rect.inflate(-6, -6)
        minus = pygame.Rect(box.left, box.top, box.height, box.height)
        plus = pygame.Rect(box.right - box.height, box.top, box.height, box.height)
        return minus, plus

    def bump(self, direction: int) -> None:
        """Step the number up (1) or down (-1), kept within its range."""
        if self.enabled:
            self.set(min(self.high, max(self.low, self.get() + direction * self.step_by)))

    def click(self, pos: tuple[int, int]) -> None:
        minus, plus = self.parts()
        if minus.collidepoint(pos):
            self.bump(-1)
        elif plus.collidepoint(pos):
            self.bump(1)

    def key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.bump(-1)
            return True
        if key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.bump(1)
            return True
        return False

    def wheel(self, dy: int) -> bool:
        self.bump(1 if dy > 0 else -1)
        return True

    def draw_value(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        colour = pal.TEXT if self.enabled else DISABLED
        for rect, sign, live in zip(
            self.parts(), self.signs, (self.get() > self.low, self.get() < self.high), strict=True
        ):
            fill = (60, 90, 74, 230) if live and self.enabled else (40, 50, 46, 200)
            surface.blit(T.panel(rect.size, m.px(6), fill, None), rect.topleft)
            pic = T.shadowed(sign, m.body, colour if live else DISABLED, bold=True)
            surface.blit(pic, pic.get_rect(center=rect.center))
        pic = T.fit(self.show(self.get()), m.body, box.width - 2 * box.height - 8, colour, bold=True)
        surface.blit(pic, pic.get_rect(center=box.center))


class TextField(Field):
    """One line of typed text (letters, digits, - and _), up to `limit` characters."""

    def __init__(
        self,
        label: str,
        get: Callable[[], str],
        set_: Callable[[str], None],
        limit: int = 24,
        placeholder: str = "",
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(label, rect)
        self.get = get
        self.set = set_
        self.limit = limit
        self.placeholder = placeholder

    def text(self, text: str) -> bool:
        typed = "".join(c for c in text if c.isascii() and (c.isalnum() or c in "-_"))
        if not typed:
            return False
        self.set((self.get() + typed)[: self.limit])
        return True

    def key(self, key: int) -> bool:
        if key == pygame.K_BACKSPACE:
            self.set(self.get()[:-1])
            return True
        return False

    def draw_value(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        value = self.get()
        shown = value if value else self.placeholder
        colour = pal.TEXT if value else pal.TEXT_MUTED
        pic = T.fit(shown, m.body, box.width - 2 * m.gap, colour)
        surface.blit(pic, pic.get_rect(midleft=(box.left + m.gap, box.centery)))


class NameField(TextField):
    """Free text: any printable character (a name in Chinese from an input method, an address with . and :), up to
    `limit` characters."""

    def text(self, text: str) -> bool:
        typed = "".join(c for c in text if c.isprintable())
        if not typed:
            return False
        self.set((self.get() + typed)[: self.limit])
        return True
