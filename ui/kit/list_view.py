"""A scrolling list of items, picked by click or keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ui.kit.metrics import (
    DISABLED,
    Metrics,
    focus_ring,
)
from ui.kit.widgets import Widget
from ui.look import palette as pal
from ui.look import text as T


@dataclass(frozen=True)
class ListItem:
    """One line of a ListView: its text, a second muted line, and whether it can be chosen."""

    text: str
    note: str = ""
    usable: bool = True


class ListView(Widget):
    """A scrolling list; a click or Up/Down (when focused) chooses an item and `on_select` is told."""

    def __init__(
        self,
        items: Sequence[ListItem],
        selected: int,
        on_select: Callable[[int], None],
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.items = list(items)
        self.selected = selected
        self.on_select = on_select
        self.first = 0
        self.item_h = 40  # the owner sets it from its metrics (a row, plus a line when items have notes)

    def visible(self) -> int:
        """How many items fit."""
        return max(1, self.rect.height // max(1, self.item_h))

    def choose(self, index: int) -> None:
        """Select item `index` and scroll it into view."""
        if not self.items:
            return
        index = min(len(self.items) - 1, max(0, index))
        self.selected = index
        if index < self.first:
            self.first = index
        elif index >= self.first + self.visible():
            self.first = index - self.visible() + 1
        self.on_select(index)

    def click(self, pos: tuple[int, int]) -> None:
        row = (pos[1] - self.rect.top) // max(1, self.item_h) + self.first
        if 0 <= row < len(self.items):
            self.choose(row)

    def key(self, key: int) -> bool:
        if key == pygame.K_UP:
            self.choose(self.selected - 1)
            return True
        if key == pygame.K_DOWN:
            self.choose(self.selected + 1)
            return True
        return False

    def wheel(self, dy: int) -> bool:
        most = max(0, len(self.items) - self.visible())
        self.first = min(most, max(0, self.first - dy))
        return True

    def draw(self, surface: pygame.Surface, m: Metrics, focused: bool, hover: bool) -> None:
        y = self.rect.top
        for i in range(self.first, min(len(self.items), self.first + self.visible())):
            item = self.items[i]
            row = pygame.Rect(self.rect.left, y, self.rect.width, self.item_h - m.px(4))
            if i == self.selected:
                # A line that cannot be chosen is not lit gold: its muted text would not read on it.
                fill = (176, 128, 40, 200) if item.usable else (52, 62, 56, 200)
                surface.blit(T.panel(row.size, m.px(8), fill, pal.TEXT_GOLD, 1), row.topleft)
                if focused:
                    focus_ring(surface, row, m)
            colour = pal.TEXT if item.usable else DISABLED
            pic = T.fit(item.text, m.body, row.width - 2 * m.gap, colour, bold=i == self.selected)
            note = None
            if item.note:
                note_colour = pal.TEXT_RED if not item.usable else pal.TEXT_MUTED
                note = T.fit(item.note, m.small, row.width - 2 * m.gap, note_colour)
            # Both lines sit inside the row, clear of the highlight's border.
            lines_h = pic.get_height() + (note.get_height() - m.px(3) if note is not None else 0)
            top = row.top + max(1, (row.height - lines_h) // 2)
            surface.blit(pic, (row.left + m.gap, top))
            if note is not None:
                surface.blit(note, (row.left + m.gap, top + pic.get_height() - m.px(3)))
            y += self.item_h
        if len(self.items) > self.visible():
            # A thin bar at the right shows where the view is in the list.
            bar_h = self.rect.height * self.visible() // len(self.items)
            bar_y = self.rect.top + (self.rect.height - bar_h) * self.first // max(1, len(self.items) - self.visible())
            pygame.draw.rect(surface, pal.TEXT_MUTED, (self.rect.right - 4, bar_y, 3, bar_h), border_radius=2)
