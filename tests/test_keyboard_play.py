"""A match from the keyboard alone: the main menu to a solo table, a discard, claims answered, the table's buttons
reached by Tab, 定缺 named by 1 2 3, and the dialogs answered by the focused button."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.engine.actions import ActionKind
from game.rules.loader import load_ruleset
from tests.keyboard_rig import press, top
from tests.ui_host import HeadlessHost, headless_display
from ui.kit.dialogs import ChoiceScene, ConfirmScene
from ui.kit.widgets import Button
from ui.menu.main_menu import MainMenu
from ui.menu.new_game import NewGameScene
from ui.settings.values import Settings, Speed
from ui.table.scene import TableScene
from ui.table.settlement_port import SettlementPanel
from ui.words import strings as S

pytestmark = pytest.mark.usefixtures("keyboard_home")  # a home of its own, in Chinese


def _host() -> HeadlessHost:
    headless_display((1280, 720))
    return HeadlessHost(Settings(speed=Speed.INSTANT, auto_pass=False), (1280, 720))


def handed_over(table: TableScene) -> bool:
    """True while the AI plays the player's seat (托管)."""
    return table.tuoguan.on


def tab_to(host: HeadlessHost, label: str) -> None:
    """Tab round the top menu until the button saying `label` has the keyboard."""
    scene = host.stack.top
    for _ in range(40):
        focused = scene.widgets[scene.focus] if scene.focus is not None else None  # type: ignore[union-attr]
        if isinstance(focused, Button) and focused.label == label:
            return
        press(host, pygame.K_TAB)
    pytest.fail(f"Tab never reached {label}")


def run_until_asked(host: HeadlessHost, table: TableScene, frames: int = 3000) -> None:
    """Let the table run until it waits for the player; a hand's settlement sheet is closed by Enter."""
    table.step_budget = None
    for _ in range(frames):
        if host.stack.top is table and table.waiting_for_player and not table.presenter.animating:
            return
        if isinstance(host.stack.top, SettlementPanel):
            press(host, pygame.K_RETURN)
        host.stack.update(1 / 60)
    pytest.fail(f"the table never asked the player: {host.stack.top} on top, phase {table.phase}")


def solo_table(host: HeadlessHost) -> TableScene:
    """From the main menu, by keys: 单人游戏, then 开始 on the new game screen."""
    host.stack.push(MainMenu(host))
    tab_to(host, S.tr("menu_solo"))
    press(host, pygame.K_RETURN)
    assert isinstance(top(host), NewGameScene)
    tab_to(host, S.tr("ng_start"))
    press(host, pygame.K_RETURN)
    table = top(host)
    assert isinstance(table, TableScene)
    return table


def test_a_solo_game_is_started_played_and_its_claims_answered_from_the_keyboard() -> None:
    host = _host()
    table = solo_table(host)
    discards = answers = 0
    for _ in range(60):
        run_until_asked(host, table)
        obs = table.obs
        assert obs is not None
        moves = table.player_moves
        if obs.phase == "turn":
            press(host, pygame.K_RIGHT)  # the first tile that may go
            press(host, pygame.K_RETURN)
            discards += 1
        elif obs.phase in ("claims", "rob"):
            kinds = {a.kind for a in obs.legal_actions}
            press(host, pygame.K_p if ActionKind.PUNG in kinds else pygame.K_n)
            answers += 1
        else:
            press(host, pygame.K_1)
        if isinstance(host.stack.top, ConfirmScene):  # passing a win asks first: yes, by Enter
            press(host, pygame.K_RETURN)
        assert table.player_moves == moves + 1, obs.phase
        if discards >= 3 and answers >= 2:
            return
    pytest.fail(f"only {discards} discards and {answers} answers")


def test_tab_gives_the_keyboard_to_the_tables_buttons_and_enter_presses_the_focused_one() -> None:
    host = _host()
    table = solo_table(host)
    host.settings.practice = True
    for _ in range(60):
        run_until_asked(host, table)
        if table.obs is not None and table.obs.phase in ("claims", "rob"):
            break
        press(host, pygame.K_RIGHT)
        press(host, pygame.K_RETURN)
    obs = table.obs
    assert obs is not None and obs.phase in ("claims", "rob")
    ring = table.input.focusables()
    assert [b.command for b in ring][-1] == "tuoguan"  # the answers, 悔牌, then 托管 in the corner
    press(host, pygame.K_TAB)
    assert table.input.focused() == ring[0]
    press(host, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.input.focused() is None  # back round to the hand
    press(host, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.input.focused() == ring[-1]
    press(host, pygame.K_RETURN)  # 托管, pressed by the keyboard
    assert handed_over(table)
    press(host, pygame.K_t)
    assert not handed_over(table)
    pass_button = next(b for b in table.buttons if b.action is not None and b.action.kind is ActionKind.PASS)
    while table.input.focused() != pass_button:
        press(host, pygame.K_TAB)
    moves = table.player_moves
    press(host, pygame.K_RETURN)
    if isinstance(host.stack.top, ConfirmScene):
        press(host, pygame.K_RETURN)
    assert table.player_moves == moves + 1


def test_the_focus_ring_is_drawn_round_the_focused_button() -> None:
    host = _host()
    table = solo_table(host)
    run_until_asked(host, table)
    press(host, pygame.K_TAB, pygame.KMOD_SHIFT)  # the last button: 托管 in the corner
    button = table.input.focused()
    assert button is not None
    surface = pygame.Surface(host.stack.size)
    host.stack.draw(surface)
    ring = button.rect.inflate(8, 8)
    from ui.kit.metrics import FOCUS

    edge = [surface.get_at((x, ring.centery))[:3] for x in range(ring.left - 2, ring.left + 4)]
    assert FOCUS in edge


def test_at_a_table_of_three_the_missing_suit_is_named_by_1_2_3() -> None:
    host = _host()
    rules = load_ruleset("sandingguai")
    assert rules.players == 3 and rules.play.dingque
    table = TableScene(host, rules, "keys-dingque")
    host.stack.push(table)
    run_until_asked(host, table)
    obs = table.obs
    assert obs is not None and obs.phase == "dingque"
    assert sorted(b.key or 0 for b in table.buttons) == [pygame.K_1, pygame.K_2, pygame.K_3][: len(table.buttons)]
    moves = table.player_moves
    press(host, pygame.K_n)  # the 定缺 buttons look like 过, but N is not theirs
    assert table.player_moves == moves
    press(host, pygame.K_2)
    assert table.player_moves == moves + 1
    assert table.session.observe(0).missing[0] == 1  # 筒, the second suit


def test_a_confirm_is_answered_by_the_focused_button() -> None:
    host = _host()
    said: list[str] = []
    host.stack.push(MainMenu(host))
    host.stack.push(ConfirmScene(host, "?", "yes", lambda: said.append("yes")))
    press(host, pygame.K_TAB)  # from yes to cancel
    press(host, pygame.K_SPACE)
    assert said == [] and not isinstance(host.stack.top, ConfirmScene)
    host.stack.push(ConfirmScene(host, "?", "yes", lambda: said.append("yes")))
    press(host, pygame.K_RETURN)  # the keyboard starts on yes
    assert said == ["yes"]


def test_a_choice_is_made_by_arrows_and_enter() -> None:
    host = _host()
    said: list[int] = []
    host.stack.push(MainMenu(host))
    host.stack.push(ChoiceScene(host, "which", [("a", lambda: said.append(0)), ("b", lambda: said.append(1))]))
    press(host, pygame.K_DOWN)
    press(host, pygame.K_RETURN)
    assert said == [1]
