"""The key help: every key of the screen below, over it, opened by ? on any screen that lists its keys."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.stage.scene import Host, Scene
from ui.words import strings as S
from ui.words.keys import KeyLine, is_help_key

TITLE = ("按键", "Keys")


class KeyHelpScene(Scene):
    """The keys of the screen below, a line each (the keys, what they do), in one column or two as the window
    allows; ?, Esc, Enter or a click closes it."""

    opaque = False

    def __init__(self, host: Host, lines: Sequence[KeyLine]) -> None:
        super().__init__(host)
        self.lines = tuple(lines)
        self.size = host.stack.size if host.stack.size != (0, 0) else (1280, 720)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def animating(self) -> bool:
        return False

    def still(self) -> tuple[object, ...]:
        return (self.size, S.language())

    def close(self) -> None:
        """Back to the screen below."""
        self.host.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        closing = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if closing or event.type == pygame.MOUSEBUTTONDOWN or is_help_key(event):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(T.cached(("key_help", self.size, S.language(), self.lines), self._picture), (0, 0))

    def _picture(self) -> pygame.Surface:
        """The shade, the panel and its lines, made once per window size, language and screen."""
        w, h = self.size
        layout = compute_layout(self.size)
        s = layout.scale
        body, title_size = layout.font["body"], layout.font["title"]
        out = pygame.Surface(self.size, pygame.SRCALPHA)
        out.fill((0, 0, 0, 150))
        pad, gap = round(22 * s), round(18 * s)
        line_h = round(body * 1.45)
        shown = [k.shown() for k in self.lines]
        keys_w = max(T.label(keys, body, bold=True).get_width() for keys, _ in shown)
        does_w = max(T.label(does, body).get_width() for _, does in shown)
        column_w = keys_w + gap + does_w
        room_h = h - 2 * pad - round(title_size * 2.2) - round(body * 2.0) - 2 * pad
        per_column = max(1, room_h // line_h)
        columns = 1 if len(shown) <= per_column else 2
        per_column = -(-len(shown) // columns)
        # The words shrink to fit a narrow window rather than run off it.
        column_w = min(column_w, (w - 2 * pad - (columns + 1) * pad) // columns)
        keys_w = min(keys_w, column_w // 3)
        panel = pygame.Rect(0, 0, columns * column_w + (columns + 1) * pad, 0)
        panel.height = round(title_size * 2.2) + per_column * line_h + round(body * 2.0) + pad
        panel.center = (w // 2, h // 2)
        out.blit(T.panel(panel.size, round(16 * s), (12, 34, 26, 245), pal.PANEL_BORDER, 2), panel.topleft)
        title = T.shadowed(TITLE[0] if S.language() == "zh" else TITLE[1], title_size, pal.TEXT_GOLD, bold=True)
        out.blit(title, (panel.left + pad, panel.top + round(title_size * 0.6)))
        top = panel.top + round(title_size * 2.2)
        for i, (keys, does) in enumerate(shown):
            column, row = divmod(i, per_column)
            x = panel.left + pad + column * (column_w + pad)
            y = top + row * line_h
            out.blit(T.fit(keys, body, keys_w, pal.TEXT_GOLD, bold=True), (x, y))
            out.blit(T.fit(does, body, column_w - keys_w - gap, pal.TEXT), (x + keys_w + gap, y))
        close = S.tr("keys_help_close")
        foot = T.fit(close, layout.font["small"], panel.width - 2 * pad, pal.TEXT_MUTED)
        out.blit(foot, foot.get_rect(bottomright=(panel.right - pad, panel.bottom - round(pad * 0.6))))
        return out
