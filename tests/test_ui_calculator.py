"""The score calculator screen (ui/calculator/): keyboard-only entry, clicks on the palette, problems drawn at
their fields in both languages, settling onto the settlement screen, saving, opening, and the replay viewer's
"open in calculator"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.calculator.files import HandStore
from game.calculator.sheet import Calculator
from game.core.settlement import settle
from game.core.tiles import parse_tile
from game.handfile import read_hand_file
from game.rules.loader import load_ruleset
from tests.cut_rig import watch_cuts
from tests.replay_rig import play_hands
from tests.ui_host import HeadlessHost, headless_display
from ui.calculator.naming import field_widget_key
from ui.calculator.open_scene import OpenHandScene, PathField
from ui.calculator.problems import problem_text
from ui.calculator.scene import CalculatorScene
from ui.calculator.widgets import Palette, TileRow
from ui.look import palette as pal
from ui.menu.main_menu import MainMenu
from ui.probe.calculator_moments import EXAMPLE_HAND, example_calculator
from ui.probe.menu_moments import MENU_MOMENTS, render_menu_moment
from ui.replays.browser import ReplayViewerScene, open_replays
from ui.settings.values import Settings
from ui.settlement.hands import not_entered_note
from ui.settlement.scene import SettlementScene
from ui.settlement.sheet import sheet_rows
from ui.words import strings as S

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def chinese() -> None:
    S.set_language("zh")


def _host(size: tuple[int, int] = SIZE) -> HeadlessHost:
    headless_display(size)
    return HeadlessHost(Settings(ruleset="guiyang-classic"), size)


def key(host: HeadlessHost, k: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def type_text(host: HeadlessHost, text: str) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def focus(scene: CalculatorScene, name: str) -> None:
    """Tab until the control `name` has the keyboard (as a person without a mouse does)."""
    for _ in range(len(scene.widgets) + 1):
        if scene.focus is not None and scene.keys[scene.focus] == name:
            return
        scene.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {name}")


def draw(host: HeadlessHost) -> pygame.Surface:
    screen = headless_display(host.stack.size)
    host.stack.update(1 / 60)
    host.stack.draw(screen)
    return screen


def test_the_main_menu_opens_the_calculator(home: Path) -> None:
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    button = next(w for w in menu.widgets if getattr(w, "label", "") == S.tr("menu_calculator"))
    button.click(button.rect.center)
    assert isinstance(host.stack.top, CalculatorScene)


def test_a_whole_hand_entered_from_the_keyboard_settles(home: Path) -> None:
    """Keyboard only: Tab to each field, type the notation, Enter; F5 settles to `settle FILE`'s ledger."""
    host = _host()
    scene = CalculatorScene(host)
    host.stack.push(scene)
    hands = [
        "234m 67s 11s",  # and 8s, entered once as the winning tile
        "159m 26p 37s 48m 49p 5s 9s",
        "26m 36p 48s 159p 5s 3m 7m 6s",
        "37m 9s 26p 48p 3p 6m 9m 2s 5s 4s",
    ]
    discards = ["9m 1s 2p", "9p 6s", "3m", "8p"]
    for seat in range(4):
        focus(scene, f"hand:{seat}")
        type_text(host, hands[seat])
        key(host, pygame.K_RETURN)
        focus(scene, f"discards:{seat}")
        type_text(host, discards[seat])
        key(host, pygame.K_RETURN)
    focus(scene, "melds:0")
    type_text(host, "kong 7p concealed")
    key(host, pygame.K_RETURN)
    type_text(host, "pung 5m from 2")
    key(host, pygame.K_RETURN)
    focus(scene, "winners")
    key(host, pygame.K_SPACE)  # the lit seat is East
    focus(scene, "win_tile")
    type_text(host, "8s")
    key(host, pygame.K_RETURN)
    focus(scene, "flip")
    type_text(host, "4m")
    key(host, pygame.K_RETURN)
    assert not any(k.startswith("first_chicken") for k in scene.keys)  # classic follows no first chickens
    scene.calc.set_first_chicken(parse_tile("1s"), 0)  # classic does not follow first chickens: not on screen
    scene.calc.set_first_chicken(parse_tile("8p"), 3)
    scene.refresh()
    assert scene.problems == []
    key(host, pygame.K_F5)
    top = host.stack.top
    assert isinstance(top, SettlementScene)
    expected = read_hand_file(ROOT / "tests" / "hands" / "example.yaml")
    assert top.result == expected
    assert top.ledger == settle(expected, RULES)
    assert top.settled.next_dealer == 0 and top.settled.next_streak == 1
    draw(host)
    key(host, pygame.K_RETURN)  # back to the calculator, the hand still there
    assert host.stack.top is scene and scene.calc.seats[0].hand
    assert HandStore.for_player().recent(), "a settled hand is kept among the recent ones"


