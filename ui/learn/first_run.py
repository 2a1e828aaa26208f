"""The first-run offer: over the main menu, the guide or the first lesson, or skip. Made once."""

from __future__ import annotations

import pygame

from game.learn.first_run import first_run_pending, mark_offered
from ui.kit.menu_scene import MenuScene
from ui.kit.metrics import plate
from ui.kit.paragraphs import draw_paragraphs, paragraphs_height
from ui.kit.widgets import Button
from ui.look import palette as pal
from ui.look import text as T
from ui.stage.scene import Host, Scene
from ui.words import strings as S


class FirstRunScene(MenuScene):
    """A panel asking a new player whether to read the guide or play the first lesson; Escape skips."""

    opaque = False

    def guide(self) -> None:
        """Open the guide in place of this offer."""
        from ui.learn.guide_scene import GuideScene

        self.host.stack.remove(self)
        self.host.stack.push(GuideScene(self.host))

    def lesson(self) -> None:
        """Open the first lesson in place of this offer."""
        from ui.learn.lesson_scene import LessonScene

        self.host.stack.remove(self)
        self.host.stack.push(LessonScene(self.host, 1))

    def panel(self) -> pygame.Rect:
        """Where the offer sits."""
        m = self.m
        w, h = self.size
        rect = pygame.Rect(0, 0, min(w - 2 * m.margin, m.px(640)), m.px(240))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        m = self.m
        box = self.panel()
        bh = m.px(42)
        bw = (box.width - m.px(40) - 2 * m.gap) // 3
        y = box.bottom - m.px(20) - bh
        for i, (label, action, style) in enumerate(
            (
                (S.tr("first_guide"), self.guide, "win"),
                (S.tr("first_lesson"), self.lesson, "kong"),
                (S.tr("first_skip"), self.back, "pass"),
            )
        ):
            self.widgets.append(
                Button(label, action, style, pygame.Rect(box.left + m.px(20) + i * (bw + m.gap), y, bw, bh))
            )
        if self.focus is None:
            self.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        m = self.m
        box = self.panel()
        plate(surface, box, m, (12, 36, 26, 240))
        title = T.shadowed(S.tr("first_title"), m.heading, pal.TEXT_GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + m.px(20))))
        text = S.tr("first_body")
        body = pygame.Rect(box.left + m.px(28), box.top + m.px(30) + title.get_height(), box.width - m.px(56), 0)
        body.height = paragraphs_height([text], m.body, body.width, 0) + m.px(4)
        draw_paragraphs(surface, [text], body, m.body, 0)
        for i, w in enumerate(self.widgets):
            w.draw(surface, self.m, i == self.focus, i == self.hover)


def with_first_run_offer(host: Host, menu: Scene) -> Scene:
    """Put `menu` on the stack and return the offer to go over it, the first time only; else return `menu`."""
    if not first_run_pending():
        return menu
    mark_offered()
    host.stack.push(menu)
    return FirstRunScene(host)
