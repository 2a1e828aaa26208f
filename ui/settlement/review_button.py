"""The settlement screen's 复盘 button: the review of the player's play in the match so far (ui.review), at the
right end of the sheet's footer (the footer's hint moves left to make room for it)."""

from __future__ import annotations

import pygame

from ui.kit.buttons import Button
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.settlement.sheet import sheet_parts
from ui.words import strings as S


def review_button(size: tuple[int, int], sheet: pygame.Rect, players: int) -> Button:
    """The 复盘 button of a window of `size` whose sheet (of `players` rows) lies at `sheet`, in window coordinates
    (key R)."""
    layout = compute_layout(size)
    s, fonts = layout.scale, layout.font
    _head, _body, foot = sheet_parts(size, players)
    label = S.tr("settle_review")
    h = min(foot.height - round(6 * s), round(40 * s))
    w = T.label(label, fonts["button"], bold=True).get_width() + h
    rect = pygame.Rect(foot.right - w, foot.bottom - h, w, h)
    return Button(label, rect.move(sheet.topleft), "win", command="review", key=pygame.K_r)


def review_room(size: tuple[int, int], players: int) -> int:
    """How much of the footer's right end the button takes, with the gap before it (sheet pixels)."""
    scale = compute_layout(size).scale
    return review_button(size, pygame.Rect(0, 0, 1, 1), players).rect.width + round(16 * scale)
