"""The look page of the settings works: larger tile size steps grow the player's hand and the ponds and still fit every
window at every table size; high contrast changes the cloth, the words, the plates and the tile edges; plain faces
draw every tile apart from every other, the chickens still chickens; and the table follows a change at once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.core.tiles import NUM_KINDS, WUGUJI, YAOJI
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.background import render_background
from ui.look import palette as pal
from ui.look import text as T
from ui.look.chosen import choose, chosen
from ui.look.layout import BOARD_ZONES, TILE_STEPS, Layout, compute_layout, table_layout
from ui.look.tile_art import get_tile_art
from ui.settings.values import TILE_SIZES, Settings, Speed
from ui.table.scene import TableScene

TABLES = {4: "guiyang-classic", 3: "sandingguai", 2: "erding-liangfang"}
SIZES = [(960, 540), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1080)]


@pytest.fixture(autouse=True)
def _default_look() -> Iterator[None]:
    choose()
    yield
    choose()  # the next tests draw in the default look whatever happened here


def _hand_height(layout: Layout) -> int:
    return get_tile_art(layout.tiles.hand).body_size[1]


def test_the_settings_steps_are_the_layouts_steps() -> None:
    assert tuple(TILE_STEPS) == TILE_SIZES


@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("size", SIZES)
def test_each_tile_size_step_fits_and_is_larger_than_the_one_before(players: int, size: tuple[int, int]) -> None:
    """At every window size and table size: no board zone leaves the window or touches another, the player's hand
    grows a visible step each time (a tenth at least over two steps), and the ponds never shrink."""
    rules = load_ruleset(TABLES[players])
    layouts = [table_layout(size, rules, step) for step in TILE_SIZES]
    for layout in layouts:
        screen = pygame.Rect((0, 0), layout.size)
        rects = [(name, layout.zones[name]) for name in BOARD_ZONES]
        for i, (name, rect) in enumerate(rects):
            assert screen.contains(rect), (size, layout.tile_step, name)
            for other, rect2 in rects[i + 1 :]:
                assert not rect.colliderect(rect2), (size, layout.tile_step, name, other)
        for floating in ("buttons", "prompt"):
            assert screen.contains(layout.zones[floating])
    normal, large, largest = (layout.tiles for layout in layouts)
    assert normal.hand < large.hand < largest.hand, size
    assert largest.hand >= normal.hand * 1.15, size
    assert normal.pond <= large.pond <= largest.pond and normal.pond < largest.pond, size
    assert normal.meld <= large.meld <= largest.meld, size


def test_the_largest_hand_tile_at_1920x1080_is_at_least_64_px_tall() -> None:
    layouts = {step: compute_layout((1920, 1080), tiles=step) for step in TILE_SIZES}
    assert _hand_height(layouts["largest"]) >= 64
    assert _hand_height(layouts["normal"]) < _hand_height(layouts["large"]) < _hand_height(layouts["largest"])


def test_an_unknown_tile_size_is_laid_out_as_normal() -> None:
    assert compute_layout((1280, 720), tiles="huge").tiles == compute_layout((1280, 720)).tiles


def test_high_contrast_lays_a_dark_plain_cloth() -> None:
    layout = compute_layout((1280, 720))
    classic = render_background(layout, playing_area=False)
    choose(high_contrast=True)
    dark = render_background(layout, playing_area=False)
    inside = pygame.Rect(40, 40, 200, 200)  # away from the rim
    colours = {dark.get_at((x, y))[:3] for x in range(inside.left, inside.right, 7) for y in range(inside.top, 240, 7)}
    assert colours == {pal.CONTRAST_CLOTH}, "no light and no weave on the high-contrast cloth"
    assert len({classic.get_at((x, 100))[:3] for x in range(40, 240, 7)}) > 1  # the classic cloth has them
    assert sum(classic.get_at((100, 100))[:3]) > 2 * sum(pal.CONTRAST_CLOTH)


def test_high_contrast_gives_tiles_black_edges_and_the_art_its_own_cache() -> None:
    art = get_tile_art(48)
    x, y = art.pad, art.pad + art.body_size[1] // 2  # the tile's left edge, halfway down
    classic_edge = art.face(4).get_at((x, y))
    choose(high_contrast=True)
    dark_art = get_tile_art(48)
    assert dark_art is not art and dark_art.high_contrast
    dark_edge = dark_art.face(4).get_at((x, y))
    assert max(dark_edge[:3]) < 40 and dark_edge[3] > 200, dark_edge
    assert sum(classic_edge[:3]) > sum(dark_edge[:3]) + 100, (classic_edge, dark_edge)
    choose()
    assert get_tile_art(48) is art  # switching back finds the pictures drawn


def test_high_contrast_words_and_plates_are_brighter_and_cached_per_look() -> None:
    headless_display((320, 200))
    word = T.shadowed("东", 24, pal.TEXT_MUTED)
    plate = T.panel((80, 40), 8)
    choose(high_contrast=True)
    bright_word = T.shadowed("东", 24, pal.TEXT_MUTED)
    bright_plate = T.panel((80, 40), 8)
    brightest = max(sum(bright_word.get_at((x, y))[:3]) for x in range(word.get_width()) for y in range(10, 20))
    assert brightest >= sum(pal.CONTRAST_TEXT_MUTED) - 6
    assert bright_plate.get_at((40, 20))[3] > plate.get_at((40, 20))[3]  # a more solid fill
    assert bright_plate.get_at((40, 1))[:3] == pal.CONTRAST_BORDER  # a thicker, brighter rim
    assert plate.get_at((40, 1))[:3] != pal.CONTRAST_BORDER
    choose()
    assert T.shadowed("东", 24, pal.TEXT_MUTED) is word


def _faces(face: str, width: int = 48) -> list[bytes]:
    choose(face=face)
    art = get_tile_art(width)
    return [pygame.image.tobytes(art.face(t), "RGBA") for t in range(NUM_KINDS)]


@pytest.mark.parametrize("width", [20, 48])
def test_plain_faces_draw_every_kind_apart_and_unlike_the_classic(width: int) -> None:
    plain = _faces("plain", width)
    classic = _faces("classic", width)
    assert len(set(plain)) == NUM_KINDS, "two kinds share a plain face"
    assert all(p != c for p, c in zip(plain, classic, strict=True))


def _count(surface: pygame.Surface, test: Callable[[pygame.Color], bool]) -> int:
    w, h = surface.get_size()
    return sum(1 for x in range(w) for y in range(h) if test(surface.get_at((x, y))))


def test_the_plain_chickens_are_still_chickens() -> None:
    """1s (幺鸡) keeps its rooster, red-combed, where the other bamboos are green alone; 8p (乌骨鸡) a black hen
    beside its ring, where the other dots are blue alone."""
    choose(face="plain")
    art = get_tile_art(48)

    def red(c: pygame.Color) -> bool:
        return c.r > 170 and c.g < 90 and c.b < 90 and c.a > 200

    def black(c: pygame.Color) -> bool:
        return max(c.r, c.g, c.b) < 50 and c.a > 200

    inside = pygame.Rect(art.pad + 4, art.pad + 4, art.width - 8, art.face_height - 8)
    yaoji, two_sou = art.face(YAOJI).subsurface(inside), art.face(YAOJI + 1).subsurface(inside)
    assert _count(yaoji, red) > 10 and _count(two_sou, red) == 0
    wuguji, seven_pin = art.face(WUGUJI).subsurface(inside), art.face(WUGUJI - 1).subsurface(inside)
    assert _count(wuguji, black) > 10 and _count(seven_pin, black) == 0


def _table(settings: Settings) -> TableScene:
    headless_display((1280, 720))
    host = HeadlessHost(settings, (1280, 720))
    scene = TableScene(host, load_ruleset("guiyang-classic"), "look")
    host.stack.push(scene)
    return scene


def test_a_table_made_with_the_largest_tiles_shows_a_larger_hand() -> None:
    normal = _table(Settings(speed=Speed.INSTANT))
    largest = _table(Settings(speed=Speed.INSTANT, tile_size="largest"))
    assert largest.layout.tiles.hand > normal.layout.tiles.hand
    assert largest.layout.tile_step == "largest"


def test_a_change_in_the_settings_reaches_the_table_at_its_next_frame() -> None:
    settings = Settings(speed=Speed.INSTANT)
    scene = _table(settings)
    screen = headless_display((1280, 720))
    scene.draw(screen)
    hand, board = scene.layout.tiles.hand, scene.board
    settings.tile_size = "large"
    settings.high_contrast = True
    settings.tile_face = "plain"
    scene.draw(screen)
    assert scene.layout.tiles.hand > hand and scene.layout.tile_step == "large"
    assert chosen().high_contrast and chosen().face == "plain"
    assert scene.board is not board, "the felt and the zones are drawn again in the new look"
    felt = scene.board.felt(scene.layout)
    assert felt is not None and felt.get_at((60, 300))[:3] == pal.CONTRAST_CLOTH


@pytest.mark.parametrize("size", [(960, 540), (1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("step", ["normal", "large", "largest"])
def test_the_waits_panel_keeps_room_for_a_row_of_waits_at_every_tile_size(size: tuple[int, int], step: str) -> None:
    """However large the hand, the waits panel holds its title and a row of waits on the smallest tiles (the panel
    draws them smaller rather than leave the player's waits out)."""
    from ui.look.layout import compute_layout
    from ui.look.tile_art import MIN_WIDTH, get_tile_art

    layout = compute_layout(size, tiles=step)
    waits = layout.zone("waits")
    pad = round(10 * layout.scale)
    title = T.shadowed("打三万听", layout.font["title"], (255, 255, 255), True).get_height()
    room = waits.height - pad // 2 - title - pad // 3
    assert room >= get_tile_art(MIN_WIDTH).body_size[1] + 3, (waits, room)
