"""Drawing shared by the guide and the lessons: wrapped paragraphs and rows of tiles in the game's own art."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.melds import Meld
from game.core.tiles import Tile
from ui.kit.dialogs import wrap
from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import Look, get_tile_art


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """`ui.kit.dialogs.wrap`: Chinese punctuation kept off the start of a line, tokens kept whole."""
    return wrap(text, size, width)


def paragraphs_height(texts: Sequence[str], size: int, width: int, gap: int) -> int:
    """The height `draw_paragraphs` would use."""
    line_h = round(size * 1.45)
    return sum(len(wrap_text(t, size, width)) * line_h + gap for t in texts) - (gap if texts else 0)


def fitting_size(texts: Sequence[str], sizes: Sequence[int], width: int, height: int, gap: int) -> int:
    """The largest of `sizes` (largest first) at which the paragraphs fit in `height`; the smallest otherwise."""
    for size in sizes:
        if paragraphs_height(texts, size, width, gap) <= height:
            return size
    return sizes[-1]


def draw_paragraphs(
    surface: pygame.Surface,
    texts: Sequence[str],
    rect: pygame.Rect,
    size: int,
    gap: int,
    colour: pal.RGB = pal.TEXT,
    bullet: bool = False,
) -> int:
    """Draw wrapped paragraphs top-down inside `rect` (lines past its bottom are left out); returns the y after."""
    line_h = round(size * 1.45)
    y = rect.top
    indent = round(size * 1.1) if bullet else 0
    for text in texts:
        for i, line in enumerate(wrap_text(text, size, rect.width - indent)):
            if y + line_h > rect.bottom:
                return y
            if bullet and i == 0:
                dot = T.label("•", size, pal.TEXT_GOLD)
                surface.blit(dot, (rect.left, y))
            surface.blit(T.label(line, size, colour), (rect.left + indent, y))
            y += line_h
        y += gap
    return y


def tiles_width(count: int, tile_w: int, gaps: int = 0) -> int:
    """The width of a row of `count` tiles with `gaps` small gaps."""
    art = get_tile_art(tile_w)
    return count * art.size[0] + gaps * max(4, tile_w // 3)


def draw_tiles(
    surface: pygame.Surface,
    tiles: Sequence[Tile],
    x: int,
    y: int,
    tile_w: int,
    marked: Sequence[int] = (),
    gaps: Sequence[int] = (),
    mark: Look = Look.SELECTED,
) -> int:
    """Draw a row of upright tiles from (x, y); marked tiles are raised and drawn with `mark`. Returns the x after."""
    art = get_tile_art(tile_w)
    step = art.size[0]
    lift = max(3, tile_w // 5)
    for i, t in enumerate(tiles):
        if i in gaps:
            x += max(4, tile_w // 3)
        look = mark if i in marked else Look.NORMAL
        surface.blit(art.face(t, look), (x, y - (lift if i in marked else 0)))
        x += step
    return x


def draw_hand(
    surface: pygame.Surface,
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    winning: Tile | None,
    x: int,
    y: int,
    tile_w: int,
) -> int:
    """A winning hand: the concealed tiles (the winning tile last and raised), then each meld after a gap."""
    tiles = list(concealed)
    marked: list[int] = []
    if winning is not None and winning in tiles:
        tiles.remove(winning)
        tiles.append(winning)
        marked.append(len(tiles) - 1)
    gaps = [len(tiles) - 1] if marked else []
    x = draw_tiles(surface, tiles, x, y, tile_w, marked, gaps, Look.WINNING)
    for m in melds:
        x += max(6, tile_w // 2)
        x = draw_tiles(surface, [m.tile] * m.size, x, y, tile_w)
    return x


def hand_width(concealed: Sequence[Tile], melds: Sequence[Meld], tile_w: int) -> int:
    """The width `draw_hand` uses."""
    art = get_tile_art(tile_w)
    n = len(concealed) + sum(m.size for m in melds)
    return n * art.size[0] + max(4, tile_w // 3) + len(melds) * max(6, tile_w // 2)


def tile_height(tile_w: int) -> int:
    """The height of an upright tile picture at `tile_w`."""
    return get_tile_art(tile_w).size[1]
