"""The table's layout, computed from the window size: tile sizes and the screen rectangle of every zone.

The table is drawn top-down with a slight tilt (2.5D): the player (seat 0) at the bottom, the
next seat in play order (下家) on the right, the seat across at the top, the seat before (上家)
on the left. Each seat has a rack (its hand and melds), a wall side and a pond; the compass sits
in the middle. Zones never overlap, so each can be redrawn alone (ui/table/board.py).

Sizes are designed at 1280x720 and scaled by `scale`; if a window is oddly shaped the scale
shrinks until everything fits.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pygame

from ui.text import MIN_TEXT
from ui.tile_art import MIN_WIDTH, TileArt, get_tile_art

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)
REFERENCE = (1280, 720)

POND_COLUMNS = 6  # discards lie in rows of six (RULES: a real table's habit)
POND_ROWS = 4  # rows the pond zone is sized for; a fifth row squeezes in
WALL_STACKS = 14  # the longest side (RULES §12.11: 14, 13, 14, 13)
HAND_SLOTS = 14


def _w(value: float) -> int:
    return max(MIN_WIDTH, round(value))


@dataclass(frozen=True)
class TileSizes:
    """Tile widths in px for each place a tile is shown."""

    hand: int  # the player's own hand, standing face up
    meld: int  # the player's melds, lying
    other: int  # the hand of the seat across (backs)
    side: int  # the hands of the seats at the sides (standing tiles seen edge-on)
    other_meld: int  # the other seats' melds
    pond: int
    wall: int


@dataclass(frozen=True)
class Layout:
    """Every zone of the table screen for one window size."""

    size: tuple[int, int]
    scale: float
    tiles: TileSizes
    zones: dict[str, pygame.Rect]
    font: dict[str, int] = field(default_factory=dict)  # text sizes by use
    gap: int = 8

    def zone(self, name: str) -> pygame.Rect:
        """The rectangle of zone `name` (a copy, safe to change)."""
        return self.zones[name].copy()

    def art(self, use: str) -> TileArt:
        """The tile art for a use named like a TileSizes field."""
        return get_tile_art(getattr(self.tiles, use))

    @property
    def centre(self) -> tuple[int, int]:
        """The middle of the compass: where dice roll and banners show."""
        return self.zones["compass"].center


def pond_steps(art: TileArt, seat: int) -> tuple[int, int]:
    """(step along a pond row, step between rows) in px for tiles lying toward `seat`."""
    if seat % 2 == 0:
        return art.width, art.lying_body_size(0)[1] - art.depth
    w90, h90 = art.lying_body_size(90)
    return h90 - art.depth, w90


def wall_steps(art: TileArt, side: int) -> tuple[int, int]:
    """(step between stacks, thickness across the wall) of wall side `side`."""
    if side % 2 == 0:
        return art.width, art.lying_body_size(0)[1] + art.depth
    w90, h90 = art.lying_body_size(90)
    return h90 - art.depth, w90


def compute_layout(size: tuple[int, int]) -> Layout:
    """The layout for a window of `size` px; smaller than MIN_SIZE is laid out as MIN_SIZE."""
    w = max(MIN_SIZE[0], int(size[0]))
    h = max(MIN_SIZE[1], int(size[1]))
    scale = min(w / REFERENCE[0], h / REFERENCE[1])
    while True:
        layout = _try_layout((w, h), scale)
        if layout is not None or scale < 0.3:
            break
        scale *= 0.95
    assert layout is not None, f"no layout fits {w}x{h}"
    return layout


def _try_layout(size: tuple[int, int], s: float) -> Layout | None:
    w, h = size
    tiles = TileSizes(
        hand=_w(48 * s),
        meld=_w(34 * s),
        other=_w(27 * s),
        side=_w(33 * s),
        other_meld=_w(25 * s),
        pond=_w(29 * s),
        wall=_w(27 * s),
    )
    margin = max(6, round(10 * s))
    gap = max(4, round(8 * s))
    hand, meld = get_tile_art(tiles.hand), get_tile_art(tiles.meld)
    other, other_meld, side = get_tile_art(tiles.other), get_tile_art(tiles.other_meld), get_tile_art(tiles.side)
    pond, wall = get_tile_art(tiles.pond), get_tile_art(tiles.wall)
    zones: dict[str, pygame.Rect] = {}

    # The compass and the ponds around it, pinwheel fashion: each pond is as long as the
    # compass side it lies along, so no two ponds share a corner.
    a02, r02 = pond_steps(pond, 0)
    a13, r13 = pond_steps(pond, 1)
    pgap = pond.pad * 2 + pond.depth
    compass = pygame.Rect(0, 0, POND_COLUMNS * a02, POND_COLUMNS * a13)
    # Pond zones hold their tiles plus a margin of `pad` for the shadows all round.
    pond_h = POND_ROWS * r02 + pond.depth + 2 * pond.pad
    pond_w = POND_ROWS * r13 + 2 * pond.pad
    inner_w = compass.width + 2 * (pgap + pond_w)
    inner_h = compass.height + 2 * (pgap + pond_h)

    # The wall ring outside the ponds.
    wgap = max(wall.pad * 2, gap)
    a_h, t_h = wall_steps(wall, 0)
    a_v, t_v = wall_steps(wall, 1)
    ring_w = max(inner_w + 2 * (wgap + t_v + wall.pad), WALL_STACKS * a_h + 2 * wall.pad)
    ring_h = max(inner_h + 2 * (wgap + t_h + wall.pad), WALL_STACKS * a_v + 2 * (t_h + wall.pad))

    # Racks: the player's row at the bottom, the others' backs and edges.
    lift = hand.lift
    rack0_h = hand.body_size[1] + lift + 2 * hand.pad
    rack2_h = max(other.body_size[1], other_meld.lying_body_size(0)[1]) + 2 * other.pad
    edge_w, _edge_h = side.edge_body_size
    rack13_w = max(edge_w, other_meld.lying_body_size(90)[0]) + 2 * max(side.pad, other_meld.pad)
    row_w = round((HAND_SLOTS + 0.5) * hand.width + 2 * gap + 2 * meld.width) + 2 * hand.pad

    need_h = margin + rack2_h + gap + ring_h + gap + rack0_h + margin
    if need_h > h:
        return None
    plate_w = round(200 * s)
    panel_w = round(max(230 * s, 190))
    side_w = max(plate_w, panel_w)
    need_w = 2 * (margin + side_w + gap + rack13_w + gap) + ring_w
    if need_w > w or row_w + 2 * margin > w:
        return None

    # Spread spare height evenly between the rows so the table breathes on tall windows.
    spare = (h - need_h) // 4
    top = margin + spare // 2
    rack2 = pygame.Rect(0, top, ring_w - 2 * t_v, rack2_h)
    rack2.centerx = w // 2
    rack0 = pygame.Rect(0, h - margin - rack0_h - spare // 2, row_w, rack0_h)
    rack0.centerx = w // 2
    ring = pygame.Rect(0, 0, ring_w, ring_h)
    ring.center = (w // 2, (rack2.bottom + rack0.top) // 2)

    compass.center = ring.center
    zones["compass"] = compass.inflate(-2 * pond.pad, -2 * pond.pad)
    across_w = compass.width + 2 * pond.pad  # the ponds above and below the compass
    side_h = compass.height + pond.depth + 2 * pond.pad  # the ponds beside it
    zones["pond0"] = pygame.Rect(compass.left - pond.pad, compass.bottom + pgap, across_w, pond_h)
    zones["pond2"] = pygame.Rect(compass.left - pond.pad, compass.top - pgap - pond_h, across_w, pond_h)
    zones["pond1"] = pygame.Rect(compass.right + pgap, compass.top - pond.pad, pond_w, side_h)
    zones["pond3"] = pygame.Rect(compass.left - pgap - pond_w, compass.top - pond.pad, pond_w, side_h)

    len_h = WALL_STACKS * a_h + 2 * wall.pad
    len_v = WALL_STACKS * a_v + wall.depth + t_h + 2 * wall.pad
    th_h = t_h + 2 * wall.pad
    th_v = t_v + 2 * wall.pad
    wall0 = pygame.Rect(0, ring.bottom - th_h, len_h, th_h)
    wall2 = pygame.Rect(0, ring.top, len_h, th_h)
    wall0.centerx = wall2.centerx = ring.centerx
    wall1 = pygame.Rect(ring.right - th_v, 0, th_v, len_v)
    wall3 = pygame.Rect(ring.left, 0, th_v, len_v)
    wall1.centery = wall3.centery = ring.centery
    # The side walls sit between the top and bottom walls.
    if wall1.top < wall2.bottom or wall1.bottom > wall0.top:
        return None
    zones.update(wall0=wall0, wall1=wall1, wall2=wall2, wall3=wall3)

    rack_len = min(ring.height, h - 2 * margin)
    rack3 = pygame.Rect(ring.left - gap - rack13_w, 0, rack13_w, rack_len)
    rack1 = pygame.Rect(ring.right + gap, 0, rack13_w, rack_len)
    rack3.centery = rack1.centery = ring.centery
    zones.update(rack0=rack0, rack1=rack1, rack2=rack2, rack3=rack3)

    # Side columns: panels and name plates outside the side racks.
    left_col = pygame.Rect(margin, margin, rack3.left - gap - margin, h - 2 * margin)
    right_col = pygame.Rect(rack1.right + gap, margin, w - margin - rack1.right - gap, h - 2 * margin)
    # Never below MIN_TEXT: small windows get tighter panels, not text too small to read.
    font = {
        "small": max(MIN_TEXT, round(14 * s)),
        "body": max(MIN_TEXT + 2, round(17 * s)),
        "title": max(MIN_TEXT + 4, round(22 * s)),
        "plate": max(MIN_TEXT + 2, round(18 * s)),
        "score": max(MIN_TEXT + 4, round(22 * s)),
        "callout": max(28, round(64 * s)),
        "banner": max(22, round(40 * s)),
        "button": max(MIN_TEXT + 4, round(24 * s)),
        "count": max(20, round(34 * s)),
        "compass": max(MIN_TEXT + 3, round(22 * s)),
    }
    # Panels grow to hold their lines at the smallest text size (on small windows the scale alone would not).
    line = 1.45  # a line's height over its font size, as the font draws it
    plate_h = max(round(58 * s), round((font["plate"] + font["score"]) * line * 0.92 + 6 * s))
    info_h = max(round(118 * s), round((font["title"] + font["body"] + 2 * font["small"]) * line + 14 * s))
    panel_w = min(left_col.width, right_col.width, round(330 * s))
    info = pygame.Rect(left_col.left, left_col.top, panel_w, info_h)
    plate3 = pygame.Rect(left_col.left, info.bottom + gap * 2, min(plate_w, panel_w), plate_h)
    plate0 = pygame.Rect(left_col.left, rack0.bottom - plate_h, min(plate_w, rack0.left - gap - margin), plate_h)
    if rack0.left - gap - margin < plate_w * 0.8:
        # A narrow window: the player's plate goes above the hand, at the left.
        plate0 = pygame.Rect(left_col.left, rack0.top - gap - plate_h, min(plate_w, panel_w), plate_h)
    waits_h = round(150 * s)
    waits_bottom = min(plate0.top, rack0.top) - gap
    waits = pygame.Rect(left_col.left, waits_bottom - waits_h, panel_w, waits_h)
    if waits.top < plate3.bottom + gap:
        waits.top = plate3.bottom + gap
        waits.height = max(0, waits_bottom - waits.top)
    chickens = pygame.Rect(right_col.right - panel_w, right_col.top, panel_w, round(262 * s))
    plate1 = pygame.Rect(
        right_col.right - min(plate_w, panel_w), chickens.bottom + gap * 2, min(plate_w, panel_w), plate_h
    )
    plate2 = pygame.Rect(0, rack2.top, min(plate_w, panel_w), plate_h)
    plate2.right = rack2.left - gap
    if plate2.left < info.right + gap:
        # No room beside the top rack: tuck the top seat's plate under the info panel.
        plate2.left = left_col.left
        plate2.top = info.bottom + gap
        plate3.top = plate2.bottom + gap
    button_h = round(52 * s)
    buttons = pygame.Rect(right_col.left, rack0.top - gap - button_h, right_col.width, button_h)
    zones.update(info=info, plate0=plate0, plate1=plate1, plate2=plate2, plate3=plate3, waits=waits, chickens=chickens)
    prompt_h = round(font["body"] * 1.5 + font["small"] * 1.5)
    prompt = pygame.Rect(right_col.left, buttons.top - gap - prompt_h, right_col.width, prompt_h)
    # Buttons and the prompt float over the table; they are not zones of the cached board.
    floating = {"buttons": buttons, "prompt": prompt}
    layout = Layout(size=(w, h), scale=s, tiles=tiles, zones={**zones, **floating}, font=font, gap=gap)
    return layout if not _overlaps(zones, (w, h)) else None


def _overlaps(zones: dict[str, pygame.Rect], size: tuple[int, int]) -> bool:
    screen = pygame.Rect(0, 0, *size)
    rects = list(zones.items())
    for i, (_name, rect) in enumerate(rects):
        if not screen.contains(rect):
            return True
        for _other, rect2 in rects[i + 1 :]:
            if rect.colliderect(rect2):
                return True
    return False


BOARD_ZONES: tuple[str, ...] = (
    "wall0",
    "wall1",
    "wall2",
    "wall3",
    "pond0",
    "pond1",
    "pond2",
    "pond3",
    "rack0",
    "rack1",
    "rack2",
    "rack3",
    "compass",
    "plate0",
    "plate1",
    "plate2",
    "plate3",
    "info",
    "waits",
    "chickens",
)


def bands(size: tuple[int, int], count: int = 2) -> list[pygame.Rect]:
    """A picture of `size` cut into `count` horizontal bands, top to bottom (to fill it a band per frame)."""
    w, h = size
    edges = [h * k // count for k in range(count + 1)]
    return [pygame.Rect(0, top, w, bottom - top) for top, bottom in itertools.pairwise(edges)]
