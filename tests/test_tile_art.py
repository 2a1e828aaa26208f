"""Tile art (ui/look/tile_art.py): every tile of docs/rules.md §1 draws at each size, faces differ, looks show, cache
holds."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.core.tiles import NUM_KINDS, WUGUJI, YAOJI, format_tile, parse_tile, parse_tiles
from ui.look import palette as pal
from ui.look.surface_cache import in_display_alpha_format
from ui.look.tile_art import MAX_WIDTH, MIN_WIDTH, Look, TileArt, get_tile_art
from ui.look.tile_preview import main

SIZES = (28, 48, 96)
ALL_TILES = parse_tiles("123456789m 123456789p 123456789s")


def _pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> list[tuple[int, int, int, int]]:
    area = surface.subsurface(rect) if rect is not None else surface
    raw = pygame.image.tobytes(area, "RGBA")
    return [(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]) for i in range(0, len(raw), 4)]


def _face_rect(art: TileArt) -> pygame.Rect:
    """The ivory face inside a face() surface, a little inset to keep clear of the border."""
    inset = max(2, art.width // 10)
    return pygame.Rect(art.pad + inset, art.pad + inset, art.width - 2 * inset, art.face_height - 2 * inset)


def _near(c: tuple[int, int, int, int], ref: tuple[int, int, int], tol: int) -> bool:
    return c[3] > 200 and all(abs(c[i] - ref[i]) <= tol for i in range(3))


def _is_red(c: tuple[int, int, int, int]) -> bool:
    return c[3] > 200 and c[0] > 140 and c[1] < 110 and c[2] < 110


def _is_dark(c: tuple[int, int, int, int]) -> bool:
    return c[3] > 200 and max(c[:3]) < 90


def _is_blue(c: tuple[int, int, int, int]) -> bool:
    return c[3] > 200 and c[2] > 110 and c[0] < 90 and c[2] > c[1] + 30


def _is_green(c: tuple[int, int, int, int]) -> bool:
    return c[3] > 200 and c[1] > 90 and c[0] < 90 and c[1] > c[2] + 20


def _mean_luma(pixels: list[tuple[int, int, int, int]]) -> float:
    opaque = [p for p in pixels if p[3] > 200]
    return sum(0.299 * r + 0.587 * g + 0.114 * b for r, g, b, _ in opaque) / len(opaque)


@pytest.mark.parametrize("width", SIZES)
def test_every_tile_face_renders_ivory_with_ink(width: int) -> None:
    """docs/rules.md §1: all 27 kinds draw at 28, 48 and 96 px; each face is ivory with a picture on it."""
    art = get_tile_art(width)
    for t in ALL_TILES:
        surface = art.face(t)
        assert surface.get_size() == art.size, format_tile(t)
        face = _pixels(surface, _face_rect(art))
        ivory = sum(_near(p, pal.IVORY, 40) for p in face) / len(face)
        ink = sum(not _near(p, pal.IVORY, 60) for p in face) / len(face)
        assert ivory > 0.3, f"{format_tile(t)} at {width}px: face is not ivory ({ivory:.0%})"
        assert ink > 0.04, f"{format_tile(t)} at {width}px: face looks blank ({ink:.1%} ink)"


@pytest.mark.parametrize("width", SIZES)
def test_faces_of_different_tiles_differ(width: int) -> None:
    """docs/rules.md §1: the 27 kinds are 27 different pictures."""
    art = get_tile_art(width)
    images = {pygame.image.tobytes(art.face(t), "RGBA"): format_tile(t) for t in ALL_TILES}
    assert len(images) == NUM_KINDS


def test_faces_tell_apart_at_28px() -> None:
    """docs/rules.md §1 at the smallest size: every pair of kinds differs in at least 2% of the tile's pixels."""
    art = get_tile_art(28)
    faces = {t: _pixels(art.face(t)) for t in ALL_TILES}
    threshold = 0.02 * len(faces[0])
    for a, b in itertools.combinations(ALL_TILES, 2):
        differing = sum(
            1 for p, q in zip(faces[a], faces[b], strict=True) if max(abs(p[i] - q[i]) for i in range(3)) >= 48
        )
        assert differing >= threshold, f"{format_tile(a)} and {format_tile(b)} differ in only {differing} px at 28px"