def test_palette_clicks_go_to_the_lit_field_and_a_fifth_copy_is_refused(home: Path) -> None:
    host = _host()
    scene = CalculatorScene(host)
    host.stack.push(scene)
    draw(host)
    palette = scene.widgets[scene.keys.index("palette")]
    assert isinstance(palette, Palette)
    cell = palette.cells()[parse_tile("1s")]
    for _ in range(4):
        palette.click(cell.center)
    assert scene.calc.seats[0].hand == [parse_tile("1s")] * 4
    row = scene.widgets[scene.keys.index("discards:2")]
    row.click(row.rect.center)
    scene.widgets[scene.keys.index("palette")].click(cell.center)
    assert scene.calc.seats[2].discards == []
    assert scene.notice.bad and scene.notice.text == "幺鸡四张都已用完"
    hand = scene.widgets[scene.keys.index("hand:0")]
    assert isinstance(hand, TileRow)
    draw(host)
    hand.click(hand.tile_rects(scene.m)[0].center)  # a click on a tile takes it out
    assert len(scene.calc.seats[0].hand) == 3


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_impossible_hand_says_why_at_its_field(home: Path, lang: str) -> None:
    """docs/rules.md §5: a winner holds 13 tiles and the winning tile, which is entered once, as 胡的牌; the
    winning tile typed into the hand too is said at the hand, in words."""
    S.set_language(lang)
    host = _host()
    calc = Calculator.from_text(EXAMPLE_HAND)
    calc.type_tiles(0, "hand", "234m 678s 11s")
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    (problem,) = scene.problems
    assert problem.field == "seats[0]"
    text = problem_text(problem)
    if lang == "zh":
        assert text == "不算胡的牌共14张（手牌8张，副露2组各算3张）；胡牌的一家应为13张"
    else:
        assert text == ("14 tiles besides the winning tile (8 in hand, 2 melds at 3 each); a winner holds 13")
    slot = scene.widgets[scene.keys.index("hand:0")]
    shown = [(rect, lines) for rect, lines in scene.problem_lines if lines]
    assert [lines for _r, lines in shown] == [[text]]
    assert shown[0][0].top >= slot.rect.bottom  # under its field
    key(host, pygame.K_F5)
    assert host.stack.top is scene and scene.notice.bad
    assert scene.keys[scene.focus or 0] == "hand:0"  # the keyboard goes to the first problem
    draw(host)


def test_every_known_problem_has_chinese_words() -> None:
    """Each wording check_hand uses for the example's mistakes reads in Chinese, with no English left."""
    cases = [
        EXAMPLE_HAND.replace("tile: 8s", "tile: 9s"),
        EXAMPLE_HAND.replace("hand: 159m 26p 37s 48m 49p 5s 9s", "hand: 159m 26p 37s 48m 49p 5s"),
        EXAMPLE_HAND.replace("from: self}", "from: 0}"),
        EXAMPLE_HAND.replace("hand: 234m 678s 11s", "hand: 234m 678s 19s"),
        EXAMPLE_HAND.replace("discards: 8p", "discards: 8p 1s 1s"),
        EXAMPLE_HAND.replace("{1s: 0, 8p: 3}", "{1s: 1, 8p: 3}"),
        EXAMPLE_HAND.replace("flip: 4m", "flip: 4m\nbaopai: [1]"),
        EXAMPLE_HAND.replace("by: [0]", "by: [0, 1]"),
        EXAMPLE_HAND.replace("kong 7p concealed", "kong 7p concealed late"),  # docs/rules.md §12.18
        EXAMPLE_HAND.replace("    discards: 9p 6s", "    discards: 9p 6s\n    declared_ready: true"),
        EXAMPLE_HAND.replace("flip: 4m", "flip: 4m\nbaopai: []").replace("classic", "modern"),
        EXAMPLE_HAND.replace("guiyang-classic", "zhuoji-x10").replace(
            "    discards: 9p 6s", "    discards: 9p 6s\n    declared_ready: true"
        ),
    ]
    S.set_language("zh")
    for text in cases:
        problems = Calculator.from_text(text).problems()
        assert problems
        for p in problems:
            words = problem_text(p)
            assert not any(w in words for w in ("seat", "hand", "win", "tile", "discard")), (p.message, words)


