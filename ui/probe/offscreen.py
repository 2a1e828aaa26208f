"""Scenes drawn without a window (screenshots, benchmarks): the display surface and an app that opens none."""

from __future__ import annotations

import os

import pygame

from ui.settings.values import Settings
from ui.stage.app import App

FRAME = 1 / 60


def headless_display(size: tuple[int, int]) -> pygame.Surface:
    """A display surface of `size` (the dummy video driver when there is no screen to use)."""
    if not pygame.display.get_init():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
    pygame.font.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != size:
        surface = pygame.display.set_mode(size)
    return surface


def offscreen_app(settings: Settings, size: tuple[int, int]) -> App:
    """An app whose scenes are laid out for `size` but which opens no window (nothing calls its `run`)."""
    app = App(settings, size)
    app.stack.resize(size)
    return app
