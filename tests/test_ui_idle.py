"""The frame loop draws a still screen only when something changes, and every frame while anything moves."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from ui.kit.menu_scene import MenuScene
from ui.settings.values import Settings
from ui.stage.app import App
from ui.stage.scene import Scene


class Timed(Scene):
    """A scene that quits after `seconds` of updates, posting a key press halfway when asked."""

    def __init__(self, host: App, moving: bool, seconds: float, poke: bool = False) -> None:
        super().__init__(host)
        self.moving = moving
        self.seconds = seconds
        self.poke = poke
        self.elapsed = 0.0
        self.draws = 0
        self.keys = 0

    def animating(self) -> bool:
        return self.moving

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys += 1

    def update(self, dt: float) -> None:
        before = self.elapsed
        self.elapsed += dt
        if self.poke and before < self.seconds / 2 <= self.elapsed:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
        if self.elapsed >= self.seconds:
            self.host.quit(0)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


def run(scene_of: type[Timed], **kwargs: object) -> Timed:
    made: list[Timed] = []

    def first(app: App) -> Scene:
        made.append(scene_of(app, **kwargs))  # type: ignore[arg-type]
        return made[0]

    App(Settings(), size=(320, 240)).run(first)
    return made[0]


def test_a_still_scene_is_drawn_once_and_not_again_while_nothing_happens() -> None:
    scene = run(Timed, moving=False, seconds=0.4)
    assert scene.draws == 1


def test_a_still_scene_is_drawn_again_after_input() -> None:
    scene = run(Timed, moving=False, seconds=0.4, poke=True)
    assert scene.keys == 1
    assert scene.draws == 2


def test_a_moving_scene_is_drawn_every_frame() -> None:
    scene = run(Timed, moving=True, seconds=0.5)
    assert scene.draws >= 20  # about 30 at 60 fps; the margin is for a busy machine


def test_a_frame_goes_to_the_window_only_where_it_changed(monkeypatch) -> None:
    """A whole frame is flipped; a frame that changed a few places sends those; a still one sends nothing; and
    after the window system shows the window again (exposed, restored) the next frame is sent whole."""
    sent: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: sent.append("all"))
    monkeypatch.setattr(pygame.display, "update", lambda rects: sent.append(list(rects)))
    app = App(Settings(), size=(320, 240))
    app.show(None)
    app.show([pygame.Rect(1, 2, 3, 4)])
    app.show([])
    app.handle(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.show([pygame.Rect(1, 2, 3, 4)])
    assert sent == ["all", [pygame.Rect(1, 2, 3, 4)], "all"] and app.frames == 3


def test_menu_screens_are_still_unless_they_update_on_their_own() -> None:
    class Plain(MenuScene):
        pass

    class Polling(MenuScene):
        def update(self, dt: float) -> None:
            pass

    app = App(Settings(), size=(320, 240))
    assert not Plain(app).animating()
    assert Polling(app).animating()


def test_a_new_window_size_forgets_the_pictures_drawn_for_the_old_one() -> None:
    from ui.look import fonts, tile_art
    from ui.look import text as T

    app = App(Settings(), size=(640, 360))
    app.open_window()
    T.shadowed("捉鸡", 20, (255, 255, 255))
    tile_art.get_tile_art(40).face(3)
    fonts.get_font(21)
    assert len(T._cache) and tile_art._arts and fonts._fonts
    app.resize_window((800, 450))
    assert app.stack.size == (800, 450)
    assert not len(T._cache) and not tile_art._arts and not fonts._fonts and not len(fonts._text_cache)
    pygame.display.quit()


def test_a_table_waiting_for_the_player_asks_for_half_the_frames_and_a_moving_one_for_all() -> None:
    """While the table only waits for a discard (its marks bob) it asks for AMBIENT_FPS; a tile in flight or one
    dragged under the pointer gets the window's full rate."""
    from game.match.agents import SimpleAgent
    from game.rules.loader import load_ruleset
    from ui.kit.discard_gesture import Press
    from ui.probe.moments import stage_moment
    from ui.table.scene import AMBIENT_FPS

    host, scene = stage_moment("mid-hand", (1280, 720), load_ruleset("guiyang-classic"), "fps")
    host.stack.update(1 / 60)
    assert scene.obs is not None and host.stack.frame_rate() == AMBIENT_FPS < host.fps
    gesture = scene.input.gesture
    gesture.press, gesture.drag_at = Press(0, (600, 680), False, None), (600, 500)  # a tile dragged to the pond
    assert host.stack.frame_rate() is None
    gesture.press = gesture.drag_at = None
    action = SimpleAgent().choose(scene.obs)
    scene.moves.act(action)
    assert host.stack.frame_rate() is None, "the discard flies at the full rate"
