"""What the keyboard tests share (with the `keyboard_home` fixture of tests/conftest.py): keys and typed text handed
to the scene stack as the main loop hands them on, and the scene the keys left on top."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_host import HeadlessHost
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import Button


def press(host: HeadlessHost, key: int, mod: int = 0, unicode: str = "", frame: bool = False) -> None:
    """One key, through pygame's queue to the stack (nothing of the mouse, ever); with `frame`, a frame after it."""
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode))
    for event in pygame.event.get():
        assert event.type == pygame.KEYDOWN
        host.stack.handle_event(event)
    if frame:
        host.stack.update(1 / 60)


def type_text(host: HeadlessHost, text: str) -> None:
    """Typed text, as the window's text input sends it, then a frame."""
    host.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    host.stack.update(1 / 60)


def top(host: HeadlessHost) -> object:
    """The scene on top, as the keys left it."""
    return host.stack.top


def tab_to(host: HeadlessHost, label: str) -> None:
    """Tab round the menu on top until the button saying `label` has the keyboard."""
    scene = host.stack.top
    assert isinstance(scene, MenuScene)
    for _ in range(len(scene.widgets) + 1):
        widget = scene.widgets[scene.focus] if scene.focus is not None else None
        if isinstance(widget, Button) and widget.label == label:
            return
        press(host, pygame.K_TAB)
    pytest.fail(f"Tab never reached {label}")
