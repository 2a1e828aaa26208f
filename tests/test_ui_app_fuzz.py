"""Random clicks, keys and wheel turns over the whole game from its main menu (every screen the menu leads to:
the table, the new-game and network screens, the calculator, replays, reviews, lessons, the guide, settings)
never raise. The table alone has its own ten thousand (tests/test_ui_fuzz.py); this walks between screens."""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from tests.ui_host import HeadlessHost, fuzz_tick, headless_display
from ui.menu.main_menu import MainMenu
from ui.settings.values import Settings, Speed

KEYS = [
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
    pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
    pygame.K_PAGEDOWN, pygame.K_SLASH, pygame.K_F1, pygame.K_F5,
    *(getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"),
]  # fmt: skip
STEPS = 4000


def _event(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """One input at random: mostly clicks anywhere, then keys (with their typed text), pointer moves, the wheel."""
    r = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if r < 0.5:
        button = rng.choice((1, 1, 1, 3))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if r < 0.6:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if r < 0.63:
        y = rng.choice((-1, 1))
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, precise_x=0.0, precise_y=float(y), flipped=False)]
    key = rng.choice(KEYS)
    name = pygame.key.name(key)
    text = name if len(name) == 1 else ""
    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)
    return [down, pygame.event.Event(pygame.TEXTINPUT, text=text)] if text else [down]


@pytest.mark.parametrize(("seed", "size"), [(3, (1280, 720)), (21, (1920, 1080)), (40, (1024, 600))])
def test_random_input_over_every_screen_never_raises(player_home: Path, seed: int, size: tuple[int, int]) -> None:
    screen = headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.FAST, think_ms=30), size)
    host.stack.push(MainMenu(host))
    rng = random.Random(seed)
    seen: set[str] = set()
    for step in range(STEPS):
        if len(host.stack) == 0 or host.exit_code is not None:  # Quit: the game would end; here it starts again
            host.exit_code = None
            host.stack.push(MainMenu(host))
        seen.add(type(host.stack.top).__name__)
        for event in _event(rng, size):
            host.stack.handle_event(event)
        fuzz_tick(host, screen, rng, step, (2, 50, 8))
    assert len(seen) >= 5, seen  # it did walk between screens
