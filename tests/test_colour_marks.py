"""Nothing by colour alone: each pair of states the game tells apart by colour also differs in shape, so that the
two pictures still differ once their colours are gone (turned to grey and cut at one lightness into a silhouette).

The seat whose turn it is (its plate and the compass), a chicken and a golden chicken (金鸡) against a plain tile,
the turned tile in the wall, the three states of a seat's line, the calculator's good and problem marks, and the
review's good and bad bars."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator
from itertools import combinations

import pygame
import pytest

from game.engine.actions import discard
from game.engine.events import TileFlipped
from game.learn.explain_words import Said
from game.review.report import Decision, Option
from game.rules.loader import load_ruleset
from ui.look import marks
from ui.look import palette as pal
from ui.look import text as T
from ui.look.layout import compute_layout
from ui.look.tile_art import Look, get_tile_art
from ui.review import bars
from ui.settlement.hands import draw_hand
from ui.table.compass import draw_compass
from ui.table.model import TableModel
from ui.table.plates import draw_plate
from ui.table.view import TableView
from ui.table.wall_view import draw_wall
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)
LEVEL = 100  # the lightness (0-255) a silhouette is cut at: the felt is dark, red text and gold light


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))
    before = S.language()
    S.set_language("en")
    yield
    S.set_language(before)


def silhouette(surface: pygame.Surface, rect: pygame.Rect | None = None) -> list[bool]:
    """Which pixels of `rect` (all of `surface`) are light: the picture's shape with its colours gone."""
    part = surface.subsurface(rect) if rect is not None else surface
    raw = pygame.image.tobytes(part, "RGB")
    return [(299 * raw[i] + 587 * raw[i + 1] + 114 * raw[i + 2]) // 1000 >= LEVEL for i in range(0, len(raw), 3)]


def shape_change(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect | None = None) -> int:
    """How many pixels of `rect` are light in one picture and dark in the other."""
    return sum(x != y for x, y in zip(silhouette(a, rect), silhouette(b, rect), strict=True))


def on_felt(mark: pygame.Surface) -> pygame.Surface:
    """`mark` on the table's felt, as it is seen."""
    out = pygame.Surface(mark.get_size())
    out.fill(pal.TABLE_GREEN)
    out.blit(mark, (0, 0))
    return out


def _view(model: TableModel) -> TableView:
    return TableView(layout=compute_layout(SIZE), model=model, rules=RULES, language="en")


def _model(turn: int) -> TableModel:
    m = TableModel(4)
    m.dealer = 2
    m.turn = turn
    return m


def _drawn(paint: Callable[[pygame.Surface], None], size: tuple[int, int] = SIZE) -> pygame.Surface:
    out = pygame.Surface(size)
    out.fill(pal.TABLE_GREEN)
    paint(out)
    return out


def test_the_plate_whose_turn_it_is_shows_a_shape_inside_it_not_only_a_gold_border() -> None:
    rect = compute_layout(SIZE).zones["plate0"]
    mine = _drawn(lambda s: draw_plate(s, _view(_model(0)), 0, rect))
    other = _drawn(lambda s: draw_plate(s, _view(_model(1)), 0, rect))
    inside = _drawn_part(other, rect).inflate(-12, -12)  # clear of the border, which is gold and thicker on the turn
    assert shape_change(mine, other, inside) >= 30


def _drawn_part(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """The part of `rect` where `surface` shows more than the felt (the plate, which sits at the zone's bottom)."""
    felt = surface.map_rgb(pal.TABLE_GREEN)
    rows = [
        y
        for y in range(rect.top, rect.bottom)
        if any(surface.get_at_mapped((x, y)) != felt for x in range(rect.left, rect.right, 2))
    ]
    return pygame.Rect(rect.left, rows[0], rect.width, rows[-1] + 1 - rows[0])


def test_the_compass_shows_whose_turn_it_is_by_shape_at_the_seats_wind() -> None:
    rect = compute_layout(SIZE).zones["compass"]
    bottom = pygame.Rect(
        rect.left + rect.width // 4, rect.centery + rect.height // 6, rect.width // 2, rect.height // 4
    )
    turn = _drawn(lambda s: draw_compass(s, _view(_model(0)), rect))
    wait = _drawn(lambda s: draw_compass(s, _view(_model(1)), rect))
    assert bottom.bottom < rect.bottom - 8, "the lit bar along the edge is left out: the wind itself must change"
    assert shape_change(turn, wait, bottom) >= 200  # a gold letter against a grey one differs by a few edge pixels


def test_the_dealers_wind_in_the_compass_is_ringed_not_only_red() -> None:
    rect = compute_layout(SIZE).zones["compass"]
    top = pygame.Rect(rect.left + rect.width // 4, rect.top + 10, rect.width // 2, rect.height // 3)

    def compass(dealer: int) -> pygame.Surface:
        m = _model(1)
        m.dealer = dealer
        return _drawn(lambda s: draw_compass(s, _view(m), rect))

    assert shape_change(compass(2), compass(0), top) >= 120  # a red letter against a grey one: by its edges alone


@pytest.mark.parametrize("width", [24, 40])
def test_a_chicken_tile_differs_in_shape_from_a_plain_one(width: int) -> None:
    art = get_tile_art(width)
    assert shape_change(on_felt(art.face(18, Look.CHICKEN)), on_felt(art.face(18))) >= 6


def test_a_golden_chicken_on_the_settlement_sheet_is_starred() -> None:
    art = get_tile_art(36)
    row: list[tuple[int, int | None, bool]] = [(0, 18, False), (0, 18, False), (0, 3, False)]
    size = (art.width * 4 + 2 * art.pad, art.size[1] + 4)

    def hand(golden: frozenset[int]) -> pygame.Surface:
        return _drawn(lambda s: draw_hand(s, (art.pad, art.pad), row, art, frozenset({18}), golden), size)

    assert shape_change(hand(frozenset({18})), hand(frozenset())) >= 2 * 10


def test_the_turned_tile_in_the_wall_carries_a_turning_arrow() -> None:
    def wall(flip: bool) -> pygame.Surface:
        m = TableModel(4)
        m.stacks = (14, 14, 14, 14)
        m.live = {(3, k, layer) for k in range(14) for layer in (0, 1)}
        place = (3, 13, 1)
        m.live.discard(place)
        if flip:
            m.flip = TileFlipped(place=place, tile=3, chicken=4)
        return _drawn(lambda s: draw_wall(s, _view(m), 3))

    plain, turned = wall(False), wall(True)
    m = TableModel(4)
    m.stacks = (14, 14, 14, 14)
    from ui.table.geometry import wall_slot

    tile = wall_slot(compute_layout(SIZE), (3, 13, 1), m.stacks).rect
    corner = pygame.Rect(tile.topleft, (tile.width // 2, tile.height // 2))
    # The face turned up changes the whole tile; its top-left corner must hold more than a face's ink.
    face_only = _drawn(lambda s: _face_up(s, m, (3, 13, 1)))
    assert shape_change(turned, face_only, corner) >= 8
    assert shape_change(turned, plain, tile) > 0


def _face_up(surface: pygame.Surface, m: TableModel, place: tuple[int, int, int]) -> None:
    """The wall with its tile at `place` face up and ringed as the turned tile is, and nothing more."""
    import dataclasses

    from ui.table.geometry import wall_slot
    from ui.table.pictures import blit_tile

    view = _view(m)
    m.live = {(3, k, layer) for k in range(14) for layer in (0, 1)} - {place}
    draw_wall(surface, view, 3)
    slot = dataclasses.replace(wall_slot(view.layout, place, m.stacks or ()), face_up=True)
    blit_tile(surface, slot, 3, Look.WINNING)


@pytest.mark.parametrize("size", [12, 14, 18])
def test_the_three_link_dots_differ_in_shape(size: int) -> None:
    dots = {state: on_felt(marks.link_dot(size, state)) for state in ("connected", "dropped", "ai")}
    for a, b in combinations(dots, 2):
        assert shape_change(dots[a], dots[b]) >= size // 2, (a, b)


def test_the_calculator_marks_a_good_hand_and_a_problem_by_shape() -> None:
    for size in (11, 16):
        assert shape_change(on_felt(marks.tick(size)), on_felt(marks.cross(size))) >= size // 2
        assert shape_change(on_felt(marks.cross_badge(size)), on_felt(marks.tick(size))) >= size // 2


def _decision(clear: bool) -> Decision:
    played, expert = discard(0, 1), discard(0, 2)
    # The same prices and the same uncertainty, so the same bars and whiskers: only how far the move played is
    # behind on the shared deals makes it a clear mistake (1.5 against a standard error of 0.3) or not (0.1).
    options = (Option(expert, 1.0, 64, 0.0, 0.0), Option(played, -0.5, 64, 1.5 if clear else 0.1, 0.3))
    return Decision(1, 1, "discard", 0, 50, played, expert, expert, options, Said("", ""))


def test_the_reviews_mistake_bar_differs_in_shape_from_a_fair_one() -> None:
    assert _decision(True).clear and not _decision(False).clear
    rect = pygame.Rect(0, 0, 420, 120)
    font = 16

    def drawn(d: Decision) -> pygame.Surface:
        out = pygame.Surface(rect.size)
        out.fill((10, 30, 22))
        bars.option_bars(out, rect, d, font)
        return out

    bad, fair = drawn(_decision(True)), drawn(_decision(False))
    row_h = round(font * 1.65)
    played_row = pygame.Rect(0, 2 * row_h, rect.width // 2, row_h)  # the key, the expert's row, then ours
    assert shape_change(bad, fair, played_row) >= 100  # red and blue words alone: a few edge pixels


def test_the_reviews_expert_and_played_marks_differ_in_shape() -> None:
    expert, played, mistake = marks.star(16, marks.EXPERT), marks.ring(16), marks.cross(16, marks.MISTAKE)
    for a, b in combinations((expert, played, mistake), 2):
        assert shape_change(on_felt(a), on_felt(b)) >= 8


def test_each_pair_of_state_colours_differs_in_lightness_as_well() -> None:
    """The pairs whose marks are shapes on their own need no more; the rest are told apart in grey too."""
    for group, pairs in marks.STATE_PAIRS.items():
        for name, (a, b) in pairs.items():
            assert marks.contrast(a, b) >= 1.2, (group, name)


def test_the_marks_are_kept_and_drawn_once() -> None:
    T.clear_cache()
    assert marks.cross(14) is marks.cross(14)
    assert marks.pointer(14, "down") is marks.pointer(14, "down")


def _seat(**given: object) -> object:
    from game.net.wire import protocol as P

    fields: dict[str, object] = {"name": "阿强", "kind": "human", "level": "", "connected": True}
    fields |= {"ai_playing": False, "taken": True, "tuoguan": False}
    return P.SeatInfo(**{**fields, **given})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("given", "state"),
    [
        ({}, "connected"),
        ({"connected": False, "ai_playing": True}, "dropped"),
        ({"ai_playing": True, "tuoguan": True}, "ai"),
        ({"kind": "ai", "name": "", "taken": False, "connected": False, "ai_playing": True}, "ai"),
        ({"name": "", "taken": False, "connected": False, "ai_playing": True}, "ai"),
    ],
)
def test_a_network_seat_gets_the_dot_of_its_state(given: dict[str, object], state: str) -> None:
    """Connected, dropped, or played by the computer (an AI seat, an empty one, a person's seat under 托管)."""
    from types import SimpleNamespace

    from ui.table.net_overlay import NetOverlay

    overlay = SimpleNamespace(session=SimpleNamespace(seat=0))
    status = SimpleNamespace(moving=[])
    assert NetOverlay._mark(overlay, 1, _seat(**given), status)[0] == state  # type: ignore[arg-type]


def test_the_career_charts_pairs_part_by_stripes_not_colour_alone() -> None:
    """The career charts' two columns a ruleset (won / dealt in, got / paid): the second is striped, so two columns
    of one height read apart once their colours are gone."""
    plain = pygame.Surface((200, 120))
    striped = pygame.Surface((200, 120))
    for surface, stripes in ((plain, False), (striped, True)):
        surface.fill((10, 30, 24))
        bars.column_chart(
            surface, surface.get_rect(), [5.0, 5.0], ["a"], 14, [(126, 222, 128), (224, 96, 80)], "{:.0f}", 2, stripes
        )
    first, second = pygame.Rect(0, 20, 100, 80), pygame.Rect(100, 20, 100, 80)
    assert silhouette(plain, first) == silhouette(plain, second), "without stripes the pair differs by hue alone"
    assert silhouette(striped, first) != silhouette(striped, second)


def test_a_badge_of_words_is_a_pill_as_tall_as_its_letters() -> None:
    """docs/rules.md §15.3: a plate's 缺 badge (缺条, "no Bam.") is a pill as tall as a letter badge, not a disc as
    wide as its words standing out of the plate; 庄 stays a disc and 听 a square."""
    from ui.table.plates import _badge

    S.set_language("en")
    pill = _badge(S.tr("dingque_badge", suit=S.suit_short(2)), 14, (120, 60, 160))
    disc = _badge(S.tr("dealer_badge"), 14, (200, 40, 36))
    assert pill.get_width() > pill.get_height() == disc.get_height()
    assert disc.get_width() == disc.get_height()
    assert _badge("听", 14, (58, 136, 218), square=True).get_width() == disc.get_width()
