"""The base of every menu screen: controls over the felt, focus by keys, Escape goes back."""

from __future__ import annotations

import pygame

from ui.kit.list_view import ListView
from ui.kit.metrics import (
    backdrop,
    metrics,
)
from ui.kit.widgets import Choice, Slider, Stepper, TextField, Widget
from ui.look import palette as pal
from ui.look import text as T
from ui.stage.scene import Host, Scene
from ui.words import keys as K
from ui.words import strings as S


class MenuScene(Scene):
    """A screen of controls over the felt: focus moves with Tab/Up/Down, Escape goes back.

    Subclasses build their controls in `build()` (called on every resize and language change) and
    draw anything else in `draw_content`; `key_lines` are the keys of their own, after the menus' (K.MENU).
    """

    key_lines: tuple[K.KeyLine, ...] = ()
    focus_lines = (K.NEXT, K.PREVIOUS)  # how focus moves: a screen that scrolls with ↑↓ moves it by Tab alone

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.size: tuple[int, int] = host.stack.size if host.stack.size != (0, 0) else (1280, 720)
        self.m = metrics(self.size)
        self.widgets: list[Widget] = []
        self.focus: int | None = None
        self.hover: int | None = None
        self.dragging: Widget | None = None
        self.shift = False  # Shift was held with the key being handled (Shift+Tab goes back)
        self._built_language = ""

    # ---------------------------------------------------------------- layout

    def build(self) -> None:
        """Create and place the controls for the current size and language."""

    def rebuild(self) -> None:
        """Build again, keeping the focus on the same place."""
        focus = self.focus
        self.focus = None
        self.m = metrics(self.size)
        self.widgets = []
        self.build()
        if focus is None:
            focus = self.focus  # the control the screen starts on
        self._built_language = S.language()
        focusable = [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled]
        if focus is not None and focus not in focusable:
            focus = focusable[0] if focusable else None
        self.focus = focus

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.rebuild()

    def animating(self) -> bool:
        # A menu changes only on input; a screen with an update of its own (polling the network, a timer)
        # keeps its frames.
        return type(self).update is not MenuScene.update

    def key_help(self) -> tuple[K.KeyLine, ...]:
        """The menus' keys and the screen's own; none while a text field has the keyboard (? is typed there)."""
        focused = self.widgets[self.focus] if self.focus is not None and self.focus < len(self.widgets) else None
        if isinstance(focused, TextField):
            return ()
        shown = [w for w in self.widgets if w.focusable]

        def has(*kinds: type) -> bool:
            return any(isinstance(w, kinds) for w in shown)

        lines = [*self.focus_lines, K.PRESS]
        lines += [K.LIST] if has(ListView) else []
        lines += [K.CHANGE] if has(Choice, Slider, Stepper) else []
        lines += [K.STEP] if has(Stepper) else []
        lines += [K.ERASE] if has(TextField) else []
        return (*lines, *self.key_lines, K.BACK)

    def enter(self) -> None:
        if self._built_language != S.language() or not self.widgets:
            self.rebuild()

    def back(self) -> None:
        """Leave this screen (Escape, the back button)."""
        self.host.stack.remove(self)

    # ---------------------------------------------------------------- input

    def widget_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the control under `pos`, or None."""
        for i in range(len(self.widgets) - 1, -1, -1):
            w = self.widgets[i]
            if w.rect.collidepoint(pos) and (w.focusable or isinstance(w, ListView)):
                return i
        return None

    def move_focus(self, step: int) -> None:
        """Give the keyboard to the next (1) or previous (-1) control that takes it."""
        order = [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled]
        if not order:
            return
        if self.focus not in order:
            self.focus = order[0] if step > 0 else order[-1]
            return
        assert self.focus is not None
        self.focus = order[(order.index(self.focus) + step) % len(order)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.widget_at(event.pos)
            if self.dragging is not None and event.buttons[0]:
                self.dragging.drag(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.widget_at(event.pos)
            if index is not None:
                widget = self.widgets[index]
                self.focus = index if widget.focusable else self.focus
                self.dragging = widget
                widget.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            index = self.widget_at(pos)
            if index is not None and self.widgets[index].wheel(event.y):
                return
            self.scroll(event.y)
        elif event.type == pygame.TEXTINPUT:
            if self.focus is not None and self.focus < len(self.widgets):
                self.widgets[self.focus].text(event.text)
        elif event.type == pygame.KEYDOWN:
            self.shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self.key(event.key)

    def key(self, key: int) -> None:
        """A key press: the focused control first, then focus moves, Escape."""
        focused = self.widgets[self.focus] if self.focus is not None and self.focus < len(self.widgets) else None
        if focused is not None and focused.key(key):
            return
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_TAB and self.shift:
            self.move_focus(-1)
        elif key in (pygame.K_TAB, pygame.K_DOWN):
            self.move_focus(1)
        elif key == pygame.K_UP:
            self.move_focus(-1)
        else:
            self.other_key(key)

    def other_key(self, key: int) -> None:
        """A key no control used."""

    def scroll(self, dy: int) -> None:
        """The wheel turned where no control wanted it."""

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.size), (0, 0))
        self.draw_content(surface)
        for i, w in enumerate(self.widgets):
            w.draw(surface, self.m, i == self.focus, i == self.hover)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw what is not a control (titles, panels); under the controls."""

    def title(self, surface: pygame.Surface, text: str) -> int:
        """Draw the screen's title at the top; returns the y below it."""
        m = self.m
        pic = T.outlined(text, m.heading + m.px(8), pal.TEXT_GOLD, (60, 30, 10), max(1, m.px(2)))
        surface.blit(pic, pic.get_rect(midtop=(self.size[0] // 2, m.px(18))))
        return m.px(18) + pic.get_height() + m.gap
