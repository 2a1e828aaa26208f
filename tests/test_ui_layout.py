"""The table's layout from the window size: zones fit and never overlap, and every tile lands in its zone."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import itertools

import pygame
import pytest

from game.core.tiles import parse_tiles
from ui.look.layout import BOARD_ZONES, MIN_SIZE, compute_layout
from ui.look.tile_art import MIN_WIDTH
from ui.table.geometry import pond_slot, rack_geometry, wall_slot
from ui.table.model import MeldView

SIZES = [(1280, 720), (1920, 1080), (1024, 600), (960, 540), (1000, 1000), (2560, 1080), (1366, 768)]


@pytest.mark.parametrize("size", SIZES)
def test_board_zones_fit_the_window_and_do_not_overlap(size: tuple[int, int]) -> None:
    """Each zone is redrawn alone (ui/table/board.py), so no two may share a pixel."""
    layout = compute_layout(size)
    screen = pygame.Rect(0, 0, *layout.size)
    rects = [(name, layout.zones[name]) for name in BOARD_ZONES]
    for i, (name, rect) in enumerate(rects):
        assert screen.contains(rect), f"{name} {rect} leaves the {size} window"
        for other, rect2 in rects[i + 1 :]:
            assert not rect.colliderect(rect2), f"{name} {rect} overlaps {other} {rect2} at {size}"
    for floating in ("buttons", "prompt"):
        assert screen.contains(layout.zones[floating])


@pytest.mark.parametrize("size", SIZES)
def test_tiles_grow_with_the_window_and_stay_drawable(size: tuple[int, int]) -> None:
    layout = compute_layout(size)
    t = layout.tiles
    assert min(t.hand, t.meld, t.other, t.side, t.other_meld, t.pond, t.wall) >= MIN_WIDTH
    assert t.hand > t.pond  # the player's own tiles are the biggest on the table
    if size == (1920, 1080):
        assert layout.scale == pytest.approx(1.5) and t.hand >= 70


def test_small_windows_are_laid_out_at_the_minimum() -> None:
    assert compute_layout((640, 400)).size == MIN_SIZE


def _inside(rect: pygame.Rect, zone: pygame.Rect) -> bool:
    return zone.contains(rect)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_every_wall_place_and_pond_slot_lies_in_its_zone(size: tuple[int, int]) -> None:
    """docs/rules.md §12.11: 14/13/14/13 stacks of two; ponds of up to 30 discards in rows of six."""
    layout = compute_layout(size)
    for stacks in ((14, 13, 14, 13), (13, 14, 13, 14)):
        for side in range(4):
            zone = layout.zones[f"wall{side}"]
            for stack in range(stacks[side]):
                for layer in (0, 1):
                    slot = wall_slot(layout, (side, stack, layer), stacks, gap=6.0, skipped=3)
                    assert _inside(slot.rect, zone), (side, stack, layer, slot.rect, zone)
    for seat in range(4):
        zone = layout.zones[f"pond{seat}"]
        for count in (6, 24, 30):
            for i in range(count):
                assert _inside(pond_slot(layout, seat, i, count).rect, zone), (seat, i, count)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600), (960, 540)])
@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_hands_and_melds_fit_every_rack(size: tuple[int, int], melds: int) -> None:
    """A seat holds 14 - 3k tiles with k melds; kongs are the widest melds, each from another seat."""
    layout = compute_layout(size)
    tile = parse_tiles("5m")[0]
    for seat in range(4):
        zone = layout.zones[f"rack{seat}"]
        shown = [MeldView(tile, "exposed", (seat + 1 + i) % 4) for i in range(melds)]
        for laid_open in (False, True):
            geo = rack_geometry(layout, seat, 13 - 3 * melds, True, shown, laid_open)
            slots = [*geo.hand, geo.drawn, *(ms.slot for ms in geo.melds)]
            for slot in slots:
                assert slot is not None
                rect = slot.rect
                if seat == 0 and not laid_open:
                    rect.top -= slot.art.lift  # the raised, selected tile must fit too
                    rect.height += slot.art.lift
                assert _inside(rect, zone), (seat, melds, laid_open, rect, zone)
            rects = [s.rect for s in slots if s is not None]
            depth = max(layout.art(use).depth for use in ("hand", "side", "other", "meld", "other_meld"))
            for i, a in enumerate(rects):
                for b in rects[i + 1 :]:
                    overlap = a.clip(b)
                    # Standing tiles seen edge-on overlap by their thickness; nothing else may.
                    assert overlap.width * overlap.height <= max(a.width, a.height) * depth, (seat, a, b)


def test_claimed_tile_lies_sideways_toward_its_giver() -> None:
    """docs/rules.md §4: a pung from 上家 has its sideways tile at the left end, from 下家 at the right."""
    layout = compute_layout((1280, 720))
    tile = parse_tiles("7p")[0]
    for source, index in ((3, 0), (2, 1), (1, 2)):
        geo = rack_geometry(layout, 0, 10, False, [MeldView(tile, "pung", source)])
        sideways = [ms.index for ms in geo.melds if ms.sideways]
        assert sideways == [index]
    concealed = rack_geometry(layout, 0, 10, False, [MeldView(tile, "concealed", None)])
    assert [ms.slot.face_up for ms in concealed.melds] == [False, True, True, False]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600), (1366, 768), (1111, 677)])
def test_wall_stacks_are_evenly_spaced_and_an_opened_wall_stays_whole(size: tuple[int, int]) -> None:
    """docs/rules.md §12.11: a 13-stack side is spaced like a 14-stack one; the break's gap never pushes a stack
    (its body, not only its shadow) out of the zone, whatever size the wall was opened at."""
    layout = compute_layout(size)
    for stacks in ((14, 13, 14, 13), (13, 14, 13, 14)):
        for side in range(4):
            zone = layout.zones[f"wall{side}"]
            along = [wall_slot(layout, (side, k, 1), stacks).pos[side % 2] for k in range(stacks[side])]
            steps = {abs(b - a) for a, b in itertools.pairwise(along)}
            assert len(steps) == 1, f"side {side} of {stacks[side]} stacks at {size}: steps {sorted(steps)}"
            for gap in (6.0, 40.0):  # a gap opened in a bigger window
                for k in range(stacks[side]):
                    slot = wall_slot(layout, (side, k, 0), stacks, gap=gap, skipped=4)
                    body = pygame.Rect(slot.pos, slot.body)
                    assert zone.contains(body), (size, side, k, gap, body, zone)


@pytest.mark.parametrize("size", [(1024, 600), (960, 540), (800, 480)])
def test_small_windows_keep_text_readable(size: tuple[int, int]) -> None:
    """Text never goes below MIN_TEXT px however small the window; what does not fit is cut short with "…"."""
    from ui.kit.metrics import metrics
    from ui.look import text as T

    layout = compute_layout(size)
    assert min(layout.font.values()) >= T.MIN_TEXT
    m = metrics(size)
    assert min(m.small, m.body, m.heading, m.title) >= T.MIN_TEXT
    long = "H 提示 · 空格 跳过 · S 速度 · L 语言 · F11 全屏"
    pic = T.fit(long, layout.font["small"], 90)
    assert pic.get_width() <= 90
    assert pic.get_height() >= T.shadowed("H", T.MIN_TEXT).get_height(), "cut short, not shrunk below the minimum"
    assert T.pack(long.split(" · "), layout.font["small"], 150)[0].startswith("H 提示")
