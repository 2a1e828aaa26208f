"""托管 at the table: a button (and T) hands the seat to the AI and takes it back, here and over the network."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.net_window_rig import two_seats, until
from tests.ui_host import FRAME
from ui.probe.moments import stage_until
from ui.table.scene import TableScene
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
