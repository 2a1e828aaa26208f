"""Screenshots of the key moments: the pixels where tiles, dice, callouts and text belong are really there."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.rules.loader import load_ruleset
from main import main
from tests.ui_host import headless_display
from ui.kit.background import render_background
from ui.look import palette as pal
from ui.look.layout import compute_layout
from ui.probe.hot_seat_moments import HOT_SEAT_MOMENTS, render_hot_seat_moment
from ui.probe.moments import MOMENTS, stage_moment
from ui.settlement import SettlementScene
from ui.table.actors import Callout, Flight
from ui.table.placement import callout_point
from ui.table.rack_view import geometry_for
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)


def _shot(moment: str, size: tuple[int, int] = SIZE, rules=RULES):
    host, scene = stage_moment(moment, size, rules, seed="shot")
    screen = headless_display(size)
    host.stack.draw(screen)
    return screen.copy(), host, scene


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    raw = pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _share(surface: pygame.Surface, rect: pygame.Rect, test) -> float:
    px = _pixels(surface, rect)
    return sum(1 for p in px if test(p)) / max(1, len(px))


def ivory(p: tuple[int, int, int]) -> bool:
    """A tile face or a die."""
    return p[0] > 215 and p[1] > 205 and p[2] > 170


def tile_back(p: tuple[int, int, int]) -> bool:
    """The green back layer of a tile, brighter and bluer than the felt."""
    r, g, b = p
    return g > 110 and b > 80 and r < 90 and abs(g - b) < 60


def red(p: tuple[int, int, int]) -> bool:
    return p[0] > 160 and p[1] < 80 and p[2] < 80


def bright_text(p: tuple[int, int, int]) -> bool:
    return p[0] > 200 and p[1] > 180 and p[2] > 80


def _differs_from_felt(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int]) -> float:
    felt = render_background(compute_layout(size))
    a, b = _pixels(surface, rect), _pixels(felt, rect)
    return sum(1 for x, y in zip(a, b, strict=True) if sum(abs(x[i] - y[i]) for i in range(3)) > 40) / len(a)


def test_every_moment_is_named() -> None:
    assert MOMENTS == (
        "dice",
        "count",
        "break",
        "deal",
        "mid-hand",
        "practice",
        "claim",
        "offer",
        "win",
        "chickens",
        "end",
    )


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_raised_tile_wears_its_tag(size: tuple[int, int]) -> None:
    """Mid-hand a tile is raised: an ivory tag over it says a second click discards it."""
    shot, _host, scene = _shot("mid-hand", size)
    index = scene.selected
    assert index is not None
    geo = geometry_for(scene.layout, scene.model, 0)
    slot = [*geo.hand, *([geo.drawn] if geo.drawn is not None else [])][index]
    tag = pygame.Rect(0, 0, slot.rect.width, round(scene.layout.font["small"] * 1.2))
    tag.midbottom = (slot.rect.centerx, slot.rect.top - slot.art.lift - 4)
    assert _share(shot, tag, ivory) > 0.2


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_practice_game_shows_the_takeback_button(size: tuple[int, int]) -> None:
    shot, _host, scene = _shot("practice", size)
    button = scene.takeback_button()
    assert button is not None
    assert _differs_from_felt(shot, button.rect, size) > 0.5
    assert _share(shot, button.rect, bright_text) > 0.01  # its label


@pytest.mark.parametrize("moment", HOT_SEAT_MOMENTS)
def test_hot_seat_moments_render(moment: str) -> None:
    shot = render_hot_seat_moment(moment, SIZE, RULES)
    assert shot.get_size() == SIZE
    assert _share(shot, pygame.Rect(0, 0, *SIZE), bright_text) > 0.001


def test_dice_land_in_the_compass() -> None:
    shot, _host, scene = _shot("dice")
    compass = scene.layout.zones["compass"]
    assert _share(shot, compass, ivory) > 0.03  # two ivory dice
    assert _share(shot, compass, red) > 0.0005 or _share(shot, compass, lambda p: p[0] < 60) > 0.001  # pips


def test_break_shows_the_walls_and_marks_the_skipped_stacks() -> None:
    """docs/rules.md §3: four wall sides; the smaller die's stacks are counted past on the broken side."""
    shot, _host, scene = _shot("break")
    for side in range(4):
        assert _share(shot, scene.layout.zones[f"wall{side}"], tile_back) > 0.15, side
    broken = scene.model.broken
    assert broken is not None
    wall = scene.layout.zones[f"wall{broken.side}"]
    gold = _share(shot, wall, lambda p: p[0] > 230 and p[1] > 190 and p[2] < 130)
    assert gold > 0 or _share(shot, wall, red) > 0


