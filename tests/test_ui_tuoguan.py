"""托管 at the table: a button (and T) hands the seat to the AI and takes it back, here and over the network."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.engine.actions import Action
from game.engine.events import Event
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.cut_rig import watch_cuts
from tests.net_window_rig import two_seats, until
from tests.ui_host import FRAME, HeadlessHost, headless_display
from ui.kit.dialogs import ChoiceScene
from ui.probe.hot_seat_moments import hot_seat_table
from ui.probe.moments import stage_until
from ui.settings.values import Settings, Speed
from ui.table.model import HIDDEN
from ui.table.privacy import PrivacyScene
from ui.table.scene import TableScene
from ui.table.settlement_port import SettlementPanel
from ui.words import strings as S

SIZE = (1280, 720)
CLASSIC = load_ruleset("guiyang-classic")


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUIYANG_MAHJONG_HOME", str(tmp_path))
    S.set_language("zh")


def _asked(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "turn" and len(obs.ponds[0]) >= 1


def _key(host: object, key: int) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))  # type: ignore[attr-defined]


def test_the_tuoguan_button_hands_the_seat_to_the_ai_and_takes_it_back_at_one_screen() -> None:
    host, scene = stage_until(_asked, SIZE, CLASSIC, seed="tuoguan", opponents=SimpleAgent)
    scene.autopilot = scene.pause_autopilot = None  # the player's moves are the test's from here
    button = scene.tuoguan_button()
    assert button is not None and button.label == "托管"
    assert pygame.Rect((0, 0), SIZE).contains(button.rect)
    assert not any(b.rect.colliderect(button.rect) for b in scene.buttons)

    def discards() -> int:
        return len(scene.session.observe(0).ponds[0])

    ponds, moves = discards(), scene.player_moves
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center))
    after = scene.tuoguan_button()
    assert after is not None and after.label == "取消托管"
    for _ in range(3000):
        host.stack.update(FRAME)
        if discards() >= ponds + 2 or scene.phase != "hand":
            break
    assert discards() >= ponds + 2 and scene.player_moves > moves, "the AI played the seat, the test did nothing"
    _key(host, pygame.K_t)
    assert not scene.tuoguan.on and scene.tuoguan.pilot() is None
    for _ in range(600):
        host.stack.update(FRAME)
        if scene.obs is not None:
            break
    asked = scene.obs
    for _ in range(30):
        host.stack.update(FRAME)
    assert asked is not None and scene.obs is asked, "the seat is the player's again: the table waits for them"


def _offers_stop(sheet: SettlementPanel) -> bool:
    return sheet.stop_tuoguan is not None


def test_t_on_the_settlement_sheet_takes_the_seat_back_before_the_next_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand played out in 托管 ends on its sheet, which says T stops it: pressed there, the next hand is the
    player's from its first decision rather than the AI's until the player finds the button again."""
    from tests.cut_rig import drawn_texts

    host, scene = stage_until(_asked, SIZE, CLASSIC, seed="tuoguan", opponents=SimpleAgent)
    scene.autopilot = scene.pause_autopilot = None
    _key(host, pygame.K_t)
    assert scene.tuoguan.pilot() is not None, "the AI plays the seat"
    for _ in range(20000):
        host.stack.update(FRAME)
        if host.stack.top is not scene:
            break
    sheet = host.stack.top
    assert isinstance(sheet, SettlementPanel) and _offers_stop(sheet), "the hand ended on its sheet"
    drawn = drawn_texts(monkeypatch, "shadowed")
    host.stack.draw(headless_display(SIZE))
    assert S.tr("settle_tuoguan_off") in drawn, drawn
    _key(host, pygame.K_t)
    assert scene.tuoguan.pilot() is None and not _offers_stop(sheet)
    drawn.clear()
    host.stack.draw(headless_display(SIZE))
    assert drawn and S.tr("settle_tuoguan_off") not in drawn


def test_the_keys_line_lists_t() -> None:
    assert "T 托管" in S.tr("keys_help") and "T 托管" in S.tr("keys_help_practice")


def test_the_tuoguan_button_and_key_ask_the_host_and_show_its_word() -> None:
    with two_seats(chat=True) as (overlay, _friend, host):
        session = overlay.session

        def frame() -> None:
            host.stack.update(FRAME)

        button = overlay.table.tuoguan_button()
        chat = overlay.chat_button()
        assert button is not None and chat is not None and not button.rect.colliderect(chat)

        def says(label: str) -> bool:
            shown = overlay.table.tuoguan_button()
            return shown is not None and shown.label == label

        _key(host, pygame.K_t)
        until(lambda: session.status is not None and session.status.seats[0].tuoguan and says("取消托管"), frame)
        on = overlay.table.tuoguan_button()
        assert on is not None
        host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=on.rect.center))
        until(lambda: session.status is not None and not session.status.seats[0].tuoguan and says("托管"), frame)


def _shared_table() -> tuple[HeadlessHost, TableScene]:
    """East (Ann) and West (小明) are people at one screen; South and North the built-in bot."""
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
    scene = hot_seat_table(host, CLASSIC, "shared-tuoguan")
    host.stack.push(scene)
    return host, scene


