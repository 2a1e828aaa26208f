"""Tile pictures drawn by code: faces, backs, tiles lying in ponds and walls, and highlight looks.

Every picture is drawn SUPERSAMPLE times larger and smoothscaled down, so tiles stay crisp from
28 to 96 px wide, and cached per (kind, tile, turn, look). Each surface has a margin of `pad`
px around the tile for its shadow and glow: blit it at (x - art.pad, y - art.pad) to put the
tile's top-left corner at (x, y); `blit_pos` does that sum.

The player's chosen look (ui/look/chosen.py) picks the faces, the classic painted ones or plain ones
(ui/look/art/plain.py), and in high contrast gives the tiles black, thicker edges.

Preview: `python -m ui.look.tile_preview OUT.png` (ui/look/tile_preview.py) writes a sheet of every tile.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any, Literal

import pygame

from game.core.tiles import NUM_KINDS, Tile, rank_of, suit_of
from ui.look import palette as pal
from ui.look.art.badge import chicken_badge_surface
from ui.look.art.canvas import FACE_UNITS_W, Canvas
from ui.look.art.man import draw_man, warm_man
from ui.look.art.pin import draw_pin
from ui.look.art.plain import draw_plain, warm_plain
from ui.look.art.shapes import clip_to, diagonal_gradient, glow, mix, new_surface, rounded_mask, silhouette, tinted
from ui.look.art.sou import draw_sou
from ui.look.chosen import FACES, chosen
from ui.look.surface_cache import SurfaceCache, size_bound

SUPERSAMPLE = 4
MIN_WIDTH = 16
MAX_WIDTH = 256
FACE_RATIO = 1.32  # face height / width: real tiles are about 3:4
LYING_SQUASH = 0.78  # a tile lying on the table is seen at a slant, so its face looks shorter
TURNS = (0, 90, 180, 270)

Side = Literal["left", "right"]


class Look(enum.Flag):
    """How a tile is highlighted; looks combine, e.g. Look.CHICKEN | Look.SELECTED."""

    NORMAL = 0
    SELECTED = enum.auto()  # lifted by the table (see TileArt.lift) and lit
    CLAIMABLE = enum.auto()  # a discard this seat may claim
    CHICKEN = enum.auto()  # scores as a chicken (鸡): gold glow and a chicken badge
    WINNING = enum.auto()  # the winning tile
    DIMMED = enum.auto()  # not playable now


class TileArt:
    """All the tile pictures for one tile width in px, with `face` faces (FACES) and, in `high_contrast`, black and
    thicker edges; use get_tile_art(width) to share them."""

    def __init__(self, width: int, face: str = "classic", high_contrast: bool = False) -> None:
        if not isinstance(width, int) or isinstance(width, bool) or not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(
                f"tile width must be a whole number of pixels from {MIN_WIDTH} to {MAX_WIDTH}, got {width!r}"
            )
        if face not in FACES:
            raise ValueError(f"tile face must be one of {FACES}, got {face!r}")
        self.width = width
        self.face_style = face
        self.high_contrast = high_contrast
        self.face_height = round(width * FACE_RATIO)
        self.depth = max(2, round(width * 0.16))  # the visible thickness band under the face
        self.pad = max(3, round(width * 0.14))  # margin for the shadow and glows
        self.radius = max(2, round(width * 0.12))
        self.lift = max(3, round(width * 0.22))  # how far the table raises a selected tile
        self._bodies: dict[tuple[str, int, int], pygame.Surface] = {}
        self._plates: dict[tuple[str, int, int], pygame.Surface] = {}  # drawn ahead, until their body is
        self._layers: OrderedDict[Hashable, Any] = OrderedDict()  # the last few tiles' shadows and glows
        self._cache = SurfaceCache()

    # Sizes -----------------------------------------------------------------------------------

    @property
    def body_size(self) -> tuple[int, int]:
        """The upright tile itself (face plus thickness band), without the margin."""
        return (self.width, self.face_height + self.depth)

    @property
    def size(self) -> tuple[int, int]:
        """The size of face() and back() surfaces, margin included."""
        w, h = self.body_size
        return (w + 2 * self.pad, h + 2 * self.pad)

    def lying_body_size(self, turn: int = 0) -> tuple[int, int]:
        """A tile lying face up or down, seen at a slant; turned 90/270 it lies across."""
        _check_turn(turn)
        if turn in (0, 180):
            return (self.width, round(self.face_height * LYING_SQUASH) + self.depth)
        return (self.face_height, round(self.width * LYING_SQUASH) + self.depth)

    def lying_size(self, turn: int = 0) -> tuple[int, int]:
        """The size of lying() and lying_back() surfaces for `turn`, margin included."""
        w, h = self.lying_body_size(turn)
        return (w + 2 * self.pad, h + 2 * self.pad)

    @property
    def edge_body_size(self) -> tuple[int, int]:
        """A standing tile seen edge-on (the hands of the seats at the sides)."""
        return (max(4, round(self.width * 0.5)), round(self.width * 0.96) + self.depth)

    @property
    def edge_size(self) -> tuple[int, int]:
        """The size of edge() surfaces, margin included."""
        w, h = self.edge_body_size
        return (w + 2 * self.pad, h + 2 * self.pad)

    def blit_pos(self, x: int, y: int) -> tuple[int, int]:
        """Where to blit a surface so the tile's own top-left corner lands on (x, y)."""
        return (x - self.pad, y - self.pad)

    # Pictures --------------------------------------------------------------------------------

    def face(self, tile: Tile, look: Look = Look.NORMAL) -> pygame.Surface:
        """The tile standing face toward the viewer (the player's hand), with the chosen look."""
        _check_tile(tile)
        _check_look(look)
        return self._cache.get(("face", tile, 0, look.value), lambda: self._finish(("face", tile, 0), look))

    def back(self, look: Look = Look.NORMAL) -> pygame.Surface:
        """The tile's coloured back, upright (an opponent's hand seen from across the table)."""
        _check_look(look)
        return self._cache.get(("back", -1, 0, look.value), lambda: self._finish(("back", -1, 0), look))

    def lying(self, tile: Tile, turn: int = 0, look: Look = Look.NORMAL) -> pygame.Surface:
        """The tile lying face up (ponds, melds); `turn` degrees counter-clockwise: 0 reads for the
        bottom seat, 90 for the right seat, 180 for the top seat, 270 for the left seat."""
        _check_tile(tile)
        _check_turn(turn)
        _check_look(look)
        key = ("lying", tile, turn, look.value)
        return self._cache.get(key, lambda: self._finish(("lying", tile, turn), look))

    def lying_back(self, turn: int = 0, look: Look = Look.NORMAL) -> pygame.Surface:
        """The tile lying face down (the wall, a concealed kong); `turn` as in lying()."""
        _check_turn(turn)
        _check_look(look)
        key = ("lying_back", -1, turn, look.value)
        return self._cache.get(key, lambda: self._finish(("lying_back", -1, turn), look))

    def edge(self, side: Side = "left") -> pygame.Surface:
        """A standing tile seen edge-on, for the hand of the seat on the `side` of the screen."""
        if side not in ("left", "right"):
            raise ValueError(f"edge side must be 'left' or 'right', got {side!r}")
        code = 0 if side == "left" else 1
        return self._cache.get(("edge", -1, code, 0), lambda: self._finish(("edge", -1, code), Look.NORMAL))

    def chicken_badge(self) -> pygame.Surface:
        """The chicken mark on its own, sized for this tile width (for labels and the score sheet)."""
        return self._cache.get(("badge", -1, 0, 0), lambda: chicken_badge_surface(self._badge_diameter()))

    def prepare_lettering(self) -> None:
        """Open the character tiles' font at this size ahead of their plates (the first one costs the most); with
        plain faces, the numerals' font and glyphs."""
        if self.face_style == "plain":
            warm_plain()
        else:
            warm_man(self.width * SUPERSAMPLE / FACE_UNITS_W)

    def prepare_plate(self, kind: str, tile: int = -1, turn: int = 0) -> None:
        """Draw ahead the picture on the tile that face(), back(), lying() or lying_back() (`kind`) will show:
        the first of three parts (plate, body, look) that spread a tile's drawing over frames."""
        key = (kind, tile, turn)
        if key not in self._bodies and key not in self._plates:
            self._plates[key] = self._plate(kind, tile, turn)

    def prepare_body(self, kind: str, tile: int = -1, turn: int = 0) -> None:
        """Draw ahead the tile itself (without margin or look) for `kind`: the second part."""
        self._body(kind, tile, turn)

    def parts(self, kind: str, tile: int = -1, turn: int = 0, look: Look = Look.NORMAL) -> list[Callable[[], object]]:
        """The drawing of one picture of `kind` (face, back, lying, lying_back) as calls to make one at a time, in
        frames of their own: its plate, its body, its shadow, each glow of `look`, then the finished picture."""
        finish: Callable[[], object]
        if kind == "face":
            finish = partial(self.face, tile, look)
        elif kind == "back":
            finish = partial(self.back, look)
        elif kind == "lying":
            finish = partial(self.lying, tile, turn, look)
        elif kind == "lying_back":
            finish = partial(self.lying_back, turn, look)
        else:
            raise ValueError(f"tile picture kind must be face, back, lying or lying_back, got {kind!r}")
        # The character tiles' lettering first: the first of them at a size opens the font there.
        lettered = tile < 9 or self.face_style == "plain"
        parts: list[Callable[[], object]] = [self.prepare_lettering] if kind in ("face", "lying") and lettered else []
        halos = [partial(self.prepare_halo, kind, tile, turn, flag) for flag, _c, _a in HALOS if look & flag]
        return [
            *parts,
            partial(self.prepare_plate, kind, tile, turn),
            partial(self.prepare_body, kind, tile, turn),
            partial(self.prepare_base, kind, tile, turn),
            *halos,
            finish,
        ]

    def prewarm(self, turns: Sequence[int] = TURNS) -> int:
        """Draw every plain face, back and lying tile now (behind a loading screen); returns how many."""
        count = 0
        for t in range(NUM_KINDS):
            self.face(t)
            count += 1
            for turn in turns:
                self.lying(t, turn)
                count += 1
        self.back()
        count += 1
        for turn in turns:
            self.lying_back(turn)
            count += 1
        self.edge("left")
        self.edge("right")
        count += 2
        return count

    # Drawing ---------------------------------------------------------------------------------

    def _badge_diameter(self) -> int:
        return max(9, round(self.width * 0.4))

    def _body(self, kind: str, tile: int, turn: int) -> pygame.Surface:
        """The tile without margin or look, drawn large and smoothscaled to its shown size."""
        key = (kind, tile, turn)
        body = self._bodies.get(key)
        if body is None:
            body = self._draw_body(kind, tile, turn)
            self._bodies[key] = body
        return body

    def _draw_body(self, kind: str, tile: int, turn: int) -> pygame.Surface:
        S = SUPERSAMPLE
        if kind == "edge":
            return _scale_down(self._draw_edge(turn == 0), self.edge_body_size)
        bw, bh = self.body_size if kind in ("face", "back") else self.lying_body_size(turn)
        plate = self._plates.pop((kind, tile, turn), None) or self._plate(kind, tile, turn)
        big = self._draw_block((bw * S, bh * S), plate, kind in ("face", "lying"))
        return _scale_down(big, (bw, bh))

    def _plate(self, kind: str, tile: int, turn: int) -> pygame.Surface:
        """The face's picture or the back, turned and fitted to the body of `kind`, SUPERSAMPLE times larger."""
        S = SUPERSAMPLE
        bw, bh = self.body_size if kind in ("face", "back") else self.lying_body_size(turn)
        plate_h = bh - self.depth
        plate = self._draw_plate(tile) if kind in ("face", "lying") else self._draw_back_plate()
        if turn:
            plate = pygame.transform.rotate(plate, turn)
        if plate.get_size() != (bw * S, plate_h * S):
            plate = pygame.transform.smoothscale(plate, (bw * S, plate_h * S))
        return plate

    def _draw_plate(self, tile: int) -> pygame.Surface:
        """The ivory face with its picture, upright, at full face size times SUPERSAMPLE."""
        S = SUPERSAMPLE
        w, h = self.width * S, self.face_height * S
        plate = diagonal_gradient((w, h), pal.IVORY_LIGHT, mix(pal.IVORY, pal.IVORY_SHADE, 0.35))
        canvas = Canvas(plate, u=w / FACE_UNITS_W, shown_u=self.width / FACE_UNITS_W)
        suit, rank = suit_of(tile), rank_of(tile)
        if self.face_style == "plain":
            draw_plain(canvas, suit, rank)
        elif suit == 0:
            draw_man(canvas, rank)
        elif suit == 1:
            draw_pin(canvas, rank)
        else:
            draw_sou(canvas, rank)
        return plate

    def _draw_back_plate(self) -> pygame.Surface:
        """The coloured back, upright, at full face size times SUPERSAMPLE."""
        S = SUPERSAMPLE
        w, h = self.width * S, self.face_height * S
        plate = diagonal_gradient((w, h), pal.TILE_BACK_LIGHT, pal.TILE_BACK)
        # A faint inset border, like the moulded rim on real tile backs.
        inset = pygame.Rect(0, 0, w, h).inflate(-round(w * 0.16), -round(w * 0.16))
        pygame.draw.rect(
            plate,
            mix(pal.TILE_BACK, pal.TILE_BACK_LIGHT, 0.55),
            inset,
            width=max(1, round(w * 0.025)),
            border_radius=round(self.radius * S * 0.8),
        )
        return plate

    def _outline(self) -> tuple[pal.RGB, int]:
        """The tile's edge: its colour and its thickness in supersampled px (black and thicker in high contrast)."""
        if self.high_contrast:
            return pal.CONTRAST_TILE_OUTLINE, max(2 * SUPERSAMPLE, round(2.4 * SUPERSAMPLE * self.width / 48))
        return pal.TILE_OUTLINE, max(2, round(SUPERSAMPLE * self.width / 48))

    def _draw_block(self, size: tuple[int, int], plate: pygame.Surface, face_up: bool) -> pygame.Surface:
        """Stack the layers: outline, the back layer, the ivory layer, then the plate on top."""
        S = SUPERSAMPLE
        bw, bh = size
        r = self.radius * S
        edge, outline = self._outline()
        depth = self.depth * S
        plate_h = plate.get_height()
        block = new_surface(size, edge)
        body = pygame.Rect(0, 0, bw, bh)
        pygame.draw.rect(block, edge, body, border_radius=r)
        inner = body.inflate(-2 * outline, -2 * outline)
        # The thickness band: face-up tiles show ivory over the green back layer, face-down the reverse.
        top_layer, bottom_layer = (pal.IVORY_SHADE, pal.TILE_BACK) if face_up else (pal.TILE_BACK_DARK, pal.IVORY_SHADE)
        pygame.draw.rect(block, bottom_layer, inner, border_radius=r - outline)
        split = plate_h + round(depth * (0.58 if face_up else 0.42))
        top_rect = pygame.Rect(inner.x, inner.y, inner.width, split - inner.y)
        pygame.draw.rect(block, top_layer, top_rect, border_radius=r - outline)
        # A darker line where the face meets the side, and a soft highlight along the band.
        crease = max(1, outline // 2)
        edge_dark = mix(top_layer, (0, 0, 0), 0.25)
        pygame.draw.rect(block, edge_dark, pygame.Rect(inner.x, plate_h - crease, inner.width, 2 * crease))
        band_light = mix(top_layer, (255, 255, 255), 0.25)
        pygame.draw.rect(
            block, band_light, pygame.Rect(inner.x + r // 2, plate_h + crease, inner.width - r, max(1, crease))
        )
        # The plate, clipped to rounded corners.
        plate = clip_to(plate.copy(), rounded_mask(plate.get_size(), r))
        face_rect = pygame.Rect(inner.x, inner.y, inner.width, plate_h - inner.y - crease)
        plate = pygame.transform.smoothscale(plate, face_rect.size) if plate.get_size() != face_rect.size else plate
        block.blit(plate, face_rect.topleft)
        # A bright rim along the top and left of the face where light catches the bevel.
        hl = max(1, outline // 2)
        pygame.draw.line(
            block,
            (255, 255, 255, 150),
            (face_rect.x + r, face_rect.y + hl),
            (face_rect.right - r, face_rect.y + hl),
            hl,
        )
        return block

    def _draw_edge(self, left: bool) -> pygame.Surface:
        """A standing tile seen from its end: back layer on the outside, ivory on the inside, top lit."""
        S = SUPERSAMPLE
        bw, bh = (v * S for v in self.edge_body_size)
        r = max(2, self.radius * S // 2)
        edge, outline = self._outline()
        block = new_surface((bw, bh), edge)
        body = pygame.Rect(0, 0, bw, bh)
        pygame.draw.rect(block, edge, body, border_radius=r)
        inner = body.inflate(-2 * outline, -2 * outline)
        split = round(inner.width * 0.42)
        green = pygame.Rect(inner.x, inner.y, split, inner.height)
        ivory = pygame.Rect(inner.x + split, inner.y, inner.width - split, inner.height)
        if not left:
            green.x, ivory.x = inner.right - split, inner.x
        pygame.draw.rect(block, pal.TILE_BACK, green, border_radius=r)
        pygame.draw.rect(block, pal.IVORY_SHADE, ivory, border_radius=r)
        # The near end, in shadow: the bottom band.
        end = pygame.Rect(inner.x, inner.bottom - self.depth * S, inner.width, self.depth * S)
        shade_layer = new_surface(end.size)
        shade_layer.fill((0, 0, 0, 60))
        block.blit(shade_layer, end.topleft)
        top = pygame.Rect(ivory.x, inner.y, ivory.width, end.y - inner.y)
        light = new_surface(top.size)
        light.fill((255, 255, 255, 70))
        block.blit(light, top.topleft)
        return block

    def _finish(self, key: BodyKey, look: Look) -> pygame.Surface:
        """Add margin, shadow, glows, tints and the chicken badge to the tile drawn for `key`."""
        body = self._body(*key)
        pad = self.pad
        bw, bh = body.get_size()
        sil, base = self._base(key)
        out = base.copy()
        for flag, _colour, _strength in HALOS:
            if look & flag:
                halo = self._halo(key, flag)
                out.blit(halo, (0, 0))
                out.blit(halo, (0, 0))
        shown = body
        if look & (Look.SELECTED | Look.WINNING):
            shown = body.copy()
            if look & Look.SELECTED:
                shown.fill((14, 14, 6), special_flags=pygame.BLEND_RGB_ADD)
            if look & Look.WINNING:
                shown.blit(tinted(silhouette(body), (255, 150, 90, 50)), (0, 0))
        out.blit(shown, (pad, pad))
        ring = max(1, round(self.width / 30))
        for flag, colour in (
            (Look.CLAIMABLE, pal.CLAIMABLE_GLOW),
            (Look.WINNING, pal.WINNING_GLOW),
            (Look.CHICKEN, pal.CHICKEN_GOLD),
            (Look.SELECTED, pal.SELECTED_GLOW),
        ):
            if look & flag:
                rect = pygame.Rect(pad, pad, bw, bh).inflate(2 * ring, 2 * ring)
                pygame.draw.rect(out, colour, rect, width=ring, border_radius=self.radius + ring)
                break
        if look & Look.DIMMED:
            out.blit(tinted(sil, pal.DIM_OVERLAY), (0, 0))
        if look & Look.CHICKEN:
            badge = chicken_badge_surface(self._badge_diameter())
            d = badge.get_width()
            out.blit(badge, (pad + bw - d + d // 4, max(0, pad - d // 4)))
        return out

    def prepare_base(self, kind: str, tile: int = -1, turn: int = 0) -> None:
        """Draw ahead the tile on its margin with its shadow, which every look of it starts from."""
        self._base((kind, tile, turn))

    def prepare_halo(self, kind: str, tile: int, turn: int, flag: Look) -> None:
        """Draw ahead the glow of look `flag` around the tile."""
        self._halo((kind, tile, turn), flag)

    def _base(self, key: BodyKey) -> tuple[pygame.Surface, pygame.Surface]:
        """The tile's silhouette and the tile's shadow on its margin (kept for the looks of the tile drawn next)."""
        found = self._layers.get(key)
        if found is None:
            body = self._body(*key)
            pad = self.pad
            bw, bh = body.get_size()
            out = new_surface((bw + 2 * pad, bh + 2 * pad), (0, 0, 0))
            sil = new_surface(out.get_size(), (255, 255, 255))
            sil.blit(silhouette(body), (pad, pad))
            # Shadow: down and to the right, as if lit from the top left.
            offset = max(1, round(self.width * 0.05))
            shadow = new_surface(out.get_size())
            shadow.blit(tinted(sil, pal.SHADOW), (offset // 2 + 1, offset))
            out.blit(pygame.transform.gaussian_blur(shadow, max(1, offset), repeat_edge_pixels=False), (0, 0))
            found = (sil, out)
        self._keep(key, found)
        return found

    def _halo(self, key: BodyKey, flag: Look) -> pygame.Surface:
        found = self._layers.get((key, flag))
        if found is None:
            colour, strength = next((c, a) for f, c, a in HALOS if f == flag)
            sil, _base = self._base(key)
            found = glow(sil, (*colour, strength), max(1, self.pad // 3), max(1, self.pad // 2))
        self._keep((key, flag), found)
        return found

    def _keep(self, key: Hashable, value: Any) -> None:
        """Keep a layer for the next few looks drawn (a tile's looks are drawn one after another)."""
        self._layers[key] = value
        self._layers.move_to_end(key)
        while len(self._layers) > LAYERS_KEPT:
            self._layers.popitem(last=False)


BodyKey = tuple[str, int, int]  # kind, tile, turn
LAYERS_KEPT = 12
# The glows of the looks: colour and strength, laid in this order.
HALOS: tuple[tuple[Look, pal.RGB, int], ...] = (
    (Look.CLAIMABLE, pal.CLAIMABLE_GLOW, 230),
    (Look.CHICKEN, pal.CHICKEN_GOLD, 240),
    (Look.WINNING, pal.WINNING_GLOW, 240),
    (Look.SELECTED, pal.SELECTED_GLOW, 200),
)


def _scale_down(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Average the supersampled drawing down to its shown size."""
    return pygame.transform.smoothscale(big, size)


def _check_tile(tile: object) -> None:
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < NUM_KINDS:
        raise ValueError(
            f"tile must be an int 0..{NUM_KINDS - 1} (suit * 9 + rank - 1, see game/core/tiles.py), got {tile!r}"
        )


def _check_turn(turn: object) -> None:
    if turn not in TURNS:
        raise ValueError(f"turn must be one of {TURNS} degrees, got {turn!r}")


def _check_look(look: object) -> None:
    if not isinstance(look, Look):
        raise ValueError(f"look must be a tile_art.Look, got {look!r}")


_arts: dict[tuple[int, bool, str], TileArt] = {}
size_bound(_arts.clear)


def get_tile_art(width: int) -> TileArt:
    """The shared TileArt for `width` px in the chosen look (ui/look/chosen.py), so each is drawn once per run."""
    look = chosen()
    key = (width, look.high_contrast, look.face)
    art = _arts.get(key)
    if art is None:
        art = TileArt(width, look.face, look.high_contrast)
        _arts[key] = art
    return art
