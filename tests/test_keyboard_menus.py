"""The menus from the keyboard alone: a setting changed on each page of settings, the guide turned and a lesson
played, the network screens walked through, each from the main menu and back by Esc."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from tests.keyboard_rig import press, tab_to, top
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.menu_scene import MenuScene
from ui.learn.guide_scene import GuideScene
from ui.learn.lesson_list import LessonListScene
from ui.learn.lesson_scene import LessonScene, TileButton
from ui.menu.main_menu import MainMenu
from ui.menu.settings_screen import SettingsScene
from ui.settings.values import Settings, Speed
from ui.words import net as net_text
from ui.words import strings as S

pytestmark = pytest.mark.usefixtures("keyboard_home")  # a home of its own, in Chinese


def _host() -> HeadlessHost:
    headless_display((1280, 720))
    return HeadlessHost(Settings(speed=Speed.NORMAL), (1280, 720))


def focused(scene: MenuScene) -> object:
    return scene.widgets[scene.focus] if scene.focus is not None else None


def menu(host: HeadlessHost) -> MainMenu:
    scene = MainMenu(host)
    host.stack.push(scene)
    return scene


def test_settings_are_changed_on_every_page_by_keys() -> None:
    host = _host()
    main = menu(host)
    tab_to(host, S.tr("menu_settings"))
    press(host, pygame.K_RETURN)
    scene = top(host)
    assert isinstance(scene, SettingsScene) and scene.page == "play"
    press(host, pygame.K_DOWN)  # from 语言 to 速度
    press(host, pygame.K_RIGHT)
    assert host.settings.speed is Speed.FAST
    press(host, pygame.K_PAGEDOWN)  # the pages turn from any row, the keyboard on the same row
    assert scene.page == "sound"
    press(host, pygame.K_SPACE)  # 静音, a switch
    assert host.settings.muted
    press(host, pygame.K_UP)
    press(host, pygame.K_UP)
    press(host, pygame.K_RIGHT)  # on the page row: → turns the page
    assert scene.page == "look"
    press(host, pygame.K_PAGEUP)
    press(host, pygame.K_PAGEUP)
    assert scene.page == "play"
    press(host, pygame.K_ESCAPE)
    assert top(host) is main


def test_the_guide_is_turned_and_a_lesson_played_by_keys() -> None:
    host = _host()
    menu(host)
    tab_to(host, S.tr("menu_learn"))
    press(host, pygame.K_RETURN)
    guide = top(host)
    assert isinstance(guide, GuideScene)
    page = guide.page
    press(host, pygame.K_RIGHT)
    assert guide.page == page + 1
    tab_to(host, S.tr("guide_lessons"))
    press(host, pygame.K_RETURN)
    assert isinstance(top(host), LessonListScene)
    press(host, pygame.K_RETURN)  # the first lesson has the keyboard
    lesson = top(host)
    assert isinstance(lesson, LessonScene)
    for _ in range(200):  # the deal and any story before the first move
        if lesson.run.waiting:
            break
        press(host, pygame.K_RETURN)
        lesson.update(1.0)
    assert lesson.run.waiting
    press(host, pygame.K_RIGHT)  # the keyboard to the hand's first tile
    assert isinstance(focused(lesson), TileButton)
    press(host, pygame.K_LEFT)
    press(host, pygame.K_LEFT)
    assert isinstance(focused(lesson), TileButton)
    moves = len(lesson.run.moves)
    press(host, pygame.K_RETURN)  # the focused tile goes (or a claim button is pressed)
    assert len(lesson.run.moves) == moves + 1


def test_the_network_screens_are_walked_through_and_left_by_keys() -> None:
    host = _host()
    main = menu(host)
    for label in (net_text.t("menu_lan_host"), net_text.t("menu_lan_join")):
        tab_to(host, label)
        press(host, pygame.K_RETURN)
        scene = top(host)
        assert isinstance(scene, MenuScene) and scene is not main
        seen = set()
        for _ in range(len(scene.widgets) + 1):
            seen.add(scene.focus)
            press(host, pygame.K_TAB)
        assert len(seen) == len([w for w in scene.widgets if w.focusable and w.enabled])
        press(host, pygame.K_ESCAPE)
        assert top(host) is main