def test_character_tiles_have_dark_numeral_over_red_wan() -> None:
    """docs/rules.md §1 万: the numeral in dark ink on the upper part, 萬 in red below."""
    art = get_tile_art(64)
    face = _face_rect(art)
    upper = pygame.Rect(face.x, face.y, face.width, int(face.height * 0.38))
    lower = pygame.Rect(face.x, face.y + int(face.height * 0.5), face.width, int(face.height * 0.5))
    for t in parse_tiles("123456789m"):
        surface = art.face(t)
        top, bottom = _pixels(surface, upper), _pixels(surface, lower)
        assert sum(map(_is_dark, top)) > sum(map(_is_red, top)), format_tile(t)
        assert sum(map(_is_red, bottom)) > 0.12 * len(bottom), format_tile(t)


def test_dot_and_bamboo_colours_follow_the_traditional_sets() -> None:
    """docs/rules.md §1 筒/条: 9p has blue, red and green rows; 8p (乌骨鸡) is all blue; 幺鸡 is a red and green
    bird."""
    art = get_tile_art(64)
    face = _face_rect(art)
    third = face.height // 3
    rows = [pygame.Rect(face.x, face.y + i * third, face.width, third) for i in range(3)]
    nine_pin = art.face(parse_tile("9p"))
    assert sum(map(_is_blue, _pixels(nine_pin, rows[0]))) > 50
    assert sum(map(_is_red, _pixels(nine_pin, rows[1]))) > 50
    assert sum(map(_is_green, _pixels(nine_pin, rows[2]))) > 50
    eight_pin = _pixels(art.face(WUGUJI), face)
    assert sum(map(_is_blue, eight_pin)) > 200
    assert sum(map(_is_red, eight_pin)) == 0
    bird = _pixels(art.face(YAOJI), face)
    assert sum(map(_is_red, bird)) > 100
    assert sum(map(_is_green, bird)) > 100


def test_cache_returns_the_same_surface() -> None:
    """Tile art is drawn once per (tile, size, look) and then reused."""
    assert get_tile_art(48) is get_tile_art(48)
    art = get_tile_art(48)
    assert art.face(5) is art.face(5)
    assert art.back() is art.back()
    assert art.lying(5, 90) is art.lying(5, 90)
    assert art.face(5, Look.CHICKEN) is art.face(5, Look.CHICKEN)
    assert art.face(5, Look.CHICKEN) is not art.face(5)


