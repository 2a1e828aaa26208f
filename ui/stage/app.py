"""The client's main loop: a window (resizable, F11 for full screen), the scene stack, and the frame clock."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable

import pygame

from ui.look.chosen import follow
from ui.look.layout import DEFAULT_SIZE
from ui.look.resources import resource_path
from ui.look.surface_cache import forget_sized_pictures
from ui.settings.values import Settings
from ui.stage.scene import Scene, SceneStack
from ui.words import strings as S

MAX_DT = 0.1  # a stalled frame must not make animations jump
IDLE_WAKE = 0.5  # s: a still screen still updates this often (a clock, a poll) without drawing
IDLE_STEP = 0.008  # s between looks at the event queue while still: input waits at most half a frame
ICON = "assets/icon.png"

log = logging.getLogger(__name__)


class App:
    """Runs scenes in a window until one of them quits."""

    def __init__(
        self, settings: Settings, size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, fps: int = 60
    ):
        self.settings = settings
        self.stack = SceneStack()
        self.size = size
        self.fullscreen = fullscreen
        self.fps = fps
        self.exit_code: int | None = None
        self.screen: pygame.Surface | None = None
        self.frames = 0  # frames put in the window
        self.show_whole = True  # the next frame goes to the window whole, not only where it changed
        self._windowed_size = size
        # What a screen that fails (raises from its events, update or drawing) comes to: None lets the error end
        # the loop; the game's window sets ui.entry.recovery's, which closes that screen and says so.
        self.recover: Callable[[Exception], None] | None = None

    @property
    def running(self) -> bool:
        """True until a scene or the window asks to stop."""
        return self.exit_code is None

    def quit(self, code: int = 0) -> None:
        """Stop the main loop with this exit code."""
        self.exit_code = code

    def open_window(self) -> pygame.Surface:
        """Create the window (or the off-screen display under SDL_VIDEODRIVER=dummy)."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(S.tr("title"))
        self._set_icon()
        self.screen = self._set_mode(self.size, self.fullscreen)
        self._laid_out(self.screen.get_size())
        return self.screen

    def _set_icon(self) -> None:
        """The window's icon, if the shipped picture is there (a missing icon is no reason to stop)."""
        path = resource_path(ICON)
        if not path.is_file():
            return
        try:
            pygame.display.set_icon(pygame.image.load(str(path)))
        except (pygame.error, OSError) as exc:
            log.warning("window icon %s cannot be read (%s)", path, exc)

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the full screen (F11)."""
        if self.screen is None:
            return
        if not self.fullscreen:
            self._windowed_size = self.screen.get_size()
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen  # the settings screen shows (and saves) the current state
        self.screen = self._set_mode(self._windowed_size, self.fullscreen)
        self._laid_out(self.screen.get_size())

    def resize_window(self, size: tuple[int, int]) -> None:
        """Make the window `size`, as dragging its edge does, and lay the scenes out again."""
        if self.fullscreen or self.screen is None:
            return
        self.screen = self._set_mode(size, False)
        self._laid_out(self.screen.get_size())

    def _laid_out(self, size: tuple[int, int]) -> None:
        """Lay the scenes out for `size`, first forgetting the pictures drawn for another size."""
        if size != self.stack.size and self.stack.size != (0, 0):
            forget_sized_pictures()
        self.stack.resize(size)
        self.show_whole = True

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit(0)
        elif event.type == pygame.VIDEORESIZE:
            surface = pygame.display.get_surface()
            if surface is not None and not self.fullscreen:
                self.screen = surface
                self._laid_out(surface.get_size())
        elif event.type == pygame.WINDOWSIZECHANGED:
            surface = pygame.display.get_surface()
            if surface is not None and surface.get_size() != self.stack.size:
                self.screen = surface
                self._laid_out(surface.get_size())
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self.show_whole = True  # the window system may have lost the picture: the next frame shows all of it
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.stack.handle_event(event)

    def run(self, first: Callable[[App], Scene], max_frames: int | None = None) -> int:
        """Open the window, push the first scene and loop; returns the exit code."""
        # The expert's searches may use the spare cores while the window is open; the workers start on its first one.
        # (Imported here: the AI's modules stay out of the import of this one.)
        from game.ai.search.workers import enable_shared, stop_shared

        enable_shared()
        screen = self.open_window()
        self.stack.push(first(self))
        clock = pygame.time.Clock()
        try:
            while self.running:
                try:
                    screen = self.frame(clock, screen)
                except Exception as exc:
                    if self.recover is None:
                        raise
                    self.recover(exc)
                    self.show_whole = True
                if max_frames is not None and self.frames >= max_frames:
                    self.quit(0)
                if not len(self.stack):
                    self.quit(0)
        finally:
            pygame.display.quit()
            stop_shared()
        return self.exit_code or 0

    def frame(self, clock: pygame.time.Clock, screen: pygame.Surface) -> pygame.Surface:
        """One turn of the loop: wait while nothing moves, take the input, update, draw; the surface drawn on."""
        moving = self.stack.animating()
        if not moving and not self.stack.changed:
            wait_for_event(IDLE_WAKE)
        dt = min(MAX_DT, clock.tick(min(self.fps, self.stack.frame_rate() or self.fps)) / 1000.0)
        events = pygame.event.get()
        for event in events:
            self.handle(event)
        follow(self.settings)  # the look chosen in the settings, from the frame after it is chosen
        self.stack.update(dt)
        # A still screen is drawn again only when input, a scene change or its own update may have
        # changed it: an idle menu then costs next to nothing.
        if events or moving or self.stack.changed or self.stack.animating():
            self.stack.changed = False
            screen = self.screen or screen
            self.show(self.stack.draw(screen))
        return screen

    def show(self, damage: list[pygame.Rect] | None) -> None:
        """Put the drawn frame in the window: only where it changed (`damage`), all of it (None), or nothing."""
        # Sending the whole window is most of a frame's cost at 1920×1080 (about 10 ms in software), and a
        # player's turn or a settlement sheet changes a few small places of it, or none.
        if damage is None or self.show_whole:
            pygame.display.flip()
        elif damage:
            pygame.display.update(damage)
        else:
            return
        self.show_whole = False
        self.frames += 1


def wait_for_event(longest: float) -> None:
    """Sleep until an event is queued or `longest` seconds pass.

    Short sleeps and a look at the queue, rather than pygame.event.wait: SDL's wait polls every
    millisecond on drivers that cannot block (a few percent of a core), and a sleep lets other threads run.
    """
    end = time.monotonic() + longest
    while time.monotonic() < end:
        if pygame.event.peek():
            return
        time.sleep(IDLE_STEP)
