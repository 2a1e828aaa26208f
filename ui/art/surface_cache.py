"""A cache of drawn surfaces that converts each one for fast blitting once a display exists."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


def display_ready() -> bool:
    """True once a display mode is set, which convert_alpha needs."""
    return bool(pygame.display.get_init()) and pygame.display.get_surface() is not None


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
            # Converting once to the display's pixel format makes every later blit cheap.
            surface, converted = surface.convert_alpha(), True
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
