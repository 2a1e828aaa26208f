"""Open a hand in the calculator: the hands saved from it and the last few it settled, newest first, or any
hand file by its path (one exported from a played game, `simulate --export`, or written by hand)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.calculator.files import HandStore, describe
from ui.kit.list_view import ListItem, ListView
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import Metrics, plate
from ui.kit.widgets import Button, Field
from ui.look import palette as pal
from ui.look import text as T
from ui.stage.scene import Host
from ui.words import keys as K
from ui.words import strings as S


class PathField(Field):
    """A file path typed by hand (any printable text); Enter opens it."""

    def __init__(self, label: str, on_enter: Callable[[str], None]) -> None:
        super().__init__(label)
        self.value = ""
        self.on_enter = on_enter
        self.label_share = 0.2

    def text(self, text: str) -> bool:
        typed = "".join(c for c in text if c.isprintable())
        self.value = (self.value + typed)[:400]
        return bool(typed)

    def key(self, key: int) -> bool:
        if key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.value.strip():
            self.on_enter(self.value.strip())
            return True
        return False

    def draw_value(self, surface: pygame.Surface, m: Metrics, box: pygame.Rect) -> None:
        shown = self.value + "▏" if self.value else S.tr("calc_open_path_hint")
        pic = T.fit(shown, m.small, box.width - 2 * m.gap, pal.TEXT if self.value else pal.TEXT_MUTED)
        # Long paths show their end, where the file name is.
        if pic.get_width() >= box.width - 2 * m.gap and self.value:
            pic = T.label("…" + self.value[-60:], m.small, pal.TEXT)
        surface.blit(pic, pic.get_rect(midleft=(box.left + m.gap, box.centery)))


class OpenHandScene(MenuScene):
    """A list of hand files; Enter or a click on Open loads the chosen one into the calculator."""

    key_lines = K.OPEN_HAND

    def __init__(self, host: Host, store: HandStore, on_open: Callable[[Path], None]) -> None:
        super().__init__(host)
        self.on_open = on_open
        saved = [(p, S.tr("calc_open_saved")) for p in store.saved()]
        recent = [(p, S.tr("calc_open_recent")) for p in store.recent()]
        self.files = sorted(saved + recent, key=lambda item: describe(item[0]), reverse=True)
        self.selected = 0

    def build(self) -> None:
        m = self.m
        w, h = self.size
        panel = pygame.Rect(0, 0, min(w - 2 * m.margin, m.px(820)), h - 2 * m.margin)
        panel.center = (w // 2, h // 2)
        self.panel = panel
        items = [ListItem(f"{describe(p)} · {kind}", str(p)) for p, kind in self.files]
        view = ListView(items, self.selected, self._select)
        view.item_h = m.row + m.small
        view.rect = pygame.Rect(
            panel.left + m.px(20), panel.top + m.px(70), panel.width - m.px(40), panel.height - m.px(200)
        )
        self.widgets.append(view)
        path = PathField(S.tr("calc_open_path"), self._open_path)
        path.rect = pygame.Rect(view.rect.left, view.rect.bottom + m.px(8), view.rect.width, m.px(34))
        self.widgets.append(path)
        y = panel.bottom - m.px(62)
        open_button = Button(
            S.tr("calc_open"), self._open, "win", pygame.Rect(panel.left + m.px(20), y, m.px(180), m.px(44))
        )
        open_button.enabled = bool(self.files)
        self.widgets.append(open_button)
        self.widgets.append(
            Button(S.tr("menu_back"), self.back, "pass", pygame.Rect(panel.right - m.px(200), y, m.px(180), m.px(44)))
        )
        if self.focus is None:
            self.focus = 0

    def _select(self, index: int) -> None:
        self.selected = index

    def _open(self) -> None:
        if not self.files:
            return
        path = self.files[self.selected][0]
        self.host.stack.remove(self)
        self.on_open(path)

    def _open_path(self, text: str) -> None:
        self.host.stack.remove(self)
        self.on_open(Path(text).expanduser())

    def key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus == 0:
            self._open()
            return
        super().key(key)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        plate(surface, self.panel, m)
        title = T.shadowed(S.tr("calc_open_title"), m.heading, pal.TEXT_GOLD, bold=True)
        surface.blit(title, (self.panel.left + m.px(20), self.panel.top + m.px(20)))
        if not self.files:
            pic = T.shadowed(S.tr("calc_open_none"), m.body, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(center=self.panel.center))
