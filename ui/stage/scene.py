"""Scenes and the scene stack: each screen handles events, updates and draws; overlays sit on top, among them
the key help (?) that lists the keys of the screen below.

A scene's `draw` changes nothing but caches: it may be called any number of times (screenshots,
benchmarks) between updates and must draw the same picture each time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol

import pygame

from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.settings.values import Settings
from ui.words import strings as S
from ui.words.keys import COMMON, KeyLine, is_help_key


class Host(Protocol):
    """What a scene may ask of the application that runs it."""

    settings: Settings
    stack: SceneStack

    def quit(self, code: int = 0) -> None:
        """Stop the main loop with this exit code."""
        ...


class Scene:
    """Base of every screen. `opaque` scenes hide the ones below; overlays set it False."""

    opaque = True
    key_lines: tuple[KeyLine, ...] = ()  # the screen's keys, as its key help lists them (ui/words/keys.py)

    def __init__(self, host: Host) -> None:
        self.host = host

    def key_help(self) -> tuple[KeyLine, ...]:
        """The lines of the screen's key help now; none where ? means something else (a name being typed)."""
        return self.key_lines

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto `surface`; changes no state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now `size`; lay out again."""

    def animating(self) -> bool:
        """True while the scene wants a frame every 1/60 s; False when it changes only on input (the loop sleeps)."""
        return True

    def damage(self) -> list[pygame.Rect] | None:
        """Where the last draw changed the surface, for the window to show only that; None: anywhere."""
        return None

    def frame_rate(self) -> int | None:
        """Frames a second this scene needs now, when fewer than the window's; None: the window's own."""
        return None

    def still(self) -> Hashable | None:
        """What the scene's picture depends on while it cannot change (None: it may change from frame to frame).
        A stack whose drawn scenes all answer as they did at the last frame leaves that frame on the screen."""
        return None

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def leave(self) -> None:
        """Called when the scene stops being the top (covered or popped)."""


# The stack that drew last, whatever surface it drew on: after another stack's frame (tests, screenshots
# share one display), a still frame is drawn again.
_last_drawn: list[SceneStack | None] = [None]


class SceneStack:
    """A small stack of scenes: only the top one gets events and updates; draws go bottom-up from the
    highest opaque scene."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.size: tuple[int, int] = (0, 0)
        self.changed = True  # a scene came, went or was laid out again since the last frame was drawn
        self._still: tuple[object, ...] | None = None  # what the last frame showed, when every scene in it was still
        # Called every frame whatever scene is on top: a network table hears of its host leaving under a sheet.
        self.watchers: list[Callable[[], None]] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        """The scene that receives events, or None when the stack is empty."""
        return self._scenes[-1] if self._scenes else None

    def scenes(self) -> tuple[Scene, ...]:
        """Every scene, bottom first."""
        return tuple(self._scenes)

    def push(self, scene: Scene) -> None:
        """Put `scene` on top (laid out for the current size)."""
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        self.changed = True
        self._still = None
        if self.size != (0, 0):
            scene.resize(self.size)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove and return the top scene."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        self.changed = True
        self._still = None
        scene.leave()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take `scene` off the stack wherever it is."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            self.changed = True
            self._still = None

    def handle_event(self, event: pygame.event.Event) -> None:
        """Give the event to the top scene; ? opens the key help of a scene that lists its keys."""
        if not self._scenes:
            return
        top = self._scenes[-1]
        lines = top.key_help() if is_help_key(event) else ()
        if lines:
            self.push(KeyHelpScene(top.host, (*lines, *COMMON)))
            return
        top.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance the top scene (and run the watchers)."""
        for watch in list(self.watchers):
            watch()
        if self._scenes:
            self._scenes[-1].update(dt)

    def animating(self) -> bool:
        """True when the top scene wants frames (only the top one updates, so only it can move)."""
        return bool(self._scenes) and self._scenes[-1].animating()

    def frame_rate(self) -> int | None:
        """The top scene's frames a second, when it asks for fewer than the window's (None: the window's)."""
        return self._scenes[-1].frame_rate() if self._scenes else None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw from the highest opaque scene up to the top; where the surface changed (None: anywhere)."""
        first = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                first = i
                break
        shown = self._scenes[first:]
        keys = [scene.still() for scene in shown]
        # Scenes that cannot change, drawn on this surface last frame: the screen holds their picture already.
        frame = (surface, surface.get_size(), *shown, *keys) if None not in keys else None
        if frame is not None and frame == self._still and _last_drawn[0] is self:
            return []
        self._still = frame
        _last_drawn[0] = self
        damage: list[pygame.Rect] | None = []
        for scene in shown:
            scene.draw(surface)
            rects = scene.damage()
            damage = None if damage is None or rects is None else [*damage, *rects]
        return damage

    def resize(self, size: tuple[int, int]) -> None:
        """Lay every scene out for the new window size."""
        self.size = size
        self.changed = True
        self._still = None
        for scene in self._scenes:
            scene.resize(size)


TITLE = ("按键", "Keys")


class KeyHelpScene(Scene):
    """The keys of the screen below, a line each (the keys, what they do), in one column or two as the window
    allows; ?, Esc, Enter or a click closes it."""

    opaque = False

    def __init__(self, host: Host, lines: Sequence[KeyLine]) -> None:
        super().__init__(host)
        self.lines = tuple(lines)
        self.size = host.stack.size if host.stack.size != (0, 0) else (1280, 720)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def animating(self) -> bool:
        return False

    def still(self) -> tuple[object, ...]:
        return (self.size, S.language())

    def close(self) -> None:
        """Back to the screen below."""
        self.host.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        closing = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if closing or event.type == pygame.MOUSEBUTTONDOWN or is_help_key(event):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(T.cached(("key_help", self.size, S.language(), self.lines), self._picture), (0, 0))

    def _picture(self) -> pygame.Surface:
        """The shade, the panel and its lines, made once per window size, language and screen."""
        w, h = self.size
        layout = compute_layout(self.size)
        s = layout.scale
        body, title_size = layout.font["body"], layout.font["title"]
        out = pygame.Surface(self.size, pygame.SRCALPHA)
        out.fill((0, 0, 0, 150))
        pad, gap = round(22 * s), round(18 * s)
        line_h = round(body * 1.45)
        shown = [k.shown() for k in self.lines]
        keys_w = max(T.label(keys, body, bold=True).get_width() for keys, _ in shown)
        does_w = max(T.label(does, body).get_width() for _, does in shown)
        column_w = keys_w + gap + does_w
        room_h = h - 2 * pad - round(title_size * 2.2) - round(body * 2.0) - 2 * pad
        per_column = max(1, room_h // line_h)
        columns = 1 if len(shown) <= per_column else 2
        per_column = -(-len(shown) // columns)
        # The words shrink to fit a narrow window rather than run off it.
        column_w = min(column_w, (w - 2 * pad - (columns + 1) * pad) // columns)
        keys_w = min(keys_w, column_w // 3)
        panel = pygame.Rect(0, 0, columns * column_w + (columns + 1) * pad, 0)
        panel.height = round(title_size * 2.2) + per_column * line_h + round(body * 2.0) + pad
        panel.center = (w // 2, h // 2)
        out.blit(T.panel(panel.size, round(16 * s), (12, 34, 26, 245), pal.PANEL_BORDER, 2), panel.topleft)
        title = T.shadowed(TITLE[0] if S.language() == "zh" else TITLE[1], title_size, pal.TEXT_GOLD, bold=True)
        out.blit(title, (panel.left + pad, panel.top + round(title_size * 0.6)))
        top = panel.top + round(title_size * 2.2)
        for i, (keys, does) in enumerate(shown):
            column, row = divmod(i, per_column)
            x = panel.left + pad + column * (column_w + pad)
            y = top + row * line_h
            out.blit(T.fit(keys, body, keys_w, pal.TEXT_GOLD, bold=True), (x, y))
            out.blit(T.fit(does, body, column_w - keys_w - gap, pal.TEXT), (x + keys_w + gap, y))
        close = S.tr("keys_help_close")
        foot = T.fit(close, layout.font["small"], panel.width - 2 * pad, pal.TEXT_MUTED)
        out.blit(foot, foot.get_rect(bottomright=(panel.right - pad, panel.bottom - round(pad * 0.6))))
        return out
