"""Quick phrases at a network table: a chat button opens them, a click says one, the host can turn them off.

The host serves on 127.0.0.1 from a thread; our seat plays through the table scene and its network
overlay, a friend's seat through a second link, as two computers would.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.net.client.connection import NetClient
from game.net.client.thread import HostThread, NetLink
from game.net.host.server import HostServer
from game.net.host.table import NetTable
from game.net.wire import protocol as P
from game.net.wire.chat import PHRASES
from game.rules.loader import load_ruleset
from tests.net_rig import CODE, config, simple_factory
from tests.net_window_rig import two_seats, until
from tests.ui_host import FRAME, HeadlessHost
from ui.look.text import MIN_TEXT
from ui.settings.values import Settings, Speed
from ui.table.net_overlay import NetOverlay
from ui.table.net_session import NetSession
from ui.table.plates import plate_words
from ui.table.scene import TableScene

RULES = load_ruleset("guiyang-classic")


def _open(overlay: NetOverlay) -> bool:
    return overlay.chat_open


def _click(overlay: NetOverlay, pos: tuple[int, int]) -> None:
    overlay.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_chat_button_opens_the_phrases_and_a_click_says_one_at_our_plate(size: tuple[int, int]) -> None:
    with two_seats(chat=True, size=size) as (overlay, friend, host):
        button = overlay.chat_button()
        assert button is not None and pygame.Rect(0, 0, *size).contains(button)
        assert overlay.phrase_rects() and not _open(overlay)
        _click(overlay, button.center)
        assert _open(overlay)
        cells = overlay.phrase_rects()
        assert [p for p, _r in cells] == list(PHRASES)
        screen = pygame.Rect(0, 0, *size)
        for i, (_p, rect) in enumerate(cells):
            assert screen.contains(rect) and not rect.colliderect(button)
            assert not any(rect.colliderect(other) for _q, other in cells[i + 1 :]), "phrase buttons overlap"
        assert overlay.table.layout.font["body"] >= MIN_TEXT + 2  # the phrases' text is the table's body size
        nice = dict(cells)["nice"]
        _click(overlay, nice.center)
        assert not _open(overlay), "saying a phrase closes the phrases"
        session = overlay.session
        until(lambda: any(c[:2] == (0, "nice") for c in session.chat), lambda: host.stack.update(FRAME))
        got: list[P.ChatShown] = []
        until(lambda: bool(got), lambda: got.extend(m for m in friend.poll() if isinstance(m, P.ChatShown)))
        assert (got[0].seat, got[0].phrase) == (0, "nice"), "the friend sees it at our seat"
        assert session.errors == []


def test_a_click_beside_the_open_phrases_closes_them_and_reaches_nothing_else() -> None:
    with two_seats(chat=True) as (overlay, _friend, _host):
        button = overlay.chat_button()
        assert button is not None
        _click(overlay, button.center)
        seen: list[pygame.event.Event] = []
        overlay.table.handle_event = seen.append  # type: ignore[method-assign,assignment]
        _click(overlay, (10, 10))
        assert not _open(overlay) and seen == []
        _click(overlay, (10, 10))
        assert len(seen) == 1, "with the phrases closed, clicks go to the table"
        _click(overlay, button.center)
        overlay.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        assert not _open(overlay) and len(seen) == 1


def test_with_chat_turned_off_there_is_no_button_and_nothing_is_said() -> None:
    with two_seats(chat=False) as (overlay, friend, host):
        assert overlay.chat_button() is None and overlay.phrase_rects() == []
        seen: list[pygame.event.Event] = []
        overlay.table.handle_event = seen.append  # type: ignore[method-assign,assignment]
        w, h = host.stack.size
        _click(overlay, (w - 20, h - 20))  # where the button would be: the table gets the click
        assert not _open(overlay) and len(seen) == 1
        overlay.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
        time.sleep(0.3)
        overlay.session.pump()
        assert overlay.session.chat == [] and overlay.session.errors == []
        assert not any(isinstance(m, P.ChatShown) for m in friend.poll())


def test_the_network_tables_key_help_says_what_f1_does_there() -> None:
    """With chat on, F1-F8 say the quick phrases and the key help lists them (not F1's guide); with chat off, F1
    opens the guide as at one computer, and the help says so."""
    from ui.words import keys as K

    with two_seats(chat=True) as (overlay, _friend, _host):
        names = [k.name for k in overlay.key_help()]
        assert "chat" in names and "guide" not in names
    with two_seats(chat=False) as (overlay, _friend, host):
        assert overlay.key_help() == K.TABLE
        overlay.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
        assert type(host.stack.top).__name__ == "GuideScene"


def test_while_the_table_loads_no_seat_marks_float_where_the_plates_will_be() -> None:
    with two_seats(chat=True) as (overlay, _friend, host):
        size = host.stack.size
        table_only, with_marks = pygame.Surface(size), pygame.Surface(size)
        overlay.table.loading = True
        overlay.table.draw(table_only)
        overlay.draw(with_marks)
        for k in range(4):
            plate = overlay.table.layout.zones[f"plate{k}"]
            assert pygame.image.tobytes(table_only.subsurface(plate), "RGB") == pygame.image.tobytes(
                with_marks.subsurface(plate), "RGB"
            ), f"a mark was drawn on plate {k} while loading"
        overlay.table.loading = False
        overlay.draw(with_marks)
        overlay.table.draw(table_only)
        plate = overlay.table.layout.zones["plate1"]
        assert pygame.image.tobytes(table_only.subsurface(plate), "RGB") != pygame.image.tobytes(
            with_marks.subsurface(plate), "RGB"
        ), "the marks show once the table is up"


def test_a_seat_taken_mid_hand_is_told_the_ai_finishes_the_hand() -> None:
    """Issue rule: a person may take an empty seat at the start of the next hand; until then the table says so."""
    from ui.words.net import t

    table = NetTable(RULES, "next-hand", config(2, "human,human,ai,ai", auto_start=False), simple_factory)
    hosting = HostThread(HostServer(table, "127.0.0.1", 0, None, None, linger=0.05))
    port = hosting.start()
    assert port is not None, hosting.error
    url = f"ws://127.0.0.1:{port}"
    first = NetLink(NetClient(url, CODE, name="阿强", seat=0))  # sits and never moves: the hand stays in play
    first.start()
    late = NetLink(NetClient(url, CODE, name="小鸡", seat=1))
    try:
        until(lambda: first.welcome is not None, lambda: None)
        hosting.start_match()
        until(lambda: table.rnd is not None, lambda: None)
        late.start()
        session = NetSession(RULES, late, 1)
        until(
            lambda: session.in_hand and session.status is not None and session.status.seats[1].connected, session.pump
        )
        assert late.welcome is not None and late.welcome.takes_seat_next_hand
        host = HeadlessHost(Settings(speed=Speed.INSTANT), (1280, 720))
        overlay = NetOverlay(host, TableScene(host, RULES, "network", session=session), session)
        assert [text for text, _fill in overlay.notices()] == [t("seat_next_hand")]
    finally:
        first.close()
        late.close()
        hosting.stop()
        hosting.thread.join(5)


def test_claims_open_is_said_in_the_prompts_place_not_over_the_pond() -> None:
    import msgspec

    with two_seats(chat=True) as (overlay, _friend, host):
        session = overlay.session
        assert session.status is not None
        session.status = msgspec.structs.replace(session.status, claims=True, moving=[])
        overlay.update(0.0)
        overlay.table.message, overlay.table.buttons = "", []
        size = host.stack.size
        table_only, with_marks = pygame.Surface(size), pygame.Surface(size)
        overlay.table.draw(table_only)
        overlay.draw(with_marks)
        zones = overlay.table.layout.zones

        def same(rect: pygame.Rect) -> bool:
            return pygame.image.tobytes(table_only.subsurface(rect), "RGB") == pygame.image.tobytes(
                with_marks.subsurface(rect), "RGB"
            )

        assert same(zones["pond0"]), "the claims note covers the pond"
        assert not same(zones["prompt"]), "the claims note is in the prompt's place"


def test_each_plate_says_only_what_the_plate_itself_does_not() -> None:
    import msgspec

    from ui.words.net import t

    with two_seats(chat=True) as (overlay, _friend, _host):
        status = overlay.session.status
        assert status is not None
        status = msgspec.structs.replace(status, moving=[2], claims=False)
        marks = [overlay._mark(seat, info, status)[1] for seat, info in enumerate(status.seats)]
        assert marks[0] == "", "our own plate says 阿强·你, the dot says connected, the prompt says our move"
        ours = msgspec.structs.replace(status, moving=[0])
        assert overlay._mark(0, status.seats[0], ours)[1] == ""
        assert marks[1] == "", "the plate says 小鸡·下家 and the green dot that the friend is connected"
        assert marks[2] == t("mark_thinking") and marks[3] == "", "an AI seat's plate already says 电脑"
        gone = msgspec.structs.replace(status.seats[1], connected=False, ai_playing=True)
        empty = msgspec.structs.replace(status.seats[1], name="", taken=False, connected=False, ai_playing=True)
        assert overlay._mark(1, gone, status)[1] == f"{t('mark_offline')} · {t('mark_ai')}"
        assert overlay._mark(1, empty, status)[1] == t("mark_empty")
        overlay.update(FRAME)
        view = overlay.table.view()
        assert [plate_words(view, place) for place in range(4)] == [
            ("阿强", "·你"),
            ("小鸡", "·下家"),
            ("对家", "·电脑"),
            ("上家", "·电脑"),
        ], "the people's names are on their plates"
        size = overlay.table.layout.size
        overlay.draw(pygame.Surface(size))  # an AI seat's empty label draws (its dot alone)


def test_the_turn_clock_waits_for_the_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock over the compass is not drawn while the opening's dice tumble there, and is after."""
    with two_seats(chat=True) as (overlay, _friend, _host):
        size = overlay.table.layout.size
        compass = overlay.table.layout.zones["compass"]
        above = pygame.Rect(compass.left, compass.top - compass.height // 2, compass.width, compass.height // 2)

        def drawn(turn_left: float | None, dice: bool) -> bytes:
            monkeypatch.setattr(overlay.table.presenter, "dice_showing", lambda: dice)
            monkeypatch.setattr(overlay.session, "turn_left", lambda: turn_left)
            surface = pygame.Surface(size)
            overlay.draw(surface)
            return pygame.image.tobytes(surface.subsurface(above), "RGB")

        assert drawn(20.0, dice=True) == drawn(None, dice=True)
        assert drawn(20.0, dice=False) != drawn(None, dice=False)