def _click(host: HeadlessHost, pos: tuple[int, int]) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def test_a_person_at_a_shared_screen_hands_their_seat_to_the_ai_and_takes_it_back() -> None:
    """East hands over at a decision: the AI plays East from then on with no hand-off screen for East (West's come
    as ever); 取消托管·东家 gives East back, and East's next decision comes behind East's own hand-off screen."""
    host, scene = _shared_table()
    bot = SimpleAgent()
    handoffs: list[int] = []
    handed_over = False
    east_moves_by_ai = 0
    session = scene.session
    original = session.apply

    def counting(action: Action, stand_in: bool = False) -> list[Event]:
        nonlocal east_moves_by_ai
        if action.seat == 0 and scene.tuoguan.holds(0):
            east_moves_by_ai += 1
        # The AI's moves for a person are marked as such (the review leaves them out); the people's own are not.
        assert stand_in == (action.seat == 0 and scene.tuoguan.holds(0)), (action, stand_in)
        return original(action, stand_in)

    session.apply = counting  # type: ignore[method-assign]
    for _ in range(40000):
        top = host.stack.top
        if scene.phase != "hand":
            break
        if isinstance(top, PrivacyScene):
            handoffs.append(top.seat)
            assert not (handed_over and top.seat == 0), "no hand-off screen for a seat on auto-play"
            top.reveal()
            continue
        obs = scene.obs
        if obs is not None and not handed_over and obs.seat == 0 and obs.phase == "turn":
            button = scene.tuoguan_button()
            assert button is not None and button.label == "托管"
            assert pygame.Rect((0, 0), SIZE).contains(button.rect)
            assert not any(b.rect.colliderect(button.rect) for b in scene.buttons)
            _click(host, button.rect.center)
            assert scene.obs is None and HIDDEN in scene.model.hands[0], "East's hand is hidden at once"
            handed_over, handoffs = True, []
            continue
        if obs is not None:
            scene.moves.commit(bot.choose(obs))
            continue
        host.stack.update(FRAME)
        if handed_over and east_moves_by_ai >= 6:
            break
    assert handed_over and east_moves_by_ai >= 6, "the AI played East's seat"
    assert 2 in handoffs, "West is still handed the table"
    while isinstance(host.stack.top, PrivacyScene):  # West's screen: no button shows over it
        assert not scene.tuoguan_buttons()
        host.stack.top.reveal()
    back = next(b for b in scene.tuoguan_buttons() if b.label == "取消托管·东家")
    _click(host, back.rect.center)
    assert not scene.tuoguan.holds(0)
    for _ in range(40000):
        top = host.stack.top
        if isinstance(top, PrivacyScene):
            if top.seat == 0:
                break
            top.reveal()
            continue
        if scene.phase != "hand":
            pytest.fail("the hand ended before East decided again")
        if scene.obs is not None:
            scene.moves.commit(bot.choose(scene.obs))
            continue
        host.stack.update(FRAME)
    assert isinstance(host.stack.top, PrivacyScene) and host.stack.top.seat == 0, "East decides behind their screen"


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_shared_screens_tuoguan_buttons_stack_in_the_corner_whole(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    """The deciding person's 托管 and a 取消托管 for each seat handed over: inside the window, clear of each other
    and of the answer buttons, their words whole; T presses the one in the corner."""
    S.set_language(lang)
    headless_display(size)
    host = HeadlessHost(Settings(speed=Speed.INSTANT, language=lang), size)
    scene = hot_seat_table(host, CLASSIC, "shared-corner")
    host.stack.push(scene)
    bot = SimpleAgent()
    for _ in range(20000):
        if isinstance(host.stack.top, PrivacyScene):
            host.stack.top.reveal()
        elif scene.obs is not None and scene.obs.seat == 2:
            break
        elif scene.obs is not None:
            scene.moves.commit(bot.choose(scene.obs))
        else:
            host.stack.update(FRAME)
    assert scene.obs is not None and scene.obs.seat == 2
    scene.tuoguan.toggle_seat(0)
    cuts = watch_cuts(monkeypatch)
    host.stack.draw(headless_display(size))
    buttons = scene.tuoguan_buttons()
    assert [b.label for b in buttons] == [S.tr("btn_tuoguan"), S.tr("btn_tuoguan_back", who=S.wind_seat(0, 4))]
    window = pygame.Rect((0, 0), size)
    for i, b in enumerate(buttons):
        assert window.contains(b.rect)
        assert not any(b.rect.colliderect(other.rect) for other in buttons[i + 1 :] + scene.buttons)
    assert cuts == []
    _key(host, pygame.K_t)
    assert scene.tuoguan.holds(2) and not scene.buttons, "T handed West's decision to the AI"
    assert HIDDEN in scene.model.hands[0], "West's hand is hidden at once"
    # Both seats handed over: one button asks whose seat goes back.
    (which,) = scene.tuoguan_buttons()
    assert which.label == S.tr("btn_tuoguan_which") and window.contains(which.rect)
    _click(host, which.rect.center)
    chooser = host.stack.top
    assert isinstance(chooser, ChoiceScene)
    host.stack.draw(headless_display(size))
    assert [b.label for b in chooser.buttons] == [
        scene.seat_label(0),
        scene.seat_label(2),
        S.tr("btn_cancel"),
    ]
    assert all(window.contains(b.rect) for b in chooser.buttons) and cuts == []
    _key(host, pygame.K_2)
    assert host.stack.top is scene and scene.tuoguan.seats == {0}, "West is West's person's again"
    S.set_language("zh")
