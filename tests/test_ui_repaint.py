"""The table repaints only what changed on the screen, and the screen shows what a whole redraw would.

A frame lays the board back over last frame's overlays and the zones that changed, then draws this frame's
overlays; a scene above the table, or a sheet that cannot change, is handled by the scene stack. Each test
compares the screen after such a frame with the same frame drawn afresh, pixel for pixel.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.match.agents import SimpleAgent
from game.net.host.table import NetTable
from game.net.wire.chat import PHRASES
from game.rules.loader import load_ruleset
from tests.net_rig import config, simple_factory
from tests.net_window_rig import hosted_window
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.settings.values import Settings, Speed
from ui.stage.scene import Scene
from ui.table.net_overlay import CHAT_SHOWN, NetOverlay
from ui.table.scene import TableScene

RULES = load_ruleset("guiyang-classic")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def drawn_afresh(host: HeadlessHost, table: TableScene, screen: pygame.Surface) -> bytes:
    """The frame on the screen now, drawn again with the whole board laid first."""
    table.repaint.forget()
    host.stack.draw(screen)
    return pixels(screen)


def autoplayed(size: tuple[int, int]) -> tuple[HeadlessHost, TableScene, pygame.Surface]:
    screen = headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.FAST, autoplay=True, hands=1), size)
    table = TableScene(host, RULES, "repaint", human=None)
    table.autopilot = SimpleAgent()
    host.stack.push(table)
    return host, table, screen


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_frame_repainted_over_the_last_one_is_the_frame_drawn_afresh(size: tuple[int, int]) -> None:
    host, table, screen = autoplayed(size)
    compared = 0
    # The loading, the dice, the wall rising, the deal and the first turns: tiles flying over every zone.
    for frame in range(700):
        host.stack.update(FRAME)
        host.stack.draw(screen)
        if frame % 9 == 0 and not table.loading:
            shown = pixels(screen)
            assert shown == drawn_afresh(host, table, screen), f"frame {frame} differs from a whole redraw"
            compared += 1
    assert compared > 50
    # Most frames laid only what changed (the forced whole redraws above are counted as well).
    assert table.repaint.full_frames < compared + 10


def test_the_window_sent_only_where_a_frame_changed_shows_the_frame() -> None:
    """The loop sends the window only the table's damage (the board laid again and what was drawn over it):
    a copy of the window kept that way must match the frame drawn, frame after frame, and most frames are small."""
    host, _table, screen = autoplayed((1280, 720))
    window = pygame.Surface(screen.get_size())
    small = compared = 0
    for frame in range(700):
        host.stack.update(FRAME)
        damage = host.stack.draw(screen)
        if damage is None:
            window.blit(screen, (0, 0))
        else:
            for rect in damage:
                window.blit(screen, rect, rect)
            small += sum(r.width * r.height for r in damage) < 0.25 * 1280 * 720
        if frame % 7 == 0:
            assert pixels(window) == pixels(screen), f"frame {frame}: the window misses a change"
            compared += 1
    assert compared == 100 and small > 350, small


def test_a_scene_over_the_table_makes_the_next_frame_lay_the_whole_board() -> None:
    host, table, screen = autoplayed((1280, 720))
    for _ in range(200):
        host.stack.update(FRAME)
        host.stack.draw(screen)
    before = table.repaint.full_frames

    class Cover(Scene):
        opaque = True

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((200, 0, 0))

    cover = Cover(host)
    host.stack.push(cover)
    host.stack.draw(screen)
    host.stack.pop()
    host.stack.update(FRAME)
    host.stack.draw(screen)
    assert table.repaint.full_frames == before + 1
    assert pixels(screen) == drawn_afresh(host, table, screen)


def test_a_still_sheet_over_the_table_is_not_drawn_again_and_stays_on_the_screen() -> None:
    host, table, screen = autoplayed((1280, 720))
    for _ in range(3000):
        host.stack.update(FRAME)
        host.stack.draw(screen)
        if host.stack.top is not table:
            break
    sheet = host.stack.top
    assert sheet is not None and sheet is not table, "the hand's settlement sheet came up"
    host.stack.update(FRAME)
    host.stack.draw(screen)
    shown = pixels(screen)
    full = table.repaint.full_frames
    screen.fill((0, 0, 0))  # what the stack finds on the screen is its own last frame: nothing is drawn
    host.stack.draw(screen)
    assert table.repaint.full_frames == full and pixels(screen) == bytes(len(shown))
    host.stack.resize((1280, 720))  # a resize, or a scene coming or going, draws it all again
    host.stack.draw(screen)
    assert pixels(screen) == shown


def test_a_chat_bubble_at_a_network_table_leaves_no_trace_once_gone() -> None:
    table = NetTable(RULES, "repaint", config(1, "human,ai,ai,ai", chat=True, next_hand_wait=30.0), simple_factory)
    window = hosted_window(RULES, table, "repaint", Settings(speed=Speed.FAST))
    try:
        host, screen, session = window.host, window.screen, window.session
        overlay = NetOverlay(host, window.scene, session)
        host.stack.push(overlay)
        for _ in range(120):
            host.stack.update(FRAME)
            host.stack.draw(screen)
        session.chat.append((1, next(iter(PHRASES)), overlay.now))
        for _ in range(3):
            host.stack.update(FRAME)
            host.stack.draw(screen)
        with_bubble = pixels(screen)
        assert with_bubble == drawn_afresh(host, window.scene, screen)
        window_copy = pygame.Surface(screen.get_size())
        window_copy.blit(screen, (0, 0))
        overlay.now += CHAT_SHOWN + 0.5
        damage = host.stack.draw(screen)
        gone = pixels(screen)
        assert gone != with_bubble
        # The window is sent only the overlay's damage (marked in the table's repaint): it shows the bubble gone.
        assert damage is not None and damage
        for rect in damage:
            window_copy.blit(screen, rect, rect)
        assert pixels(window_copy) == gone
        assert gone == drawn_afresh(host, window.scene, screen)
    finally:
        window.link.close()
        window.hosting.stop()
        window.hosting.thread.join(5)
