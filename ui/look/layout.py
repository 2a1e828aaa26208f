"""The table's layout, computed from the window size: tile sizes and the screen rectangle of every zone.

The table is drawn top-down with a slight tilt (2.5D): the player (seat 0) at the bottom, the
next seat in play order (下家) on the right, the seat across at the top, the seat before (上家)
on the left. Each seat has a rack (its hand and melds), a wall side and a pond; the compass sits
in the middle. Zones never overlap, so each can be redrawn alone (ui/table/board.py).

Sizes are designed at 1280x720 and scaled by `scale`; if a window is oddly shaped the scale
shrinks until everything fits. The player may ask for larger tiles (TILE_STEPS): their own hand and melds and
every pond grow a step, and the others' tiles and the wall give up room for them before the scale shrinks.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field, replace

import pygame

from game.core.ruleset import SEAT_PLACES, Ruleset
from ui.look.text import MIN_TEXT
from ui.look.tile_art import MIN_WIDTH, TileArt, get_tile_art

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)
REFERENCE = (1280, 720)

POND_COLUMNS = 6  # discards lie in rows of six (RULES: a real table's habit)
POND_ROWS = 4  # rows the pond zone is sized for; a fifth row squeezes in
WALL_STACKS = 14  # the longest side at four (docs/rules.md §12.11: 14, 13, 14, 13); a ruleset may ask for more
HAND_SLOTS = 14


@dataclass(frozen=True)
class TileStep:
    """How much larger than at "normal" the tiles of one tile size step are drawn."""

    hand: float  # the player's own hand
    meld: float  # the player's melds
    pond: float  # every pond, and so the compass they lie round
    least_others: float  # the least the others' tiles and the wall may shrink to, to make room


# The tile size steps (ui/settings/values.py TILE_SIZES). The ponds grow less than the hand: a pond tile larger
# makes the ring of ponds, compass and walls larger both ways.
TILE_STEPS: dict[str, TileStep] = {
    "normal": TileStep(1.0, 1.0, 1.0, 1.0),
    "large": TileStep(1.18, 1.1, 1.1, 0.7),
    "largest": TileStep(1.36, 1.2, 1.2, 0.55),
}
FACTOR_STEP = 0.04  # how much of their size tiles give up at a time while the layout looks for room


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
    tile_step: str = "normal"  # the tile size step asked for (TILE_STEPS)
    # The places where someone sits (0 the bottom, 1 the right, 2 the top, 3 the left): at three players the top is
    # empty, at two the sides (docs/rules.md §15.2); the zones of an empty place stay where they are, unused.
    places: tuple[int, ...] = (0, 1, 2, 3)

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


def compute_layout(
    size: tuple[int, int],
    wall_side: int = WALL_STACKS,
    places: tuple[int, ...] = (0, 1, 2, 3),
    tiles: str = "normal",
) -> Layout:
    """The layout for a window of `size` px, its wall sides `wall_side` stacks long at most, someone sitting at
    `places`, the tiles at size step `tiles` (TILE_STEPS); smaller than MIN_SIZE is laid out as MIN_SIZE."""
    w = max(MIN_SIZE[0], int(size[0]))
    h = max(MIN_SIZE[1], int(size[1]))
    step = tiles if tiles in TILE_STEPS else "normal"
    layout = _fitted((w, h), wall_side, step)
    return replace(layout, places=places, tile_step=step)


@functools.lru_cache(maxsize=64)
def _fitted(size: tuple[int, int], wall_side: int, step_name: str) -> Layout:
    """The largest layout that fits at tile size step `step_name`: its hand larger than the step below's and its
    ponds no smaller (kept: some screens ask for their layout every frame)."""
    names = list(TILE_STEPS)
    k = names.index(step_name)
    step = TILE_STEPS[step_name]
    below = _fitted(size, wall_side, names[k - 1]) if k > 0 else None
    lower = TILE_STEPS[names[k - 1]] if k > 0 else step
    scale = min(size[0] / REFERENCE[0], size[1] / REFERENCE[1])
    while scale >= 0.3:
        # Room is found first in the others' tiles and the wall, then in the ponds' growth, then in half the
        # hand's; only then does everything shrink.
        for hand in _between(step.hand, (step.hand + lower.hand) / 2):
            for pond in _between(step.pond, lower.pond):
                for others in _between(1.0, step.least_others):
                    tiles = _tile_sizes(scale, replace(step, hand=hand, pond=pond), others)
                    if below is not None and (tiles.hand <= below.tiles.hand or tiles.pond < below.tiles.pond):
                        continue
                    layout = _try_layout(size, scale, wall_side, tiles)
                    if layout is not None:
                        return layout
        scale *= 0.95
    raise AssertionError(f"no layout fits {size[0]}x{size[1]} at tile size {step_name}")


def _between(high: float, low: float) -> list[float]:
    """Factors from `high` down to `low`, FACTOR_STEP apart (`high` alone when it is not above `low`)."""
    out = [high]
    while out[-1] - FACTOR_STEP > low + 1e-9:
        out.append(out[-1] - FACTOR_STEP)
    if low < high:
        out.append(low)
    return out


def table_layout(size: tuple[int, int], rules: Ruleset, tiles: str = "normal") -> Layout:
    """The table's layout for a window of `size` px under `rules`, the tiles at size step `tiles`: its wall sides
    as long as the ruleset builds them (18 stacks at three or two players, docs/rules.md §15.2)."""
    return compute_layout(size, max(rules.table.wall_stacks), SEAT_PLACES[rules.players], tiles)


# Text sizes by use: (size at 1280x720, the least it may be). Never below MIN_TEXT: small windows get
# tighter panels, not text too small to read.
FONT_SIZES: dict[str, tuple[int, int]] = {
    "small": (14, MIN_TEXT),
    "body": (17, MIN_TEXT + 2),
    "title": (22, MIN_TEXT + 4),
    "plate": (18, MIN_TEXT + 2),
    "score": (22, MIN_TEXT + 4),
    "callout": (64, 28),
    "banner": (40, 22),
    "button": (24, MIN_TEXT + 4),
    "count": (34, 20),
    "compass": (22, MIN_TEXT + 3),
}
LINE = 1.45  # a line's height over its font size, as the font draws it


@dataclass
class _Draft:
    """A layout being made: the window, the scale, the tile sizes, the spacing, and the zones placed so far."""

    size: tuple[int, int]
    s: float
    tiles: TileSizes
    margin: int
    gap: int
    wall_side: int  # stacks on the longest wall side
    zones: dict[str, pygame.Rect] = field(default_factory=dict)

    def art(self, use: str) -> TileArt:
        return get_tile_art(getattr(self.tiles, use))


@dataclass(frozen=True)
class _Ponds:
    """The compass (not yet placed) and the pond zones around it, pinwheel fashion."""

    compass: pygame.Rect
    width: int  # of a pond beside the compass
    height: int  # of a pond above or below it
    gap: int  # between the compass and a pond


@dataclass(frozen=True)
class _Racks:
    """The racks' thickness: the player's row at the bottom, the others' backs and edges."""

    bottom_h: int
    top_h: int
    side_w: int
    row_w: int  # the player's row: a full hand, the drawn tile and room for the melds


