"""Several people at one screen: the hand-off screen, and that no one sees another's concealed tiles."""

from __future__ import annotations

import pygame

from game.match.agents import SimpleAgent
from game.rules.loader import load_ruleset
from tests.ui_host import HeadlessHost, headless_display
from ui.match.config import MatchConfig, SeatConfig
from ui.settings.values import Settings, Speed
from ui.table.model import HIDDEN, TableModel
from ui.table.privacy import PrivacyScene
from ui.table.scene import TableScene

RULES = load_ruleset("guiyang-classic")
SIZE = (1280, 720)


def two_people() -> tuple[HeadlessHost, TableScene]:
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
    seats = (SeatConfig("human", name="Ann"), SeatConfig("ai"), SeatConfig("human", name="Bo"), SeatConfig("ai"))
    scene = TableScene(host, RULES, "privacy", config=MatchConfig(seed="privacy", seats=seats))
    scene.step_budget = None
    host.stack.push(scene)
    return host, scene


def no_hand_face_up(model: TableModel) -> bool:
    """True when no concealed tile of any seat is known to the table (so none can be drawn face up)."""
    return all(t == HIDDEN for seat in range(4) for t in model.hands[seat]) and all(
        d in (None, HIDDEN) for d in model.drawn
    )


def run_until_handoff(host: HeadlessHost, scene: TableScene, limit: int = 3000) -> PrivacyScene:
    for _ in range(limit):
        top = host.stack.top
        if isinstance(top, PrivacyScene):
            return top
        if scene.obs is not None:
            scene.moves.commit(SimpleAgent().choose(scene.obs))
        host.stack.update(1 / 60)
    raise AssertionError("no hand-off screen came up")


def click(host: HeadlessHost) -> None:
    host.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 360)))


def test_before_the_handoff_is_clicked_no_hand_is_face_up() -> None:
    """With two people, the table knows no concealed tile until the named seat clicks; then only theirs."""
    host, scene = two_people()
    seen: set[int] = set()
    for _ in range(6):
        screen = run_until_handoff(host, scene)
        assert no_hand_face_up(scene.model)
        assert screen.opaque  # the table below is not drawn at all
        seat = screen.seat
        click(host)
        assert host.stack.top is scene and scene.view_seat == seat
        # Turned for the seat: its own hand at the bottom, face up; every other hand hidden.
        assert HIDDEN not in scene.model.hands[0] and scene.model.hands[0]
        assert all(t == HIDDEN for other in (1, 2, 3) for t in scene.model.hands[other])
        host.stack.update(1 / 60)
        assert scene.obs is not None and scene.obs.seat == seat
        seen.add(seat)
    assert seen == {0, 2}


def test_while_an_ai_moves_no_hand_is_shown() -> None:
    host, scene = two_people()
    run_until_handoff(host, scene)
    click(host)
    host.stack.update(1 / 60)
    assert scene.obs is not None
    scene.moves.commit(SimpleAgent().choose(scene.obs))
    # The person has moved: their hand is covered at once, before the AIs answer.
    if scene.session.to_move() != [scene.view_seat]:
        assert no_hand_face_up(scene.model)
        for _ in range(40):
            host.stack.update(1 / 60)
            if isinstance(host.stack.top, PrivacyScene) or scene.session.viewer >= 0:
                break
            assert no_hand_face_up(scene.model)


def test_the_handoff_names_the_seat_and_draws_in_both_languages() -> None:
    from ui.words import strings as S

    host, scene = two_people()
    screen = run_until_handoff(host, scene)
    surface = pygame.Surface(SIZE)
    for lang in ("zh", "en"):
        S.set_language(lang)
        screen.draw(surface)
        texts = [t for _s, t in screen.lines()]
        assert S.wind(screen.seat, 4) in texts[0]
    S.set_language("zh")
    assert screen.lines()[0][1] == f"请{S.wind(screen.seat, 4)}家操作"


def test_one_person_sees_no_handoff() -> None:
    headless_display(SIZE)
    host = HeadlessHost(Settings(speed=Speed.INSTANT), SIZE)
    scene = TableScene(host, RULES, "solo")
    scene.step_budget = None
    host.stack.push(scene)
    for _ in range(200):
        host.stack.update(1 / 60)
        assert not isinstance(host.stack.top, PrivacyScene)
        if scene.obs is not None:
            break
    assert scene.obs is not None and HIDDEN not in scene.model.hands[0]
