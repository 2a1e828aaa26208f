"""The client at tables of three (三丁拐) and two (二丁拐), docs/rules.md §15.2: at three the seats are 东, 南, 西 in
play order, you at the bottom, 下家 on the right and 上家 on the left, the side across empty; at two 东 and 西 sit face
to face. The layout gives every seat its own areas and the empty sides stay empty; the new-game screen offers the
table's size first; several people share one screen at a table of three."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.ruleset import Ruleset, place_seat, seat_place, seat_wind
from game.core.tiles import parse_tiles
from game.engine.events import HandEnded, HandSettled, WallBuilt
from game.engine.wall import side_lengths
from game.match import controller as claim
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.look.layout import table_layout
from ui.match.config import MatchConfig, SeatConfig
from ui.menu.new_game import NewGameScene, table_sizes
from ui.probe.moments import stage_moment
from ui.settings.values import TILE_SIZES, Settings, Speed
from ui.settlement import SettlementScene
from ui.settlement.sheet import sheet_rect
from ui.table.geometry import pond_slot, rack_geometry, wall_slot
from ui.table.model import MeldView
from ui.table.privacy import PrivacyScene
from ui.table.rotation import engine_seat, table_places, turn_event
from ui.table.scene import TableScene
from ui.table.session import local_session
from ui.words import strings as S

TABLES = {4: "guiyang-classic", 3: "sandingguai", 2: "erding-liangfang"}
SIZES = [(960, 540), (1280, 720), (1920, 1080), (1024, 600), (1366, 768)]
PLACE_ZONES = ("rack", "wall", "pond", "plate")


def _rules(players: int) -> Ruleset:
    return load_ruleset(TABLES[players])


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    yield
    S.set_language("zh")  # the tests switch to English for a while: leave the default behind whatever happened


def test_the_seats_winds_and_places_at_each_size() -> None:
    """docs/rules.md §15.2: 东南西北 at four; 东南西 at three, the next seat 下家 (right) and the one after 上家
    (left); 东 and 西 at two, face to face."""
    assert [seat_wind(4, s) for s in range(4)] == [0, 1, 2, 3]
    assert [seat_wind(3, s) for s in range(3)] == [0, 1, 2]
    assert [seat_wind(2, s) for s in range(2)] == [0, 2]
    assert [seat_place(3, s, 0) for s in range(3)] == [0, 1, 3]
    assert [seat_place(3, s, 1) for s in range(3)] == [3, 0, 1]
    assert [seat_place(2, s, 1) for s in range(2)] == [2, 0]
    assert place_seat(3, 2, 0) is None and place_seat(2, 1, 0) is None and place_seat(3, 3, 2) == 1
    S.set_language("zh")
    assert [S.wind(s, 3) for s in range(3)] == ["东", "南", "西"] and [S.wind(s, 2) for s in range(2)] == ["东", "西"]
    assert [S.seat_name(s, 0, 3) for s in range(3)] == ["你", "下家", "上家"]
    assert [S.seat_name(s, 0, 2) for s in range(2)] == ["你", "对家"]
    S.set_language("en")
    assert [S.wind(s, 2) for s in range(2)] == ["E", "W"] and S.seat_label(1, 0, 2) == "W Across"
    S.set_language("zh")


def test_events_are_seated_by_place_round_the_table() -> None:
    """docs/rules.md §15.2: at three the wall has three sides, each in front of its player; the table turned for
    South puts South at the bottom, East (its 上家) on the left, the side across empty."""
    rules = _rules(3)
    stacks = tuple(side_lengths(rules.table, 0, rules.wall_size))
    turned = turn_event(WallBuilt(stacks), 1, 3)
    assert isinstance(turned, WallBuilt) and turned.stacks == (18, 18, 0, 18)
    ended = turn_event(HandEnded(((1,), (2,), (3,)), (True, False, True)), 1, 3)
    assert isinstance(ended, HandEnded) and ended.hands == ((2,), (3,), (), (1,))
    settled = turn_event(HandSettled((3, -1, -2), (3, -1, -2), 2, 0), 1, 3)
    assert isinstance(settled, HandSettled) and settled.nets == (-1, -2, 0, 3) and settled.next_dealer == 1
    assert table_places(3) == (0, 1, 3) and engine_seat(3, 1, 3) == 0
    with pytest.raises(ValueError, match="no one sits"):
        engine_seat(2, 0, 3)


def _seat_areas(players: int, size: tuple[int, int], tiles: str = "normal") -> dict[int, list[pygame.Rect]]:
    layout = table_layout(size, _rules(players), tiles)
    return {place: [layout.zones[f"{kind}{place}"] for kind in PLACE_ZONES] for place in layout.places}


@pytest.mark.parametrize("tiles", TILE_SIZES)
@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("size", SIZES)
def test_no_two_seats_areas_overlap_and_each_wall_side_holds_its_stacks(
    players: int, size: tuple[int, int], tiles: str
) -> None:
    """docs/rules.md §15.2: one wall side in front of each player (18 stacks at three and two): every stack of it,
    the break's gap opened, lies in its own zone, and no seat's rack, wall, pond or plate touches another's, at
    every tile size a player may choose."""
    rules = _rules(players)
    layout = table_layout(size, rules, tiles)
    assert layout.places == table_places(players)
    screen = pygame.Rect((0, 0), layout.size)
    areas = _seat_areas(players, size, tiles)
    for place, rects in areas.items():
        assert all(screen.contains(r) for r in rects)
        for other, others in areas.items():
            if other != place:
                assert not any(a.colliderect(b) for a in rects for b in others), (size, place, other)
    for dealer in range(players):
        stacks = tuple(side_lengths(rules.table, dealer, rules.wall_size))
        turned = turn_event(WallBuilt(stacks), 0, players)
        assert isinstance(turned, WallBuilt)
        for side in layout.places:
            zone = layout.zones[f"wall{side}"]
            for k in range(turned.stacks[side]):
                for gap in (0.0, 30.0):
                    slot = wall_slot(layout, (side, k, 0), turned.stacks, gap, skipped=5)
                    assert zone.contains(pygame.Rect(slot.pos, slot.body)), (size, side, k)
        for side in set(range(4)) - set(layout.places):
            assert turned.stacks[side] == 0, "no wall where no one sits"


@pytest.mark.parametrize("tiles", TILE_SIZES)
@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("melds", [0, 2, 4])
def test_every_seats_hand_and_pond_fit_its_own_areas(
    players: int, size: tuple[int, int], melds: int, tiles: str
) -> None:
    """Each player's hand (laid open too), its kongs and a full pond lie inside its own rack and pond, at every tile
    size a player may choose."""
    layout = table_layout(size, _rules(players), tiles)
    tile = parse_tiles("5p")[0]
    for place in layout.places:
        rack = layout.zones[f"rack{place}"]
        givers = [p for p in layout.places if p != place]
        shown = [MeldView(tile, "exposed", givers[i % len(givers)]) for i in range(melds)]
        for laid_open in (False, True):
            geo = rack_geometry(layout, place, 13 - 3 * melds, True, shown, laid_open)
            for slot in [*geo.hand, geo.drawn, *(ms.slot for ms in geo.melds)]:
                assert slot is not None and rack.contains(slot.rect), (size, place, melds, laid_open)
        pond = layout.zones[f"pond{place}"]
        for i in range(30):
            assert pond.contains(pond_slot(layout, place, i, 30).rect), (size, place, i)


@pytest.mark.parametrize("players", [3, 2])
def test_the_empty_sides_stay_empty(players: int) -> None:
    """docs/rules.md §15.2: no hand, wall, pond or name plate is drawn where no one sits; the compass names only the
    seats that play."""
    size = (1280, 720)
    _host, scene = stage_moment("mid-hand", size, _rules(players), seed="empty")
    view = scene.view()
    board = scene.board.render(view)
    felt = scene.board.felt(view.layout)
    assert felt is not None
    empty = set(range(4)) - set(view.layout.places)
    assert empty
    for place in empty:
        for kind in PLACE_ZONES:
            zone = view.layout.zones[f"{kind}{place}"]
            shown = board.subsurface(zone)
            assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(felt.subsurface(zone), "RGB"), (
                kind,
                place,
            )
    model = scene.model
    assert sum(len(model.hands[p]) for p in empty) == 0 and model.stacks is not None
    assert all(model.stacks[p] == 0 for p in empty)
    assert {model.engine(p) for p in model.places} == set(range(players))


@pytest.mark.parametrize("players", [3, 2])
def test_the_settlement_sheet_has_a_row_a_player(players: int) -> None:
    """A row for each player, as tall as at four, so the sheet of a smaller table is shorter and centred."""
    size = (1280, 720)
    host, _scene = stage_moment("end", size, _rules(players), seed="sheet")
    sheet = host.stack.top
    assert isinstance(sheet, SettlementScene) and sheet.players == players
    four = sheet_rect(size, 4)
    assert sheet.rect.height < four.height and sheet.rect.centery == four.centery
    assert len(sheet.settled.nets) == players
    screen = headless_display(size)
    host.stack.draw(screen)


def test_the_new_game_screen_offers_the_tables_size_first_and_lists_its_rulesets() -> None:
    """docs/rules.md §15.2: 四人, 三丁拐, 二丁拐 first; a size lists only the rulesets of that many players, and the
    seats follow it (东南西 at three, 东西 at two)."""
    from ui.kit.widgets import Choice

    headless_display((1280, 720))
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    scene = NewGameScene(host, "solo")
    host.stack.push(scene)
    host.stack.update(1 / 60)
    sizes = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("ng_table_size"))
    assert [label for _v, label in sizes.options] == ["四人", "三丁拐", "二丁拐"]
    assert scene.widgets.index(sizes) < scene.widgets.index(scene.list_view), "the size comes before the rulesets"
    four = [scene.catalogue.entries[i].ruleset for i in scene.listed()]
    assert scene.players == 4 and all(r is not None and r.players == 4 for r in four)
    for players in (3, 2):
        sizes = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == S.tr("ng_table_size"))
        sizes.click(sizes.segments()[4 - players].center)
        assert scene.players == players
        listed = [scene.catalogue.entries[i] for i in scene.listed()]
        assert listed and all(e.ruleset is not None and e.ruleset.players == players for e in listed)
        assert scene.entry is not None and scene.entry.ruleset is not None
        assert scene.entry.ruleset.players == players
        assert len(scene.seats) == players and len(scene.seat_choices) == players
        assert len(scene.config().seats) == players
        assert not scene.problem()
    S.set_language("en")
    assert table_sizes() == [(4, "4 players"), (3, "3 players (三丁拐)"), (2, "2 players (二丁拐)")]
    S.set_language("zh")
    scene.start()
    table = host.stack.top
    assert isinstance(table, TableScene) and table.rules.players == 2 and table.model.places == (0, 2)


def test_several_people_share_one_screen_at_a_table_of_three() -> None:
    """East and West are people, South the bot (docs/rules.md §15.2: 东南西): every discard is answered by every
    other person in turn behind a hand-off screen that names the seat by its wind, each sees the table turned for
    them (their 上家 on the left), and the hand is settled on a sheet of three rows."""
    headless_display((1280, 720))
    rules = _rules(3)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    seats = (SeatConfig("human", name="Ann"), SeatConfig("ai", "easy"), SeatConfig("human", name="小明"))
    config = MatchConfig(rules.name, "three", seats)
    scene = TableScene(host, rules, "three", config=config, agents=[None, SimpleAgent(), None])
    scene.step_budget = None
    host.stack.push(scene)
    session = local_session(scene.session)
    bot = SimpleAgent()
    handoffs: list[int] = []
    answers = 0
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, SettlementScene):
            break
        if isinstance(top, PrivacyScene):
            handoffs.append(top.seat)
            wind = S.wind(top.seat, 3)
            assert top.lines()[0][1] == S.tr("privacy_call", wind=wind) and wind in ("东", "西")
            top.reveal()
            continue
        obs = scene.obs
        if obs is not None:
            # The person deciding sits at the bottom; the seat after them on the right, the one before on the left.
            assert scene.view_seat == obs.seat and scene.model.engine(0) == obs.seat
            assert scene.model.engine(1) == (obs.seat + 1) % 3 and scene.model.engine(3) == (obs.seat + 2) % 3
            held = session.held
            if held is not None:
                assert obs.seat in claim.answer_order(held.mover, [0, 2], 3)
                answers += 1
            scene.moves.commit(bot.choose(obs))
            continue
        host.stack.update(1 / 60)
    sheet = host.stack.top
    assert isinstance(sheet, SettlementScene), "the hand was played to its end"
    assert set(handoffs) == {0, 2} and answers > 5
    assert sheet.players == 3 and sheet.seat_label(2) == "西·小明" and sheet.seat_label(0) == "东·Ann"
    assert len(scene.session.scores) == 3


def test_a_round_at_a_table_of_three_is_three_passes_of_the_deal() -> None:
    """docs/rules.md §15.2: every seat deals once a round, three of them at a table of three."""
    from ui.match.config import MatchLength, MatchProgress, match_over

    progress = MatchProgress()
    for dealer, nxt in ((0, 1), (1, 1), (1, 2)):
        progress.record(dealer, nxt, (0, 0, 0))
    assert progress.rounds == 0 and not match_over(MatchLength("rounds", 1), progress)
    progress.record(2, 0, (3, -1, -2))
    assert progress.rounds == 1 and match_over(MatchLength("rounds", 1), progress)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_player_names_a_suit_with_a_button_and_every_plate_shows_it(lang: str) -> None:
    """docs/rules.md §15.3: after the deal the player is asked to name a suit (one button a suit in play, the suit's 1
    on it, keys 1 2 3, 万 筒 条 from left to right); once all have named one, each plate shows its seat's suit."""
    S.set_language(lang)
    headless_display((1280, 720))
    rules = _rules(3)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
    scene = TableScene(host, rules, "named", agents=[None, SimpleAgent(), SimpleAgent()])
    scene.step_budget = None
    host.stack.push(scene)
    for _ in range(5000):
        if scene.obs is not None:
            break
        host.stack.update(1 / 60)
    obs = scene.obs
    assert obs is not None and obs.phase == "dingque"
    assert scene.message == S.tr("your_dingque")
    named = [b for b in scene.buttons if b.action is not None and b.action.kind.value == "dingque"]
    shown = [S.tr("btn_dingque", suit=S.suit_short(s)) for s in (0, 1, 2)]
    assert [b.label for b in sorted(named, key=lambda b: b.rect.x)] == shown
    keys = sorted((b.key, b.action.tile) for b in named if b.action is not None and b.key is not None)
    assert keys == [(pygame.K_1, 0), (pygame.K_2, 9), (pygame.K_3, 18)]
    pick = next(b for b in named if b.action is not None and b.action.tile == 9)  # 筒
    assert pick.action is not None
    scene.moves.commit(pick.action)
    for _ in range(5000):
        if scene.model.missing[0] >= 0 and all(scene.model.missing[p] >= 0 for p in (1, 3)):
            break
        host.stack.update(1 / 60)
    assert scene.model.missing[0] == 1  # the player's own: 筒
    assert all(scene.model.missing[p] in (0, 1, 2) for p in (1, 3)) and scene.model.missing[2] == -1
    S.set_language("zh")
