"""The guide and the lessons as named moments for `main.py screenshot`.

`guide` is the first page and `guide-N` page N; `lessons` the list; `first-run` the offer over the menu;
`lesson-N` a lesson at its first decision, `lesson-N-K` after K of the coach's moves, `lesson-N-wrong`
just after a wrong discard, and `lesson-N-end` its explained settlement.
"""

from __future__ import annotations

import re

import pygame

from game.ai.hints import discard_table
from game.ai.judgement.base import view_of
from game.core.ruleset import Ruleset
from game.engine.actions import ActionKind, make
from game.learn.guide import guide_pages
from game.learn.lessons import LESSONS
from ui.learn.first_run import FirstRunScene
from ui.learn.guide_scene import GuideScene
from ui.learn.lesson_list import LessonListScene
from ui.learn.lesson_scene import LessonScene
from ui.menu.main_menu import MainMenu
from ui.probe.moments import stage_moment
from ui.probe.offscreen import headless_display, offscreen_app
from ui.settings.values import Settings
from ui.settlement import SettlementScene
from ui.stage.app import App
from ui.stage.scene import Scene
from ui.words import strings as S

LEARN_MOMENTS_HELP = (
    "guide, guide-N, lessons, first-run, lesson-N, lesson-N-K, lesson-N-wrong, lesson-N-end, end-why, end-chickens"
)

_LESSON = re.compile(r"lesson-(\d+)(?:-(\d+|end|wrong))?")


class LearnMomentError(ValueError):
    """A learn moment name that names no page or lesson."""


def is_learn_moment(name: str) -> bool:
    """True for a name this module renders."""
    return name in ("guide", "lessons", "first-run", "end-why", "end-chickens") or bool(
        re.fullmatch(r"guide-\d+", name) or _LESSON.fullmatch(name)
    )


def _scene(name: str, host: App, rules: Ruleset) -> Scene:
    if name == "lessons":
        return LessonListScene(host, done=frozenset())
    if name == "first-run":
        host.stack.push(MainMenu(host))
        return FirstRunScene(host)
    if name.startswith("guide"):
        page = int(name.split("-")[1]) if "-" in name else 1
        count = len(guide_pages(rules))
        if not 1 <= page <= count:
            raise LearnMomentError(f"the guide has pages 1 to {count}, not {page}")
        return GuideScene(host, page - 1, rules.name)
    match = _LESSON.fullmatch(name)
    assert match is not None
    number = int(match.group(1))
    if not 1 <= number <= len(LESSONS):
        raise LearnMomentError(f"lessons are 1 to {len(LESSONS)}, not {number}")
    scene = LessonScene(host, number, keep_progress=False)
    step = match.group(2)
    run = scene.run
    if step == "end":
        while run.waiting:
            run.play_advised()
    elif step == "wrong":
        obs = run.observation()
        worst = discard_table(view_of(obs, run.rules))[-1]
        run.play(make(ActionKind.DISCARD, 0, worst.tile))
    elif step is not None:
        for _ in range(int(step)):
            if not run.waiting:
                break
            run.play_advised()
    return scene


def _settlement_why(name: str, size: tuple[int, int], rules: Ruleset, language: str) -> pygame.Surface:
    """The settlement screen with a payment line selected (its rule shown), or with the chicken panel open."""
    host, _table = stage_moment("end", size, rules, seed="settle", language=language)
    scene = host.stack.top
    assert isinstance(scene, SettlementScene)
    screen = headless_display(size)
    host.stack.draw(screen)  # lays out the payment lines
    if name == "end-chickens":
        scene.explaining = True
    else:
        scene.pointed = 0
    host.stack.draw(screen)
    return screen.copy()


def render_learn_moment(name: str, size: tuple[int, int], rules: Ruleset, language: str = "zh") -> pygame.Surface:
    """The screen named `name` drawn at `size`; LearnMomentError for a page or lesson that does not exist."""
    if name in ("end-why", "end-chickens"):
        return _settlement_why(name, size, rules, language)
    S.set_language(language)
    screen = headless_display(size)
    host = offscreen_app(Settings(language=language, ruleset=rules.name), size)
    host.stack.push(_scene(name, host, rules))
    host.stack.update(1 / 60)
    host.stack.draw(screen)
    return screen.copy()
