"""A host for scenes in tests: the stack, the settings and a quit flag, without a window."""

from __future__ import annotations

import random

import pygame

from ui.probe.offscreen import FRAME, headless_display
from ui.settings.values import Settings, Speed
from ui.stage.scene import SceneStack

__all__ = ["FRAME", "HeadlessHost", "fuzz_tick", "headless_display"]


class HeadlessHost:
    """A host for scenes without a window: the stack, the settings, and a quit flag."""

    def __init__(self, settings: Settings, size: tuple[int, int]) -> None:
        self.settings = settings
        self.stack = SceneStack()
        self.stack.resize(size)
        self.exit_code: int | None = None

    def quit(self, code: int = 0) -> None:
        """Remember that a scene asked to stop."""
        self.exit_code = code


def fuzz_tick(
    host: HeadlessHost, screen: pygame.Surface, rng: random.Random, step: int, every: tuple[int, int, int]
) -> None:
    """Between a fuzz's random inputs: a frame every `every[0]` steps (now and then one `every[2]` frames long) and a
    drawing every `every[1]`; the speed kept off instant, so that hands last long enough to click through."""
    update, draw, long = every
    if step % update == 0:
        host.stack.update(FRAME * rng.choice((1, 1, long)))
    if step % draw == 0:
        host.stack.draw(screen)
    if host.settings.speed is Speed.INSTANT:
        host.settings.speed = Speed.FAST
