"""One way to discard: the same mouse gestures raise, discard, drag and drop back a tile at the table and in the
lessons (ui/kit/discard_gesture.py), with one or two clicks as the settings say."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.engine.events import TileDiscarded
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.discard_gesture import DRAG_START, DiscardGesture
from ui.learn.lesson_scene import LessonScene
from ui.probe.moments import stage_until
from ui.settings.values import Settings, Speed
from ui.stage.scene import Host
from ui.table.rack_view import geometry_for
from ui.table.scene import TableScene
from ui.words import strings as S

SIZE = (1280, 720)
CLASSIC = load_ruleset("guiyang-classic")

Pos = tuple[int, int]


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))  # the lessons keep progress in statistics
    S.set_language("zh")


# ---------------------------------------------------------------------- the gesture alone


class FakeHand:
    """Ten tiles in a row, 40 px wide at y 600..660; tile 7 may not go; drops above y 500 discard."""

    def __init__(self, clicks: int = 2) -> None:
        self.raised: int | None = None
        self.discarded: list[int] = []
        self.clicks = clicks

    def raise_tile(self, index: int | None) -> None:
        self.raised = index

    def tile_at(self, pos: Pos) -> int | None:
        x, y = pos
        return x // 40 if 600 <= y < 660 and 0 <= x < 400 else None

    def may_discard(self, index: int) -> bool:
        return index != 7

    def discard_at(self, index: int) -> None:
        self.discarded.append(index)
        self.raised = None

    def drops_discard(self, pos: Pos) -> bool:
        return pos[1] < 500

    def clicks_to_discard(self) -> int:
        return self.clicks


def down(pos: Pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos: Pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def move(pos: Pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def _dragging(g: DiscardGesture) -> int | None:
    """Read through a call: the gesture changes between events."""
    return g.dragging


def test_two_clicks_raise_then_discard() -> None:
    hand = FakeHand()
    g = DiscardGesture(hand)
    for e in (down((100, 620)), up((100, 620))):
        g.handle(e)
    assert hand.raised == 2 and hand.discarded == []
    for e in (down((140, 620)), up((140, 620))):  # another tile: it is raised instead
        g.handle(e)
    assert hand.raised == 3 and hand.discarded == []
    for e in (down((141, 630)), up((141, 630))):
        g.handle(e)
    assert hand.discarded == [3]


def test_one_click_discards_at_once() -> None:
    hand = FakeHand(clicks=1)
    g = DiscardGesture(hand)
    g.handle(down((100, 620)))
    assert hand.discarded == [] and hand.raised is None  # nothing goes before the button comes up
    g.handle(up((100, 620)))
    assert hand.discarded == [2]


def test_a_double_click_discards_once() -> None:
    hand = FakeHand()
    g = DiscardGesture(hand)
    for e in (down((60, 620)), up((60, 620)), down((60, 620)), up((60, 620))):
        g.handle(e)
    assert hand.discarded == [1]


def test_a_drag_over_the_pond_discards_and_a_drag_back_does_not() -> None:
    hand = FakeHand()
    g = DiscardGesture(hand)
    hand.raised = 5
    g.handle(down((100, 620)))
    g.handle(move((110, 560)))
    assert _dragging(g) == 2 and g.drag_at == (110, 560)
    g.handle(move((120, 620)))
    g.handle(up((120, 620)))  # dropped back on the hand: nothing goes, the raised tile is as it was
    assert hand.discarded == [] and hand.raised == 5 and _dragging(g) is None
    g.handle(down((100, 620)))
    g.handle(move((200, 300)))
    g.handle(up((200, 300)))
    assert hand.discarded == [2]


def test_a_shaky_click_is_still_a_click_and_the_other_button_drops_a_drag() -> None:
    hand = FakeHand()
    g = DiscardGesture(hand)
    g.handle(down((100, 620)))
    g.handle(move((100 + DRAG_START - 2, 621)))
    assert g.dragging is None
    g.handle(up((100 + DRAG_START - 2, 621)))
    assert hand.raised == 2
    g.handle(down((100, 620)))
    g.handle(move((100, 300)))
    g.handle(down((100, 300), button=3))
    g.handle(up((100, 300)))
    assert hand.discarded == [] and g.dragging is None


def test_a_tile_that_may_not_go_is_not_taken() -> None:
    hand = FakeHand()
    g = DiscardGesture(hand)
    assert not g.handle(down((290, 620)))  # tile 7
    assert not g.handle(down((290, 100)))  # the felt
    assert hand.raised is None and hand.discarded == []


# ---------------------------------------------------------------------- the table and the lessons alike


@dataclass
class Hand:
    """A screen with a hand: where its tiles are, where a drop discards, and what became of the tile."""

    host: Host
    tile_pos: Callable[[int], Pos]  # the middle of tile i of the hand
    drop: Pos  # over the pond (the table's middle; the lesson's play area)
    first: int  # a tile that may go
    raised: Callable[[], int | None]
    discarded: Callable[[], bool]  # the tile went (and nothing else did)


def _table(clicks: int) -> Hand:
    def my_turn(scene: TableScene) -> bool:
        obs = scene.obs
        return obs is not None and obs.phase == "turn" and not obs.declared[0] and len(scene.moves.selectable()) > 1

    host, scene = stage_until(my_turn, SIZE, CLASSIC, seed="gesture", opponents=SimpleAgent)
    host.settings.speed = Speed.NORMAL
    host.settings.discard_clicks = clicks
    scene.selected = None
    first = scene.moves.selectable()[0]
    tile = scene.moves.hand_tiles()[first]

    def tile_pos(i: int) -> Pos:
        geo = geometry_for(scene.layout, scene.model, 0)
        slots = [*geo.hand, *([geo.drawn] if geo.drawn is not None else [])]
        x, y = slots[i].centre
        return round(x), round(y)

    def discarded() -> bool:
        return not scene.waiting_for_player and any(
            isinstance(e, TileDiscarded) and e.seat == 0 and e.tile == tile for e in scene.presenter.queue
        )

    return Hand(host, tile_pos, scene.layout.centre, first, lambda: scene.selected, discarded)


def _lesson(clicks: int) -> Hand:
    headless_display(SIZE)
    host = HeadlessHost(Settings(discard_clicks=clicks), SIZE)
    scene = LessonScene(host, 1, keep_progress=False)
    host.stack.push(scene)
    first = next(i for i in range(14) if scene.may_discard(i))
    moves = len(scene.run.moves)

    def tile_pos(i: int) -> Pos:
        rect = scene.tiles()[i].rect
        return rect.center

    table, _coach = scene._areas()
    return Hand(host, tile_pos, table.center, first, lambda: scene.raised, lambda: len(scene.run.moves) == moves + 1)


SCREENS = {"table": _table, "lesson": _lesson}


def _click(hand: Hand, pos: Pos) -> None:
    hand.host.stack.handle_event(down(pos))
    hand.host.stack.handle_event(up(pos))


def _drag(hand: Hand, start: Pos, *path: Pos) -> None:
    hand.host.stack.handle_event(down(start))
    for pos in path:
        hand.host.stack.handle_event(move(pos))
    hand.host.stack.handle_event(up(path[-1]))


@pytest.mark.parametrize("screen", SCREENS)
def test_a_click_raises_and_a_second_click_discards(screen: str) -> None:
    """Two-click discarding, the default: the same clicks do the same at the table and in the lessons."""
    hand = SCREENS[screen](2)
    pos = hand.tile_pos(hand.first)
    _click(hand, pos)
    assert hand.raised() == hand.first and not hand.discarded()
    _click(hand, hand.tile_pos(hand.first))
    assert hand.discarded()


@pytest.mark.parametrize("screen", SCREENS)
def test_one_click_discards_when_the_setting_says_so(screen: str) -> None:
    hand = SCREENS[screen](1)
    _click(hand, hand.tile_pos(hand.first))
    assert hand.discarded()


@pytest.mark.parametrize("screen", SCREENS)
def test_a_double_click_discards(screen: str) -> None:
    hand = SCREENS[screen](2)
    pos = hand.tile_pos(hand.first)
    for e in (down(pos), up(pos), down(pos), up(pos)):
        hand.host.stack.handle_event(e)
    assert hand.discarded()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("clicks", [1, 2])
def test_a_tile_dragged_to_the_pond_is_discarded(screen: str, clicks: int) -> None:
    hand = SCREENS[screen](clicks)
    start = hand.tile_pos(hand.first)
    middle = ((start[0] + hand.drop[0]) // 2, (start[1] + hand.drop[1]) // 2)
    _drag(hand, start, middle, hand.drop)
    assert hand.discarded()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("clicks", [1, 2])
def test_a_tile_dragged_back_to_the_hand_stays(screen: str, clicks: int) -> None:
    hand = SCREENS[screen](clicks)
    start = hand.tile_pos(hand.first)
    _drag(hand, start, (start[0], start[1] - 40), hand.drop, (start[0] + 3, start[1]))
    assert not hand.discarded()
    assert hand.raised() is None  # as it was before the drag


@pytest.mark.parametrize("screen", SCREENS)
def test_the_raised_tile_wears_its_tag_and_a_dragged_tile_follows_the_pointer(screen: str) -> None:
    """Drawn: the tag over the raised tile, then the dragged tile under the pointer (and not in the hand)."""
    hand = SCREENS[screen](2)
    surface = pygame.Surface(SIZE)
    hand.host.stack.draw(surface)
    plain = surface.copy()
    pos = hand.tile_pos(hand.first)
    _click(hand, pos)
    hand.host.stack.draw(surface)
    above = pygame.Rect(pos[0] - 40, pos[1] - 110, 80, 50)
    assert _differs(plain, surface, above), "the tag shows over the raised tile"
    hand.host.stack.handle_event(down(pos))
    hand.host.stack.handle_event(move((200, 200)))
    hand.host.stack.draw(surface)
    assert _differs(plain, surface, pygame.Rect(180, 180, 40, 40)), "the tile is under the pointer"


def _differs(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    return pygame.image.tobytes(a.subsurface(rect), "RGB") != pygame.image.tobytes(b.subsurface(rect), "RGB")
