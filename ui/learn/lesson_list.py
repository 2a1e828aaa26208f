"""The list of lessons: each with its goal and whether the player has finished it (from the statistics)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.learn.lessons import LESSONS
from game.records.stats import lessons_finished, load_stats
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import Button
from ui.look import palette as pal
from ui.look import text as T
from ui.stage.scene import Host
from ui.words import strings as S


class LessonListScene(MenuScene):
    """Pick a lesson; finished ones are marked."""

    def __init__(self, host: Host, done: frozenset[int] | None = None) -> None:
        super().__init__(host)
        self.done = done if done is not None else lessons_finished(load_stats()[0])

    def enter(self) -> None:
        self.done = lessons_finished(load_stats()[0])
        self.rebuild()

    def open(self, number: int) -> None:
        """Start lesson `number`."""
        from ui.learn.lesson_scene import LessonScene

        self.host.stack.push(LessonScene(self.host, number))

    def _opener(self, number: int) -> Callable[[], None]:
        return lambda: self.open(number)

    def build(self) -> None:
        m = self.m
        w, h = self.size
        top = m.px(90)
        bh = m.px(46)
        step = bh + m.px(30)
        room = h - top - m.margin - m.px(50)
        if step * len(LESSONS) > room:
            step = room // len(LESSONS)
            bh = max(m.px(28), step - m.px(26))
        bw = m.px(560)
        lang = S.language()
        for i, les in enumerate(LESSONS):
            mark = f"  ✓ {S.tr('lesson_done')}" if les.number in self.done else ""
            label = f"{les.number}. {les.title.pick(lang)}{mark}"
            rect = pygame.Rect((w - bw) // 2, top + i * step, bw, bh)
            self.widgets.append(Button(label, self._opener(les.number), "win" if mark else "plain", rect))
        back = pygame.Rect((w - m.px(200)) // 2, h - m.margin - m.px(40), m.px(200), m.px(40))
        self.widgets.append(Button(S.tr("menu_back"), self.back, "pass", back))
        if self.focus is None:
            self.focus = 0

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        self.title(surface, S.tr("lessons_title"))
        lang = S.language()
        for les, widget in zip(LESSONS, self.widgets, strict=False):
            goal = T.fit(S.tr("lesson_goal", goal=les.goal.pick(lang)), m.small, widget.rect.width, pal.TEXT_MUTED)
            surface.blit(goal, goal.get_rect(midtop=(widget.rect.centerx, widget.rect.bottom + m.px(3))))