def _tile_sizes(s: float, step: TileStep = TILE_STEPS["normal"], others: float = 1.0) -> TileSizes:
    return TileSizes(
        hand=_w(48 * s * step.hand),
        meld=_w(34 * s * step.meld),
        other=_w(27 * s * others),
        side=_w(33 * s * others),
        other_meld=_w(25 * s * (1 + others) / 2),  # the others' melds are read: they give up half as much
        pond=_w(29 * s * step.pond),
        wall=_w(27 * s * others),
    )


def _ponds(pond: TileArt) -> _Ponds:
    """Each pond is as long as the compass side it lies along, so no two ponds share a corner; a pond holds its
    tiles plus a margin of `pad` for the shadows all round."""
    a02, r02 = pond_steps(pond, 0)
    a13, r13 = pond_steps(pond, 1)
    compass = pygame.Rect(0, 0, POND_COLUMNS * a02, POND_COLUMNS * a13)
    height = POND_ROWS * r02 + pond.depth + 2 * pond.pad
    width = POND_ROWS * r13 + 2 * pond.pad
    return _Ponds(compass, width, height, pond.pad * 2 + pond.depth)


def _ring_size(d: _Draft, ponds: _Ponds) -> tuple[int, int]:
    """The wall ring outside the ponds: long enough for the longest wall side, wide enough round the ponds."""
    wall = d.art("wall")
    inner_w = ponds.compass.width + 2 * (ponds.gap + ponds.width)
    inner_h = ponds.compass.height + 2 * (ponds.gap + ponds.height)
    wgap = max(wall.pad * 2, d.gap)
    a_h, t_h = wall_steps(wall, 0)
    a_v, t_v = wall_steps(wall, 1)
    ring_w = max(inner_w + 2 * (wgap + t_v + wall.pad), d.wall_side * a_h + 2 * wall.pad)
    ring_h = max(inner_h + 2 * (wgap + t_h + wall.pad), d.wall_side * a_v + 2 * (t_h + wall.pad))
    return ring_w, ring_h


