"""The look the player chose on the settings' look page: high contrast or not, and the tile faces.

One look at a time for the whole client, as with the language: every picture drawn from now on follows it, and
the caches of pictures (ui/look/text.py, ui/look/tile_art.py) key on it, so a switch shows at once and switching
back finds the pictures already drawn.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

FACES = ("classic", "plain")  # the painted faces, and plain ones with a large numeral (ui/look/art/plain.py)


class Chosen(NamedTuple):
    """A look: hashable and cheap to compare, as every cached picture's key holds it."""

    high_contrast: bool = False
    face: str = "classic"


class LookSettings(Protocol):
    """The settings a look is chosen from (ui/settings/values.py)."""

    high_contrast: bool
    tile_face: str


_now: list[Chosen] = [Chosen()]


def chosen() -> Chosen:
    """The look pictures are drawn in now."""
    return _now[0]


def choose(high_contrast: bool = False, face: str = "classic") -> bool:
    """Draw in this look from now on (an unknown face is drawn classic); True when it differs from the last."""
    look = Chosen(bool(high_contrast), face if face in FACES else "classic")
    if look == _now[0]:
        return False
    _now[0] = look
    return True


def follow(settings: LookSettings) -> bool:
    """Choose the look `settings` ask for; True when it changed."""
    return choose(settings.high_contrast, settings.tile_face)
