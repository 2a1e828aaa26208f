"""Playing with mouse and keys: events posted through pygame into the table's handle_event.

Each test plays seeded hands (the player's seat by the built-in bot) until the table waits for
the player in the state the test needs, then drives it with clicks and key presses.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.engine.actions import ActionKind
from game.engine.events import Claimed, ReadyDeclared, TileDiscarded
from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from ui.kit.dialogs import ConfirmScene
from ui.probe.moments import stage_until
from ui.settings.values import Speed
from ui.stage.scene import Host
from ui.table.rack_view import geometry_for
from ui.table.scene import TableScene
from ui.words import strings as S

SIZE = (1280, 720)
CLASSIC = load_ruleset("guiyang-classic")
MODERN = load_ruleset("guiyang-modern")


@pytest.fixture(autouse=True)
def _chinese() -> object:
    S.set_language("zh")
    yield
    S.set_language("zh")


def _send(host: Host, *events: pygame.event.Event) -> None:
    """Post events into pygame's queue and hand what comes out to the scene stack, as the main loop does."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    for e in pygame.event.get():
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEMOTION):
            host.stack.handle_event(e)


def click(pos: tuple[float, float], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])), button=button)


def tap(pos: tuple[float, float]) -> tuple[pygame.event.Event, pygame.event.Event]:
    """A click on the hand: the button down and up again, where a tile is raised or discarded."""
    at = (round(pos[0]), round(pos[1]))
    return click(at), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def waiting(scene: TableScene) -> bool:
    """Read through a call, so the type checker does not assume the state stands still between events."""
    return scene.waiting_for_player


def selected(scene: TableScene) -> int | None:
    return scene.selected


def top(host: Host) -> object:
    return host.stack.top


def _tile_centre(scene: TableScene, index: int) -> tuple[float, float]:
    geo = geometry_for(scene.layout, scene.model, 0)
    slots = [*geo.hand, *([geo.drawn] if geo.drawn is not None else [])]
    return slots[index].centre


