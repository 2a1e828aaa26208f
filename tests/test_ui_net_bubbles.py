"""A seat's chat bubble never covers a seat's name plate, at the layout's own rectangles for 1280x720 and 1920x1080."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.net.wire.chat import PHRASES, phrase_text
from tests.ui_host import headless_display
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.table.bubbles import PANELS, PLATES, bubble_rect


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_phrase_at_every_seat_stays_off_the_plates_and_the_panels_and_inside_the_window(
    size: tuple[int, int],
) -> None:
    headless_display(size)
    layout = compute_layout(size)
    s = layout.scale
    body = max(13, round(17 * s))
    plates = [layout.zones[p] for p in PLATES]
    panels = [layout.zones[p] for p in PANELS]
    screen = pygame.Rect((0, 0), size)
    for lang in ("zh", "en"):
        for phrase in PHRASES:
            pic = T.shadowed(phrase_text(phrase, lang), body, (40, 30, 10), bold=True)
            bubble = pic.get_rect().inflate(round(18 * s), round(10 * s)).size
            for k, plate in enumerate(plates):
                box = bubble_rect(size, bubble, plate, layout.zones, round(8 * s))
                assert screen.contains(box), (size, k, phrase, box)
                covered = [PLATES[i] for i, p in enumerate(plates) if box.colliderect(p)]
                assert not covered, f"{size} seat {k} {phrase!r}: {box} covers {covered}"
                hidden = [PANELS[i] for i, p in enumerate(panels) if box.colliderect(p)]
                assert not hidden, f"{size} seat {k} {phrase!r}: {box} covers {hidden}"
                # Beside its own plate, not somewhere across the table.
                near = plate.inflate(2 * box.width + 4 * round(8 * s), 2 * box.height + 4 * round(8 * s))
                assert near.colliderect(box), (size, k, box, plate)
