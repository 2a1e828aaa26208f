"""The guide (玩法): the pages of game.learn.guide drawn with the game's tile art; the ruleset can be switched.

Left/Right (or the buttons) turn the pages; the ruleset button cycles the shipped rulesets and every
number on the page follows. Reached from the main menu and from the table (F1).
"""

from __future__ import annotations

import pygame

from game.core.ruleset import Ruleset
from game.learn.guide import Page, guide_pages
from game.rules.loader import RulesetError, builtin_ruleset_names, load_ruleset
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.paragraphs import draw_hand, draw_paragraphs, draw_tiles, fitting_size, hand_width, tile_height, tiles_width
from ui.kit.widgets import Button
from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import Look
from ui.stage import screens
from ui.stage.scene import Host
from ui.words import keys as K
from ui.words import strings as S


def _ruleset_names(current: str) -> list[str]:
    names = list(builtin_ruleset_names())
    if current not in names:
        names.insert(0, current)
    return names


class GuideScene(MenuScene):
    """The guide's pages for one ruleset at a time."""

    key_lines = K.GUIDE

    def __init__(self, host: Host, page: int = 0, ruleset: str | None = None) -> None:
        super().__init__(host)
        self._content: tuple[object, pygame.Surface] | None = None
        name = ruleset or getattr(host.settings, "ruleset", "") or "guiyang-classic"
        self.rules = self._load(name)
        self.pages: list[Page] = guide_pages(self.rules)
        self.page = max(0, min(page, len(self.pages) - 1))

    @staticmethod
    def _load(name: str) -> Ruleset:
        try:
            return load_ruleset(name)
        except RulesetError:
            return load_ruleset("guiyang-classic")

    # ---------------------------------------------------------------- actions

    def turn(self, step: int) -> None:
        """Go `step` pages on (wrapping round)."""
        self.page = (self.page + step) % len(self.pages)

    def next_ruleset(self) -> None:
        """Read the guide under the next shipped ruleset: every number on the page follows."""
        names = _ruleset_names(self.rules.name)
        key = self.pages[self.page].key
        self.rules = self._load(names[(names.index(self.rules.name) + 1) % len(names)])
        self.pages = guide_pages(self.rules)
        # Rulesets have different pages (定缺, 金钩钓 only where played): stay on the same topic, or the nearest page.
        keys = [p.key for p in self.pages]
        self.page = keys.index(key) if key in keys else min(self.page, len(self.pages) - 1)
        self.rebuild()

    def lessons(self) -> None:
        """Open the list of lessons."""
        from ui.learn.lesson_list import LessonListScene

        self.host.stack.push(LessonListScene(self.host))

    def other_key(self, key: int) -> None:
        if key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.turn(1)
        elif key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.turn(-1)

    def scroll(self, dy: int) -> None:
        self.turn(-1 if dy > 0 else 1)

    # ---------------------------------------------------------------- layout

    def build(self) -> None:
        m = self.m
        w, h = self.size
        bh = m.px(40)
        y = h - m.margin // 2 - bh
        lang = S.language()
        title = self.rules.title(lang)
        specs = [
            ("◀ " + S.tr("guide_prev"), lambda: self.turn(-1), "plain", 150),
            (S.tr("guide_next") + " ▶", lambda: self.turn(1), "win", 150),
            (S.tr("guide_ruleset", name=title), self.next_ruleset, "plain", 330),
            (S.tr("guide_lessons"), self.lessons, "kong", 150),
            (S.tr("menu_back"), self.back, "pass", 130),
        ]
        gap = m.gap
        total = sum(m.px(s[3]) for s in specs) + gap * (len(specs) - 1)
        x = (w - total) // 2
        for label, action, style, width in specs:
            rect = pygame.Rect(x, y, m.px(width), bh)
            self.widgets.append(Button(label, action, style, rect))
            x += rect.width + gap
        if self.focus is None:
            self.focus = 1

    # ---------------------------------------------------------------- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        # The content changes only with a move, a page or the window, not per frame: draw it once.
        key = (self.page, self.rules.name, self.size, S.language())
        if self._content is None or self._content[0] != key:
            picture = pygame.Surface(self.size, pygame.SRCALPHA)
            self.draw_content_now(picture)
            if pygame.display.get_surface() is not None:
                picture = picture.convert_alpha()  # the display's format blits several times faster
            self._content = (key, picture)
        surface.blit(self._content[1], (0, 0))

    def draw_content_now(self, surface: pygame.Surface) -> None:
        """Draw the page (or the lesson) and its panels: everything but the controls."""
        m = self.m
        w, h = self.size
        lang = S.language()
        page = self.pages[self.page]
        top = self.title(surface, f"{S.tr('guide_title')} · {page.title.pick(lang)}")
        count = T.shadowed(f"{self.page + 1} / {len(self.pages)}", m.small, pal.TEXT_MUTED)
        surface.blit(count, count.get_rect(topright=(w - m.margin, m.px(24))))
        bottom = h - m.margin // 2 - m.px(40) - m.gap
        box = pygame.Rect(m.margin, top, w - 2 * m.margin, bottom - top)
        plate(surface, box, m)
        inner = box.inflate(-2 * m.px(20), -2 * m.px(16))
        has_art = bool(page.rows or page.examples)
        split = round(inner.width * (0.44 if page.examples else 0.5)) if has_art else inner.width
        text_rect = pygame.Rect(inner.left, inner.top, split, inner.height)
        texts = [p.pick(lang) for p in page.paragraphs]
        sizes = [round(m.body * 1.25), round(m.body * 1.12), m.body, round(m.body * 0.9), m.small]
        size = fitting_size(texts, sizes, text_rect.width - round(m.body * 1.1), text_rect.height, m.gap)
        draw_paragraphs(surface, texts, text_rect, size, m.gap, bullet=True)
        if has_art:
            art_rect = pygame.Rect(
                inner.left + split + m.px(24), inner.top, inner.width - split - m.px(24), inner.height
            )
            self._draw_art(surface, page, art_rect, lang)

    def _draw_art(self, surface: pygame.Surface, page: Page, rect: pygame.Rect, lang: str) -> None:
        """The page's tile rows and example hands, scaled to fit the right-hand column."""
        m = self.m
        items = len(page.rows) + len(page.examples)
        caption_h = round(m.small * 1.5)
        tile_w = m.px(64)
        while tile_w > 14:
            block = caption_h + tile_height(tile_w) + m.px(14)
            widest = max(
                [tiles_width(len(r.tiles), tile_w, len(r.gaps)) for r in page.rows]
                + [hand_width(e.concealed, e.melds, tile_w) for e in page.examples]
            )
            if block * items <= rect.height and widest <= rect.width:
                break
            tile_w -= 1
        block = caption_h + tile_height(tile_w) + m.px(14)
        y = rect.top + max(0, (rect.height - block * items) // 2)
        mark = Look.CHICKEN if page.key == "chickens" else Look.SELECTED
        for row in page.rows:
            cap = T.fit(row.caption.pick(lang), m.small, rect.width, pal.TEXT_GOLD)
            surface.blit(cap, (rect.left, y))
            x = rect.left + (rect.width - tiles_width(len(row.tiles), tile_w, len(row.gaps))) // 2
            draw_tiles(surface, row.tiles, x, y + caption_h + m.px(4), tile_w, row.marked, row.gaps, mark)
            y += block
        for ex in page.examples:
            cap = T.fit(ex.caption.pick(lang), m.small, rect.width, pal.TEXT_GOLD)
            surface.blit(cap, (rect.left, y))
            x = rect.left + (rect.width - hand_width(ex.concealed, ex.melds, tile_w)) // 2
            draw_hand(surface, ex.concealed, ex.melds, ex.winning, x, y + caption_h + m.px(4), tile_w)
            y += block


screens.register("guide", GuideScene)
