"""Where a seat's chat bubble goes: beside its name plate, never over a plate (its own or another seat's).

The plates of the left column sit close together (at 1280x720 one is 8 px below the other), so a
bubble simply put above a plate lands on the plate above it. Each side of the plate is tried; a
place over a plate is never taken while any other exists, then the info panels are spared, then the
tiles.
"""

from __future__ import annotations

import pygame

PLATES = ("plate0", "plate1", "plate2", "plate3")
PANELS = ("info", "waits", "chickens", "prompt", "buttons")
# What covering a zone costs, per pixel covered: a plate outweighs any amount of anything else.
PLATE_COST = 1_000_000
PANEL_COST = 100
TILES_COST = 1


def _covered(box: pygame.Rect, zone: pygame.Rect) -> int:
    cut = box.clip(zone)
    return cut.width * cut.height


def bubble_rect(
    size: tuple[int, int], bubble: tuple[int, int], plate: pygame.Rect, zones: dict[str, pygame.Rect], gap: int
) -> pygame.Rect:
    """The bubble's box (`bubble` its width and height) for the seat whose plate is `plate`, within the window."""
    screen = pygame.Rect((0, 0), size)
    box = pygame.Rect((0, 0), bubble)
    places: list[pygame.Rect] = []
    for anchor, at in (
        ("midbottom", (plate.centerx, plate.top - gap)),
        ("midtop", (plate.centerx, plate.bottom + gap)),
        ("midleft", (plate.right + gap, plate.centery)),
        ("midright", (plate.left - gap, plate.centery)),
        ("topleft", (plate.right + gap, plate.top)),
        ("bottomleft", (plate.right + gap, plate.bottom)),
        ("topright", (plate.left - gap, plate.top)),
        ("bottomright", (plate.left - gap, plate.bottom)),
    ):
        place = box.copy()
        setattr(place, anchor, at)
        places.append(place.clamp(screen))

    def cost(place: pygame.Rect) -> int:
        total = 0
        for name, zone in zones.items():
            weight = PLATE_COST if name in PLATES else PANEL_COST if name in PANELS else TILES_COST
            total += weight * _covered(place, zone)
        return total

    # The first of the cheapest: above the plate when that covers nothing.
    return min(places, key=cost)