def test_save_then_open_gives_the_same_hand(home: Path) -> None:
    host = _host()
    scene = CalculatorScene(host, example_calculator(RULES), keep_recent=False)
    host.stack.push(scene)
    key(host, pygame.K_F2)
    saved = HandStore.for_player().saved()
    assert len(saved) == 1 and scene.notice.text.endswith(str(saved[0]))
    assert read_hand_file(saved[0]) == example_calculator(RULES).result()  # settles the same from the command line
    key(host, pygame.K_c)
    focus(scene, "clear")
    key(host, pygame.K_RETURN)
    assert scene.calc.seats[0].hand == []
    key(host, pygame.K_F3)
    listing = host.stack.top
    assert listing is not scene
    draw(host)
    key(host, pygame.K_RETURN)
    assert host.stack.top is scene
    assert scene.calc.result() == example_calculator(RULES).result()


def test_a_broken_file_is_reported_and_the_hand_kept(home: Path, tmp_path: Path) -> None:
    host = _host()
    scene = CalculatorScene(host, example_calculator(RULES), keep_recent=False)
    host.stack.push(scene)
    bad = tmp_path / "bad.yaml"
    bad.write_text("seats: [\n", encoding="utf-8")
    scene.load_file(bad)
    assert scene.notice.bad and "not valid YAML" in scene.notice.text
    assert scene.calc.seats[0].hand  # nothing the player had is lost


def test_the_replay_viewer_opens_the_end_of_a_hand_in_the_calculator(home: Path) -> None:
    """A played hand, from the replay viewer's last step: the calculator settles it to the game's ledger."""
    play_hands(1)
    host = _host()
    open_replays(host)
    key(host, pygame.K_RETURN)
    viewer = host.stack.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.result is not None
    assert not any(b.command == "calculator" for b in viewer.buttons)
    key(host, pygame.K_END)
    assert any(b.command == "calculator" for b in viewer.buttons)
    key(host, pygame.K_c)
    calc_scene = host.stack.top
    assert isinstance(calc_scene, CalculatorScene)
    result, ledger = calc_scene.calc.settle()
    assert result == viewer.result
    assert ledger == settle(viewer.result, RULES)


@pytest.mark.parametrize(
    "moment",
    [
        "calculator",
        "calculator-result",
        "calculator-problems",
        "calculator-three",  # docs/rules.md §15.2: tables of three and two
        "calculator-three-result",
        "calculator-two",
        "calculator-two-result",
    ],
)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screenshot_moments(moment: str, size: tuple[int, int], home: Path) -> None:
    assert moment in MENU_MOMENTS
    picture = render_menu_moment(moment, size, RULES, language="en")
    assert picture.get_size() == size
    assert not list((home / "saves").glob("**/*.yaml")), "a screenshot keeps no hand"


