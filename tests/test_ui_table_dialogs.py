"""Dialogs over the table: Escape on the settlement screen offers to leave, every dialog pauses the table and
its AI players, and a new match asks before it replaces the saved one."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.kit.dialogs import ConfirmScene
from ui.match.config import MatchConfig, MatchLength, SeatConfig
from ui.menu.main_menu import MainMenu
from ui.menu.match_flow import start_match
from ui.menu.new_game import NewGameScene
from ui.menu.save import SAVE_NAME, describe_save
from ui.probe.moments import stage_moment
from ui.settings.values import Settings, Speed
from ui.settlement import SettlementScene
from ui.stage.scene import Host, Scene
from ui.table.scene import TableScene
from ui.words import strings as S

CLASSIC = load_ruleset("guiyang-classic")
SOLO = (SeatConfig("human"), SeatConfig("ai", "easy"), SeatConfig("ai", "easy"), SeatConfig("ai", "easy"))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")
    yield
    S.set_language("zh")


def _key(host: Host, key: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _top(host: Host) -> Scene | None:
    return host.stack.top


def _host() -> HeadlessHost:
    headless_display((1280, 720))
    return HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))


def _to_settlement(host: Host, table: TableScene) -> SettlementScene:
    table.autopilot = SimpleAgent()
    table.step_budget = None
    for _ in range(6000):
        top = host.stack.top
        if isinstance(top, SettlementScene):
            top.auto_close = None
            return top
        host.stack.update(FRAME)
    pytest.fail("the hand never reached its settlement")


def test_escape_on_the_settlement_screen_offers_to_leave_and_space_starts_the_next_hand() -> None:
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    table = start_match(host, MatchConfig("guiyang-classic", "settle-esc", SOLO, MatchLength("hands", 4)), CLASSIC)
    panel = _to_settlement(host, table)
    done = table.hands_done
    _key(host, pygame.K_ESCAPE)
    assert isinstance(host.stack.top, ConfirmScene), "Escape asks before leaving"
    _key(host, pygame.K_ESCAPE)  # "no": back to the settlement screen, no hand started
    assert _top(host) is panel and table.phase == "panel" and table.hands_done == done
    _key(host, pygame.K_SPACE)
    assert panel not in host.stack.scenes() and table.phase == "hand", "Space still starts the next hand"
    panel = _to_settlement(host, table)
    _key(host, pygame.K_ESCAPE)
    _key(host, pygame.K_RETURN)  # "yes": back to the menu
    assert host.stack.scenes() == (menu,)


@pytest.mark.parametrize("moment", ["count", "break", "mid-hand"])
def test_a_dialog_over_the_table_pauses_the_count_the_break_and_the_ai(moment: str) -> None:
    host, table = stage_moment(moment, (1280, 720), CLASSIC, seed="pause")
    table.autopilot = None  # nobody answers for the player: only the AIs and the animations could move
    table.on_leave = lambda: None
    table.selected = None
    clock, started = table.presenter.clock, len(table.presenter.started)
    counted, gap, version = table.presenter.counted(), table.presenter.wall_gap(), table.model.version
    _key(host, pygame.K_ESCAPE)
    dialog = host.stack.top
    assert isinstance(dialog, ConfirmScene)
    for _ in range(240):
        host.stack.update(FRAME)
    assert table.presenter.clock == clock
    assert len(table.presenter.started) == started and table.model.version == version
    assert table.presenter.counted() == counted and table.presenter.wall_gap() == gap
    _key(host, pygame.K_ESCAPE)  # "no": the table plays on from where it stopped
    assert _top(host) is table
    host.stack.update(FRAME)
    assert table.presenter.clock > clock


def _saved_match(host: Host) -> TableScene:
    """A solo match played into its second hand, saved as "continue" would find it."""
    table = start_match(host, MatchConfig("guiyang-classic", "saved", SOLO, MatchLength("hands", 8)), CLASSIC)
    panel = _to_settlement(host, table)
    panel.close()
    host.stack.update(FRAME)
    host.stack.remove(table)
    return table


def test_a_new_match_asks_before_it_replaces_the_saved_one_and_names_it() -> None:
    host = _host()
    menu = MainMenu(host)
    host.stack.push(menu)
    old = _saved_match(host)
    summary = describe_save(SAVE_NAME)
    assert summary is not None and summary.hand == 2 and summary.scores == tuple(old.session.scores)
    screen = NewGameScene(host, "solo")
    host.stack.push(screen)
    screen.start()
    dialog = host.stack.top
    assert isinstance(dialog, ConfirmScene), "starting over a saved match asks first"
    assert CLASSIC.title_zh in dialog.message and "第2局" in dialog.message
    for seat, n in enumerate(old.session.scores):
        assert f"{S.wind(seat, 4)} {n:+d}" in dialog.message if n else f"{S.wind(seat, 4)} 0" in dialog.message
    _key(host, pygame.K_ESCAPE)  # keep the saved match
    assert _top(host) is screen
    assert describe_save(SAVE_NAME) == summary
    screen.start()
    _key(host, pygame.K_RETURN)  # replace it
    assert isinstance(_top(host), TableScene) and _top(host) is not old
    replaced = describe_save(SAVE_NAME)
    assert replaced is not None and replaced.hand == 1 and replaced.scores == (0, 0, 0, 0)


def test_a_new_match_with_no_save_starts_at_once() -> None:
    host = _host()
    host.stack.push(MainMenu(host))
    screen = NewGameScene(host, "solo")
    host.stack.push(screen)
    screen.start()
    assert isinstance(host.stack.top, TableScene)
