"""A seat's final tiles laid open in one row: concealed tiles, the winning tile set apart, then the melds.

Chicken tiles wear the CHICKEN look, the winning tile the WINNING look; a concealed kong shows
its two middle tiles face up between two backs, as it lies on a real table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.calculator.sheet import NotEntered
from game.core.melds import KongKind
from game.core.result import SeatResult
from game.core.tiles import Tile
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.tile_art import Look, TileArt, get_tile_art
from ui.words import strings as S

GAP = 0.45  # the space between groups, in tile widths


def hand_slots(seat: SeatResult, winning: Tile | None) -> list[tuple[int, Tile | None, bool]]:
    """(group, tile or None for a back, is the winning tile) for each tile shown, left to right.

    Group 0 is the concealed hand, 1 the winning tile, 2.. the melds; `winning` is this seat's winning tile.
    """
    concealed = sorted(seat.concealed)
    out: list[tuple[int, Tile | None, bool]] = []
    if winning is not None and winning in concealed:
        concealed.remove(winning)
    out += [(0, t, False) for t in concealed]
    if winning is not None:
        out.append((1, winning, True))
    for k, meld in enumerate(seat.melds):
        group = 2 + k
        if meld.kong is KongKind.CONCEALED:
            out += [(group, None, False), (group, meld.tile, False), (group, meld.tile, False), (group, None, False)]
        else:
            out += [(group, meld.tile, False)] * meld.size
    return out


def entered_slots(seat: SeatResult, concealed: Sequence[Tile]) -> list[tuple[int, Tile | None, bool]]:
    """The slots of a seat whose hand was not entered: only the concealed tiles that were (`concealed`), then
    its melds."""
    return hand_slots(replace(seat, concealed=tuple(concealed)), None)


def not_entered_note(assumed: NotEntered) -> str:
    """What the sheet says of a hand not entered: it was taken as ready, or as not ready."""
    return S.tr("settle_not_entered_ready" if assumed.ready else "settle_not_entered_not_ready")


def draw_not_entered(
    surface: pygame.Surface, where: tuple[int, int, int], used: int, note: str, size: int, scale: float
) -> None:
    """A hand not entered: `note` after the tiles that were entered (`used` px of them); `where` is the hand's
    left, its middle and its width."""
    x, mid, width = where
    left = x + used + (round(10 * scale) if used else 0)
    pic = T.fit(note, size, max(1, x + width - left), pal.TEXT_MUTED)
    surface.blit(pic, pic.get_rect(midleft=(left, mid)))


def row_width(slots: list[tuple[int, Tile | None, bool]], tile_w: int) -> int:
    """Width in px of a row of `slots` at tile width `tile_w`."""
    if not slots:
        return 0
    groups = len({g for g, _t, _w in slots})
    return len(slots) * tile_w + round((groups - 1) * GAP * tile_w)


def fit_tile_width(count: int, groups: int, width: int, height: int, largest: int) -> int:
    """The largest tile width (at most `largest`) at which `count` tiles in `groups` fit `width` x `height`."""
    w = min(largest, int(width / max(1.0, count + (groups - 1) * GAP)))
    while w > 16 and get_tile_art(w).size[1] - 2 * get_tile_art(w).pad > height:
        w -= 1
    return max(16, w)


def draw_hand(
    surface: pygame.Surface,
    topleft: tuple[int, int],
    slots: list[tuple[int, Tile | None, bool]],
    art: TileArt,
    chickens: frozenset[Tile],
    golden: frozenset[Tile] = frozenset(),
) -> None:
    """Draw a row of `slots` with its tiles' top-left corner at `topleft`, a star on each golden chicken (金鸡)."""
    x, y = topleft
    last_group = None
    for group, tile, winning in slots:
        if last_group is not None and group != last_group:
            x += round(GAP * art.width)
        last_group = group
        if tile is None:
            pic = art.back()
        else:
            look = Look.NORMAL
            if tile in chickens:
                look |= Look.CHICKEN
            if winning:
                look |= Look.WINNING
            pic = art.face(tile, look)
        surface.blit(pic, art.blit_pos(x, y))
        if tile is not None and tile in golden:
            # Its gold ring is any chicken's: the star says it is the golden one.
            marks.pin(surface, marks.star(marks.tile_mark_size(art.width)), pygame.Rect((x, y), art.body_size))
        x += art.width
