"""A cache of drawn surfaces that converts each one for fast blitting once a display exists."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


def display_ready() -> bool:
    """True once a display mode is set, which convert_alpha needs."""
    return bool(pygame.display.get_init()) and pygame.display.get_surface() is not None


def in_display_alpha_format(surface: pygame.Surface) -> bool:
    """True if `surface` has the pixel format convert_alpha() would give it (the display's, with alpha)."""
    model = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    return (
        surface.get_bitsize() == model.get_bitsize()
        and surface.get_masks() == model.get_masks()
        and surface.get_flags() & pygame.SRCALPHA != 0
        and surface.get_colorkey() is None
        and surface.get_alpha() in (None, 255)
    )


_size_bound: list[Callable[[], None]] = []


def size_bound(clear: Callable[[], None]) -> Callable[[], None]:
    """Register `clear` as forgetting pictures drawn for one window size; returns it."""
    _size_bound.append(clear)
    return clear


def forget_sized_pictures() -> None:
    """Drop every registered cache of pictures drawn at the old window size (the window has a new one).

    The old sizes' text, felt and tiles would otherwise stay for the rest of the run: a few window
    resizes held hundreds of MB. The new size's pictures are drawn again as they are needed (the table
    prepares its own ahead).
    """
    for clear in _size_bound:
        clear()


class SurfaceCache:
    """Surfaces by key, drawn on first use; plain before a display exists, convert_alpha'd after.

    With `maxsize` the least recently used entries are dropped (text labels); without it
    nothing is dropped (tile art, which is bounded by tiles x sizes x looks).
    """

    def __init__(self, maxsize: int | None = None) -> None:
        self._items: OrderedDict[Hashable, tuple[pygame.Surface, bool]] = OrderedDict()
        self._maxsize = maxsize

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for `key`, made by `make()` the first time; the same object on later calls."""
        entry = self._items.get(key)
        if entry is None:
            surface, converted = make(), False
        else:
            surface, converted = entry
            if self._maxsize is not None:
                self._items.move_to_end(key)
        if not converted and display_ready():
            # Converting once to the display's pixel format makes every later blit cheap; a picture drawn in that
            # format already is kept as it is (converting would only copy it).
            if not in_display_alpha_format(surface):
                surface = surface.convert_alpha()
            converted = True
            entry = None
        if entry is None:
            self._items[key] = (surface, converted)
            if self._maxsize is not None and len(self._items) > self._maxsize:
                self._items.popitem(last=False)
        return surface

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def clear(self) -> None:
        """Forget every surface."""
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
