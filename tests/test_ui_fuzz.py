"""10,000 random clicks and key presses during play never raise (the table stays consistent)."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, fuzz_tick, headless_display
from ui.settings.values import Settings, Speed
from ui.table.scene import TableScene
from ui.words import strings as S

KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_h,
    pygame.K_w,
    pygame.K_k,
    pygame.K_p,
    pygame.K_n,
    pygame.K_x,
    pygame.K_r,
    pygame.K_s,
    pygame.K_l,
    pygame.K_y,
    pygame.K_a,
    pygame.K_F1,
)


def test_ten_thousand_random_clicks_and_keys() -> None:
    """Clicks land mostly on the player's hand and the buttons, where they do something."""
    size = (1280, 720)
    screen = headless_display(size)
    rules = load_ruleset("guiyang-modern")
    host = HeadlessHost(Settings(speed=Speed.FAST, think_ms=50), size)  # a second H asks the expert: keep it short
    scene = TableScene(host, rules, "fuzz", human=0, agents=[None, SimpleAgent(), SimpleAgent(), SimpleAgent()])
    host.stack.push(scene)
    rng = random.Random(2024)
    hand = scene.layout.zones["rack0"]
    buttons = scene.layout.zones["buttons"]
    try:
        for i in range(10_000):
            r = rng.random()
            if r < 0.55:
                area = hand if rng.random() < 0.6 else buttons if rng.random() < 0.6 else pygame.Rect(0, 0, *size)
                pos = (rng.randrange(area.left, area.right), rng.randrange(area.top, area.bottom))
                event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
            elif r < 0.7:
                pos = (rng.randrange(size[0]), rng.randrange(size[1]))
                event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            else:
                event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="")
            host.stack.handle_event(event)
            fuzz_tick(host, screen, rng, i, (3, 97, 4))
            assert len(host.stack) >= 1
        # The clicks did play: the player made moves and hands were settled.
        assert scene.player_moves >= 20
        assert scene.hands_done >= 1
    finally:
        S.set_language("zh")
