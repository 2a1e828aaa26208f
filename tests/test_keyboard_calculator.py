"""The calculator from the keyboard alone: opened from the main menu, a hand typed into its fields, tiles typed
and walked to on the palette, the winner picked, settled with F5, and the sheet closed again."""

from __future__ import annotations

import os
from functools import partial

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.core.tiles import parse_tile
from tests import keyboard_rig
from tests.keyboard_rig import tab_to as tab_to_button
from tests.keyboard_rig import top, type_text
from tests.ui_host import HeadlessHost, headless_display
from ui.calculator.scene import CalculatorScene
from ui.calculator.widgets import Palette
from ui.menu.main_menu import MainMenu
from ui.settings.values import Settings
from ui.settlement.scene import SettlementScene
from ui.words import strings as S

pytestmark = pytest.mark.usefixtures("keyboard_home")  # a home of its own, in Chinese


def tab_to(host: HeadlessHost, scene: CalculatorScene, name: str) -> None:
    """Tab until the control `name` has the keyboard."""
    for _ in range(len(scene.widgets) + 1):
        if scene.focus is not None and scene.keys[scene.focus] == name:
            return
        press(host, pygame.K_TAB)
    pytest.fail(f"Tab never reaches {name}")


def opened(host: HeadlessHost) -> CalculatorScene:
    """From the main menu by Tab and Enter."""
    host.stack.push(MainMenu(host))
    tab_to_button(host, S.tr("menu_calculator"))
    press(host, pygame.K_RETURN)
    scene = host.stack.top
    assert isinstance(scene, CalculatorScene)
    return scene


def test_a_hand_is_typed_settled_and_the_sheet_closed_without_a_mouse() -> None:
    headless_display((1280, 720))
    host = HeadlessHost(Settings(ruleset="guiyang-classic"), (1280, 720))
    scene = opened(host)
    hands = [
        "234m 67s 11s",
        "159m 26p 37s 48m 49p 5s 9s",
        "26m 36p 48s 159p 5s 3m 7m 6s",
        "37m 9s 26p 48p 3p 6m 9m 2s 5s 4s",
    ]
    for seat, hand in enumerate(hands):
        tab_to(host, scene, f"hand:{seat}")
        type_text(host, hand)
        press(host, pygame.K_RETURN)
    tab_to(host, scene, "melds:0")
    type_text(host, "kong 7p concealed")
    press(host, pygame.K_RETURN)
    type_text(host, "pung 5m from 2")
    press(host, pygame.K_RETURN)
    tab_to(host, scene, "winners")
    press(host, pygame.K_SPACE)  # the lit seat is East
    # The winning tile from the palette: the field is made the target by Tab, the tile typed on the palette.
    tab_to(host, scene, "win_tile")
    press(host, pygame.K_PAGEDOWN)
    assert scene.keys[scene.focus or 0] == "palette"
    type_text(host, "8s")
    assert scene.calc.win.tile == parse_tile("8s")
    # The turned tile walked to with the arrows: from 8s (the palette's light) back to 4m is 22 steps left.
    tab_to(host, scene, "flip")
    press(host, pygame.K_PAGEDOWN)
    palette = scene.widgets[scene.focus or 0]
    assert isinstance(palette, Palette)
    while palette.kinds[palette.cursor] != parse_tile("4m"):
        press(host, pygame.K_LEFT)
    press(host, pygame.K_RETURN)
    assert scene.calc.flip == parse_tile("4m")
    press(host, pygame.K_PAGEUP)
    assert scene.keys[scene.focus or 0] == "flip"  # back at the field the tiles went to
    assert scene.problems == []
    press(host, pygame.K_F5)
    assert isinstance(top(host), SettlementScene)
    press(host, pygame.K_RETURN)
    assert top(host) is scene and scene.calc.seats[0].hand
    press(host, pygame.K_ESCAPE)
    assert isinstance(top(host), MainMenu)


def test_digits_on_the_palette_light_their_rank_and_the_suit_letter_places_them() -> None:
    headless_display((1280, 720))
    host = HeadlessHost(Settings(ruleset="guiyang-classic"), (1280, 720))
    scene = CalculatorScene(host, keep_recent=False)
    host.stack.push(scene)
    press(host, pygame.K_PAGEDOWN)  # from East's hand, the palette's tiles going there
    type_text(host, "12")
    palette = scene.widgets[scene.focus or 0]
    assert isinstance(palette, Palette) and palette.kinds[palette.cursor] == parse_tile("2m")
    assert scene.calc.seats[0].hand == []  # nothing placed before the suit is said
    type_text(host, "3p")
    assert sorted(scene.calc.seats[0].hand) == sorted(parse_tile(t) for t in ("1p", "2p", "3p"))


def test_the_palettes_light_stays_on_the_tile_just_placed() -> None:
    headless_display((1280, 720))
    host = HeadlessHost(Settings(ruleset="guiyang-classic"), (1280, 720))
    scene = CalculatorScene(host, keep_recent=False)
    host.stack.push(scene)
    press(host, pygame.K_PAGEDOWN)
    for _ in range(4):
        press(host, pygame.K_RIGHT)
    press(host, pygame.K_RETURN)
    press(host, pygame.K_RETURN)  # a pair of 5m by Enter, Enter
    assert scene.calc.seats[0].hand == [parse_tile("5m")] * 2


press = partial(keyboard_rig.press, frame=True)
