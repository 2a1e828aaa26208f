"""Colours shared by the client: the table, the tiles, the highlight looks and the text."""

from __future__ import annotations

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA

# Table felt
TABLE_GREEN: RGB = (22, 92, 62)
TABLE_GREEN_DARK: RGB = (14, 64, 43)
TABLE_GREEN_LIGHT: RGB = (34, 116, 80)
TABLE_EDGE: RGB = (74, 46, 28)  # the wooden rim

# Tile body: an ivory face layer bonded to a coloured back layer
IVORY: RGB = (250, 245, 228)
IVORY_LIGHT: RGB = (255, 253, 244)
IVORY_SHADE: RGB = (226, 214, 186)
IVORY_EDGE: RGB = (205, 190, 158)
TILE_BACK: RGB = (30, 128, 96)
TILE_BACK_LIGHT: RGB = (64, 168, 128)
TILE_BACK_DARK: RGB = (16, 82, 60)
TILE_OUTLINE: RGB = (96, 84, 62)
SHADOW: RGBA = (0, 0, 0, 110)

# Ink on the faces
INK_BLACK: RGB = (28, 30, 38)
INK_RED: RGB = (196, 30, 36)
INK_RED_DARK: RGB = (140, 18, 24)
INK_GREEN: RGB = (16, 124, 70)
INK_GREEN_DARK: RGB = (8, 80, 44)
INK_GREEN_LIGHT: RGB = (96, 176, 112)
INK_BLUE: RGB = (28, 64, 150)
INK_BLUE_DARK: RGB = (16, 36, 96)
INK_GOLD: RGB = (214, 160, 36)

# Looks laid over tiles
SELECTED_GLOW: RGB = (255, 236, 150)
CLAIMABLE_GLOW: RGB = (80, 210, 255)
CHICKEN_GOLD: RGB = (255, 196, 40)
CHICKEN_GOLD_DARK: RGB = (176, 112, 12)
WINNING_GLOW: RGB = (255, 86, 60)
DIM_OVERLAY: RGBA = (30, 34, 40, 120)

# Text and panels
TEXT: RGB = (245, 242, 232)
TEXT_MUTED: RGB = (178, 190, 180)
TEXT_DARK: RGB = (30, 30, 30)
TEXT_GOLD: RGB = (255, 212, 96)
TEXT_RED: RGB = (236, 84, 72)
PANEL: RGBA = (10, 30, 22, 200)
PANEL_BORDER: RGB = (180, 150, 90)

# High contrast (the settings' look page): a dark plain cloth, pure white and yellow words on near-black plates with
# bright rims, and black tile edges. Only these differ; every other colour stays as it is.
CONTRAST_CLOTH: RGB = (18, 22, 20)
CONTRAST_RIM: RGB = (120, 120, 120)
CONTRAST_TEXT: RGB = (255, 255, 255)
CONTRAST_TEXT_MUTED: RGB = (228, 228, 228)
CONTRAST_TEXT_GOLD: RGB = (255, 232, 0)
CONTRAST_TEXT_RED: RGB = (255, 120, 100)
CONTRAST_BORDER: RGB = (255, 232, 0)
CONTRAST_TILE_OUTLINE: RGB = (0, 0, 0)
CONTRAST_PANEL_ALPHA = 236  # dark plates are made nearly opaque: the cloth does not show through the words

# The words' and rims' colours as high contrast shows them.
_CONTRASTED: dict[tuple[int, int, int], RGB] = {
    TEXT: CONTRAST_TEXT,
    TEXT_MUTED: CONTRAST_TEXT_MUTED,
    TEXT_GOLD: CONTRAST_TEXT_GOLD,
    TEXT_RED: CONTRAST_TEXT_RED,
    PANEL_BORDER: CONTRAST_BORDER,
}


def contrasted(colour: Colour) -> Colour:
    """The colour high contrast shows in place of `colour` (its alpha kept); other colours as they are."""
    found = _CONTRASTED.get((colour[0], colour[1], colour[2]))
    if found is None:
        return colour
    return found if len(colour) == 3 else (*found, colour[3])


def contrasted_fill(colour: Colour) -> Colour:
    """A plate's fill as high contrast shows it: a dark translucent fill turns black and nearly opaque."""
    if len(colour) == 4 and sum(colour[:3]) < 150:
        return (0, 0, 0, max(colour[3], CONTRAST_PANEL_ALPHA))
    return colour