def test_any_hand_file_opens_by_its_path_or_by_dropping_it(home: Path, tmp_path: Path) -> None:
    """A hand exported from a played game (`simulate --export`) opens by a typed path, or dropped on the window."""
    exported = tmp_path / "hand-0001.yaml"
    exported.write_text(EXAMPLE_HAND, encoding="utf-8")
    host = _host()
    scene = CalculatorScene(host, keep_recent=False)
    host.stack.push(scene)
    key(host, pygame.K_F3)
    listing = host.stack.top
    assert isinstance(listing, OpenHandScene)
    listing.focus = next(i for i, w in enumerate(listing.widgets) if isinstance(w, PathField))
    draw(host)
    type_text(host, str(exported))
    key(host, pygame.K_RETURN)
    assert host.stack.top is scene and scene.calc.result() == example_calculator(RULES).result()
    key(host, pygame.K_F5)
    settled: object = host.stack.top  # read afresh: the F5 key pushed a new scene
    assert isinstance(settled, SettlementScene)
    key(host, pygame.K_ESCAPE)
    scene.clear()
    host.stack.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(exported)))
    assert scene.calc.result() == example_calculator(RULES).result()


def test_the_hand_being_entered_is_there_next_time(home: Path) -> None:
    """Nothing typed is lost: leaving the calculator (or the window closing) keeps the hand for next time."""
    host = _host()
    scene = CalculatorScene(host)
    host.stack.push(scene)
    focus(scene, "hand:1")
    type_text(host, "123m 456p")
    key(host, pygame.K_RETURN)
    for _ in range(120):  # two seconds without a change: kept even if the window closes now
        host.stack.update(1 / 60)
    again = CalculatorScene(_host())
    assert again.calc.seats[1].hand == [0, 1, 2, 12, 13, 14]
    key(host, pygame.K_ESCAPE)
    assert host.stack.top is not scene
    focus(again, "clear")
    again.key(pygame.K_RETURN)
    again.leave()
    assert CalculatorScene(_host()).calc.seats[1].hand == []


def test_the_players_own_rulesets_are_offered_and_named_by_name(home: Path) -> None:
    """Any table's rules: a ruleset the player copied into their folder is a choice, and the saved hand
    names it as `settle FILE` finds it: by its name, in the player's rulesets folder."""
    from game.files.userdirs import user_dirs
    from game.rules.user import copy_builtin

    own = copy_builtin("guiyang-modern", user_dirs().ensure("rulesets"), "our-table")
    host = _host()
    scene = CalculatorScene(host, example_calculator(RULES), keep_recent=False)
    host.stack.push(scene)
    assert own.stem in [ref for _r, ref in scene.rulesets]
    focus(scene, "ruleset")
    while scene.calc.ruleset_ref != own.stem:
        key(host, pygame.K_RIGHT)
    saved = scene._store().save(scene.calc.text())
    result = read_hand_file(saved)
    assert result.ruleset == "our-table"
    assert settle(result, load_ruleset(str(own))) == scene.calc.settle()[1]


def _red_at(screen: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether a pixel of the palette's problem red lies in `rect` (clipped to the screen)."""
    rect = rect.clip(screen.get_rect())
    red = pygame.Color(*pal.TEXT_RED)
    return any(screen.get_at((x, y)) == red for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right))


def test_every_problem_counted_is_drawn_in_red_at_its_control(home: Path) -> None:
    """docs/rules.md §1, §5: the status says "N处要改（打叉处）"; each of those N problems is framed in red at its
    control,
    or (the census, of no one control) written in red at the foot of the panel."""
    host = _host()
    calc = Calculator(RULES)
    calc.type_tiles(0, "hand", "123m456p789s1122s")
    calc.set_winners([0])
    calc.set_win_tile(parse_tile("2s"))
    calc.type_tiles(1, "hand", "1111s 2222s 33s")  # one 1s over the four, and no seat 2 or 3 hand
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    scene.settle()
    screen = draw(host)
    assert scene.notice.text == S.tr("calc_impossible", n=len(scene.problems))
    assert len(scene.problems) >= 4
    assert any(field_widget_key(p.field) == "general" for p in scene.problems)  # the census: no one control
    general = [
        lines for _rect, lines in scene.problem_lines if lines and lines[0].startswith(S.tr("calc_other_problems"))
    ]
    for p in scene.problems:
        key = field_widget_key(p.field)
        if key in scene.keys and key != "general":
            rect = scene.widgets[scene.keys.index(key)].rect
            frame = rect.inflate(scene.m.px(6), scene.m.px(6))
            assert _red_at(screen, pygame.Rect(frame.left, frame.top, frame.width, scene.m.px(3))), p.field
        else:
            assert general, p.field
            rect = next(r for r, lines in scene.problem_lines if lines in general)
            assert _red_at(screen, rect), p.field