def test_deal_flies_tiles_into_the_hands() -> None:
    shot, _host, scene = _shot("deal")
    assert any(isinstance(a, Flight) for a in scene.presenter.actors)
    assert _share(shot, scene.layout.zones["rack0"], ivory) > 0.08


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_mid_hand_shows_hands_ponds_and_text(size: tuple[int, int]) -> None:
    shot, _host, scene = _shot("mid-hand", size)
    zones = scene.layout.zones
    assert _share(shot, zones["rack0"], ivory) > 0.12  # the player's faces
    for seat in range(4):
        if scene.model.ponds[seat]:
            assert _share(shot, zones[f"pond{seat}"], ivory) > 0.05, seat
    for name in ("info", "plate0", "plate1", "plate2", "plate3", "chickens"):
        assert _share(shot, zones[name], bright_text) > 0.005, name
        assert _differs_from_felt(shot, zones[name], size) > 0.5, name
    assert scene.selected is not None  # a tile is raised in the hand, its waits shown
    prompt = zones["prompt"]
    assert _share(shot, prompt, bright_text) > 0.01


def test_claim_pops_a_callout_by_the_claimer() -> None:
    shot, _host, scene = _shot("claim")
    callouts = [a for a in scene.presenter.actors if isinstance(a, Callout)]
    assert callouts
    claimer = scene.model.melds.index(max(scene.model.melds, key=len))
    x, y = callout_point(scene.layout, claimer)
    area = pygame.Rect(0, 0, 80, 80)
    area.center = (round(x), round(y))
    assert _share(shot, area, red) > 0.15
    assert _share(shot, area, lambda p: p[0] > 235 and p[1] > 225 and p[2] > 190) > 0.03  # the glyph


def test_offer_shows_buttons_for_the_legal_claims() -> None:
    shot, _host, scene = _shot("offer")
    assert scene.buttons
    for button in scene.buttons:
        assert _differs_from_felt(shot, button.rect, SIZE) > 0.6
        assert _share(shot, button.rect, lambda p: p[0] > 220 and p[1] > 220 and p[2] > 200) > 0.02


def test_chickens_light_up_at_the_end() -> None:
    """docs/rules.md §8: the turned tile shows in the wall and the chicken panel names its chicken."""
    shot, _host, scene = _shot("chickens")
    flip = scene.model.flip
    assert flip is not None and scene.model.ended
    assert scene.presenter.lit() == 4
    assert _share(shot, scene.layout.zones["chickens"], ivory) > 0.01


def test_end_panel_lists_nets_and_items() -> None:
    shot, host, _scene = _shot("end")
    panel = host.stack.top
    assert isinstance(panel, SettlementScene)
    assert _share(shot, panel.rect, bright_text) > 0.01
    assert _differs_from_felt(shot, panel.rect, SIZE) > 0.8


def test_screenshot_command_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "mid.png"
    assert main(["screenshot", "mid-hand", str(out), "--size", "1024x600", "--seed", "cmd"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 600)


def test_screenshot_command_names_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "teatime", str(tmp_path / "x.png")]) == 2
    assert "unknown moment 'teatime'" in capsys.readouterr().err
    assert main(["screenshot", "dice", str(tmp_path / "x.png"), "--ruleset", "no-such-rules"]) == 2
    assert "no such ruleset" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["screenshot", "dice", str(tmp_path / "x.png"), "--size", "big"])
    assert "WIDTHxHEIGHT" in capsys.readouterr().err
    assert main(["screenshot", "dice", str(tmp_path / "no-dir" / "x.png")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_english_text_renders_too() -> None:
    try:
        host, scene = stage_moment("mid-hand", SIZE, RULES, seed="shot", language="en")
        screen = headless_display(SIZE)
        host.stack.draw(screen)
        assert S.tr("you") == "You"
        assert _share(screen, scene.layout.zones["plate0"], bright_text) > 0.005
    finally:
        S.set_language("zh")


def test_palette_colours_are_what_the_checks_expect() -> None:
    """The pixel tests above look for these colours; they follow the palette."""
    assert ivory(pal.IVORY) and tile_back(pal.TILE_BACK) and not tile_back(pal.TABLE_GREEN)