def _my_turn(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "turn" and not obs.declared[0] and len(scene.moves.selectable()) > 1


def _turn() -> tuple[Host, TableScene]:
    host, scene = stage_until(_my_turn, SIZE, CLASSIC, seed="input", opponents=SimpleAgent)
    host.settings.speed = Speed.NORMAL
    return host, scene


def test_click_selects_and_a_second_click_discards() -> None:
    host, scene = _turn()
    index = scene.moves.selectable()[0]
    tile = scene.moves.hand_tiles()[index]
    _send(host, *tap(_tile_centre(scene, index)))
    assert selected(scene) == index and waiting(scene)
    _send(host, *tap(_tile_centre(scene, index)))
    assert not waiting(scene)
    discards = [e for e in scene.presenter.queue if isinstance(e, TileDiscarded)]
    assert discards and discards[0].seat == 0 and discards[0].tile == tile


def test_a_dimmed_tile_cannot_be_selected_and_right_click_clears() -> None:
    host, scene = _turn()
    index = scene.moves.selectable()[-1]
    _send(host, *tap(_tile_centre(scene, index)))
    assert selected(scene) == index
    _send(host, click(_tile_centre(scene, index), button=3))
    assert selected(scene) is None and waiting(scene)
    _send(host, click((5, 5)))  # the felt: nothing happens
    assert selected(scene) is None and waiting(scene)


def test_arrow_keys_move_the_selection_and_enter_discards() -> None:
    host, scene = _turn()
    choices = scene.moves.selectable()
    scene.selected = None
    _send(host, key(pygame.K_RIGHT))
    assert selected(scene) == choices[0]
    _send(host, key(pygame.K_RIGHT))
    assert selected(scene) == choices[1]
    _send(host, key(pygame.K_LEFT), key(pygame.K_LEFT))
    assert selected(scene) == choices[-1]
    tile = scene.moves.hand_tiles()[choices[-1]]
    _send(host, key(pygame.K_RETURN))
    assert not waiting(scene)
    assert any(isinstance(e, TileDiscarded) and e.tile == tile and e.seat == 0 for e in scene.presenter.queue)


def test_hint_key_selects_the_suggested_discard() -> None:
    host, scene = _turn()
    scene.selected = None
    _send(host, key(pygame.K_h))
    assert scene.hinted_action is not None
    assert scene.message.startswith("提示")
    if scene.hinted_action.kind is ActionKind.DISCARD:
        index = selected(scene)
        assert index is not None and scene.moves.hand_tiles()[index] == scene.hinted_action.tile


def test_clicks_skip_running_animations() -> None:
    host, scene = _turn()
    _send(host, key(pygame.K_RETURN) if scene.selected is not None else key(pygame.K_h), key(pygame.K_RETURN))
    scene.update(1 / 60)
    assert scene.presenter.animating
    _send(host, click((640, 360)))
    assert not scene.presenter.animating


def _offered(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "claims" and any(a.kind is ActionKind.PUNG for a in obs.legal_actions)


def test_claim_buttons_are_the_legal_actions_only() -> None:
    """docs/rules.md §4: on a discard the player may pung, kong or win (never chow), or pass."""
    host, scene = stage_until(_offered, SIZE, CLASSIC, seed="claims", opponents=SimpleAgent)
    obs = scene.obs
    assert obs is not None
    legal = {a.kind for a in obs.legal_actions}
    shown = {b.action.kind for b in scene.buttons if b.action is not None}
    assert shown == legal
    labels = {b.label for b in scene.buttons}
    assert S.tr("btn_pung") in labels and S.tr("btn_pass") in labels
    pung = next(b for b in scene.buttons if b.style == "pung")
    assert obs.last_discard is not None and pung.tile == obs.last_discard[1], "the button shows the tile it claims"
    assert next(b for b in scene.buttons if b.style == "pass").tile is None
    _send(host, click(pung.rect.center))
    assert not waiting(scene)
    assert any(isinstance(e, Claimed) and e.seat == 0 for e in scene.presenter.queue)


def _win_offered(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "claims" and any(a.kind is ActionKind.WIN for a in obs.legal_actions)


def test_passing_a_win_under_guoshui_asks_first() -> None:
    """docs/rules.md §12.12 过水: passing a win bars winning off a discard until one's next draw; the UI warns."""
    host, scene = stage_until(_win_offered, SIZE, MODERN, seed="guoshui", opponents=SimpleAgent)
    assert MODERN.play.passed_win == "guoshui"
    _send(host, key(pygame.K_n))
    dialog = top(host)
    assert isinstance(dialog, ConfirmScene)
    assert "过水" in dialog.message
    _send(host, key(pygame.K_ESCAPE))
    assert top(host) is scene and waiting(scene)
    _send(host, key(pygame.K_n))
    _send(host, key(pygame.K_RETURN))
    assert top(host) is scene and not waiting(scene)


def test_passing_a_win_under_baopai_warns_of_the_penalty() -> None:
    """docs/rules.md §4 包牌: a seat that passes a win and then wins on another discard pays the others; the UI
    warns."""
    host, scene = stage_until(_win_offered, SIZE, CLASSIC, seed="bp", opponents=SimpleAgent)
    assert CLASSIC.play.passed_win == "baopai"
    pass_button = next(b for b in scene.buttons if b.style == "pass")
    _send(host, click(pass_button.rect.center))
    dialog = top(host)
    assert isinstance(dialog, ConfirmScene) and "包牌" in dialog.message
    _send(host, key(pygame.K_RETURN))
    assert top(host) is scene and not waiting(scene)


def test_winning_needs_no_warning_without_baopai() -> None:
    host, scene = stage_until(_win_offered, SIZE, MODERN, seed="guoshui", opponents=SimpleAgent)
    _send(host, key(pygame.K_w))
    assert top(host) is scene and not waiting(scene)
    assert any(type(e).__name__ == "HandWon" for e in scene.presenter.queue)


def _may_declare(scene: TableScene) -> bool:
    obs = scene.obs
    return obs is not None and obs.phase == "turn" and any(a.declare for a in obs.legal_actions)


def test_ready_button_declares_with_the_chosen_discard() -> None:
    """docs/rules.md §4 报听: on the first turn a ready hand may declare; only discards that keep it ready are
    offered."""
    host, scene = stage_until(_may_declare, SIZE, MODERN, seed="moment", opponents=SimpleAgent)
    ready = next(b for b in scene.buttons if b.command == "ready")
    _send(host, click(ready.rect.center))
    assert scene.declare_mode
    obs = scene.obs
    assert obs is not None
    keeps = {a.tile for a in obs.legal_actions if a.declare}
    choices = scene.moves.selectable()
    assert {scene.moves.hand_tiles()[i] for i in choices} == keeps
    view = scene.view()
    assert all(i in view.hand_ui.dimmed for i in range(len(scene.moves.hand_tiles())) if i not in choices)
    _send(host, *tap(_tile_centre(scene, choices[0])), *tap(_tile_centre(scene, choices[0])))
    assert any(isinstance(e, ReadyDeclared) and e.seat == 0 for e in scene.presenter.queue)