def test_quick_entry_on_screen_asks_only_readiness_and_chickens(home: Path) -> None:
    """docs/rules.md §8: in quick entry a seat that did not win shows whether it was ready and the chickens it holds;
    its missing answer is named at it in red, and once given the hand settles."""
    host = _host()
    calc = Calculator(RULES)
    calc.type_tiles(0, "hand", "123m456p789s1122s")
    calc.set_winners([0])
    calc.set_win_tile(parse_tile("2s"))
    calc.set_flip(parse_tile("4p"))
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    focus(scene, "quick")
    key(host, pygame.K_RIGHT)
    assert scene.calc.quick and scene.calc.stand_ins() == [1, 2, 3]
    assert {f"ready:{i}" for i in (1, 2, 3)} <= set(scene.keys)
    screen = draw(host)
    for i in (1, 2, 3):
        rect = scene.widgets[scene.keys.index(f"ready:{i}")].rect.inflate(scene.m.px(6), scene.m.px(6))
        assert _red_at(screen, pygame.Rect(rect.left, rect.top, rect.width, scene.m.px(3)))
    for i in (1, 2, 3):
        scene.calc.set_ready(i, i == 2)
    scene.refresh()
    assert "chickens:2" in scene.keys and "chickens:1" not in scene.keys  # classic: a seat not ready never collects
    scene.set_target("chickens:2")
    scene.pick(parse_tile("1s"))
    assert scene.calc.chickens[2] == [parse_tile("1s")]
    scene.settle()
    assert isinstance(host.stack.top, SettlementScene)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_hands_not_entered_are_not_shown_as_entered(home: Path, lang: str) -> None:
    """Quick entry: the settlement lays out only the tiles that were entered for a seat left without a hand (its
    chickens named, its melds), never the stand-in it was settled with, and says what it was taken to be."""
    S.set_language(lang)
    host = _host()
    calc = Calculator(RULES)
    calc.set_quick(True)
    calc.type_tiles(0, "hand", "123m 456p 789s 1122s")
    calc.set_winners([0])
    calc.set_win_tile(parse_tile("2s"))
    calc.set_flip(parse_tile("4p"))
    for i in (1, 2, 3):
        calc.set_ready(i, i == 2)
    calc.type_tiles(2, "chickens", "1s")
    calc.add_meld(3, "pung 5m from 2")
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    scene.settle()
    sheet = host.stack.top
    assert isinstance(sheet, SettlementScene)
    assert sheet.result is not None and len(sheet.result.seats[1].concealed) == 13  # settled with a stand-in
    rows = sheet_rows(sheet.result)
    assert len(sheet.shown_slots(0, rows)) == 14
    assert sheet.shown_slots(1, rows) == []
    assert [t for _g, t, _w in sheet.shown_slots(2, rows)] == [parse_tile("1s")]
    assert [t for _g, t, _w in sheet.shown_slots(3, rows)] == [parse_tile("5m")] * 3
    notes = {seat: not_entered_note(a) for seat, a in sheet.not_entered.items()}
    assert notes == {
        1: S.tr("settle_not_entered_not_ready"),
        2: S.tr("settle_not_entered_ready"),
        3: S.tr("settle_not_entered_not_ready"),
    }
    assert ("未录入" if lang == "zh" else "not entered") in notes[1]
    draw(host)


def test_the_winners_hand_field_asks_for_thirteen(home: Path) -> None:
    """The winning tile is entered once, as 胡的牌: the winner's hand field says so and counts to 13."""
    host = _host()
    calc = Calculator(RULES)
    calc.set_winners([1])
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    hand = scene.widgets[scene.keys.index("hand:1")]
    assert isinstance(hand, TileRow) and hand.placeholder == S.tr("calc_hand_winner")
    other = scene.widgets[scene.keys.index("hand:0")]
    assert isinstance(other, TileRow) and other.placeholder == S.tr("calc_hand")
    calc.type_tiles(1, "hand", "123m 456p 789s 1122s")
    calc.set_win_tile(parse_tile("2s"))
    scene.refresh()
    assert not [p for p in scene.problems if p.field == "seats[1]"]
    draw(host)


