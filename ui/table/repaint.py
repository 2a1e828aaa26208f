"""The table's frame on the screen, repainted only where it changed.

The board (ui/table/board.py) is a picture of the whole window; laying all of it on the screen
costs a millisecond a frame at 1920x1080 though most frames change a tile's worth of it. So the
screen keeps the last frame: a new one lays the board back only over what was drawn above it last
time (flying tiles, buttons, the marker, words) and over the zones the board redrew, then draws
this frame's overlays, each of which reports where it drew. Anything that may have drawn over the
table meanwhile (a sheet or dialog above it, a new window surface, another table) makes the next
frame lay the whole board again.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

# The repaint that drew on the screen last, whichever table it belongs to: a table drawn after another on
# the same surface (tests, screenshots) cannot trust what the screen holds.
_last: list[Repaint | None] = [None]


class Repaint:
    """Where the table drew over its board on the screen last frame."""

    def __init__(self) -> None:
        self._surface: pygame.Surface | None = None
        self._size: tuple[int, int] = (0, 0)
        self._drawn: list[pygame.Rect] = []
        self._laid: list[pygame.Rect] | None = None  # where this frame laid the board (None: everywhere)
        self._valid = False
        self.full_frames = 0  # frames that laid the whole board (tests, the frame benchmark)

    def forget(self) -> None:
        """The screen may no longer hold the last frame: the next one lays the whole board."""
        self._valid = False
        self._laid = None

    def begin(self, surface: pygame.Surface, board: pygame.Surface, changed: list[pygame.Rect] | None) -> None:
        """Lay the board on `surface` where this frame needs it: everywhere, or only over last frame's overlays and
        the zones in `changed` (None: the board changed as a whole)."""
        size = surface.get_size()
        trusted = (
            self._valid
            and changed is not None
            and _last[0] is self
            and surface is self._surface
            and size == self._size
            and board.get_size() == size
        )
        if trusted:
            assert changed is not None
            self._laid = _merged([*self._drawn, *changed])
            for rect in self._laid:
                surface.blit(board, rect, rect)
        else:
            surface.blit(board, (0, 0))
            self._laid = None
            self.full_frames += 1
        self._surface, self._size = surface, size
        self._drawn = []
        self._valid = True
        _last[0] = self

    def mark(self, rects: pygame.Rect | Iterable[pygame.Rect] | None) -> None:
        """Note where this frame drew over the board (what a blit or a pygame.draw call returns)."""
        if rects is None:
            return
        if isinstance(rects, pygame.Rect):
            self._drawn.append(rects)
        else:
            self._drawn.extend(rects)

    def damage(self) -> list[pygame.Rect] | None:
        """Where this frame changed the screen: the board laid again and what was drawn over it (None: anywhere)."""
        return None if self._laid is None else [*self._laid, *self._drawn]

    def end(self, covered: bool) -> None:
        """The frame is drawn; `covered`: a scene above draws over it, so the screen will not hold it."""
        if covered:
            self._valid = False


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """`rects` without the empty ones, those inside another and duplicates (each is laid once)."""
    out: list[pygame.Rect] = []
    for rect in sorted((r for r in rects if r.width > 0 and r.height > 0), key=lambda r: -r.width * r.height):
        if not any(o.contains(rect) for o in out):
            out.append(rect)
    return out
