"""Take-back at the real table: in a practice game a 悔牌 button beside the hand, and its key in the help line."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from ui.probe.hot_seat_moments import hot_seat_table
from ui.probe.moments import stage_until
from ui.table.panels import draw_info, info_signature
from ui.table.scene import TableScene
from ui.words import strings as S

SIZE = (1280, 720)
CLASSIC = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")


def _after_a_discard(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "turn" and len(obs.ponds[0]) >= 2


def test_the_takeback_button_shows_in_a_practice_game_and_takes_the_discard_back() -> None:
    host, scene = stage_until(_after_a_discard, SIZE, CLASSIC, seed="practice", opponents=SimpleAgent)
    scene.autopilot = None  # the player's moves are the test's from here
    assert scene.takeback_button() is None  # not a practice game
    host.settings.practice = True
    button = scene.takeback_button()
    assert button is not None and button.label == "悔牌"
    # Beside the hand: level with the rack, right of it, inside the window and clear of the other buttons.
    rack = scene.layout.zones["rack0"]
    assert rack.top <= button.rect.centery <= rack.bottom and button.rect.left >= rack.right
    assert pygame.Rect((0, 0), SIZE).contains(button.rect)
    assert not any(b.rect.colliderect(button.rect) for b in scene.buttons)
    pond = len(scene.obs.ponds[0]) if scene.obs is not None else 0
    surface = pygame.Surface(SIZE)
    host.stack.draw(surface)
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    assert scene.message == S.tr("takeback_done")
    for _ in range(5):
        host.stack.update(1 / 60)
    assert scene.obs is not None and len(scene.obs.ponds[0]) == pond - 1, "the player's last discard is back"


def test_the_help_line_names_the_takeback_key_in_a_practice_game() -> None:
    host, scene = stage_until(_after_a_discard, SIZE, CLASSIC, seed="practice", opponents=SimpleAgent)
    assert not scene.view().practice
    assert "悔牌" not in S.tr("keys_help")
    host.settings.practice = True
    view = scene.view()
    assert view.practice and info_signature(view) != info_signature(replace(view, practice=False))
    assert "Z" in S.tr("keys_help_practice") and "悔牌" in S.tr("keys_help_practice")
    draw_info(pygame.Surface(SIZE), view, scene.layout.zones["info"])
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z"))
    assert scene.message == S.tr("takeback_done")


def test_no_takeback_button_with_several_people_at_the_screen() -> None:
    from tests.ui_host import HeadlessHost, headless_display
    from ui.settings.values import Settings, Speed

    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT, practice=True), SIZE)
    scene = hot_seat_table(host, CLASSIC, "no-practice")
    host.stack.push(scene)
    for _ in range(120):
        host.stack.update(1 / 60)
    assert not scene.practice_game and scene.takeback_button() is None
