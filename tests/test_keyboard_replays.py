"""Replays and their review from the keyboard alone: the list opened from the main menu, a hand watched and
stepped, the review opened from the list and left again."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from tests import keyboard_rig
from tests.keyboard_rig import tab_to, top
from tests.review_rig import keep_match
from tests.ui_host import HeadlessHost, headless_display
from ui.menu.main_menu import MainMenu
from ui.replays.browser import ReplayListScene
from ui.replays.viewer import ReplayViewerScene
from ui.review.scene import ReviewScene
from ui.settings.values import Settings
from ui.stage.scene import KeyHelpScene
from ui.words import strings as S


@pytest.fixture
def kept(keyboard_home: Path) -> Path:
    """Two hands kept in a home of their own."""
    return keep_match(hands=2)


def test_a_replay_is_watched_stepped_and_its_review_opened_from_the_keyboard(kept: Path) -> None:
    headless_display((1280, 720))
    host = HeadlessHost(Settings(), (1280, 720))
    menu = MainMenu(host)
    host.stack.push(menu)
    tab_to(host, S.tr("menu_replays"))
    press(host, pygame.K_RETURN)
    listing = top(host)
    assert isinstance(listing, ReplayListScene) and len(listing.entries) == 2
    press(host, pygame.K_DOWN)
    assert listing.selected == 1
    press(host, pygame.K_RETURN)
    viewer = top(host)
    assert isinstance(viewer, ReplayViewerScene)
    for _ in range(5):
        press(host, pygame.K_RIGHT)
    press(host, pygame.K_LEFT)
    assert viewer.step == 4
    press(host, pygame.K_END)
    assert viewer.at_end
    press(host, pygame.K_SLASH, "?")
    assert isinstance(top(host), KeyHelpScene)
    press(host, pygame.K_ESCAPE)
    press(host, pygame.K_ESCAPE)
    assert top(host) is listing
    press(host, pygame.K_r)
    review = top(host)
    assert isinstance(review, ReviewScene)
    press(host, pygame.K_ESCAPE)  # stops the review under way
    assert review.worker.join(60)
    host.stack.update(1 / 60)
    press(host, pygame.K_ESCAPE)  # and leaves it
    assert top(host) is listing
    press(host, pygame.K_ESCAPE)
    assert top(host) is menu


def press(host: HeadlessHost, key: int, unicode: str = "") -> None:
    """One key and a frame."""
    keyboard_rig.press(host, key, unicode=unicode, frame=True)
