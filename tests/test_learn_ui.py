"""The guide, the lessons and the first-run offer on screen, headless: they draw, react, and switch rulesets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.learn.first_run import first_run_pending, mark_offered
from game.learn.guide import guide_pages
from game.records.stats import lessons_finished, load_stats
from game.rules.loader import load_ruleset
from main import main
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.menu_scene import MenuScene
from ui.kit.widgets import Button
from ui.learn.first_run import FirstRunScene, with_first_run_offer
from ui.learn.guide_scene import GuideScene
from ui.learn.lesson_scene import LessonScene, TileButton
from ui.menu.main_menu import MainMenu
from ui.probe.learn_moments import is_learn_moment, render_learn_moment
from ui.settings.values import Settings
from ui.words import strings as S

CLASSIC = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    yield
    S.set_language("zh")  # moments and commands set the language for their run; leave the default behind


def _host(size: tuple[int, int] = (1280, 720)) -> HeadlessHost:
    headless_display(size)
    return HeadlessHost(Settings(), size)


def _press(host: HeadlessHost, label: str) -> None:
    top = host.stack.top
    assert isinstance(top, MenuScene)
    button = next(w for w in top.widgets if isinstance(w, Button) and w.label == label)
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))


def _double_click(host: HeadlessHost, pos: tuple[int, int]) -> None:
    """Two clicks on a tile of the hand: the first raises it, the second discards it (the default setting)."""
    for _ in range(2):
        host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_screenshot_guide_writes_the_first_page(tmp_path: Path) -> None:
    """`screenshot guide OUT.png` and `guide-N` render like the other moments; a page not there exits 2."""
    out = tmp_path / "guide.png"
    assert main(["screenshot", "guide", str(out)]) == 0 and out.stat().st_size > 10_000
    assert main(["screenshot", "guide-10", str(tmp_path / "g10.png"), "--lang", "en"]) == 0
    assert main(["screenshot", "guide-99", str(tmp_path / "g99.png")]) == 2


def test_learn_moment_names() -> None:
    """The moment names the screenshot command knows."""
    for name in (
        "guide",
        "guide-3",
        "lessons",
        "first-run",
        "lesson-2",
        "lesson-3-2",
        "lesson-1-wrong",
        "lesson-6-end",
    ):
        assert is_learn_moment(name)
    assert not is_learn_moment("guides") and not is_learn_moment("lesson-x")


def test_guide_turns_pages_and_switches_rulesets() -> None:
    """docs/rules.md §11: switching the ruleset on the page re-reads every number."""
    host = _host()
    scene = GuideScene(host, ruleset="guiyang-classic")
    host.stack.push(scene)
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert scene.page == 1
    before = scene.pages
    _press(host, S.tr("guide_ruleset", name=CLASSIC.title_zh))
    assert scene.rules.name != "guiyang-classic"
    assert scene.pages == guide_pages(scene.rules) and scene.pages != before
    surface = pygame.Surface((1280, 720))
    host.stack.draw(surface)


def test_guide_switcher_reaches_every_shipped_ruleset() -> None:
    """docs/rules.md §11, §14: the ruleset button cycles all seven shipped rulesets, guiyang-daopei among them."""
    from game.rules.loader import builtin_ruleset_names

    host = _host()
    scene = GuideScene(host, ruleset="guiyang-classic")
    host.stack.push(scene)
    seen = []
    for _ in builtin_ruleset_names():
        seen.append(scene.rules.name)
        _press(host, S.tr("guide_ruleset", name=scene.rules.title_zh))
    assert sorted(seen) == sorted(builtin_ruleset_names()) and "guiyang-daopei" in seen
    assert scene.rules.name == "guiyang-classic"


def test_guide_switching_rulesets_keeps_the_topic_or_a_page_there_is() -> None:
    """docs/rules.md §15.3, §15.6: sandingguai has pages (定缺, 金钩钓) others lack; switching from one stays on a
    page the next ruleset has, and a topic both have stays the same."""
    host = _host()
    scene = GuideScene(host, ruleset="sandingguai")
    host.stack.push(scene)
    keys = [p.key for p in scene.pages]
    for key in ("dealer", "payments", "dingque"):
        scene.page = keys.index(key)
        while scene.rules.name != "erding-liangfang":
            scene.next_ruleset()
            assert 0 <= scene.page < len(scene.pages)
            host.stack.draw(pygame.Surface((1280, 720)))
        if key != "dingque":
            assert scene.pages[scene.page].key == key
        while scene.rules.name != "sandingguai":
            scene.next_ruleset()


def test_screenshot_guide_takes_the_daopei_ruleset(tmp_path: Path) -> None:
    """docs/rules.md §14: `screenshot guide-N --ruleset guiyang-daopei` renders that ruleset's page."""
    out = tmp_path / "daopei.png"
    assert main(["screenshot", "guide-7", str(out), "--ruleset", "guiyang-daopei"]) == 0
    assert out.stat().st_size > 10_000