def _racks(d: _Draft) -> _Racks:
    hand, meld, other = d.art("hand"), d.art("meld"), d.art("other")
    other_meld, side = d.art("other_meld"), d.art("side")
    bottom_h = hand.body_size[1] + hand.lift + 2 * hand.pad
    top_h = max(other.body_size[1], other_meld.lying_body_size(0)[1]) + 2 * other.pad
    edge_w, _edge_h = side.edge_body_size
    side_w = max(edge_w, other_meld.lying_body_size(90)[0]) + 2 * max(side.pad, other_meld.pad)
    row_w = round((HAND_SLOTS + 0.5) * hand.width + 2 * d.gap + 2 * meld.width) + 2 * hand.pad
    return _Racks(bottom_h, top_h, side_w, row_w)


def _plate_w(s: float) -> int:
    return round(200 * s)


def _plate_h(s: float, font: dict[str, int]) -> int:
    """A name plate's height: two lines of a long name (ui/table/seat_words.py) over the row of the wind's disc and
    the score."""
    two = max(MIN_TEXT, round(font["plate"] * 0.85))
    row = max(round(font["plate"] * 1.25) * LINE + 4, font["score"] * LINE)
    return round(2 * two * LINE + row + 12 * s)


def _spare_height(d: _Draft, ring: tuple[int, int], racks: _Racks) -> int | None:
    """Height left over once the rows are stacked, or None when the table does not fit the window."""
    w, h = d.size
    need_h = d.margin + racks.top_h + d.gap + ring[1] + d.gap + racks.bottom_h + d.margin
    if need_h > h:
        return None
    side_w = max(_plate_w(d.s), round(max(230 * d.s, 190)))
    need_w = 2 * (d.margin + side_w + d.gap + racks.side_w + d.gap) + ring[0]
    if need_w > w or racks.row_w + 2 * d.margin > w:
        return None
    return h - need_h


