"""The rules screen: every value of a ruleset as readable tables, section by section, in the current language.

The labels are game.rules.labels' (the same as `main.py rules show`). The tables scroll (wheel,
Up/Down, Page Up/Down, Home/End); Left/Right or the switcher at the top change the ruleset shown.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.ruleset import Ruleset
from game.rules.labels import ruleset_lines
from game.rules.user import RulesetCatalogue, list_rulesets
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.widgets import Button, Stepper
from ui.look import palette as pal
from ui.look import text as T
from ui.menu.value_text import field_label, ruleset_title, value_text
from ui.stage.scene import Host
from ui.words import keys as K
from ui.words import strings as S

SKIPPED = {"name", "title_zh", "title_en", "seeds"}


@dataclass(frozen=True)
class Row:
    """A line of the rules tables: a section heading (`value` None) or a label and its value."""

    label: str
    value: str | None


def rule_rows(rules: Ruleset) -> list[Row]:
    """The ruleset as section headings and (label, value) rows, in the current language."""
    rows: list[Row] = []
    for path, zh, en, value in ruleset_lines(rules):
        if path in SKIPPED:
            continue
        if "." not in path and value == "":
            heading = field_label(zh, en)
            rows.append(Row(heading[:1].upper() + heading[1:], None))
        else:
            rows.append(Row(field_label(zh, en), value_text(value, path, rules.players)))
    return rows


class RulesScene(MenuScene):
    """The values of one ruleset at a time; the switcher picks among every ruleset that loads."""

    focus_lines = (K.NEXT_BY_TAB, K.PREVIOUS_BY_TAB)  # ↑↓ scroll the tables
    key_lines = K.RULES

    def __init__(self, host: Host, catalogue: RulesetCatalogue | None = None) -> None:
        super().__init__(host)
        catalogue = catalogue if catalogue is not None else list_rulesets()
        self.entries = catalogue.usable()
        wanted = host.settings.ruleset
        self.index = next((i for i, e in enumerate(self.entries) if wanted in (e.ref, e.name)), 0)
        self.scroll_px = 0
        self.rows: list[Row] = []
        self._rows_key: tuple[int, str] = (-1, "")

    @property
    def rules(self) -> Ruleset | None:
        """The ruleset shown."""
        if not self.entries:
            return None
        return self.entries[self.index].ruleset

    def show(self, index: int) -> None:
        """Show ruleset `index` from the top."""
        self.index = index % max(1, len(self.entries))
        self.scroll_px = 0
        self.rebuild()

    def entry_title(self, index: int) -> str:
        """How the switcher names ruleset `index`: its title, and the file name for the player's own."""
        entry = self.entries[index]
        if entry.ruleset is None:
            return entry.name
        title = ruleset_title(entry.ruleset)
        where = entry.name if entry.source == "builtin" else entry.path.name
        return f"{title}  ·  {where}  ({index + 1}/{len(self.entries)})"

    def table_rect(self) -> pygame.Rect:
        """Where the tables scroll."""
        m = self.m
        w, h = self.size
        top = m.px(86) + m.row + m.gap * 2
        width = min(w - 2 * m.margin, m.px(900))
        rect = pygame.Rect(0, top, width, h - top - m.margin - m.px(60))
        rect.centerx = w // 2
        return rect

    def line_height(self) -> int:
        """The height of one table row."""
        return round(self.m.body * 1.7)

    def content_height(self) -> int:
        """The height of every row together."""
        return sum(self.line_height() + (self.m.gap * 2 if r.value is None else 0) for r in self.rows)

    def build(self) -> None:
        m = self.m
        w, h = self.size
        self.rows = rule_rows(self.rules) if self.rules is not None else []
        table = self.table_rect()
        if len(self.entries) > 1:
            switch = Stepper(
                "",
                lambda: self.index,
                self.show,
                0,
                len(self.entries) - 1,
                self.entry_title,
                rect=pygame.Rect(table.left, m.px(86), table.width, m.row),
                signs=("<", ">"),
            )
            self.widgets.append(switch)

        bw, bh = m.px(200), m.px(48)
        back = pygame.Rect(0, h - m.margin - bh + m.px(6), bw, bh)
        back.centerx = w // 2
        self.widgets.append(Button(S.tr("menu_back"), self.back, "plain", back))
        self.clamp()
        if self.focus is None:
            self.focus = 0

    def clamp(self) -> None:
        """Keep the scroll within the tables."""
        most = max(0, self.content_height() - self.table_rect().height + self.m.px(24))
        self.scroll_px = min(most, max(0, self.scroll_px))

    def scroll(self, dy: int) -> None:
        self.scroll_px -= dy * self.line_height() * 3
        self.clamp()

    def key(self, key: int) -> None:
        page = self.table_rect().height - self.line_height() * 2
        moves = {
            pygame.K_UP: -self.line_height(),
            pygame.K_DOWN: self.line_height(),
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -(10**6),
            pygame.K_END: 10**6,
        }
        if key in moves:
            self.scroll_px += moves[key]
            self.clamp()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.entries) > 1:
            self.show(self.index + (1 if key == pygame.K_RIGHT else -1))
        else:
            super().key(key)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        rules = self.rules
        name = ruleset_title(rules) if rules is not None else ""
        self.title(surface, f"{S.tr('menu_rules')} · {name}" if name else S.tr("menu_rules"))
        table = self.table_rect()
        plate(surface, table.inflate(m.px(16), m.px(16)), m)
        if rules is None:
            pic = T.shadowed(S.tr("rules_none"), m.body, pal.TEXT_MUTED)
            surface.blit(pic, pic.get_rect(center=table.center))
            return
        clip = surface.get_clip()
        surface.set_clip(table)
        pad = m.px(18)
        value_x = table.left + round(table.width * 0.55)
        y = table.top + m.px(8) - self.scroll_px
        lh = self.line_height()
        stripe = False
        for row in self.rows:
            h = lh + (m.gap * 2 if row.value is None else 0)
            if y + h >= table.top and y <= table.bottom:
                if row.value is None:
                    pic = T.shadowed(row.label, m.heading, pal.TEXT_GOLD, bold=True)
                    surface.blit(pic, (table.left + pad, y + m.gap * 2 + (lh - pic.get_height()) // 2))
                    line_y = y + h - 2
                    pygame.draw.line(surface, (150, 120, 70), (table.left + pad, line_y), (table.right - pad, line_y))
                else:
                    if stripe:
                        band = pygame.Rect(table.left + pad // 2, y, table.width - pad, lh)
                        surface.blit(T.panel(band.size, 4, (255, 255, 255, 12), None), band.topleft)
                    label = T.fit(row.label, m.body, value_x - table.left - pad * 2, pal.TEXT_MUTED)
                    surface.blit(label, (table.left + pad, y + (lh - label.get_height()) // 2))
                    value = T.fit(row.value, m.body, table.right - value_x - pad, pal.TEXT, bold=True)
                    surface.blit(value, (value_x, y + (lh - value.get_height()) // 2))
            stripe = not stripe if row.value is not None else False
            y += h
        surface.set_clip(clip)
        self._draw_scrollbar(surface, table)
        hint = T.shadowed(S.tr("rules_keys"), m.small, pal.TEXT_MUTED)
        surface.blit(hint, hint.get_rect(bottomleft=(m.px(14), self.size[1] - m.px(10))))

    def _draw_scrollbar(self, surface: pygame.Surface, table: pygame.Rect) -> None:
        total = self.content_height() + self.m.px(24)
        if total <= table.height:
            return
        bar_h = max(self.m.px(24), table.height * table.height // total)
        most = total - table.height
        bar_y = table.top + (table.height - bar_h) * self.scroll_px // max(1, most)
        pygame.draw.rect(surface, pal.TEXT_MUTED, (table.right + self.m.px(2), bar_y, 4, bar_h), border_radius=2)