def test_backs_show_the_coloured_back_and_thickness() -> None:
    """The back is the coloured back layer, not ivory; the band under it shows the ivory layer."""
    art = get_tile_art(48)
    back = _pixels(art.back(), _face_rect(art))
    assert sum(_near(p, pal.TILE_BACK, 60) for p in back) > 0.8 * len(back)
    band = pygame.Rect(art.pad + art.width // 4, art.pad + art.face_height + 1, art.width // 2, art.depth - 2)
    assert any(_near(p, pal.IVORY_SHADE, 50) for p in _pixels(art.back(), band))


@pytest.mark.parametrize("turn", [0, 90, 180, 270])
def test_lying_tiles_have_their_own_sizes(turn: int) -> None:
    """Pond and wall tiles lie on the table: shorter than upright, across when turned 90 or 270."""
    art = get_tile_art(40)
    w, h = art.lying_body_size(turn)
    assert art.lying(parse_tile("5p"), turn).get_size() == art.lying_size(turn)
    assert art.lying_back(turn).get_size() == art.lying_size(turn)
    if turn in (90, 270):
        assert w > h
    else:
        assert h < art.body_size[1]


def test_turned_tiles_are_rotated_pictures() -> None:
    """A pond tile turned 180 for the opposite seat is a different picture unless the tile is symmetric."""
    art = get_tile_art(40)
    three_man = parse_tile("3m")
    assert pygame.image.tobytes(art.lying(three_man, 0), "RGBA") != pygame.image.tobytes(
        art.lying(three_man, 180), "RGBA"
    )


def test_edges_face_the_centre() -> None:
    """Side seats' hands: the ivory side faces the table centre, so left and right edges mirror."""
    art = get_tile_art(48)
    left, right = art.edge("left"), art.edge("right")
    assert left.get_size() == right.get_size() == art.edge_size
    row = pygame.Rect(art.pad, art.pad + art.edge_body_size[1] // 3, art.edge_body_size[0], 1)
    lpx, rpx = _pixels(left, row), _pixels(right, row)
    assert _is_green(lpx[1]) and not _is_green(lpx[-2])
    assert _is_green(rpx[-2]) and not _is_green(rpx[1])


def test_looks_change_the_tile() -> None:
    """Selected, claimable, chicken (docs/rules.md §8), winning and dimmed each visibly change the tile."""
    art = get_tile_art(48)
    t = parse_tile("1s")
    normal = _pixels(art.face(t))
    looks = [Look.SELECTED, Look.CLAIMABLE, Look.CHICKEN, Look.WINNING, Look.DIMMED, Look.CHICKEN | Look.SELECTED]
    for look in looks:
        shown = _pixels(art.face(t, look))
        changed = sum(1 for p, q in zip(normal, shown, strict=True) if max(abs(p[i] - q[i]) for i in range(4)) >= 24)
        assert changed > 0.05 * len(normal), f"{look} changes only {changed} px"
    images = {pygame.image.tobytes(art.face(t, look), "RGBA") for look in looks}
    assert len(images) == len(looks)


def test_dimmed_is_darker_and_selected_brighter() -> None:
    """A dimmed tile reads as unplayable (darker); a selected one is lit."""
    art = get_tile_art(48)
    t = parse_tile("5m")
    face = _face_rect(art)
    normal = _mean_luma(_pixels(art.face(t), face))
    assert _mean_luma(_pixels(art.face(t, Look.DIMMED), face)) < normal - 30
    assert _mean_luma(_pixels(art.face(t, Look.SELECTED), face)) > normal


def test_chicken_look_carries_a_gold_badge_and_glow() -> None:
    """docs/rules.md §8 鸡: a chicken tile gets a gold mark at its top-right corner and a gold halo."""
    art = get_tile_art(48)
    tile = parse_tile("8p")
    plain, chicken = art.face(tile), art.face(tile, Look.CHICKEN)
    corner = pygame.Rect(art.size[0] - art.pad - art.width // 3, 0, art.width // 3, art.pad + art.width // 4)
    gold = [p for p in _pixels(chicken, corner) if p[3] > 200 and p[0] > 200 and p[1] > 140 and p[2] < 120]
    assert len(gold) > 10
    halo = pygame.Rect(0, art.size[1] // 2, max(1, art.pad - 1), 4)
    assert max(p[3] for p in _pixels(chicken, halo)) > max(p[3] for p in _pixels(plain, halo))


def test_badge_alone() -> None:
    """The chicken mark is available by itself for labels."""
    badge = get_tile_art(48).chicken_badge()
    assert badge.get_width() == badge.get_height() > 8
    assert get_tile_art(48).chicken_badge() is badge


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: TileArt(MIN_WIDTH - 1), "tile width"),
        (lambda: TileArt(MAX_WIDTH + 1), "tile width"),
        (lambda: get_tile_art(48).face(NUM_KINDS), "tile must be an int 0..26"),
        (lambda: get_tile_art(48).face(-1), "tile must be an int 0..26"),
        (lambda: get_tile_art(48).lying(3, 45), "turn must be one of"),
        (lambda: get_tile_art(48).face(3, "selected"), "look must be"),  # type: ignore[arg-type]
        (lambda: get_tile_art(48).edge("top"), "edge side"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_say_what_is_wrong(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_surfaces_are_converted_once_a_display_exists() -> None:
    """Before a display exists the cache hands out plain surfaces; after set_mode, ones in the display's format
    (converted once, or kept as they are when drawn in that format already)."""
    pygame.display.quit()
    art = TileArt(30)
    before = art.face(3)
    assert art.face(3) is before
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        after = art.face(3)
        assert in_display_alpha_format(after)
        assert art.face(3) is after
        assert after.get_size() == before.get_size()
        assert pygame.image.tobytes(after, "RGBA") == pygame.image.tobytes(before, "RGBA")
    finally:
        pygame.display.quit()


def test_preview_command_writes_a_png(tmp_path: Path) -> None:
    """`python -m ui.look.tile_preview preview OUT.png` renders the sheet."""
    out = tmp_path / "tiles.png"
    assert main(["preview", str(out), "--sizes", "28,40"]) == 0
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() > 9 * 28 and sheet.get_height() > 6 * 40


def test_preview_command_rejects_bad_sizes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", str(tmp_path / "x.png"), "--sizes", "28,big"]) == 2
    assert "--sizes" in capsys.readouterr().err
    assert main(["preview", str(tmp_path / "x.png"), "--sizes", "4"]) == 2
    assert "tile width" in capsys.readouterr().err


def test_prewarm_draws_everything_once() -> None:
    """A loading screen can draw every plain picture up front; later calls reuse them."""
    art = TileArt(24)
    assert art.prewarm() == NUM_KINDS * 5 + 1 + 4 + 2
    face = art.face(parse_tile("1s"))
    assert art.prewarm() == NUM_KINDS * 5 + 1 + 4 + 2
    assert art.face(parse_tile("1s")) is face