def _place_rows(
    d: _Draft, ring_size: tuple[int, int], racks: _Racks, spare: int
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The ring, the bottom rack and the top rack; spare height is spread evenly between the rows so the table
    breathes on tall windows."""
    w, h = d.size
    spare //= 4
    _a_v, t_v = wall_steps(d.art("wall"), 1)
    rack2 = pygame.Rect(0, d.margin + spare // 2, ring_size[0] - 2 * t_v, racks.top_h)
    rack2.centerx = w // 2
    rack0 = pygame.Rect(0, h - d.margin - racks.bottom_h - spare // 2, racks.row_w, racks.bottom_h)
    rack0.centerx = w // 2
    ring = pygame.Rect(0, 0, *ring_size)
    ring.center = (w // 2, (rack2.bottom + rack0.top) // 2)
    return ring, rack0, rack2


def _place_ponds(d: _Draft, ring: pygame.Rect, ponds: _Ponds) -> None:
    pad = d.art("pond").pad
    depth = d.art("pond").depth
    compass = ponds.compass.copy()
    compass.center = ring.center
    d.zones["compass"] = compass.inflate(-2 * pad, -2 * pad)
    across_w = compass.width + 2 * pad  # the ponds above and below the compass
    side_h = compass.height + depth + 2 * pad  # the ponds beside it
    d.zones["pond0"] = pygame.Rect(compass.left - pad, compass.bottom + ponds.gap, across_w, ponds.height)
    d.zones["pond2"] = pygame.Rect(compass.left - pad, compass.top - ponds.gap - ponds.height, across_w, ponds.height)
    d.zones["pond1"] = pygame.Rect(compass.right + ponds.gap, compass.top - pad, ponds.width, side_h)
    d.zones["pond3"] = pygame.Rect(compass.left - ponds.gap - ponds.width, compass.top - pad, ponds.width, side_h)


def _place_walls(d: _Draft, ring: pygame.Rect) -> bool:
    """The four wall sides along the ring; False when the side walls do not fit between the top and bottom."""
    wall = d.art("wall")
    a_h, t_h = wall_steps(wall, 0)
    a_v, t_v = wall_steps(wall, 1)
    len_h = d.wall_side * a_h + 2 * wall.pad
    len_v = d.wall_side * a_v + wall.depth + t_h + 2 * wall.pad
    th_h = t_h + 2 * wall.pad
    th_v = t_v + 2 * wall.pad
    wall0 = pygame.Rect(0, ring.bottom - th_h, len_h, th_h)
    wall2 = pygame.Rect(0, ring.top, len_h, th_h)
    wall0.centerx = wall2.centerx = ring.centerx
    wall1 = pygame.Rect(ring.right - th_v, 0, th_v, len_v)
    wall3 = pygame.Rect(ring.left, 0, th_v, len_v)
    wall1.centery = wall3.centery = ring.centery
    if wall1.top < wall2.bottom or wall1.bottom > wall0.top:
        return False
    d.zones.update(wall0=wall0, wall1=wall1, wall2=wall2, wall3=wall3)
    return True


def _place_racks(d: _Draft, ring: pygame.Rect, racks: _Racks, rack0: pygame.Rect, rack2: pygame.Rect) -> None:
    """The four racks, the side ones beside the ring."""
    rack_len = min(ring.height, d.size[1] - 2 * d.margin)
    rack3 = pygame.Rect(ring.left - d.gap - racks.side_w, 0, racks.side_w, rack_len)
    rack1 = pygame.Rect(ring.right + d.gap, 0, racks.side_w, rack_len)
    rack3.centery = rack1.centery = ring.centery
    d.zones.update(rack0=rack0, rack1=rack1, rack2=rack2, rack3=rack3)


def _fonts(s: float) -> dict[str, int]:
    return {use: max(least, round(size * s)) for use, (size, least) in FONT_SIZES.items()}


def _columns(d: _Draft) -> tuple[pygame.Rect, pygame.Rect]:
    """The side columns outside the side racks, where the panels and name plates go."""
    w, h = d.size
    rack1, rack3 = d.zones["rack1"], d.zones["rack3"]
    left = pygame.Rect(d.margin, d.margin, rack3.left - d.gap - d.margin, h - 2 * d.margin)
    right = pygame.Rect(rack1.right + d.gap, d.margin, w - d.margin - rack1.right - d.gap, h - 2 * d.margin)
    return left, right


def _panels(d: _Draft, font: dict[str, int]) -> dict[str, pygame.Rect]:
    """The info, waits and chickens panels and the four name plates; panels grow to hold their lines at the
    smallest text size (on small windows the scale alone would not)."""
    s, gap, margin = d.s, d.gap, d.margin
    left_col, right_col = _columns(d)
    rack0, rack2 = d.zones["rack0"], d.zones["rack2"]
    plate_w = _plate_w(s)
    plate_h = _plate_h(s, font)
    # Room for three lines of key hints: the practice table's keys take three at every size, and the
    # narrowest panels need three for the others' keys in English.
    info_h = max(round(118 * s), round((font["title"] + font["body"] + 3 * font["small"]) * LINE + 14 * s))
    panel_w = min(left_col.width, right_col.width, round(330 * s))
    narrow = min(plate_w, panel_w)
    info = pygame.Rect(left_col.left, left_col.top, panel_w, info_h)
    plate3 = pygame.Rect(left_col.left, info.bottom + gap * 2, narrow, plate_h)
    plate0 = pygame.Rect(left_col.left, rack0.bottom - plate_h, min(plate_w, rack0.left - gap - margin), plate_h)
    if rack0.left - gap - margin < plate_w * 0.8:
        # A narrow window: the player's plate goes above the hand, at the left.
        plate0 = pygame.Rect(left_col.left, rack0.top - gap - plate_h, narrow, plate_h)
    plate2 = pygame.Rect(0, rack2.top, narrow, plate_h)
    plate2.right = rack2.left - gap
    if plate2.left < info.right + gap:
        # No room beside the top rack: tuck the top seat's plate under the info panel.
        plate2.left = left_col.left
        plate2.top = info.bottom + gap
        plate3.top = plate2.bottom + gap
    # The waits take what is left between the left seat's plate and the player's row (after the plates are put).
    waits_bottom = min(plate0.top, rack0.top) - gap
    waits = pygame.Rect(left_col.left, waits_bottom - round(150 * s), panel_w, round(150 * s))
    if waits.top < plate3.bottom + gap:
        waits.top = plate3.bottom + gap
        waits.height = max(0, waits_bottom - waits.top)
    chickens = pygame.Rect(right_col.right - panel_w, right_col.top, panel_w, round(262 * s))
    plate1 = pygame.Rect(right_col.right - narrow, chickens.bottom + gap * 2, narrow, plate_h)
    return dict(info=info, plate0=plate0, plate1=plate1, plate2=plate2, plate3=plate3, waits=waits, chickens=chickens)


def _floating(d: _Draft, font: dict[str, int]) -> dict[str, pygame.Rect]:
    """The buttons and the prompt over them: they float over the table and are not zones of the cached board."""
    _left, right_col = _columns(d)
    button_h = round(52 * d.s)
    buttons = pygame.Rect(right_col.left, d.zones["rack0"].top - d.gap - button_h, right_col.width, button_h)
    prompt_h = round(font["body"] * 1.5 + font["small"] * 1.5)
    prompt = pygame.Rect(right_col.left, buttons.top - d.gap - prompt_h, right_col.width, prompt_h)
    return {"buttons": buttons, "prompt": prompt}


def _try_layout(size: tuple[int, int], s: float, wall_side: int, tiles: TileSizes) -> Layout | None:
    """The layout at scale `s` with `tiles`, or None when the table does not fit the window so."""
    d = _Draft(size, s, tiles, margin=max(6, round(10 * s)), gap=max(4, round(8 * s)), wall_side=wall_side)
    ponds = _ponds(d.art("pond"))
    ring_size = _ring_size(d, ponds)
    racks = _racks(d)
    spare = _spare_height(d, ring_size, racks)
    if spare is None:
        return None
    ring, rack0, rack2 = _place_rows(d, ring_size, racks, spare)
    _place_ponds(d, ring, ponds)
    if not _place_walls(d, ring):
        return None
    _place_racks(d, ring, racks, rack0, rack2)
    font = _fonts(s)
    zones = {**d.zones, **_panels(d, font)}
    floating = _floating(d, font)
    layout = Layout(size=size, scale=s, tiles=d.tiles, zones={**zones, **floating}, font=font, gap=d.gap)
    return layout if not _overlaps(zones, size) else None


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