@pytest.mark.parametrize(
    ("key_name", "typed", "code", "words"),
    [
        ("hand:1", "123", "tile_no_suit", "“123”第3个字符看不懂（写法如 123m 456p 11s）"),
        ("win_tile", "5m6m", "tile_not_one", "只能写一张牌，如 5s"),
        ("melds:1", "pung 5m from 1", "meld_own_discard", "不能碰或杠自己打出的牌"),
    ],
)
def test_a_mistyped_entry_is_said_in_chinese_at_its_field(
    home: Path, key_name: str, typed: str, code: str, words: str
) -> None:
    """An entry that does not parse is reported as a code and shown in Chinese under its own field."""
    host = _host()
    scene = CalculatorScene(host, Calculator(RULES), keep_recent=False)
    host.stack.push(scene)
    focus(scene, key_name)
    type_text(host, typed)
    key(host, pygame.K_RETURN)
    draw(host)
    (problem,) = [p for p in scene.problems if p.code == code]
    assert field_widget_key(problem.field) == key_name
    assert problem_text(problem) == words
    assert any(words in lines for _rect, lines in scene.problem_lines)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("quick", [False, True], ids=["full", "quick"])
def test_the_calculators_words_are_whole_and_its_problems_inside_their_seats(
    home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, quick: bool
) -> None:
    """No label, option or key hint cut short ("…") at any window in either language, in full or quick entry; each
    seat's line of problems lies inside its block, clear of the frame, with room for a line."""
    S.set_language(lang)
    host = _host(size)
    calc = Calculator(RULES)
    calc.set_quick(quick)
    scene = CalculatorScene(host, calc, keep_recent=False)
    host.stack.push(scene)
    cuts = watch_cuts(monkeypatch)
    draw(host)
    assert cuts == []
    line_h = round(scene.m.small * 1.3)
    for block, (line, _problems) in zip(scene.seat_rects, scene.problem_lines, strict=False):
        assert block.contains(line) and line.bottom <= block.bottom - 2 and line.height >= line_h - 2


class _Placed(pygame.Surface):
    """A surface that remembers what was blitted where."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: object, *args: object, **kwargs: object) -> pygame.Rect:  # type: ignore[override]
        at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))  # type: ignore[index]
        self.placed.append((source, pygame.Rect(at, source.get_size())))
        return super().blit(source, dest, *args, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_melds_caption_is_never_drawn_over_its_tiles(home: Path, size: tuple[int, int], lang: str) -> None:
    """碰·西, 暗杠(憨包): under the tiles where the row is tall enough, else after the last meld, or not at all."""
    from ui.calculator.widgets import MeldRow
    from ui.probe.calculator_moments import problem_calculator

    S.set_language(lang)
    host = _host(size)
    scene = problem_calculator(host, RULES)
    assert isinstance(scene, CalculatorScene)
    host.stack.push(scene)
    draw(host)
    rows = [w for w in scene.widgets if isinstance(w, MeldRow) and w.melds()]
    assert rows
    for row in rows:
        art, _rects = row.layout(scene.m)
        surface = _Placed(size)
        row.draw(surface, scene.m, False, False)
        faces = {id(art.back())} | {id(art.face(meld.tile)) for meld in row.melds()}
        tiles = [
            pygame.Rect(r.left + art.pad, r.top + art.pad, *art.body_size) for s, r in surface.placed if id(s) in faces
        ]
        # The words' ink, not their pictures' boxes (the first picture placed is the row's box).
        words = [s.get_bounding_rect().move(r.topleft) for s, r in surface.placed[1:] if id(s) not in faces]
        assert tiles and not any(w.colliderect(t) for w in words for t in tiles), (words, tiles)
