"""Small dialogs over any scene: a confirm (a warning, yes and no), a notice (a message and OK), and a choice."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ui.kit.buttons import Button, ButtonFocus, draw_buttons, lay_out_buttons
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.stage.scene import Host, Scene
from ui.words import keys as K
from ui.words import strings as S


def wrap(text: str, size: int, width: int) -> list[str]:
    """Split `text` into lines no wider than `width` px (by words for English, by characters for Chinese)."""
    return T.wrap(text, size, width)


class ConfirmScene(Scene):
    """Asks before a move with a cost (包牌, 过水); `on_yes` runs if the player agrees. The keyboard starts on
    the yes button (Enter), Tab and the arrows move it to cancel."""

    opaque = False
    key_lines = K.DIALOG

    def __init__(self, host: Host, message: str, yes_label: str, on_yes: Callable[[], None]) -> None:
        super().__init__(host)
        self.message = message
        self.yes_label = yes_label
        self.on_yes = on_yes
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.font = 18
        self.title_size = 22
        self.line_h = 27
        self.button_font = 24
        self.lines: list[str] = []
        self.focus = ButtonFocus(1)  # yes: what Enter did before any key moved the focus

    def resize(self, size: tuple[int, int]) -> None:
        layout = compute_layout(size)
        s = layout.scale
        self.font = layout.font["body"]
        w = round(min(size[0] * 0.8, 560 * s))
        self.lines = wrap(self.message, self.font, w - round(40 * s))
        line_h = round(self.font * 1.5)
        title_h = layout.font["title"] * 2
        bh = round(48 * s)
        h = title_h + line_h * len(self.lines) + bh + round(40 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        area = pygame.Rect(self.rect.left + 20, self.rect.bottom - bh - round(16 * s), self.rect.width - 40, bh)
        self.buttons = lay_out_buttons(
            [
                (S.tr("btn_cancel"), "pass", None, "no", pygame.K_ESCAPE),
                (self.yes_label, "win", None, "yes", pygame.K_RETURN),
            ],
            area,
            layout.font["button"],
        )
        self.title_size = layout.font["title"]
        self.line_h = line_h
        self.button_font = layout.font["button"]

    def _answer(self, yes: bool) -> None:
        self.host.stack.remove(self)
        if yes:
            self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(self.buttons) if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self._answer(b.command == "yes")
                    return
        elif event.type == pygame.KEYDOWN:
            what = K.named(K.DIALOG, event.key)
            focused = self.focus.focused(self.buttons)
            if what == "choose":
                back = event.key == pygame.K_LEFT or getattr(event, "mod", 0) & pygame.KMOD_SHIFT
                self.focus.move(self.buttons, -1 if back else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
                self._answer(focused.command == "yes")
            elif what == "yes":
                self._answer(True)
            elif what == "no":
                self._answer(False)

    def draw(self, surface: pygame.Surface) -> None:
        shade = T.panel(surface.get_size(), 0, (0, 0, 0, 110), None)
        surface.blit(shade, (0, 0))
        surface.blit(T.panel(self.rect.size, 16, (12, 34, 26, 240), pal.PANEL_BORDER, 2), self.rect.topleft)
        x, y = self.rect.left + 20, self.rect.top + 14
        title = T.shadowed(S.tr("warn_title"), self.title_size, pal.TEXT_RED, bold=True)
        surface.blit(title, (x, y))
        y += round(self.title_size * 1.8)
        for line in self.lines:
            surface.blit(T.shadowed(line, self.font, pal.TEXT), (x, y))
            y += self.line_h
        draw_buttons(surface, self.buttons, self.button_font, self.hover, None)
        self.focus.draw(surface, self.buttons)


class NoticeScene(Scene):
    """A message over whatever is below, closed with its button, Enter, Space or Escape."""

    opaque = False
    key_lines = K.NOTICE

    def __init__(self, host: Host, title: str, message: str) -> None:
        super().__init__(host)
        self.title = title
        self.message = message
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.lines: list[str] = []
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self.font = 18
        self.title_size = 22
        self.button_font = 24

    def resize(self, size: tuple[int, int]) -> None:
        layout = compute_layout(size)
        s = layout.scale
        self.font, self.title_size, self.button_font = layout.font["body"], layout.font["title"], layout.font["button"]
        w = round(min(size[0] * 0.8, 620 * s))
        self.lines = wrap(self.message, self.font, w - round(48 * s))
        bh = round(48 * s)
        h = round(self.title_size * 2.2) + round(self.font * 1.5) * len(self.lines) + bh + round(44 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        area = pygame.Rect(self.rect.left + 24, self.rect.bottom - bh - round(18 * s), self.rect.width - 48, bh)
        self.buttons = lay_out_buttons([(S.tr("btn_ok"), "win", None, "ok", pygame.K_RETURN)], area, self.button_font)

    def close(self) -> None:
        """Take the notice away."""
        self.host.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(self.buttons) if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if any(b.hit(event.pos) for b in self.buttons):
                self.close()
        elif event.type == pygame.KEYDOWN and K.named(K.NOTICE, event.key) == "close":
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(T.panel(surface.get_size(), 0, (0, 0, 0, 130), None), (0, 0))
        surface.blit(T.panel(self.rect.size, 16, (12, 34, 26, 245), pal.PANEL_BORDER, 2), self.rect.topleft)
        x, y = self.rect.left + 24, self.rect.top + 16
        surface.blit(T.shadowed(self.title, self.title_size, pal.TEXT_GOLD, bold=True), (x, y))
        y += round(self.title_size * 2.0)
        for line in self.lines:
            surface.blit(T.shadowed(line, self.font, pal.TEXT), (x, y))
            y += round(self.font * 1.5)
        draw_buttons(surface, self.buttons, self.button_font, self.hover, None)
        ButtonFocus(0).draw(surface, self.buttons)  # its one button, which every key of it presses


class ChoiceScene(Scene):
    """A title over a column of choices and a cancel: a click, the choice's number key, or Enter on the focused
    choice runs its callback."""

    opaque = False
    key_lines = K.CHOICE

    def __init__(self, host: Host, title: str, choices: Sequence[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(host)
        self.title = title
        self.choices = choices
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.buttons: list[Button] = []
        self.hover: int | None = None
        self.title_size = 22
        self.button_font = 24
        self.focus = ButtonFocus(0)

    def resize(self, size: tuple[int, int]) -> None:
        layout = compute_layout(size)
        s = layout.scale
        self.title_size, self.button_font = layout.font["title"], layout.font["button"]
        bh, gap, pad = round(44 * s), round(10 * s), round(24 * s)
        labels = [label for label, _ in self.choices] + [S.tr("btn_cancel")]
        widest = max(T.label(label, self.button_font, bold=True).get_width() for label in labels) + bh
        title_w = T.label(self.title, self.title_size, bold=True).get_width()
        w = min(size[0] - 2 * pad, max(widest, title_w) + 2 * pad)
        h = round(self.title_size * 2.0) + (bh + gap) * len(labels) + pad
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        y = self.rect.top + round(self.title_size * 2.0)
        self.buttons = []
        for i, label in enumerate(labels):
            last = i == len(labels) - 1
            rect = pygame.Rect(self.rect.left + pad, y, w - 2 * pad, bh)
            key = pygame.K_ESCAPE if last else pygame.K_1 + i
            self.buttons.append(Button(label, rect, "pass" if last else "plain", command=str(i), key=key))
            y += bh + gap

    def _choose(self, index: int) -> None:
        self.host.stack.remove(self)
        if 0 <= index < len(self.choices):
            self.choices[index][1]()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, b in enumerate(self.buttons) if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((b for b in self.buttons if b.hit(event.pos)), None)
            if hit is not None:
                self._choose(int(hit.command))
        elif event.type == pygame.KEYDOWN:
            what = K.named(K.CHOICE, event.key)
            focused = self.focus.focused(self.buttons)
            if what == "cancel":
                self._choose(-1)
            elif what == "pick" and event.key - pygame.K_1 < len(self.choices):
                self._choose(event.key - pygame.K_1)
            elif what == "move":
                back = event.key == pygame.K_UP or getattr(event, "mod", 0) & pygame.KMOD_SHIFT
                self.focus.move(self.buttons, -1 if back else 1)
            elif what == "press" and focused is not None:
                self._choose(int(focused.command))  # the cancel button's number is past the choices

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(T.panel(surface.get_size(), 0, (0, 0, 0, 110), None), (0, 0))
        surface.blit(T.panel(self.rect.size, 16, (12, 34, 26, 245), pal.PANEL_BORDER, 2), self.rect.topleft)
        title = T.fit(self.title, self.title_size, self.rect.width - 32, pal.TEXT_GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.top + round(self.title_size * 0.5))))
        draw_buttons(surface, self.buttons, self.button_font, self.hover, None)
        self.focus.draw(surface, self.buttons)