def test_lesson_scene_plays_by_clicks_and_records_progress() -> None:
    """A lesson played through its buttons ends as intended and is kept in the statistics."""
    host = _host()
    scene = LessonScene(host, 1)
    host.stack.push(scene)
    advised = scene.advised_tile()
    tile = next(w for w in scene.widgets if isinstance(w, TileButton) and w.tile == advised)
    _double_click(host, tile.rect.center)
    assert scene.run.last_verdict == "good"
    _press(host, S.tr("btn_win"))
    assert scene.run.ended and scene.run.as_intended()
    assert 1 in lessons_finished(load_stats()[0])
    host.stack.draw(pygame.Surface((1280, 720)))


def test_lesson_scene_undo_button_takes_back_a_wrong_move() -> None:
    """A wrong discard is explained, and Take back restores the hand."""
    host = _host()
    scene = LessonScene(host, 1, keep_progress=False)
    host.stack.push(scene)
    hand = scene.run.observation().hand
    wrong = next(w for w in scene.widgets if isinstance(w, TileButton) and w.tile == hand[0])
    _double_click(host, wrong.rect.center)
    assert scene.run.last_verdict == "wrong"
    _press(host, S.tr("lesson_undo"))
    assert scene.run.observation().hand == hand


def test_first_run_offer_is_made_once_and_can_be_skipped() -> None:
    """The first start offers the guide or the first lesson over the menu; Skip leaves the menu; never again."""
    host = _host()
    assert first_run_pending()
    first = with_first_run_offer(host, MainMenu(host))
    assert isinstance(first, FirstRunScene)
    host.stack.push(first)
    assert not first_run_pending()
    _press(host, S.tr("first_skip"))
    assert isinstance(host.stack.top, MainMenu)
    again = _host()
    assert isinstance(with_first_run_offer(again, MainMenu(again)), MainMenu)


def test_first_run_offer_opens_the_first_lesson() -> None:
    """The offer's second button starts lesson 1."""
    host = _host()
    host.stack.push(with_first_run_offer(host, MainMenu(host)))
    _press(host, S.tr("first_lesson"))
    assert isinstance(host.stack.top, LessonScene) and host.stack.top.number == 1
    mark_offered()


@pytest.mark.parametrize("name", ["guide-7", "lesson-5-end", "lessons", "end-why", "end-chickens"])
def test_learn_moments_render(name: str) -> None:
    """Every kind of learn moment draws at 1280x720 in English."""
    surface = render_learn_moment(name, (1280, 720), CLASSIC, language="en")
    assert surface.get_size() == (1280, 720)


def test_learn_n_opens_the_lesson_in_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """`main.py learn 2` (no --autoplay) opens lesson 2 at the table."""
    from ui.stage.app import App

    seen: list[object] = []

    def fake_run(self: App, make: object, max_frames: int | None = None) -> int:
        self.stack.resize((1280, 720))
        seen.append(make(self))  # type: ignore[operator]
        return 0

    monkeypatch.setattr(App, "run", fake_run)
    assert main(["learn", "2", "--lang", "en"]) == 0
    assert isinstance(seen[0], LessonScene) and seen[0].number == 2
    assert main(["learn"]) == 2  # a lesson number is needed
